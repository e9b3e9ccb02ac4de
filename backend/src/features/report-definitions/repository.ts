/**
 * Report definitions and booklet templates (admin-people-schedules.md sections 3-7): the lists the building form and
 * the administration screens read, one record, adding and editing them, and the equipment pick lists of a cycle.
 * Each belongs to an organization; a region user sees their region's subtree and the organization-wide ones (and
 * those of their buildings). Every edit raises the version; an edit naming an older one is refused with 409 STALE.
 */
import { STALE_EDIT_MESSAGE } from '@fsi/shared';
import { BOOKLET_PRIMARY_NOT_IN_REPORTS_MESSAGE, BOOKLET_REPORTS_REQUIRED_MESSAGE, canAddReports, canEditTemplateName, canUpdateReports, isReportSectionDetail, NOT_ALLOWED_TO_ADD_BOOKLETS_MESSAGE, NOT_ALLOWED_TO_ADD_REPORTS_MESSAGE, NOT_ALLOWED_TO_UPDATE_BOOKLETS_MESSAGE, NOT_ALLOWED_TO_UPDATE_REPORTS_MESSAGE, REPORT_CYCLE_FIXED_MESSAGE, REPORT_CYCLE_NOT_IN_ORGANIZATION_MESSAGE, REPORT_NAME_TAKEN_DETAIL, REPORT_NOT_IN_ORGANIZATION_MESSAGE, REPORT_REGION_NOT_IN_SCOPE_MESSAGE, REPORT_SECTION_EQUIPMENT_MESSAGE, REPORT_SECTIONS_REQUIRED_MESSAGE, REPORT_TEMPLATE_NAME_ADMIN_ONLY_MESSAGE, reportSectionDetailMessage, validatePreviousWalkaboutsCount, validateReportName } from '@fsi/shared/report-administration';
import { and, asc, count, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  buildings,
  cycles,
  equipmentTypes,
  organizations,
  regions,
  reportBookletTemplates,
  reportDefinitions,
  taskGroups,
  tasks,
  users,
  type ReportDefinitionSection,
} from '../../db/schema';
import { FieldErrors, forbidden, HttpError, notFound, type FieldError } from '../../jsonapi/errors';
import type { Page } from '../../jsonapi/query';
import { buildingsInScope, regionSubtree, usersInScope, type Scope } from '../../plugins/authorization';

export type ReportListFilters = {
  ids?: number[];
  organizationIds?: number[];
  active?: boolean;
  /** null: those with no region; ids: those of these regions. */
  regionIds?: number[] | null;
  /** Those that apply to this user's region. */
  userId?: number;
};

type Table = typeof reportDefinitions | typeof reportBookletTemplates;

const nothing = sql`false`;
const idsIn = (column: Parameters<typeof inArray>[0], ids: readonly number[]) => (ids.length ? inArray(column, [...ids]) : nothing);

/**
 * What a caller sees: administrators every one; others their organization's, and a region user only the
 * organization-wide ones, their region subtree's and those of buildings in their scope.
 */
function visibleTo(table: Table, scope: Scope, db: Database): SQL {
  if (scope.isAdmin) return sql`true`;
  if (scope.organizationId === null) return nothing;
  const organization = eq(table.organizationId, scope.organizationId);
  if (!scope.regionIds) return organization;
  return and(
    organization,
    or(
      and(isNull(table.regionId), isNull(table.buildingId)),
      idsIn(table.regionId, scope.regionIds),
      inArray(table.buildingId, db.select({ id: buildings.id }).from(buildings).where(buildingsInScope(scope))),
    ),
  )!;
}

async function conditionsOf(db: Database, table: Table, scope: Scope, filters: ReportListFilters): Promise<SQL> {
  const conditions: SQL[] = [visibleTo(table, scope, db)];
  if (filters.ids) conditions.push(idsIn(table.id, filters.ids));
  if (filters.organizationIds) conditions.push(idsIn(table.organizationId, filters.organizationIds));
  if (filters.active !== undefined) conditions.push(eq(table.isActive, filters.active));
  if (filters.regionIds === null) conditions.push(isNull(table.regionId));
  else if (filters.regionIds) conditions.push(idsIn(table.regionId, filters.regionIds));
  if (filters.userId !== undefined) conditions.push(await applyingToUser(db, table, scope, filters.userId));
  return and(...conditions)!;
}

