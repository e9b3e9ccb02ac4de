/**
 * Users and roles (admin-people-schedules.md sections 4-6 and 9): the validation messages word for word, the
 * reminder units by frequency, and who may change what, including the escalation rules of issue 14 point 4.
 * The web uses these for what it offers and for instant feedback; the backend for the authoritative answer.
 */
import { derivePermissions, permissionGroups, type PermissionGroupName, type Permissions, type RolePermissions } from './permissions';

export const USERNAME_REQUIRED_MESSAGE = 'Login ID is required field';
export const PASSWORD_REQUIRED_MESSAGE = 'Password is required field';
export const USERNAME_SPACES_MESSAGE = 'Login ID must not begin or end with a space';
export const USERNAME_TAKEN_MESSAGE = 'Username has already been taken.';
export const SECURITY_EMAIL_TAKEN_MESSAGE = 'Security email has already been taken.';
export const ROLE_NAME_REQUIRED_MESSAGE = 'Role name is required field';
/** The 422 detail of the REST contract (section 8) … */
export const ROLE_NAME_NOT_UNIQUE_DETAIL = 'Name must be unique within its organization';
/** … and what the Role form shows for it (section 5). */
export const ROLE_NAME_TAKEN_MESSAGE = 'Role name has already been taken within organization.';
export const NOT_ALLOWED_TO_UPDATE_USERS_MESSAGE = 'You do not have permission to update users.';
export const ONLY_PASSWORDS_MESSAGE = 'You only have permission to update passwords.';
export const NOT_ALLOWED_TO_UPDATE_ROLES_MESSAGE = 'You do not have permission to update roles.';
export const NOT_ALLOWED_TO_CREATE_USERS_MESSAGE = 'You do not have permission to create users.';
export const NOT_ALLOWED_TO_CREATE_ROLES_MESSAGE = 'You do not have permission to create roles.';
export const AUTOMATIC_REPORTS_MESSAGE = "You don't have permission to assign automatic email for reports.";
export const AUTOMATIC_BOOKLETS_MESSAGE = "You don't have permission to assign automatic email for report booklets.";
export const CHANGE_PASSWORD_PROMPT = 'Enter a new password';
export const ADMIN_ROLE_NAME = 'Admin';
export const ADMIN_ROLE_LOCKED_MESSAGE = 'The Admin role is locked and cannot be changed.';
export const PERMISSION_NOT_HELD_MESSAGE = 'You cannot grant a permission you do not hold.';
export const ROLE_NOT_ASSIGNABLE_MESSAGE = 'You cannot assign this role.';
export const OWN_RIGHTS_MESSAGE = 'You cannot change your own roles, region or building permissions.';
export const NO_REGION_NOT_ALLOWED_MESSAGE = 'Only administrators, organization users and organization managers may leave the region empty.';
export const REGION_OUT_OF_SCOPE_MESSAGE = 'Region must be your region or one of its sub-regions.';
export const BUILDING_OUT_OF_SCOPE_MESSAGE = 'Buildings must be among the buildings you may see, in the region of the user.';
export const SIGNATURE_ADMIN_ONLY_MESSAGE = 'Only administrators may change the signature image link.';
export const DEACTIVATE_SELF_MESSAGE = 'You cannot deactivate yourself.';
export const DEACTIVATED_ACCOUNT_MESSAGE = 'This account has been deactivated. Ask your administrator to reactivate it.';
export const REMINDER_ONE_PER_CYCLE_MESSAGE = 'Each cycle may have one reminder subscription.';
export const REMINDER_CYCLE_MESSAGE = 'Cycle must be a repeating cycle of the organization.';
export const REMINDER_OFFSET_MESSAGE = 'Offset must be a whole number of at least 1';

export type CycleFrequency = 'daily' | 'weekly' | 'monthly' | 'yearly';
export type ReminderUnit = 'minute' | 'hour' | 'day' | 'week' | 'month';
export type ReminderSubscriptionValue = { cycleId: number; offsetValue: number; offsetUnit: string };

const UNITS_IN_ORDER: ReminderUnit[] = ['minute', 'hour', 'day', 'week', 'month'];
const UNIT_COUNT: Record<CycleFrequency, number> = { daily: 2, weekly: 3, monthly: 4, yearly: 5 };

/** Section 9: daily allows minute and hour; weekly adds day; monthly adds week; yearly adds month. None without a frequency. */
export function reminderUnitsFor(frequency: CycleFrequency | null | undefined): ReminderUnit[] {
  return frequency ? UNITS_IN_ORDER.slice(0, UNIT_COUNT[frequency]) : [];
}

