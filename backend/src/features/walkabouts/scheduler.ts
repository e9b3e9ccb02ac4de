/**
 * The scheduled walkabout job (DESIGN.md section 4, "Walkabout schedule" and "Lock and close"):
 * for each building and repeating cycle, the walkabout of every period that is open or opens
 * soon, with the building's offsets, the region's cycle override (inherited from ancestors) and
 * the building's time zone; then the walkabouts whose lock time has passed get their results
 * frozen and their figures recorded for the building's status.
 *
 * Replicas never run it twice at once: the run holds a PostgreSQL transaction-level advisory lock
 * (pg_try_advisory_xact_lock), and a replica that cannot take it skips the round. Creation is
 * also idempotent on its own (unique building, cycle and period), so a retry after a crash or a
 * lock lost with a connection cannot duplicate a walkabout or its snapshot.
 */
import type { OffsetUnit } from '@fsi/shared';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { queryRows } from '../../db/raw';
import { followUpEntry } from '../failure-reports/items';
import { buildingCycleOffsets, buildings, cycleOverrides, cycles, regions, walkabouts } from '../../db/schema';
import { effectiveCycleOverride, periodsToCreate, type CycleOverride, type Period } from './schedule';
import { createWalkabout, hasApplicableTasks } from './snapshot';

/** An arbitrary constant naming this job's advisory lock across replicas. */
const JOB_LOCK_KEY = 7_345_001;
/** Walkabouts that open within this time are created ahead, so that one is there at its opening minute. */
export const SCHEDULE_HORIZON_MS = 10 * 60_000;

export type ScheduleRun = { ran: boolean; created: number; finalized: number; /** The walkabouts frozen in this round. */ finalizedIds: number[] };

type Planned = { buildingId: number; cycleId: number; period: Period };

function toOverride(row: typeof cycleOverrides.$inferSelect | undefined): CycleOverride | null {
  if (!row) return null;
  const { monday, tuesday, wednesday, thursday, friday, saturday, sunday, blackoutDates } = row;
  return { monday, tuesday, wednesday, thursday, friday, saturday, sunday, blackoutDates };
}

/** Every period that should have a walkabout now, for every building and repeating cycle. */
async function plan(db: Database, now: Date, log?: FastifyBaseLogger, onlyBuildingId?: number): Promise<Planned[]> {
  // One after another: inside the job's transaction they share one connection.
  const buildingRows = await db
    .select({ id: buildings.id, organizationId: buildings.organizationId, regionId: buildings.regionId, timeZone: buildings.timeZone })
    .from(buildings)
    .where(onlyBuildingId === undefined ? undefined : eq(buildings.id, onlyBuildingId));
  const cycleRows = await db.select().from(cycles).where(and(isNotNull(cycles.frequency), isNotNull(cycles.every), isNotNull(cycles.start)));
  const offsetRows = await db.select().from(buildingCycleOffsets);
  const regionRows = await db.select({ id: regions.id, parentId: regions.parentId }).from(regions);
  const overrideRows = await db.select().from(cycleOverrides);
  const parentOf = new Map(regionRows.map((r) => [r.id, r.parentId]));
  const overrideOf = (regionId: number, cycleId: number) =>
    toOverride(overrideRows.find((o) => o.regionId === regionId && o.cycleId === cycleId));
  const planned: Planned[] = [];
  for (const building of buildingRows) {
    for (const cycle of cycleRows.filter((c) => c.organizationId === building.organizationId)) {
      const ancestors: (CycleOverride | null)[] = [];
      for (let r = building.regionId === null ? null : parentOf.get(building.regionId); r != null; r = parentOf.get(r)) {
        ancestors.push(overrideOf(r, cycle.id));
      }
      const own = building.regionId === null ? null : overrideOf(building.regionId, cycle.id);
      const offset = offsetRows.find((o) => o.buildingId === building.id && o.cycleId === cycle.id);
      try {
        const periods = periodsToCreate(
          { frequency: cycle.frequency!, every: cycle.every!, start: cycle.start! },
          building.timeZone,
          now,
          SCHEDULE_HORIZON_MS,
          {
            openOffset: { value: offset?.openOffsetValue ?? 0, unit: (offset?.openOffsetUnit ?? 'hour') as OffsetUnit },
            closeOffset: { value: offset?.closeOffsetValue ?? 0, unit: (offset?.closeOffsetUnit ?? 'hour') as OffsetUnit },
            override: effectiveCycleOverride(own, ancestors),
          },
        );
        for (const period of periods) planned.push({ buildingId: building.id, cycleId: cycle.id, period });
      } catch (error) {
        // One building's bad settings (an unknown zone, a broken offset) must not stop the others.
        log?.error({ err: error, buildingId: building.id, cycleId: cycle.id }, 'walkabout schedule skipped');
      }
    }
  }
  return planned;
}