/** filter[userId]: the organization's for a user with no region; with a region, the organization-wide ones and their subtree's. */
async function applyingToUser(db: Database, table: Table, scope: Scope, userId: number): Promise<SQL> {
  const [user] = await db
    .select({ organizationId: users.organizationId, regionId: users.regionId })
    .from(users)
    .where(and(eq(users.id, userId), usersInScope(scope)));
  if (!user || user.organizationId === null) return nothing;
  const organization = eq(table.organizationId, user.organizationId);
  if (user.regionId === null) return organization;
  const tree = await db.select({ id: regions.id, parentId: regions.parentId }).from(regions).where(eq(regions.organizationId, user.organizationId));
  return and(organization, or(isNull(table.regionId), idsIn(table.regionId, regionSubtree(tree, user.regionId))))!;
}

/** The buildings it is attached to or that switched it on in their form, by name (those the caller may see). */
function buildingNamesColumn(table: Table, scope: Scope) {
  const listColumn = table === reportDefinitions ? sql.raw('report_definition_ids') : sql.raw('report_booklet_template_ids');
  const tableName = table === reportDefinitions ? sql.raw('"report_definitions"') : sql.raw('"report_booklet_templates"');
  const regionLimit = !scope.isAdmin && scope.regionIds ? sql` and nb.region_id in (${sql.join(scope.regionIds.length ? scope.regionIds.map((id) => sql`${id}`) : [sql`null`], sql`, `)})` : sql``;
  return sql`(select coalesce(json_agg(nb.name order by nb.name, nb.id), '[]'::json) from ${buildings} nb
    where nb.organization_id = ${tableName}.organization_id
      and (nb.id = ${tableName}.building_id or ${tableName}.id = any(coalesce(nb.${listColumn}, '{}'::integer[])))${regionLimit})`.mapWith((v: unknown) =>
    (typeof v === 'string' ? JSON.parse(v) : v) as string[],
  );
}

const scopeColumns = {
  organizationName: organizations.name,
  regionName: regions.name,
  buildingName: buildings.name,
  total: sql<number>`(count(*) over ())::int`,
};

export async function listReportDefinitions(db: Database, scope: Scope, filters: ReportListFilters, page: Page) {
  const where = await conditionsOf(db, reportDefinitions, scope, filters);
  const rows = await db
    .select({ definition: reportDefinitions, cycleName: cycles.name, cycleFrequency: cycles.frequency, buildingNames: buildingNamesColumn(reportDefinitions, scope), ...scopeColumns })
    .from(reportDefinitions)
    .innerJoin(organizations, eq(organizations.id, reportDefinitions.organizationId))
    .innerJoin(cycles, eq(cycles.id, reportDefinitions.cycleId))
    .leftJoin(regions, eq(regions.id, reportDefinitions.regionId))
    .leftJoin(buildings, eq(buildings.id, reportDefinitions.buildingId))
    .where(where)
    .orderBy(asc(reportDefinitions.name), asc(reportDefinitions.id))
    .limit(page.size)
    .offset(page.offset);
  return { rows, total: rows[0]?.total ?? (page.offset ? await countOf(db, reportDefinitions, where) : 0) };
}

/** A page past the end has no row to carry the total: count apart. */
async function countOf(db: Database, table: Table, where: SQL): Promise<number> {
  const [row] = await db.select({ value: count() }).from(table).where(where);
  return row?.value ?? 0;
}

export async function listReportBookletTemplates(db: Database, scope: Scope, filters: ReportListFilters, page: Page) {
  const where = await conditionsOf(db, reportBookletTemplates, scope, filters);
  const rows = await db
    .select({ template: reportBookletTemplates, buildingNames: buildingNamesColumn(reportBookletTemplates, scope), ...scopeColumns })
    .from(reportBookletTemplates)
    .innerJoin(organizations, eq(organizations.id, reportBookletTemplates.organizationId))
    .leftJoin(regions, eq(regions.id, reportBookletTemplates.regionId))
    .leftJoin(buildings, eq(buildings.id, reportBookletTemplates.buildingId))
    .where(where)
    .orderBy(asc(reportBookletTemplates.name), asc(reportBookletTemplates.id))
    .limit(page.size)
    .offset(page.offset);
  return { rows, total: rows[0]?.total ?? (page.offset ? await countOf(db, reportBookletTemplates, where) : 0) };
}

