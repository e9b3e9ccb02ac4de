/**
 * Equipment types at organization level (admin-organizations-buildings.md sections 2-7): the organization's types with
 * their components and tasks groups, adding and editing one, its status, its place in the list and the 'Override
 * Conditions' of a component's group. Every change raises the type's version; one naming an older version is refused
 * with 409 STALE. An edit of the components runs in one transaction.
 */
import { STALE_EDIT_MESSAGE, STALE_ORDER_MESSAGE } from '@fsi/shared';
import { canManageOrganizationTypes, canViewOrganizationTypes, GROUP_NOT_OF_ORGANIZATION_MESSAGE, isImplicitComponentList, NOT_ALLOWED_TO_MANAGE_TYPES_MESSAGE, NOT_ALLOWED_TO_VIEW_TYPES_MESSAGE, TYPE_ALIAS_LOCKED_MESSAGE, TYPE_NAME_LOCKED_MESSAGE, validateEquipmentType, type EquipmentTypeStatus } from '@fsi/shared/equipment-types';
import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { equipmentComponentConditionGroups, equipmentComponents, equipmentTypes, organizations, taskGroups, tasks, type ConditionOverrides as Overrides, type EntityStatus } from '../../db/schema';
import { FieldErrors, HttpError, notFound, type FieldError } from '../../jsonapi/errors';
import { organizationsInScope, requirePermission, type Scope } from '../../plugins/authorization';

export type ComponentGroupRow = {
  id: number;
  condition_group_id: number;
  condition_group_name: string;
  from: number | null;
  to: number | null;
  order: number;
  overrides: Required<Overrides>;
};
export type ComponentRow = {
  id: number;
  name: string;
  alias_name: string | null;
  order: number;
  disabled: boolean;
  implicit: boolean;
  all_condition_ids: number[];
  equipment_component_condition_groups: ComponentGroupRow[];
};
export type OrganizationTypeRow = {
  id: number;
  organizationId: number;
  name: string;
  aliasName: string | null;
  order: number;
  status: EntityStatus;
  version: number;
  taskIds: number[];
  components: ComponentRow[];
};

/** The organization of the path within the caller's scope (404 otherwise) and the right to see (or change) its types (403). */
export async function typesOrganization(db: Database, scope: Scope, organizationId: number, change: boolean): Promise<number> {
  const [row] = await db.select({ id: organizations.id }).from(organizations).where(and(eq(organizations.id, organizationId), organizationsInScope(scope)));
  if (!row) throw notFound('Organization');
  requirePermission(scope, canViewOrganizationTypes({ isAdmin: scope.isAdmin, organizationId: scope.organizationId }, scope.permissions), NOT_ALLOWED_TO_VIEW_TYPES_MESSAGE);
  if (change) requirePermission(scope, canManageOrganizationTypes(scope.isAdmin, scope.permissions), NOT_ALLOWED_TO_MANAGE_TYPES_MESSAGE);
  return row.id;
}

const fullOverrides = (o: Overrides | null | undefined): Required<Overrides> => ({
  disableUnsatisfactoryPhoto: o?.disableUnsatisfactoryPhoto === true,
  disableUnsatisfactoryRemarks: o?.disableUnsatisfactoryRemarks === true,
  makePhotoAndRemarksOptional: o?.makePhotoAndRemarksOptional === true,
});

