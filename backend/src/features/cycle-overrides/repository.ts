/**
 * Cycle overrides (admin-people-schedules.md sections 3, 4 and 7; issue 14): a region's change to a cycle, the
 * weekdays whose periods are skipped and the blackout dates. The schedule applies a region's own override and those
 * of its ancestors (up to 5 levels) together, so the screen shows the ancestors' as well: a region's caller may read
 * the overrides of the regions above theirs, which decide their region's walkabouts too.
 */
import {
  BLACKOUT_DATE_MESSAGE,
  canManageSchedules,
  CYCLE_ALREADY_OVERRIDDEN_MESSAGE,
  CYCLE_NOT_OF_ORGANIZATION_MESSAGE,
  invalidBlackoutDate,
  NOT_ALLOWED_TO_MANAGE_SCHEDULES_MESSAGE,
  REGION_ANCESTOR_LEVELS,
  STALE_EDIT_MESSAGE,
  WEEKDAY_NAMES,
  type WeekdayName,
} from '@fsi/shared';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cycleOverrides, cycles, regions } from '../../db/schema';
import { FieldErrors, notFound, stale } from '../../jsonapi/errors';
import { cyclesInScope, regionsInScope, requirePermission, type Scope } from '../../plugins/authorization';

export type CycleOverrideRow = typeof cycleOverrides.$inferSelect;
export type CycleOverrideView = CycleOverrideRow & { regionName: string; organizationId: number };

export type CycleOverrideFilters = {
  regionIds?: number[];
  cycleIds?: number[];
  /** Also the overrides of the regions' ancestors (up to 5 levels), whatever the caller's region. */
  ancestors?: boolean;
};

export type CycleOverrideInput = Partial<Record<WeekdayName, boolean>> & { blackoutDates?: string[] };

const viewColumns = { override: cycleOverrides, regionName: regions.name, organizationId: regions.organizationId };
const toView = (r: { override: CycleOverrideRow; regionName: string; organizationId: number }): CycleOverrideView => ({
  ...r.override,
  regionName: r.regionName,
  organizationId: r.organizationId,
});

/** The ancestors of regions (nearest first, up to 5 levels), of any scope: they decide these regions' schedule. */
async function ancestorsOf(db: Database, regionIds: number[]): Promise<number[]> {
  if (!regionIds.length) return [];
  const rows = await db.select({ id: regions.id, parentId: regions.parentId }).from(regions).where(
    sql`${regions.organizationId} in (select organization_id from ${regions} r where r.id in (${sql.join(regionIds.map((id) => sql`${id}`), sql`, `)}))`,
  );
  const parentOf = new Map(rows.map((r) => [r.id, r.parentId]));
  const result = new Set<number>();
  for (const id of regionIds) {
    let parent = parentOf.get(id) ?? null;
    for (let level = 0; parent !== null && level < REGION_ANCESTOR_LEVELS; level += 1) {
      result.add(parent);
      parent = parentOf.get(parent) ?? null;
    }
  }
  return [...result];
}

export async function listCycleOverrides(db: Database, scope: Scope, filters: CycleOverrideFilters): Promise<CycleOverrideView[]> {
  const conditions: SQL[] = [];
  let regionCondition: SQL = regionsInScope(scope);
  if (filters.regionIds) {
    const visible = await db.select({ id: regions.id }).from(regions).where(and(inArray(regions.id, filters.regionIds.length ? filters.regionIds : [-1]), regionsInScope(scope)));
    const ids = visible.map((r) => r.id);
    const all = filters.ancestors ? [...ids, ...(await ancestorsOf(db, ids))] : ids;
    regionCondition = inArray(cycleOverrides.regionId, all.length ? all : [-1]);
  }
  conditions.push(regionCondition);
  if (filters.cycleIds) conditions.push(inArray(cycleOverrides.cycleId, filters.cycleIds.length ? filters.cycleIds : [-1]));
  const rows = await db
    .select(viewColumns)
    .from(cycleOverrides)
    .innerJoin(regions, eq(regions.id, cycleOverrides.regionId))
    .where(and(...conditions))
    .orderBy(asc(cycleOverrides.regionId), asc(cycleOverrides.cycleId), asc(cycleOverrides.id));
  return rows.map(toView);
}

