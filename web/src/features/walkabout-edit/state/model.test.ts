import { describe, expect, it } from 'vitest';
import type { ConditionRow_ConditionFragment } from '../components/ConditionRow.generated';
import { aCondition } from '../testData';
import { applyDraft, toConditionInfo, toDraft, toSharedCondition } from './model';

const fragment = (input: Parameters<typeof aCondition>[0]) => aCondition(input) as unknown as ConditionRow_ConditionFragment;

describe('The walkabout edit model', () => {
  it.each([
    ['BOOLEAN', true, 'boolean', true],
    ['YESNO', 'NO', 'yesno', 'no'],
    ['YESNONOTAPPLICABLE', 'NA', 'yesnonotapplicable', 'na'],
    ['NUMBER', 4, 'number', 4],
    ['RANGE', 7.5, 'range', 7.5],
    ['STRING', 'Clear', 'string', 'Clear'],
    ['TIME', '14:30', 'time', '14:30'],
    ['DROPDOWN', 'Red', 'dropdown', 'Red'],
    ['MULTISELECT', ['A'], 'multiselect', ['A']],
  ] as const)('reads a %s condition as the shared rules see it', (type, value, sharedType, sharedValue) => {
    expect(toSharedCondition(fragment({ id: '1', label: 'Door', type, value }))).toMatchObject({ id: '1', type: sharedType, value: sharedValue });
  });

  it('reads an unmarked condition as null', () => {
    expect(toSharedCondition(fragment({ id: '1', label: 'Door', type: 'YESNO', value: null })).value).toBeNull();
  });

  it('keeps what the rules judge a value by: bounds, choices and satisfactory values', () => {
    expect(toSharedCondition(fragment({ id: '1', label: 'Pressure', type: 'RANGE', value: 3, rangeFrom: 1, rangeTo: 5 }))).toMatchObject({ rangeFrom: 1, rangeTo: 5 });
    expect(
      toSharedCondition(
        fragment({ id: '2', label: 'Tags', type: 'MULTISELECT', value: ['A'], choices: ['A', 'B'], satisfactoryValues: ['A'], unsatisfactoryValues: ['B'], recordValues: [] }),
      ),
    ).toMatchObject({ typeValue: ['A', 'B'], typeSatisfactoryValue: ['A'], typeUnsatisfactoryValue: ['B'], typeRecordValue: [] });
    expect(toSharedCondition(fragment({ id: '3', label: 'Sign', type: 'STRING', value: 'Exit', satisfactoryValues: ['Exit'] }))).toMatchObject({
      typeSatisfactoryValue: ['Exit'],
    });
  });

  it('describes a row with its choices and bounds where its type has them', () => {
    expect(toConditionInfo(fragment({ id: '1', label: 'Colour', type: 'DROPDOWN', value: null, choices: ['Red'] }), 'e1', 's1')).toMatchObject({
      id: '1',
      entryId: 'e1',
      sectionId: 's1',
      kind: 'DROPDOWN',
      choices: ['Red'],
      rangeFrom: null,
      rangeTo: null,
    });
    expect(toConditionInfo(fragment({ id: '2', label: 'Door', value: null }), 'e1', 's1')).toMatchObject({ kind: 'BOOLEAN', choices: [] });
  });

  it('makes a draft of the editable fields and lays it over the server condition', () => {
    const server = toSharedCondition(fragment({ id: '1', label: 'Door', value: true, remarks: 'Fine' }));
    const draft = toDraft('BOOLEAN', { ...server, value: false, remarks: 'Wedged open' }, 'p1', 'tap', '2026-03-02T10:00:00.000Z');
    expect(draft).toEqual({
      id: '1',
      kind: 'BOOLEAN',
      value: false,
      remarks: 'Wedged open',
      photoUrl: null,
      photoMimetype: null,
      photoId: 'p1',
      hasSatisfactoryRemarks: false,
      editedVia: 'tap',
      editedAt: '2026-03-02T10:00:00.000Z',
    });
    const photo = new Blob(['jpeg']);
    expect(applyDraft(server, draft, photo)).toMatchObject({ id: '1', label: 'Door', value: false, remarks: 'Wedged open', photoFile: photo, editedVia: 'tap' });
  });
});
