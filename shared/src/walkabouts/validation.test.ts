import { describe, expect, it } from 'vitest';
import { HTML_TAGS_MESSAGE } from '../text-rule';
import { condition, entry, section } from './test-builders';
import type { ConditionDefinition } from './validation';
import {
  COMMENT_REQUIRED_MESSAGE,
  ENTRY_NOT_IN_WALKABOUT_MESSAGE,
  ENTRY_NOT_ON_FLOOR_MESSAGE,
  INCOMPLETE_TASKS_MESSAGE,
  INVALID_CONDITIONS_MESSAGE,
  INVALID_CONDITIONS_TITLE,
  INVALID_TASK_VALUES_MESSAGE,
  LOCATION_NOT_FOUND_MESSAGE,
  REASON_REQUIRED_MESSAGE,
  blocksFloorChange,
  checkConditionValue,
  firstInvalidCondition,
  invalidConditionsMessage,
  isConditionMissingEvidence,
  isEntryInvalid,
  isIsoDateTime,
  isUnavailableQrCodeSavable,
  parseQrCode,
  parseWalkaboutDataPayload,
  qrNotSupportedMessage,
  validateQrUnavailability,
} from './validation';

const scanned = { scannedAt: '2024-01-15T14:00:00Z' };

describe('invalid entries', () => {
  const bare = condition('yesno', 'no', { id: 'bare' });

  it('makes an unlocked entry invalid when an unsatisfactory condition lacks remarks and photo', () => {
    expect(isEntryInvalid(entry([section(condition('yesno', 'yes'), bare)], scanned))).toBe(true);
  });

  it('does not judge an entry that is still locked', () => {
    expect(isEntryInvalid(entry([section(bare)]))).toBe(false);
  });

  it('accepts remarks alone, a photo alone, or a photo picked but not uploaded yet', () => {
    expect(isConditionMissingEvidence(condition('yesno', 'no', { remarks: 'Blocked by boxes' }))).toBe(false);
    expect(isConditionMissingEvidence(condition('yesno', 'no', { photoUrl: '/files/a.jpg' }))).toBe(false);
    expect(isConditionMissingEvidence(condition('yesno', 'no', { photoFile: { name: 'a.jpg' } }))).toBe(false);
    expect(isConditionMissingEvidence(condition('yesno', 'no', { remarks: '   ' }))).toBe(true);
  });

  it('excuses a task that makes photo and remarks optional', () => {
    expect(isConditionMissingEvidence(condition('boolean', false, { options: { makePhotoAndRemarksOptional: true } }))).toBe(false);
  });

  it('excuses a task that disables both unsatisfactory remarks and photo, but not only one of them', () => {
    const both = { disableUnsatisfactoryRemarks: true, disableUnsatisfactoryPhoto: true };
    expect(isConditionMissingEvidence(condition('boolean', false, { options: both }))).toBe(false);
    expect(isConditionMissingEvidence(condition('boolean', false, { options: { disableUnsatisfactoryRemarks: true } }))).toBe(true);
  });

  it('finds the first invalid condition of the unlocked entries in display order', () => {
    const lockedInvalid = entry([section(condition('yesno', 'no', { id: 'locked' }))], { id: 'e1' });
    const valid = entry([section(condition('yesno', 'yes'))], { id: 'e2', ...scanned });
    const invalid = entry([section(condition('yesno', 'no', { id: 'first' }), condition('yesno', 'no', { id: 'second' }))], {
      id: 'e3',
      ...scanned,
    });
    const found = firstInvalidCondition([lockedInvalid, valid, invalid]);
    expect([found?.entry.id, found?.condition.id]).toEqual(['e3', 'first']);
    expect(firstInvalidCondition([lockedInvalid, valid])).toBeNull();
  });

  it('words the invalid-conditions message for completion, floor change and unlocking', () => {
    expect(INVALID_CONDITIONS_TITLE).toBe('Invalid Conditions');
    expect(invalidConditionsMessage('completion')).toBe(INVALID_CONDITIONS_MESSAGE);
    expect(invalidConditionsMessage('completion')).toContain('before the walkabout can be completed.');
    expect(invalidConditionsMessage('floorChange')).toContain('before the floor can be changed.');
    expect(invalidConditionsMessage('unlock')).toBe(
      'All unsatisfactory conditions must include either remarks or a photo before another entry can be unlocked. Please correct or unmark the unsatisfactory conditions.',
    );
    expect(INCOMPLETE_TASKS_MESSAGE).toBe('The tasks have not all been fully answered.');
  });
});

