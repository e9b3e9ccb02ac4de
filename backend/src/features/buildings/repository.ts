import type { OffsetUnit } from '@fsi/shared';
import { and, asc, count, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  buildingCycleOffsets,
  buildings,
  buildingSuspensions,
  cycles,
  equipmentTypes,
  floors,
  locationEquipment,
  locations,
  organizations,
  regions,
  tasks,
  userBuildings,
  users,
} from '../../db/schema';
import type { Page } from '../../jsonapi/query';
import { buildingsInScope, floorsInScope, regionSubtree, type Scope } from '../../plugins/authorization';
import { walkaboutStatuses, type WalkaboutStatus } from '../walkabouts/building-status';

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
};

export type BuildingFilters = { ids?: number[]; organizationIds?: number[]; regionIds?: number[] };

export async function listBuildings(db: Database, scope: Scope, filters: BuildingFilters, page: Page) {
  const conditions: SQL[] = [buildingsInScope(scope)];
  if (filters.ids) conditions.push(inArray(buildings.id, filters.ids.length ? filters.ids : [-1]));
  if (filters.organizationIds) {
    conditions.push(inArray(buildings.organizationId, filters.organizationIds.length ? filters.organizationIds : [-1]));
  }
  if (filters.regionIds) conditions.push(inArray(buildings.regionId, filters.regionIds.length ? filters.regionIds : [-1]));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(buildings)
      .where(where)
      .orderBy(asc(buildings.organizationId), asc(buildings.order), asc(buildings.name), asc(buildings.id))
      .limit(page.size)
      .offset(page.offset),
    db.select({ value: count() }).from(buildings).where(where),
  ]);
  return { rows: await buildingViews(db, rows), total: total?.value ?? 0 };
}

export async function findBuilding(db: Database, scope: Scope, id: number) {
  const rows = await db
    .select()
    .from(buildings)
    .where(and(eq(buildings.id, id), buildingsInScope(scope)));
  return (await buildingViews(db, rows))[0];
}

function countBy<T extends { key: number | null; value: number }>(rows: T[]): Map<number, number> {
  return new Map(rows.flatMap((r) => (r.key === null ? [] : [[r.key, Number(r.value)] as const])));
}