// ---- writes ---------------------------------------------------------------------------------

const pointer = (name: string) => `/data/attributes/${name}`;
const relationshipPointer = (name: string) => `/data/relationships/${name}/data`;

type SectionInput = {
  equipmentId?: number | null;
  detail: string;
  title?: string | null;
  includeMetadata?: boolean | null;
  pageBreakAfter?: boolean | null;
  applicableEquipmentConditionIds?: number[] | null;
  applicableEquipmentIds?: number[] | null;
  applicableGroupNames?: string[] | null;
};

export type DefinitionInput = {
  name?: string | null;
  previousWalkaboutsCount?: number;
  sections?: SectionInput[];
  templateName?: string;
  generateReport?: boolean;
  isActive?: boolean;
  version?: number;
};

type Ref = { id: string | number } | null;
export type DefinitionRelationships = { organization?: { data: Ref }; cycle?: { data: Ref }; region?: { data: Ref }; building?: { data: Ref } };

const refId = (r: { data: Ref } | undefined): number | null | undefined => (r === undefined ? undefined : r.data === null ? null : Number(r.data.id));

/** The organization of a new record: the caller's (an administrator names one). */
async function organizationOf(db: Database, scope: Scope, named: number | null | undefined): Promise<number> {
  if (!scope.isAdmin) {
    if (scope.organizationId === null) throw forbidden();
    if (named != null && named !== scope.organizationId) throw notFound('Organization');
    return scope.organizationId;
  }
  if (named == null) throw new FieldErrors([{ pointer: relationshipPointer('organization'), detail: 'The organization is required.' }]);
  const [row] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, named));
  if (!row) throw notFound('Organization');
  return row.id;
}

/** A region of the organization that the caller may see (a region user: one of their subtree; the organization level is not theirs). */
async function regionProblem(db: Database, scope: Scope, organizationId: number, regionId: number | null): Promise<string | null> {
  if (regionId === null) return !scope.isAdmin && scope.regionIds ? REPORT_REGION_NOT_IN_SCOPE_MESSAGE : null;
  const [row] = await db.select({ id: regions.id }).from(regions).where(and(eq(regions.id, regionId), eq(regions.organizationId, organizationId)));
  if (!row || (!scope.isAdmin && scope.regionIds && !scope.regionIds.includes(regionId))) return REPORT_REGION_NOT_IN_SCOPE_MESSAGE;
  return null;
}

async function nameTaken(db: Database, table: Table, organizationId: number, name: string, exceptId?: number): Promise<boolean> {
  const conditions = [eq(table.organizationId, organizationId), sql`lower(${table.name}) = lower(${name})`];
  if (exceptId !== undefined) conditions.push(ne(table.id, exceptId));
  const [row] = await db.select({ id: table.id }).from(table).where(and(...conditions)).limit(1);
  return Boolean(row);
}

/** The sections as the report generation reads them (ReportDefinitionSection), each problem at its pointer. */
async function sectionsOf(db: Database, organizationId: number, input: SectionInput[], errors: FieldError[]): Promise<ReportDefinitionSection[]> {
  if (!input.length) errors.push({ pointer: pointer('sections'), detail: REPORT_SECTIONS_REQUIRED_MESSAGE });
  const named = [...new Set(input.flatMap((s) => [...(s.equipmentId != null ? [s.equipmentId] : []), ...(s.applicableEquipmentIds ?? [])]))];
  const known = new Set(
    named.length
      ? (await db.select({ id: equipmentTypes.id }).from(equipmentTypes).where(and(eq(equipmentTypes.organizationId, organizationId), inArray(equipmentTypes.id, named)))).map((r) => r.id)
      : [],
  );
  return input.map((s, index) => {
    if (!isReportSectionDetail(s.detail)) errors.push({ pointer: `${pointer('sections')}/${index}/detail`, detail: reportSectionDetailMessage });
    if (s.equipmentId != null && !known.has(s.equipmentId)) errors.push({ pointer: `${pointer('sections')}/${index}/equipmentId`, detail: REPORT_SECTION_EQUIPMENT_MESSAGE });
    if ((s.applicableEquipmentIds ?? []).some((id) => !known.has(id))) {
      errors.push({ pointer: `${pointer('sections')}/${index}/applicableEquipmentIds`, detail: REPORT_SECTION_EQUIPMENT_MESSAGE });
    }
    return {
      equipmentId: s.equipmentId ?? null,
      detail: s.detail as ReportDefinitionSection['detail'],
      title: s.title ?? '',
      includeMetadata: s.includeMetadata ?? null,
      pageBreakAfter: s.pageBreakAfter ?? true,
      applicableEquipmentConditionIds: s.applicableEquipmentConditionIds === undefined ? null : s.applicableEquipmentConditionIds && [...new Set(s.applicableEquipmentConditionIds)],
      applicableEquipmentIds: [...new Set(s.applicableEquipmentIds ?? [])],
      applicableGroupNames: [...new Set(s.applicableGroupNames ?? [])],
    };
  });
}

