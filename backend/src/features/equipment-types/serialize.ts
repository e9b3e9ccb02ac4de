import type { Static } from 'typebox';
import { resource, toMany } from '../../jsonapi/serializer';
import type { EquipmentResource } from '../applicability/schemas';
import type { OrganizationTypeRow } from './repository';

/** An organization's type as the 'equipment' resource, with its organization-level attributes. */
export function organizationTypeResource(t: OrganizationTypeRow): Static<typeof EquipmentResource> {
  return resource(
    'equipment',
    t.id,
    {
      name: t.name,
      displayName: `${t.name} (${t.id})`,
      aliasName: t.aliasName,
      order: t.order,
      status: t.status,
      allEquipmentConditionIds: t.taskIds,
      // No building narrows them here: a walkabout of any building may include each.
      applicableWalkaboutEquipmentConditionIds: t.taskIds,
      organizationId: t.organizationId,
      version: t.version,
      disabled: t.status === 'disabled',
      equipmentComponents: t.components,
    },
    { 'equipment-equipment-conditions': toMany('equipment-conditions', t.taskIds) },
  );
}
