/**
 * What a building card shows of its walkabouts and fire watch (inspection.md section 2,
 * Buildings; section 3 Building): per cycle, the last walkabout's completeness and unsatisfactory
 * total with its open, lock and close times; the open walkabouts; an active fire watch and its
 * walkabout. Computed for a page of buildings in a few grouped queries.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { queryRows } from '../../db/raw';
import { figuresOf } from './repository';

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

type LastWalkabout = {
  id: number;
  building_id: number;
  cycle_id: number;
  opened_at: string | Date;
  locked_at: string | Date | null;
  closed_at: string | Date | null;
  final_is_complete: boolean | null;
  final_unsatisfactory_count: number | null;
};

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());
const idList = (ids: number[]) => sql`${`{${ids.join(',')}}`}::integer[]`;

export async function walkaboutStatuses(db: Database, buildingIds: number[], now: Date): Promise<Map<number, WalkaboutStatus>> {
  const result = new Map<number, WalkaboutStatus>();
  if (!buildingIds.length) return result;
  const at = now.toISOString();
  const ids = idList(buildingIds);
  const open = sql`w.opened_at <= ${at} and (w.locked_at is null or w.locked_at > ${at}) and (w.closed_at is null or w.closed_at > ${at})`;
  const [last, openCounts, fireWatchRows, fireWatchWalkabouts] = await Promise.all([
    queryRows<LastWalkabout>(
      db,
      sql`select distinct on (w.building_id, w.cycle_id) w.id, w.building_id, w.cycle_id, w.opened_at, w.locked_at, w.closed_at,
          w.final_is_complete, w.final_unsatisfactory_count
        from walkabouts w where w.building_id = any(${ids}) and w.opened_at <= ${at} and not w.is_fire_watch
        order by w.building_id, w.cycle_id, w.opened_at desc, w.id desc`,
    ),
    queryRows<{ building_id: number; count: number }>(
      db,
      sql`select w.building_id, count(*)::int as count from walkabouts w where w.building_id = any(${ids}) and ${open} group by w.building_id`,
    ),
    queryRows<{ building_id: number; id: number }>(
      db,
      sql`select building_id, id from fire_watches where building_id = any(${ids}) and status = 'started'`,
    ),
    queryRows<{ building_id: number; id: number }>(
      db,
      sql`select distinct on (w.building_id) w.building_id, w.id from walkabouts w
        where w.building_id = any(${ids}) and w.is_fire_watch and ${open} order by w.building_id, w.opened_at desc`,
    ),
  ]);
  const lastIds = last.map((w) => w.id);
  const [figures, photos] = await Promise.all([
    figuresOf(db, lastIds),
    lastIds.length
      ? queryRows<{ building_id: number; count: number }>(
          db,
          sql`select w.building_id, count(*)::int as count from conditions c join walkabouts w on w.id = c.walkabout_id
            where c.walkabout_id = any(${idList(lastIds)}) and c.satisfaction = 'unsatisfactory' and c.photo_url is not null
            group by w.building_id`,
        )
      : Promise.resolve([]),
  ]);
  for (const buildingId of buildingIds) {
    result.set(buildingId, {
      statuses: last
        .filter((w) => w.building_id === buildingId)
        .map((w) => {
          const f = figures.get(w.id) ?? { conditionsCount: 0, markedCount: 0, unsatisfactoryCount: 0 };
          return {
            cycleId: w.cycle_id,
            // Frozen when the walkabout locked; live before that.
            isLastWalkaboutComplete: w.final_is_complete ?? (f.conditionsCount > 0 && f.markedCount === f.conditionsCount),
            lastWalkaboutUnsatisfactoryTotal: w.final_unsatisfactory_count ?? f.unsatisfactoryCount,
            lockedAt: iso(w.locked_at),
            openedAt: iso(w.opened_at),
            closedAt: iso(w.closed_at),
          };
        }),
      walkaboutsCount: openCounts.find((r) => r.building_id === buildingId)?.count ?? 0,
      unsatisfactoryPhotosCount: photos.find((r) => r.building_id === buildingId)?.count ?? 0,
      fireWatchId: fireWatchRows.find((r) => r.building_id === buildingId)?.id ?? null,
      activeFireWatchWalkaboutId: fireWatchWalkabouts.find((r) => r.building_id === buildingId)?.id ?? null,
    });
  }
  return result;
}