/** The derived fields of buildings (counts, offsets, applicable cycles), computed for a page at once. */
export async function buildingViews(db: Database, rows: BuildingRow[]): Promise<BuildingView[]> {
  if (!rows.length) return [];
  const ids = rows.map((b) => b.id);
  const organizationIds = [...new Set(rows.map((b) => b.organizationId))];
  const [orgRows, floorCounts, locationCounts, cycleRows, offsetRows, applicable, userRows, permissionRows, regionRows, statuses] =
    await Promise.all([
      db.select({ id: organizations.id, name: organizations.name }).from(organizations).where(inArray(organizations.id, organizationIds)),
      db.select({ key: floors.buildingId, value: count() }).from(floors).where(inArray(floors.buildingId, ids)).groupBy(floors.buildingId),
      db
        .select({ key: locations.buildingId, value: count() })
        .from(locations)
        .where(inArray(locations.buildingId, ids))
        .groupBy(locations.buildingId),
      db
        .select()
        .from(cycles)
        .where(and(inArray(cycles.organizationId, organizationIds), isNotNull(cycles.frequency)))
        .orderBy(
          asc(sql`case ${cycles.frequency} when 'daily' then 0 when 'weekly' then 1 when 'monthly' then 2 else 3 end`),
          asc(cycles.id),
        ),
      db.select().from(buildingCycleOffsets).where(inArray(buildingCycleOffsets.buildingId, ids)),
      applicableCycles(db, ids),
      db
        .select({
          id: users.id,
          organizationId: users.organizationId,
          regionId: users.regionId,
          subscriptions: users.subscriptions,
        })
        .from(users)
        .where(and(inArray(users.organizationId, organizationIds), eq(users.isAdmin, false))),
      db
        .select({ userId: userBuildings.userId, buildingId: userBuildings.buildingId })
        .from(userBuildings)
        .innerJoin(users, eq(users.id, userBuildings.userId))
        .where(inArray(users.organizationId, organizationIds)),
      db.select({ id: regions.id, parentId: regions.parentId }).from(regions).where(inArray(regions.organizationId, organizationIds)),
      walkaboutStatuses(db, ids, new Date()),
    ]);
  const orgName = new Map(orgRows.map((o) => [o.id, o.name]));
  const floorsBy = countBy(floorCounts);
  const locationsBy = countBy(locationCounts);
  const permitted = new Map<number, Set<number>>();
  for (const p of permissionRows) permitted.set(p.userId, (permitted.get(p.userId) ?? new Set()).add(p.buildingId));
  const subtreeCache = new Map<number, number[]>();
  const subtree = (regionId: number) => {
    if (!subtreeCache.has(regionId)) subtreeCache.set(regionId, regionSubtree(regionRows, regionId));
    return subtreeCache.get(regionId)!;
  };
  // The users who can see a building: the same rule as buildingsInScope, applied from the building's side.
  const usersOf = (b: BuildingRow) =>
    userRows.filter(
      (u) =>
        u.organizationId === b.organizationId &&
        (u.regionId === null || (b.regionId !== null && subtree(u.regionId).includes(b.regionId))) &&
        (!permitted.has(u.id) || permitted.get(u.id)!.has(b.id)),
    );
  return rows.map((b) => {
    const buildingUsers = usersOf(b);
    const conditionCycles = applicable.filter((a) => a.buildingId === b.id).map(({ cycleId, cycleName }) => ({ cycleId, cycleName }));
    return {
      ...b,
      organizationName: orgName.get(b.organizationId) ?? '',
      floorsCount: floorsBy.get(b.id) ?? 0,
      locationsCount: locationsBy.get(b.id) ?? 0,
      usersCount: buildingUsers.length,
      usersWithNotificationsCount: buildingUsers.filter(
        (u) =>
          u.subscriptions.incompleteWalkaboutNotificationsBuildingIds?.includes(b.id) ||
          u.subscriptions.incompleteWalkaboutReminderBuildingIds?.includes(b.id),
      ).length,
      hasApplicableWalkaboutConditions: conditionCycles.length > 0,
      conditionCycles,
      walkaboutStatus: statuses.get(b.id)!,
      // Every repeating cycle has an offset; one never edited is the form's default, 0 hours.
      buildingOffsets: cycleRows
        .filter((c) => c.organizationId === b.organizationId)
        .map((c) => {
          const offset = offsetRows.find((o) => o.buildingId === b.id && o.cycleId === c.id);
          return {
            cycleId: c.id,
            cycleName: c.name,
            cycleShortName: c.abbreviation,
            openOffsetValue: offset?.openOffsetValue ?? 0,
            openOffsetUnit: offset?.openOffsetUnit ?? 'hour',
            closeOffsetValue: offset?.closeOffsetValue ?? 0,
            closeOffsetUnit: offset?.closeOffsetUnit ?? 'hour',
          };
        }),
    };
  });
}

/**
 * Per building, the cycles for which a walkabout would have something to inspect: an active
 * equipment type at one of its locations with an active task of that cycle, neither paused
 * nor disabled at building level (DESIGN.md "What a walkabout contains").
 */
async function applicableCycles(db: Database, buildingIds: number[]) {
  return db
    .selectDistinct({ buildingId: locations.buildingId, cycleId: cycles.id, cycleName: cycles.name })
    .from(locations)
    .innerJoin(locationEquipment, eq(locationEquipment.locationId, locations.id))
    .innerJoin(equipmentTypes, eq(equipmentTypes.id, locationEquipment.equipmentTypeId))
    .innerJoin(tasks, eq(tasks.equipmentTypeId, equipmentTypes.id))
    .innerJoin(cycles, eq(cycles.id, tasks.cycleId))
    .where(
      and(
        inArray(locations.buildingId, buildingIds),
        eq(locationEquipment.state, 'active'),
        eq(locationEquipment.disabled, false),
        eq(equipmentTypes.status, 'active'),
        eq(tasks.status, 'active'),
        sql`not exists (select 1 from ${buildingSuspensions} s where s.building_id = ${locations.buildingId}
          and (s.equipment_type_id = ${equipmentTypes.id} or s.task_id = ${tasks.id}))`,
      ),
    )
    .orderBy(asc(locations.buildingId), asc(cycles.id));
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
        .where(inArray(locations.floorId, rows.map((f) => f.id)))
        .groupBy(locations.floorId)
    : [];
  const byFloor = countBy(locationCounts);
  return { rows: rows.map((f) => ({ ...f, locationsCount: byFloor.get(f.id) ?? 0 })), total: total?.value ?? 0 };
}
