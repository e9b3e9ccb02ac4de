import { describe, expect, it } from 'vitest';
import { derivePermissions } from './permissions';
import {
  canChangeBuildingStatuses,
  canViewBuildingTypes,
  equipmentStateLabel,
  matchesEquipmentState,
  reservedShortNameMessage,
  SHORT_NAME_IN_USE_MESSAGE,
  SHORT_NAME_REQUIRED_MESSAGE,
  SHORT_NAME_TOO_LONG_MESSAGE,
  SUSPENSION_DESCRIPTION_REQUIRED_MESSAGE,
  SUSPENSION_DESCRIPTION_TOO_LONG_MESSAGE,
  validateSuspension,
} from './suspensions';

const existing = [{ shortName: 'WK', description: 'Works in progress' }];

describe('suspensions (admin-organizations-buildings.md sections 4, 5, 6 and 9)', () => {
  it("requires a short name and a reason with the spec's words", () => {
    expect(validateSuspension({ shortName: ' ', description: '', addingNew: true }, existing).errors).toEqual({
      shortName: SHORT_NAME_REQUIRED_MESSAGE,
      description: SUSPENSION_DESCRIPTION_REQUIRED_MESSAGE,
    });
    expect(SHORT_NAME_REQUIRED_MESSAGE).toBe('Name is required field');
    expect(SUSPENSION_DESCRIPTION_REQUIRED_MESSAGE).toBe('Description is required field');
  });

  it('refuses more than 2 characters, the reserved marks in any case, and an existing name when adding a new one', () => {
    expect(validateSuspension({ shortName: 'ABC', description: 'r', addingNew: true }, existing).errors.shortName).toBe(SHORT_NAME_TOO_LONG_MESSAGE);
    for (const reserved of ['X', 'P', 'C', 'S', '-', 'US', 'us', 'p']) {
      expect(validateSuspension({ shortName: reserved, description: 'r', addingNew: true }, existing).errors.shortName).toBe(reservedShortNameMessage(reserved.toUpperCase()));
    }
    expect(validateSuspension({ shortName: 'wk', description: 'r', addingNew: true }, existing).errors.shortName).toBe(SHORT_NAME_IN_USE_MESSAGE);
    expect(validateSuspension({ shortName: 'R1', description: 'x'.repeat(257), addingNew: true }, existing).errors.description).toBe(SUSPENSION_DESCRIPTION_TOO_LONG_MESSAGE);
    expect(validateSuspension({ shortName: 'R1', description: ' Roof works ', addingNew: true }, existing)).toEqual({ errors: {}, shortName: 'R1', description: 'Roof works' });
  });

  it('reuses the description of an existing short name that is picked', () => {
    expect(validateSuspension({ shortName: 'wk', description: '', addingNew: false }, existing)).toEqual({ errors: {}, shortName: 'WK', description: 'Works in progress' });
  });

  it("filters states, 'Not Scanned' including items with no state", () => {
    expect(matchesEquipmentState('unscanned', [])).toBe(true);
    expect(matchesEquipmentState('unscanned', [null])).toBe(true);
    expect(matchesEquipmentState('unscanned', ['satisfactory'])).toBe(false);
    expect(matchesEquipmentState('satisfactory', ['incomplete', 'satisfactory'])).toBe(true);
    expect(matchesEquipmentState('incomplete', ['satisfactory'])).toBe(false);
    expect(matchesEquipmentState(null, ['incomplete'])).toBe(true);
    expect(equipmentStateLabel(null)).toBe('Not Scanned');
    expect(equipmentStateLabel('not_applicable')).toBe('Not Applicable');
  });

  it('opens the screens to organization users and building viewers, and status changes only to administrators and building managers', () => {
    const none = derivePermissions([]);
    const manage = derivePermissions([{ buildingPermissions: { acceptContract: false, manage: true, view: false, overview: false } }]);
    const view = derivePermissions([{ buildingPermissions: { acceptContract: false, manage: false, view: true, overview: false } }]);
    expect(canViewBuildingTypes({ isAdmin: false, organizationId: null }, view)).toBe(true);
    expect(canViewBuildingTypes({ isAdmin: false, organizationId: null }, none)).toBe(false);
    expect(canChangeBuildingStatuses(true, none)).toBe(true);
    expect(canChangeBuildingStatuses(false, manage)).toBe(true);
    expect(canChangeBuildingStatuses(false, view)).toBe(false);
  });
});
