/**
 * Regions, cycles and cycle overrides (admin-people-schedules.md sections 4, 5, 6 and 9): who may see and change
 * them, the validation rules with their messages, and the override's description. The backend answers a 422 with
 * these words at the field's JSON pointer; the web shows the same words as the user types.
 */
import { validateOptionalText, validateRequiredName, type FieldError } from './administration';
import { FREQUENCIES, type Frequency } from './constants';
import type { Permissions } from './permissions';
import { EVERY_MAX, isEveryAllowed } from './walkabouts/labels';

export const CYCLE_NAME_REQUIRED_MESSAGE = 'Cycle name is required field';
export const REGION_NAME_REQUIRED_MESSAGE = 'Region name is required field';
/** Section 5: the words of a 422 on a cycle name used twice in one organization. */
export const NAME_TAKEN_MESSAGE = 'Name has already been taken';
/** Section 5, word for word. */
export const CYCLE_HAS_WALKABOUTS_MESSAGE = 'Cycle cannot be deleted because there are walkabouts attached to it.';
export const CYCLE_IS_FIRE_WATCH_CYCLE_MESSAGE = 'Cycle cannot be deleted because it is the fire watch cycle of a building.';
/** Section 4: an existing repeating cycle's name, frequency, every and start are locked. */
export const CYCLE_FIELD_LOCKED_MESSAGE = 'The name, frequency, every and start of an existing cycle cannot be changed.';
export const CYCLE_START_MESSAGE = 'Start must be a date (YYYY-MM-DD)';
export const CYCLE_REPEAT_INCOMPLETE_MESSAGE = 'A repeating cycle needs a frequency, every and a start date';
export const FREQUENCY_MESSAGE = `Frequency must be one of: ${FREQUENCIES.join(', ')}`;
/** Section 4: a cycle cannot be overridden twice in one region. */
export const CYCLE_ALREADY_OVERRIDDEN_MESSAGE = 'This cycle is already overridden in this region.';
export const CYCLE_NOT_OF_ORGANIZATION_MESSAGE = 'The cycle must be one of the region’s organization.';
export const BLACKOUT_DATE_MESSAGE = 'Blackout dates must be dates (YYYY-MM-DD)';
export const NOT_ALLOWED_TO_MANAGE_SCHEDULES_MESSAGE = 'Only administrators and users who can manage the organization can add, change or delete regions, cycles and cycle overrides.';
export const TOP_LEVEL_REGION_FOR_REGION_USER_MESSAGE = 'A region user can only add sub-regions inside their own region.';

/** Section 5's delete confirmations, word for word (the cycle's adds what its removal takes along). */
export const DELETE_CYCLE_CONFIRMATION = 'Are you sure you want to delete this cycle? The imported conditions attached to it will also be removed.';
export const DELETE_REGION_CONFIRMATION = 'Are you sure you want to delete this region?';
export const DELETE_CYCLE_OVERRIDE_CONFIRMATION = 'Are you sure you want to delete this cycle override?';

/** Section 9: the ancestor chain of a region is followed up to 5 levels. */
export const REGION_ANCESTOR_LEVELS = 5;

export const WEEKDAY_NAMES = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type WeekdayName = (typeof WEEKDAY_NAMES)[number];
export const WEEKDAY_LABELS: Record<WeekdayName, string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};

type Viewer = { isAdmin: boolean; organizationId: string | number | null | undefined };

/** Regions index and region edit (section 6): admin, organization user, region user, or canViewOrganization. */
export function canViewRegions(viewer: Viewer, permissions: Pick<Permissions, 'canViewOrganization'>): boolean {
  return viewer.isAdmin || viewer.organizationId != null || permissions.canViewOrganization;
}

/** Cycles list and cycle edit (section 6): admin, canManageOrganization or canViewOrganization. */
export function canViewCycles(isAdmin: boolean, permissions: Pick<Permissions, 'canManageOrganization' | 'canViewOrganization'>): boolean {
  return isAdmin || permissions.canManageOrganization || permissions.canViewOrganization;
}

/** Create, edit and delete regions, cycles and cycle overrides; the cycle override screen (section 6). */
export function canManageSchedules(isAdmin: boolean, permissions: Pick<Permissions, 'canManageOrganization'>): boolean {
  return isAdmin || permissions.canManageOrganization;
}

/** The region page's Cycle Overrides list (section 6): admin or canViewOrganization. */
export function canViewCycleOverrides(isAdmin: boolean, permissions: Pick<Permissions, 'canViewOrganization' | 'canManageOrganization'>): boolean {
  return isAdmin || permissions.canViewOrganization || permissions.canManageOrganization;
}

