import { toFiniteNumber, validateText } from '../text-rule';
import { isConditionUnsatisfactory, isTimeInput, isTimeOfDay, parseValueList } from './satisfaction';
import type { Condition, ConditionValue, Entry, QrUnavailabilityKind, Section } from './types';
import { QR_UNAVAILABILITY_KINDS } from './types';

// --- Messages of inspection.md sections 4, 5 and 8, word for word. ---------------------------

export const INVALID_CONDITIONS_TITLE = 'Invalid Conditions';
/** Saving a walkabout with an unsatisfactory condition lacking remarks and photo (inspection.md section 5). */
export const INVALID_CONDITIONS_MESSAGE =
  'All unsatisfactory conditions must include either remarks or a photo before the walkabout can be completed. Please correct or unmark the unsatisfactory conditions.';
/** Changing floor with an invalid unlocked entry (inspection.md section 5). */
export const INVALID_CONDITIONS_FLOOR_CHANGE_MESSAGE =
  'All unsatisfactory conditions must include either remarks or a photo before the floor can be changed. Please correct or unmark the unsatisfactory conditions.';
/** Unlocking another entry while one is invalid (inspection.md section 5). */
export const INVALID_CONDITIONS_UNLOCK_MESSAGE =
  'All unsatisfactory conditions must include either remarks or a photo before another entry can be unlocked. Please correct or unmark the unsatisfactory conditions.';
export const INCOMPLETE_TASKS_TITLE = 'Warning';
/** Saving with unanswered tasks; the user may continue (inspection.md section 5). */
export const INCOMPLETE_TASKS_MESSAGE = 'The tasks have not all been fully answered.';
/** An access_denied unavailable QR code needs a comment (inspection.md section 2). */
export const COMMENT_REQUIRED_MESSAGE = 'Comment is required field';
/** Not worded by the specification; it follows its '{field} is required field' pattern. */
export const REASON_REQUIRED_MESSAGE = 'Reason is required field';
export const LOCATION_NOT_FOUND_MESSAGE = 'Location scanned not found';
export const ENTRY_NOT_IN_WALKABOUT_MESSAGE = 'Entry scanned not included in this walkabout.';
export const ENTRY_NOT_ON_FLOOR_MESSAGE = 'Entry is not on the current floor.';
/** A dropdown task without values (inspection.md section 2). */
export const INVALID_TASK_VALUES_MESSAGE = 'Invalid values provided in task configuration';

/** 'QR code not supported. The QR code contained: {text}' (inspection.md section 5, DESIGN.md "QR codes"). */
export function qrNotSupportedMessage(text: string): string {
  return `QR code not supported. The QR code contained: ${text}`;
}

/** Where the invalid-conditions rule stops the inspector; each place has its own wording. */
export type InvalidConditionsContext = 'completion' | 'floorChange' | 'unlock';

export function invalidConditionsMessage(context: InvalidConditionsContext): string {
  switch (context) {
    case 'completion':
      return INVALID_CONDITIONS_MESSAGE;
    case 'floorChange':
      return INVALID_CONDITIONS_FLOOR_CHANGE_MESSAGE;
    case 'unlock':
      return INVALID_CONDITIONS_UNLOCK_MESSAGE;
  }
}

// --- Invalid entries (inspection.md section 4). ------------------------------------------------

function hasText(value: string | null | undefined): boolean {
  return typeof value === 'string' && value.trim() !== '';
}

/** An entry is unlocked, and so editable, once its location was scanned (inspection.md section 2). */
export function isEntryUnlocked(entry: Pick<Entry, 'scannedAt'>): boolean {
  return hasText(entry.scannedAt);
}

/**
 * True when an unsatisfactory condition lacks both remarks and a photo, unless the task makes
 * them optional or disables both, in which case there is nothing the inspector could add
 * (inspection.md section 4, "Invalid entry").
 */
