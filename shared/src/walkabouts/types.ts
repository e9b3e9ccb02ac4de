/**
 * The shapes of a walkabout's content as the inspection screens and the save call see them
 * (inspection.md section 3: Walkabout, Floor, Entry, Section, Condition). Only the fields the
 * shared rules read are required; the rest are optional so that a partial read model still fits.
 */

/** Task types (admin-organizations-buildings.md, "Task types"), spelled as the REST contract stores them. */
export const CONDITION_TYPES = [
  'boolean',
  'yesno',
  'yesnonotapplicable',
  'number',
  'string',
  'range',
  'dropdown',
  'multiselect',
  'time',
] as const;
export type ConditionType = (typeof CONDITION_TYPES)[number];

/** The answers of a yes/no and a yes/no/not applicable condition (inspection.md section 2). */
export type YesNoAnswer = 'yes' | 'no';
export type YesNoNotApplicableAnswer = YesNoAnswer | 'na';

/**
 * A recorded value: boolean for boolean; 'yes' | 'no' | 'na' for the yes/no types; a number (or the
 * numeric text an input holds) for number and range; text for string and dropdown; the chosen
 * values for multiselect; 'HH:MM' text for time. null is unmarked.
 */
export type ConditionValue = boolean | number | string | readonly string[] | null;

/** A list of values as a task stores it: an array, or one text separated by commas or line breaks. */
export type ValueList = string | readonly string[] | null | undefined;

export type ConditionOptions = {
  disableUnsatisfactoryRemarks?: boolean | null;
  disableUnsatisfactoryPhoto?: boolean | null;
  makePhotoAndRemarksOptional?: boolean | null;
  /** A satisfactory pattern for string and dropdown; 'HH:MM' makes a string condition a time input. */
  pattern?: string | null;
};

export type Condition = {
  id: string;
  type: ConditionType;
  value: ConditionValue;
  label?: string;
  remarks?: string | null;
  photoUrl?: string | null;
  photoMimetype?: string | null;
  /** A photo picked on the device and not uploaded yet; it counts as a photo for validation. */
  photoFile?: unknown;
  hasSatisfactoryRemarks?: boolean | null;
  orderOnWalkabout?: number;
  /** Dropdown and multiselect choices. */
  typeValue?: ValueList;
  typeSatisfactoryValue?: ValueList;
  typeUnsatisfactoryValue?: ValueList;
  typeRecordValue?: ValueList;
  /** Optional bounds of a range condition (the task's rangeFrom and rangeTo). */
  rangeFrom?: number | string | null;
  rangeTo?: number | string | null;
  options?: ConditionOptions | null;
  editedVia?: string | null;
  editedAt?: string | null;
};

export type Section = {
  id: string;
  name?: string;
  orderOnWalkabout?: number;
  conditions: readonly Condition[];
};

export const QR_UNAVAILABILITY_KINDS = ['missing', 'unusable', 'access_denied'] as const;
export type QrUnavailabilityKind = (typeof QR_UNAVAILABILITY_KINDS)[number];

export type QrUnavailabilityReason = {
  kind: QrUnavailabilityKind;
  comment?: string | null;
};

export type Entry = {
  id: string;
  order?: number;
  label?: string;
  locationId?: string;
  /** Set when the entry's location was scanned: only then is the entry unlocked for editing. */
  scannedAt?: string | null;
  scannerId?: string | null;
  qrUnavailabilityReason?: QrUnavailabilityReason | null;
  sections: readonly Section[];
};

export type Floor = {
  id: string;
  name?: string;
  order?: number;
  entries: readonly Entry[];
};

export type Walkabout = {
  id: string;
  openedAt: string | null;
  lockedAt: string | null;
  closedAt: string | null;
};
