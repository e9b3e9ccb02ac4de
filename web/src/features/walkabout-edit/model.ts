import { toFiniteNumber, type Condition, type ConditionValue } from '@fsi/shared';
import type {
  ConditionRow_ConditionFragment,
  ConditionSaveInput,
  ConditionType as ConditionKind,
  ConditionValueInput,
  EntryCard_EntryFragment,
  QrUnavailabilityKind,
} from '../../generated/graphql';

export type { ConditionKind };

/** What a condition row shows that never changes while the walkabout is edited. */
export type ConditionInfo = {
  id: string;
  entryId: string;
  sectionId: string;
  kind: ConditionKind;
  label: string;
  hint: string | null;
  description: string | null;
  classification: string | null;
  referenceName: string | null;
  referenceWording: string | null;
  /** Dropdown and multiselect choices. */
  choices: readonly string[];
  rangeFrom: number | null;
  rangeTo: number | null;
  pattern: string | null;
};

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

export type QrReason = { kind: QrUnavailabilityKind; comment: string | null };

/** The shared rules' view of a condition (@fsi/shared walkabouts/types). */
export function toSharedCondition(fields: ConditionRow_ConditionFragment): Condition {
  const base = {
    id: fields.id,
    label: fields.label,
    remarks: fields.remarks,
    photoUrl: fields.photoUrl,
    photoMimetype: fields.photoMimetype,
    hasSatisfactoryRemarks: fields.hasSatisfactoryRemarks,
    orderOnWalkabout: fields.orderOnWalkabout,
    options: fields.options,
    editedVia: fields.editedVia,
    editedAt: fields.editedAt,
  };
  switch (fields.__typename) {
    case 'BooleanCondition':
      return { ...base, type: 'boolean', value: fields.booleanValue };
    case 'YesNoCondition':
      return { ...base, type: 'yesno', value: fields.yesNoValue === null ? null : fields.yesNoValue === 'YES' ? 'yes' : 'no' };
    case 'YesNoNotApplicableCondition':
      return { ...base, type: 'yesnonotapplicable', value: yesNoNaValue(fields.yesNoNotApplicableValue) };
    case 'NumberCondition':
      return { ...base, type: 'number', value: fields.numberValue };
    case 'RangeCondition':
      return { ...base, type: 'range', value: fields.rangeValue, rangeFrom: fields.rangeFrom, rangeTo: fields.rangeTo };
    case 'StringCondition':
      return { ...base, type: 'string', value: fields.stringValue, typeSatisfactoryValue: fields.satisfactoryValues };
    case 'TimeCondition':
      return { ...base, type: 'time', value: fields.timeValue };
    case 'DropdownCondition':
      return {
        ...base,
        type: 'dropdown',
        value: fields.dropdownValue,
        typeValue: fields.choices,
        typeSatisfactoryValue: fields.satisfactoryValues,
      };
    case 'MultiselectCondition':
      return {
        ...base,
        type: 'multiselect',
        value: fields.multiselectValue,
        typeValue: fields.choices,
        typeSatisfactoryValue: fields.satisfactoryValues,
        typeUnsatisfactoryValue: fields.unsatisfactoryValues,
        typeRecordValue: fields.recordValues,
      };
  }
}

function yesNoNaValue(value: 'YES' | 'NO' | 'NA' | null): ConditionValue {
  if (value === null) return null;
  return value === 'YES' ? 'yes' : value === 'NO' ? 'no' : 'na';
}

export function toConditionInfo(fields: ConditionRow_ConditionFragment, entryId: string, sectionId: string): ConditionInfo {
  const choices =
    fields.__typename === 'DropdownCondition' || fields.__typename === 'MultiselectCondition' ? fields.choices : [];
  return {
    id: fields.id,
    entryId,
    sectionId,
    kind: fields.type,
    label: fields.label,
    hint: fields.hint,
    description: fields.description,
    classification: fields.classification,
    referenceName: fields.referenceName,
    referenceWording: fields.referenceWording,
    choices,
    rangeFrom: fields.__typename === 'RangeCondition' ? fields.rangeFrom : null,
    rangeTo: fields.__typename === 'RangeCondition' ? fields.rangeTo : null,
    pattern: fields.options.pattern,
  };
}

/** A recorded value as the save input types it: exactly the field of the condition's type, or null to unmark. */
export function toValueInput(kind: ConditionKind, value: ConditionValue): ConditionValueInput | null {
  if (value === null) return null;
  switch (kind) {
    case 'BOOLEAN':
      return typeof value === 'boolean' ? { boolean: value } : null;
    case 'YESNO':
      return value === 'yes' ? { yesNo: 'YES' } : value === 'no' ? { yesNo: 'NO' } : null;
    case 'YESNONOTAPPLICABLE':
      if (value === 'yes') return { yesNoNotApplicable: 'YES' };
      if (value === 'no') return { yesNoNotApplicable: 'NO' };
      return value === 'na' ? { yesNoNotApplicable: 'NA' } : null;
    case 'NUMBER':
    case 'RANGE': {
      const number = toFiniteNumber(typeof value === 'number' || typeof value === 'string' ? value : null);
      return number === null ? null : { number };
    }
    case 'STRING':
    case 'TIME':
    case 'DROPDOWN':
      return typeof value === 'string' && value.trim() !== '' ? { text: value } : null;
    case 'MULTISELECT':
      return Array.isArray(value) && value.length > 0 ? { choices: [...value] } : null;
  }
}

export function toConditionSaveInput(draft: ConditionDraft, photoUrl: string | null): ConditionSaveInput {
  return {
    id: draft.id,
    value: toValueInput(draft.kind, draft.value),
    remarks: draft.remarks,
    photoUrl,
    photoMimetype: photoUrl === null ? null : draft.photoMimetype,
    hasSatisfactoryRemarks: draft.hasSatisfactoryRemarks,
    editedVia: draft.editedVia,
    editedAt: draft.editedAt,
  };
}

/** The editable fields of a condition, as a draft to keep on the device. */
export function toDraft(
  kind: ConditionKind,
  condition: Condition,
  photoId: string | null,
  editedVia: string,
  editedAt: string,
): ConditionDraft {
  return {
    id: condition.id,
    kind,
    value: condition.value,
    remarks: condition.remarks ?? null,
    photoUrl: condition.photoUrl ?? null,
    photoMimetype: condition.photoMimetype ?? null,
    photoId,
    hasSatisfactoryRemarks: condition.hasSatisfactoryRemarks === true,
    editedVia,
    editedAt,
  };
}

/** A draft laid over the server's condition: pending changes win (DESIGN.md "Field conditions"). */
export function applyDraft(condition: Condition, draft: ConditionDraft, photo: Blob | null): Condition {
  return {
    ...condition,
    value: draft.value,
    remarks: draft.remarks,
    photoUrl: draft.photoUrl,
    photoMimetype: draft.photoMimetype,
    photoFile: photo,
    hasSatisfactoryRemarks: draft.hasSatisfactoryRemarks,
    editedVia: draft.editedVia,
    editedAt: draft.editedAt,
  };
}

export type EntryFields = EntryCard_EntryFragment;