/** Types with their components and groups: the organization's (by order) or the given ones. */
export async function loadTypes(db: Database, where: { organizationId: number } | { ids: number[] }): Promise<OrganizationTypeRow[]> {
  const condition = 'ids' in where ? inArray(equipmentTypes.id, where.ids.length ? where.ids : [0]) : eq(equipmentTypes.organizationId, where.organizationId);
  const types = await db.select().from(equipmentTypes).where(condition).orderBy(asc(equipmentTypes.order), asc(equipmentTypes.id));
  if (!types.length) return [];
  const typeIds = types.map((t) => t.id);
  const [components, typeTasks] = await Promise.all([
    db.select().from(equipmentComponents).where(inArray(equipmentComponents.equipmentTypeId, typeIds)).orderBy(asc(equipmentComponents.order), asc(equipmentComponents.id)),
    db
      .select({ id: tasks.id, equipmentTypeId: tasks.equipmentTypeId, componentId: tasks.componentId })
      .from(tasks)
      .where(inArray(tasks.equipmentTypeId, typeIds))
      .orderBy(asc(tasks.order), asc(tasks.id)),
  ]);
  const componentIds = components.map((c) => c.id);
  const groups = componentIds.length
    ? await db
        .select({
          id: equipmentComponentConditionGroups.id,
          componentId: equipmentComponentConditionGroups.componentId,
          groupId: equipmentComponentConditionGroups.taskGroupId,
          groupName: taskGroups.name,
          from: equipmentComponentConditionGroups.from,
          to: equipmentComponentConditionGroups.to,
          order: equipmentComponentConditionGroups.order,
          overrides: equipmentComponentConditionGroups.overrides,
        })
        .from(equipmentComponentConditionGroups)
        .innerJoin(taskGroups, eq(taskGroups.id, equipmentComponentConditionGroups.taskGroupId))
        .where(inArray(equipmentComponentConditionGroups.componentId, componentIds))
        .orderBy(asc(equipmentComponentConditionGroups.order), asc(equipmentComponentConditionGroups.id))
    : [];
  return types.map((type) => ({
    id: type.id,
    organizationId: type.organizationId,
    name: type.name,
    aliasName: type.aliasName,
    order: type.order,
    status: type.status,
    version: type.version,
    taskIds: typeTasks.filter((t) => t.equipmentTypeId === type.id).map((t) => t.id),
    components: components
      .filter((c) => c.equipmentTypeId === type.id)
      .map((c) => ({
        id: c.id,
        name: c.name,
        alias_name: c.aliasName,
        order: c.order,
        disabled: c.disabled,
        implicit: c.name === '',
        all_condition_ids: typeTasks.filter((t) => t.componentId === c.id).map((t) => t.id),
        equipment_component_condition_groups: groups
          .filter((g) => g.componentId === c.id)
          .map((g) => ({ id: g.id, condition_group_id: g.groupId, condition_group_name: g.groupName, from: g.from, to: g.to, order: g.order, overrides: fullOverrides(g.overrides) })),
      })),
  }));
}

/** A type of an organization the caller sees (404 otherwise), with the right to see or change it. */
export async function typeInScope(db: Database, scope: Scope, id: number, change: boolean) {
  const [type] = await db.select().from(equipmentTypes).where(eq(equipmentTypes.id, id));
  if (!type || (!scope.isAdmin && type.organizationId !== scope.organizationId)) throw notFound('Equipment type');
  await typesOrganization(db, scope, type.organizationId, change);
  return type;
}

export type TypeBody = {
  /** The route's schema allows only the statuses of EquipmentTypeStatus. */
  equipment: { name?: string | null; alias_name?: string | null; status?: string; order?: number; version?: number };
  equipment_components?: Array<{
    id?: number | string;
    name?: string | null;
    alias_name?: string | null;
    order?: number;
    disabled?: boolean;
    equipment_component_condition_groups: Array<{ condition_group_id: number | string | null; from?: number | null; to?: number | null; order?: number }>;
  }>;
  organization_id?: number | string;
};

/** The shared rule's fields as the body's JSON pointers. */
function pointerOf(field: string): string {
  const parts = field.split('.');
  if (parts[0] === 'name') return '/equipment/name';
  if (parts[0] === 'aliasName') return '/equipment/alias_name';
  let pointer = '/equipment_components';
  if (parts[1] !== undefined) pointer += `/${parts[1]}`;
  const rest: Record<string, string> = { name: 'name', aliasName: 'alias_name', groups: 'equipment_component_condition_groups' };
  if (parts[2] !== undefined) pointer += `/${rest[parts[2]] ?? parts[2]}`;
  if (parts[3] !== undefined) pointer += `/${parts[3]}`;
  const group: Record<string, string> = { groupId: 'condition_group_id', from: 'from', to: 'to' };
  if (parts[4] !== undefined) pointer += `/${group[parts[4]] ?? parts[4]}`;
  return pointer;
}