export function isConditionMissingEvidence(condition: Condition): boolean {
  if (!isConditionUnsatisfactory(condition)) return false;
  const options = condition.options ?? {};
  if (options.makePhotoAndRemarksOptional === true) return false;
  if (options.disableUnsatisfactoryRemarks === true && options.disableUnsatisfactoryPhoto === true) return false;
  const hasPhoto = hasText(condition.photoUrl) || (condition.photoFile !== null && condition.photoFile !== undefined);
  return !hasText(condition.remarks) && !hasPhoto;
}

function firstMissingEvidence(sections: readonly Section[]): Condition | null {
  for (const section of sections) {
    const condition = section.conditions.find(isConditionMissingEvidence);
    if (condition) return condition;
  }
  return null;
}

/** Invalid entry (inspection.md section 4): an unlocked entry with an unsatisfactory condition lacking remarks and photo. */
export function isEntryInvalid(entry: Entry): boolean {
  return isEntryUnlocked(entry) && firstMissingEvidence(entry.sections) !== null;
}

/**
 * The condition to focus when an invalid entry blocks the inspector (inspection.md section 4),
 * in display order, or null when every unlocked entry is valid.
 */
export function firstInvalidCondition(entries: readonly Entry[]): { entry: Entry; condition: Condition } | null {
  for (const entry of entries) {
    if (!isEntryUnlocked(entry)) continue;
    const condition = firstMissingEvidence(entry.sections);
    if (condition) return { entry, condition };
  }
  return null;
}

// --- Unavailable QR codes (inspection.md sections 2, 3, 4 and 5). ------------------------------

/** The client's record of a location flagged unavailable (inspection.md section 3). */
export type UnavailableQrCodeRecord = {
  entryIds: readonly string[];
  unavailabilityReason: QrUnavailabilityKind | null;
  unavailabilityComment?: string | null;
  errorMessage?: string | null;
};

/** inspection.md section 5: valid to save only with a reason, no error message and at least one entry id. */
export function isUnavailableQrCodeSavable(record: UnavailableQrCodeRecord): boolean {
  return record.unavailabilityReason !== null && !hasText(record.errorMessage) && record.entryIds.length > 0;
}

/** inspection.md section 4: a location with a reason and an error message blocks changing floor and saving. */
export function blocksFloorChange(record: UnavailableQrCodeRecord): boolean {
  return record.unavailabilityReason !== null && hasText(record.errorMessage);
}

export function isQrUnavailabilityKind(value: unknown): value is QrUnavailabilityKind {
  return typeof value === 'string' && (QR_UNAVAILABILITY_KINDS as readonly string[]).includes(value);
}

/**
 * Validate an unavailable QR code flag (inspection.md section 2): a known reason, and a comment
 * for access_denied, since "access denied" means nothing to the building manager without who
 * or what denied it. The comment goes through the text rule.
 */
export function validateQrUnavailability(input: { kind: unknown; comment?: string | null }): {
  kind?: string;
  comment?: string;
} {
  const errors: { kind?: string; comment?: string } = {};
  if (!isQrUnavailabilityKind(input.kind)) errors.kind = REASON_REQUIRED_MESSAGE;
  const required = input.kind === 'access_denied' ? COMMENT_REQUIRED_MESSAGE : undefined;
  const comment = validateText(input.comment, { required });
  if (comment !== null) errors.comment = comment;
  return errors;
}

// --- QR codes (DESIGN.md section 4, "QR codes"). ---------------------------------------------

