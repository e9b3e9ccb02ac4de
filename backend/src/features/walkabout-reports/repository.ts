/**
 * Reading generated reports, on-demand requests and what a building offers on demand, always within the
 * caller's buildings (plugins/authorization.ts). Which kinds of report a caller may see is decided here too
 * (spec inspection.md section 6), so that the list, the latest reports, the download and the e-mail agree.
 */
import { and, desc, eq, gte, inArray, isNotNull, isNull, lte, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { queryRows } from '../../db/raw';
import {
  buildings,
  cycles,
  generatedReports,
  onDemandReports,
  regions,
  reportBookletTemplates,
  reportDefinitions,
  walkabouts,
  type GeneratedReportKind,
} from '../../db/schema';
import type { Page } from '../../jsonapi/query';
import { buildingsInScope, type Scope } from '../../plugins/authorization';
import type { ReportType } from './schemas';

export const REPORT_TYPE_OF_KIND: Record<GeneratedReportKind, ReportType> = {
  walkabout: 'walkabout_reports',
  audit: 'walkabout_audit_reports',
  booklet: 'report_booklets',
  fire_watch: 'fire_watch_reports',
  adhoc: 'adhoc_reports',
};
export const KIND_OF_REPORT_TYPE = Object.fromEntries(Object.entries(REPORT_TYPE_OF_KIND).map(([k, t]) => [t, k])) as Record<ReportType, GeneratedReportKind>;
export const ALL_KINDS = Object.keys(REPORT_TYPE_OF_KIND) as GeneratedReportKind[];

/**
 * Who may see a kind of report (spec section 6): walkabout reports, booklets and reports made on demand with
 * canViewWalkaboutReports, audit reports with canViewWalkaboutAuditReports, fire watch reports with
 * canViewFireWatchReports. Administrators hold every flag.
 */
export function maySeeKind(scope: Pick<Scope, 'isAdmin' | 'permissions'>, kind: GeneratedReportKind): boolean {
  if (scope.isAdmin) return true;
  const p = scope.permissions;
  if (kind === 'audit') return p.canViewWalkaboutAuditReports;
  if (kind === 'fire_watch') return p.canViewFireWatchReports;
  return p.canViewWalkaboutReports;
}

/** The kinds narrowed by the report definitions and booklets of the caller's roles (Role form, 'Walkabout Report and Booklet Permissions'). */
const KINDS_BY_DEFINITION: readonly GeneratedReportKind[] = ['walkabout', 'booklet', 'adhoc'];

type ReportLimits = Pick<Scope, 'walkaboutReportDefinitionIds' | 'walkaboutReportBookletIds'>;

/** Whether the caller's roles let them see this report's definition or booklet (its kind is checked by maySeeKind). */
export function maySeeReport(scope: ReportLimits, report: Pick<ReportRow, 'kind' | 'reportDefinitionId' | 'bookletTemplateId'>): boolean {
  if (!KINDS_BY_DEFINITION.includes(report.kind)) return true;
  const definitions = scope.walkaboutReportDefinitionIds;
  const booklets = scope.walkaboutReportBookletIds;
  if (report.reportDefinitionId !== null && definitions !== null && !definitions.includes(report.reportDefinitionId)) return false;
  if (report.bookletTemplateId !== null && booklets !== null && !booklets.includes(report.bookletTemplateId)) return false;
  return true;
}

/** maySeeReport as a condition on generated_reports. */
function reportsOfCallerDefinitions(scope: ReportLimits): SQL | undefined {
  const definitions = scope.walkaboutReportDefinitionIds;
  const booklets = scope.walkaboutReportBookletIds;
  if (definitions === null && booklets === null) return undefined;
  const limited: SQL[] = [];
  if (definitions !== null) {
    limited.push(or(isNull(generatedReports.reportDefinitionId), definitions.length ? inArray(generatedReports.reportDefinitionId, definitions) : sql`false`)!);
  }
  if (booklets !== null) {
    limited.push(or(isNull(generatedReports.bookletTemplateId), booklets.length ? inArray(generatedReports.bookletTemplateId, booklets) : sql`false`)!);
  }
  return or(notInArray(generatedReports.kind, [...KINDS_BY_DEFINITION]), and(...limited));
}

/** The definitions (or booklets) among `rows` that the caller's roles let them see. */
export function ofCallerDefinitions<T extends { id: number }>(limit: number[] | null, rows: T[]): T[] {
  return limit === null ? rows : rows.filter((r) => limit.includes(r.id));
}

export type ReportBuilding = {
  id: number;
  name: string;
  organizationId: number;
  regionId: number | null;
  timeZone: string;
  /** The building form's toggles: the definitions and booklets switched on; null: every applicable one. */
  reportDefinitionIds: number[] | null;
  reportBookletTemplateIds: number[] | null;
};

export async function findBuilding(db: Database, scope: Scope, id: number): Promise<ReportBuilding | undefined> {
  const [row] = await db
    .select({
      id: buildings.id,
      name: buildings.name,
      organizationId: buildings.organizationId,
      regionId: buildings.regionId,
      timeZone: buildings.timeZone,
      reportDefinitionIds: buildings.reportDefinitionIds,
      reportBookletTemplateIds: buildings.reportBookletTemplateIds,
    })
    .from(buildings)
    .where(and(eq(buildings.id, id), buildingsInScope(scope)));
  return row;
}

export type ReportRow = typeof generatedReports.$inferSelect & { cycleName: string | null; buildingName: string };

const reportColumns = { report: generatedReports, cycleName: cycles.name, buildingName: buildings.name };
const toRow = (r: { report: typeof generatedReports.$inferSelect; cycleName: string | null; buildingName: string }): ReportRow => ({
  ...r.report,
  cycleName: r.cycleName,
  buildingName: r.buildingName,
});

/** Reports that have a PDF to give: a report being made again keeps serving its previous PDF meanwhile. */
const hasPdf = isNotNull(generatedReports.uploadKey);
/** The newest first: by the lock (completed reports), else by when it was made. */
const newestFirst = [desc(sql`coalesce(${generatedReports.lockedAt}, ${generatedReports.generatedAt}, ${generatedReports.createdAt})`), desc(generatedReports.id)];

export type ReportFilters = {
  kinds: GeneratedReportKind[];
  /** true: interim reports only; false: completed only; undefined: both. */
  interim?: boolean;
  /** Reports whose period meets [from, to] (local dates, both included). */
  period?: { from: string; to: string };
};

export async function listReports(db: Database, scope: ReportLimits, buildingId: number, filters: ReportFilters, page: Page) {
  const conditions: SQL[] = [eq(generatedReports.buildingId, buildingId), hasPdf, inArray(generatedReports.kind, filters.kinds.length ? filters.kinds : ['none' as GeneratedReportKind])];
  const ofDefinitions = reportsOfCallerDefinitions(scope);
  if (ofDefinitions) conditions.push(ofDefinitions);
  if (filters.interim !== undefined) conditions.push(eq(generatedReports.isInterim, filters.interim));
  if (filters.period) {
    const start = sql`coalesce(${generatedReports.startDate}, ${generatedReports.endDate})`;
    const end = sql`coalesce(${generatedReports.endDate}, ${generatedReports.startDate})`;
    conditions.push(lte(start, filters.period.to), gte(end, filters.period.from));
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select(reportColumns)
      .from(generatedReports)
      .innerJoin(buildings, eq(buildings.id, generatedReports.buildingId))
      .leftJoin(cycles, eq(cycles.id, generatedReports.cycleId))
      .where(where)
      .orderBy(...newestFirst)
      .limit(page.size)
      .offset(page.offset),
    db.select({ value: sql<number>`count(*)::int` }).from(generatedReports).where(where),
  ]);
  return { rows: rows.map(toRow), total: total?.value ?? 0 };
}

