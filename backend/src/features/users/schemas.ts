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
  Nullable,
  ListDocument,
  ref,
  Resource,
  SingleDocument,
  Str,
  StrNull,
  StringOrNull,
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
    street1: StrNull,
    street2: StrNull,
    city: StrNull,
    province: StrNull,
    postalCode: StrNull,
    companyName: StrNull,
    signatureImageLink: StrNull,
    cfaaTechnicianNumber: StrNull,
    active: Type.Boolean({ description: 'False once deactivated: the user cannot sign in and their sessions have ended' }),
    reportDefinitionsForAutomaticDeliveryIds: IntArray,
    reportBookletsForAutomaticDeliveryIds: IntArray,
    version: Type.Integer({ description: 'Raised by every change; send it back with PATCH to be told of a concurrent edit (409 STALE)' }),
  },
  { organization: ToOneOrNull('organizations'), region: ToOneOrNull('regions'), roles: ToMany('roles') },
);

export const IsAdminMeta = Type.Object({ isAdmin: Bool });

export const meSchema = {
  tags: ['users'],
  summary: 'The signed-in user, with permission flags; meta.isAdmin; include=organization,region brings them along',
  querystring: IncludeQuery(userIncludes),
  response: { 200: SingleDocument(ref(UserResource), { meta: IsAdminMeta, included: Included(OrganizationResource, RegionResource) }), ...errorResponses },
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

const Text = StringOrNull({ maxLength: 256 });
const IdRef = Type.Object({ type: Type.Optional(Str), id: Type.String({ pattern: '^\\d{1,9}$' }) });
const ToOneBody = Type.Object({ data: Nullable(IdRef) });
const ToManyBody = Type.Object({ data: Type.Array(IdRef, { maxItems: 5000 }) });
const IdsBody = Type.Array(Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), { maxItems: 5000 });

/** The attributes of POST and PATCH /users (section 7); each may be left out of a PATCH. */
export const UserWriteAttributes = Type.Object({
  username: Type.Optional(Type.String({ maxLength: 256 })),
  securityemail: Type.Optional(StringOrNull({ maxLength: 256, description: 'An empty value is stored as null' })),
  firstname: Type.Optional(Text),
  lastname: Type.Optional(Text),
  password: Type.Optional(Type.String({ maxLength: 256, description: 'Hashed with argon2id; with update-user-password only, the one attribute allowed' })),
  street1: Type.Optional(Text),
  street2: Type.Optional(Text),
  city: Type.Optional(Text),
  province: Type.Optional(Text),
  postalCode: Type.Optional(Text),
  email: Type.Optional(Text),
  phone: Type.Optional(Text),
  title: Type.Optional(Text),
  companyName: Type.Optional(Text),
  signatureImageLink: Type.Optional(StringOrNull({ maxLength: 2000, description: 'Administrators only' })),
  cfaaTechnicianNumber: Type.Optional(Text),
  walkaboutAutoSavePeriodMins: Type.Optional(Type.Integer({ minimum: 0, maximum: 1440 })),
  debugModeEnabled: Type.Optional(Bool),
  networkSpeedMeasurementEnabled: Type.Optional(Bool),
  subscriptions: Type.Optional(
    Type.Object({
      incompleteWalkaboutReminderBuildingIds: Type.Optional(IdsBody),
      incompleteWalkaboutNotificationsBuildingIds: Type.Optional(IdsBody),
      unsatisfactoryEquipmentIds: Type.Optional(IdsBody),
      notatedEquipmentIds: Type.Optional(IdsBody),
    }),
  ),
  active: Type.Optional(Type.Boolean({ description: 'false deactivates (ends every session at once), true reactivates; update-users, never oneself' })),
  version: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: 'The version read; an older one than stored is refused (409 STALE)' })),
});

export const UserWriteRelationships = Type.Object({
  organization: Type.Optional(ToOneBody),
  region: Type.Optional(ToOneBody),
  buildings: Type.Optional(ToManyBody),
  roles: Type.Optional(ToManyBody),
  reportDefinitionsForAutomaticDelivery: Type.Optional(ToManyBody),
  reportBookletsForAutomaticDelivery: Type.Optional(ToManyBody),
});

const UserWriteBody = Type.Object({
  data: Type.Object({ type: Type.Optional(Str), attributes: Type.Optional(UserWriteAttributes), relationships: Type.Optional(UserWriteRelationships) }),
});

export const createUserSchema = {
  tags: ['users'],
  summary: "Create a user (canCreateUsers): roles within the caller's assignable roles, region and buildings within the caller's scope",
  body: UserWriteBody,
  response: { 201: SingleDocument(ref(UserResource)), ...errorResponses },
};

export const updateUserSchema = {
  tags: ['users'],
  summary:
    'Change a user (update-users, or oneself without raising one\'s own rights); with update-user-password only, only the password. `active: false` deactivates and ends their sessions. An older version is refused (409 STALE)',
  params: IdParams,
  body: UserWriteBody,
  response: { 200: SingleDocument(ref(UserResource)), ...errorResponses },
};