const clean = (value: string | null | undefined) => (value ?? '').trim();
const orNull = (value: string | null | undefined) => clean(value) || null;

/** The section 5 rules over the body, and every group of the organization's: the cleaned components, or a 422. */
async function validComponents(db: Database, organizationId: number, body: TypeBody, name: string | null | undefined) {
  const components = body.equipment_components ?? [];
  const problems = validateEquipmentType({
    name,
    aliasName: body.equipment.alias_name,
    components: components.map((c) => ({
      name: c.name,
      aliasName: c.alias_name,
      groups: c.equipment_component_condition_groups.map((g) => ({ groupId: g.condition_group_id, from: g.from, to: g.to })),
    })),
  });
  const errors: FieldError[] = problems.map((p) => ({ pointer: pointerOf(p.field), detail: p.message }));
  const groupIds = [...new Set(components.flatMap((c) => c.equipment_component_condition_groups.map((g) => Number(g.condition_group_id))).filter((id) => id > 0))];
  const known = groupIds.length
    ? new Set(
        (await db.select({ id: taskGroups.id }).from(taskGroups).where(and(inArray(taskGroups.id, groupIds), eq(taskGroups.organizationId, organizationId)))).map((g) => g.id),
      )
    : new Set<number>();
  components.forEach((c, i) =>
    c.equipment_component_condition_groups.forEach((g, j) => {
      if (g.condition_group_id != null && !known.has(Number(g.condition_group_id))) {
        errors.push({ pointer: `/equipment_components/${i}/equipment_component_condition_groups/${j}/condition_group_id`, detail: GROUP_NOT_OF_ORGANIZATION_MESSAGE });
      }
    }),
  );
  if (errors.length) throw new FieldErrors(errors);
  const implicit = isImplicitComponentList(components.map((c) => ({ name: c.name, groups: [] })));
  return components.map((c, i) => ({
    id: c.id === undefined ? undefined : Number(c.id),
    name: implicit ? '' : clean(c.name),
    aliasName: orNull(c.alias_name),
    order: c.order ?? i,
    disabled: c.disabled ?? false,
    groups: c.equipment_component_condition_groups.map((g, j) => ({ taskGroupId: Number(g.condition_group_id), from: g.from ?? null, to: g.to ?? null, order: g.order ?? j })),
  }));
}

type CleanComponent = Awaited<ReturnType<typeof validComponents>>[number];

/** Writes a type's components and their groups: listed ones kept (by id) or added, the others removed; a group keeps its overrides. */
async function writeComponents(tx: Database, typeId: number, components: CleanComponent[]) {
  const existing = await tx.select({ id: equipmentComponents.id }).from(equipmentComponents).where(eq(equipmentComponents.equipmentTypeId, typeId));
  const existingIds = new Set(existing.map((c) => c.id));
  const foreign = components.findIndex((c) => c.id !== undefined && !existingIds.has(c.id));
  if (foreign >= 0) throw new FieldErrors([{ pointer: `/equipment_components/${foreign}/id`, detail: 'This component is not one of the equipment type’s components.' }]);
  const keptIds = components.flatMap((c) => (c.id === undefined ? [] : [c.id]));
  await tx
    .delete(equipmentComponents)
    .where(and(eq(equipmentComponents.equipmentTypeId, typeId), keptIds.length ? notInArray(equipmentComponents.id, keptIds) : sql`true`));
  for (const component of components) {
    const values = { name: component.name, aliasName: component.aliasName, order: component.order, disabled: component.disabled };
    let componentId = component.id;
    if (componentId === undefined) {
      const [row] = await tx.insert(equipmentComponents).values({ equipmentTypeId: typeId, ...values }).returning({ id: equipmentComponents.id });
      componentId = row!.id;
    } else {
      await tx.update(equipmentComponents).set(values).where(eq(equipmentComponents.id, componentId));
    }
    const groupIds = component.groups.map((g) => g.taskGroupId);
    await tx
      .delete(equipmentComponentConditionGroups)
      .where(and(eq(equipmentComponentConditionGroups.componentId, componentId), groupIds.length ? notInArray(equipmentComponentConditionGroups.taskGroupId, groupIds) : sql`true`));
    const present = await tx
      .select({ id: equipmentComponentConditionGroups.id, taskGroupId: equipmentComponentConditionGroups.taskGroupId })
      .from(equipmentComponentConditionGroups)
      .where(eq(equipmentComponentConditionGroups.componentId, componentId));
    for (const group of component.groups) {
      const found = present.find((p) => p.taskGroupId === group.taskGroupId);
      const groupValues = { from: group.from, to: group.to, order: group.order };
      if (found) await tx.update(equipmentComponentConditionGroups).set(groupValues).where(eq(equipmentComponentConditionGroups.id, found.id));
      else await tx.insert(equipmentComponentConditionGroups).values({ componentId, taskGroupId: group.taskGroupId, ...groupValues });
    }
  }
}

