/**
 * Creating a walkabout by hand (POST /walkabouts, inspection.md sections 4 and 8): one per
 * building and cycle. The fire watch cycle gives the building's fire watch walkabout, or the
 * active one if it exists; a non-repeating cycle gives its open walkabout or a new one; a
 * repeating cycle gives its open walkabout, which the schedule made.
 */
import { and, desc, eq, like, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { buildings, cycles, fireWatches, walkabouts } from '../../db/schema';
import { notFound, unprocessable } from '../../jsonapi/errors';
import { requireAcceptedContract } from '../buildings/contract';
import { buildingsInScope, canRecordWalkabouts, requirePermission, type Scope } from '../../plugins/authorization';
import { openAt } from './repository';
import { localDate } from './schedule';
import { createWalkabout, hasApplicableTasks } from './snapshot';

export const NO_FIRE_WATCH_LOCATIONS_MESSAGE =
  'Fire watch walkabout could not be created because no fire watch locations are set up.';
export const NOTHING_TO_INSPECT_MESSAGE = 'Walkabout could not be created because no location has an active task of this cycle.';
export const NOT_SCHEDULED_NOW_MESSAGE =
  'Walkabouts of a repeating cycle are created by the schedule, and this cycle has no open walkabout now.';

async function openWalkaboutOf(db: Database, buildingId: number, cycleId: number, now: Date) {
  const [row] = await db
    .select({ id: walkabouts.id })
    .from(walkabouts)
    .where(and(eq(walkabouts.buildingId, buildingId), eq(walkabouts.cycleId, cycleId), openAt(now)))
    .orderBy(desc(walkabouts.openedAt))
    .limit(1);
  return row?.id;
}

/** The next free on-demand key; two callers racing get the same key, and the unique index keeps one walkabout. */
async function nextOnDemandKey(db: Database, buildingId: number, cycleId: number): Promise<string> {
  const [row] = await db
    .select({ value: sql<number>`count(*)::int` })
    .from(walkabouts)
    .where(and(eq(walkabouts.buildingId, buildingId), eq(walkabouts.cycleId, cycleId), like(walkabouts.periodKey, 'on-demand-%')));
  return `on-demand-${(row?.value ?? 0) + 1}`;
}

export async function createWalkaboutFor(
  db: Database,
  scope: Scope,
  buildingId: number,
  cycleId: number,
  now: Date,
): Promise<{ id: number; created: boolean }> {
  const [building] = await db.select().from(buildings).where(and(eq(buildings.id, buildingId), buildingsInScope(scope)));
  if (!building) throw notFound('Building');
  const [cycle] = await db
    .select()
    .from(cycles)
    .where(and(eq(cycles.id, cycleId), eq(cycles.organizationId, building.organizationId)));
  if (!cycle) throw notFound('Cycle');
  requirePermission(scope, canRecordWalkabouts(scope), 'You are not allowed to create walkabouts.');

  const isFireWatch = building.fireWatchCycleId === cycle.id;
  if (cycle.frequency === null || isFireWatch) {
    const open = await openWalkaboutOf(db, building.id, cycle.id, now);
    if (open !== undefined) return { id: open, created: false };
    if (!(await hasApplicableTasks(db, building.id, cycle.id))) {
      throw unprocessable(isFireWatch ? NO_FIRE_WATCH_LOCATIONS_MESSAGE : NOTHING_TO_INSPECT_MESSAGE);
    }
    // The contract gate (inspection.md section 2) stops what would be made: the open walkabout is only found, not written.
    requireAcceptedContract(building);
    const [started] = isFireWatch
      ? await db
          .select({ id: fireWatches.id })
          .from(fireWatches)
          .where(and(eq(fireWatches.buildingId, building.id), eq(fireWatches.status, 'started')))
      : [];
    return createWalkabout(db, {
      buildingId: building.id,
      cycleId: cycle.id,
      periodKey: await nextOnDemandKey(db, building.id, cycle.id),
      date: localDate(now, building.timeZone),
      endDate: null,
      openedAt: now,
      lockedAt: null,
      isFireWatch,
      fireWatchId: started?.id ?? null,
    });
  }

  // The schedule creates a repeating cycle's walkabouts (with offsets and overrides); by hand one gets the open one.
  const open = await openWalkaboutOf(db, building.id, cycle.id, now);
  if (open === undefined) throw unprocessable(NOT_SCHEDULED_NOW_MESSAGE);
  return { id: open, created: false };
}
