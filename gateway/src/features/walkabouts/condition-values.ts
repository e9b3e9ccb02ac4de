/**
 * A condition's REST `value` (JSON: boolean, 'yes'/'no'/'na', number, text or an array of texts)
 * as the typed field of its GraphQL type, and the other way for saves (inspection.md sections 3 and 4).
 */
import {
  chosenValues,
  conditionSatisfaction,
  isAnswered,
  toFiniteNumber,
  type ConditionType,
  type ConditionValue,
  type YesNoAnswer,
  type YesNoNotApplicableAnswer,
} from '@fsi/shared';
import type { ConditionValueInput } from '../../generated/resolvers';
import type { ConditionAttributes, ConditionResource } from './resources';

/** The GraphQL object type of each REST condition type (Condition.__resolveType). */
export const conditionTypeNames = {
  boolean: 'BooleanCondition',
  yesno: 'YesNoCondition',
  yesnonotapplicable: 'YesNoNotApplicableCondition',
  number: 'NumberCondition',
  range: 'RangeCondition',
  string: 'StringCondition',
  time: 'TimeCondition',
  dropdown: 'DropdownCondition',
  multiselect: 'MultiselectCondition',
} as const satisfies Record<ConditionType, string>;

export type ConditionTypeName = (typeof conditionTypeNames)[ConditionType];

export function conditionTypeName(condition: ConditionResource): ConditionTypeName {
  const name = conditionTypeNames[condition.attributes.conditionType];
  if (!name) throw new Error(`Condition ${condition.id} has an unknown type '${String(condition.attributes.conditionType)}'.`);
  return name;
}

export function booleanValue(value: ConditionValue): boolean | null {
  return typeof value === 'boolean' ? value : null;
}

export function yesNoValue(value: ConditionValue): YesNoAnswer | null {
  return value === 'yes' || value === 'no' ? value : null;
}

export function yesNoNotApplicableValue(value: ConditionValue): YesNoNotApplicableAnswer | null {
  return value === 'yes' || value === 'no' || value === 'na' ? value : null;
}

/** Number and range readings; a numeric text (as an input may have held it) reads as its number. */
export function numberValue(value: ConditionValue): number | null {
  return typeof value === 'number' || typeof value === 'string' ? toFiniteNumber(value) : null;
}

/** String, time and dropdown answers. */
export function textValue(value: ConditionValue): string | null {
  return typeof value === 'string' ? value : null;
}

/** The chosen values of a multiselect; null while unmarked. */
export function multiselectValue(value: ConditionValue): string[] | null {
  return value === null ? null : chosenValues(value);
}

/**
 * The backend judges each result by the shared rule and sends isSatisfactory (null when neutral)
 * and isMarked; were they missing, the same rule of @fsi/shared answers here (one rule, one implementation).
 */
export function isSatisfactory(condition: ConditionResource): boolean | null {
  const { isSatisfactory: sent } = condition.attributes;
  if (sent !== undefined) return sent;
  const satisfaction = conditionSatisfaction(sharedCondition(condition.id, condition.attributes));
  return satisfaction === 'neutral' ? null : satisfaction === 'satisfactory';
}

export function isMarked(condition: ConditionResource): boolean {
  return condition.attributes.isMarked ?? isAnswered(condition.attributes.value);
}

function sharedCondition(id: string, a: ConditionAttributes) {
  return {
    id,
    type: a.conditionType,
    value: a.value,
    typeValue: a.typeValue,
    typeSatisfactoryValue: a.typeSatisfactoryValue,
    typeUnsatisfactoryValue: a.typeUnsatisfactoryValue,
    typeRecordValue: a.typeRecordValue,
    rangeFrom: a.rangeFrom,
    rangeTo: a.rangeTo,
    options: a.options,
  };
}

export const MORE_THAN_ONE_VALUE_MESSAGE = 'Set exactly one value field of the condition (or none to unmark it).';

/**
 * The JSON value PATCH /walkabout-data takes for a ConditionValueInput: boolean, 'yes'/'no'/'na'
 * (the enums' internal values), a number, a text or the chosen texts; null (no input, or no field set)
 * unmarks. More than one field set is the caller's mistake: undefined.
 */
export function restValue(input: ConditionValueInput | null | undefined): ConditionValue | undefined {
  if (!input) return null;
  const candidates: ConditionValue[] = [input.boolean, input.yesNo, input.yesNoNotApplicable, input.number, input.text, input.choices]
    .filter((value): value is NonNullable<typeof value> => value !== null && value !== undefined);
  if (candidates.length > 1) return undefined;
  return candidates[0] ?? null;
}
