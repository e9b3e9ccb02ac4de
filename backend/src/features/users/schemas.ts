/** The REST contract of users and the signed-in user (docs/REST.md "Foundation calls"). */
import { permissionFlagNames, type PermissionFlag } from '@fsi/shared';
import Type, { type TBoolean } from 'typebox';
import { IdList, IdParams, IncludeQuery, ListQuery } from '../../jsonapi/query';
import {
  Bool,
  errorResponses,
  Included,
  Int,
  IntArray,
  IntNull,
  ListDocument,
  ref,
  Resource,
  SingleDocument,
  Str,
  StrNull,
  ToMany,
  ToOneOrNull,
} from '../../jsonapi/schemas';
import { OrganizationResource } from '../organizations/schemas';
import { RegionResource } from '../regions/schemas';

export const userIncludes = ['organization', 'region'] as const;

/** Every permission flag of @fsi/shared `Permissions`, always present. */
export const PermissionsSchema = Type.Object(
  Object.fromEntries(permissionFlagNames.map((name) => [name, Bool])) as Record<PermissionFlag, TBoolean>,
);

export const UserSubscriptions = Type.Object({
  incompleteWalkaboutReminderBuildingIds: IntArray,
  incompleteWalkaboutNotificationsBuildingIds: IntArray,
  unsatisfactoryEquipmentIds: IntArray,
  notatedEquipmentIds: IntArray,
});

export const UserResource = Resource(
  'UserResource',
  'users',
  {
    username: Str,
    firstname: StrNull,
    lastname: StrNull,
    email: StrNull,
    securityemail: StrNull,
    phone: StrNull,
    title: StrNull,
    organizationId: IntNull,
    regionId: IntNull,
    isAdmin: Bool,
    permissions: PermissionsSchema,
    roleIds: IntArray,
    buildingIds: IntArray,
    walkaboutAutoSavePeriodMins: Int,
    debugModeEnabled: Bool,
    networkSpeedMeasurementEnabled: Bool,
    subscriptions: UserSubscriptions,
  },
  { organization: ToOneOrNull('organizations'), region: ToOneOrNull('regions'), roles: ToMany('roles') },
);

export const IsAdminMeta = Type.Object({ isAdmin: Bool });

export const meSchema = {
  tags: ['users'],
  summary: 'The signed-in user, with permission flags; meta.isAdmin',
  response: { 200: SingleDocument(ref(UserResource), { meta: IsAdminMeta }), ...errorResponses },
};

export const listUsersSchema = {
  tags: ['users'],
  summary: "Users of the caller's scope (without the user-view permission: only the caller)",
  querystring: ListQuery({ 'filter[organization]': Type.Optional(IdList), 'filter[region]': Type.Optional(IdList) }, userIncludes),
  response: { 200: ListDocument(ref(UserResource), { included: Included(OrganizationResource, RegionResource) }), ...errorResponses },
};

export const getUserSchema = {
  tags: ['users'],
  summary: 'One user',
  params: IdParams,
  querystring: IncludeQuery(userIncludes),
  response: { 200: SingleDocument(ref(UserResource), { included: Included(OrganizationResource, RegionResource) }), ...errorResponses },
};
