/** The REST contract of roles (admin-people-schedules.md sections 3 and 7). */
import { permissionGroups, type PermissionGroupName } from '@fsi/shared';
import Type, { type TObject, type TBoolean, type TOptional } from 'typebox';
import { IdList, IdParams, IncludeQuery, ListQuery } from '../../jsonapi/query';
import { Bool, errorResponses, Int, IntArray, ListDocument, ref, Resource, SingleDocument, Str, ToMany, ToOne } from '../../jsonapi/schemas';

export const roleIncludes = [] as const;

type GroupSchemas = { [G in PermissionGroupName]: TObject<Record<string, TBoolean>> };
type GroupBodies = { [G in PermissionGroupName]: TOptional<TObject<Record<string, TOptional<TBoolean>>>> };

/** Every permission group of @fsi/shared, every key present (answers) … */
const groups = Object.fromEntries(
  Object.entries(permissionGroups).map(([group, keys]) => [group, Type.Object(Object.fromEntries(keys.map((k) => [k, Bool])))]),
) as GroupSchemas;
/** … or any of them (requests: a group or key left out keeps its value, false on a new role). */
const groupBodies = Object.fromEntries(
  Object.entries(permissionGroups).map(([group, keys]) => [group, Type.Optional(Type.Object(Object.fromEntries(keys.map((k) => [k, Type.Optional(Bool)]))))]),
) as GroupBodies;

export const ReminderSubscription = Type.Object({
  cycleId: Int,
  offsetValue: Int,
  offsetUnit: Str,
});

export const RoleResource = Resource(
  'RoleResource',
  'roles',
  {
    name: Str,
    organizationId: Int,
    /** The roles a holder of this role may give users (administrators and organization managers: any). */
    assignableRoleIds: IntArray,
    /** The equipment types this role's users inspect on walkabouts; empty: all. */
    walkaboutEquipmentIds: IntArray,
    /** The report definitions whose walkabout reports the role's walkabout report permission shows; empty: all. */
    reportDefinitionIds: IntArray,
    /** The booklet templates whose booklets the role's walkabout report permission shows; empty: all. */
    reportBookletTemplateIds: IntArray,
    incompleteWalkaboutReminderSubscriptions: Type.Array(ReminderSubscription),
    /** The role named Admin: no change is accepted. */
    isLocked: Bool,
    version: Type.Integer({ description: 'Raised by every change; send it back with PATCH to be told of a concurrent edit (409 STALE)' }),
    ...groups,
  },
  { organization: ToOne('organizations'), walkaboutEquipment: ToMany('equipment-types') },
);

const IdRef = Type.Object({ type: Type.Optional(Str), id: Type.String({ pattern: '^\\d{1,9}$' }) });
const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

export const RoleWriteAttributes = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 256 })),
  ...groupBodies,
  assignableRoleIds: Type.Optional(Type.Array(Id, { maxItems: 1000 })),
  reportDefinitionIds: Type.Optional(
    Type.Array(Id, { maxItems: 1000, description: "Report definitions of the organization whose walkabout reports the role's walkabout report permission shows; empty: all" }),
  ),
  reportBookletTemplateIds: Type.Optional(
    Type.Array(Id, { maxItems: 1000, description: "Booklet templates of the organization whose booklets the role's walkabout report permission shows; empty: all" }),
  ),
  incompleteWalkaboutReminderSubscriptions: Type.Optional(
    Type.Array(
      Type.Object({
        cycleId: Id,
        offsetValue: Type.Integer({ minimum: 0, maximum: 100_000 }),
        offsetUnit: Type.String({ maxLength: 16, description: 'minute or hour; weekly cycles add day, monthly week, yearly month' }),
      }),
      { maxItems: 1000 },
    ),
  ),
  version: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: 'The version read; an older one than stored is refused (409 STALE)' })),
});

const RoleWriteBody = Type.Object({
  data: Type.Object({
    type: Type.Optional(Str),
    attributes: Type.Optional(RoleWriteAttributes),
    relationships: Type.Optional(
      Type.Object({
        organization: Type.Optional(Type.Object({ data: IdRef })),
        walkaboutEquipment: Type.Optional(Type.Object({ data: Type.Array(IdRef, { maxItems: 1000 }) })),
      }),
    ),
  }),
});

export const listRolesSchema = {
  tags: ['roles'],
  summary: "Roles of the caller's organization, sorted by name",
  querystring: ListQuery({ 'filter[organization]': Type.Optional(IdList) }, roleIncludes),
  response: { 200: ListDocument(ref(RoleResource)), ...errorResponses },
};

export const getRoleSchema = {
  tags: ['roles'],
  summary: 'One role',
  params: IdParams,
  querystring: IncludeQuery(roleIncludes),
  response: { 200: SingleDocument(ref(RoleResource)), ...errorResponses },
};

export const createRoleSchema = {
  tags: ['roles'],
  summary: 'Create a role (canCreateRoles); a non-administrator grants only permissions they hold; the name is unique within the organization',
  body: RoleWriteBody,
  response: { 201: SingleDocument(ref(RoleResource)), ...errorResponses },
};

export const updateRoleSchema = {
  tags: ['roles'],
  summary: 'Change a role (canUpdateRoles); the Admin role is locked; an older version is refused (409 STALE)',
  params: IdParams,
  body: RoleWriteBody,
  response: { 200: SingleDocument(ref(RoleResource)), ...errorResponses },
};
