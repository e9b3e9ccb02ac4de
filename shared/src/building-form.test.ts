import { describe, expect, it } from 'vitest';
import { BUILDING_NAME_REQUIRED_MESSAGE, OCCUPANCY_TYPE_MESSAGE, OFFSET_UNIT_MESSAGE, OFFSET_VALUE_MESSAGE, TIME_ZONE_MESSAGE, tooLongMessage } from './administration';
import { canChangeBuildingRegion, canEditBuilding, canSetBuildingContract, canToggleBuildingReports, validateBuildingForm } from './building-form';

const caller = (flags: Partial<{ isAdmin: boolean; canManageOrganization: boolean; canManageBuildings: boolean; limitedScope: boolean }>) => ({
  isAdmin: flags.isAdmin ?? false,
  permissions: { canManageOrganization: flags.canManageOrganization ?? false, canManageBuildings: flags.canManageBuildings ?? false },
  limitedScope: flags.limitedScope ?? false,
});

describe('who may change what on the building form', () => {
  it('lets administrators, organization managers and building managers edit and toggle reports; viewers nothing', () => {
    for (const c of [caller({ isAdmin: true }), caller({ canManageOrganization: true }), caller({ canManageBuildings: true })]) {
      expect([canEditBuilding(c), canToggleBuildingReports(c)]).toEqual([true, true]);
    }
    expect([canEditBuilding(caller({})), canToggleBuildingReports(caller({})), canChangeBuildingRegion(caller({}))]).toEqual([false, false, false]);
  });

  it('keeps the region to organization-wide editors and the contract to administrators', () => {
    expect(canChangeBuildingRegion(caller({ canManageBuildings: true }))).toBe(true);
    expect(canChangeBuildingRegion(caller({ canManageBuildings: true, limitedScope: true }))).toBe(false);
    expect(canChangeBuildingRegion(caller({ canManageOrganization: true, limitedScope: true }))).toBe(true);
    expect([canSetBuildingContract(caller({ isAdmin: true })), canSetBuildingContract(caller({ canManageOrganization: true }))]).toEqual([true, false]);
  });
});

describe('validateBuildingForm', () => {
  it('accepts a complete valid form', () => {
    expect(
      validateBuildingForm({
        name: 'Tower A',
        floorDisplayName: 'Level',
        timeZone: 'America/Toronto',
        information: { occupancyType: 'Business', note1: 'Keys at desk', addressInformation: { City: 'Toronto' } },
        offsets: [{ cycleId: 1, openOffsetValue: 0, openOffsetUnit: 'hour', closeOffsetValue: -2, closeOffsetUnit: 'day' }],
      }),
    ).toEqual([]);
  });

  it('names each mistake by its field path', () => {
    expect(
      validateBuildingForm({
        name: '',
        timeZone: 'Nowhere/Land',
        information: { occupancyType: 'Castle', managementCompanyAddressInformation: { Phone: '9'.repeat(257) } },
        offsets: [{ cycleId: 1, openOffsetValue: 1.5, openOffsetUnit: 'year', closeOffsetValue: '3', closeOffsetUnit: 'hour' }],
      }),
    ).toEqual([
      { field: 'name', message: BUILDING_NAME_REQUIRED_MESSAGE },
      { field: 'timeZone', message: TIME_ZONE_MESSAGE },
      { field: 'information.occupancyType', message: OCCUPANCY_TYPE_MESSAGE },
      { field: 'information.managementCompanyAddressInformation.Phone', message: tooLongMessage('Management Company Phone') },
      { field: 'offsets.0.openOffsetValue', message: OFFSET_VALUE_MESSAGE },
      { field: 'offsets.0.openOffsetUnit', message: OFFSET_UNIT_MESSAGE },
      { field: 'offsets.0.closeOffsetValue', message: OFFSET_VALUE_MESSAGE },
    ]);
  });

  it('checks only what a partial save sends', () => {
    expect(validateBuildingForm({ floorDisplayName: null })).toEqual([]);
  });
});
