/**
 * Organization Settings, Building Settings and Manage Buildings (admin-organizations-buildings.md sections 2, 3 and 6):
 * who may open and change them, and the navigation rows with the counter each shows. The backend refuses by these
 * rules and the web shows or hides by the same ones.
 */
import type { Permissions } from './permissions';

type Flags = Pick<
  Permissions,
  'canManageOrganization' | 'canViewOrganization' | 'canViewSettings' | 'canManageBuildings' | 'canViewBuildings'
>;

/** Add, rename and reorder buildings: admin or canManageOrganization (section 6). */
export function canManageOrganizationBuildings(isAdmin: boolean, permissions: Pick<Flags, 'canManageOrganization'>): boolean {
  return isAdmin || permissions.canManageOrganization;
}

/**
 * Organization Settings and its counters: whoever the toolbar's Manage link leads there (inspection.md section 6:
 * admin, canManageOrganization, canViewSettings or canViewOrganization).
 */
export function canViewOrganizationSettings(
  isAdmin: boolean,
  permissions: Pick<Flags, 'canManageOrganization' | 'canViewOrganization' | 'canViewSettings'>,
): boolean {
  return isAdmin || permissions.canManageOrganization || permissions.canViewOrganization || permissions.canViewSettings;
}

/** Building Settings and its counters: the organization's settings readers and users who manage or view buildings. */
export function canViewBuildingSettings(isAdmin: boolean, permissions: Flags): boolean {
  return canViewOrganizationSettings(isAdmin, permissions) || permissions.canManageBuildings || permissions.canViewBuildings;
}

/** The counters of an organization (section 3), as GET /organizations/{id}/associations-counters answers them. */
export type OrganizationCounterKey =
  | 'buildings_count'
  | 'cycles_equipment_conditions_count'
  | 'condition_groups_count'
  | 'cycles_count'
  | 'equipments_count'
  | 'unassigned_qr_codes_count'
  | 'regions_count'
  | 'users_count'
  | 'roles_count'
  | 'report_definitions_count'
  | 'report_booklet_templates_count';

/** The counters of a building (section 3), as GET /buildings/{id}/associations-counters answers them. */
export type BuildingCounterKey = 'floors_count' | 'locations_count' | 'types_count' | 'tasks_count';

export type SettingsRow<K extends string> = {
  /** Under /manage/organization/{organizationId} (or /manage/building/{buildingId}). */
  path: string;
  label: string;
  /** The counter shown beside the label; null for a row without one (Usage). */
  counter: K | null;
  adminOnly: boolean;
};

/** The rows of Organization Settings, in the spec's order (section 2). */
export const ORGANIZATION_SETTINGS_ROWS: readonly SettingsRow<OrganizationCounterKey>[] = [
  { path: 'buildings', label: 'Buildings', counter: 'buildings_count', adminOnly: false },
  { path: 'tasks', label: 'Tasks', counter: 'cycles_equipment_conditions_count', adminOnly: false },
  { path: 'tasksgroups', label: 'Tasks Groups', counter: 'condition_groups_count', adminOnly: false },
  { path: 'cycles', label: 'Cycles', counter: 'cycles_count', adminOnly: false },
  { path: 'types', label: 'Types', counter: 'equipments_count', adminOnly: false },
  { path: 'qrcodes', label: 'QR Codes', counter: 'unassigned_qr_codes_count', adminOnly: true },
  { path: 'regions', label: 'Regions', counter: 'regions_count', adminOnly: false },
  { path: 'users', label: 'Users', counter: 'users_count', adminOnly: false },
  { path: 'user-roles', label: 'User Roles', counter: 'roles_count', adminOnly: false },
  { path: 'usage', label: 'Usage', counter: null, adminOnly: true },
];

/** The rows of Building Settings under /manage/building/{buildingId}, after the building's own form (section 2). */
export const BUILDING_SETTINGS_ROWS: readonly SettingsRow<BuildingCounterKey>[] = [
  { path: 'floors', label: 'Floors', counter: 'floors_count', adminOnly: false },
  { path: 'locations', label: 'Locations', counter: 'locations_count', adminOnly: false },
  { path: 'equipments', label: 'Types', counter: 'types_count', adminOnly: false },
  { path: 'tasks', label: 'Tasks', counter: 'tasks_count', adminOnly: false },
];

/**
 * The new order of a list after moving one item up or down, and only the items whose order changed (section 4:
 * "Only floors whose order changed are sent"; buildings alike). Orders become 1..n in the new sequence.
 */
export function moveInOrder<T extends { id: string; order: number }>(
  items: readonly T[],
  index: number,
  direction: -1 | 1,
): { items: T[]; changed: T[] } {
  const target = index + direction;
  if (index < 0 || index >= items.length || target < 0 || target >= items.length) return { items: [...items], changed: [] };
  const moved = [...items];
  [moved[index], moved[target]] = [moved[target]!, moved[index]!];
  const renumbered = moved.map((item, i) => (item.order === i + 1 ? item : { ...item, order: i + 1 }));
  return { items: renumbered, changed: renumbered.filter((item, i) => item !== moved[i]) };
}
