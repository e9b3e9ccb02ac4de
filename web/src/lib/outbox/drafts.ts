import { CONDITION_TYPE_FROM_WIRE, toValueInput, type ConditionValue } from '@fsi/shared';
import type { ConditionSaveInput, ConditionType as ConditionKind, ConditionValueInput, QrUnavailabilityKind } from '../../generated/schema';

/**
 * What the outbox keeps of a walkabout's work (DESIGN.md section 4, "Field conditions"): the
 * editable part of a condition and an entry's scan, as the device records them, and their save
 * input. Kept here, not in the walkabout screen, since the app saves them from anywhere.
 */

/** The editable part of a condition as the device records it (kept in IndexedDB until the server has it). */
export type ConditionDraft = {
  id: string;
  kind: ConditionKind;
  value: ConditionValue;
  remarks: string | null;
  photoUrl: string | null;
  photoMimetype: string | null;
  /** A photo picked on the device and not uploaded yet: the key of its Blob in IndexedDB. */
  photoId: string | null;
  hasSatisfactoryRemarks: boolean;
  editedVia: string;
  editedAt: string;
};

export type EntryScanDraft = { id: string; scannedAt: string; scannerId: string };

/**
 * A location flagged 'QR code unavailable' (inspection.md sections 2 and 3, the unavailable QR code
 * record): its entries on the floor, the reason and the comment. `errorMessage` is set when the server
 * refused it; such a record blocks changing floor and saving until it is corrected or withdrawn.
 */
export type QrReportDraft = {
  entryIds: string[];
  kind: QrUnavailabilityKind;
  comment: string | null;
  errorMessage: string | null;
  reportedAt: string;
};

/** A recorded value as the save input types it, through the shared codec: the field of the condition's type, or null to unmark. */
export function valueInputOf(kind: ConditionKind, value: ConditionValue): ConditionValueInput | null {
  const input = toValueInput(CONDITION_TYPE_FROM_WIRE[kind], value);
  if (!input) return null;
  const { choices, ...rest } = input;
  return choices ? { ...rest, choices: [...choices] } : rest;
}

export function toConditionSaveInput(draft: ConditionDraft, photoUrl: string | null): ConditionSaveInput {
  return {
    id: draft.id,
    value: valueInputOf(draft.kind, draft.value),
    remarks: draft.remarks,
    photoUrl,
    photoMimetype: photoUrl === null ? null : draft.photoMimetype,
    hasSatisfactoryRemarks: draft.hasSatisfactoryRemarks,
    editedVia: draft.editedVia,
    editedAt: draft.editedAt,
  };
}
