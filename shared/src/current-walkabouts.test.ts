import { describe, expect, it } from 'vitest';
import { canCreateCurrentWalkabouts, describeCurrentWalkaboutChanges } from './current-walkabouts';

const none = { walkaboutsCreated: 0, walkaboutsUpdated: 0, entriesAdded: 0, entriesRemoved: 0, conditionsAdded: 0, conditionsRemoved: 0, entriesKeptWithResults: 0 };

describe('Create Current Walkabouts', () => {
  it('is allowed to administrators, organization managers and building managers only', () => {
    expect(canCreateCurrentWalkabouts(true, { canManageOrganization: false, canManageBuildings: false })).toBe(true);
    expect(canCreateCurrentWalkabouts(false, { canManageOrganization: true, canManageBuildings: false })).toBe(true);
    expect(canCreateCurrentWalkabouts(false, { canManageOrganization: false, canManageBuildings: true })).toBe(true);
    expect(canCreateCurrentWalkabouts(false, { canManageOrganization: false, canManageBuildings: false })).toBe(false);
  });

  it('says when nothing changed', () => {
    expect(describeCurrentWalkaboutChanges(none)).toBe('Current walkabouts are already up to date.');
  });

  it('says what was created, added, removed and kept, in the singular and the plural', () => {
    expect(
      describeCurrentWalkaboutChanges({ ...none, walkaboutsCreated: 1, walkaboutsUpdated: 2, entriesAdded: 1, conditionsAdded: 4, entriesRemoved: 2, conditionsRemoved: 1, entriesKeptWithResults: 1 }),
    ).toBe(
      'Created 1 walkabout. Updated 2 walkabouts: added 1 entry and 4 conditions; removed 2 entries and 1 condition. Kept 1 entry that no longer applies, because results were recorded for it.',
    );
  });
});
