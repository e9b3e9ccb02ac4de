import type { OffsetUnit } from '@fsi/shared';
import { and, asc, count, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
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
import { preparedRows } from '../../db/raw';
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
  const { rows, total } = await selectBuildingViews(db, where, page, new Date());
  if (rows.length || page.offset === 0) return { rows, total };
  // A page past the end has no row to carry the total: count apart (the only case with a second statement).
  const [counted] = await db.select({ value: count() }).from(buildings).where(where);
  return { rows, total: counted?.value ?? 0 };
}

export async function findBuilding(db: Database, scope: Scope, id: number) {
  const { rows } = await selectBuildingViews(db, and(eq(buildings.id, id), buildingsInScope(scope))!, null, new Date());
  return rows[0];
}

type DerivedRecord = { id: number; derived: DerivedJson | string };

type DerivedJson = {
  organizationName: string;
  floorsCount: number;
  locationsCount: number;
  usersCount: number;
  usersWithNotificationsCount: number;
  conditionCycles: { cycleId: number; cycleName: string }[] | null;
  buildingOffsets: BuildingOffset[] | null;
  walkaboutStatus: WalkaboutStatusJson;
  followUps: FollowUpCountsJson;
  documentsCount: number;
  fireSafetyPlan: FireSafetyPlan | null;
};

const parsedJson = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/**
 * Per building of the ids $1 (integer[]) at the time $2 (timestamptz), one JSON value with
 * everything derived about it: its organization's name, floor and location counts, the users who
 * can see it (the rule of buildingsInScope from the building's side: a region user through the
 * building region's ancestors, a user with building permissions through them), the cycles its
 * walkabouts would inspect, its offsets per repeating cycle and its walkabout status. One statement
 * whatever the number of buildings, each table read once for all of them, and prepared
 * (preparedRows): planning it cost more than running it.
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
        select l.building_id, count(*) as n from ${locations} l where l.building_id in (select id from page) and l.deleted_at is null group by l.building_id
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
      ), applicable as (
        select a.building_id, json_agg(json_build_object('cycleId', a.id, 'cycleName', a.name) order by a.id) as cycles
        from (${applicableCycles(sql`(select id from page)`)}) a group by a.building_id
      ), offsets as (
        select p.id as building_id, json_agg(json_build_object(
            'cycleId', c.id, 'cycleName', c.name, 'cycleShortName', c.abbreviation,
            'openOffsetValue', coalesce(bo.open_offset_value, 0), 'openOffsetUnit', coalesce(bo.open_offset_unit, 'hour'),
            'closeOffsetValue', coalesce(bo.close_offset_value, 0), 'closeOffsetUnit', coalesce(bo.close_offset_unit, 'hour'))
            order by case c.frequency when 'daily' then 0 when 'weekly' then 1 when 'monthly' then 2 else 3 end, c.id) as offsets
        from page p join ${cycles} c on c.organization_id = p.organization_id and c.frequency is not null
          left join ${buildingCycleOffsets} bo on bo.building_id = p.id and bo.cycle_id = c.id
        group by p.id
      ), document_counts as (
        select d.building_id, count(*) as n from ${documents} d
        where d.building_id in (select id from page) and d.entry_id is null and d.location_comment_id is null group by d.building_id
      ), fire_safety_plans as (
        select distinct on (d.building_id) d.building_id, json_build_object('id', d.id, 'name', d.name, 'uploadKey', u.key, 'mimetype', u.mimetype) as plan
        from ${documents} d join ${uploads} u on u.id = d.upload_id
        where d.building_id in (select id from page) and d.entry_id is null and d.location_comment_id is null and d.category = 'Fire Safety Plan'
        order by d.building_id, d.created_at desc, d.id desc
      ), ${walkaboutStatusCtes(sql`(select id from page)`, sql.raw('$2::timestamptz'))},
      ${followUpItemCtes(sql`(select id from page)`, sql.raw('$2::timestamptz'))}
      select p.id,
        json_build_object(
          'organizationName', o.name,
          'floorsCount', coalesce(fc.n, 0),
          'locationsCount', coalesce(lc.n, 0),
          'usersCount', coalesce(uc.n, 0),
          'usersWithNotificationsCount', coalesce(uc.notified, 0),
          'conditionCycles', ac.cycles,
          'buildingOffsets', bo.offsets,
          'walkaboutStatus', ${walkaboutStatusColumn(sql`p.id`)},
          'followUps', ${followUpCountsColumn},
          'documentsCount', coalesce(dc.n, 0),
          'fireSafetyPlan', fsp.plan
        ) as derived
      from page p join ${organizations} o on o.id = p.organization_id
        left join floor_counts fc on fc.building_id = p.id
        left join location_counts lc on lc.building_id = p.id
        left join user_counts uc on uc.building_id = p.id
        left join applicable ac on ac.building_id = p.id
        left join offsets bo on bo.building_id = p.id
        left join document_counts dc on dc.building_id = p.id
        left join fire_safety_plans fsp on fsp.building_id = p.id
        ${walkaboutStatusJoins(sql`p.id`)}
        ${followUpCountsJoin(sql`p.id`)}`;

/** Buildings matching `where` (a condition on the buildings table) with their derived fields: a page also carries the total of the filter (a window count). */
async function selectBuildingViews(db: Database, where: SQL, page: Page | null, now: Date): Promise<{ rows: BuildingView[]; total: number }> {
  const query = db
    .select({ building: buildings, total: sql<number>`(count(*) over ())::int` })
    .from(buildings)
    .where(where)
    .orderBy(asc(buildings.organizationId), asc(buildings.order), asc(buildings.name), asc(buildings.id));
  const found = await (page ? query.limit(page.size).offset(page.offset) : query);
  if (!found.length) return { rows: [], total: 0 };
  const derived = await preparedRows<DerivedRecord>(db, 'building_views', derivedStatement, [found.map((r) => r.building.id), now]);
  const byId = new Map(derived.map((r) => [r.id, parsedJson(r.derived)]));
  const rows = found.map(({ building }): BuildingView => {
    const d = byId.get(building.id)!;
    const conditionCycles = d.conditionCycles ?? [];
    return {
      ...building,
      organizationName: d.organizationName,
      floorsCount: Number(d.floorsCount),
      locationsCount: Number(d.locationsCount),
      usersCount: Number(d.usersCount),
      usersWithNotificationsCount: Number(d.usersWithNotificationsCount),
      hasApplicableWalkaboutConditions: conditionCycles.length > 0,
      conditionCycles,
      // Every repeating cycle has an offset; one never edited is the form's default, 0 hours.
      buildingOffsets: d.buildingOffsets ?? [],
      walkaboutStatus: walkaboutStatusFrom(d.walkaboutStatus),
      followUps: followUpCountsFrom(d.followUps),
      documentsCount: Number(d.documentsCount),
      fireSafetyPlan: d.fireSafetyPlan,
    };
  });
  return { rows, total: found[0]!.total };
}