export async function findCycleOverride(db: Database, scope: Scope, id: number): Promise<CycleOverrideView | undefined> {
  const [row] = await db
    .select(viewColumns)
    .from(cycleOverrides)
    .innerJoin(regions, eq(regions.id, cycleOverrides.regionId))
    .where(and(eq(cycleOverrides.id, id), regionsInScope(scope)));
  return row ? toView(row) : undefined;
}

function requireManager(scope: Scope): void {
  requirePermission(scope, canManageSchedules(scope.isAdmin, scope.permissions), NOT_ALLOWED_TO_MANAGE_SCHEDULES_MESSAGE);
}

/** The weekdays and blackout dates of a body: dates checked, repeated ones kept once, sorted. */
function values(input: CycleOverrideInput) {
  const result: Partial<Record<WeekdayName, boolean>> & { blackoutDates?: string[] } = {};
  for (const day of WEEKDAY_NAMES) if (input[day] !== undefined) result[day] = input[day];
  if (input.blackoutDates !== undefined) {
    const index = invalidBlackoutDate(input.blackoutDates);
    if (index !== null) throw new FieldErrors([{ pointer: '/data/attributes/blackoutDates', detail: BLACKOUT_DATE_MESSAGE }]);
    result.blackoutDates = [...new Set(input.blackoutDates)].sort();
  }
  return result;
}

/** POST /cycle-overrides: the region's override of a cycle of its organization; one per region and cycle (422). */
export async function createCycleOverride(db: Database, scope: Scope, regionId: number, cycleId: number, input: CycleOverrideInput): Promise<number> {
  const [region] = await db.select({ id: regions.id, organizationId: regions.organizationId }).from(regions).where(and(eq(regions.id, regionId), regionsInScope(scope)));
  if (!region) throw notFound('Region');
  requireManager(scope);
  const [cycle] = await db.select({ organizationId: cycles.organizationId }).from(cycles).where(and(eq(cycles.id, cycleId), cyclesInScope(scope)));
  if (!cycle || cycle.organizationId !== region.organizationId) {
    throw new FieldErrors([{ pointer: '/data/relationships/cycle', detail: CYCLE_NOT_OF_ORGANIZATION_MESSAGE }]);
  }
  const [row] = await db
    .insert(cycleOverrides)
    .values({ regionId, cycleId, ...values(input) })
    .onConflictDoNothing()
    .returning({ id: cycleOverrides.id });
  if (!row) throw new FieldErrors([{ pointer: '/data/relationships/cycle', detail: CYCLE_ALREADY_OVERRIDDEN_MESSAGE }]);
  return row.id;
}

/** PATCH /cycle-overrides/{id}: the weekdays and blackout dates sent; with a version, only over that version. */
export async function updateCycleOverride(db: Database, scope: Scope, id: number, input: CycleOverrideInput & { version?: number }): Promise<number> {
  if (!(await findCycleOverride(db, scope, id))) throw notFound('Cycle override');
  requireManager(scope);
  const conditions = [eq(cycleOverrides.id, id)];
  if (input.version !== undefined) conditions.push(eq(cycleOverrides.version, input.version));
  const [updated] = await db
    .update(cycleOverrides)
    .set({ ...values(input), version: sql`${cycleOverrides.version} + 1` })
    .where(and(...conditions))
    .returning({ id: cycleOverrides.id });
  if (!updated) throw stale(STALE_EDIT_MESSAGE);
  return id;
}

export async function deleteCycleOverride(db: Database, scope: Scope, id: number): Promise<void> {
  if (!(await findCycleOverride(db, scope, id))) throw notFound('Cycle override');
  requireManager(scope);
  await db.delete(cycleOverrides).where(eq(cycleOverrides.id, id));
}
