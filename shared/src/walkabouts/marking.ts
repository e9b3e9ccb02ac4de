import { conditionSatisfaction, isAnswered } from './satisfaction';
import type { Condition, ConditionType, ConditionValue } from './types';

/** The choices of the press-and-hold action sheet (inspection.md section 4). */
export type ConditionAction = 'unmark' | 'addNotes' | 'removeNotes';

/** Condition types marked by tapping; the others are answered through their input. */
export const TAPPABLE_TYPES = ['boolean', 'yesno', 'yesnonotapplicable'] as const satisfies readonly ConditionType[];

/** True for the types the tap cycle marks (inspection.md section 4). */
export function isTappable(type: ConditionType): boolean {
  return (TAPPABLE_TYPES as readonly ConditionType[]).includes(type);
}

/**
 * The value after one tap (inspection.md section 4): unmarked → satisfactory → unsatisfactory →
 * satisfactory… A boolean toggles true/false; yes/no and yes/no/na use 'yes' and 'no'. 'na' is
 * chosen from the yes/no/na input, and a tap on it starts the cycle again at 'yes'.
 * Non-tappable types keep their value.
 */
export function nextTapValue(condition: Pick<Condition, 'type' | 'value'>): ConditionValue {
  const { type, value } = condition;
  if (type === 'boolean') return value !== true;
  if (type === 'yesno' || type === 'yesnonotapplicable') return value === 'yes' ? 'no' : 'yes';
  return value;
}

function hasText(value: string | null | undefined): boolean {
  return typeof value === 'string' && value.trim() !== '';
}

function hasPhoto(condition: Condition): boolean {
  return hasText(condition.photoUrl) || (condition.photoFile !== null && condition.photoFile !== undefined);
}

/** True when a satisfactory condition carries notes: the notes switch is on, or remarks or a photo remain. */
export function hasNotes(condition: Condition): boolean {
  return condition.hasSatisfactoryRemarks === true || hasText(condition.remarks) || hasPhoto(condition);
}

const NO_REMARKS_OR_PHOTO = { remarks: null, photoUrl: null, photoMimetype: null, photoFile: null } as const;

/**
 * Record a new value (by tap or by input). Marking satisfactory clears remarks and photo unless
 * satisfactory remarks were allowed with Add Notes (inspection.md section 4): an inspector's
 * complaint must not survive as a note on a result that is now fine.
 */
export function setConditionValue(condition: Condition, value: ConditionValue): Condition {
  const next: Condition = { ...condition, value };
  if (conditionSatisfaction(next) !== 'satisfactory' || condition.hasSatisfactoryRemarks === true) return next;
  return { ...next, ...NO_REMARKS_OR_PHOTO };
}

/** A tap on the condition (inspection.md section 4); a non-tappable condition is returned unchanged. */
export function tapCondition(condition: Condition): Condition {
  if (!isTappable(condition.type)) return condition;
  return setConditionValue(condition, nextTapValue(condition));
}

/** Unmark (inspection.md section 4): clears the value, remarks and photo, and turns notes off. */
export function unmarkCondition(condition: Condition): Condition {
  return { ...condition, value: null, ...NO_REMARKS_OR_PHOTO, hasSatisfactoryRemarks: false };
}

/**
 * Add Notes (inspection.md section 4): offered only on a satisfactory condition without remarks, and
 * not where notes are already allowed (it would change nothing).
 */
export function canAddNotes(condition: Condition): boolean {
  return conditionSatisfaction(condition) === 'satisfactory' && !hasNotes(condition);
}

/**
 * Remove Notes (inspection.md section 4): offered on a satisfactory condition with remarks or a photo,
 * the notes it removes; not on one whose notes are allowed but empty.
 */
export function canRemoveNotes(condition: Condition): boolean {
  return conditionSatisfaction(condition) === 'satisfactory' && (hasText(condition.remarks) || hasPhoto(condition));
}

/** Add Notes (inspection.md section 4): allows remarks and a photo on a satisfactory condition. */
export function addNotes(condition: Condition): Condition {
  return canAddNotes(condition) ? { ...condition, hasSatisfactoryRemarks: true } : condition;
}

/**
 * Remove Notes (inspection.md section 4) clears the remarks and the photo, and only them: the value
 * stays, and satisfactory remarks stay allowed (the empty box remains for new notes; Unmark turns
 * that off).
 */
export function removeNotes(condition: Condition): Condition {
  if (!canRemoveNotes(condition)) return condition;
  return { ...condition, ...NO_REMARKS_OR_PHOTO };
}

/** What the action sheet offers for the condition (inspection.md section 4), in display order. */
export function conditionActions(condition: Condition): ConditionAction[] {
  const actions: ConditionAction[] = [];
  if (isAnswered(condition.value) || hasText(condition.remarks) || hasPhoto(condition)) actions.push('unmark');
  if (canAddNotes(condition)) actions.push('addNotes');
  if (canRemoveNotes(condition)) actions.push('removeNotes');
  return actions;
}

/** Apply an action sheet choice (inspection.md section 4). */
export function applyConditionAction(condition: Condition, action: ConditionAction): Condition {
  switch (action) {
    case 'unmark':
      return unmarkCondition(condition);
    case 'addNotes':
      return addNotes(condition);
    case 'removeNotes':
      return removeNotes(condition);
  }
}

/**
 * Remarks show when unsatisfactory or when satisfactory remarks are allowed (inspection.md
 * section 4). A task that disables unsatisfactory remarks shows no box for them.
 */
export function showsRemarks(condition: Condition): boolean {
  const satisfaction = conditionSatisfaction(condition);
  if (satisfaction === 'unsatisfactory') return condition.options?.disableUnsatisfactoryRemarks !== true;
  return satisfaction === 'satisfactory' && condition.hasSatisfactoryRemarks === true;
}

/** The photo input follows the remarks box, except where the task disables unsatisfactory photos. */
export function showsPhoto(condition: Condition): boolean {
  const satisfaction = conditionSatisfaction(condition);
  if (satisfaction === 'unsatisfactory') return condition.options?.disableUnsatisfactoryPhoto !== true;
  return satisfaction === 'satisfactory' && condition.hasSatisfactoryRemarks === true;
}
