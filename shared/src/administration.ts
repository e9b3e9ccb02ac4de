/**
 * The validation rules of admin-organizations-buildings.md section 5 for buildings, floors and locations, with the
 * messages word for word. The web runs them for instant feedback and the backend for the authoritative 422 (each
 * error names its field, so the backend turns it into a JSON:API pointer and the gateway into a field error).
 */
import { OCCUPANCY_TYPES, OFFSET_UNITS, type OffsetUnit } from './constants';
import { validateText } from './text-rule';

/** Names and text fields are at most 256 characters (section 9). */
export const ADMIN_TEXT_MAX_LENGTH = 256;

export const BUILDING_NAME_REQUIRED_MESSAGE = 'Building name is required field';
export const FLOOR_NAME_REQUIRED_MESSAGE = 'Floor name is required field';
export const LOCATION_NAME_REQUIRED_MESSAGE = 'Location name is required field';
export const FLOOR_REQUIRED_MESSAGE = 'Floor is required field';
export const LOCATION_EQUIPMENT_REQUIRED_MESSAGE = 'Please add equipment';
export const OFFSET_VALUE_MESSAGE = 'Offset must be a whole number';
export const OFFSET_UNIT_MESSAGE = `Unit must be one of: ${OFFSET_UNITS.join(', ')}`;
export const OCCUPANCY_TYPE_MESSAGE = `Occupancy Type must be one of: ${OCCUPANCY_TYPES.join(', ')}`;
export const TIME_ZONE_MESSAGE = 'Time zone must be an IANA time zone, for example America/Toronto';
/** Section 8 has no words for a stale write; these say what happened and what the screen does next. */
export const STALE_EDIT_MESSAGE = 'Someone else changed this while you were editing. The latest version has been loaded; please make your change again.';
export const STALE_ORDER_MESSAGE = 'Someone else changed the order while you were arranging it. The latest order has been loaded; please arrange it again.';

/** '{Label} must be at most 256 characters' (the spec gives no words for the maximum). */
export function tooLongMessage(label: string, max = ADMIN_TEXT_MAX_LENGTH): string {
  return `${label} must be at most ${max} characters`;
}

export type FieldError = { field: string; message: string };

/** A required name under the shared text rule and the 256 limit; null when valid. */
export function validateRequiredName(value: string | null | undefined, requiredMessage: string, label: string): string | null {
  const error = validateText(value, { required: requiredMessage });
  if (error) return error;
  return (value ?? '').trim().length > ADMIN_TEXT_MAX_LENGTH ? tooLongMessage(label) : null;
}

/** An optional text of at most 256 characters; null when valid. */
export function validateOptionalText(value: string | null | undefined, label: string, max = ADMIN_TEXT_MAX_LENGTH): string | null {
  if (value == null || value === '') return null;
  const error = validateText(value, {});
  if (error) return error;
  return value.trim().length > max ? tooLongMessage(label, max) : null;
}

export function validateBuildingName(name: string | null | undefined): string | null {
  return validateRequiredName(name, BUILDING_NAME_REQUIRED_MESSAGE, 'Building name');
}

export function validateFloorName(name: string | null | undefined): string | null {
  return validateRequiredName(name, FLOOR_NAME_REQUIRED_MESSAGE, 'Floor name');
}

export function validateLocationName(name: string | null | undefined): string | null {
  return validateRequiredName(name, LOCATION_NAME_REQUIRED_MESSAGE, 'Location name');
}

export function validateLocationHint(hint: string | null | undefined): string | null {
  return validateOptionalText(hint, 'Location hint');
}

/** The Add/Edit Location modal: name, hint, floor and at least one equipment (section 5). */
export function validateLocation(input: {
  name?: string | null;
  hint?: string | null;
  floorId?: number | string | null;
  equipmentIds?: readonly (number | string)[] | null;
}): FieldError[] {
  const errors: FieldError[] = [];
  const name = validateLocationName(input.name);
  if (name) errors.push({ field: 'name', message: name });
  const hint = validateLocationHint(input.hint);
  if (hint) errors.push({ field: 'hint', message: hint });
  if (input.floorId == null || input.floorId === '') errors.push({ field: 'floorId', message: FLOOR_REQUIRED_MESSAGE });
  if (!input.equipmentIds || input.equipmentIds.length === 0) errors.push({ field: 'equipmentIds', message: LOCATION_EQUIPMENT_REQUIRED_MESSAGE });
  return errors;
}

export function isOffsetUnit(value: unknown): value is OffsetUnit {
  return typeof value === 'string' && (OFFSET_UNITS as readonly string[]).includes(value);
}

/** Offsets are whole numbers (sent as numbers, section 5), within a year of minutes either way. */
export function validateOffsetValue(value: unknown): string | null {
  return typeof value === 'number' && Number.isInteger(value) && Math.abs(value) <= 525_600 ? null : OFFSET_VALUE_MESSAGE;
}

export function validateOccupancyType(value: string | null | undefined): string | null {
  if (value == null || value === '') return null;
  return (OCCUPANCY_TYPES as readonly string[]).includes(value) ? null : OCCUPANCY_TYPE_MESSAGE;
}

/** An IANA zone name this runtime knows (Intl checks it; dayjs's timezone plugin uses the same data). */
export function validateTimeZone(value: string | null | undefined): string | null {
  if (!value) return TIME_ZONE_MESSAGE;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return /^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(value) ? null : TIME_ZONE_MESSAGE;
  } catch {
    return TIME_ZONE_MESSAGE;
  }
}