/** The latest completed report of each kind and report definition or booklet of a building, among `kinds`. */
export async function latestReports(db: Database, scope: ReportLimits, buildingId: number, kinds: GeneratedReportKind[]): Promise<ReportRow[]> {
  return latestReportsOf(db, scope, [buildingId], kinds);
}

/** The latest reports of several buildings at once (the gateway's batched Building.latestWalkaboutReports). */
export async function latestReportsOf(db: Database, scope: ReportLimits, buildingIds: number[], kinds: GeneratedReportKind[]): Promise<ReportRow[]> {
  if (!kinds.length || !buildingIds.length) return [];
  const rows = await db
    .selectDistinctOn([generatedReports.buildingId, generatedReports.kind, generatedReports.reportDefinitionId, generatedReports.bookletTemplateId], reportColumns)
    .from(generatedReports)
    .innerJoin(buildings, eq(buildings.id, generatedReports.buildingId))
    .leftJoin(cycles, eq(cycles.id, generatedReports.cycleId))
    .where(
      and(
        inArray(generatedReports.buildingId, buildingIds),
        hasPdf,
        eq(generatedReports.isInterim, false),
        inArray(generatedReports.kind, kinds),
        reportsOfCallerDefinitions(scope),
      ),
    )
    .orderBy(generatedReports.buildingId, generatedReports.kind, generatedReports.reportDefinitionId, generatedReports.bookletTemplateId, ...newestFirst);
  return rows.map(toRow);
}

