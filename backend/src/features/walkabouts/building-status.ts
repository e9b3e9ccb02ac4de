/**
 * What a building card shows of its walkabouts and fire watch (inspection.md section 2,
 * Buildings; section 3 Building): per cycle, the last walkabout's completeness and unsatisfactory
 * total with its open, lock and close times; the open walkabouts; an active fire watch and its
 * walkabout. Computed inside the statement that reads the buildings (issue 8: one statement per
 * page of buildings), as one JSON value per building, then shaped by walkaboutStatusFrom. The JSON
 * values are arrays, not objects: PGlite builds an object's keys at some microseconds each.
 */
import { sql, type SQL } from 'drizzle-orm';

export type CycleStatus = {
  cycleId: number;
  isLastWalkaboutComplete: boolean;
  lastWalkaboutUnsatisfactoryTotal: number;
  lockedAt: string | null;
  openedAt: string | null;
  closedAt: string | null;
};

export type WalkaboutStatus = {
  statuses: CycleStatus[];
  walkaboutsCount: number;
  unsatisfactoryPhotosCount: number;
  fireWatchId: number | null;
  activeFireWatchWalkaboutId: number | null;
};

/** The status of one cycle in walkaboutStatusColumn's value. */
type CycleStatusJson = [cycleId: number, isComplete: boolean, unsatisfactory: number, openedAt: string, lockedAt: string | null, closedAt: string | null];

/** The JSON value of walkaboutStatusColumn, as the database answers it. */
export type WalkaboutStatusJson = [
  statuses: CycleStatusJson[] | null,
  photos: number | null,
  walkaboutsCount: number,
  fireWatchId: number | null,
  activeFireWatchWalkaboutId: number | null,
];

/**
 * Common table expressions computing the walkabout status of the buildings `buildingIds` (a
 * subquery of the enclosing statement) at the time `at` (an expression), each reading its table once for all of them:
 * per building and cycle the last walkabout opened by now (not a fire watch one), with its
 * completeness and unsatisfactory total (frozen once it locked, final_*, counted from its
 * conditions before that); the open walkabouts and the newest open fire watch walkabout; the
 * started fire watch. walkaboutStatusJoins joins them and walkaboutStatusColumn reads them.
 */
export function walkaboutStatusCtes(buildingIds: SQL, at: SQL): SQL {
  return sql`status_last as (
      select distinct on (w.building_id, w.cycle_id) w.id, w.building_id, w.cycle_id, w.opened_at, w.locked_at, w.closed_at,
        w.final_is_complete, w.final_unsatisfactory_count
      from walkabouts w where w.building_id in ${buildingIds} and w.opened_at <= ${at} and not w.is_fire_watch
      order by w.building_id, w.cycle_id, w.opened_at desc, w.id desc
    ), status_figures as (
      select c.walkabout_id, count(*) as conditions, count(c.value) as marked,
        count(*) filter (where c.satisfaction = 'unsatisfactory') as unsatisfactory,
        count(*) filter (where c.satisfaction = 'unsatisfactory' and c.photo_url is not null) as photos
      from conditions c where c.walkabout_id in (select id from status_last) group by c.walkabout_id
    ), status_cycles as (
      select l.building_id, sum(coalesce(f.photos, 0)) as photos, json_agg(json_build_array(
          l.cycle_id,
          coalesce(l.final_is_complete, coalesce(f.conditions, 0) > 0 and f.marked = f.conditions),
          coalesce(l.final_unsatisfactory_count, f.unsatisfactory, 0),
          l.opened_at, l.locked_at, l.closed_at) order by l.cycle_id) as statuses
      from status_last l left join status_figures f on f.walkabout_id = l.id group by l.building_id
    ), status_open as (
      select w.building_id, count(*) as walkabouts,
        (array_agg(w.id order by w.opened_at desc, w.id desc) filter (where w.is_fire_watch))[1] as fire_watch_walkabout_id
      from walkabouts w
      where w.building_id in ${buildingIds} and w.opened_at <= ${at} and (w.locked_at is null or w.locked_at > ${at})
        and (w.closed_at is null or w.closed_at > ${at})
      group by w.building_id
    ), status_fire_watch as (
      select distinct on (fw.building_id) fw.building_id, fw.id from fire_watches fw
      where fw.building_id in ${buildingIds} and fw.status = 'started' order by fw.building_id, fw.id
    )`;
}

/** The joins of walkaboutStatusCtes' tables to the building whose id is `buildingId`. */
export function walkaboutStatusJoins(buildingId: SQL): SQL {
  return sql`left join status_cycles status_c on status_c.building_id = ${buildingId}
    left join status_open status_o on status_o.building_id = ${buildingId}
    left join status_fire_watch status_f on status_f.building_id = ${buildingId}`;
}

/** The walkabout status as one JSON value (WalkaboutStatusJson), from walkaboutStatusJoins' tables. */
export function walkaboutStatusColumn(_buildingId: SQL): SQL {
  return sql`json_build_array(status_c.statuses, status_c.photos, coalesce(status_o.walkabouts, 0), status_f.id,
    status_o.fire_watch_walkabout_id)`;
}

/** A UTC timestamp as PostgreSQL writes it in JSON (2026-11-28T07:02:12.704123+00:00): its parts. */
const UTC_JSON_TIMESTAMP = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?\+00:00$/;

/**
 * A timestamp of the status's JSON in the ISO form (toISOString: milliseconds, Z). A UTC one is rewritten as text,
 * its fraction cut to milliseconds as Date does, for parsing it into a Date cost 3.4 against 0.45 µs here, about a
 * hundred times for a screen of 24 buildings (issue 8); any other goes through Date.
 */
function iso(value: string | null): string | null {
  if (value === null) return null;
  const utc = UTC_JSON_TIMESTAMP.exec(value);
  if (!utc) return new Date(value).toISOString();
  return `${utc[1]}.${(utc[2] ?? '').padEnd(3, '0').slice(0, 3)}Z`;
}

export function walkaboutStatusFrom([statuses, photos, walkaboutsCount, fireWatchId, activeFireWatchWalkaboutId]: WalkaboutStatusJson): WalkaboutStatus {
  return {
    statuses: (statuses ?? []).map(([cycleId, isComplete, unsatisfactory, openedAt, lockedAt, closedAt]) => ({
      cycleId,
      isLastWalkaboutComplete: isComplete,
      lastWalkaboutUnsatisfactoryTotal: Number(unsatisfactory),
      lockedAt: iso(lockedAt),
      openedAt: iso(openedAt),
      closedAt: iso(closedAt),
    })),
    walkaboutsCount: Number(walkaboutsCount),
    unsatisfactoryPhotosCount: Number(photos ?? 0),
    fireWatchId,
    activeFireWatchWalkaboutId,
  };
}
