import type { Permissions } from '@fsi/shared';
import type { UserRow } from '../../plugins/auth';
import { resource, toMany, toOne, type Resource } from '../../jsonapi/serializer';
import { bool, freeObject, int, intArray, intNull, resourceSchema, str, strNull } from '../../jsonapi/schemas';

export type UserView = { user: UserRow; permissions: Permissions; roleIds: number[]; buildingIds: number[] };

export const userAttributesSchema = {
  username: str,
  firstname: strNull,
  lastname: strNull,
  email: strNull,
  securityemail: strNull,
  phone: strNull,
  title: strNull,
  organizationId: intNull,
  regionId: intNull,
  isAdmin: bool,
  permissions: freeObject,
  roleIds: intArray,
  buildingIds: intArray,
  walkaboutAutoSavePeriodMins: int,
  debugModeEnabled: bool,
  networkSpeedMeasurementEnabled: bool,
  subscriptions: freeObject,
};

export const userResourceSchema = resourceSchema('users', userAttributesSchema, ['organization', 'region', 'roles']);

export function userResource({ user, permissions, roleIds, buildingIds }: UserView): Resource {
  return resource(
    'users',
    user.id,
    {
      username: user.username,
      firstname: user.firstname,
      lastname: user.lastname,
      email: user.email,
      securityemail: user.securityemail,
      phone: user.phone,
      title: user.title,
      organizationId: user.organizationId,
      regionId: user.regionId,
      isAdmin: user.isAdmin,
      permissions,
      roleIds,
      buildingIds,
      walkaboutAutoSavePeriodMins: user.walkaboutAutoSavePeriodMins,
      debugModeEnabled: user.debugModeEnabled,
      networkSpeedMeasurementEnabled: user.networkSpeedMeasurementEnabled,
      subscriptions: user.subscriptions,
    },
    {
      organization: toOne('organizations', user.organizationId),
      region: toOne('regions', user.regionId),
      roles: toMany('roles', roleIds),
    },
  );
}
