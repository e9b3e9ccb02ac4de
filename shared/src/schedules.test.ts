import { describe, expect, it } from 'vitest';
import {
  canManageSchedules,
  canViewCycleOverrides,
  canViewCycles,
  canViewRegions,
  CYCLE_NAME_REQUIRED_MESSAGE,
  CYCLE_REPEAT_INCOMPLETE_MESSAGE,
  CYCLE_START_MESSAGE,
  cycleOverrideDescription,
  everyMessage,
  invalidBlackoutDate,
  isIsoDate,
  isOrganizationUser,
  regionDeletionBlockedMessage,
  validateCycle,
  validateRegionName,
  REGION_NAME_REQUIRED_MESSAGE,
} from './schedules';
import { permissionFlagNames, type Permissions } from './permissions';

const flags = (...on: string[]) => Object.fromEntries(permissionFlagNames.map((name) => [name, on.includes(name)])) as Permissions;
const days = { monday: true, tuesday: true, wednesday: true, thursday: true, friday: true, saturday: true, sunday: true };

describe('cycle rules (sections 5 and 9)', () => {
  it('needs a name, and either no repeat or frequency, every and start together', () => {
    expect(validateCycle({ name: ' ' })).toEqual([{ field: 'name', message: CYCLE_NAME_REQUIRED_MESSAGE }]);
    expect(validateCycle({ name: 'On demand', frequency: null, every: null, start: null })).toEqual([]);
    expect(validateCycle({ name: 'Half', frequency: 'daily', every: null, start: '2026-01-01' })).toEqual([{ field: 'every', message: CYCLE_REPEAT_INCOMPLETE_MESSAGE }]);
  });

  it('offers every per frequency: daily 1-31, weekly 1-52, monthly 1-12, yearly 1-10', () => {
    for (const [frequency, max] of [['daily', 31], ['weekly', 52], ['monthly', 12], ['yearly', 10]] as const) {
      expect(validateCycle({ name: 'x', frequency, every: max, start: '2026-01-01' })).toEqual([]);
      expect(validateCycle({ name: 'x', frequency, every: max + 1, start: '2026-01-01' })).toEqual([{ field: 'every', message: everyMessage(frequency) }]);
    }
    expect(validateCycle({ name: 'x', frequency: 'daily', every: 1, start: '2026-02-30' })).toEqual([{ field: 'start', message: CYCLE_START_MESSAGE }]);
  });

  it('takes only real calendar dates', () => {
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2027-02-29')).toBe(false);
    expect(isIsoDate('2027-1-5')).toBe(false);
    expect(invalidBlackoutDate(['2026-12-25', 'tomorrow'])).toBe(1);
    expect(invalidBlackoutDate(['2026-12-25'])).toBeNull();
  });
});

describe('region rules (sections 4 and 5)', () => {
  it('needs a name', () => {
    expect(validateRegionName('')).toBe(REGION_NAME_REQUIRED_MESSAGE);
    expect(validateRegionName('Downtown')).toBeNull();
  });

  it('names what keeps a region from being deleted', () => {
    expect(regionDeletionBlockedMessage({ subRegions: 0, users: 0, buildings: 0, reports: 0, booklets: 0 })).toBeNull();
    expect(regionDeletionBlockedMessage({ subRegions: 0, users: 0, buildings: 2, reports: 0, booklets: 0 })).toBe('Region cannot be deleted because it has buildings.');
    expect(regionDeletionBlockedMessage({ subRegions: 1, users: 3, buildings: 0, reports: 0, booklets: 1 })).toBe(
      'Region cannot be deleted because it has sub-regions, users and report booklets.',
    );
  });
});

describe('cycle override description (section 3)', () => {
  it('lists the skipped weekdays and the blackout dates, sorted', () => {
    expect(cycleOverrideDescription({ ...days, blackoutDates: [] })).toBe('No days skipped');
    expect(cycleOverrideDescription({ ...days, saturday: false, sunday: false, blackoutDates: ['2026-12-26', '2026-12-25'] })).toBe(
      'Skipped: Saturday, Sunday. Blackout Dates: 2026-12-25, 2026-12-26',
    );
  });
});

describe('who may see and change them (section 6)', () => {
  const user = { isAdmin: false, organizationId: '1', regionId: null };
  it('shows regions to organization and region users, cycles to those who manage or view the organization', () => {
    expect(canViewRegions(user, flags())).toBe(true);
    expect(canViewRegions({ isAdmin: false, organizationId: null }, flags())).toBe(false);
    expect(canViewCycles(false, flags('canViewOrganization'))).toBe(true);
    expect(canViewCycles(false, flags('canViewBuildings'))).toBe(false);
    expect(canViewCycles(true, flags())).toBe(true);
  });

  it('lets administrators and organization managers change them, and shows overrides to viewers of the organization', () => {
    expect(canManageSchedules(false, flags('canManageOrganization'))).toBe(true);
    expect(canManageSchedules(false, flags('canViewOrganization'))).toBe(false);
    expect(canViewCycleOverrides(false, flags('canViewOrganization'))).toBe(true);
    expect(canViewCycleOverrides(false, flags())).toBe(false);
  });

  it('tells organization users from region users', () => {
    expect(isOrganizationUser(user)).toBe(true);
    expect(isOrganizationUser({ ...user, regionId: '4' })).toBe(false);
    expect(isOrganizationUser({ isAdmin: true, organizationId: null, regionId: null })).toBe(true);
  });
});