const UNIVERSAL_LINK =
  /^[a-z][a-z0-9+.-]*:\/\/[^/\s?#]+\/q\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i;

/**
 * The location uuid of a scanned QR code (DESIGN.md "QR codes"): `{any origin}/q/{uuid}`, whatever
 * the host and letter case, so that codes printed under an older host name keep working. Any other
 * text gives null, and the scanner shows qrNotSupportedMessage(text).
 */
export function parseQrCode(text: string): string | null {
  const match = UNIVERSAL_LINK.exec(text.trim());
  return match?.[1]?.toLowerCase() ?? null;
}

// --- Save payload of PATCH /walkabout-data (inspection.md section 7). ----------------------------

/** Longest remarks accepted; the specification gives no limit for remarks, and reports must stay readable. */
export const REMARKS_MAX_LENGTH = 2000;
/** Longest answer of a string task, as the task's own values (admin-organizations-buildings.md section 5). */
export const TEXT_VALUE_MAX_LENGTH = 512;
const EDITED_VIA_MAX_LENGTH = 64;
const URL_MAX_LENGTH = 2048;

/** What the server knows of a condition when it checks a value: its task's type and values. */
export type ConditionDefinition = Pick<
  Condition,
  'type' | 'typeValue' | 'typeSatisfactoryValue' | 'typeUnsatisfactoryValue' | 'typeRecordValue' | 'rangeFrom' | 'rangeTo' | 'options'
>;

export type ConditionSave = {
  id: string;
  value: ConditionValue;
  remarks: string | null;
  photoUrl: string | null;
  photoMimetype: string | null;
  editedVia: string | null;
  editedAt: string | null;
};

export type EntrySave = { id: string; scannedAt: string | null };

/**
 * The body of PATCH /walkabout-data as validated and normalized (inspection.md section 7:
 * generateReport, walkaboutToUpdateId, data with scanned entries and conditions).
 */
export type WalkaboutDataPayload = {
  generateReport: boolean;
  walkaboutToUpdateId: string;
  data: { entries: EntrySave[]; conditions: ConditionSave[] };
};

/** A user's mistake in the body, with a JSON pointer for the JSON:API error's source. */
export type PayloadError = { pointer: string; detail: string };

export type PayloadResult = { ok: true; payload: WalkaboutDataPayload } | { ok: false; errors: PayloadError[] };

type Check<T> = { value: T } | { error: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function toId(value: unknown): string | null {
  if (typeof value === 'string' && /^\d+$/.test(value)) return value;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return String(value);
  return null;
}

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;

/** An ISO 8601 date-time with its offset: a stamp without one would be read in the server's zone. */
export function isIsoDateTime(value: unknown): value is string {
  return typeof value === 'string' && ISO_DATE_TIME.test(value) && !Number.isNaN(Date.parse(value));
}

function canonicalChoice(choices: readonly string[], value: string): string | undefined {
  const key = value.trim().toLocaleLowerCase('en');
  return choices.find((choice) => choice.toLocaleLowerCase('en') === key);
}

function checkText(value: string, definition: ConditionDefinition): Check<ConditionValue> {
  if (value.length > TEXT_VALUE_MAX_LENGTH) return { error: `Value is longer than ${TEXT_VALUE_MAX_LENGTH} characters` };
  if (isTimeInput(definition) && !isTimeOfDay(value)) return { error: 'Value must be a time written HH:MM' };
  const textError = validateText(value);
  return textError === null ? { value: value.trim() } : { error: textError };
}

function checkNumber(value: unknown): Check<ConditionValue> {
  const number = typeof value === 'number' || typeof value === 'string' ? toFiniteNumber(value) : null;
  return number === null ? { error: 'Value must be a number' } : { value: number };
}

function checkMultiselect(value: unknown, definition: ConditionDefinition): Check<ConditionValue> {
  if (!Array.isArray(value) || !value.every((item): item is string => typeof item === 'string')) {
    return { error: 'Value must be a list of the task values' };
  }
  const choices = [
    ...parseValueList(definition.typeValue),
    ...parseValueList(definition.typeSatisfactoryValue),
    ...parseValueList(definition.typeUnsatisfactoryValue),
    ...parseValueList(definition.typeRecordValue),
  ];
  const chosen: string[] = [];
  for (const item of value) {
    const choice = canonicalChoice(choices, item);
    if (choice === undefined) return { error: `'${item}' is not a value of this task` };
    if (!chosen.includes(choice)) chosen.push(choice);
  }
  return { value: chosen.length > 0 ? chosen : null };
}

/**
 * A recorded value checked against its condition's type (inspection.md sections 2 and 4) and
 * normalized: numeric text becomes a number, blank text and empty lists become null (unmarked),
 * dropdown and multiselect answers take the task's own spelling.
 */
export function checkConditionValue(value: unknown, definition: ConditionDefinition): Check<ConditionValue> {
  if (value === null || value === undefined) return { value: null };
  if (typeof value === 'string' && value.trim() === '' && definition.type !== 'boolean') return { value: null };
  switch (definition.type) {
    case 'boolean':
      return typeof value === 'boolean' ? { value } : { error: 'Value must be true or false' };
    case 'yesno':
      return value === 'yes' || value === 'no' ? { value } : { error: "Value must be 'yes' or 'no'" };
    case 'yesnonotapplicable':
      return value === 'yes' || value === 'no' || value === 'na'
        ? { value }
        : { error: "Value must be 'yes', 'no' or 'na'" };
    case 'number':
    case 'range':
      return checkNumber(value);
    case 'string':
      return typeof value === 'string' ? checkText(value, definition) : { error: 'Value must be text' };
    case 'dropdown': {
      const choices = parseValueList(definition.typeValue);
      if (choices.length === 0) return { error: INVALID_TASK_VALUES_MESSAGE };
      const choice = typeof value === 'string' ? canonicalChoice(choices, value) : undefined;
      return choice === undefined ? { error: 'Value must be one of the dropdown values' } : { value: choice };
    }
    case 'multiselect':
      return checkMultiselect(value, definition);
    case 'time':
      return typeof value === 'string' && isTimeOfDay(value)
        ? { value: value.trim() }
        : { error: 'Value must be a time written HH:MM' };
  }
}

function checkRemarks(value: unknown): Check<string | null> {
  if (value === null || value === undefined) return { value: null };
  if (typeof value !== 'string') return { error: 'Remarks must be text' };
  if (value.trim() === '') return { value: null };
  if (value.length > REMARKS_MAX_LENGTH) return { error: `Remarks are longer than ${REMARKS_MAX_LENGTH} characters` };
  const textError = validateText(value);
  return textError === null ? { value } : { error: textError };
}

function checkPhotoUrl(value: unknown): Check<string | null> {
  if (value === null || value === undefined || value === '') return { value: null };
  const valid =
    typeof value === 'string' && value.length <= URL_MAX_LENGTH && /^(https?:\/\/[^\s]+|\/[^\s]*)$/i.test(value);
  return valid ? { value } : { error: 'Photo URL must be an http(s) URL or a path on this server' };
}

/** Photos accept image files only (inspection.md section 2). */
function checkPhotoMimetype(value: unknown, photoUrl: string | null): Check<string | null> {
  if (value === null || value === undefined || value === '') return { value: null };
  if (typeof value !== 'string' || !/^image\/[a-z0-9.+-]+$/i.test(value)) return { error: 'Photo must be an image' };
  return photoUrl === null ? { value: null } : { value: value.toLowerCase() };
}

function checkEditedVia(value: unknown): Check<string | null> {
  if (value === null || value === undefined) return { value: null };
  if (typeof value !== 'string' || value.trim() === '' || value.length > EDITED_VIA_MAX_LENGTH) {
    return { error: `editedVia must be text of at most ${EDITED_VIA_MAX_LENGTH} characters` };
  }
  const textError = validateText(value);
  return textError === null ? { value } : { error: textError };
}

function checkStamp(value: unknown): Check<string | null> {
  if (value === null || value === undefined) return { value: null };
  return isIsoDateTime(value) ? { value } : { error: 'Must be an ISO 8601 date-time with a time zone offset' };
}

class ErrorList {
  readonly errors: PayloadError[] = [];

  take<T>(pointer: string, check: Check<T>, fallback: T): T {
    if ('error' in check) {
      this.errors.push({ pointer, detail: check.error });
      return fallback;
    }
    return check.value;
  }
}

function parseCondition(
  raw: unknown,
  pointer: string,
  definitionOf: (conditionId: string) => ConditionDefinition | undefined,
  errors: ErrorList,
): ConditionSave | null {
  if (!isRecord(raw)) {
    errors.errors.push({ pointer, detail: 'Must be an object' });
    return null;
  }
  const id = toId(raw.id);
  const definition = id === null ? undefined : definitionOf(id);
  if (id === null || definition === undefined) {
    errors.errors.push({ pointer: `${pointer}/id`, detail: 'Condition is not part of this walkabout' });
    return null;
  }
  const photoUrl = errors.take(`${pointer}/photoUrl`, checkPhotoUrl(raw.photoUrl), null);
  return {
    id,
    value: errors.take(`${pointer}/value`, checkConditionValue(raw.value, definition), null),
    remarks: errors.take(`${pointer}/remarks`, checkRemarks(raw.remarks), null),
    photoUrl,
    photoMimetype: errors.take(`${pointer}/photoMimetype`, checkPhotoMimetype(raw.photoMimetype, photoUrl), null),
    editedVia: errors.take(`${pointer}/editedVia`, checkEditedVia(raw.editedVia), null),
    editedAt: errors.take(`${pointer}/editedAt`, checkStamp(raw.editedAt), null),
  };
}

function parseEntry(raw: unknown, pointer: string, errors: ErrorList): EntrySave | null {
  const id = isRecord(raw) ? toId(raw.id) : null;
  if (!isRecord(raw) || id === null) {
    errors.errors.push({ pointer: `${pointer}/id`, detail: 'Must be an entry id' });
    return null;
  }
  return { id, scannedAt: errors.take(`${pointer}/scannedAt`, checkStamp(raw.scannedAt), null) };
}

function parseList<T>(raw: unknown, pointer: string, errors: ErrorList, parse: (item: unknown, at: string) => T | null): T[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) {
    errors.errors.push({ pointer, detail: 'Must be a list' });
    return [];
  }
  return raw.flatMap((item, index) => parse(item, `${pointer}/${index}`) ?? []);
}

function reportDuplicates(items: readonly { id: string }[], pointer: string, errors: ErrorList): void {
  const seen = new Set<string>();
  for (const { id } of items) {
    // A repeated id would apply two different answers in one save; refuse rather than pick one.
    if (seen.has(id)) errors.errors.push({ pointer, detail: `${id} is listed twice in one save` });
    seen.add(id);
  }
}

/**
 * Validate and normalize the body of PATCH /walkabout-data (inspection.md section 7): each
 * condition's value by its type, remarks through the text rule, photos as images, stamps as ISO
 * date-times. `definitionOf` answers for the conditions of the walkabout being saved; any other id
 * is refused. Whether the walkabout is open and the entries unlocked is the route's to check.
 */
export function parseWalkaboutDataPayload(
  body: unknown,
  definitionOf: (conditionId: string) => ConditionDefinition | undefined,
): PayloadResult {
  const errors = new ErrorList();
  if (!isRecord(body)) return { ok: false, errors: [{ pointer: '', detail: 'Must be an object' }] };
  const walkaboutToUpdateId = toId(body.walkaboutToUpdateId);
  if (walkaboutToUpdateId === null) errors.errors.push({ pointer: '/walkaboutToUpdateId', detail: 'Must be a walkabout id' });
  const generateReport = body.generateReport ?? false;
  if (typeof generateReport !== 'boolean') errors.errors.push({ pointer: '/generateReport', detail: 'Must be true or false' });
  const data = body.data ?? {};
  if (!isRecord(data)) errors.errors.push({ pointer: '/data', detail: 'Must be an object' });
  const fields = isRecord(data) ? data : {};
  const entries = parseList(fields.entries, '/data/entries', errors, (item, at) => parseEntry(item, at, errors));
  const conditions = parseList(fields.conditions, '/data/conditions', errors, (item, at) =>
    parseCondition(item, at, definitionOf, errors),
  );
  reportDuplicates(entries, '/data/entries', errors);
  reportDuplicates(conditions, '/data/conditions', errors);
  if (errors.errors.length > 0 || walkaboutToUpdateId === null || typeof generateReport !== 'boolean') {
    return { ok: false, errors: errors.errors };
  }
  return { ok: true, payload: { generateReport, walkaboutToUpdateId, data: { entries, conditions } } };
}
