/**
 * The one codec of a condition's value (inspection.md sections 3 and 4). The value crosses the tiers in
 * four shapes, and every conversion between them is here:
 *
 * - REST JSON, as PATCH /walkabout-data takes it and GET /walkabouts/{id} answers it: boolean,
 *   'yes' | 'no' | 'na', a number, a text, or the chosen texts; null while unmarked.
 * - Typed GraphQL fields: one field per condition type (`booleanValue`, `yesNoValue`, …), with the
 *   answers as GraphQL enum values (`YES`, `NO`, `NA`).
 * - The shared `ConditionValue` the rules of this package judge (the REST spelling).
 * - `ConditionValueInput`, the save input: exactly the field of the condition's type, or none to unmark.
 *
 * Enum spellings: a GraphQL client sees the wire spelling (`YES`, `BOOLEAN`); the gateway's enum resolvers
 * map it to the REST spelling (`yes`, `boolean`) with the tables below, so resolvers and inputs inside the
 * gateway carry the REST spelling. Functions that read enum values take the spelling they are given.
 */
import { toFiniteNumber } from '../text-rule';
import { chosenValues } from './satisfaction';
import type { ConditionType, ConditionValue, QrUnavailabilityKind, YesNoAnswer, YesNoNotApplicableAnswer } from './types';

type Invert<T extends Record<string, string>> = { [K in keyof T as T[K]]: K };

function invert<T extends Record<string, string>>(table: T): Invert<T> {
  return Object.fromEntries(Object.entries(table).map(([key, value]) => [value, key])) as Invert<T>;
}

/** REST condition type → GraphQL `ConditionType` enum value. */
export const CONDITION_TYPE_WIRE = {
  boolean: 'BOOLEAN',
  yesno: 'YESNO',
  yesnonotapplicable: 'YESNONOTAPPLICABLE',
  number: 'NUMBER',
  string: 'STRING',
  range: 'RANGE',
  dropdown: 'DROPDOWN',
  multiselect: 'MULTISELECT',
  time: 'TIME',
} as const satisfies Record<ConditionType, string>;
export type ConditionTypeWire = (typeof CONDITION_TYPE_WIRE)[ConditionType];
/** GraphQL `ConditionType` enum value → REST condition type (the gateway's enum resolver). */
export const CONDITION_TYPE_FROM_WIRE = invert(CONDITION_TYPE_WIRE);

/** REST answer → GraphQL `YesNo` / `YesNoNotApplicable` enum value. */
export const ANSWER_WIRE = { yes: 'YES', no: 'NO', na: 'NA' } as const satisfies Record<YesNoNotApplicableAnswer, string>;
export type AnswerWire = (typeof ANSWER_WIRE)[YesNoNotApplicableAnswer];
/** GraphQL `YesNoNotApplicable` enum value → REST answer (the gateway's enum resolver). */
export const ANSWER_FROM_WIRE = invert(ANSWER_WIRE);
/** GraphQL `YesNo` enum value → REST answer (the gateway's enum resolver). */
export const YES_NO_FROM_WIRE = { YES: 'yes', NO: 'no' } as const satisfies Record<string, YesNoAnswer>;

/** REST QR-unavailability kind → GraphQL `QrUnavailabilityKind` enum value. */
export const QR_UNAVAILABILITY_KIND_WIRE = {
  missing: 'MISSING',
  unusable: 'UNUSABLE',
  access_denied: 'ACCESS_DENIED',
} as const satisfies Record<QrUnavailabilityKind, string>;
export const QR_UNAVAILABILITY_KIND_FROM_WIRE = invert(QR_UNAVAILABILITY_KIND_WIRE);

