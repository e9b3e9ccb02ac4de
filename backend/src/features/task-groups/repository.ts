/**
 * Tasks groups (admin-organizations-buildings.md sections 2-7): an organization's named, ordered sets of tasks, which
 * the components of its equipment types use. A task is in at most one group (its group_id); saving a group sets its
 * tasks and their order in one transaction, moving a task from any other group and releasing the tasks left out.
 */
import { STALE_EDIT_MESSAGE } from '@fsi/shared';
import { EQUIPMENT_TYPE_STATUS_LABELS, TASK_NOT_OF_ORGANIZATION_MESSAGE, validateTaskGroup } from '@fsi/shared/equipment-types';
import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cycles, equipmentTypes, organizations, taskGroups, tasks } from '../../db/schema';
import { FieldErrors, HttpError, notFound, type FieldError } from '../../jsonapi/errors';
import type { Scope } from '../../plugins/authorization';
import { typesOrganization } from '../equipment-types/repository';

export type GroupTaskRow = {
  id: number;
  label: string;
  status: 'active' | 'paused' | 'disabled';
  active: boolean;
  order: number;
  cycleId: number;
  cycleName: string;
  groupId: number | null;
  groupName: string | null;
  statusDisplayName: string;
  equipmentTypeId: number;
  equipmentName: string;
};
export type TaskGroupRow = { id: number; name: string; organizationName: string; version: number; tasks: GroupTaskRow[] };

/** Every task of the organization (or of the given groups), with its cycle, group and type names; by group order within a group. */
export async function organizationTasks(db: Database, organizationId: number, groupIds?: number[]): Promise<GroupTaskRow[]> {
  const rows = await db
    .select({
      id: tasks.id,
      label: tasks.label,
      status: tasks.status,
      order: tasks.groupOrder,
      cycleId: tasks.cycleId,
      cycleName: cycles.name,
      groupId: tasks.groupId,
      groupName: taskGroups.name,
      equipmentTypeId: tasks.equipmentTypeId,
      equipmentName: equipmentTypes.name,
    })
    .from(tasks)
    .innerJoin(cycles, eq(cycles.id, tasks.cycleId))
    .innerJoin(equipmentTypes, eq(equipmentTypes.id, tasks.equipmentTypeId))
    .leftJoin(taskGroups, eq(taskGroups.id, tasks.groupId))
    .where(and(eq(tasks.organizationId, organizationId), groupIds ? inArray(tasks.groupId, groupIds.length ? groupIds : [0]) : undefined))
    .orderBy(asc(tasks.groupOrder), asc(tasks.order), asc(tasks.id));
  return rows.map((row) => ({ ...row, active: row.status === 'active', statusDisplayName: EQUIPMENT_TYPE_STATUS_LABELS[row.status] }));
}

/** The organization's groups by name (or the given ones), each with its tasks in order. */
export async function loadGroups(db: Database, organizationId: number, ids?: number[]): Promise<TaskGroupRow[]> {
  const groups = await db
    .select({ id: taskGroups.id, name: taskGroups.name, version: taskGroups.version, organizationName: organizations.name })
    .from(taskGroups)
    .innerJoin(organizations, eq(organizations.id, taskGroups.organizationId))
    .where(and(eq(taskGroups.organizationId, organizationId), ids ? inArray(taskGroups.id, ids.length ? ids : [0]) : undefined))
    .orderBy(sql`lower(${taskGroups.name})`, asc(taskGroups.id));
  const groupTasks = await organizationTasks(db, organizationId, groups.map((g) => g.id));
  return groups.map((g) => ({ ...g, tasks: groupTasks.filter((t) => t.groupId === g.id) }));
}

export type GroupBody = {
  attributes: { name?: string | null; organization_name?: string | null; equipment_condtions: Array<{ id: number | string; order: number }>; version?: number };
};