/** Which of these buildings the caller may see. */
export async function buildingIdsInScope(db: Database, scope: Scope, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  // Buildings whose contract is not accepted have no reports to show (the contract gate, inspection.md section 2).
  const rows = await db
    .select({ id: buildings.id })
    .from(buildings)
    .where(and(inArray(buildings.id, ids), buildingsInScope(scope), isNotNull(buildings.contractAcceptedAt)));
  return rows.map((r) => r.id);
}

/** One report of the caller's buildings and report definitions (its kind: the caller's permission for it is checked by the route). */
export async function findReport(db: Database, scope: Scope, id: number): Promise<ReportRow | undefined> {
  const [row] = await db
    .select(reportColumns)
    .from(generatedReports)
    .innerJoin(buildings, eq(buildings.id, generatedReports.buildingId))
    .leftJoin(cycles, eq(cycles.id, generatedReports.cycleId))
    .where(and(eq(generatedReports.id, id), buildingsInScope(scope), reportsOfCallerDefinitions(scope)));
  return row ? toRow(row) : undefined;
}

/** A report by id, whoever asks (the jobs: automatic e-mails). */
export async function reportById(db: Database, id: number): Promise<ReportRow | undefined> {
  const [row] = await db
    .select(reportColumns)
    .from(generatedReports)
    .innerJoin(buildings, eq(buildings.id, generatedReports.buildingId))
    .leftJoin(cycles, eq(cycles.id, generatedReports.cycleId))
    .where(eq(generatedReports.id, id));
  return row ? toRow(row) : undefined;
}

export type OnDemandRow = typeof onDemandReports.$inferSelect & { report: typeof generatedReports.$inferSelect | null };

export async function findOnDemandReport(db: Database, scope: Scope, identificator: string): Promise<OnDemandRow | undefined> {
  const [row] = await db
    .select({ request: onDemandReports, report: generatedReports })
    .from(onDemandReports)
    .innerJoin(buildings, eq(buildings.id, onDemandReports.buildingId))
    .leftJoin(generatedReports, eq(generatedReports.id, onDemandReports.generatedReportId))
    .where(and(eq(onDemandReports.identificator, identificator), buildingsInScope(scope)));
  return row ? { ...row.request, report: row.report } : undefined;
}

/** The regions a building's definitions and booklets may be attached to: its region and every region above it. */
async function regionLine(db: Database, building: ReportBuilding): Promise<number[]> {
  if (building.regionId === null) return [];
  const all = await db.select({ id: regions.id, parentId: regions.parentId }).from(regions).where(eq(regions.organizationId, building.organizationId));
  const parent = new Map(all.map((r) => [r.id, r.parentId]));
  const line: number[] = [];
  for (let id: number | null | undefined = building.regionId; id != null && !line.includes(id); id = parent.get(id)) line.push(id);
  return line;
}

