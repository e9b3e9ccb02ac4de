/**
 * Tasks at organization level (admin-organizations-buildings.md sections 2-7; the spec's equipment conditions):
 * listing an organization's tasks, adding one of any task type of section 9, editing its texts and classification,
 * setting its status and reordering. The rules and messages are @fsi/shared tasks.ts's. Every change raises the
 * task's version; a change naming an older version than stored is refused with 409 STALE, a reorder as a whole.
 */
import { STALE_EDIT_MESSAGE, STALE_ORDER_MESSAGE, toFiniteNumber } from '@fsi/shared';
import { canManageOrganizationTasks, LOCKED_TASK_FIELDS, lockedTaskFieldMessage, NOT_ALLOWED_TO_MANAGE_TASKS_MESSAGE, parseTaskClassification, parseTaskType, storedTaskValues, TASK_COMPONENT_NOT_OF_TYPE_MESSAGE, TASK_CYCLE_NOT_OF_ORGANIZATION_MESSAGE, TASK_EQUIPMENT_NOT_OF_ORGANIZATION_MESSAGE, TASK_GROUP_NOT_OF_ORGANIZATION_MESSAGE, TASK_NAMED_TWICE_MESSAGE, TASK_ORGANIZATION_MISMATCH_MESSAGE, validateNewTask, validateTaskTexts, type TaskField, type TaskStatusValue } from '@fsi/shared/tasks';
import { and, asc, count, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cycles, equipmentComponents, equipmentTypes, organizations, taskGroups, tasks, type ConditionType } from '../../db/schema';
import { FieldErrors, HttpError, notFound, type FieldError } from '../../jsonapi/errors';
import type { Page } from '../../jsonapi/query';
import { organizationsInScope, requirePermission, type Scope } from '../../plugins/authorization';

/** The tasks the caller may see: their organization's (administrators: every organization's). */
function tasksInScope(scope: Scope): SQL {
  if (scope.isAdmin) return sql`true`;
  if (scope.organizationId === null) return sql`false`;
  return eq(tasks.organizationId, scope.organizationId);
}

const taskColumns = {
  id: tasks.id,
  organizationId: tasks.organizationId,
  label: tasks.label,
  type: tasks.type,
  classification: tasks.classification,
  description: tasks.description,
  hint: tasks.hint,
  referenceName: tasks.referenceName,
  referenceDescription: tasks.referenceDescription,
  rangeFrom: tasks.rangeFrom,
  rangeTo: tasks.rangeTo,
  typeValue: tasks.typeValue,
  typeSatisfactoryValue: tasks.typeSatisfactoryValue,
  typeUnsatisfactoryValue: tasks.typeUnsatisfactoryValue,
  typeRecordValue: tasks.typeRecordValue,
  cycleId: tasks.cycleId,
  cycleName: cycles.name,
  equipmentTypeId: tasks.equipmentTypeId,
  equipmentTypeName: equipmentTypes.name,
  componentId: tasks.componentId,
  componentName: equipmentComponents.name,
  groupId: tasks.groupId,
  groupName: taskGroups.name,
  status: tasks.status,
  parentStatus: equipmentTypes.status,
  order: tasks.order,
  groupOrder: tasks.groupOrder,
  version: tasks.version,
};

export type TaskRow = {
  id: number;
  organizationId: number;
  label: string;
  type: ConditionType;
  classification: string | null;
  description: string | null;
  hint: string | null;
  referenceName: string | null;
  referenceDescription: string | null;
  rangeFrom: string | null;
  rangeTo: string | null;
  typeValue: string | null;
  typeSatisfactoryValue: string | null;
  typeUnsatisfactoryValue: string | null;
  typeRecordValue: string | null;
  cycleId: number;
  cycleName: string;
  equipmentTypeId: number;
  equipmentTypeName: string;
  componentId: number | null;
  componentName: string | null;
  groupId: number | null;
  groupName: string | null;
  status: TaskStatusValue;
  parentStatus: TaskStatusValue;
  order: number;
  groupOrder: number;
  version: number;
};

