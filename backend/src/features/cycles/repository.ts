import { and, asc, count, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { FIRE_WATCH_CYCLE_NAME } from '@fsi/shared';
import type { Database } from '../../db/client';
import { buildings, cycles, tasks } from '../../db/schema';
import type { Page } from '../../jsonapi/query';
import { buildingsInScope, cyclesInScope, type Scope } from '../../plugins/authorization';

export type CycleRow = typeof cycles.$inferSelect;
export type CycleView = CycleRow & { isDeletable: boolean };

export type CycleFilters = {
  ids?: number[];
  organizationIds?: number[];
  /** The cycles of this building's organization; none when the caller may not see the building. */
  buildingId?: number;
  repeating?: boolean;
  /** Leave out the Fire Watch cycle (by name, and the building's fire watch cycle): it is never created by hand. */
  excludeFireWatch?: boolean;
};

async function cycleViews(db: Database, rows: CycleRow[]): Promise<CycleView[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [withTasks, fireWatch] = await Promise.all([
    db.selectDistinct({ id: tasks.cycleId }).from(tasks).where(inArray(tasks.cycleId, ids)),
    db.selectDistinct({ id: buildings.fireWatchCycleId }).from(buildings).where(inArray(buildings.fireWatchCycleId, ids)),
  ]);
  const used = new Set([...withTasks, ...fireWatch].map((r) => r.id));
  return rows.map((row) => ({ ...row, isDeletable: !used.has(row.id) }));
}

/** Daily, Weekly, Monthly, Yearly first (CYCLE_SORT_ORDER), then non-repeating cycles by name. */
const frequencyRank = sql`case ${cycles.frequency} when 'daily' then 0 when 'weekly' then 1 when 'monthly' then 2 when 'yearly' then 3 else 4 end`;

export async function listCycles(db: Database, scope: Scope, filters: CycleFilters, page: Page | 'all') {
  const conditions: SQL[] = [cyclesInScope(scope)];
  if (filters.ids) conditions.push(inArray(cycles.id, filters.ids.length ? filters.ids : [-1]));
  if (filters.organizationIds) {
    conditions.push(inArray(cycles.organizationId, filters.organizationIds.length ? filters.organizationIds : [-1]));
  }
  if (filters.buildingId !== undefined) {
    conditions.push(
      inArray(
        cycles.organizationId,
        db
          .select({ id: buildings.organizationId })
          .from(buildings)
          .where(and(eq(buildings.id, filters.buildingId), buildingsInScope(scope))),
      ),
    );
  }
  if (filters.repeating === true) conditions.push(isNotNull(cycles.frequency));
  if (filters.repeating === false) conditions.push(isNull(cycles.frequency));
  if (filters.excludeFireWatch) {
    conditions.push(sql`lower(${cycles.name}) <> lower(${FIRE_WATCH_CYCLE_NAME})`);
    if (filters.buildingId !== undefined) {
      conditions.push(
        sql`${cycles.id} not in (select ${buildings.fireWatchCycleId} from ${buildings}
          where ${buildings.id} = ${filters.buildingId} and ${buildings.fireWatchCycleId} is not null)`,
      );
    }
  }
  const where = and(...conditions);
  const query = db
    .select()
    .from(cycles)
    .where(where)
    .orderBy(asc(cycles.organizationId), asc(frequencyRank), asc(cycles.every), asc(cycles.name), asc(cycles.id));
  const [rows, [total]] = await Promise.all([
    page === 'all' ? query : query.limit(page.size).offset(page.offset),
    db.select({ value: count() }).from(cycles).where(where),
  ]);
  return { rows: await cycleViews(db, rows), total: total?.value ?? 0 };
}

export async function cyclesByIds(db: Database, scope: Scope, ids: number[]) {
  if (!ids.length) return [];
  const rows = await db
    .select()
    .from(cycles)
    .where(and(inArray(cycles.id, [...new Set(ids)]), cyclesInScope(scope)));
  return cycleViews(db, rows);
}
