import type { Permissions } from '@fsi/shared';
import type { Static } from 'typebox';
import type { UserRow } from '../../plugins/auth';
import { resource, toMany, toOneOrNull } from '../../jsonapi/serializer';
import type { UserResource } from './schemas';

export type UserView = { user: UserRow; permissions: Permissions; roleIds: number[]; buildingIds: number[] };

export function userResource({ user, permissions, roleIds, buildingIds }: UserView): Static<typeof UserResource> {
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
      street1: user.street1,
      street2: user.street2,
      city: user.city,
      province: user.province,
      postalCode: user.postalCode,
      companyName: user.companyName,
      signatureImageLink: user.signatureImageLink,
      cfaaTechnicianNumber: user.cfaaTechnicianNumber,
      active: user.active,
      reportDefinitionsForAutomaticDeliveryIds: user.reportDefinitionsForAutomaticDeliveryIds,
      reportBookletsForAutomaticDeliveryIds: user.reportBookletsForAutomaticDeliveryIds,
      version: user.version,
    },
    {
      organization: toOneOrNull('organizations', user.organizationId),
      region: toOneOrNull('regions', user.regionId),
      roles: toMany('roles', roleIds),
    },
  );
}
