import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { buildings, cycles, organizations, regions, reportBookletTemplates, reportDefinitions } from '../../db/schema';
import type { Page } from '../../jsonapi/query';
import type { Scope } from '../../plugins/authorization';

export type ReportListFilters = { ids?: number[]; organizationIds?: number[]; active?: boolean };

type Table = typeof reportDefinitions | typeof reportBookletTemplates;

/** Definitions and templates belong to an organization: its users see its own, administrators every one. */
function conditionsOf(table: Table, scope: Scope, filters: ReportListFilters): SQL {
  const conditions: SQL[] = [];
  if (!scope.isAdmin) conditions.push(scope.organizationId === null ? sql`false` : eq(table.organizationId, scope.organizationId));
  if (filters.ids) conditions.push(inArray(table.id, filters.ids.length ? filters.ids : [-1]));
  if (filters.organizationIds) conditions.push(inArray(table.organizationId, filters.organizationIds.length ? filters.organizationIds : [-1]));
  if (filters.active !== undefined) conditions.push(eq(table.isActive, filters.active));
  return and(...conditions) ?? sql`true`;
}

const scopeColumns = {
  organizationName: organizations.name,
  regionName: regions.name,
  buildingName: buildings.name,
  total: sql<number>`(count(*) over ())::int`,
};

export async function listReportDefinitions(db: Database, scope: Scope, filters: ReportListFilters, page: Page) {
  const rows = await db
    .select({ definition: reportDefinitions, cycleName: cycles.name, ...scopeColumns })
    .from(reportDefinitions)
    .innerJoin(organizations, eq(organizations.id, reportDefinitions.organizationId))
    .innerJoin(cycles, eq(cycles.id, reportDefinitions.cycleId))
    .leftJoin(regions, eq(regions.id, reportDefinitions.regionId))
    .leftJoin(buildings, eq(buildings.id, reportDefinitions.buildingId))
    .where(conditionsOf(reportDefinitions, scope, filters))
    .orderBy(asc(reportDefinitions.name), asc(reportDefinitions.id))
    .limit(page.size)
    .offset(page.offset);
  return { rows, total: rows[0]?.total ?? (page.offset ? await countOf(db, reportDefinitions, scope, filters) : 0) };
}

/** A page past the end has no row to carry the total: count apart. */
async function countOf(db: Database, table: Table, scope: Scope, filters: ReportListFilters): Promise<number> {
  const [row] = await db.select({ value: count() }).from(table).where(conditionsOf(table, scope, filters));
  return row?.value ?? 0;
}

export async function listReportBookletTemplates(db: Database, scope: Scope, filters: ReportListFilters, page: Page) {
  const rows = await db
    .select({ template: reportBookletTemplates, ...scopeColumns })
    .from(reportBookletTemplates)
    .innerJoin(organizations, eq(organizations.id, reportBookletTemplates.organizationId))
    .leftJoin(regions, eq(regions.id, reportBookletTemplates.regionId))
    .leftJoin(buildings, eq(buildings.id, reportBookletTemplates.buildingId))
    .where(conditionsOf(reportBookletTemplates, scope, filters))
    .orderBy(asc(reportBookletTemplates.name), asc(reportBookletTemplates.id))
    .limit(page.size)
    .offset(page.offset);
  return { rows, total: rows[0]?.total ?? (page.offset ? await countOf(db, reportBookletTemplates, scope, filters) : 0) };
}
