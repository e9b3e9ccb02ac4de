import type { OffsetUnit } from '@fsi/shared';
import { and, asc, count, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { clientOf, type Database } from '../../db/client';
import {
  buildingCycleOffsets,
  buildings,
  buildingSuspensions,
  buildingTaskApplicability,
  cycles,
  documents,
  equipmentTypes,
  floors,
  locationEquipment,
  locations,
  organizations,
  regions,
  tasks,
  uploads,
  userBuildings,
  users,
} from '../../db/schema';
import type { Page } from '../../jsonapi/query';
import { buildingsInScope, floorsInScope, type Scope } from '../../plugins/authorization';
import { columnsOf, fixedSql, jsonRows, preparedRows, queryRows, rowsFromJson, type JsonRows } from '../../db/raw';
import { followUpCountsColumn, followUpCountsFrom, followUpCountsJoin, followUpItemCtes, type FollowUpCounts, type FollowUpCountsJson } from '../failure-reports/items';
import { walkaboutStatusColumn, walkaboutStatusCtes, walkaboutStatusFrom, walkaboutStatusJoins, type WalkaboutStatus, type WalkaboutStatusJson } from '../walkabouts/building-status';

export type BuildingRow = typeof buildings.$inferSelect;
export type BuildingOffset = {
  cycleId: number;
  cycleName: string;
  cycleShortName: string;
  openOffsetValue: number;
  openOffsetUnit: OffsetUnit;
  closeOffsetValue: number;
  closeOffsetUnit: OffsetUnit;
};
export type BuildingView = BuildingRow & {
  organizationName: string;
  floorsCount: number;
  locationsCount: number;
  usersCount: number;
  usersWithNotificationsCount: number;
  hasApplicableWalkaboutConditions: boolean;
  conditionCycles: { cycleId: number; cycleName: string }[];
  buildingOffsets: BuildingOffset[];
  walkaboutStatus: WalkaboutStatus;
  followUps: FollowUpCounts;
  /** The building's own documents (not failure items'). */
  documentsCount: number;
  /** The latest document of the Fire Safety Plan category: the plan the building card links to. */
  fireSafetyPlan: FireSafetyPlan | null;
};

export type FireSafetyPlan = { id: number; name: string; uploadKey: string; mimetype: string };

export type BuildingFilters = { ids?: number[]; organizationIds?: number[]; regionIds?: number[] };

export async function listBuildings(db: Database, scope: Scope, filters: BuildingFilters, page: Page) {
  const conditions: SQL[] = [buildingsInScope(scope)];
  if (filters.ids) conditions.push(inArray(buildings.id, filters.ids.length ? filters.ids : [-1]));
  if (filters.organizationIds) {
    conditions.push(inArray(buildings.organizationId, filters.organizationIds.length ? filters.organizationIds : [-1]));
  }
  if (filters.regionIds) conditions.push(inArray(buildings.regionId, filters.regionIds.length ? filters.regionIds : [-1]));
  const where = and(...conditions)!;
  return selectBuildingViews(db, where, page, new Date());
}

export async function findBuilding(db: Database, scope: Scope, id: number) {
  const { rows } = await selectBuildingViews(db, and(eq(buildings.id, id), buildingsInScope(scope))!, null, new Date());
  return rows[0];
}

/**
 * What the database state a statement reads is, as text: its snapshot (pg_current_snapshot), which names the
 * transactions whose writes it sees. Two statements with the same snapshot read the same rows, for a transaction is
 * given its id when it first writes and a new id moves the snapshot on, and the same set of them is committed. Null
 * inside a transaction that has written: what it reads may yet be rolled back, and its snapshot does not say so.
 */
const readSnapshot = sql.raw('case when txid_current_if_assigned() is null then pg_current_snapshot()::text end');

type DerivedRecord = { id: number; derived: DerivedJson | string; valid_until: number | null; snapshot: string | null };

/** A cycle of the building's organization: id, name, short name, and whether it repeats (has a frequency). */
type CycleJson = [id: number, name: string, shortName: string, repeats: boolean];
/** An offset edited for the building: its cycle, open value and unit, close value and unit. */
type OffsetJson = [cycleId: number, openValue: number, openUnit: OffsetUnit, closeValue: number, closeUnit: OffsetUnit];

/**
 * What derivedStatement answers of a building, in this order: an array rather than an object, whose keys PGlite builds
 * at some microseconds each. `cycles` holds every cycle of the organization, the repeating ones in the order of the
 * building's offsets (daily, weekly, monthly, then the others; by id); `conditionCycleIds` the cycles its walkabouts
 * would inspect, by id; `offsets` those edited for it.
 */
type DerivedJson = [
  organizationName: string,
  floorsCount: number,
  locationsCount: number,
  usersCount: number,
  usersWithNotificationsCount: number,
  cycles: CycleJson[] | null,
  conditionCycleIds: number[] | null,
  offsets: OffsetJson[] | null,
  walkaboutStatus: WalkaboutStatusJson,
  followUps: FollowUpCountsJson,
  documentsCount: number,
  fireSafetyPlan: FireSafetyPlan | null,
];

const parsedJson = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/**
 * Per building of the page, the ids of the cycles for which a walkabout would have something to inspect
 * (applicable: building_id, cycle_ids, by id): an active equipment type at one of its locations with an active task of
 * that cycle, neither paused nor disabled at building level nor left out by the building's walkabout applicability
 * (DESIGN.md "What a walkabout contains"; the snapshot's applicableTask, walkabouts/snapshot.ts: a deleted location
 * and a disabled component's tasks are left out too). Nothing of that rule but the type depends on the location, so
 * each building's locations are read once, through their building_id index (a lateral per building), for the
 * distinct types they hold (materialized: computed once, before the tasks are joined to them); the tasks are then
 * those of a few types, not of every location, and no other building or organization is read.
 */
const applicableCycleCtes = sql`building_types as materialized (
        select p.id as building_id, p.organization_id, bt.equipment_type_id from page p
          cross join lateral (select distinct le.equipment_type_id from ${locations} l join ${locationEquipment} le on le.location_id = l.id
            where l.building_id = p.id and l.deleted_at is null and le.state = 'active' and not le.disabled) bt
      ), applicable as (
        select a.building_id, json_agg(a.cycle_id order by a.cycle_id) as cycle_ids from (
          select distinct bt.building_id, t.cycle_id from building_types bt
            join ${equipmentTypes} et on et.id = bt.equipment_type_id and et.status = 'active'
            join ${tasks} t on t.equipment_type_id = et.id and t.status = 'active'
            join ${cycles} c on c.id = t.cycle_id and c.organization_id = bt.organization_id
          where (t.component_id is null or exists (select 1 from equipment_components ec where ec.id = t.component_id and not ec.disabled))
            and not exists (select 1 from ${buildingSuspensions} s where s.building_id = bt.building_id
              and (s.equipment_type_id = et.id or s.task_id = t.id))
            and not exists (select 1 from ${buildingTaskApplicability} a where a.building_id = bt.building_id
              and a.equipment_type_id = et.id and not (t.id = any(a.task_ids)))
        ) a group by a.building_id
      )`;

/**
 * Per building of the ids $1 (integer[]) at the time $2 (timestamptz), one JSON value with
 * everything derived about it: its organization's name, floor and location counts, the users who
 * can see it (the rule of buildingsInScope from the building's side: a region user through the
 * building region's ancestors, a user with building permissions through them), the cycles its
 * walkabouts would inspect, its offsets per repeating cycle and its walkabout status. One statement
 * whatever the number of buildings, each table read once for all of them, and prepared
 * (preparedRows): planning it cost more than running it. The cycles' names and the offsets'
 * defaults are joined in JavaScript (buildingCycles): the organization's cycles are listed once
 * per organization and a building brings only its cycle ids and edited offsets, for building a
 * JSON object per building and cycle cost PGlite about 5 µs each (issue 8 point 4).
 */
const derivedStatement = sql`with recursive page as (
        select b.id, b.organization_id, b.region_id from ${buildings} b where b.id = any(${sql.raw('$1::integer[]')})
      ), ancestors (region_id, ancestor_id, depth) as (
        select r.id, r.id, 0 from ${regions} r where r.id in (select p.region_id from page p)
        union all
        select a.region_id, r.parent_id, a.depth + 1 from ancestors a join ${regions} r on r.id = a.ancestor_id
        where r.parent_id is not null and a.depth < 50
      ), floor_counts as (
        select f.building_id, count(*) as n from ${floors} f where f.building_id in (select id from page) group by f.building_id
      ), location_counts as (
        -- Per building through its index (a lateral), whatever the number of the other buildings' locations.
        select p.id as building_id, n.n from page p
          cross join lateral (select count(*) as n from ${locations} l where l.building_id = p.id and l.deleted_at is null) n
      ), permitted as (
        select ub.user_id, array_agg(ub.building_id) as building_ids from ${userBuildings} ub
        where ub.user_id in (select u.id from ${users} u where u.organization_id in (select organization_id from page))
        group by ub.user_id
      ), user_counts as (
        select p.id as building_id, count(*) as n, count(*) filter (where
            u.subscriptions -> 'incompleteWalkaboutNotificationsBuildingIds' @> to_jsonb(p.id)
            or u.subscriptions -> 'incompleteWalkaboutReminderBuildingIds' @> to_jsonb(p.id)) as notified
        from page p join ${users} u on u.organization_id = p.organization_id and not u.is_admin
          left join permitted pm on pm.user_id = u.id
        where (u.region_id is null or exists (select 1 from ancestors a where a.region_id = p.region_id and a.ancestor_id = u.region_id))
          and (pm.building_ids is null or p.id = any(pm.building_ids))
        group by p.id
      ), ${applicableCycleCtes}, cycle_lists as (
        select c.organization_id, json_agg(json_build_array(c.id, c.name, c.abbreviation, c.frequency is not null)
            order by case c.frequency when 'daily' then 0 when 'weekly' then 1 when 'monthly' then 2 else 3 end, c.id) as cycles
        from ${cycles} c where c.organization_id in (select organization_id from page) group by c.organization_id
      ), offsets as (
        select bo.building_id, json_agg(json_build_array(bo.cycle_id, bo.open_offset_value, bo.open_offset_unit, bo.close_offset_value, bo.close_offset_unit)) as offsets
        from ${buildingCycleOffsets} bo where bo.building_id in (select id from page) group by bo.building_id
      ), document_counts as (
        select d.building_id, count(*) as n from ${documents} d
        where d.building_id in (select id from page) and d.entry_id is null and d.location_comment_id is null group by d.building_id
      ), fire_safety_plans as (
        select distinct on (d.building_id) d.building_id, json_build_object('id', d.id, 'name', d.name, 'uploadKey', u.key, 'mimetype', u.mimetype) as plan
        from ${documents} d join ${uploads} u on u.id = d.upload_id
        where d.building_id in (select id from page) and d.entry_id is null and d.location_comment_id is null and d.category = 'Fire Safety Plan'
        order by d.building_id, d.created_at desc, d.id desc
      ), ${walkaboutStatusCtes(sql`(select id from page)`, sql.raw('$2::timestamptz'))},
      ${followUpItemCtes(sql`(select id from page)`, sql.raw('$2::timestamptz'))},
      -- The times after $2 at which a comparison above with $2 turns (derivedOf): the building's walkabouts
      -- opening, locking and closing, its location comments' creation.
      next_changes as (
        select w.building_id, min(t.at) as at from walkabouts w
          cross join lateral (values (w.opened_at), (w.locked_at), (w.closed_at)) t (at)
        where w.building_id in (select id from page) and t.at > ${sql.raw('$2::timestamptz')} group by w.building_id
        union all
        select l.building_id, min(lc.created_at) from location_comments lc join ${locations} l on l.id = lc.location_id
        where l.building_id in (select id from page) and lc.created_at > ${sql.raw('$2::timestamptz')} group by l.building_id
      ), valid_until as (
        select nc.building_id, floor(extract(epoch from min(nc.at)) * 1000)::float8 as at from next_changes nc group by nc.building_id
      )
      select p.id, vu.at as valid_until, (select ${readSnapshot}) as snapshot,
        -- DerivedJson, in its order.
        json_build_array(
          o.name,
          coalesce(fc.n, 0),
          coalesce(lc.n, 0),
          coalesce(uc.n, 0),
          coalesce(uc.notified, 0),
          cl.cycles,
          ac.cycle_ids,
          bo.offsets,
          ${walkaboutStatusColumn(sql`p.id`)},
          ${followUpCountsColumn},
          coalesce(dc.n, 0),
          fsp.plan
        ) as derived
      from page p join ${organizations} o on o.id = p.organization_id
        left join floor_counts fc on fc.building_id = p.id
        left join location_counts lc on lc.building_id = p.id
        left join user_counts uc on uc.building_id = p.id
        left join applicable ac on ac.building_id = p.id
        left join cycle_lists cl on cl.organization_id = p.organization_id
        left join offsets bo on bo.building_id = p.id
        left join document_counts dc on dc.building_id = p.id
        left join fire_safety_plans fsp on fsp.building_id = p.id
        left join valid_until vu on vu.building_id = p.id
        ${walkaboutStatusJoins(sql`p.id`)}
        ${followUpCountsJoin(sql`p.id`)}`;

/** A page's buildings (selectBuildingViews), in the lists' order (the index on these columns). */
const pageColumns = columnsOf(buildings, 'page_rows');
/** The page's rows as one JSON value, in the lists' order (jsonRows), written out once (fixedSql). */
const pageRowsJson = fixedSql(jsonRows(pageColumns, sql`${pageColumns.organizationId}, ${pageColumns.order}, ${pageColumns.name}, ${pageColumns.id}`));
const listOrder = fixedSql(sql`${buildings.organizationId}, ${buildings.order}, ${buildings.name}, ${buildings.id}`);

/**
 * Buildings matching `where` (a condition on the buildings table) with their derived fields: a page also carries the
 * total of the filter, and the snapshot it was read at (readSnapshot; null with no row).
 */
async function selectBuildingViews(
  db: Database,
  where: SQL,
  page: Page | null,
  now: Date,
): Promise<{ rows: BuildingView[]; total: number; snapshot: string | null }> {
  // The total of a page counted apart (a subquery run once, on the organization's index) rather than by a window over
  // the rows: the window had every matching row read and sorted, where the page, read in the index's order, stops
  // at its last row.
  const total = page ? sql<number>`(select count(*) from ${buildings} where ${where})::int` : sql<number>`0`;
  const limit = page ? sql`limit ${page.size} offset ${page.offset}` : sql``;
  // The page's rows as one JSON value (jsonRows): read field by field, 500 buildings took 10.6 ms against 5.2 (PGlite).
  const [answer] = await queryRows<{ rows: JsonRows; total: number; snapshot: string | null }>(
    db,
    sql`select ${pageRowsJson} as rows, ${total} as total, (select ${readSnapshot}) as snapshot
      from (select * from ${buildings} where ${where} order by ${listOrder} ${limit}) as page_rows`,
  );
  const found = rowsFromJson<typeof buildings.$inferSelect>(pageColumns, answer!.rows);
  // A page past the end still has its total (the statement answers one row, whatever the page).
  if (!found.length) return { rows: [], total: page ? answer!.total : 0, snapshot: null };
  const byId = await derivedOf(db, found.map((building) => building.id), answer!.snapshot, now);
  const rows = found.map((building): BuildingView => {
    const [organizationName, floorsCount, locationsCount, usersCount, usersWithNotificationsCount, cycleList, conditionCycleIds, offsets, walkaboutStatus, followUps, documentsCount, fireSafetyPlan] =
      byId.get(building.id)!;
    const { conditionCycles, buildingOffsets } = buildingCycles(cycleList, conditionCycleIds, offsets);
    // Object.assign rather than a spread followed by more properties: V8 (Node 20) builds the latter through a new
    // hidden class per object, about 20 µs a building here against 1 µs (issue 8 point 4); the keys come out in the same order.
    return Object.assign({}, building, {
      organizationName,
      floorsCount: Number(floorsCount),
      locationsCount: Number(locationsCount),
      usersCount: Number(usersCount),
      usersWithNotificationsCount: Number(usersWithNotificationsCount),
      hasApplicableWalkaboutConditions: conditionCycles.length > 0,
      conditionCycles,
      buildingOffsets,
      walkaboutStatus: walkaboutStatusFrom(walkaboutStatus),
      followUps: followUpCountsFrom(followUps),
      documentsCount: Number(documentsCount),
      fireSafetyPlan,
    });
  });
  return { rows, total: page ? answer!.total : rows.length, snapshot: answer!.snapshot };
}

/** At most this many buildings' derived values are kept per database: past it, the cache starts again. */
const MAX_CACHED = 5_000;

type CachedDerived = { derived: DerivedJson; readAt: number; validUntil: number };
/** Per database client, the derived values read at one snapshot (derivedOf). */
const derivedCaches = new WeakMap<object, { snapshot: string | null; entries: Map<number, CachedDerived> }>();

/**
 * The derived values of the buildings `ids` (derivedStatement) at `now`, for a page read at `snapshot` (readSnapshot).
 * A building's values are kept (issue 8: the statement was most of the buildings screen's database time) and served
 * again while the database reads at the same snapshot, that is while nothing has been committed since (every write of
 * any table, by this process or another, through any route, moves it on), and while `now` is before the first time
 * a comparison of the statement with its time turns (next_changes: a walkabout opening, locking or closing, a location
 * comment's creation). Then what is served is what the statement would answer: the cache changes when the work is
 * done, not what is seen. Not used inside a transaction that has written (no snapshot), nor filled by a statement
 * whose snapshot is not the page's (something was committed between the two). The values are the building's alone
 * (no caller's scope is in them: the page was chosen within it), so the key is the building's id.
 */
async function derivedOf(db: Database, ids: number[], snapshot: string | null, now: Date): Promise<Map<number, DerivedJson>> {
  const client = clientOf(db);
  let cache = derivedCaches.get(client);
  if (!cache) derivedCaches.set(client, (cache = { snapshot: null, entries: new Map() }));
  if (snapshot !== null && cache.snapshot !== snapshot) {
    cache.snapshot = snapshot;
    cache.entries.clear();
  }
  const at = now.getTime();
  const byId = new Map<number, DerivedJson>();
  const missing: number[] = [];
  for (const id of ids) {
    const kept = snapshot === null ? undefined : cache.entries.get(id);
    if (kept && at >= kept.readAt && at < kept.validUntil) byId.set(id, kept.derived);
    else missing.push(id);
  }
  if (!missing.length) return byId;
  const read = await preparedRows<DerivedRecord>(db, 'building_views', derivedStatement, [missing, now]);
  const keep = snapshot !== null && cache.snapshot === snapshot;
  if (keep && cache.entries.size + read.length > MAX_CACHED) cache.entries.clear();
  for (const row of read) {
    const derived = parsedJson(row.derived);
    byId.set(row.id, derived);
    if (keep && row.snapshot === snapshot) cache.entries.set(row.id, { derived, readAt: at, validUntil: row.valid_until ?? Infinity });
  }
  return byId;
}

/**
 * The building's condition cycles ({cycleId, cycleName}, by id) and its offsets: one per repeating cycle of its
 * organization, in the order of cycle_lists; one never edited is the form's default, 0 hours.
 */
function buildingCycles(
  cycles: CycleJson[] | null,
  conditionCycleIds: number[] | null,
  offsets: OffsetJson[] | null,
): Pick<BuildingView, 'conditionCycles' | 'buildingOffsets'> {
  const cycleList = cycles ?? [];
  const names = new Map(cycleList.map(([id, name]) => [id, name]));
  const edited = new Map((offsets ?? []).map((o) => [o[0], o]));
  return {
    conditionCycles: (conditionCycleIds ?? []).map((cycleId) => ({ cycleId, cycleName: names.get(cycleId)! })),
    buildingOffsets: cycleList
      .filter(([, , , repeats]) => repeats)
      .map(([cycleId, cycleName, cycleShortName]) => {
        const offset = edited.get(cycleId);
        return {
          cycleId,
          cycleName,
          cycleShortName,
          openOffsetValue: offset?.[1] ?? 0,
          openOffsetUnit: offset?.[2] ?? 'hour',
          closeOffsetValue: offset?.[3] ?? 0,
          closeOffsetUnit: offset?.[4] ?? 'hour',
        };
      }),
  };
}

function countBy<T extends { key: number | null; value: number }>(rows: T[]): Map<number, number> {
  return new Map(rows.flatMap((r) => (r.key === null ? [] : [[r.key, Number(r.value)] as const])));
}

export async function listFloors(db: Database, scope: Scope, buildingId: number, ids: number[] | undefined, page: Page) {
  const conditions: SQL[] = [eq(floors.buildingId, buildingId), floorsInScope(scope, db)];
  if (ids) conditions.push(inArray(floors.id, ids.length ? ids : [-1]));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db.select().from(floors).where(where).orderBy(asc(floors.order), asc(floors.id)).limit(page.size).offset(page.offset),
    db.select({ value: count() }).from(floors).where(where),
  ]);
  const locationCounts = rows.length
    ? await db
        .select({ key: locations.floorId, value: count() })
        .from(locations)
        .where(and(inArray(locations.floorId, rows.map((f) => f.id)), isNull(locations.deletedAt)))
        .groupBy(locations.floorId)
    : [];
  const byFloor = countBy(locationCounts);
  return { rows: rows.map((f) => ({ ...f, locationsCount: byFloor.get(f.id) ?? 0 })), total: total?.value ?? 0 };
}
