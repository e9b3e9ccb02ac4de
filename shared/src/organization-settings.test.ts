import { describe, expect, it } from 'vitest';
import {
  canManageOrganizationBuildings,
  canViewBuildingSettings,
  canViewOrganizationSettings,
  moveInOrder,
  ORGANIZATION_SETTINGS_ROWS,
} from './organization-settings';
import { derivePermissions } from './permissions';

const none = derivePermissions([]);
const withFlags = (flags: Partial<typeof none>) => ({ ...none, ...flags });

describe('who may open and change organization settings', () => {
  it('lets administrators and organization managers add, rename and reorder buildings, and nobody else', () => {
    expect(canManageOrganizationBuildings(true, none)).toBe(true);
    expect(canManageOrganizationBuildings(false, withFlags({ canManageOrganization: true }))).toBe(true);
    expect(canManageOrganizationBuildings(false, withFlags({ canManageBuildings: true, canViewOrganization: true }))).toBe(false);
  });

  it("opens Organization Settings to whoever the Manage link leads there, and Building Settings also to buildings' managers and viewers", () => {
    for (const flag of ['canManageOrganization', 'canViewOrganization', 'canViewSettings'] as const) {
      expect(canViewOrganizationSettings(false, withFlags({ [flag]: true })), flag).toBe(true);
    }
    expect(canViewOrganizationSettings(false, withFlags({ canManageBuildings: true, canViewBuildings: true }))).toBe(false);
    expect(canViewBuildingSettings(false, withFlags({ canViewBuildings: true }))).toBe(true);
    expect(canViewBuildingSettings(false, withFlags({ canManageBuildings: true }))).toBe(true);
    expect(canViewBuildingSettings(false, withFlags({ canLockWalkabout: true }))).toBe(false);
    expect(canViewBuildingSettings(true, none)).toBe(true);
  });

  it('keeps QR codes and usage for administrators', () => {
    expect(ORGANIZATION_SETTINGS_ROWS.filter((row) => row.adminOnly).map((row) => row.path)).toEqual(['qrcodes', 'usage']);
  });
});

describe('moveInOrder', () => {
  const list = [
    { id: 'a', order: 1 },
    { id: 'b', order: 2 },
    { id: 'c', order: 3 },
  ];

  it('swaps a building with its neighbour and names only the two that changed', () => {
    const { items, changed } = moveInOrder(list, 2, -1);
    expect(items.map((i) => i.id)).toEqual(['a', 'c', 'b']);
    expect(changed).toEqual([
      { id: 'c', order: 2 },
      { id: 'b', order: 3 },
    ]);
  });

  it('changes nothing past either end', () => {
    expect(moveInOrder(list, 0, -1).changed).toEqual([]);
    expect(moveInOrder(list, 2, 1).changed).toEqual([]);
  });

  it('numbers orders that were never set (all 0) from 1, sending every building whose order that changes', () => {
    const unset = list.map((i) => ({ ...i, order: 0 }));
    const { items, changed } = moveInOrder(unset, 0, 1);
    expect(items).toEqual([
      { id: 'b', order: 1 },
      { id: 'a', order: 2 },
      { id: 'c', order: 3 },
    ]);
    expect(changed.map((i) => i.id)).toEqual(['b', 'a', 'c']);
  });
});
