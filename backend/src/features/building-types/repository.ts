/**
 * Types and tasks at building level (admin-organizations-buildings.md sections 2-7; issue 13 point 2): each
 * equipment type used at a building and each of its tasks with its building-level status (active unless a
 * suspension pauses it), and the suspensions themselves. A suspension names a type or a task, a short name of at
 * most two characters that reports print, and its reason; walkabouts created afterwards leave the paused item out
 * (walkabouts/snapshot.ts), open ones once 'Create Current Walkabouts' runs.
 */
import { ALREADY_PAUSED_MESSAGE, canChangeBuildingStatuses, canViewBuildingTypes, NOT_ALLOWED_TO_CHANGE_BUILDING_STATUS_MESSAGE, NOT_AT_BUILDING_MESSAGE, TASK_NOT_AT_BUILDING_MESSAGE, validateSuspension, type BuildingLevelStatus } from '@fsi/shared/suspensions';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { anyId, queryRows } from '../../db/raw';
import { buildingSuspensions, type EntityStatus } from '../../db/schema';
import { FieldErrors, forbidden, notFound, type FieldError } from '../../jsonapi/errors';
import type { Scope } from '../../plugins/authorization';
import { equipmentAtBuilding, type BuildingEquipmentRow } from '../applicability/repository';
import { findBuilding } from '../buildings/repository';

/** What the building-level screens show of an item's status at the building (the spec's building status record). */
export type BuildingStatus = {
  buildingLevelStatus: BuildingLevelStatus;
  suspensionId: number | null;
  suspensionShortName: string | null;
  suspensionDescription: string | null;
};

export type BuildingTypeRow = BuildingEquipmentRow & BuildingStatus;

export type BuildingTaskRow = {
  id: number;
  label: string;
  equipmentTypeId: number;
  cycleId: number;
  cycleName: string;
  componentId: number | null;
  componentName: string | null;
  groupName: string | null;
  description: string | null;
  hint: string | null;
  status: EntityStatus;
  order: number;
} & BuildingStatus;

export type SuspensionRow = { id: number; equipmentTypeId: number | null; taskId: number | null; shortName: string; description: string | null };

const active: BuildingStatus = { buildingLevelStatus: 'active', suspensionId: null, suspensionShortName: null, suspensionDescription: null };

function statusOf(suspension: SuspensionRow | undefined): BuildingStatus {
  if (!suspension) return active;
  return { buildingLevelStatus: 'paused', suspensionId: suspension.id, suspensionShortName: suspension.shortName, suspensionDescription: suspension.description };
}

/** The building in the caller's scope (404 otherwise), for those the building types and tasks screens are open to (403). */
export async function viewableBuilding(db: Database, scope: Scope, buildingId: number) {
  const building = await findBuilding(db, scope, buildingId);
  if (!building) throw notFound('Building');
  if (!canViewBuildingTypes({ isAdmin: scope.isAdmin, organizationId: scope.organizationId }, scope.permissions)) {
    throw forbidden('You are not allowed to view the types and tasks of this building.');
  }
  return building;
}

/** The building, for those who may pause and resume types and tasks there (section 6: administrators or canManageBuildings). */
async function manageableBuilding(db: Database, scope: Scope, buildingId: number) {
  const building = await findBuilding(db, scope, buildingId);
  if (!building) throw notFound('Building');
  if (!canChangeBuildingStatuses(scope.isAdmin, scope.permissions)) throw forbidden(NOT_ALLOWED_TO_CHANGE_BUILDING_STATUS_MESSAGE);
  return building;
}

/** The building's suspensions, oldest first (one per item; the first is the one shown should there be two). */
export async function suspensionsOf(db: Database, buildingId: number): Promise<SuspensionRow[]> {
  return db
    .select({
      id: buildingSuspensions.id,
      equipmentTypeId: buildingSuspensions.equipmentTypeId,
      taskId: buildingSuspensions.taskId,
      shortName: buildingSuspensions.shortName,
      description: buildingSuspensions.description,
    })
    .from(buildingSuspensions)
    .where(eq(buildingSuspensions.buildingId, buildingId))
    .orderBy(asc(buildingSuspensions.id));
}