describe('unavailable QR codes', () => {
  it('is savable only with a reason, no error message and at least one entry', () => {
    expect(isUnavailableQrCodeSavable({ entryIds: ['1'], unavailabilityReason: 'missing' })).toBe(true);
    expect(isUnavailableQrCodeSavable({ entryIds: [], unavailabilityReason: 'missing' })).toBe(false);
    expect(isUnavailableQrCodeSavable({ entryIds: ['1'], unavailabilityReason: null })).toBe(false);
    expect(isUnavailableQrCodeSavable({ entryIds: ['1'], unavailabilityReason: 'unusable', errorMessage: 'Failed' })).toBe(false);
  });

  it('blocks a floor change while a flagged location carries an error message', () => {
    expect(blocksFloorChange({ entryIds: ['1'], unavailabilityReason: 'missing', errorMessage: 'Network error' })).toBe(true);
    expect(blocksFloorChange({ entryIds: ['1'], unavailabilityReason: 'missing', errorMessage: '' })).toBe(false);
  });

  it('requires a comment when access was denied', () => {
    expect(validateQrUnavailability({ kind: 'access_denied', comment: ' ' })).toEqual({ comment: COMMENT_REQUIRED_MESSAGE });
    expect(validateQrUnavailability({ kind: 'access_denied', comment: 'Tenant refused entry' })).toEqual({});
    expect(validateQrUnavailability({ kind: 'missing' })).toEqual({});
  });

  it('requires a known reason and passes the comment through the text rule', () => {
    expect(validateQrUnavailability({ kind: 'lost', comment: '<i>x</i>' })).toEqual({ kind: REASON_REQUIRED_MESSAGE });
    expect(validateQrUnavailability({ kind: 'unusable', comment: '<img src=x>' })).toEqual({ comment: HTML_TAGS_MESSAGE });
  });
});

describe('scanned QR codes', () => {
  const uuid = '3f2b8c1e-9a4d-4e6f-8b21-0c5d7e9f1a2b';

  it('reads the uuid of a universal link from any host and in any letter case', () => {
    expect(parseQrCode(`https://inspect.example.com/q/${uuid}`)).toBe(uuid);
    expect(parseQrCode(`HTTP://LOCALHOST:4000/Q/${uuid.toUpperCase()}`)).toBe(uuid);
    expect(parseQrCode(`  https://old-host.example.org/q/${uuid}/ \n`)).toBe(uuid);
  });

  it('refuses any other text', () => {
    expect(parseQrCode(uuid)).toBeNull();
    expect(parseQrCode(`https://example.com/locations/${uuid}`)).toBeNull();
    expect(parseQrCode(`https://example.com/q/${uuid}?x=1`)).toBeNull();
    expect(parseQrCode('https://example.com/q/not-a-uuid')).toBeNull();
    expect(parseQrCode('WIFI:S:guest;;')).toBeNull();
  });

  it('words the scan messages as the specification does', () => {
    expect(qrNotSupportedMessage('WIFI:S:guest;;')).toBe('QR code not supported. The QR code contained: WIFI:S:guest;;');
    expect(LOCATION_NOT_FOUND_MESSAGE).toBe('Location scanned not found');
    expect(ENTRY_NOT_IN_WALKABOUT_MESSAGE).toBe('Entry scanned not included in this walkabout.');
    expect(ENTRY_NOT_ON_FLOOR_MESSAGE).toBe('Entry is not on the current floor.');
  });
});

