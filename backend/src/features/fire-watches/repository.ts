/** Reading fire watches, always within the caller's buildings (plugins/authorization.ts). */
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { buildings, fireWatches } from '../../db/schema';
import type { Page } from '../../jsonapi/query';
import { buildingsInScope, type Scope } from '../../plugins/authorization';

export type FireWatchRow = typeof fireWatches.$inferSelect;
export type FireWatchFilters = { ids?: number[]; buildingIds?: number[] };

/** The fire watches of the caller's buildings, the latest started first. */
export async function listFireWatches(db: Database, scope: Scope, filters: FireWatchFilters, page: Page) {
  const conditions: SQL[] = [buildingsInScope(scope)];
  if (filters.ids) conditions.push(inArray(fireWatches.id, filters.ids.length ? filters.ids : [-1]));
  if (filters.buildingIds) conditions.push(inArray(fireWatches.buildingId, filters.buildingIds.length ? filters.buildingIds : [-1]));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select({ fireWatch: fireWatches })
      .from(fireWatches)
      .innerJoin(buildings, eq(buildings.id, fireWatches.buildingId))
      .where(where)
      .orderBy(desc(fireWatches.startedAt), desc(fireWatches.id))
      .limit(page.size)
      .offset(page.offset),
    db
      .select({ value: sql<number>`count(*)::int` })
      .from(fireWatches)
      .innerJoin(buildings, eq(buildings.id, fireWatches.buildingId))
      .where(where),
  ]);
  return { rows: rows.map((r) => r.fireWatch), total: total?.value ?? 0 };
}

export async function findFireWatch(db: Database, scope: Scope, id: number): Promise<FireWatchRow | undefined> {
  const [found] = await db
    .select({ fireWatch: fireWatches })
    .from(fireWatches)
    .innerJoin(buildings, eq(buildings.id, fireWatches.buildingId))
    .where(and(eq(fireWatches.id, id), buildingsInScope(scope)));
  return found?.fireWatch;
}
