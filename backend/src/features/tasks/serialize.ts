import { taskStatusDisplayName } from '@fsi/shared/tasks';
import type { Static } from 'typebox';
import { resource } from '../../jsonapi/serializer';
import type { TaskRow } from './repository';
import type { TaskResource } from './schemas';

/** A task as Manage Tasks lists it (section 3 'Task'). */
export function taskResource(t: TaskRow): Static<typeof TaskResource> {
  return resource(
    'equipment-conditions',
    t.id,
    {
      label: t.label,
      name: t.label,
      conditionType: t.type,
      classification: t.classification,
      description: t.description,
      hint: t.hint,
      reference_name: t.referenceName,
      reference_description: t.referenceDescription,
      rangeFrom: t.rangeFrom,
      rangeTo: t.rangeTo,
      typeValue: t.typeValue,
      typeSatisfactoryValue: t.typeSatisfactoryValue,
      typeUnsatisfactoryValue: t.typeUnsatisfactoryValue,
      typeRecordValue: t.typeRecordValue,
      organizationId: t.organizationId,
      cycleId: t.cycleId,
      cycleName: t.cycleName,
      equipmentTypeId: t.equipmentTypeId,
      equipmentTypeName: t.equipmentTypeName,
      componentId: t.componentId,
      componentName: t.componentName,
      groupId: t.groupId,
      groupName: t.groupName,
      status: t.status,
      parentStatus: t.parentStatus,
      order: t.order,
      groupOrder: t.groupOrder,
      active: t.status === 'active',
      statusDisplayName: taskStatusDisplayName(t.status),
      version: t.version,
    },
    {},
  );
}