/**
 * The definitions (or booklets) that apply to a building: the organization's own (no region, no building), those
 * of its region or a region above it, and its own; of those, the ones its form switched on (all while never saved).
 */
function appliesTo(table: typeof reportDefinitions | typeof reportBookletTemplates, building: ReportBuilding, line: number[]): SQL {
  const switchedOn = table === reportDefinitions ? building.reportDefinitionIds : building.reportBookletTemplateIds;
  return and(
    eq(table.organizationId, building.organizationId),
    switchedOn === null ? undefined : inArray(table.id, switchedOn.length ? switchedOn : [-1]),
    or(
      eq(table.buildingId, building.id),
      and(sql`${table.buildingId} is null`, or(sql`${table.regionId} is null`, line.length ? inArray(table.regionId, line) : sql`false`)),
    ),
  )!;
}

export async function applicableDefinitions(db: Database, building: ReportBuilding) {
  const line = await regionLine(db, building);
  return db.select().from(reportDefinitions).where(appliesTo(reportDefinitions, building, line)).orderBy(reportDefinitions.name, reportDefinitions.id);
}

export async function applicableBooklets(db: Database, building: ReportBuilding) {
  const line = await regionLine(db, building);
  return db
    .select({ booklet: reportBookletTemplates, cycleId: reportDefinitions.cycleId })
    .from(reportBookletTemplates)
    .leftJoin(reportDefinitions, eq(reportDefinitions.id, reportBookletTemplates.primaryReportDefinitionId))
    .where(appliesTo(reportBookletTemplates, building, line))
    .orderBy(reportBookletTemplates.name, reportBookletTemplates.id);
}

/** How far back the on-demand screen offers walkabouts: a year of dailies at most. */
export const ON_DEMAND_WALKABOUT_DAYS = 366;

export type BuildingDataWalkabout = {
  id: number;
  cycleId: number;
  date: string;
  endDate: string | null;
  lockedAt: Date | null;
  inspectors: string[];
};

/** The building's walkabouts opened within the last year (newest first), with who scanned or locked them. */
export async function recentWalkabouts(db: Database, buildingId: number, now = new Date()): Promise<BuildingDataWalkabout[]> {
  const since = new Date(now.getTime() - ON_DEMAND_WALKABOUT_DAYS * 86_400_000);
  const rows = await queryRows<{ id: number; cycle_id: number; date: string; end_date: string | null; locked_at: string | Date | null; inspectors: string[] | null }>(
    db,
    sql`select w.id, w.cycle_id, w.date::text as date, w.end_date::text as end_date, w.locked_at,
          (select array_agg(distinct coalesce(nullif(trim(concat_ws(' ', u.firstname, u.lastname)), ''), u.username))
             from users u
            where u.id in (select s.user_id from scans s where s.walkabout_id = w.id) or u.id = w.locked_by) as inspectors
        from ${walkabouts} w
       where w.building_id = ${buildingId} and w.opened_at <= ${now.toISOString()} and w.opened_at >= ${since.toISOString()}
       order by w.opened_at desc, w.id desc`,
  );
  return rows.map((r) => ({
    id: r.id,
    cycleId: r.cycle_id,
    date: r.date,
    endDate: r.end_date,
    lockedAt: r.locked_at === null ? null : new Date(r.locked_at),
    inspectors: [...(r.inspectors ?? [])].sort(),
  }));
}

export async function organizationCycles(db: Database, organizationId: number) {
  return db
    .select({ id: cycles.id, name: cycles.name, abbreviation: cycles.abbreviation, frequency: cycles.frequency })
    .from(cycles)
    .where(eq(cycles.organizationId, organizationId))
    .orderBy(cycles.name, cycles.id);
}