function selectTasks(db: Database) {
  return db
    .select(taskColumns)
    .from(tasks)
    .innerJoin(cycles, eq(cycles.id, tasks.cycleId))
    .innerJoin(equipmentTypes, eq(equipmentTypes.id, tasks.equipmentTypeId))
    .leftJoin(equipmentComponents, eq(equipmentComponents.id, tasks.componentId))
    .leftJoin(taskGroups, eq(taskGroups.id, tasks.groupId));
}

const listOrder = [sql`${taskGroups.name} asc nulls last`, asc(tasks.order), asc(tasks.id)];

export type TaskFilters = { organizationId?: number; cycleIds?: number[]; equipmentTypeIds?: number[]; ids?: number[] };

/** GET /equipment_conditions: the caller's organization's tasks (section 2), by group name, then order. */
export async function listTasks(db: Database, scope: Scope, filters: TaskFilters, page: Page): Promise<{ rows: TaskRow[]; total: number }> {
  const conditions = [tasksInScope(scope)];
  if (filters.organizationId !== undefined) conditions.push(eq(tasks.organizationId, filters.organizationId));
  if (filters.cycleIds) conditions.push(inArray(tasks.cycleId, filters.cycleIds.length ? filters.cycleIds : [0]));
  if (filters.equipmentTypeIds) conditions.push(inArray(tasks.equipmentTypeId, filters.equipmentTypeIds.length ? filters.equipmentTypeIds : [0]));
  if (filters.ids) conditions.push(inArray(tasks.id, filters.ids.length ? filters.ids : [0]));
  const where = and(...conditions);
  const [rows, [counted]] = await Promise.all([
    selectTasks(db).where(where).orderBy(...listOrder).limit(page.size).offset(page.offset),
    db.select({ total: count() }).from(tasks).where(where),
  ]);
  return { rows: rows as TaskRow[], total: Number(counted?.total ?? 0) };
}

/** The tasks of these ids, as the listing shows them (the answer of a change). */
export async function tasksByIds(db: Database, ids: readonly number[]): Promise<TaskRow[]> {
  if (!ids.length) return [];
  return (await selectTasks(db).where(inArray(tasks.id, [...ids])).orderBy(...listOrder)) as TaskRow[];
}

function requireManage(scope: Scope): void {
  requirePermission(scope, canManageOrganizationTasks(scope.isAdmin, scope.permissions), NOT_ALLOWED_TO_MANAGE_TASKS_MESSAGE);
}

/** Where each field of the Add/Edit Task modal is in the REST body (the path's cycle is reported at /cycle_id). */
const POINTERS: Record<TaskField, string> = {
  label: '/attributes/label',
  type: '/attributes/type',
  classification: '/attributes/classification',
  description: '/attributes/description',
  hint: '/attributes/hint',
  referenceName: '/attributes/reference_name',
  referenceDescription: '/attributes/reference_description',
  rangeFrom: '/attributes/rangeFrom',
  rangeTo: '/attributes/rangeTo',
  typeValue: '/attributes/typeValue',
  typeSatisfactoryValue: '/attributes/typeSatisfactoryValue',
  typeUnsatisfactoryValue: '/attributes/typeUnsatisfactoryValue',
  typeRecordValue: '/attributes/typeRecordValue',
  cycleId: '/cycle_id',
  equipmentTypeId: '/equipment_id',
};

type Id = number | string;
const toId = (value: Id | null | undefined): number | null => (value === null || value === undefined || value === '' ? null : Number(value));
const blankToNull = (value: string | null | undefined): string | null => (value == null || value.trim() === '' ? null : value.trim());

export type TaskAttributesInput = {
  label?: string | null;
  type?: string | null;
  classification?: string | null;
  description?: string | null;
  hint?: string | null;
  reference_name?: string | null;
  reference_description?: string | null;
  rangeFrom?: string | number | null;
  rangeTo?: string | number | null;
  typeValue?: string | null;
  typeSatisfactoryValue?: string | null;
  typeUnsatisfactoryValue?: string | null;
  typeRecordValue?: string | null;
};

export type NewTaskBody = {
  organization_id: Id;
  equipment_id?: Id | null;
  component_id?: Id | null;
  group_id?: Id | null;
  attributes: TaskAttributesInput;
};