/** A new subscription's offset (section 4): 8 hours. */
export const DEFAULT_REMINDER_OFFSET = { offsetValue: 8, offsetUnit: 'hour' as ReminderUnit };

/** 'N unit(s) before close' (section 9), e.g. '8 hour(s) before close'. */
export function reminderOffsetText(offsetValue: number, offsetUnit: string): string {
  return `${offsetValue} ${offsetUnit}(s) before close`;
}

/** The problems of a role's reminder subscriptions, by index and field, against the organization's cycles. */
export function validateReminderSubscriptions(
  subscriptions: readonly ReminderSubscriptionValue[],
  cycles: ReadonlyArray<{ id: number; frequency: CycleFrequency | null }>,
): { index: number; field: 'cycleId' | 'offsetValue' | 'offsetUnit'; message: string }[] {
  const problems: { index: number; field: 'cycleId' | 'offsetValue' | 'offsetUnit'; message: string }[] = [];
  const seen = new Set<number>();
  subscriptions.forEach((s, index) => {
    const cycle = cycles.find((c) => c.id === s.cycleId);
    if (!cycle || !cycle.frequency) return void problems.push({ index, field: 'cycleId', message: REMINDER_CYCLE_MESSAGE });
    if (seen.has(s.cycleId)) problems.push({ index, field: 'cycleId', message: REMINDER_ONE_PER_CYCLE_MESSAGE });
    seen.add(s.cycleId);
    if (!Number.isInteger(s.offsetValue) || s.offsetValue < 1) problems.push({ index, field: 'offsetValue', message: REMINDER_OFFSET_MESSAGE });
    const units = reminderUnitsFor(cycle.frequency);
    if (!units.includes(s.offsetUnit as ReminderUnit)) problems.push({ index, field: 'offsetUnit', message: `Unit must be one of: ${units.join(', ')}` });
  });
  return problems;
}

/** A required, trimmed name; null when valid. */
export function validateRoleName(name: string | null | undefined): string | null {
  return (name ?? '').trim() ? null : ROLE_NAME_REQUIRED_MESSAGE;
}

/** The New User sheet's required fields (section 5): username, and a password for a new user. */
export function validateNewUser(input: { username?: string | null; password?: string | null }): { field: 'username' | 'password'; message: string }[] {
  const problems: { field: 'username' | 'password'; message: string }[] = [];
  const username = input.username ?? '';
  if (!username.trim()) problems.push({ field: 'username', message: USERNAME_REQUIRED_MESSAGE });
  else if (username !== username.trim()) problems.push({ field: 'username', message: USERNAME_SPACES_MESSAGE });
  if (!(input.password ?? '')) problems.push({ field: 'password', message: PASSWORD_REQUIRED_MESSAGE });
  return problems;
}

/** The caller as the section 6 rules see them. */
export type Actor = { isAdmin: boolean; userId: number; regionId: number | null; permissions: Permissions };

/** Users list (section 6 access guard, and the list is fetched only for those who can view users). */
export const canViewUsers = (a: Actor) => a.isAdmin || a.permissions.canViewUsers;
/** New user: canCreateUsers. */
export const canCreateUsers = (a: Actor) => a.isAdmin || a.permissions.canCreateUsers;
/** User fields are read-only unless the caller may update users or edits themself. */
export const canEditUserFields = (a: Actor, userId: number | null) => a.isAdmin || a.permissions.canUpdateUsers || a.userId === userId;
/** Change Password: update-users, update-user-password or self. */
export const canChangePassword = (a: Actor, userId: number) =>
  a.isAdmin || a.permissions.canUpdateUsers || a.permissions.canUpdateUserPassword || a.userId === userId;
/** With update-user-password only (not update-users, not self), only the password may change. */
export const canOnlyChangePassword = (a: Actor, userId: number) =>
  !a.isAdmin && !a.permissions.canUpdateUsers && a.permissions.canUpdateUserPassword && a.userId !== userId;
/** Region: new users need create-users; existing users need update-users and (admin or manage-organization or not self). */
export const canChooseRegion = (a: Actor, userId: number | null) =>
  userId === null
    ? canCreateUsers(a)
    : a.isAdmin || (a.permissions.canUpdateUsers && (a.permissions.canManageOrganization || a.userId !== userId));
/** The None region is offered only to admins, organization users (no region) or organization managers. */
export const canLeaveRegionEmpty = (a: Actor) => a.isAdmin || a.regionId === null || a.permissions.canManageOrganization;
/** Building permissions are editable only with update-users (create-users on a new user), never on oneself unless admin. */
export const canEditBuildings = (a: Actor, userId: number | null) =>
  a.isAdmin || (userId === null ? a.permissions.canCreateUsers : a.permissions.canUpdateUsers && a.userId !== userId);
