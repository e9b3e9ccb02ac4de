import { CONDITION_TYPE_FROM_WIRE, type Condition } from '@fsi/shared';
import type { ConditionRow_ConditionFragment } from '../components/ConditionRow.generated';
import type { ConditionType as ConditionKind, QrUnavailabilityKind } from '../../../generated/schema';
import type { EntryCard_EntryFragment } from '../components/EntryCard.generated';
import { conditionValueOf } from '../../../lib/conditions/conditionValue';
import type { ConditionDraft } from '../../../lib/outbox/drafts';

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

export type QrReason = { kind: QrUnavailabilityKind; comment: string | null };

/** The shared rules' view of a condition (@fsi/shared walkabouts/types); the value is read through the codec. */
export function toSharedCondition(fields: ConditionRow_ConditionFragment): Condition {
  const condition: Condition = {
    id: fields.id,
    type: CONDITION_TYPE_FROM_WIRE[fields.type],
    value: conditionValueOf(fields),
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
    case 'RangeCondition':
      return { ...condition, rangeFrom: fields.rangeFrom, rangeTo: fields.rangeTo };
    case 'StringCondition':
      return { ...condition, typeSatisfactoryValue: fields.satisfactoryValues };
    case 'DropdownCondition':
      return { ...condition, typeValue: fields.choices, typeSatisfactoryValue: fields.satisfactoryValues };
    case 'MultiselectCondition':
      return {
        ...condition,
        typeValue: fields.choices,
        typeSatisfactoryValue: fields.satisfactoryValues,
        typeUnsatisfactoryValue: fields.unsatisfactoryValues,
        typeRecordValue: fields.recordValues,
      };
    default:
      return condition;
  }
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
