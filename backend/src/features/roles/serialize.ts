import { ADMIN_ROLE_NAME, completeRolePermissions } from '@fsi/shared';
import type { Static } from 'typebox';
import { resource, toMany, toOne } from '../../jsonapi/serializer';
import type { RoleRow } from './repository';
import type { RoleResource } from './schemas';

export function roleResource(role: RoleRow): Static<typeof RoleResource> {
  return resource(
    'roles',
    role.id,
    {
      name: role.name,
      organizationId: role.organizationId,
      assignableRoleIds: role.assignableRoleIds,
      walkaboutEquipmentIds: role.walkaboutEquipmentIds,
      reportDefinitionIds: role.reportDefinitionIds,
      reportBookletTemplateIds: role.reportBookletTemplateIds,
      incompleteWalkaboutReminderSubscriptions: role.incompleteWalkaboutReminderSubscriptions,
      isLocked: role.name === ADMIN_ROLE_NAME,
      version: role.version,
      // Stored roles of older seeds may lack a key: every key is answered, off where missing.
      ...completeRolePermissions(role.permissions as unknown as Record<string, Record<string, boolean>>),
    },
    { organization: toOne('organizations', role.organizationId), walkaboutEquipment: toMany('equipment-types', role.walkaboutEquipmentIds) },
  ) as Static<typeof RoleResource>;
}