function templateNameProblem(scope: Scope, templateName: string | undefined, current: string): FieldError | null {
  if (templateName === undefined || templateName === current || canEditTemplateName(scope.isAdmin)) return null;
  return { pointer: pointer('templateName'), detail: REPORT_TEMPLATE_NAME_ADMIN_ONLY_MESSAGE };
}

function stale(): HttpError {
  return new HttpError(409, STALE_EDIT_MESSAGE, { pointer: pointer('version') }, 'STALE');
}

/** POST /report-definitions: answers the new id. */
export async function createReportDefinition(db: Database, scope: Scope, input: DefinitionInput, relationships: DefinitionRelationships): Promise<number> {
  if (!canAddReports(scope.isAdmin, scope.permissions)) throw forbidden(NOT_ALLOWED_TO_ADD_REPORTS_MESSAGE);
  const organizationId = await organizationOf(db, scope, refId(relationships.organization));
  const errors: FieldError[] = [];
  const nameProblem = validateReportName(input.name);
  if (nameProblem) errors.push({ pointer: pointer('name'), detail: nameProblem });
  const cycleId = refId(relationships.cycle);
  const [cycle] = cycleId ? await db.select().from(cycles).where(and(eq(cycles.id, cycleId), eq(cycles.organizationId, organizationId))) : [];
  if (!cycle) errors.push({ pointer: relationshipPointer('cycle'), detail: REPORT_CYCLE_NOT_IN_ORGANIZATION_MESSAGE });
  const regionId = refId(relationships.region) ?? null;
  const regionError = await regionProblem(db, scope, organizationId, regionId);
  if (regionError) errors.push({ pointer: relationshipPointer('region'), detail: regionError });
  const count = input.previousWalkaboutsCount ?? 0;
  const countProblem = cycle ? validatePreviousWalkaboutsCount(count, cycle.frequency) : null;
  if (countProblem) errors.push({ pointer: pointer('previousWalkaboutsCount'), detail: countProblem });
  const template = templateNameProblem(scope, input.templateName, 'default');
  if (template) errors.push(template);
  const sections = await sectionsOf(db, organizationId, input.sections ?? [], errors);
  if (!nameProblem && (await nameTaken(db, reportDefinitions, organizationId, input.name!.trim()))) errors.push({ pointer: pointer('name'), detail: REPORT_NAME_TAKEN_DETAIL });
  if (errors.length) throw new FieldErrors(errors);
  const [row] = await db
    .insert(reportDefinitions)
    .values({
      organizationId,
      regionId,
      cycleId: cycle!.id,
      name: input.name!.trim(),
      templateName: input.templateName?.trim() || 'default',
      previousWalkaboutsCount: count,
      sections,
      generateReport: input.generateReport ?? true,
      isActive: input.isActive ?? true,
    })
    .returning({ id: reportDefinitions.id });
  return row!.id;
}

