import { describe, expect, it } from 'vitest';
import { restValueOfInput } from '@fsi/shared';
import type { ConditionResource } from '../../rest-types';
import { typedValue } from './condition-values';

function condition(attributes: Partial<ConditionResource['attributes']>): ConditionResource {
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
      isSatisfactory: null,
      isMarked: false,
      orderOnWalkabout: 1,
      typeValue: [],
      typeSatisfactoryValue: ['yes'],
      typeUnsatisfactoryValue: ['no'],
      typeRecordValue: [],
      rangeFrom: null,
      rangeTo: null,
      options: { disableUnsatisfactoryRemarks: false, disableUnsatisfactoryPhoto: false, makePhotoAndRemarksOptional: false, pattern: null },
      editedVia: null,
      editedAt: null,
      editorId: null,
      editorUsername: null,
      sectionId: 3,
      entryId: 2,
      taskId: 12,
      taskStatus: 'active',
      ...attributes,
    },
    relationships: {
      section: { data: { type: 'sections', id: '3' } },
      entry: { data: { type: 'entries', id: '2' } },
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
    expect(typedValue(condition({ conditionType: 'multiselect', value: 'Pin, Seal' }), 'MultiselectCondition')?.multiselectValue).toEqual([
      'Pin',
      'Seal',
    ]);
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
