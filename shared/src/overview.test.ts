import { describe, expect, it } from 'vitest';
import { canViewOverview, overviewPercentage } from './overview';
import { derivePermissions } from './permissions';

describe('overview dashboards (admin-organizations-buildings.md sections 4, 5 and 6)', () => {
  it('rounds percentages to 3 decimals and gives 0 when the total is 0', () => {
    expect(overviewPercentage(1, 3)).toBe(33.333);
    expect(overviewPercentage(2, 3)).toBe(66.667);
    expect(overviewPercentage(1, 8)).toBe(12.5);
    expect(overviewPercentage(1, 16_000)).toBe(0.006);
    expect(overviewPercentage(5, 5)).toBe(100);
    expect(overviewPercentage(0, 7)).toBe(0);
    expect(overviewPercentage(0, 0)).toBe(0);
    expect(overviewPercentage(3, 0)).toBe(0);
  });

  it('opens the overview to administrators and to users with an overview permission only', () => {
    const none = derivePermissions([]);
    const organization = derivePermissions([{ organizationPermissions: { createOffCycleRemarks: false, manage: false, view: false, overview: true, acceptContract: false } }]);
    const building = derivePermissions([{ buildingPermissions: { acceptContract: false, manage: false, view: false, overview: true } }]);
    const view = derivePermissions([{ buildingPermissions: { acceptContract: false, manage: true, view: true, overview: false } }]);
    expect(canViewOverview(true, none)).toBe(true);
    expect(canViewOverview(false, organization)).toBe(true);
    expect(canViewOverview(false, building)).toBe(true);
    expect(canViewOverview(false, view)).toBe(false);
    expect(canViewOverview(false, none)).toBe(false);
  });
});
