/**
 * Types and tasks at building level (admin-organizations-buildings.md sections 2, 4, 5, 6 and 9): who may see and
 * change them, the building-level statuses, the inspection states of the filter, and the short-name rules of a
 * suspension (pausing a type or a task at one building), with the messages word for word. The web runs them for
 * instant feedback in the 'Assign Short Name' modal and the backend for the authoritative 422.
 */
import { ADMIN_TEXT_MAX_LENGTH } from './administration';
import type { Permissions } from './permissions';
import { validateText } from './text-rule';

/** Section 9: a short name is at most 2 characters, and these are the report marks and cannot be one. */
export const SHORT_NAME_MAX_LENGTH = 2;
export const RESERVED_SHORT_NAMES = ['X', 'P', 'C', 'S', '-', 'US'] as const;

export const SHORT_NAME_REQUIRED_MESSAGE = 'Name is required field';
/** tooLongMessage('Name', 2), written out so that bundles leave it out where unused. */
export const SHORT_NAME_TOO_LONG_MESSAGE = 'Name must be at most 2 characters';
export const SUSPENSION_DESCRIPTION_REQUIRED_MESSAGE = 'Description is required field';
export const SUSPENSION_DESCRIPTION_TOO_LONG_MESSAGE = 'Description must be at most 256 characters';
export const SHORT_NAME_IN_USE_MESSAGE = 'This short name is already used at this building: pick it from the Short Name list.';
export const NOT_ALLOWED_TO_CHANGE_BUILDING_STATUS_MESSAGE =
  'Only administrators and users who can manage buildings can pause, resume or reorder types and tasks at a building.';
export const ALREADY_PAUSED_MESSAGE = 'This is already paused at this building.';
export const NOT_AT_BUILDING_MESSAGE = 'This equipment type is not used at the building.';
export const TASK_NOT_AT_BUILDING_MESSAGE = 'This task is not a task of an equipment type used at the building.';

/** 'X' is reserved… : the reserved values are the marks reports print. */
export function reservedShortNameMessage(value: string): string {
  return `'${value}' is reserved for reports and cannot be a short name (reserved: X, P, C, S, -, US).`;
}

/** The help text of Manage Types at building level (section 2), word for word. */
export const BUILDING_TYPES_HELP_TEXT =
  "Active types appear in walkabouts; Paused types are removed and shown as 'P' on reports; Inactive can only be set at organization level; changes reach current walkabouts only after 'Create Current Walkabouts'.";

/** Section 4: the message while a report is generated. */
export const REPORT_IN_PROGRESS_MESSAGE = 'Download is in progress, please wait...';
/** Section 9: report polling interval. */
export const REPORT_POLL_INTERVAL_MS = 1000;

/** A status at building level (section 4): active unless a suspension pauses it. */
export type BuildingLevelStatus = 'active' | 'paused';

/** The inspection states of the State filter (section 4), with their labels; 'unscanned' also matches no state. */
export const EQUIPMENT_STATES = [
  { value: 'satisfactory', label: 'Satisfactory' },
  { value: 'unsatisfactory', label: 'Unsatisfactory' },
  { value: 'not_applicable', label: 'Not Applicable' },
  { value: 'incomplete', label: 'Incomplete' },
  { value: 'unscanned', label: 'Not Scanned' },
] as const;
export type EquipmentState = (typeof EQUIPMENT_STATES)[number]['value'];

export function isEquipmentState(value: unknown): value is EquipmentState {
  return EQUIPMENT_STATES.some((state) => state.value === value);
}

/** The label of an equipment state; no state at all reads 'Not Scanned'. */
export function equipmentStateLabel(state: string | null | undefined): string {
  return EQUIPMENT_STATES.find((s) => s.value === state)?.label ?? 'Not Scanned';
}

/**
 * The State filter (section 4) for a type at a location, from its states in each cycle's latest walkabout: a state
 * matches when one of them is it; 'unscanned' also matches an item with no state recorded.
 */
export function matchesEquipmentState(filter: EquipmentState | null | undefined, states: ReadonlyArray<string | null | undefined>): boolean {
  if (!filter) return true;
  if (filter === 'unscanned') return states.length === 0 || states.some((state) => !state || state === 'unscanned');
  return states.includes(filter);
}

/**
 * The building types and tasks screens (section 6): administrators, organization users, region users, and users who
 * can manage or view buildings (within their buildings: the backend's scope narrows to them).
 */
export function canViewBuildingTypes(
  viewer: { isAdmin: boolean; organizationId: string | number | null | undefined },
  permissions: Pick<Permissions, 'canManageBuildings' | 'canViewBuildings'>,
): boolean {
  return viewer.isAdmin || viewer.organizationId != null || permissions.canManageBuildings || permissions.canViewBuildings;
}

/** Building-level status change, type reorder, task activate/deactivate (section 6): administrators or canManageBuildings. */
export function canChangeBuildingStatuses(isAdmin: boolean, permissions: Pick<Permissions, 'canManageBuildings'>): boolean {
  return isAdmin || permissions.canManageBuildings;
}

export type ShortNameField = 'shortName' | 'description';
export type ShortNameErrors = Partial<Record<ShortNameField, string>>;

/**
 * The 'Assign Short Name' form (section 5). `existing` are the short names already used at the building, each with
 * its description. Picking one of them reuses its description (the Reason is disabled then); a new name must not be
 * a reserved value nor one of them. Answers the errors by field (empty when valid) and the description to save.
 */
export function validateSuspension(
  input: { shortName: string | null | undefined; description: string | null | undefined; addingNew: boolean },
  existing: ReadonlyArray<{ shortName: string; description: string | null }>,
): { errors: ShortNameErrors; shortName: string; description: string } {
  const shortName = (input.shortName ?? '').trim();
  const errors: ShortNameErrors = {};
  const picked = existing.find((e) => e.shortName.toUpperCase() === shortName.toUpperCase());
  if (shortName === '') errors.shortName = SHORT_NAME_REQUIRED_MESSAGE;
  else if (shortName.length > SHORT_NAME_MAX_LENGTH) errors.shortName = SHORT_NAME_TOO_LONG_MESSAGE;
  else if ((RESERVED_SHORT_NAMES as readonly string[]).includes(shortName.toUpperCase())) errors.shortName = reservedShortNameMessage(shortName.toUpperCase());
  else if (input.addingNew && picked) errors.shortName = SHORT_NAME_IN_USE_MESSAGE;
  else {
    const textError = validateText(shortName, {});
    if (textError) errors.shortName = textError;
  }
  if (!input.addingNew && picked) return { errors, shortName: picked.shortName, description: picked.description ?? '' };
  const description = (input.description ?? '').trim();
  const descriptionError = validateText(input.description, { required: SUSPENSION_DESCRIPTION_REQUIRED_MESSAGE });
  if (descriptionError) errors.description = descriptionError;
  else if (description.length > ADMIN_TEXT_MAX_LENGTH) errors.description = SUSPENSION_DESCRIPTION_TOO_LONG_MESSAGE;
  return { errors, shortName, description };
}