/**
 * Per building of `buildingIds` (a subquery of the enclosing statement), the cycles for which a
 * walkabout would have something to inspect: an active equipment type at one of its locations
 * with an active task of that cycle, neither paused nor disabled at building level nor left out by the building's
 * walkabout applicability (DESIGN.md "What a walkabout contains"; the snapshot's applicableTask). Columns building_id, id and name, distinct.
 */
function applicableCycles(buildingIds: SQL): SQL {
  return sql`select distinct l.building_id, c.id, c.name from ${locations} l
    join ${locationEquipment} le on le.location_id = l.id
    join ${equipmentTypes} et on et.id = le.equipment_type_id
    join ${tasks} t on t.equipment_type_id = et.id
    join ${cycles} c on c.id = t.cycle_id
    where l.building_id in ${buildingIds} and le.state = 'active' and not le.disabled and et.status = 'active' and t.status = 'active'
      -- The snapshot's rule (walkabouts/snapshot.ts): a deleted location and a disabled component's tasks are left out.
      and l.deleted_at is null
      and (t.component_id is null or exists (select 1 from equipment_components ec where ec.id = t.component_id and not ec.disabled))
      and not exists (select 1 from ${buildingSuspensions} s where s.building_id = l.building_id
        and (s.equipment_type_id = et.id or s.task_id = t.id))
      and not exists (select 1 from ${buildingTaskApplicability} a where a.building_id = l.building_id
        and a.equipment_type_id = et.id and not (t.id = any(a.task_ids)))`;
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