describe('condition values in a save', () => {
  const check = (definition: ConditionDefinition, value: unknown) => checkConditionValue(value, definition);

  it('accepts null for every type, as unmarking', () => {
    expect(check({ type: 'multiselect' }, null)).toEqual({ value: null });
    expect(check({ type: 'boolean' }, undefined)).toEqual({ value: null });
  });

  it('accepts only true or false for a boolean', () => {
    expect(check({ type: 'boolean' }, false)).toEqual({ value: false });
    expect(check({ type: 'boolean' }, 'true')).toEqual({ error: 'Value must be true or false' });
  });

  it("accepts yes and no for yes/no, and na only for yes/no/na", () => {
    expect(check({ type: 'yesno' }, 'no')).toEqual({ value: 'no' });
    expect(check({ type: 'yesno' }, 'na')).toHaveProperty('error');
    expect(check({ type: 'yesnonotapplicable' }, 'na')).toEqual({ value: 'na' });
  });

  it('accepts a time condition only as a valid HH:MM time, trimmed', () => {
    expect(check({ type: 'time' }, ' 07:45 ')).toEqual({ value: '07:45' });
    expect(check({ type: 'time', options: { pattern: 'HH:MM' } }, '23:59')).toEqual({ value: '23:59' });
    expect(check({ type: 'time' }, '7:45')).toEqual({ error: 'Value must be a time written HH:MM' });
    expect(check({ type: 'time' }, '24:00')).toEqual({ error: 'Value must be a time written HH:MM' });
    expect(check({ type: 'time' }, 745)).toEqual({ error: 'Value must be a time written HH:MM' });
    expect(check({ type: 'time' }, '')).toEqual({ value: null });
  });

  it('turns numeric text into a number for number and range, and refuses other text', () => {
    expect(check({ type: 'number' }, '12.5')).toEqual({ value: 12.5 });
    expect(check({ type: 'range' }, 7)).toEqual({ value: 7 });
    expect(check({ type: 'number' }, 'twelve')).toEqual({ error: 'Value must be a number' });
  });

  it('passes string answers through the text rule and trims them', () => {
    expect(check({ type: 'string' }, '  Serial 44 ')).toEqual({ value: 'Serial 44' });
    expect(check({ type: 'string' }, '<script>x</script>')).toEqual({ error: HTML_TAGS_MESSAGE });
    expect(check({ type: 'string' }, 'x'.repeat(513))).toHaveProperty('error');
  });

  it('needs HH:MM in a time input', () => {
    expect(check({ type: 'string', options: { pattern: 'HH:MM' } }, '23:59')).toEqual({ value: '23:59' });
    expect(check({ type: 'string', options: { pattern: 'HH:MM' } }, 'noon')).toEqual({ error: 'Value must be a time written HH:MM' });
  });

  it("accepts a dropdown answer among the task's values in the task's spelling", () => {
    expect(check({ type: 'dropdown', typeValue: 'Good, Fair, Poor' }, 'fair')).toEqual({ value: 'Fair' });
    expect(check({ type: 'dropdown', typeValue: 'Good, Fair, Poor' }, 'Great')).toHaveProperty('error');
    expect(check({ type: 'dropdown', typeValue: '' }, 'Good')).toEqual({ error: INVALID_TASK_VALUES_MESSAGE });
  });

  it('accepts a multiselect list of task values, each once', () => {
    const task: ConditionDefinition = { type: 'multiselect', typeSatisfactoryValue: 'A, B', typeRecordValue: ['C'] };
    expect(check(task, ['a', 'C', 'A'])).toEqual({ value: ['A', 'C'] });
    expect(check(task, [])).toEqual({ value: null });
    expect(check(task, ['D'])).toEqual({ error: "'D' is not a value of this task" });
    expect(check(task, 'A')).toHaveProperty('error');
  });
});

