import { describe, expect, it } from 'vitest';
import { toConditionSaveInput, valueInputOf, type ConditionDraft } from './drafts';

describe('A draft as the save input', () => {
  it.each([
    ['BOOLEAN', false, { boolean: false }],
    ['YESNO', 'yes', { yesNo: 'YES' }],
    ['YESNONOTAPPLICABLE', 'na', { yesNoNotApplicable: 'NA' }],
    ['NUMBER', '12.5', { number: 12.5 }],
    ['RANGE', 3, { number: 3 }],
    ['STRING', 'Clear', { text: 'Clear' }],
    ['TIME', '14:30', { text: '14:30' }],
    ['DROPDOWN', 'Red', { text: 'Red' }],
    ['MULTISELECT', ['A', 'B'], { choices: ['A', 'B'] }],
  ] as const)('sends a %s value as the field of its type', (kind, value, input) => {
    expect(valueInputOf(kind, value)).toEqual(input);
  });

  it.each([
    ['BOOLEAN', null],
    ['YESNO', 'na'],
    ['NUMBER', 'twelve'],
    ['STRING', '   '],
    ['MULTISELECT', []],
  ] as const)('unmarks a %s condition whose value is %j', (kind, value) => {
    expect(valueInputOf(kind, value)).toBeNull();
  });

  it('sends the photo address it is given, with its type only when there is one', () => {
    const draft: ConditionDraft = {
      id: '1',
      kind: 'BOOLEAN',
      value: false,
      remarks: 'Door wedged open',
      photoUrl: null,
      photoMimetype: 'image/jpeg',
      photoId: 'p1',
      hasSatisfactoryRemarks: false,
      editedVia: 'tap',
      editedAt: '2026-03-02T10:00:00.000Z',
    };
    expect(toConditionSaveInput(draft, '/files/p1.jpg')).toEqual({
      id: '1',
      value: { boolean: false },
      remarks: 'Door wedged open',
      photoUrl: '/files/p1.jpg',
      photoMimetype: 'image/jpeg',
      hasSatisfactoryRemarks: false,
      editedVia: 'tap',
      editedAt: '2026-03-02T10:00:00.000Z',
    });
    expect(toConditionSaveInput(draft, null)).toMatchObject({ photoUrl: null, photoMimetype: null });
  });
});