/** The GraphQL object type of each condition type (`Condition.__resolveType`). */
export const CONDITION_TYPENAMES = {
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
export type ConditionTypename = (typeof CONDITION_TYPENAMES)[ConditionType];
export const CONDITION_TYPE_OF_TYPENAME = invert(CONDITION_TYPENAMES);

/** Which enum spelling answers carry: `wire` as a GraphQL client sees them, `rest` inside the gateway. */
export type Spelling = 'wire' | 'rest';
type Answer<S extends Spelling, A extends YesNoNotApplicableAnswer> = S extends 'wire' ? (typeof ANSWER_WIRE)[A] : A;

/** The typed GraphQL field of each condition type and what it holds. */
export type TypedConditionFields<S extends Spelling = 'wire'> =
  | { __typename: 'BooleanCondition'; booleanValue: boolean | null }
  | { __typename: 'YesNoCondition'; yesNoValue: Answer<S, YesNoAnswer> | null }
  | { __typename: 'YesNoNotApplicableCondition'; yesNoNotApplicableValue: Answer<S, YesNoNotApplicableAnswer> | null }
  | { __typename: 'NumberCondition'; numberValue: number | null }
  | { __typename: 'RangeCondition'; rangeValue: number | null }
  | { __typename: 'StringCondition'; stringValue: string | null }
  | { __typename: 'TimeCondition'; timeValue: string | null }
  | { __typename: 'DropdownCondition'; dropdownValue: string | null }
  | { __typename: 'MultiselectCondition'; multiselectValue: readonly string[] | null };

/** The save input of a value: set exactly the field of the condition's type, or none to unmark. */
export type ConditionValueInputOf<S extends Spelling = 'wire'> = {
  boolean?: boolean | null;
  yesNo?: Answer<S, YesNoAnswer> | null;
  yesNoNotApplicable?: Answer<S, YesNoNotApplicableAnswer> | null;
  number?: number | null;
  text?: string | null;
  choices?: readonly string[] | null;
};

function answerOf(value: ConditionValue, allowed: readonly YesNoNotApplicableAnswer[]): YesNoNotApplicableAnswer | null {
  return typeof value === 'string' && (allowed as readonly string[]).includes(value) ? (value as YesNoNotApplicableAnswer) : null;
}

function spell<S extends Spelling>(answer: YesNoNotApplicableAnswer, spelling: S): string {
  return spelling === 'wire' ? ANSWER_WIRE[answer] : answer;
}

function unspell(answer: string, spelling: Spelling): YesNoNotApplicableAnswer | null {
  if (spelling === 'rest') return answerOf(answer, ['yes', 'no', 'na']);
  return (ANSWER_FROM_WIRE as Record<string, YesNoNotApplicableAnswer>)[answer] ?? null;
}

/**
 * A REST value as the typed GraphQL field of its condition type. A value of the wrong shape for the type
 * reads as unmarked; a numeric text (as an input may have held it) reads as its number.
 */
export function typedConditionFields<S extends Spelling = 'wire'>(
  type: ConditionType,
  value: ConditionValue,
  spelling: S = 'wire' as S,
): TypedConditionFields<S> {
  const text = typeof value === 'string' ? value : null;
  const number = typeof value === 'number' || typeof value === 'string' ? toFiniteNumber(value) : null;
  switch (type) {
    case 'boolean':
      return { __typename: 'BooleanCondition', booleanValue: typeof value === 'boolean' ? value : null };
    case 'yesno': {
      const answer = answerOf(value, ['yes', 'no']);
      return { __typename: 'YesNoCondition', yesNoValue: answer === null ? null : spell(answer, spelling) } as TypedConditionFields<S>;
    }
    case 'yesnonotapplicable': {
      const answer = answerOf(value, ['yes', 'no', 'na']);
      return {
        __typename: 'YesNoNotApplicableCondition',
        yesNoNotApplicableValue: answer === null ? null : spell(answer, spelling),
      } as TypedConditionFields<S>;
    }
    case 'number':
      return { __typename: 'NumberCondition', numberValue: number };
    case 'range':
      return { __typename: 'RangeCondition', rangeValue: number };
    case 'string':
      return { __typename: 'StringCondition', stringValue: text };
    case 'time':
      return { __typename: 'TimeCondition', timeValue: text };
    case 'dropdown':
      return { __typename: 'DropdownCondition', dropdownValue: text };
    case 'multiselect':
      return { __typename: 'MultiselectCondition', multiselectValue: value === null ? null : chosenValues(value) };
  }
}

/** The typed GraphQL field of a condition (as a query reads it) as the shared value the rules judge. */
export function valueOfTypedFields(fields: TypedConditionFields<Spelling>, spelling: Spelling = 'wire'): ConditionValue {
  switch (fields.__typename) {
    case 'BooleanCondition':
      return fields.booleanValue;
    case 'YesNoCondition':
      return fields.yesNoValue === null ? null : unspell(fields.yesNoValue, spelling);
    case 'YesNoNotApplicableCondition':
      return fields.yesNoNotApplicableValue === null ? null : unspell(fields.yesNoNotApplicableValue, spelling);
    case 'NumberCondition':
      return fields.numberValue;
    case 'RangeCondition':
      return fields.rangeValue;
    case 'StringCondition':
      return fields.stringValue;
    case 'TimeCondition':
      return fields.timeValue;
    case 'DropdownCondition':
      return fields.dropdownValue;
    case 'MultiselectCondition':
      return fields.multiselectValue;
  }
}

/**
 * A recorded value as the save input types it: exactly the field of the condition's type, or null to
 * unmark (null, blank text, no choices, or a value of the wrong shape for the type).
 */
export function toValueInput<S extends Spelling = 'wire'>(
  type: ConditionType,
  value: ConditionValue,
  spelling: S = 'wire' as S,
): ConditionValueInputOf<S> | null {
  if (value === null) return null;
  switch (type) {
    case 'boolean':
      return typeof value === 'boolean' ? { boolean: value } : null;
    case 'yesno': {
      const answer = answerOf(value, ['yes', 'no']);
      return answer === null ? null : ({ yesNo: spell(answer, spelling) } as ConditionValueInputOf<S>);
    }
    case 'yesnonotapplicable': {
      const answer = answerOf(value, ['yes', 'no', 'na']);
      return answer === null ? null : ({ yesNoNotApplicable: spell(answer, spelling) } as ConditionValueInputOf<S>);
    }
    case 'number':
    case 'range': {
      const number = toFiniteNumber(typeof value === 'number' || typeof value === 'string' ? value : null);
      return number === null ? null : { number };
    }
    case 'string':
    case 'time':
    case 'dropdown':
      return typeof value === 'string' && value.trim() !== '' ? { text: value } : null;
    case 'multiselect': {
      const choices = chosenValues(value);
      return choices.length > 0 ? { choices } : null;
    }
  }
}

/**
 * The REST value PATCH /walkabout-data takes for a save input. No input, or no field set, unmarks (null);
 * more than one field set is the caller's mistake: undefined (see MORE_THAN_ONE_VALUE_MESSAGE).
 */
export function restValueOfInput(input: ConditionValueInputOf<Spelling> | null | undefined, spelling: Spelling): ConditionValue | undefined {
  if (!input) return null;
  const set = [input.boolean, input.yesNo, input.yesNoNotApplicable, input.number, input.text, input.choices].filter(
    (value) => value !== null && value !== undefined,
  );
  if (set.length > 1) return undefined;
  if (input.yesNo != null) return unspell(input.yesNo, spelling) ?? undefined;
  if (input.yesNoNotApplicable != null) return unspell(input.yesNoNotApplicable, spelling) ?? undefined;
  if (input.choices != null) return [...input.choices];
  return input.boolean ?? input.number ?? input.text ?? null;
}

export const MORE_THAN_ONE_VALUE_MESSAGE = 'Set exactly one value field of the condition (or none to unmark it).';