/** PATCH /report-definitions/{id}: answers its id. */
export async function updateReportDefinition(db: Database, scope: Scope, id: number, input: DefinitionInput, relationships: DefinitionRelationships = {}): Promise<number> {
  const [current] = await db.select().from(reportDefinitions).where(and(eq(reportDefinitions.id, id), visibleTo(reportDefinitions, scope, db)));
  if (!current) throw notFound('Report definition');
  if (!canUpdateReports(scope.isAdmin, scope.permissions)) throw forbidden(NOT_ALLOWED_TO_UPDATE_REPORTS_MESSAGE);
  const errors: FieldError[] = [];
  const next: Partial<typeof reportDefinitions.$inferInsert> = {};
  if (input.name !== undefined) {
    const nameProblem = validateReportName(input.name);
    if (nameProblem) errors.push({ pointer: pointer('name'), detail: nameProblem });
    else if (await nameTaken(db, reportDefinitions, current.organizationId, input.name!.trim(), id)) errors.push({ pointer: pointer('name'), detail: REPORT_NAME_TAKEN_DETAIL });
    else next.name = input.name!.trim();
  }
  const cycleId = refId(relationships.cycle);
  if (cycleId != null && cycleId !== current.cycleId) errors.push({ pointer: relationshipPointer('cycle'), detail: REPORT_CYCLE_FIXED_MESSAGE });
  const regionId = refId(relationships.region);
  if (regionId !== undefined && regionId !== current.regionId) {
    const regionError = await regionProblem(db, scope, current.organizationId, regionId);
    if (regionError) errors.push({ pointer: relationshipPointer('region'), detail: regionError });
    else next.regionId = regionId;
  }
  const buildingId = refId(relationships.building);
  if (buildingId !== undefined && buildingId !== current.buildingId) {
    const [building] =
      buildingId === null ? [{ id: null }] : await db.select({ id: buildings.id }).from(buildings).where(and(eq(buildings.id, buildingId), eq(buildings.organizationId, current.organizationId), buildingsInScope(scope)));
    if (!building) errors.push({ pointer: relationshipPointer('building'), detail: 'The building must be one of the organization’s buildings you can see.' });
    else next.buildingId = building.id;
  }
  if (input.previousWalkaboutsCount !== undefined) {
    const [cycle] = await db.select({ frequency: cycles.frequency }).from(cycles).where(eq(cycles.id, current.cycleId));
    const countProblem = validatePreviousWalkaboutsCount(input.previousWalkaboutsCount, cycle?.frequency);
    if (countProblem) errors.push({ pointer: pointer('previousWalkaboutsCount'), detail: countProblem });
    else next.previousWalkaboutsCount = input.previousWalkaboutsCount;
  }
  const template = templateNameProblem(scope, input.templateName, current.templateName);
  if (template) errors.push(template);
  else if (input.templateName !== undefined) next.templateName = input.templateName.trim() || 'default';
  if (input.sections !== undefined) next.sections = await sectionsOf(db, current.organizationId, input.sections, errors);
  if (input.generateReport !== undefined) next.generateReport = input.generateReport;
  if (input.isActive !== undefined) next.isActive = input.isActive;
  if (errors.length) throw new FieldErrors(errors);
  const conditions = [eq(reportDefinitions.id, id)];
  if (input.version !== undefined) conditions.push(eq(reportDefinitions.version, input.version));
  const [updated] = await db
    .update(reportDefinitions)
    .set({ ...next, version: sql`${reportDefinitions.version} + 1` })
    .where(and(...conditions))
    .returning({ id: reportDefinitions.id });
  if (!updated) throw stale();
  return id;
}

/** displayType: default or consolidated (the route's schema refuses another). */
export type BookletInput = { name?: string | null; templateName?: string; displayType?: string; isActive?: boolean; version?: number };
export type BookletRelationships = {
  organization?: { data: Ref };
  reportDefinitions?: { data: Array<{ id: string | number }> };
  primaryReportDefinition?: { data: Ref };
  region?: { data: Ref };
};

/** The booklet's reports and primary: at least one report, each of the organization, the primary one of them. */
async function bookletReportsOf(db: Database, organizationId: number, reportIds: number[], primaryId: number | null, errors: FieldError[]) {
  const unique = [...new Set(reportIds)];
  if (!unique.length) errors.push({ pointer: relationshipPointer('reportDefinitions'), detail: BOOKLET_REPORTS_REQUIRED_MESSAGE });
  else {
    const known = await db
      .select({ id: reportDefinitions.id })
      .from(reportDefinitions)
      .where(and(eq(reportDefinitions.organizationId, organizationId), inArray(reportDefinitions.id, unique)));
    if (known.length !== unique.length) errors.push({ pointer: relationshipPointer('reportDefinitions'), detail: REPORT_NOT_IN_ORGANIZATION_MESSAGE });
  }
  if (primaryId !== null && !unique.includes(primaryId)) errors.push({ pointer: relationshipPointer('primaryReportDefinition'), detail: BOOKLET_PRIMARY_NOT_IN_REPORTS_MESSAGE });
  return { reportDefinitionIds: unique, primaryReportDefinitionId: primaryId ?? unique[0] ?? null };
}

