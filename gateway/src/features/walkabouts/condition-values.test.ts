import { describe, expect, it } from 'vitest';
import { restValueOfInput } from '@fsi/shared';
import type { ConditionAttributes, ConditionResource } from './resources';
import { isMarked, isSatisfactory, typedValue } from './condition-values';

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

describe('typed condition values inside the gateway', () => {
  it('reads the typed field of the condition type in the REST spelling the enum resolvers expect', () => {
    expect(typedValue(condition({ value: 'no' }), 'YesNoCondition')).toEqual({ __typename: 'YesNoCondition', yesNoValue: 'no' });
    expect(typedValue(condition({ conditionType: 'yesnonotapplicable', value: 'na' }), 'YesNoNotApplicableCondition')).toEqual({
      __typename: 'YesNoNotApplicableCondition',
      yesNoNotApplicableValue: 'na',
    });
    expect(typedValue(condition({ conditionType: 'number', value: '12' }), 'NumberCondition')?.numberValue).toBe(12);
  });

  it('reads nothing for a condition of another type', () => {
    expect(typedValue(condition({ value: 'yes' }), 'BooleanCondition')).toBeNull();
  });

  it('takes the REST value of a save input whose enums carry the REST spelling', () => {
    expect(restValueOfInput({ yesNo: 'yes' }, 'rest')).toBe('yes');
    expect(restValueOfInput({ yesNoNotApplicable: 'na' }, 'rest')).toBe('na');
    expect(restValueOfInput({ number: 0 }, 'rest')).toBe(0);
    expect(restValueOfInput({ text: '' }, 'rest')).toBe('');
    expect(restValueOfInput({ yesNo: 'YES' }, 'rest')).toBeUndefined();
  });
});

describe('satisfaction and marking', () => {
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
