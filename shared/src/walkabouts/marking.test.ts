import { describe, expect, it } from 'vitest';
import {
  addNotes,
  applyConditionAction,
  conditionActions,
  nextTapValue,
  removeNotes,
  setConditionValue,
  showsPhoto,
  showsRemarks,
  tapCondition,
  unmarkCondition,
} from './marking';
import { condition } from './test-builders';

const evidence = { remarks: 'Pin missing', photoUrl: '/files/p.jpg', photoMimetype: 'image/jpeg' };

describe('the tap cycle', () => {
  it('toggles a boolean from unmarked to satisfactory, unsatisfactory and back', () => {
    const first = tapCondition(condition('boolean', null));
    const second = tapCondition(first);
    expect([first.value, second.value, tapCondition(second).value]).toEqual([true, false, true]);
  });

  it('cycles a yes/no condition through yes and no', () => {
    expect(nextTapValue({ type: 'yesno', value: null })).toBe('yes');
    expect(nextTapValue({ type: 'yesno', value: 'yes' })).toBe('no');
    expect(nextTapValue({ type: 'yesno', value: 'no' })).toBe('yes');
  });

  it('starts a yes/no/na condition answered not applicable again at yes', () => {
    expect(nextTapValue({ type: 'yesnonotapplicable', value: 'na' })).toBe('yes');
    expect(nextTapValue({ type: 'yesnonotapplicable', value: 'yes' })).toBe('no');
  });

  it('leaves conditions answered through an input untouched by a tap', () => {
    const number = condition('number', 4);
    expect(tapCondition(number)).toBe(number);
  });

  it('keeps remarks and photo when a tap makes the condition unsatisfactory', () => {
    expect(tapCondition(condition('boolean', true, { remarks: 'Fine' })).remarks).toBe('Fine');
  });
});

describe('marking satisfactory', () => {
  it('clears remarks and photo when satisfactory remarks are not allowed', () => {
    const marked = tapCondition(condition('boolean', false, evidence));
    expect(marked).toMatchObject({ value: true, remarks: null, photoUrl: null, photoMimetype: null });
  });

  it('keeps remarks and photo when notes were added', () => {
    const marked = setConditionValue(condition('yesno', 'no', { ...evidence, hasSatisfactoryRemarks: true }), 'yes');
    expect(marked).toMatchObject({ value: 'yes', remarks: 'Pin missing', photoUrl: '/files/p.jpg' });
  });

  it('applies the same rule to a value typed into an input', () => {
    expect(setConditionValue(condition('number', 0, evidence), 5)).toMatchObject({ value: 5, remarks: null });
    expect(setConditionValue(condition('number', 3, evidence), 0)).toMatchObject({ value: 0, remarks: 'Pin missing' });
  });
});

describe('the action sheet', () => {
  it('unmarks by clearing value, remarks and photo and turning notes off', () => {
    const unmarked = unmarkCondition(condition('yesno', 'no', { ...evidence, hasSatisfactoryRemarks: true }));
    expect(unmarked).toMatchObject({ value: null, remarks: null, photoUrl: null, photoMimetype: null, hasSatisfactoryRemarks: false });
  });

  it('offers Unmark and Add Notes on a satisfactory condition without remarks', () => {
    expect(conditionActions(condition('boolean', true))).toEqual(['unmark', 'addNotes']);
  });

  it('offers Unmark and Remove Notes on a satisfactory condition with remarks or a photo', () => {
    expect(conditionActions(condition('boolean', true, { hasSatisfactoryRemarks: true, remarks: 'Repainted' }))).toEqual([
      'unmark',
      'removeNotes',
    ]);
    expect(conditionActions(condition('boolean', true, { hasSatisfactoryRemarks: true, photoUrl: '/files/door.jpg' }))).toEqual([
      'unmark',
      'removeNotes',
    ]);
  });

  it('offers neither Add nor Remove Notes on a satisfactory condition whose notes are allowed but empty', () => {
    expect(conditionActions(condition('boolean', true, { hasSatisfactoryRemarks: true }))).toEqual(['unmark']);
    expect(conditionActions(condition('boolean', true, { hasSatisfactoryRemarks: true, remarks: '   ' }))).toEqual(['unmark']);
  });

  it('offers only Unmark on an unsatisfactory condition, and nothing on an unmarked one', () => {
    expect(conditionActions(condition('yesno', 'no'))).toEqual(['unmark']);
    expect(conditionActions(condition('yesno', null))).toEqual([]);
  });

  it('turns satisfactory remarks on with Add Notes, only where it is offered', () => {
    expect(addNotes(condition('boolean', true)).hasSatisfactoryRemarks).toBe(true);
    const unsatisfactory = condition('boolean', false);
    expect(addNotes(unsatisfactory)).toBe(unsatisfactory);
  });

  it('clears remarks and photo with Remove Notes, and nothing else', () => {
    const noted = condition('boolean', true, { ...evidence, hasSatisfactoryRemarks: true });
    const removed = applyConditionAction(noted, 'removeNotes');
    expect(removed).toEqual({ ...noted, remarks: null, photoUrl: null, photoMimetype: null, photoFile: null });
    expect(removed.hasSatisfactoryRemarks).toBe(true);
    expect(conditionActions(removed)).toEqual(['unmark']);
    const unsatisfactory = condition('boolean', false, evidence);
    expect(removeNotes(unsatisfactory)).toBe(unsatisfactory);
  });

  it('applies each action by its name', () => {
    expect(applyConditionAction(condition('boolean', true), 'addNotes').hasSatisfactoryRemarks).toBe(true);
    expect(applyConditionAction(condition('boolean', true), 'unmark').value).toBeNull();
  });
});

describe('whether remarks and photo show', () => {
  it('shows them on an unsatisfactory condition', () => {
    expect(showsRemarks(condition('yesno', 'no'))).toBe(true);
    expect(showsPhoto(condition('yesno', 'no'))).toBe(true);
  });

  it('shows them on a satisfactory condition only when satisfactory remarks are allowed', () => {
    expect(showsRemarks(condition('yesno', 'yes'))).toBe(false);
    expect(showsRemarks(condition('yesno', 'yes', { hasSatisfactoryRemarks: true }))).toBe(true);
    expect(showsPhoto(condition('yesno', 'yes', { hasSatisfactoryRemarks: true }))).toBe(true);
  });

  it('hides the remarks or the photo of an unsatisfactory condition where the task disables it', () => {
    const options = { disableUnsatisfactoryRemarks: true, disableUnsatisfactoryPhoto: false };
    expect(showsRemarks(condition('boolean', false, { options }))).toBe(false);
    expect(showsPhoto(condition('boolean', false, { options }))).toBe(true);
  });

  it('shows neither on an unmarked or not applicable condition', () => {
    expect(showsRemarks(condition('yesnonotapplicable', 'na', { hasSatisfactoryRemarks: true }))).toBe(false);
    expect(showsRemarks(condition('boolean', null))).toBe(false);
  });
});