function requireOrganizationOfBody(body: TypeBody, organizationId: number) {
  if (body.organization_id !== undefined && Number(body.organization_id) !== organizationId) {
    throw new FieldErrors([{ pointer: '/organization_id', detail: 'organization_id must be the organization of the equipment type.' }]);
  }
}

/** POST /equipments/: the new type goes after the organization's last one unless an order is given. Answers its id. */
export async function createType(db: Database, scope: Scope, body: TypeBody): Promise<number> {
  const organizationId = await typesOrganization(db, scope, Number(body.organization_id ?? 0), true);
  const components = await validComponents(db, organizationId, body, body.equipment.name);
  if (components.some((c) => c.id !== undefined)) {
    throw new FieldErrors([{ pointer: '/equipment_components/0/id', detail: 'A new equipment type has no components yet: leave their ids out.' }]);
  }
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(equipmentTypes)
      .values({
        organizationId,
        name: clean(body.equipment.name),
        aliasName: orNull(body.equipment.alias_name),
        status: (body.equipment.status as EquipmentTypeStatus | undefined) ?? 'active',
        order: body.equipment.order ?? sql`(select coalesce(max(t."order") + 1, 0) from ${equipmentTypes} t where t.organization_id = ${organizationId})`,
      })
      .returning({ id: equipmentTypes.id });
    await writeComponents(tx, row!.id, components);
    return row!.id;
  });
}

/**
 * PUT /equipments/{id}: with equipment_components an edit of the components (name and alias locked); otherwise the
 * status and/or the order. Answers the type's id.
 */
export async function updateType(db: Database, scope: Scope, id: number, body: TypeBody): Promise<number> {
  const type = await typeInScope(db, scope, id, true);
  requireOrganizationOfBody(body, type.organizationId);
  const { equipment } = body;
  const editing = body.equipment_components !== undefined;
  if (!editing && equipment.status === undefined && equipment.order === undefined) {
    throw new FieldErrors([{ pointer: '/equipment', detail: 'Send equipment_components to edit the type, or equipment.status or equipment.order.' }]);
  }
  let components: CleanComponent[] = [];
  if (editing) {
    const locked: FieldError[] = [];
    if (equipment.name != null && clean(equipment.name) !== type.name) locked.push({ pointer: '/equipment/name', detail: TYPE_NAME_LOCKED_MESSAGE });
    if (equipment.alias_name !== undefined && orNull(equipment.alias_name) !== type.aliasName) locked.push({ pointer: '/equipment/alias_name', detail: TYPE_ALIAS_LOCKED_MESSAGE });
    if (locked.length) throw new FieldErrors(locked);
    components = await validComponents(db, type.organizationId, { ...body, equipment: { ...equipment, alias_name: type.aliasName } }, type.name);
  }
  const onlyOrder = !editing && equipment.status === undefined;
  await db.transaction(async (tx) => {
    const conditions = [eq(equipmentTypes.id, id)];
    if (equipment.version !== undefined) conditions.push(eq(equipmentTypes.version, equipment.version));
    const [updated] = await tx
      .update(equipmentTypes)
      .set({
        version: sql`${equipmentTypes.version} + 1`,
        ...(equipment.status !== undefined ? { status: equipment.status as EquipmentTypeStatus } : {}),
        ...(equipment.order !== undefined ? { order: equipment.order } : {}),
      })
      .where(and(...conditions))
      .returning({ id: equipmentTypes.id });
    if (!updated) throw new HttpError(409, onlyOrder ? STALE_ORDER_MESSAGE : STALE_EDIT_MESSAGE, { pointer: '/equipment/version' }, 'STALE');
    if (editing) await writeComponents(tx, id, components);
  });
  return id;
}

