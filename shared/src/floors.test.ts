import { describe, expect, it } from 'vitest';
import { derivePermissions } from './permissions';
import { canManageFloors, canViewFloors, changedFloorOrders, floorDisplayName, moveItem } from './floors';

describe('floors (admin-organizations-buildings.md sections 2, 4 and 6)', () => {
  it("labels floors with the building's floor label name, or 'Floor'", () => {
    expect(floorDisplayName('Level')).toBe('Level');
    expect(floorDisplayName('  ')).toBe('Floor');
    expect(floorDisplayName(null)).toBe('Floor');
  });

  it('lets administrators and building managers change floors, and nobody else', () => {
    const none = derivePermissions([]);
    const manage = derivePermissions([{ buildingPermissions: { acceptContract: false, manage: true, view: false, overview: false } }]);
    const view = derivePermissions([{ buildingPermissions: { acceptContract: false, manage: false, view: true, overview: false } }]);
    expect(canManageFloors(true, none)).toBe(true);
    expect(canManageFloors(false, manage)).toBe(true);
    expect(canManageFloors(false, view)).toBe(false);
    expect(canViewFloors({ isAdmin: false, organizationId: null }, view)).toBe(true);
    expect(canViewFloors({ isAdmin: false, organizationId: '3' }, none)).toBe(true);
    expect(canViewFloors({ isAdmin: false, organizationId: null }, none)).toBe(false);
  });

  it('sends only the floors whose position changed, with the version each was read at', () => {
    const floors = [
      { id: 'a', order: 0, version: 1 },
      { id: 'b', order: 1, version: 4 },
      { id: 'c', order: 2, version: 2 },
      { id: 'd', order: 3, version: 1 },
    ];
    expect(changedFloorOrders(moveItem(floors, 2, 1))).toEqual([
      { id: 'c', order: 1, version: 2 },
      { id: 'b', order: 2, version: 4 },
    ]);
    expect(changedFloorOrders(floors)).toEqual([]);
    // Orders with gaps (floors deleted in the database) are closed up as soon as anything moves.
    expect(changedFloorOrders(moveItem([{ id: 'x', order: 5, version: 1 }, { id: 'y', order: 9, version: 1 }], 1, 0))).toEqual([
      { id: 'y', order: 0, version: 1 },
      { id: 'x', order: 1, version: 1 },
    ]);
  });

  it('moves an item and leaves the list alone for a move out of range', () => {
    expect(moveItem([1, 2, 3], 0, 2)).toEqual([2, 3, 1]);
    expect(moveItem([1, 2, 3], 0, 3)).toEqual([1, 2, 3]);
  });
});