/** The short names used at the building, each once with its description (the modal's Short Name choices). */
export function shortNamesOf(suspensions: readonly SuspensionRow[]): Array<{ shortName: string; description: string | null }> {
  const byName = new Map<string, { shortName: string; description: string | null }>();
  for (const s of suspensions) if (!byName.has(s.shortName.toUpperCase())) byName.set(s.shortName.toUpperCase(), { shortName: s.shortName, description: s.description });
  return [...byName.values()].sort((a, b) => a.shortName.localeCompare(b.shortName));
}

/** The types used at the building (by order and name), each with its building status; `statuses` narrows by the type's own status. */
export async function buildingTypes(db: Database, buildingId: number, statuses?: readonly EntityStatus[]): Promise<BuildingTypeRow[]> {
  const [types, suspensions] = await Promise.all([equipmentAtBuilding(db, buildingId, statuses), suspensionsOf(db, buildingId)]);
  return types.map((type) => ({ ...type, ...statusOf(suspensions.find((s) => s.equipmentTypeId === type.id)) }));
}

/** The tasks of these types with what the building tasks screen shows, by type, cycle name, component, group and order. */
export async function buildingTasks(db: Database, buildingId: number, typeIds: readonly number[]): Promise<BuildingTaskRow[]> {
  if (!typeIds.length) return [];
  const [rows, suspensions] = await Promise.all([
    queryRows<Omit<BuildingTaskRow, keyof BuildingStatus>>(
      db,
      sql`select t.id, t.label, t.equipment_type_id as "equipmentTypeId", t.cycle_id as "cycleId", c.name as "cycleName",
          t.component_id as "componentId", ec.name as "componentName", g.name as "groupName", t.description, t.hint, t.status, t."order"
        from tasks t join cycles c on c.id = t.cycle_id
        left join equipment_components ec on ec.id = t.component_id
        left join task_groups g on g.id = t.group_id
        where ${anyId(sql`t.equipment_type_id`, typeIds)}
        order by t.equipment_type_id, c.name, ec."order" nulls first, ec.id nulls first, g.name nulls first, t."order", t.id`,
    ),
    suspensionsOf(db, buildingId),
  ]);
  return rows.map((task) => ({ ...task, ...statusOf(suspensions.find((s) => s.taskId === task.id)) }));
}

export type SuspensionInput = { shortName: string | null | undefined; description: string | null | undefined };

/**
 * The short name and reason to save (section 5): an existing short name of the building with no reason, or with its
 * own reason, is that name picked again (its reason is reused); with another reason it is a new name that is
 * already used, refused like a reserved value, an empty one or one longer than 2 characters.
 */
function suspensionValues(input: SuspensionInput, suspensions: readonly SuspensionRow[]) {
  const existing = shortNamesOf(suspensions);
  const sent = (input.shortName ?? '').trim().toUpperCase();
  const picked = existing.find((e) => e.shortName.toUpperCase() === sent);
  const reason = (input.description ?? '').trim();
  const addingNew = !picked || (reason !== '' && reason !== (picked.description ?? ''));
  const { errors, shortName, description } = validateSuspension({ shortName: input.shortName, description: input.description, addingNew }, existing);
  const fieldErrors: FieldError[] = [];
  if (errors.shortName) fieldErrors.push({ pointer: '/attributes/short_name', detail: errors.shortName });
  if (errors.description) fieldErrors.push({ pointer: '/attributes/description', detail: errors.description });
  if (fieldErrors.length) throw new FieldErrors(fieldErrors);
  return { shortName, description };
}

/** POST /building_equipment_suspensions: pauses a type used at the building. Answers the type as the list shows it. */
export async function suspendType(db: Database, scope: Scope, buildingId: number, typeId: number, input: SuspensionInput): Promise<BuildingTypeRow> {
  await manageableBuilding(db, scope, buildingId);
  const types = await buildingTypes(db, buildingId);
  const type = types.find((t) => t.id === typeId);
  if (!type) throw new FieldErrors([{ pointer: '/equipment_id', detail: NOT_AT_BUILDING_MESSAGE }]);
  if (type.suspensionId !== null) throw new FieldErrors([{ pointer: '/equipment_id', detail: ALREADY_PAUSED_MESSAGE }]);
  const values = suspensionValues(input, await suspensionsOf(db, buildingId));
  await db.insert(buildingSuspensions).values({ buildingId, equipmentTypeId: typeId, status: 'paused', ...values });
  return (await buildingTypes(db, buildingId)).find((t) => t.id === typeId)!;
}