/** Section 5 over the body, and every task of the organization's: the name and the tasks with their order, or a 422. */
async function validGroup(db: Database, organizationId: number, body: GroupBody) {
  const { attributes } = body;
  const listed = attributes.equipment_condtions.map((t) => ({ id: Number(t.id), order: t.order }));
  const errors: FieldError[] = [];
  listed.forEach((task, i) => {
    if (listed.findIndex((other) => other.id === task.id) !== i) errors.push({ pointer: `/attributes/equipment_condtions/${i}/id`, detail: 'Each task may be listed once.' });
  });
  const ids = [...new Set(listed.map((t) => t.id))];
  const known = ids.length
    ? await db.select({ id: tasks.id, label: tasks.label }).from(tasks).where(and(inArray(tasks.id, ids), eq(tasks.organizationId, organizationId)))
    : [];
  listed.forEach((task, i) => {
    if (!known.some((k) => k.id === task.id)) errors.push({ pointer: `/attributes/equipment_condtions/${i}/id`, detail: TASK_NOT_OF_ORGANIZATION_MESSAGE });
  });
  const problems = validateTaskGroup({
    name: attributes.name,
    // An unknown task is refused above; its id stands in for its name here, so that it counts as a task but shares no name.
    tasks: listed.map((t) => ({ id: t.id, label: known.find((k) => k.id === t.id)?.label ?? `#${t.id}` })),
  });
  for (const problem of problems) {
    const [field, index] = problem.field.split('.');
    if (field === 'name') errors.push({ pointer: '/attributes/name', detail: problem.message });
    else if (index === undefined) errors.push({ pointer: '/attributes/equipment_condtions', detail: problem.message });
    else errors.push({ pointer: `/attributes/equipment_condtions/${index}/id`, detail: problem.message });
  }
  if (errors.length) throw new FieldErrors(errors);
  return { name: attributes.name!.trim(), tasks: listed };
}

/** Puts the listed tasks in the group in their order and releases the group's other tasks. */
async function writeTasks(tx: Database, groupId: number, listed: Array<{ id: number; order: number }>) {
  await tx
    .update(tasks)
    .set({ groupId: null, groupOrder: 0, version: sql`${tasks.version} + 1` })
    .where(and(eq(tasks.groupId, groupId), notInArray(tasks.id, listed.map((t) => t.id))));
  for (const task of listed) {
    await tx.update(tasks).set({ groupId, groupOrder: task.order, version: sql`${tasks.version} + 1` }).where(eq(tasks.id, task.id));
  }
}

/** POST /organizations/{id}/tasks-groups. Answers the new group's id. */
export async function createGroup(db: Database, scope: Scope, organizationId: number, body: GroupBody): Promise<number> {
  const id = await typesOrganization(db, scope, organizationId, true);
  const group = await validGroup(db, id, body);
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(taskGroups).values({ organizationId: id, name: group.name }).returning({ id: taskGroups.id });
    await writeTasks(tx, row!.id, group.tasks);
    return row!.id;
  });
}

/** PUT /organizations/{id}/tasks-groups/{groupId}: its name and tasks, over the version it was read at when given. */
export async function updateGroup(db: Database, scope: Scope, organizationId: number, groupId: number, body: GroupBody): Promise<number> {
  const id = await typesOrganization(db, scope, organizationId, true);
  const [existing] = await db.select({ id: taskGroups.id }).from(taskGroups).where(and(eq(taskGroups.id, groupId), eq(taskGroups.organizationId, id)));
  if (!existing) throw notFound('Tasks group');
  const group = await validGroup(db, id, body);
  const version = body.attributes.version;
  await db.transaction(async (tx) => {
    const conditions = [eq(taskGroups.id, groupId)];
    if (version !== undefined) conditions.push(eq(taskGroups.version, version));
    const [updated] = await tx
      .update(taskGroups)
      .set({ name: group.name, version: sql`${taskGroups.version} + 1` })
      .where(and(...conditions))
      .returning({ id: taskGroups.id });
    if (!updated) throw new HttpError(409, STALE_EDIT_MESSAGE, { pointer: '/attributes/version' }, 'STALE');
    await writeTasks(tx, groupId, group.tasks);
  });
  return groupId;
}
