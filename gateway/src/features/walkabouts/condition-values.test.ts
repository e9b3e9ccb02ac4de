import { describe, expect, it } from 'vitest';
import type { ConditionAttributes, ConditionResource } from './resources';
import {
  booleanValue,
  conditionTypeName,
  isMarked,
  isSatisfactory,
  multiselectValue,
  numberValue,
  restValue,
  textValue,
  yesNoNotApplicableValue,
  yesNoValue,
} from './condition-values';

function condition(attributes: Partial<ConditionAttributes>): ConditionResource {
  return {
    type: 'conditions',
    id: '7',
    attributes: {
      label: 'Gauge',
      conditionType: 'yesno',
      classification: null,
      description: null,
      hint: null,
      referenceName: null,
      referenceWording: null,
      value: null,
      remarks: null,
      photoUrl: null,
      photoMimetype: null,
      hasSatisfactoryRemarks: false,
      orderOnWalkabout: 1,
      typeValue: [],
      typeSatisfactoryValue: ['yes'],
      typeUnsatisfactoryValue: ['no'],
      typeRecordValue: [],
      rangeFrom: null,
      rangeTo: null,
      options: {},
      editedVia: null,
      editedAt: null,
      editorId: null,
      editorUsername: null,
      ...attributes,
    },
  };
}

describe('typed condition values', () => {
  it('names the GraphQL type of each REST condition type', () => {
    expect(conditionTypeName(condition({ conditionType: 'yesnonotapplicable' }))).toBe('YesNoNotApplicableCondition');
    expect(conditionTypeName(condition({ conditionType: 'multiselect' }))).toBe('MultiselectCondition');
    expect(conditionTypeName(condition({ conditionType: 'time' }))).toBe('TimeCondition');
  });

  it("reads each type's value, and null for a value of another shape", () => {
    expect(booleanValue(false)).toBe(false);
    expect(booleanValue('yes')).toBeNull();
    expect(yesNoValue('no')).toBe('no');
    expect(yesNoValue('na')).toBeNull();
    expect(yesNoNotApplicableValue('na')).toBe('na');
    expect(numberValue(27.5)).toBe(27.5);
    expect(numberValue('12')).toBe(12);
    expect(numberValue(true)).toBeNull();
    expect(textValue('14:30')).toBe('14:30');
    expect(textValue(3)).toBeNull();
    expect(multiselectValue(['Normal', 'Trouble'])).toEqual(['Normal', 'Trouble']);
    expect(multiselectValue('Normal, Trouble')).toEqual(['Normal', 'Trouble']);
    expect(multiselectValue(null)).toBeNull();
  });

  it("keeps the backend's judgement, and judges by the shared rule when it sends none", () => {
    expect(isSatisfactory(condition({ value: 'no', isSatisfactory: true }))).toBe(true);
    expect(isSatisfactory(condition({ value: 'no' }))).toBe(false);
    expect(isSatisfactory(condition({ value: 'yes' }))).toBe(true);
    expect(isSatisfactory(condition({ value: null }))).toBeNull();
    expect(isMarked(condition({ value: 'yes' }))).toBe(true);
    expect(isMarked(condition({ value: null }))).toBe(false);
    expect(isMarked(condition({ value: null, isMarked: true }))).toBe(true);
  });
});

describe('the REST value of a ConditionValueInput', () => {
  it('is the one field that is set, or null to unmark', () => {
    expect(restValue({ boolean: false })).toBe(false);
    expect(restValue({ yesNo: 'yes' })).toBe('yes');
    expect(restValue({ yesNoNotApplicable: 'na' })).toBe('na');
    expect(restValue({ number: 0 })).toBe(0);
    expect(restValue({ text: '' })).toBe('');
    expect(restValue({ choices: ['A', 'B'] })).toEqual(['A', 'B']);
    expect(restValue({ text: null, number: 4 })).toBe(4);
    expect(restValue({})).toBeNull();
    expect(restValue(null)).toBeNull();
  });

  it('is undefined (a mistake) when more than one field is set', () => {
    expect(restValue({ boolean: true, text: 'yes' })).toBeUndefined();
  });
});