/**
 * POST /cycles/{cycleId}/equipment_conditions (section 7). The organization must be one the caller sees (404
 * otherwise) and the caller must manage it (403); every mistake of the body is said at once, at its pointer, in the
 * spec's words. The task goes after the last task of its type (and of its group). Answers its id.
 */
export async function createTask(db: Database, scope: Scope, cycleParam: string, body: NewTaskBody): Promise<number> {
  const organizationId = Number(body.organization_id);
  const [organization] = await db.select({ id: organizations.id }).from(organizations).where(and(eq(organizations.id, organizationId), organizationsInScope(scope)));
  if (!organization) throw notFound('Organization');
  requireManage(scope);

  const attributes = body.attributes;
  const cycleId = /^\d+$/.test(cycleParam) ? Number(cycleParam) : null;
  const equipmentTypeId = toId(body.equipment_id);
  const componentId = toId(body.component_id);
  const groupId = toId(body.group_id);
  const errors: FieldError[] = validateNewTask({
    ...attributes,
    referenceName: attributes.reference_name,
    referenceDescription: attributes.reference_description,
    cycleId,
    equipmentTypeId,
  }).map((error) => ({ pointer: POINTERS[error.field], detail: error.message }));

  const [cycle] = cycleId === null ? [] : await db.select({ id: cycles.id }).from(cycles).where(and(eq(cycles.id, cycleId), eq(cycles.organizationId, organizationId)));
  if (cycleId !== null && !cycle) errors.push({ pointer: POINTERS.cycleId, detail: TASK_CYCLE_NOT_OF_ORGANIZATION_MESSAGE, code: 'NOT_FOUND' });
  const [type] =
    equipmentTypeId === null
      ? []
      : await db.select({ id: equipmentTypes.id }).from(equipmentTypes).where(and(eq(equipmentTypes.id, equipmentTypeId), eq(equipmentTypes.organizationId, organizationId)));
  if (equipmentTypeId !== null && !type) errors.push({ pointer: POINTERS.equipmentTypeId, detail: TASK_EQUIPMENT_NOT_OF_ORGANIZATION_MESSAGE, code: 'NOT_FOUND' });
  if (componentId !== null && type) {
    const [component] = await db.select({ id: equipmentComponents.id }).from(equipmentComponents).where(and(eq(equipmentComponents.id, componentId), eq(equipmentComponents.equipmentTypeId, type.id)));
    if (!component) errors.push({ pointer: '/component_id', detail: TASK_COMPONENT_NOT_OF_TYPE_MESSAGE, code: 'NOT_FOUND' });
  }
  if (groupId !== null) {
    const [group] = await db.select({ id: taskGroups.id }).from(taskGroups).where(and(eq(taskGroups.id, groupId), eq(taskGroups.organizationId, organizationId)));
    if (!group) errors.push({ pointer: '/group_id', detail: TASK_GROUP_NOT_OF_ORGANIZATION_MESSAGE, code: 'NOT_FOUND' });
  }
  if (errors.length) throw new FieldErrors(errors);

  const taskType = parseTaskType(attributes.type)!;
  const values = storedTaskValues(taskType, attributes);
  const [row] = await db
    .insert(tasks)
    .values({
      organizationId,
      equipmentTypeId: type!.id,
      componentId,
      cycleId: cycle!.id,
      groupId,
      label: attributes.label!.trim(),
      type: taskType,
      classification: parseTaskClassification(attributes.classification),
      description: blankToNull(attributes.description),
      hint: blankToNull(attributes.hint),
      referenceName: blankToNull(attributes.reference_name),
      referenceDescription: blankToNull(attributes.reference_description),
      ...values,
      order: sql`(select coalesce(max(t."order") + 1, 0) from ${tasks} t where t.equipment_type_id = ${type!.id})`,
      groupOrder: groupId === null ? 0 : sql`(select coalesce(max(t.group_order) + 1, 0) from ${tasks} t where t.group_id = ${groupId})`,
    })
    .returning({ id: tasks.id });
  return row!.id;
}

export type TaskUpdateBody = {
  organization_id?: Id;
  attributes: TaskAttributesInput & {
    /** One of TASK_STATUSES (the route's schema checks it). */
    status?: string;
    version?: number;
    cycle_id?: Id | null;
    equipment_id?: Id | null;
  };
};

