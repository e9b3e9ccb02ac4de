import { and, asc, count, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { buildings, cycleOverrides, regions, users } from '../../db/schema';
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

export async function regionViews(db: Database, rows: RegionRow[]): Promise<RegionView[]> {
  if (!rows.length) return [];
  const organizationIds = [...new Set(rows.map((r) => r.organizationId))];
  const ids = rows.map((r) => r.id);
  const [all, usedByBuildings, usedByUsers, overrides] = await Promise.all([
    db.select({ id: regions.id, parentId: regions.parentId }).from(regions).where(inArray(regions.organizationId, organizationIds)),
    db.selectDistinct({ id: buildings.regionId }).from(buildings).where(inArray(buildings.regionId, ids)),
    db.selectDistinct({ id: users.regionId }).from(users).where(inArray(users.regionId, ids)),
    db.select().from(cycleOverrides).where(inArray(cycleOverrides.regionId, ids)).orderBy(asc(cycleOverrides.cycleId)),
  ]);
  const parentOf = new Map(all.map((r) => [r.id, r.parentId]));
  const used = new Set([...usedByBuildings, ...usedByUsers].map((r) => r.id));
  return rows.map((row) => {
    const parentIds: number[] = [];
    // Ancestors, nearest last; the guard stops on a corrupt cycle in the tree.
    for (let p = row.parentId; p !== null && p !== undefined && parentIds.length < 50; p = parentOf.get(p) ?? null) {
      parentIds.unshift(p);
    }
    const childrenIds = all.filter((r) => r.parentId === row.id).map((r) => r.id);
    return {
      ...row,
      parentIds,
      level: parentIds.length,
      childrenIds,
      isDeletable: childrenIds.length === 0 && !used.has(row.id),
      cycleOverrides: overrides.filter((o) => o.regionId === row.id),
    };
  });
}

export async function listRegions(db: Database, scope: Scope, filters: RegionFilters, page: Page) {
  const conditions: SQL[] = [regionsInScope(scope)];
  if (filters.ids) conditions.push(inArray(regions.id, filters.ids.length ? filters.ids : [-1]));
  if (filters.organizationIds) conditions.push(inArray(regions.organizationId, filters.organizationIds.length ? filters.organizationIds : [-1]));
  if (filters.parentId === null) conditions.push(isNull(regions.parentId));
  else if (filters.parentId !== undefined) conditions.push(eq(regions.parentId, filters.parentId));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(regions)
      .where(where)
      .orderBy(asc(regions.organizationId), asc(regions.name), asc(regions.id))
      .limit(page.size)
      .offset(page.offset),
    db.select({ value: count() }).from(regions).where(where),
  ]);
  return { rows: await regionViews(db, rows), total: total?.value ?? 0 };
}

export async function regionsByIds(db: Database, scope: Scope, ids: number[]) {
  if (!ids.length) return [];
  const rows = await db
    .select()
    .from(regions)
    .where(and(inArray(regions.id, [...new Set(ids)]), regionsInScope(scope)));
  return regionViews(db, rows);
}

/** A region and its sub-regions, limited to what the caller may see. */
export async function regionWithDescendants(db: Database, scope: Scope, regionId: number): Promise<number[]> {
  const visible = await db.select({ id: regions.id, parentId: regions.parentId }).from(regions).where(regionsInScope(scope));
  if (!visible.some((r) => r.id === regionId)) return [];
  return regionSubtree(visible, regionId);
}
