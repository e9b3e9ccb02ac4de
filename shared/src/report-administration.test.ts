import { describe, expect, it } from 'vitest';
import {
  BOOKLET_PRIMARY_NOT_IN_REPORTS_MESSAGE,
  BOOKLET_REPORTS_REQUIRED_MESSAGE,
  canAddReports,
  canUpdateReports,
  newReportSection,
  previousWalkaboutsOptions,
  validateBookletReports,
  validatePreviousWalkaboutsCount,
  withBookletReportAdded,
  withBookletReportRemoved,
  withBookletReportReplaced,
  withSectionDetail,
  withSectionEquipment,
} from './report-administration';
import { derivePermissions } from './permissions';

const conditionsOf = (id: number) => (id === 7 ? [70, 71] : []);

describe('report definition Data options (section 9)', () => {
  it('offers Latest Walkabout and Last n+1 Walkabouts up to the frequency’s count', () => {
    expect(previousWalkaboutsOptions('daily')).toHaveLength(31);
    expect(previousWalkaboutsOptions('weekly').at(-1)).toEqual({ value: 51, label: 'Last 52 Walkabouts' });
    expect(previousWalkaboutsOptions('monthly').map((o) => o.label).slice(0, 2)).toEqual(['Latest Walkabout', 'Last 2 Walkabouts']);
    expect(previousWalkaboutsOptions('yearly')).toHaveLength(10);
    expect(previousWalkaboutsOptions(null)).toHaveLength(10);
  });
  it('refuses a count past the frequency’s', () => {
    expect(validatePreviousWalkaboutsCount(11, 'monthly')).toBeNull();
    expect(validatePreviousWalkaboutsCount(12, 'monthly')).toBe('Data must be from Latest Walkabout to Last 12 Walkabouts.');
    expect(validatePreviousWalkaboutsCount(-1, 'daily')).not.toBeNull();
    expect(validatePreviousWalkaboutsCount(1.5, 'daily')).not.toBeNull();
  });
});

describe('report section state rules (section 4)', () => {
  it('selects all of the new equipment’s conditions when the equipment changes', () => {
    expect(withSectionEquipment(newReportSection(), 7, conditionsOf).applicableEquipmentConditionIds).toEqual([70, 71]);
  });
  it('turns metadata and the page break on and selects all conditions for condition; clears them for the other details', () => {
    const other = withSectionDetail({ ...newReportSection(), equipmentId: 7, pageBreakAfter: false }, 'location', conditionsOf);
    expect(other).toMatchObject({ detail: 'location', includeMetadata: null, pageBreakAfter: true, applicableEquipmentConditionIds: null });
    const back = withSectionDetail({ ...other, pageBreakAfter: false }, 'condition', conditionsOf);
    expect(back).toMatchObject({ detail: 'condition', includeMetadata: true, pageBreakAfter: true, applicableEquipmentConditionIds: [70, 71] });
  });
});

describe('booklet primary report rules (section 4)', () => {
  it('makes the first report added primary and keeps it when others are added', () => {
    const one = withBookletReportAdded({ reportDefinitionIds: [], primaryReportDefinitionId: null }, 3);
    expect(one).toEqual({ reportDefinitionIds: [3], primaryReportDefinitionId: 3 });
    expect(withBookletReportAdded(one, 4)).toEqual({ reportDefinitionIds: [3, 4], primaryReportDefinitionId: 3 });
  });
  it('moves the primary to the replacement of the primary report', () => {
    expect(withBookletReportReplaced({ reportDefinitionIds: [3, 4], primaryReportDefinitionId: 3 }, 0, 5)).toEqual({ reportDefinitionIds: [5, 4], primaryReportDefinitionId: 5 });
    expect(withBookletReportReplaced({ reportDefinitionIds: [3, 4], primaryReportDefinitionId: 3 }, 1, 5)).toEqual({ reportDefinitionIds: [3, 5], primaryReportDefinitionId: 3 });
  });
  it('makes the first remaining report primary when the primary is removed, or none', () => {
    expect(withBookletReportRemoved({ reportDefinitionIds: [3, 4], primaryReportDefinitionId: 3 }, 0)).toEqual({ reportDefinitionIds: [4], primaryReportDefinitionId: 4 });
    expect(withBookletReportRemoved({ reportDefinitionIds: [3], primaryReportDefinitionId: 3 }, 0)).toEqual({ reportDefinitionIds: [], primaryReportDefinitionId: null });
  });
  it('needs a report and a primary among them', () => {
    expect(validateBookletReports({ reportDefinitionIds: [], primaryReportDefinitionId: null }).reports).toBe(BOOKLET_REPORTS_REQUIRED_MESSAGE);
    expect(validateBookletReports({ reportDefinitionIds: [3], primaryReportDefinitionId: 4 }).primary).toBe(BOOKLET_PRIMARY_NOT_IN_REPORTS_MESSAGE);
  });
});

describe('who may add and edit (section 6)', () => {
  it('adds with canCreateWalkaboutReports; edits as administrator, report updater or organization manager', () => {
    const none = derivePermissions([], false);
    expect(canAddReports(false, { ...none, canCreateWalkaboutReports: true })).toBe(true);
    expect(canAddReports(false, none)).toBe(false);
    expect(canUpdateReports(false, { ...none, canManageOrganization: true })).toBe(true);
    expect(canUpdateReports(false, { ...none, canUpdateWalkaboutReports: true })).toBe(true);
    expect(canUpdateReports(false, none)).toBe(false);
    expect(canUpdateReports(true, none)).toBe(true);
  });
});
