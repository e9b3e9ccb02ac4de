/**
 * Adding, renaming and reordering a building's floors (admin-organizations-buildings.md sections 2, 4-7). Each change
 * raises the floor's version; a change naming an older version than the stored one is refused with 409 STALE, so
 * that of two administrators arranging the same floors the second is told rather than silently undoing the first.
 */
import { canManageFloors, FLOOR_NOT_OF_BUILDING_MESSAGE, NOT_ALLOWED_TO_MANAGE_FLOORS_MESSAGE, STALE_EDIT_MESSAGE, STALE_ORDER_MESSAGE, validateFloorName } from '@fsi/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { floors } from '../../db/schema';
import { FieldErrors, HttpError, notFound, type FieldError } from '../../jsonapi/errors';
import { floorsInScope, requirePermission, type Scope } from '../../plugins/authorization';
import { findBuilding } from '../buildings/repository';

const NAME_POINTER = '/data/attributes/name';

/** The building of the path, within the caller's scope (404 otherwise), and the right to change its floors (403). */
async function manageableBuilding(db: Database, scope: Scope, buildingId: number) {
  const building = await findBuilding(db, scope, buildingId);
  if (!building) throw notFound('Building');
  requirePermission(scope, canManageFloors(scope.isAdmin, scope.permissions), NOT_ALLOWED_TO_MANAGE_FLOORS_MESSAGE);
  return building;
}

function requireName(name: string | null | undefined): string {
  const problem = validateFloorName(name);
  if (problem) throw new FieldErrors([{ pointer: NAME_POINTER, detail: problem }]);
  return name!.trim();
}

/** POST /buildings/{id}/floor: the new floor goes after the building's last one. Answers its id. */
export async function createFloor(db: Database, scope: Scope, buildingId: number, input: { name?: string | null; building_id?: number | string }): Promise<number> {
  await manageableBuilding(db, scope, buildingId);
  if (input.building_id !== undefined && Number(input.building_id) !== buildingId) {
    throw new FieldErrors([{ pointer: '/data/attributes/building_id', detail: 'building_id must be the building of the path.' }]);
  }
  const name = requireName(input.name);
  const [row] = await db
    .insert(floors)
    .values({
      buildingId,
      name,
      order: sql`(select coalesce(max(f."order") + 1, 0) from ${floors} f where f.building_id = ${buildingId})`,
    })
    .returning({ id: floors.id });
  return row!.id;
}

/** PUT /buildings/{id}/floor: a new name for one of the building's floors; with a version, only over that version. */
export async function renameFloor(db: Database, scope: Scope, buildingId: number, input: { id: number | string; name?: string | null; version?: number }): Promise<number> {
  await manageableBuilding(db, scope, buildingId);
  const id = Number(input.id);
  const name = requireName(input.name);
  const [floor] = await db.select({ version: floors.version }).from(floors).where(and(eq(floors.id, id), eq(floors.buildingId, buildingId)));
  if (!floor) throw new FieldErrors([{ pointer: '/data/attributes/id', detail: FLOOR_NOT_OF_BUILDING_MESSAGE, code: 'NOT_FOUND' }]);
  const conditions = [eq(floors.id, id), eq(floors.buildingId, buildingId)];
  if (input.version !== undefined) conditions.push(eq(floors.version, input.version));
  const [updated] = await db
    .update(floors)
    .set({ name, version: sql`${floors.version} + 1` })
    .where(and(...conditions))
    .returning({ id: floors.id });
  if (!updated) throw new HttpError(409, STALE_EDIT_MESSAGE, { pointer: '/data/attributes/version' }, 'STALE');
  return id;
}

export type FloorOrder = { floor_id: number | string; order: number; version?: number };

/**
 * PUT /floors/batch-update: the new order of the floors that moved, in one transaction. Every floor must be one the
 * caller sees (404 otherwise, naming none) and the caller must manage floors; one stale version refuses the whole
 * batch, so that no arrangement is left half saved. Answers the ids of the floors changed.
 */
export async function reorderFloors(db: Database, scope: Scope, changes: FloorOrder[]): Promise<number[]> {
  const ids = changes.map((change) => Number(change.floor_id));
  const errors: FieldError[] = [];
  ids.forEach((id, index) => {
    if (ids.indexOf(id) !== index) errors.push({ pointer: `/batch_update_attributes/${index}/floor_id`, detail: 'Each floor may be named once.' });
  });
  if (errors.length) throw new FieldErrors(errors);
  const seen = await db.select({ id: floors.id }).from(floors).where(and(inArray(floors.id, ids), floorsInScope(scope, db)));
  if (seen.length !== new Set(ids).size) throw notFound('Floor');
  requirePermission(scope, canManageFloors(scope.isAdmin, scope.permissions), NOT_ALLOWED_TO_MANAGE_FLOORS_MESSAGE);
  await db.transaction(async (tx) => {
    for (const [index, change] of changes.entries()) {
      const conditions = [eq(floors.id, ids[index]!)];
      if (change.version !== undefined) conditions.push(eq(floors.version, change.version));
      const [updated] = await tx
        .update(floors)
        .set({ order: change.order, version: sql`${floors.version} + 1` })
        .where(and(...conditions))
        .returning({ id: floors.id });
      if (!updated) throw new HttpError(409, STALE_ORDER_MESSAGE, { pointer: `/batch_update_attributes/${index}/version` }, 'STALE');
    }
  });
  return ids;
}
