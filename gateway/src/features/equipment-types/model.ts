/**
 * Equipment types and tasks groups as GraphQL serves them (plain objects, read by graphql-js's default resolver),
 * from the backend's 'equipment' and 'tasks-groups' resources.
 */
import { EQUIPMENT_TYPE_STATUS_LABELS } from '@fsi/shared/equipment-types';
import type { EquipmentStatus, EquipmentType, TaskGroup, TaskGroupTask } from '../../generated/resolvers';
import type { RestBody } from '../../rest-types';

export type EquipmentTypeResource = RestBody<'/equipments/{id}'>['data'];
type GroupsDocument = RestBody<'/organizations/{id}/tasks-groups'>;
export type TaskGroupResource = GroupsDocument['data'][number];
type GroupTaskRecord = TaskGroupResource['attributes']['equipmentConditions'][number];
type TaskChoiceResource = NonNullable<GroupsDocument['included']>[number];

const status = (value: 'active' | 'paused' | 'disabled') => value.toUpperCase() as EquipmentStatus;

export function toEquipmentType(resource: EquipmentTypeResource): EquipmentType {
  const a = resource.attributes;
  return {
    id: resource.id,
    name: a.name,
    aliasName: a.aliasName,
    order: a.order,
    status: status(a.status),
    statusDisplayName: EQUIPMENT_TYPE_STATUS_LABELS[a.status],
    version: a.version ?? 1,
    tasksCount: a.allEquipmentConditionIds.length,
    components: (a.equipmentComponents ?? []).map((c) => ({
      id: String(c.id),
      name: c.name,
      aliasName: c.alias_name,
      order: c.order,
      disabled: c.disabled,
      implicit: c.implicit,
      taskGroups: c.equipment_component_condition_groups.map((g) => ({
        id: String(g.id),
        taskGroupId: String(g.condition_group_id),
        taskGroupName: g.condition_group_name,
        from: g.from,
        to: g.to,
        order: g.order,
        overrides: g.overrides,
      })),
    })),
  };
}

function toTask(id: number | string, t: Omit<GroupTaskRecord, 'id'>): TaskGroupTask {
  return {
    id: String(id),
    label: t.label,
    status: status(t.status),
    statusDisplayName: t.statusDisplayName,
    order: t.order,
    cycleId: String(t.cycleId),
    cycleName: t.cycleName,
    groupId: t.groupId === null ? null : String(t.groupId),
    groupName: t.groupName,
    equipmentTypeId: String(t.equipmentTypeId),
    equipmentTypeName: t.equipmentName,
  };
}

export function toTaskGroup(resource: TaskGroupResource): TaskGroup {
  return {
    id: resource.id,
    name: resource.attributes.name,
    version: resource.attributes.version,
    tasks: resource.attributes.equipmentConditions.map((t) => toTask(t.id, t)),
  };
}

export function toTaskChoice(resource: TaskChoiceResource): TaskGroupTask {
  return toTask(resource.id, resource.attributes);
}
