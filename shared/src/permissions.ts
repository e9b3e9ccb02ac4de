/**
 * Role permission groups and the permission flags derived from them
 * (spec admin-people-schedules.md section 3 "Role"; inspection.md section 6).
 * One implementation for the backend (authoritative checks), the gateway
 * (viewer fields) and the web (what the shell shows).
 */

export const permissionGroups = {
  buildingPermissions: ['acceptContract', 'manage', 'view', 'overview'],
  fireWatchPermissions: ['create', 'update', 'viewReports'],
  organizationPermissions: ['createOffCycleRemarks', 'manage', 'view', 'overview', 'acceptContract'],
  automaticReportEmailsPermissions: ['enable'],
  reportPermissions: ['walkabout', 'createWalkabout', 'updateWalkabout', 'walkaboutAudit', 'failure', 'fireWatch', 'repair'],
  failureReportPermissions: ['acknowledge', 'comment', 'document', 'repair'],
  locationPermissions: ['assignQrCode', 'create', 'update', 'view', 'delete', 'manageSecondaryData'],
  rolePermissions: ['create', 'update', 'view'],
  walkaboutPermissions: ['lock', 'handleUnavailableQRCodes'],
  userPermissions: ['create', 'update', 'updatePassword', 'view'],
} as const;

type Groups = typeof permissionGroups;
export type PermissionGroupName = keyof Groups;

/** A role's permission groups, as stored and as sent over REST: every group, every key, a boolean. */
export type RolePermissions = { [G in PermissionGroupName]: { [K in Groups[G][number]]: boolean } };

/** The flag names of the spec, each with the role permissions that grant it. */
export const permissionFlags = {
  canAcceptBuildingContract: [['buildingPermissions', 'acceptContract']],
  canManageBuildings: [['buildingPermissions', 'manage']],
  canViewBuildings: [['buildingPermissions', 'view']],
  canViewBuildingOverview: [['buildingPermissions', 'overview']],
  canCreateFireWatch: [['fireWatchPermissions', 'create']],
  canUpdateFireWatch: [['fireWatchPermissions', 'update']],
  canViewFireWatchReports: [['fireWatchPermissions', 'viewReports'], ['reportPermissions', 'fireWatch']],
  canCreateOffCycleRemarks: [['organizationPermissions', 'createOffCycleRemarks']],
  canManageOrganization: [['organizationPermissions', 'manage']],
  canViewOrganization: [['organizationPermissions', 'view']],
  canViewOrganizationOverview: [['organizationPermissions', 'overview']],
  canAcceptOrganizationContract: [['organizationPermissions', 'acceptContract']],
  canAssignAutomaticReportEmails: [['automaticReportEmailsPermissions', 'enable']],
  canViewWalkaboutReports: [['reportPermissions', 'walkabout']],
  canCreateWalkaboutReports: [['reportPermissions', 'createWalkabout']],
  canUpdateWalkaboutReports: [['reportPermissions', 'updateWalkabout']],
  canViewWalkaboutAuditReports: [['reportPermissions', 'walkaboutAudit']],
  canViewFailureReport: [['reportPermissions', 'failure']],
  canViewRepairReports: [['reportPermissions', 'repair']],
  canAcknowledgeFailureReport: [['failureReportPermissions', 'acknowledge']],
  canCommentFailureReport: [['failureReportPermissions', 'comment']],
  canDocumentFailureReport: [['failureReportPermissions', 'document']],
  canRepairFailureReport: [['failureReportPermissions', 'repair']],
  canAssignQrCode: [['locationPermissions', 'assignQrCode']],
  canCreateLocation: [['locationPermissions', 'create']],
  canUpdateLocation: [['locationPermissions', 'update']],
  canViewLocations: [['locationPermissions', 'view']],
  canDeleteLocation: [['locationPermissions', 'delete']],
  canManageSecondaryData: [['locationPermissions', 'manageSecondaryData']],
  canCreateRoles: [['rolePermissions', 'create']],
  canUpdateRoles: [['rolePermissions', 'update']],
  canViewRoles: [['rolePermissions', 'view']],
  canLockWalkabout: [['walkaboutPermissions', 'lock']],
  canHandleUnavailableQRCodes: [['walkaboutPermissions', 'handleUnavailableQRCodes']],
  canCreateUsers: [['userPermissions', 'create']],
  canUpdateUsers: [['userPermissions', 'update']],
  canUpdateUserPassword: [['userPermissions', 'updatePassword']],
  canViewUsers: [['userPermissions', 'view']],
} as const satisfies Record<string, ReadonlyArray<readonly [PermissionGroupName, string]>>;

export type PermissionFlag = keyof typeof permissionFlags | 'canViewSettings';
export type Permissions = Record<PermissionFlag, boolean>;
export const permissionFlagNames = [...Object.keys(permissionFlags), 'canViewSettings'] as PermissionFlag[];

/** A role with every permission off: the start of every new role. */
export function emptyRolePermissions(): RolePermissions {
  const result: Record<string, Record<string, boolean>> = {};
  for (const [group, keys] of Object.entries(permissionGroups)) {
    result[group] = Object.fromEntries(keys.map((key) => [key, false]));
  }
  return result as RolePermissions;
}

/** A role with every permission on (the Admin role of an organization). */
export function fullRolePermissions(): RolePermissions {
  const result = emptyRolePermissions() as unknown as Record<string, Record<string, boolean>>;
  for (const group of Object.values(result)) for (const key of Object.keys(group)) group[key] = true;
  return result as unknown as RolePermissions;
}

/**
 * The flags of a user: a flag is on when any of the user's roles grants it;
 * an administrator has every flag. canViewSettings also follows from
 * organization, walkabout report, role or user permissions (spec inspection.md section 6).
 */
export function derivePermissions(roles: ReadonlyArray<Partial<RolePermissions>>, isAdmin = false): Permissions {
  const granted = (group: PermissionGroupName, key: string) =>
    roles.some((role) => Boolean((role[group] as Record<string, boolean> | undefined)?.[key]));
  const flags = {} as Record<PermissionFlag, boolean>;
  for (const [flag, sources] of Object.entries(permissionFlags)) {
    flags[flag as PermissionFlag] = isAdmin || sources.some(([group, key]) => granted(group, key));
  }
  flags.canViewSettings =
    isAdmin ||
    flags.canManageOrganization ||
    flags.canViewOrganization ||
    flags.canViewWalkaboutReports ||
    flags.canCreateWalkaboutReports ||
    flags.canUpdateWalkaboutReports ||
    flags.canCreateRoles ||
    flags.canUpdateRoles ||
    flags.canViewRoles ||
    flags.canCreateUsers ||
    flags.canUpdateUsers ||
    flags.canViewUsers;
  return flags;
}

/**
 * Who may record walkabout results (save, scan): a user who does walkabouts, i.e. an administrator or
 * one with a walkabout permission (lock, or handle unavailable QR codes). Viewers read but never save.
 * The backend refuses a save by this rule; the web shows such a user the walkabout read-only.
 */
export function canRecordWalkaboutResults(
  isAdmin: boolean,
  permissions: Pick<Permissions, 'canLockWalkabout' | 'canHandleUnavailableQRCodes'>,
): boolean {
  return isAdmin || permissions.canLockWalkabout || permissions.canHandleUnavailableQRCodes;
}
