/** Users and roles as GraphQL serves them (models.ts): plain fields, read by graphql-js's default resolver. */
import { permissionGroups, reminderOffsetText, type RolePermissions } from '@fsi/shared';
import type { RestBody } from '../../rest-types';

type UserResource = RestBody<'/users'>['data'][number];
type RoleResource = RestBody<'/roles'>['data'][number];

const ids = (values: readonly number[]) => values.map(String);

export type UserModel = ReturnType<typeof toUser>;
export type RoleModel = ReturnType<typeof toRole>;

export function toUser(user: UserResource) {
  const a = user.attributes;
  return {
    id: user.id,
    username: a.username,
    securityEmail: a.securityemail,
    firstName: a.firstname,
    lastName: a.lastname,
    email: a.email,
    phone: a.phone,
    title: a.title,
    street1: a.street1,
    street2: a.street2,
    city: a.city,
    province: a.province,
    postalCode: a.postalCode,
    companyName: a.companyName,
    signatureImageLink: a.signatureImageLink,
    cfaaTechnicianNumber: a.cfaaTechnicianNumber,
    walkaboutAutoSavePeriodMins: a.walkaboutAutoSavePeriodMins,
    debugModeEnabled: a.debugModeEnabled,
    networkSpeedMeasurementEnabled: a.networkSpeedMeasurementEnabled,
    active: a.active,
    isAdmin: a.isAdmin,
    organizationId: a.organizationId === null ? null : String(a.organizationId),
    regionId: a.regionId === null ? null : String(a.regionId),
    buildingIds: ids(a.buildingIds),
    roleIds: ids(a.roleIds),
    reportDefinitionsForAutomaticDeliveryIds: ids(a.reportDefinitionsForAutomaticDeliveryIds),
    reportBookletsForAutomaticDeliveryIds: ids(a.reportBookletsForAutomaticDeliveryIds),
    subscriptions: {
      incompleteWalkaboutReminderBuildingIds: ids(a.subscriptions.incompleteWalkaboutReminderBuildingIds),
      incompleteWalkaboutNotificationsBuildingIds: ids(a.subscriptions.incompleteWalkaboutNotificationsBuildingIds),
      unsatisfactoryEquipmentIds: ids(a.subscriptions.unsatisfactoryEquipmentIds),
      notatedEquipmentIds: ids(a.subscriptions.notatedEquipmentIds),
    },
    version: a.version,
  };
}

export function toRole(role: RoleResource) {
  const a = role.attributes;
  const groups = Object.fromEntries(Object.keys(permissionGroups).map((group) => [group, a[group as keyof RolePermissions]])) as RolePermissions;
  return {
    id: role.id,
    name: a.name,
    organizationId: String(a.organizationId),
    isLocked: a.isLocked,
    assignableRoleIds: ids(a.assignableRoleIds),
    walkaboutEquipmentIds: ids(a.walkaboutEquipmentIds),
    reportDefinitionIds: ids(a.reportDefinitionIds),
    reportBookletTemplateIds: ids(a.reportBookletTemplateIds),
    incompleteWalkaboutReminderSubscriptions: a.incompleteWalkaboutReminderSubscriptions.map((s) => ({
      cycleId: String(s.cycleId),
      offsetValue: s.offsetValue,
      offsetUnit: s.offsetUnit,
      text: reminderOffsetText(s.offsetValue, s.offsetUnit),
    })),
    version: a.version,
    ...groups,
  };
}
