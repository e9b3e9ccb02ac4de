/**
 * Floors and the building walkabout applicability screen (admin-organizations-buildings.md sections 2, 4, 5 and 6):
 * who may see and change them, the floor label, and which floors a reorder sends. One rule for the backend's
 * authoritative check and the web's screens.
 */
import type { Permissions } from './permissions';

/** The floor label when the building sets none (section 2: the title is the building's floor label name). */
export const DEFAULT_FLOOR_DISPLAY_NAME = 'Floor';

export const FLOORS_PAGE_DESCRIPTION = 'You can rearrange the order of floors and manage locations by clicking on each floor.';
export const NOT_ALLOWED_TO_MANAGE_FLOORS_MESSAGE = 'Only administrators and users who can manage buildings can add, edit or reorder floors.';
export const ONLY_ADMINISTRATORS_EDIT_APPLICABILITY_MESSAGE = "Only administrators can choose a building's walkabout conditions.";
export const FLOOR_NOT_OF_BUILDING_MESSAGE = 'This floor is not one of the building’s floors.';
export const TASK_NOT_OF_TYPE_MESSAGE = 'Each condition must be one of this equipment type’s conditions.';
export const TYPE_NOT_AT_BUILDING_MESSAGE = 'This equipment type is not used at the building.';

/** The label of a building's floors: its floor label name, or 'Floor'. */
export function floorDisplayName(name: string | null | undefined): string {
  const trimmed = name?.trim();
  return trimmed ? trimmed : DEFAULT_FLOOR_DISPLAY_NAME;
}

/**
 * The floors screen (section 6): administrators, organization users, region users, and users who can manage or view
 * buildings. Every signed-in user of an organization is an organization or region user, so the screen is closed
 * only to a user with neither an organization nor a building right.
 */
export function canViewFloors(
  viewer: { isAdmin: boolean; organizationId: string | number | null | undefined },
  permissions: Pick<Permissions, 'canManageBuildings' | 'canViewBuildings'>,
): boolean {
  return viewer.isAdmin || viewer.organizationId != null || permissions.canManageBuildings || permissions.canViewBuildings;
}

/** Floor add, edit and reorder (section 6): administrators or canManageBuildings. */
export function canManageFloors(isAdmin: boolean, permissions: Pick<Permissions, 'canManageBuildings'>): boolean {
  return isAdmin || permissions.canManageBuildings;
}

export type OrderedFloor = { id: string; order: number; version: number };
export type FloorOrderChange = { id: string; order: number; version: number };

/**
 * Section 4: reordering recalculates the order locally and only floors whose order changed are sent. `arranged` is
 * the list in its new order; each floor's new order is its position, and a floor is sent (with the version it was
 * read at) only when that differs from the order it had.
 */
export function changedFloorOrders(arranged: readonly OrderedFloor[]): FloorOrderChange[] {
  return arranged.flatMap((floor, position) => (floor.order === position ? [] : [{ id: floor.id, order: position, version: floor.version }]));
}

/** The list with the item at `from` moved to `to` (a drag, or an up/down button). */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= items.length || to >= items.length) return [...items];
  const result = [...items];
  const [moved] = result.splice(from, 1);
  result.splice(to, 0, moved!);
  return result;
}
