/**
 * Users and roles (issue 14; admin-people-schedules.md sections 2-8): one batched REST call per list and level, and
 * one call per change. The user's mistakes and refusals (409 STALE, 422, and 404 for a record out of scope) are the
 * payload's errors, named by the GraphQL input field; 401 and 403 stay GraphQL errors.
 */
import { permissionGroups } from '@fsi/shared';
import type { RoleInput, UserInput } from '../../generated/resolvers';
import { withPayloadErrors, type FieldErrorRecord } from '../../errors';
import { byIdLoader, groupLoader, isRestId, prime } from '../../loaders';
import { RestError, type RestClient } from '../../rest-client';
import type { RestBody, RestRequestBody, RestRoute } from '../../rest-types';
import { toRole, toUser, type RoleModel, type UserModel } from './model';

export type UserResult = { user: UserModel | null; errors: FieldErrorRecord[] };
export type RoleResult = { role: RoleModel | null; errors: FieldErrorRecord[] };

/** The REST field of an error, as the GraphQL input names it. */
const inputFieldOf: Record<string, string> = {
  securityemail: 'securityEmail',
  firstname: 'firstName',
  lastname: 'lastName',
  organization: 'organizationId',
  region: 'regionId',
  buildings: 'buildingIds',
  roles: 'roleIds',
  reportDefinitionsForAutomaticDelivery: 'reportDefinitionsForAutomaticDeliveryIds',
  reportBookletsForAutomaticDelivery: 'reportBookletsForAutomaticDeliveryIds',
  walkaboutEquipment: 'walkaboutEquipmentIds',
};
const renamed = (errors: FieldErrorRecord[]) => errors.map((e) => ({ ...e, field: e.field === null ? null : (inputFieldOf[e.field] ?? e.field) }));

async function onRecord<T>(what: string, ids: string[], call: () => Promise<T>, failed: (errors: FieldErrorRecord[]) => T): Promise<T> {
  const noSuch = (): FieldErrorRecord => ({ field: 'id', message: `There is no such ${what}.`, code: 'NOT_FOUND' });
  if (ids.some((id) => !isRestId(id))) return failed([noSuch()]);
  try {
    return await withPayloadErrors(call, (errors) => failed(renamed(errors)));
  } catch (error) {
    if (error instanceof RestError && error.status === 404) return failed([{ ...noSuch(), message: error.errors[0]?.detail ?? noSuch().message }]);
    throw error;
  }
}

const has = <T extends object>(input: T, key: keyof T) => key in input && input[key] !== undefined;
const many = (type: string, values: readonly string[]) => ({ data: values.map((id) => ({ type, id })) });
const numbers = (values: readonly string[] | null | undefined) => (values ?? []).map(Number);

type UserBody = NonNullable<RestRequestBody<'/users', 'post'>>['data'];

/** The REST body of a UserInput: only what the input names (a PATCH keeps the rest). */
function userBody(input: UserInput, version?: number | null): UserBody {
  const attributes: NonNullable<UserBody['attributes']> = {};
  const text = { username: 'username', password: 'password', securityEmail: 'securityemail', firstName: 'firstname', lastName: 'lastname', email: 'email', phone: 'phone', title: 'title', street1: 'street1', street2: 'street2', city: 'city', province: 'province', postalCode: 'postalCode', companyName: 'companyName', signatureImageLink: 'signatureImageLink', cfaaTechnicianNumber: 'cfaaTechnicianNumber' } as const;
  for (const [from, to] of Object.entries(text) as [keyof typeof text, (typeof text)[keyof typeof text]][]) {
    if (has(input, from)) (attributes as Record<string, unknown>)[to] = input[from];
  }
  if (input.walkaboutAutoSavePeriodMins != null) attributes.walkaboutAutoSavePeriodMins = input.walkaboutAutoSavePeriodMins;
  if (input.debugModeEnabled != null) attributes.debugModeEnabled = input.debugModeEnabled;
  if (input.networkSpeedMeasurementEnabled != null) attributes.networkSpeedMeasurementEnabled = input.networkSpeedMeasurementEnabled;
  if (input.subscriptions) {
    const s = input.subscriptions;
    attributes.subscriptions = {
      ...(s.incompleteWalkaboutReminderBuildingIds ? { incompleteWalkaboutReminderBuildingIds: numbers(s.incompleteWalkaboutReminderBuildingIds) } : {}),
      ...(s.incompleteWalkaboutNotificationsBuildingIds ? { incompleteWalkaboutNotificationsBuildingIds: numbers(s.incompleteWalkaboutNotificationsBuildingIds) } : {}),
      ...(s.unsatisfactoryEquipmentIds ? { unsatisfactoryEquipmentIds: numbers(s.unsatisfactoryEquipmentIds) } : {}),
      ...(s.notatedEquipmentIds ? { notatedEquipmentIds: numbers(s.notatedEquipmentIds) } : {}),
    };
  }
  if (version != null) attributes.version = version;
  const relationships: NonNullable<UserBody['relationships']> = {};
  if (input.organizationId) relationships.organization = { data: { type: 'organizations', id: input.organizationId } };
  if (has(input, 'regionId')) relationships.region = { data: input.regionId ? { type: 'regions', id: input.regionId } : null };
  if (input.buildingIds) relationships.buildings = many('buildings', input.buildingIds);
  if (input.roleIds) relationships.roles = many('roles', input.roleIds);
  if (input.reportDefinitionsForAutomaticDeliveryIds) relationships.reportDefinitionsForAutomaticDelivery = many('report-definitions', input.reportDefinitionsForAutomaticDeliveryIds);
  if (input.reportBookletsForAutomaticDeliveryIds) relationships.reportBookletsForAutomaticDelivery = many('report-booklet-templates', input.reportBookletsForAutomaticDeliveryIds);
  return { type: 'users', attributes, relationships };
}

