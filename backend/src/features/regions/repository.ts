import { and, asc, count, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { buildings, cycleOverrides, regions, reportBookletTemplates, reportDefinitions, users } from '../../db/schema';
import type { Page } from '../../jsonapi/query';
import { regionSubtree, regionsInScope, type Scope } from '../../plugins/authorization';

export type RegionRow = typeof regions.$inferSelect;
export type CycleOverrideRow = typeof cycleOverrides.$inferSelect;
export type RegionView = RegionRow & {
  parentIds: number[];
  level: number;
  childrenIds: number[];
  isDeletable: boolean;
  cycleOverrides: CycleOverrideRow[];
};

/** filter[parent]: a region id, or null for top-level regions. */
export type RegionFilters = { ids?: number[]; organizationIds?: number[]; parentId?: number | null };

const json = <T>(value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/**
 * The columns a region's view adds to its row, computed in the statement that reads the regions
 * (issue 8 point 4): its ancestors (root first, nearest last; the depth guard stops on a corrupt
 * cycle in the tree), its children, whether anything uses it, and its cycle overrides. The outer row
 * is named in full ("regions"."id"): Drizzle writes a one-table select's columns unqualified, and
 * inside these subqueries an unqualified name would be the inner table's.
 */
function regionViewColumns() {
  return {
    parentIds: sql`(with recursive up (id, parent_id, depth) as (
        select a.id, a.parent_id, 1 from ${regions} a where a.id = "regions"."parent_id"
        union all
        select a.id, a.parent_id, up.depth + 1 from up join ${regions} a on a.id = up.parent_id where up.depth < 50
      ) select coalesce(json_agg(up.id order by up.depth desc), '[]'::json) from up)`.mapWith((v: unknown) => json<number[]>(v)),
    childrenIds: sql`(select coalesce(json_agg(c.id order by c.id), '[]'::json) from ${regions} c where c.parent_id = "regions"."id")`.mapWith(
      (v: unknown) => json<number[]>(v),
    ),
    isUsed: sql<boolean>`(exists (select 1 from ${buildings} b where b.region_id = "regions"."id")
      or exists (select 1 from ${users} u where u.region_id = "regions"."id")
      or exists (select 1 from ${reportDefinitions} d where d.region_id = "regions"."id")
      or exists (select 1 from ${reportBookletTemplates} t where t.region_id = "regions"."id"))`,
    cycleOverrides: sql`(select coalesce(json_agg(json_build_object('id', o.id, 'regionId', o.region_id, 'cycleId', o.cycle_id,
        'monday', o.monday, 'tuesday', o.tuesday, 'wednesday', o.wednesday, 'thursday', o.thursday, 'friday', o.friday,
        'saturday', o.saturday, 'sunday', o.sunday, 'blackoutDates', o.blackout_dates) order by o.cycle_id, o.id), '[]'::json)
      from ${cycleOverrides} o where o.region_id = "regions"."id")`.mapWith((v: unknown) => json<CycleOverrideRow[]>(v)),
  };
}

type RegionViewRow = { region: RegionRow; parentIds: number[]; childrenIds: number[]; isUsed: boolean; cycleOverrides: CycleOverrideRow[] };

function regionView(r: RegionViewRow): RegionView {
  // Object.assign rather than a spread followed by more properties, which V8 (Node 20) builds several times slower.
  return Object.assign({}, r.region, {
    parentIds: r.parentIds,
    level: r.parentIds.length,
    childrenIds: r.childrenIds,
    isDeletable: r.childrenIds.length === 0 && !r.isUsed,
    cycleOverrides: r.cycleOverrides,
  });
}

/** Regions matching `where` with their views, one statement; a page also carries the total (a window count). */
async function selectRegionViews(db: Database, where: SQL | undefined, page: Page | null) {
  const query = db
    .select({ region: regions, ...regionViewColumns(), total: sql<number>`(count(*) over ())::int` })
    .from(regions)
    .where(where)
    .orderBy(asc(regions.organizationId), asc(regions.name), asc(regions.id));
  const rows = await (page ? query.limit(page.size).offset(page.offset) : query);
  return { rows: rows.map(regionView), total: rows[0]?.total };
}

export async function listRegions(db: Database, scope: Scope, filters: RegionFilters, page: Page) {
  const conditions: SQL[] = [regionsInScope(scope)];
  if (filters.ids) conditions.push(inArray(regions.id, filters.ids.length ? filters.ids : [-1]));
  if (filters.organizationIds) conditions.push(inArray(regions.organizationId, filters.organizationIds.length ? filters.organizationIds : [-1]));
  if (filters.parentId === null) conditions.push(isNull(regions.parentId));
  else if (filters.parentId !== undefined) conditions.push(eq(regions.parentId, filters.parentId));
  const where = and(...conditions);
  const { rows, total } = await selectRegionViews(db, where, page);
  if (total !== undefined) return { rows, total };
  // A page past the end has no row to carry the total.
  const [counted] = page.offset ? await db.select({ value: count() }).from(regions).where(where) : [];
  return { rows, total: counted?.value ?? 0 };
}

export async function regionsByIds(db: Database, scope: Scope, ids: number[]) {
  if (!ids.length) return [];
  return (await selectRegionViews(db, and(inArray(regions.id, [...new Set(ids)]), regionsInScope(scope)), null)).rows;
}

/** A region and its sub-regions, limited to what the caller may see. */
export async function regionWithDescendants(db: Database, scope: Scope, regionId: number): Promise<number[]> {
  const visible = await db.select({ id: regions.id, parentId: regions.parentId }).from(regions).where(regionsInScope(scope));
  if (!visible.some((r) => r.id === regionId)) return [];
  return regionSubtree(visible, regionId);
}