/** Creates the missing walkabouts of the plan; a cycle with nothing to inspect at a building gets none. */
async function createMissing(db: Database, planned: Planned[], log?: FastifyBaseLogger, createdIds: number[] = []): Promise<number> {
  if (!planned.length) return 0;
  const existing = await db
    .select({ buildingId: walkabouts.buildingId, cycleId: walkabouts.cycleId, periodKey: walkabouts.periodKey })
    .from(walkabouts)
    .where(inArray(walkabouts.periodKey, [...new Set(planned.map((p) => p.period.periodKey))]));
  const have = new Set(existing.map((w) => `${w.buildingId}/${w.cycleId}/${w.periodKey}`));
  let created = 0;
  for (const { buildingId, cycleId, period } of planned) {
    if (have.has(`${buildingId}/${cycleId}/${period.periodKey}`)) continue;
    try {
      if (!(await hasApplicableTasks(db, buildingId, cycleId))) continue;
      const result = await createWalkabout(db, {
        buildingId,
        cycleId,
        periodKey: period.periodKey,
        date: period.periodStart,
        endDate: period.periodEnd,
        openedAt: new Date(period.openedAt),
        lockedAt: new Date(period.lockedAt),
      });
      if (result.created) {
        created += 1;
        createdIds.push(result.id);
      }
    } catch (error) {
      log?.error({ err: error, buildingId, cycleId, periodKey: period.periodKey }, 'walkabout creation failed');
    }
  }
  return created;
}

/**
 * Freezes the results of walkabouts whose lock time has passed (or that a user locked): the
 * completeness and unsatisfactory count of that moment are kept on the walkabout, and saves are
 * refused from then on. One statement for all of them.
 */
export async function finalizeLocked(db: Database, now: Date, walkaboutId?: number): Promise<number[]> {
  const only = walkaboutId === undefined ? sql`` : sql` and w.id = ${walkaboutId}`;
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update walkabouts w set finalized_at = ${now.toISOString()},
        final_is_complete = not exists (select 1 from conditions c where c.walkabout_id = w.id and c.value is null),
        final_unsatisfactory_count = (select coalesce(sum(e.failure_count), 0) from entries e
          where e.walkabout_id = w.id and ${followUpEntry})
      where w.locked_at <= ${now.toISOString()} and w.finalized_at is null${only}
      returning w.id`,
  );
  return rows.map((r) => r.id);
}

/** One round of the job. Answers ran: false when another replica holds the job's lock. */
export async function runWalkaboutSchedule(db: Database, now = new Date(), log?: FastifyBaseLogger): Promise<ScheduleRun> {
  return db.transaction(async (tx) => {
    const [lock] = await queryRows<{ locked: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${JOB_LOCK_KEY}::bigint) as locked`);
    if (!lock?.locked) return { ran: false, created: 0, finalized: 0, finalizedIds: [] };
    const created = await createMissing(tx, await plan(tx, now, log), log);
    const finalizedIds = await finalizeLocked(tx, now);
    return { ran: true, created, finalized: finalizedIds.length, finalizedIds };
  });
}

/**
 * The schedule's round for one building, without the job's lock (Create Current Walkabouts, current.ts): the walkabout
 * of every period of its repeating cycles that is open now (or opens within the horizon) and has none yet. Creation is
 * idempotent through the walkabout's unique key, so a concurrent job round or a second press never makes one twice.
 * Answers the ids this call created.
 */
export async function createDueWalkaboutsOf(db: Database, buildingId: number, now: Date, log?: FastifyBaseLogger): Promise<number[]> {
  const createdIds: number[] = [];
  await createMissing(db, await plan(db, now, log, buildingId), log, createdIds);
  return createdIds;
}