/** POST /report-booklet-templates: answers the new id. */
export async function createReportBookletTemplate(db: Database, scope: Scope, input: BookletInput, relationships: BookletRelationships): Promise<number> {
  if (!canAddReports(scope.isAdmin, scope.permissions)) throw forbidden(NOT_ALLOWED_TO_ADD_BOOKLETS_MESSAGE);
  const organizationId = await organizationOf(db, scope, refId(relationships.organization));
  const errors: FieldError[] = [];
  const nameProblem = validateReportName(input.name);
  if (nameProblem) errors.push({ pointer: pointer('name'), detail: nameProblem });
  else if (await nameTaken(db, reportBookletTemplates, organizationId, input.name!.trim())) errors.push({ pointer: pointer('name'), detail: REPORT_NAME_TAKEN_DETAIL });
  const regionId = refId(relationships.region) ?? null;
  const regionError = await regionProblem(db, scope, organizationId, regionId);
  if (regionError) errors.push({ pointer: relationshipPointer('region'), detail: regionError });
  const template = templateNameProblem(scope, input.templateName, 'default');
  if (template) errors.push(template);
  const reports = await bookletReportsOf(
    db,
    organizationId,
    (relationships.reportDefinitions?.data ?? []).map((r) => Number(r.id)),
    refId(relationships.primaryReportDefinition) ?? null,
    errors,
  );
  if (errors.length) throw new FieldErrors(errors);
  const [row] = await db
    .insert(reportBookletTemplates)
    .values({
      organizationId,
      regionId,
      name: input.name!.trim(),
      templateName: input.templateName?.trim() || 'default',
      displayType: input.displayType === 'consolidated' ? 'consolidated' : 'default',
      isActive: input.isActive ?? true,
      ...reports,
    })
    .returning({ id: reportBookletTemplates.id });
  return row!.id;
}

/** PATCH /report-booklet-templates/{id}: answers its id. */
export async function updateReportBookletTemplate(db: Database, scope: Scope, id: number, input: BookletInput, relationships: BookletRelationships = {}): Promise<number> {
  const [current] = await db.select().from(reportBookletTemplates).where(and(eq(reportBookletTemplates.id, id), visibleTo(reportBookletTemplates, scope, db)));
  if (!current) throw notFound('Report booklet template');
  if (!canUpdateReports(scope.isAdmin, scope.permissions)) throw forbidden(NOT_ALLOWED_TO_UPDATE_BOOKLETS_MESSAGE);
  const errors: FieldError[] = [];
  const next: Partial<typeof reportBookletTemplates.$inferInsert> = {};
  if (input.name !== undefined) {
    const nameProblem = validateReportName(input.name);
    if (nameProblem) errors.push({ pointer: pointer('name'), detail: nameProblem });
    else if (await nameTaken(db, reportBookletTemplates, current.organizationId, input.name!.trim(), id)) errors.push({ pointer: pointer('name'), detail: REPORT_NAME_TAKEN_DETAIL });
    else next.name = input.name!.trim();
  }
  const template = templateNameProblem(scope, input.templateName, current.templateName);
  if (template) errors.push(template);
  else if (input.templateName !== undefined) next.templateName = input.templateName.trim() || 'default';
  if (input.displayType !== undefined) next.displayType = input.displayType === 'consolidated' ? 'consolidated' : 'default';
  if (input.isActive !== undefined) next.isActive = input.isActive;
  const regionId = refId(relationships.region);
  if (regionId !== undefined && regionId !== current.regionId) {
    const regionError = await regionProblem(db, scope, current.organizationId, regionId);
    if (regionError) errors.push({ pointer: relationshipPointer('region'), detail: regionError });
    else next.regionId = regionId;
  }
  if (relationships.reportDefinitions !== undefined || relationships.primaryReportDefinition !== undefined) {
    const reportIds = relationships.reportDefinitions ? relationships.reportDefinitions.data.map((r) => Number(r.id)) : current.reportDefinitionIds;
    const primary = relationships.primaryReportDefinition !== undefined ? refId(relationships.primaryReportDefinition)! : current.primaryReportDefinitionId;
    const keptPrimary = relationships.primaryReportDefinition === undefined && primary !== null && !reportIds.includes(primary) ? null : primary;
    Object.assign(next, await bookletReportsOf(db, current.organizationId, reportIds, keptPrimary, errors));
  }
  if (errors.length) throw new FieldErrors(errors);
  const conditions = [eq(reportBookletTemplates.id, id)];
  if (input.version !== undefined) conditions.push(eq(reportBookletTemplates.version, input.version));
  const [updated] = await db
    .update(reportBookletTemplates)
    .set({ ...next, version: sql`${reportBookletTemplates.version} + 1` })
    .where(and(...conditions))
    .returning({ id: reportBookletTemplates.id });
  if (!updated) throw stale();
  return id;
}