type LockedField = (typeof LOCKED_TASK_FIELDS)[number];

/** The locked fields the body sends with another value than stored (section 5: fixed once the task exists). */
function changedLockedFields(stored: TaskRow, attributes: TaskUpdateBody['attributes']): LockedField[] {
  const text = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value).trim());
  const bound = (sent: string | number | null | undefined, kept: string | null) => {
    const [a, b] = [toFiniteNumber(sent ?? null), toFiniteNumber(kept)];
    return a !== null && b !== null ? a === b : text(sent) === text(kept);
  };
  const same: Record<LockedField, () => boolean> = {
    label: () => text(attributes.label) === stored.label,
    type: () => parseTaskType(attributes.type) === stored.type,
    cycleId: () => toId(attributes.cycle_id) === stored.cycleId,
    equipmentTypeId: () => toId(attributes.equipment_id) === stored.equipmentTypeId,
    rangeFrom: () => bound(attributes.rangeFrom, stored.rangeFrom),
    rangeTo: () => bound(attributes.rangeTo, stored.rangeTo),
    typeValue: () => text(attributes.typeValue) === text(stored.typeValue),
    typeSatisfactoryValue: () => text(attributes.typeSatisfactoryValue) === text(stored.typeSatisfactoryValue),
    typeUnsatisfactoryValue: () => text(attributes.typeUnsatisfactoryValue) === text(stored.typeUnsatisfactoryValue),
    typeRecordValue: () => text(attributes.typeRecordValue) === text(stored.typeRecordValue),
  };
  const sentKey: Record<LockedField, keyof TaskUpdateBody['attributes']> = {
    label: 'label',
    type: 'type',
    cycleId: 'cycle_id',
    equipmentTypeId: 'equipment_id',
    rangeFrom: 'rangeFrom',
    rangeTo: 'rangeTo',
    typeValue: 'typeValue',
    typeSatisfactoryValue: 'typeSatisfactoryValue',
    typeUnsatisfactoryValue: 'typeUnsatisfactoryValue',
    typeRecordValue: 'typeRecordValue',
  };
  return LOCKED_TASK_FIELDS.filter((field) => attributes[sentKey[field]] !== undefined && !same[field]());
}

/**
 * PUT /equipment_conditions/{id} (section 7): an edit of the description, hint, references and classification, or a
 * status change (active, paused, disabled), or both; over the version it was read at when one is sent. A task the
 * caller does not see is a 404; a caller who may not manage the organization's tasks gets 403. Answers the task's id.
 */
export async function updateTask(db: Database, scope: Scope, id: number, body: TaskUpdateBody): Promise<number> {
  const [stored] = (await selectTasks(db).where(and(eq(tasks.id, id), tasksInScope(scope)))) as TaskRow[];
  if (!stored) throw notFound('Task');
  requireManage(scope);
  const attributes = body.attributes;
  const errors: FieldError[] = [];
  if (body.organization_id !== undefined && Number(body.organization_id) !== stored.organizationId) {
    errors.push({ pointer: '/organization_id', detail: TASK_ORGANIZATION_MISMATCH_MESSAGE });
  }
  const lockedPointer = (field: LockedField) =>
    field === 'cycleId' ? '/attributes/cycle_id' : field === 'equipmentTypeId' ? '/attributes/equipment_id' : POINTERS[field];
  for (const field of changedLockedFields(stored, attributes)) errors.push({ pointer: lockedPointer(field), detail: lockedTaskFieldMessage(field) });
  for (const error of validateTaskTexts({
    description: attributes.description,
    hint: attributes.hint,
    referenceName: attributes.reference_name,
    referenceDescription: attributes.reference_description,
    classification: attributes.classification,
  })) {
    errors.push({ pointer: POINTERS[error.field], detail: error.message });
  }
  if (errors.length) throw new FieldErrors(errors);

  const changes: Partial<typeof tasks.$inferInsert> = {};
  if (attributes.description !== undefined) changes.description = blankToNull(attributes.description);
  if (attributes.hint !== undefined) changes.hint = blankToNull(attributes.hint);
  if (attributes.reference_name !== undefined) changes.referenceName = blankToNull(attributes.reference_name);
  if (attributes.reference_description !== undefined) changes.referenceDescription = blankToNull(attributes.reference_description);
  if (attributes.classification !== undefined) changes.classification = parseTaskClassification(attributes.classification);
  if (attributes.status !== undefined) changes.status = attributes.status as TaskStatusValue;
  const conditions = [eq(tasks.id, id)];
  if (attributes.version !== undefined) conditions.push(eq(tasks.version, attributes.version));
  const [updated] = await db
    .update(tasks)
    .set({ ...changes, version: sql`${tasks.version} + 1` })
    .where(and(...conditions))
    .returning({ id: tasks.id });
  if (!updated) throw new HttpError(409, STALE_EDIT_MESSAGE, { pointer: '/attributes/version' }, 'STALE');
  return id;
}