/** PUT /equipment_component_condition_groups/{id}: a group's overrides (the type's version raised). Answers the type's id. */
export async function updateOverrides(db: Database, scope: Scope, groupId: number, overrides: Overrides, version?: number): Promise<number> {
  const [row] = await db
    .select({ typeId: equipmentComponents.equipmentTypeId })
    .from(equipmentComponentConditionGroups)
    .innerJoin(equipmentComponents, eq(equipmentComponents.id, equipmentComponentConditionGroups.componentId))
    .where(eq(equipmentComponentConditionGroups.id, groupId));
  if (!row) throw notFound('Component tasks group');
  await typeInScope(db, scope, row.typeId, true).catch((error: unknown) => {
    // Another organization's group is not found, as its type would not be.
    if (error instanceof HttpError && error.status === 404) throw notFound('Component tasks group');
    throw error;
  });
  await db.transaction(async (tx) => {
    const conditions = [eq(equipmentTypes.id, row.typeId)];
    if (version !== undefined) conditions.push(eq(equipmentTypes.version, version));
    const [updated] = await tx.update(equipmentTypes).set({ version: sql`${equipmentTypes.version} + 1` }).where(and(...conditions)).returning({ id: equipmentTypes.id });
    if (!updated) throw new HttpError(409, STALE_EDIT_MESSAGE, { pointer: '/version' }, 'STALE');
    await tx.update(equipmentComponentConditionGroups).set({ overrides: fullOverrides(overrides) }).where(eq(equipmentComponentConditionGroups.id, groupId));
  });
  return row.typeId;
}

/** A type named twice in one reorder. */
export const TYPE_NAMED_TWICE_MESSAGE = 'Each equipment type may be named once';

/**
 * PUT /equipments/reorder: the new order of the types that moved, in one transaction. Every type must be one the
 * caller sees (404 otherwise, naming none), all of one organization whose types the caller manages (403); one stale
 * version refuses the whole batch (409 STALE), so that no arrangement is left half saved. Answers the ids.
 */
export async function reorderTypes(db: Database, scope: Scope, changes: ReadonlyArray<{ id: number | string; order: number; version?: number }>): Promise<number[]> {
  const ids = changes.map((change) => Number(change.id));
  const errors: FieldError[] = [];
  ids.forEach((id, index) => {
    if (ids.indexOf(id) !== index) errors.push({ pointer: `/attributes/${index}/id`, detail: TYPE_NAMED_TWICE_MESSAGE });
  });
  if (errors.length) throw new FieldErrors(errors);
  const rows = await db.select({ id: equipmentTypes.id, organizationId: equipmentTypes.organizationId }).from(equipmentTypes).where(inArray(equipmentTypes.id, ids));
  const seen = rows.filter((row) => scope.isAdmin || row.organizationId === scope.organizationId);
  if (seen.length !== ids.length) throw notFound('Equipment type');
  const organizationIds = [...new Set(seen.map((row) => row.organizationId))];
  if (organizationIds.length > 1) throw new FieldErrors([{ pointer: '/attributes', detail: 'The types of one reorder must be of one organization.' }]);
  await typesOrganization(db, scope, organizationIds[0]!, true);
  await db.transaction(async (tx) => {
    for (const [index, change] of changes.entries()) {
      const conditions = [eq(equipmentTypes.id, ids[index]!)];
      if (change.version !== undefined) conditions.push(eq(equipmentTypes.version, change.version));
      const [updated] = await tx
        .update(equipmentTypes)
        .set({ order: change.order, version: sql`${equipmentTypes.version} + 1` })
        .where(and(...conditions))
        .returning({ id: equipmentTypes.id });
      if (!updated) throw new HttpError(409, STALE_ORDER_MESSAGE, { pointer: `/attributes/${index}/version` }, 'STALE');
    }
  });
  return ids;
}