/** Delete Region and Add New Sub-Region show to admins and organization users (a user without a region). */
export function isOrganizationUser(viewer: Viewer & { regionId: string | number | null | undefined }): boolean {
  return viewer.isAdmin || (viewer.organizationId != null && viewer.regionId == null);
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar date written YYYY-MM-DD. */
export function isIsoDate(value: unknown): value is string {
  if (typeof value !== 'string' || !DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export type CycleInput = {
  name?: string | null;
  abbreviation?: string | null;
  frequency?: string | null;
  every?: number | null;
  start?: string | null;
};

/**
 * The rules of a cycle (sections 5 and 9): a name; an abbreviation of at most 256 characters; either no repeat
 * (frequency, every and start all null) or all three, with every among the frequency's options
 * (daily 1-31, weekly 1-52, monthly 1-12, yearly 1-10) and start a date.
 */
export function validateCycle(input: CycleInput): FieldError[] {
  const errors: FieldError[] = [];
  const name = validateRequiredName(input.name, CYCLE_NAME_REQUIRED_MESSAGE, 'Name');
  if (name) errors.push({ field: 'name', message: name });
  const abbreviation = validateOptionalText(input.abbreviation, 'Abbreviation');
  if (abbreviation) errors.push({ field: 'abbreviation', message: abbreviation });
  const { frequency, every, start } = input;
  if (frequency == null && every == null && start == null) return errors;
  if (frequency == null || every == null || start == null) {
    const missing = frequency == null ? 'frequency' : every == null ? 'every' : 'start';
    errors.push({ field: missing, message: CYCLE_REPEAT_INCOMPLETE_MESSAGE });
    return errors;
  }
  if (!(FREQUENCIES as readonly string[]).includes(frequency)) {
    errors.push({ field: 'frequency', message: FREQUENCY_MESSAGE });
  } else if (!isEveryAllowed(frequency as Frequency, every)) {
    errors.push({ field: 'every', message: everyMessage(frequency as Frequency) });
  }
  if (!isIsoDate(start)) errors.push({ field: 'start', message: CYCLE_START_MESSAGE });
  return errors;
}

/** 'Every must be from 1 to 31 for a daily cycle' (the spec has no words; section 9 gives the ranges). */
export function everyMessage(frequency: Frequency): string {
  return `Every must be from 1 to ${EVERY_MAX[frequency]} for a ${frequency} cycle`;
}

/** A region's name (section 5: non-empty), at most 256 characters. */
export function validateRegionName(name: string | null | undefined): string | null {
  return validateRequiredName(name, REGION_NAME_REQUIRED_MESSAGE, 'Name');
}

/** Blackout dates: each a date; answers the index of the first that is not. */
export function invalidBlackoutDate(dates: readonly unknown[]): number | null {
  const index = dates.findIndex((date) => !isIsoDate(date));
  return index === -1 ? null : index;
}

export type WeekdayFlags = Record<WeekdayName, boolean>;

/** The override's description (section 3): the skipped weekdays and the Blackout Dates. */
export function cycleOverrideDescription(override: WeekdayFlags & { blackoutDates: readonly string[] }): string {
  const skipped = WEEKDAY_NAMES.filter((day) => !override[day]).map((day) => WEEKDAY_LABELS[day]);
  const parts: string[] = [];
  if (skipped.length) parts.push(`Skipped: ${skipped.join(', ')}`);
  if (override.blackoutDates.length) parts.push(`Blackout Dates: ${[...override.blackoutDates].sort().join(', ')}`);
  return parts.length ? parts.join('. ') : 'No days skipped';
}

/** Why a region cannot be deleted (section 4): what still uses it, named; null when nothing does. */
export function regionDeletionBlockedMessage(uses: { subRegions: number; users: number; buildings: number; reports: number; booklets: number }): string | null {
  const named = [
    uses.subRegions ? 'sub-regions' : null,
    uses.users ? 'users' : null,
    uses.buildings ? 'buildings' : null,
    uses.reports ? 'reports' : null,
    uses.booklets ? 'report booklets' : null,
  ].filter((part): part is string => part !== null);
  if (!named.length) return null;
  const list = named.length === 1 ? named[0] : `${named.slice(0, -1).join(', ')} and ${named.at(-1)}`;
  return `Region cannot be deleted because it has ${list}.`;
}