export type TaskOrder = { id: Id; order: number; version?: number };

/**
 * PUT /equipment_conditions/reorder (sections 4 and 7): the new order of the tasks that moved, in one transaction.
 * Every task must be one the caller sees (404 otherwise, naming none) and the caller must manage the organization's
 * tasks (403); one stale version refuses the whole batch, so that no arrangement is left half saved. Answers the ids.
 */
export async function reorderTasks(db: Database, scope: Scope, changes: readonly TaskOrder[]): Promise<number[]> {
  const ids = changes.map((change) => Number(change.id));
  const errors: FieldError[] = [];
  ids.forEach((id, index) => {
    if (ids.indexOf(id) !== index) errors.push({ pointer: `/attributes/${index}/id`, detail: TASK_NAMED_TWICE_MESSAGE });
  });
  if (errors.length) throw new FieldErrors(errors);
  const seen = await db.select({ id: tasks.id }).from(tasks).where(and(inArray(tasks.id, ids), tasksInScope(scope)));
  if (seen.length !== ids.length) throw notFound('Task');
  requireManage(scope);
  await db.transaction(async (tx) => {
    for (const [index, change] of changes.entries()) {
      const conditions = [eq(tasks.id, ids[index]!)];
      if (change.version !== undefined) conditions.push(eq(tasks.version, change.version));
      const [updated] = await tx
        .update(tasks)
        .set({ order: change.order, version: sql`${tasks.version} + 1` })
        .where(and(...conditions))
        .returning({ id: tasks.id });
      if (!updated) throw new HttpError(409, STALE_ORDER_MESSAGE, { pointer: `/attributes/${index}/version` }, 'STALE');
    }
  });
  return ids;
}

/**
 * GET /organizations/{id}/equipment-choices: the organization's equipment types with their components, for the Add
 * Task modal's type and component selects. The organization must be one the caller sees (404 otherwise).
 */
export async function taskEquipmentChoices(db: Database, scope: Scope, organizationId: number) {
  const [organization] = await db.select({ id: organizations.id }).from(organizations).where(and(eq(organizations.id, organizationId), organizationsInScope(scope)));
  if (!organization) throw notFound('Organization');
  const types = await db
    .select({ id: equipmentTypes.id, name: equipmentTypes.name, aliasName: equipmentTypes.aliasName, order: equipmentTypes.order, status: equipmentTypes.status })
    .from(equipmentTypes)
    .where(eq(equipmentTypes.organizationId, organizationId))
    .orderBy(asc(equipmentTypes.order), asc(equipmentTypes.name), asc(equipmentTypes.id));
  const components = types.length
    ? await db
        .select({
          id: equipmentComponents.id,
          equipmentTypeId: equipmentComponents.equipmentTypeId,
          name: equipmentComponents.name,
          aliasName: equipmentComponents.aliasName,
          order: equipmentComponents.order,
          disabled: equipmentComponents.disabled,
        })
        .from(equipmentComponents)
        // A type's implicit component (no name: where a type without components keeps its task groups) is not one to choose.
        .where(and(inArray(equipmentComponents.equipmentTypeId, types.map((t) => t.id)), ne(equipmentComponents.name, '')))
        .orderBy(asc(equipmentComponents.order), asc(equipmentComponents.id))
    : [];
  return types.map((type) => ({ ...type, components: components.filter((c) => c.equipmentTypeId === type.id) }));
}