// ---- the section editor's pick lists ------------------------------------------------------

/**
 * The organization's active equipment types, each with its active tasks of the cycle (in order, with their task
 * group) and the names of those groups. The cycle must be one of the organization's.
 */
export async function reportEquipments(db: Database, organizationId: number, cycleId: number, page: Page) {
  const [cycle] = await db.select({ id: cycles.id }).from(cycles).where(and(eq(cycles.id, cycleId), eq(cycles.organizationId, organizationId)));
  if (!cycle) throw notFound('Cycle');
  const where = and(eq(equipmentTypes.organizationId, organizationId), eq(equipmentTypes.status, 'active'))!;
  const types = await db
    .select({ id: equipmentTypes.id, name: equipmentTypes.name, order: equipmentTypes.order, total: sql<number>`(count(*) over ())::int` })
    .from(equipmentTypes)
    .where(where)
    .orderBy(asc(equipmentTypes.order), asc(equipmentTypes.name), asc(equipmentTypes.id))
    .limit(page.size)
    .offset(page.offset);
  const taskRows = types.length
    ? await db
        .select({ id: tasks.id, equipmentTypeId: tasks.equipmentTypeId, label: tasks.label, groupName: taskGroups.name })
        .from(tasks)
        .leftJoin(taskGroups, eq(taskGroups.id, tasks.groupId))
        .where(and(inArray(tasks.equipmentTypeId, types.map((t) => t.id)), eq(tasks.cycleId, cycleId), eq(tasks.status, 'active')))
        .orderBy(asc(tasks.order), asc(tasks.id))
    : [];
  const rows = types.map((t) => {
    const conditions = taskRows.filter((c) => c.equipmentTypeId === t.id).map((c) => ({ id: c.id, label: c.label, groupName: c.groupName }));
    const groupNames = [...new Set(conditions.flatMap((c) => (c.groupName ? [c.groupName] : [])))].sort((a, b) => a.localeCompare(b));
    return { id: t.id, name: t.name, order: t.order, conditions, allLocationsGroupNames: groupNames };
  });
  const total = types[0]?.total ?? (page.offset ? ((await db.select({ value: count() }).from(equipmentTypes).where(where))[0]?.value ?? 0) : 0);
  return { rows, total };
}

/** The organization of a path, when the caller may see it (404 otherwise). */
export async function visibleOrganization(db: Database, scope: Scope, organizationId: number): Promise<number> {
  if (!scope.isAdmin && scope.organizationId !== organizationId) throw notFound('Organization');
  const [row] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, organizationId));
  if (!row) throw notFound('Organization');
  return row.id;
}

/** The organization of a region the caller may see (404 otherwise). */
export async function organizationOfRegion(db: Database, scope: Scope, regionId: number): Promise<number> {
  const [row] = await db.select({ organizationId: regions.organizationId }).from(regions).where(eq(regions.id, regionId));
  if (!row || (!scope.isAdmin && (row.organizationId !== scope.organizationId || (scope.regionIds && !scope.regionIds.includes(regionId))))) throw notFound('Region');
  return row.organizationId;
}
