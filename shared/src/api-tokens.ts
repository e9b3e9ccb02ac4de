/**
 * API tokens for integrators (issue 14 point 8): the rules of a new token, used by the backend (422 with JSON:API
 * pointers) and the web (instant feedback), with their messages word for word. A token's permissions are written
 * `group.key` (for example `buildingPermissions.view`), the role permissions of permissions.ts.
 */
import { emptyRolePermissions, permissionGroups, type PermissionGroupName, type RolePermissions } from './permissions';

export const API_TOKEN_NAME_MAX = 100;
/** A token lives at most this long: an integration is looked at again at least once a year. */
export const API_TOKEN_MAX_DAYS = 366;

export const API_TOKEN_NAME_REQUIRED_MESSAGE = 'Name is required.';
export const API_TOKEN_NAME_TOO_LONG_MESSAGE = `Name must be at most ${API_TOKEN_NAME_MAX} characters.`;
export const API_TOKEN_EXPIRY_REQUIRED_MESSAGE = 'Expiry date is required.';
export const API_TOKEN_EXPIRY_PAST_MESSAGE = 'The expiry date must be in the future.';
export const API_TOKEN_EXPIRY_TOO_LATE_MESSAGE = 'The expiry date must be at most one year ahead.';
export const API_TOKEN_PERMISSIONS_REQUIRED_MESSAGE = 'Choose at least one permission.';
export const API_TOKEN_PERMISSION_NOT_HELD_MESSAGE = 'A token can only have permissions you hold yourself.';
export const API_TOKEN_PERMISSION_UNKNOWN_MESSAGE = 'Unknown permission.';
export const API_TOKEN_CREATE_FORBIDDEN_MESSAGE =
  'Only users whose role lets them update users may create API tokens (administrators use an organization account).';
export const API_TOKEN_SECRET_WARNING = 'Copy this token now: it will not be shown again.';
export const API_TOKEN_REVOKE_CONFIRMATION = 'Are you sure you want to revoke this API token? Integrations using it will stop working at once.';

/** Every permission a token may name, `group.key`, in the order of permissionGroups. */
function allPermissionKeys(): readonly string[] {
  return Object.entries(permissionGroups).flatMap(([group, keys]) => keys.map((key) => `${group}.${key}`));
}
/* Pure: a bundle that imports none of this module's rules leaves it out (the walkabout editor's budget). */
export const API_TOKEN_PERMISSION_KEYS: readonly string[] = /* @__PURE__ */ allPermissionKeys();

/** The `group.key` permissions a role permission set grants. */
export function permissionKeysOf(permissions: Partial<RolePermissions> | null | undefined): string[] {
  if (!permissions) return [];
  return API_TOKEN_PERMISSION_KEYS.filter((name) => {
    const [group, key] = name.split('.') as [PermissionGroupName, string];
    return (permissions[group] as Record<string, boolean> | undefined)?.[key] === true;
  });
}

/** The permissions a user holds through all their roles, `group.key`. */
export function heldPermissionKeys(roles: ReadonlyArray<Partial<RolePermissions>>): string[] {
  const held = new Set(roles.flatMap((role) => permissionKeysOf(role)));
  return API_TOKEN_PERMISSION_KEYS.filter((name) => held.has(name));
}

/** Role permissions with exactly these `group.key` permissions on (unknown names are left out). */
export function rolePermissionsOf(keys: readonly string[]): RolePermissions {
  const result = emptyRolePermissions() as unknown as Record<string, Record<string, boolean>>;
  for (const name of keys) {
    const [group, key] = name.split('.');
    if (group && key && result[group] && key in result[group]) result[group][key] = true;
  }
  return result as unknown as RolePermissions;
}

/** A role's permissions less what the token does not grant: what a token may use of one of its owner's roles. */
export function intersectPermissions(role: RolePermissions, token: RolePermissions): RolePermissions {
  return rolePermissionsOf(permissionKeysOf(role).filter((name) => permissionKeysOf(token).includes(name)));
}

export type ApiTokenInput = { name: string; expiresAt: string; permissions: readonly string[] };
/** A mistake, with the attribute it concerns (the backend's pointer is /data/attributes/{field}[/index]). */
export type ApiTokenError = { field: 'name' | 'expiresAt' | 'permissions'; index?: number; message: string };

/**
 * The rules of a new token: a name (at most API_TOKEN_NAME_MAX characters), an expiry date in the future and at most
 * a year ahead (YYYY-MM-DD, the end of that day in UTC, or an ISO date-time), at least one permission, each one the
 * creator holds.
 */
export function validateApiToken(input: ApiTokenInput, context: { now: Date; held: readonly string[] }): ApiTokenError[] {
  const errors: ApiTokenError[] = [];
  const name = input.name.trim();
  if (!name) errors.push({ field: 'name', message: API_TOKEN_NAME_REQUIRED_MESSAGE });
  else if (name.length > API_TOKEN_NAME_MAX) errors.push({ field: 'name', message: API_TOKEN_NAME_TOO_LONG_MESSAGE });
  const expiresAt = apiTokenExpiry(input.expiresAt);
  if (!input.expiresAt.trim() || expiresAt === null) errors.push({ field: 'expiresAt', message: API_TOKEN_EXPIRY_REQUIRED_MESSAGE });
  else if (expiresAt.getTime() <= context.now.getTime()) errors.push({ field: 'expiresAt', message: API_TOKEN_EXPIRY_PAST_MESSAGE });
  else if (expiresAt.getTime() > context.now.getTime() + API_TOKEN_MAX_DAYS * 86_400_000) {
    errors.push({ field: 'expiresAt', message: API_TOKEN_EXPIRY_TOO_LATE_MESSAGE });
  }
  if (!input.permissions.length) errors.push({ field: 'permissions', message: API_TOKEN_PERMISSIONS_REQUIRED_MESSAGE });
  input.permissions.forEach((name, index) => {
    if (!API_TOKEN_PERMISSION_KEYS.includes(name)) errors.push({ field: 'permissions', index, message: API_TOKEN_PERMISSION_UNKNOWN_MESSAGE });
    else if (!context.held.includes(name)) errors.push({ field: 'permissions', index, message: API_TOKEN_PERMISSION_NOT_HELD_MESSAGE });
  });
  return errors;
}

/** The instant a token's expiry names: a date YYYY-MM-DD is the end of that day (UTC); null when it is not a date. */
export function apiTokenExpiry(value: string): Date | null {
  const text = value.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) {
    const day = new Date(`${text}T23:59:59.999Z`);
    return Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== text ? null : day;
  }
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(text)) return null;
  const instant = new Date(text);
  return Number.isNaN(instant.getTime()) ? null : instant;
}
