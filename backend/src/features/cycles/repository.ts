import { and, asc, count, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { FIRE_WATCH_CYCLE_NAME } from '@fsi/shared';
import type { Database } from '../../db/client';
import { buildings, cycles, walkabouts } from '../../db/schema';
import type { Page } from '../../jsonapi/query';
import { buildingsInScope, cyclesInScope, type Scope } from '../../plugins/authorization';

export type CycleRow = typeof cycles.$inferSelect;
export type CycleView = CycleRow & { isDeletable: boolean; hasWalkabouts: boolean; isFireWatchCycle: boolean };

export type CycleFilters = {
  ids?: number[];
  organizationIds?: number[];
  /** The cycles of this building's organization; none when the caller may not see the building. */
  buildingId?: number;
  repeating?: boolean;
  /** Leave out the Fire Watch cycle (by name, and the building's fire watch cycle): it is never created by hand. */
  excludeFireWatch?: boolean;
  /** filter[search]: a case-insensitive part of the name, matched literally (issue 14 point 7). */
  search?: string;
};

/** The user's text as a LIKE pattern that matches it literally: %, _ and the escape character itself are escaped. */
export function literalLikePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * What keeps a cycle from being deleted (admin-people-schedules.md section 5): walkabouts of it, or a building that
 * uses it as its fire watch cycle; its tasks (imported conditions) go with it. Columns of a select from cycles: the
 * outer row is named in full, since Drizzle writes a one-table select's columns unqualified, which inside the
 * subquery would be the inner table's.
 */
const usageColumns = {
  hasWalkabouts: sql<boolean>`(exists (select 1 from ${walkabouts} w where w.cycle_id = "cycles"."id"))`,
  isFireWatchCycle: sql<boolean>`(exists (select 1 from ${buildings} b where b.fire_watch_cycle_id = "cycles"."id"))`,
};

const cycleView = (r: { cycle: CycleRow; hasWalkabouts: boolean; isFireWatchCycle: boolean }): CycleView => ({
  ...r.cycle,
  hasWalkabouts: r.hasWalkabouts,
  isFireWatchCycle: r.isFireWatchCycle,
  isDeletable: !r.hasWalkabouts && !r.isFireWatchCycle,
});

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
  if (filters.search) conditions.push(sql`${cycles.name} ilike ${literalLikePattern(filters.search)} escape '\\'`);
  const where = and(...conditions);
  // One statement: the rows, whether each is used, and the total of the filter (a window count).
  const query = db
    .select({ cycle: cycles, ...usageColumns, total: sql<number>`(count(*) over ())::int` })
    .from(cycles)
    .where(where)
    .orderBy(asc(cycles.organizationId), asc(frequencyRank), asc(cycles.every), asc(cycles.name), asc(cycles.id));
  const rows = await (page === 'all' ? query : query.limit(page.size).offset(page.offset));
  if (rows.length || page === 'all' || page.offset === 0) return { rows: rows.map(cycleView), total: rows[0]?.total ?? 0 };
  // A page past the end has no row to carry the total.
  const [counted] = await db.select({ value: count() }).from(cycles).where(where);
  return { rows: [], total: counted?.value ?? 0 };
}

export async function cyclesByIds(db: Database, scope: Scope, ids: number[]) {
  if (!ids.length) return [];
  const rows = await db
    .select({ cycle: cycles, ...usageColumns })
    .from(cycles)
    .where(and(inArray(cycles.id, [...new Set(ids)]), cyclesInScope(scope)));
  return rows.map(cycleView);
}
