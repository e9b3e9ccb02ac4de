import { describe, expect, it } from 'vitest';
import { canRecordWalkaboutResults, derivePermissions, emptyRolePermissions, type RolePermissions } from './permissions';

/** A role with only the given flags of its groups set. */
function roleWith(set: (role: RolePermissions) => void): RolePermissions {
  const role = emptyRolePermissions();
  set(role);
  return role;
}

describe('who may record walkabout results', () => {
  it('is refused to a user with no walkabout permission (a viewer)', () => {
    expect(canRecordWalkaboutResults(false, derivePermissions([emptyRolePermissions()]))).toBe(false);
  });

  it('is allowed to an administrator whatever the roles', () => {
    expect(canRecordWalkaboutResults(true, derivePermissions([emptyRolePermissions()]))).toBe(true);
  });

  it('is allowed by either walkabout permission alone', () => {
    expect(canRecordWalkaboutResults(false, { canLockWalkabout: true, canHandleUnavailableQRCodes: false })).toBe(true);
    expect(canRecordWalkaboutResults(false, { canLockWalkabout: false, canHandleUnavailableQRCodes: true })).toBe(true);
  });

  it('follows the roles a user holds', () => {
    const permissions = derivePermissions([emptyRolePermissions(), roleWith((role) => (role.walkaboutPermissions.lock = true))]);
    expect(permissions.canLockWalkabout).toBe(true);
    expect(canRecordWalkaboutResults(false, permissions)).toBe(true);
  });
});