/** POST /building_condition_suspensions: pauses a task of a type used at the building. Answers the task. */
export async function suspendTask(db: Database, scope: Scope, buildingId: number, taskId: number, input: SuspensionInput): Promise<BuildingTaskRow> {
  await manageableBuilding(db, scope, buildingId);
  const typeIds = (await buildingTypes(db, buildingId)).map((t) => t.id);
  const task = (await buildingTasks(db, buildingId, typeIds)).find((t) => t.id === taskId);
  if (!task) throw new FieldErrors([{ pointer: '/equipment_condition_id', detail: TASK_NOT_AT_BUILDING_MESSAGE }]);
  if (task.suspensionId !== null) throw new FieldErrors([{ pointer: '/equipment_condition_id', detail: ALREADY_PAUSED_MESSAGE }]);
  const values = suspensionValues(input, await suspensionsOf(db, buildingId));
  await db.insert(buildingSuspensions).values({ buildingId, taskId, status: 'paused', ...values });
  return (await buildingTasks(db, buildingId, [task.equipmentTypeId])).find((t) => t.id === taskId)!;
}

/**
 * DELETE /building_{equipment|condition}_suspensions/{id}: sets the item active at the building again. The
 * suspension must be of that kind, of a building the caller sees (404 otherwise, and when building_id names
 * another building). Answers the building and the item resumed.
 */
export async function resume(
  db: Database,
  scope: Scope,
  kind: 'equipment' | 'condition',
  suspensionId: number,
  buildingId: number | undefined,
): Promise<{ buildingId: number; equipmentTypeId: number | null; taskId: number | null }> {
  const [row] = await db
    .select({ buildingId: buildingSuspensions.buildingId, equipmentTypeId: buildingSuspensions.equipmentTypeId, taskId: buildingSuspensions.taskId })
    .from(buildingSuspensions)
    .where(and(eq(buildingSuspensions.id, suspensionId), kind === 'equipment' ? isNotNull(buildingSuspensions.equipmentTypeId) : isNotNull(buildingSuspensions.taskId)));
  if (!row || (buildingId !== undefined && row.buildingId !== buildingId)) throw notFound('Suspension');
  if (!(await findBuilding(db, scope, row.buildingId))) throw notFound('Suspension');
  await manageableBuilding(db, scope, row.buildingId);
  await db.delete(buildingSuspensions).where(eq(buildingSuspensions.id, suspensionId));
  return row;
}

/** One type as the building-level list shows it; a type no longer used at the building (resumed there) from its own row. */
export async function buildingType(db: Database, buildingId: number, typeId: number): Promise<BuildingTypeRow | undefined> {
  const listed = (await buildingTypes(db, buildingId)).find((t) => t.id === typeId);
  if (listed) return listed;
  const [row] = await queryRows<BuildingEquipmentRow>(
    db,
    sql`select et.id, et.name, et.alias_name as "aliasName", et."order", et.status,
        coalesce((select array_agg(t.id order by t.id) from tasks t where t.equipment_type_id = et.id), '{}') as "allTaskIds"
      from equipment_types et where et.id = ${typeId}`,
  );
  if (!row) return undefined;
  const taskIds = Array.isArray(row.allTaskIds) ? row.allTaskIds.map(Number) : [];
  const suspension = (await suspensionsOf(db, buildingId)).find((s) => s.equipmentTypeId === typeId);
  return { ...row, allTaskIds: taskIds, applicableTaskIds: taskIds, ...statusOf(suspension) };
}

/** One task as the building tasks screen shows it. */
export async function buildingTask(db: Database, buildingId: number, taskId: number): Promise<BuildingTaskRow | undefined> {
  const [owner] = await queryRows<{ typeId: number }>(db, sql`select equipment_type_id as "typeId" from tasks where id = ${taskId}`);
  if (!owner) return undefined;
  return (await buildingTasks(db, buildingId, [owner.typeId])).find((t) => t.id === taskId);
}