describe('the PATCH /walkabout-data payload', () => {
  const definitions = new Map<string, ConditionDefinition>([
    ['11', { type: 'yesno' }],
    ['12', { type: 'number' }],
  ]);
  const definitionOf = (id: string) => definitions.get(id);

  it('normalizes a valid save', () => {
    const result = parseWalkaboutDataPayload(
      {
        generateReport: true,
        walkaboutToUpdateId: 7,
        data: {
          entries: [{ id: '3', scannedAt: '2024-01-15T14:00:00.000Z' }],
          conditions: [
            { id: 11, value: 'no', remarks: 'Door <b>wedged</b> open', photoUrl: '/files/a.jpg', photoMimetype: 'IMAGE/JPEG', editedVia: 'tap', editedAt: '2024-01-15T14:01:00-05:00' },
            { id: '12', value: '4', remarks: '  ' },
          ],
        },
      },
      definitionOf,
    );
    expect(result).toEqual({
      ok: true,
      payload: {
        generateReport: true,
        walkaboutToUpdateId: '7',
        data: {
          entries: [{ id: '3', scannedAt: '2024-01-15T14:00:00.000Z' }],
          conditions: [
            { id: '11', value: 'no', remarks: 'Door <b>wedged</b> open', photoUrl: '/files/a.jpg', photoMimetype: 'image/jpeg', editedVia: 'tap', editedAt: '2024-01-15T14:01:00-05:00' },
            { id: '12', value: 4, remarks: null, photoUrl: null, photoMimetype: null, editedVia: null, editedAt: null },
          ],
        },
      },
    });
  });

  it('points at each mistake with a JSON pointer', () => {
    const result = parseWalkaboutDataPayload(
      {
        walkaboutToUpdateId: 'seven',
        generateReport: 'yes',
        data: {
          entries: [{ id: 3, scannedAt: '2024-01-15 14:00' }],
          conditions: [
            { id: 11, value: 'maybe', remarks: 'Broken 💥' },
            { id: 99, value: 'yes' },
            { id: 12, value: 1, photoUrl: 'javascript:alert(1)', photoMimetype: 'application/pdf' },
          ],
        },
      },
      definitionOf,
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map((error) => error.pointer)).toEqual([
      '/walkaboutToUpdateId',
      '/generateReport',
      '/data/entries/0/scannedAt',
      '/data/conditions/0/value',
      '/data/conditions/0/remarks',
      '/data/conditions/1/id',
      '/data/conditions/2/photoUrl',
      '/data/conditions/2/photoMimetype',
    ]);
    expect(result.errors.find((error) => error.pointer === '/data/conditions/0/remarks')?.detail).toBe('String contains invalid characters');
  });

  it('refuses the same condition twice in one save', () => {
    const result = parseWalkaboutDataPayload(
      { walkaboutToUpdateId: '7', data: { conditions: [{ id: 11, value: 'yes' }, { id: '11', value: 'no' }] } },
      definitionOf,
    );
    expect(result).toEqual({ ok: false, errors: [{ pointer: '/data/conditions', detail: '11 is listed twice in one save' }] });
  });

  it('refuses a body that is not an object and lists that are not lists', () => {
    expect(parseWalkaboutDataPayload('[]', definitionOf)).toEqual({ ok: false, errors: [{ pointer: '', detail: 'Must be an object' }] });
    const result = parseWalkaboutDataPayload({ walkaboutToUpdateId: 1, data: { conditions: {} } }, definitionOf);
    expect(result).toEqual({ ok: false, errors: [{ pointer: '/data/conditions', detail: 'Must be a list' }] });
  });

  it('accepts a save with nothing in it, which the route answers as no change', () => {
    expect(parseWalkaboutDataPayload({ walkaboutToUpdateId: 1 }, definitionOf)).toEqual({
      ok: true,
      payload: { generateReport: false, walkaboutToUpdateId: '1', data: { entries: [], conditions: [] } },
    });
  });

  it('accepts date-times only with an offset', () => {
    expect(isIsoDateTime('2024-01-15T14:00:00Z')).toBe(true);
    expect(isIsoDateTime('2024-01-15T14:00:00.123+0530')).toBe(true);
    expect(isIsoDateTime('2024-01-15T14:00:00')).toBe(false);
    expect(isIsoDateTime('2024-13-45T14:00:00Z')).toBe(false);
  });
});
