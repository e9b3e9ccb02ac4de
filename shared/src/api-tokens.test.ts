import { describe, expect, it } from 'vitest';
import {
  API_TOKEN_EXPIRY_PAST_MESSAGE,
  API_TOKEN_EXPIRY_TOO_LATE_MESSAGE,
  API_TOKEN_NAME_REQUIRED_MESSAGE,
  API_TOKEN_PERMISSION_NOT_HELD_MESSAGE,
  API_TOKEN_PERMISSIONS_REQUIRED_MESSAGE,
  apiTokenExpiry,
  heldPermissionKeys,
  intersectPermissions,
  permissionKeysOf,
  rolePermissionsOf,
  validateApiToken,
} from './api-tokens';

const now = new Date('2026-11-26T12:00:00Z');
const held = ['buildingPermissions.view', 'userPermissions.update'];

describe('API token rules', () => {
  it('accepts a named token that expires within a year with permissions the creator holds', () => {
    expect(validateApiToken({ name: 'Reporting', expiresAt: '2027-06-01', permissions: ['buildingPermissions.view'] }, { now, held })).toEqual([]);
  });

  it('refuses an empty name, a past or too distant expiry, no permission and a permission not held, each with its message', () => {
    expect(validateApiToken({ name: '  ', expiresAt: '2026-11-25', permissions: [] }, { now, held })).toEqual([
      { field: 'name', message: API_TOKEN_NAME_REQUIRED_MESSAGE },
      { field: 'expiresAt', message: API_TOKEN_EXPIRY_PAST_MESSAGE },
      { field: 'permissions', message: API_TOKEN_PERMISSIONS_REQUIRED_MESSAGE },
    ]);
    expect(validateApiToken({ name: 'x', expiresAt: '2027-12-01', permissions: ['buildingPermissions.view', 'rolePermissions.update'] }, { now, held })).toEqual([
      { field: 'expiresAt', message: API_TOKEN_EXPIRY_TOO_LATE_MESSAGE },
      { field: 'permissions', index: 1, message: API_TOKEN_PERMISSION_NOT_HELD_MESSAGE },
    ]);
  });

  it('reads a date as the end of that day and refuses what is not a date', () => {
    expect(apiTokenExpiry('2027-01-31')?.toISOString()).toBe('2027-01-31T23:59:59.999Z');
    expect(apiTokenExpiry('2027-02-30')).toBeNull();
    expect(apiTokenExpiry('tomorrow')).toBeNull();
  });

  it('keeps of a role only what the token grants', () => {
    const role = rolePermissionsOf(['buildingPermissions.view', 'userPermissions.update', 'rolePermissions.view']);
    const token = rolePermissionsOf(['buildingPermissions.view', 'locationPermissions.create']);
    expect(permissionKeysOf(intersectPermissions(role, token))).toEqual(['buildingPermissions.view']);
    expect(heldPermissionKeys([role, token])).toEqual(['buildingPermissions.view', 'locationPermissions.create', 'rolePermissions.view', 'userPermissions.update']);
  });
});