/**
 * Role toggling needs admin or update-roles (section 6); we also let those who create or update users give roles,
 * within their assignable list (the demo's Manager role lists Inspector and Viewer for this). Never one's own.
 */
export const canToggleRoles = (a: Actor, userId: number | null) =>
  a.isAdmin ||
  (a.userId !== userId && (a.permissions.canUpdateRoles || (userId === null ? a.permissions.canCreateUsers : a.permissions.canUpdateUsers)));
/** Non-admin, non-manager users can only assign roles in their assignable list. */
export const canAssignAnyRole = (a: Actor) => a.isAdmin || a.permissions.canManageOrganization;
/** Automatic report emails need the assign-automatic-report-emails permission, or self. */
export const canAssignAutomaticEmails = (a: Actor, userId: number | null) =>
  a.isAdmin || a.permissions.canAssignAutomaticReportEmails || (userId !== null && a.userId === userId);
/** The signature image link is editable only by admins. */
export const canEditSignature = (a: Actor) => a.isAdmin;
/** Deactivating or reactivating: update-users, never oneself. */
export const canSetActive = (a: Actor, userId: number) => (a.isAdmin || a.permissions.canUpdateUsers) && a.userId !== userId;
/** New role: canCreateRoles; role save: canUpdateRoles. */
export const canCreateRoles = (a: Actor) => a.isAdmin || a.permissions.canCreateRoles;
export const canUpdateRoles = (a: Actor) => a.isAdmin || a.permissions.canUpdateRoles;

/** The role permissions a user holds: a permission is held when any of their roles has it. */
export function heldRolePermissions(roles: ReadonlyArray<Partial<RolePermissions>>): Set<string> {
  const held = new Set<string>();
  for (const role of roles) {
    for (const [group, keys] of Object.entries(permissionGroups)) {
      for (const key of keys) if ((role[group as PermissionGroupName] as Record<string, boolean> | undefined)?.[key]) held.add(`${group}.${key}`);
    }
  }
  return held;
}

/**
 * The permissions ('group.key') a role would newly grant that the caller does not hold (issue 14 point 4): a
 * non-administrator may give a role only what their own roles give them. What the role already had is kept.
 */
export function permissionsBeyondHeld(
  held: Set<string>,
  requested: Partial<RolePermissions>,
  before: Partial<RolePermissions> | null,
  isAdmin: boolean,
): string[] {
  if (isAdmin) return [];
  const had = before ? heldRolePermissions([before]) : new Set<string>();
  return [...heldRolePermissions([requested])].filter((p) => !held.has(p) && !had.has(p));
}

/** A role's permission groups with every key, off where not given (what the backend stores). */
export function completeRolePermissions(partial: Partial<Record<string, Partial<Record<string, boolean>>>>): RolePermissions {
  const result: Record<string, Record<string, boolean>> = {};
  for (const [group, keys] of Object.entries(permissionGroups)) {
    result[group] = Object.fromEntries(keys.map((key) => [key, partial[group]?.[key] === true]));
  }
  return result as RolePermissions;
}

/** The flags a set of role permissions gives (for showing what a role allows). */
export const flagsOfRole = (permissions: Partial<RolePermissions>) => derivePermissions([permissions]);

/** Region options as a tree, each level indented with '- ' (section 6), depth-first by name. */
export function regionTreeOptions<Id extends number | string>(regions: ReadonlyArray<{ id: Id; name: string; parentId: Id | null }>): { id: Id; label: string }[] {
  const byParent = new Map<Id | null, { id: Id; name: string; parentId: Id | null }[]>();
  const ids = new Set(regions.map((r) => r.id));
  for (const r of regions) {
    const parent = r.parentId !== null && ids.has(r.parentId) ? r.parentId : null;
    byParent.set(parent, [...(byParent.get(parent) ?? []), r]);
  }
  const out: { id: Id; label: string }[] = [];
  const walk = (parent: Id | null, depth: number) => {
    for (const r of [...(byParent.get(parent) ?? [])].sort((a, b) => a.name.localeCompare(b.name))) {
      // A region listed twice (two answers merged) is shown once.
      if (out.some((o) => o.id === r.id)) continue;
      out.push({ id: r.id, label: `${'- '.repeat(depth)}${r.name}` });
      walk(r.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

/** A region and all its sub-regions. */
export function regionAndDescendants(regions: ReadonlyArray<{ id: number; parentId: number | null }>, rootId: number): number[] {
  const result = [rootId];
  for (let i = 0; i < result.length; i++) for (const r of regions) if (r.parentId === result[i] && !result.includes(r.id)) result.push(r.id);
  return result;
}
