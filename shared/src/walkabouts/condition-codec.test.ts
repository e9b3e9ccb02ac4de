import { describe, expect, it } from 'vitest';
import {
  CONDITION_TYPE_FROM_WIRE,
  CONDITION_TYPE_WIRE,
  CONDITION_TYPENAMES,
  restValueOfInput,
  toValueInput,
  typedConditionFields,
  valueOfTypedFields,
} from './condition-codec';
import { CONDITION_TYPES, type ConditionType, type ConditionValue } from './types';

/** A marked value of each type, as REST stores it, and the typed field a GraphQL client reads. */
const cases: { type: ConditionType; rest: ConditionValue; field: Record<string, unknown>; input: Record<string, unknown> }[] = [
  { type: 'boolean', rest: false, field: { booleanValue: false }, input: { boolean: false } },
  { type: 'yesno', rest: 'no', field: { yesNoValue: 'NO' }, input: { yesNo: 'NO' } },
  { type: 'yesnonotapplicable', rest: 'na', field: { yesNoNotApplicableValue: 'NA' }, input: { yesNoNotApplicable: 'NA' } },
  { type: 'number', rest: 0, field: { numberValue: 0 }, input: { number: 0 } },
  { type: 'range', rest: 12.5, field: { rangeValue: 12.5 }, input: { number: 12.5 } },
  { type: 'string', rest: 'Gauge in green', field: { stringValue: 'Gauge in green' }, input: { text: 'Gauge in green' } },
  { type: 'time', rest: '07:45', field: { timeValue: '07:45' }, input: { text: '07:45' } },
  { type: 'dropdown', rest: 'Charged', field: { dropdownValue: 'Charged' }, input: { text: 'Charged' } },
  { type: 'multiselect', rest: ['Pin', 'Seal'], field: { multiselectValue: ['Pin', 'Seal'] }, input: { choices: ['Pin', 'Seal'] } },
];

describe('the condition codec', () => {
  it('has a case for every condition type', () => {
    expect(cases.map((c) => c.type).sort()).toEqual([...CONDITION_TYPES].sort());
  });

  describe.each(cases)('a $type condition', ({ type, rest, field, input }) => {
    it('goes REST → typed GraphQL field → shared value → save input → REST unchanged', () => {
      const typed = typedConditionFields(type, rest);
      expect(typed).toEqual({ __typename: CONDITION_TYPENAMES[type], ...field });
      const value = valueOfTypedFields(typed);
      expect(value).toEqual(rest);
      const saveInput = toValueInput(type, value);
      expect(saveInput).toEqual(input);
      expect(restValueOfInput(saveInput, 'wire')).toEqual(rest);
    });

    it('reads and writes the REST spelling inside the gateway', () => {
      const typed = typedConditionFields(type, rest, 'rest');
      expect(valueOfTypedFields(typed, 'rest')).toEqual(rest);
      expect(restValueOfInput(toValueInput(type, rest, 'rest'), 'rest')).toEqual(rest);
    });

    it('reads an unmarked value as null everywhere', () => {
      const typed = typedConditionFields(type, null);
      expect(valueOfTypedFields(typed)).toBeNull();
      expect(toValueInput(type, null)).toBeNull();
      expect(restValueOfInput(null, 'wire')).toBeNull();
    });

    it('spells its type as the GraphQL enum and back', () => {
      expect(CONDITION_TYPE_FROM_WIRE[CONDITION_TYPE_WIRE[type]]).toBe(type);
    });
  });

  it('reads a numeric text of a number condition as its number, and other text as unmarked', () => {
    expect(typedConditionFields('number', '4.5')).toEqual({ __typename: 'NumberCondition', numberValue: 4.5 });
    expect(typedConditionFields('number', 'four')).toEqual({ __typename: 'NumberCondition', numberValue: null });
    expect(toValueInput('range', '7')).toEqual({ number: 7 });
  });

  it('reads a value of the wrong shape for its type as unmarked', () => {
    expect(typedConditionFields('boolean', 'yes')).toEqual({ __typename: 'BooleanCondition', booleanValue: null });
    expect(typedConditionFields('yesno', 'na')).toEqual({ __typename: 'YesNoCondition', yesNoValue: null });
    expect(toValueInput('yesno', 'na')).toBeNull();
    expect(toValueInput('string', '   ')).toBeNull();
    expect(toValueInput('multiselect', [])).toBeNull();
  });

  it('reads a multiselect stored as one text as its chosen values', () => {
    expect(typedConditionFields('multiselect', 'Pin, Seal')).toEqual({ __typename: 'MultiselectCondition', multiselectValue: ['Pin', 'Seal'] });
  });

  it('refuses a save input with more than one field set', () => {
    expect(restValueOfInput({ boolean: true, text: 'yes' }, 'wire')).toBeUndefined();
    expect(restValueOfInput({ boolean: null, text: 'ok' }, 'wire')).toBe('ok');
    expect(restValueOfInput({}, 'wire')).toBeNull();
  });
});
