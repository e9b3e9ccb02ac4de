/**
 * Adding, renaming and reordering buildings, and a building's counters (admin-organizations-buildings.md sections 2,
 * 3, 5, 6 and 7). Changes need admin or canManageOrganization; every change raises the building's version, and a
 * write that names an older version is refused with 409 STALE, a reorder as a whole (one transaction).
 */
import {
  canManageOrganizationBuildings,
  canViewBuildingSettings,
  STALE_EDIT_MESSAGE,
  STALE_ORDER_MESSAGE,
  validateBuildingName,
} from '@fsi/shared';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { buildingCycleOffsets, buildings, cycles, equipmentTypes, floors, locationEquipment, locations, organizations, tasks } from '../../db/schema';
import { forbidden, notFound, stale, unprocessable } from '../../jsonapi/errors';
import { buildingsInScope, organizationsInScope, type Scope } from '../../plugins/authorization';

const NOT_ALLOWED = 'Only administrators and users who manage the organization may add, rename or reorder its buildings.';
/** The advisory lock class of an organization's building order (with the organization's id). */
const BUILDINGS_ORDER_LOCK = 12_001;
const NAME_POINTER = '/data/attributes/name';

function requireManage(scope: Scope): void {
  if (!canManageOrganizationBuildings(scope.isAdmin, scope.permissions)) throw forbidden(NOT_ALLOWED);
}

function requireName(name: string | null | undefined): string {
  const problem = validateBuildingName(name);
  if (problem) throw unprocessable(problem, NAME_POINTER);
  return name!.trim();
}

/**
 * POST /buildings. The organization must be the caller's (404 otherwise); a region user's building goes in their
 * region, so that it stays in what they see. Answers the new building's id.
 */
export async function createBuilding(db: Database, scope: Scope, input: { name?: string | null; organizationId: number }): Promise<number> {
  const [organization] = await db
    .select({ id: organizations.id, timeZone: organizations.timeZone })
    .from(organizations)
    .where(and(eq(organizations.id, input.organizationId), organizationsInScope(scope)));
  if (!organization) throw notFound('Organization');
  requireManage(scope);
  const name = requireName(input.name);
  return db.transaction(async (tx) => {
    // One add at a time per organization, so that two adds never take the same last place.
    await tx.execute(sql`select pg_advisory_xact_lock(${BUILDINGS_ORDER_LOCK}::int, ${organization.id}::int)`);
    const [last] = await tx
      .select({ order: sql<number>`coalesce(max(${buildings.order}), 0)::int` })
      .from(buildings)
      .where(eq(buildings.organizationId, organization.id));
    const [row] = await tx
      .insert(buildings)
      .values({
        organizationId: organization.id,
        name,
        timeZone: organization.timeZone,
        order: Number(last?.order ?? 0) + 1,
        regionId: scope.regionIds?.[0] ?? null,
      })
      .returning({ id: buildings.id });
    const repeating = await tx
      .select({ id: cycles.id })
      .from(cycles)
      .where(and(eq(cycles.organizationId, organization.id), isNotNull(cycles.every)));
    if (repeating.length) {
      await tx.insert(buildingCycleOffsets).values(
        repeating.map((cycle) => ({
          buildingId: row!.id,
          cycleId: cycle.id,
          openOffsetValue: 0,
          openOffsetUnit: 'hour' as const,
          closeOffsetValue: 0,
          closeOffsetUnit: 'hour' as const,
        })),
      );
    }
    return row!.id;
  });
}

/** PUT /buildings/{id}/attributes: the name; with `version`, a building changed since is refused (409 STALE). */
export async function renameBuilding(db: Database, scope: Scope, id: number, input: { name?: string | null; version?: number }): Promise<void> {
  const [building] = await db.select({ id: buildings.id }).from(buildings).where(and(eq(buildings.id, id), buildingsInScope(scope)));
  if (!building) throw notFound('Building');
  requireManage(scope);
  const name = requireName(input.name);
  const current = input.version === undefined ? undefined : eq(buildings.version, input.version);
  const updated = await db
    .update(buildings)
    .set({ name, version: sql`${buildings.version} + 1` })
    .where(and(eq(buildings.id, id), current))
    .returning({ id: buildings.id });
  if (!updated.length) throw stale(STALE_EDIT_MESSAGE);
}

export type OrderChange = { buildingId: number; order: number; version?: number };

/**
 * PUT /buildings/batch-update: new orders of buildings of one organization, all or none. A building out of scope is
 * a 404; buildings of several organizations, or one named twice, a 422.
 */
export async function reorderBuildings(db: Database, scope: Scope, changes: OrderChange[]): Promise<number[]> {
  if (!changes.length) return [];
  const ids = changes.map((c) => c.buildingId);
  if (new Set(ids).size !== ids.length) throw unprocessable('Each building may be named once.', '/batch_update_attributes');
  const found = await db
    .select({ id: buildings.id, organizationId: buildings.organizationId })
    .from(buildings)
    .where(and(inArray(buildings.id, ids), buildingsInScope(scope)));
  if (found.length !== ids.length) throw notFound('Building');
  if (new Set(found.map((b) => b.organizationId)).size > 1) {
    throw unprocessable('The buildings reordered together must belong to one organization.', '/batch_update_attributes');
  }
  requireManage(scope);
  await db.transaction(async (tx) => {
    for (const change of changes) {
      const current = change.version === undefined ? undefined : eq(buildings.version, change.version);
      const updated = await tx
        .update(buildings)
        .set({ order: change.order, version: sql`${buildings.version} + 1` })
        .where(and(eq(buildings.id, change.buildingId), current))
        .returning({ id: buildings.id });
      // Thrown inside the transaction: nothing of the batch stays.
      if (!updated.length) throw stale(STALE_ORDER_MESSAGE);
    }
  });
  return ids;
}

export type BuildingCounters = {
  floors_count: number;
  locations_count: number;
  types_count: number;
  tasks_count: number;
  organization_name: string;
  building_name: string;
};

/** GET /buildings/{id}/associations-counters, in one statement: each count a subquery on its table's index. */
export async function buildingCounters(db: Database, scope: Scope, id: number): Promise<BuildingCounters> {
  const activeLocations = sql`select ${locations.id} from ${locations} where ${locations.buildingId} = ${buildings.id} and ${locations.deletedAt} is null`;
  const typesHere = sql`select distinct ${locationEquipment.equipmentTypeId} from ${locationEquipment} where ${locationEquipment.locationId} in (${activeLocations})`;
  const [row] = await db
    .select({
      building_name: buildings.name,
      organization_name: organizations.name,
      floors_count: sql<number>`(select count(*) from ${floors} where ${floors.buildingId} = ${buildings.id})::int`,
      locations_count: sql<number>`(select count(*) from (${activeLocations}) l)::int`,
      types_count: sql<number>`(select count(*) from ${equipmentTypes} where ${equipmentTypes.id} in (${typesHere}))::int`,
      tasks_count: sql<number>`(select count(*) from ${tasks} where ${tasks.equipmentTypeId} in (${typesHere}))::int`,
    })
    .from(buildings)
    .innerJoin(organizations, eq(organizations.id, buildings.organizationId))
    .where(and(eq(buildings.id, id), buildingsInScope(scope)));
  if (!row) throw notFound('Building');
  if (!canViewBuildingSettings(scope.isAdmin, scope.permissions)) throw forbidden();
  return {
    ...row,
    floors_count: Number(row.floors_count),
    locations_count: Number(row.locations_count),
    types_count: Number(row.types_count),
    tasks_count: Number(row.tasks_count),
  };
}
