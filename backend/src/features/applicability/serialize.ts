import type { Static } from 'typebox';
import { resource, toMany } from '../../jsonapi/serializer';
import type { BuildingEquipmentRow, TaskRow } from './repository';
import type { EquipmentConditionResource, EquipmentResource } from './schemas';

export function equipmentResource(e: BuildingEquipmentRow): Static<typeof EquipmentResource> {
  return resource(
    'equipment',
    e.id,
    {
      name: e.name,
      displayName: `${e.name} (${e.id})`,
      aliasName: e.aliasName,
      order: e.order,
      status: e.status,
      allEquipmentConditionIds: e.allTaskIds,
      applicableWalkaboutEquipmentConditionIds: e.applicableTaskIds,
    },
    { 'equipment-equipment-conditions': toMany('equipment-conditions', e.allTaskIds) },
  );
}

export function equipmentConditionResource(t: TaskRow): Static<typeof EquipmentConditionResource> {
  return resource(
    'equipment-conditions',
    t.id,
    {
      label: t.label,
      cycleId: t.cycleId,
      cycleName: t.cycleName,
      componentName: t.componentName,
      status: t.status,
      order: t.order,
      equipmentTypeId: t.equipmentTypeId,
    },
    {},
  );
}