type RoleBody = NonNullable<RestRequestBody<'/roles', 'post'>>['data'];

function roleBody(input: RoleInput, version?: number | null): RoleBody {
  const attributes: Record<string, unknown> = {};
  if (has(input, 'name')) attributes.name = input.name;
  for (const group of Object.keys(permissionGroups)) {
    const value = input[group as keyof RoleInput];
    if (value) attributes[group] = Object.fromEntries(Object.entries(value).filter(([, on]) => on !== null && on !== undefined));
  }
  if (input.assignableRoleIds) attributes.assignableRoleIds = numbers(input.assignableRoleIds);
  if (input.reportDefinitionIds) attributes.reportDefinitionIds = numbers(input.reportDefinitionIds);
  if (input.reportBookletTemplateIds) attributes.reportBookletTemplateIds = numbers(input.reportBookletTemplateIds);
  if (input.incompleteWalkaboutReminderSubscriptions) {
    attributes.incompleteWalkaboutReminderSubscriptions = input.incompleteWalkaboutReminderSubscriptions.map((s) => ({ cycleId: Number(s.cycleId), offsetValue: s.offsetValue, offsetUnit: s.offsetUnit }));
  }
  if (version != null) attributes.version = version;
  const relationships: NonNullable<RoleBody['relationships']> = {};
  if (input.organizationId) relationships.organization = { data: { type: 'organizations', id: input.organizationId } };
  if (input.walkaboutEquipmentIds) relationships.walkaboutEquipment = many('equipment-types', input.walkaboutEquipmentIds);
  return { type: 'roles', attributes: attributes as RoleBody['attributes'], relationships };
}

export function createPeopleLoaders(rest: RestClient) {
  const userById = byIdLoader<RestBody<'/users'>, UserModel>(rest, '/users', toUser);
  const roleById = byIdLoader<RestBody<'/roles'>, RoleModel>(rest, '/roles', toRole);
  const usersOfOrganization = groupLoader<RestBody<'/users'>, UserModel>(rest, '/users', 'organization', toUser, (u) => u.organizationId, (users) =>
    prime(userById, users).sort((a, b) => a.username.localeCompare(b.username)),
  );
  const rolesOfOrganization = groupLoader<RestBody<'/roles'>, RoleModel>(rest, '/roles', 'organization', toRole, (r) => r.organizationId, (roles) =>
    prime(roleById, roles).sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase())),
  );
  const userFailed = (errors: FieldErrorRecord[]): UserResult => ({ user: null, errors });
  const roleFailed = (errors: FieldErrorRecord[]): RoleResult => ({ role: null, errors });
  const savedUser = (document: { data: RestBody<'/users/{id}'>['data'] }): UserResult => {
    const user = toUser(document.data);
    userById.clear(user.id).prime(user.id, user);
    return { user, errors: [] };
  };
  const savedRole = (document: { data: RestBody<'/roles/{id}'>['data'] }): RoleResult => {
    const role = toRole(document.data);
    roleById.clear(role.id).prime(role.id, role);
    return { role, errors: [] };
  };
  const patchUser = (id: string, data: UserBody) =>
    onRecord('user', [id], async () => savedUser(await rest.patch<RestRoute<'/users/{id}', 'patch'>>(`/users/${id}`, { data })), userFailed);
  return {
    userById,
    roleById,
    usersOfOrganization,
    rolesOfOrganization,
    createUser: (input: UserInput) => onRecord('organization', input.organizationId ? [input.organizationId] : [], async () => savedUser(await rest.post<RestRoute<'/users', 'post'>>('/users', { data: userBody(input) })), userFailed),
    updateUser: (id: string, input: UserInput, version?: number | null) => patchUser(id, userBody({ ...input, password: undefined }, version)),
    setUserActive: (id: string, active: boolean) => patchUser(id, { type: 'users', attributes: { active } }),
    changeUserPassword: (id: string, password: string) => patchUser(id, { type: 'users', attributes: { password } }),
    createRole: (input: RoleInput) => onRecord('organization', input.organizationId ? [input.organizationId] : [], async () => savedRole(await rest.post<RestRoute<'/roles', 'post'>>('/roles', { data: roleBody(input) })), roleFailed),
    updateRole: (id: string, input: RoleInput, version?: number | null) =>
      onRecord('role', [id], async () => savedRole(await rest.patch<RestRoute<'/roles/{id}', 'patch'>>(`/roles/${id}`, { data: roleBody(input, version) })), roleFailed),
  };
}

export type PeopleLoaders = ReturnType<typeof createPeopleLoaders>;
