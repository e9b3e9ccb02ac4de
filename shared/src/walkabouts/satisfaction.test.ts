import { describe, expect, it } from 'vitest';
import {
  conditionSatisfaction,
  isConditionComplete,
  isConditionIncomplete,
  isConditionSatisfactory,
  isConditionUnsatisfactory,
  isEntryComplete,
  isEntryIncomplete,
  isEntrySatisfactory,
  isEntryUnsatisfactory,
  isFloorComplete,
  isFloorIncomplete,
  isFloorSatisfactory,
  isFloorUnsatisfactory,
  isSectionComplete,
  isSectionIncomplete,
  isSectionSatisfactory,
  isSectionUnsatisfactory,
  isTimeInput,
  matchesPattern,
  parseValueList,
  walkaboutResult,
} from './satisfaction';
import { condition, entry, floor, section } from './test-builders';

describe('satisfaction by condition type', () => {
  it('takes a boolean condition at its value', () => {
    expect(conditionSatisfaction(condition('boolean', true))).toBe('satisfactory');
    expect(conditionSatisfaction(condition('boolean', false))).toBe('unsatisfactory');
    expect(conditionSatisfaction(condition('boolean', null))).toBe('neutral');
  });

  it('marks a yes/no condition unsatisfactory only when the answer is no', () => {
    expect(conditionSatisfaction(condition('yesno', 'yes'))).toBe('satisfactory');
    expect(conditionSatisfaction(condition('yesno', 'no'))).toBe('unsatisfactory');
    expect(conditionSatisfaction(condition('yesno', null))).toBe('neutral');
  });

  it('treats not applicable and unanswered yes/no/na conditions as neutral', () => {
    expect(conditionSatisfaction(condition('yesnonotapplicable', 'na'))).toBe('neutral');
    expect(conditionSatisfaction(condition('yesnonotapplicable', null))).toBe('neutral');
    expect(conditionSatisfaction(condition('yesnonotapplicable', 'no'))).toBe('unsatisfactory');
    expect(conditionSatisfaction(condition('yesnonotapplicable', 'yes'))).toBe('satisfactory');
  });

  it('accepts a number condition when it is given and not zero', () => {
    expect(conditionSatisfaction(condition('number', 3))).toBe('satisfactory');
    expect(conditionSatisfaction(condition('number', '-1.5'))).toBe('satisfactory');
    expect(conditionSatisfaction(condition('number', 0))).toBe('unsatisfactory');
    expect(conditionSatisfaction(condition('number', '0'))).toBe('unsatisfactory');
    expect(conditionSatisfaction(condition('number', ''))).toBe('neutral');
  });

  it('accepts a range condition within its bounds, bounds included', () => {
    const bounded = { rangeFrom: 10, rangeTo: '20' };
    expect(conditionSatisfaction(condition('range', 10, bounded))).toBe('satisfactory');
    expect(conditionSatisfaction(condition('range', '20', bounded))).toBe('satisfactory');
    expect(conditionSatisfaction(condition('range', 9.9, bounded))).toBe('unsatisfactory');
    expect(conditionSatisfaction(condition('range', 21, bounded))).toBe('unsatisfactory');
  });

  it('leaves either bound of a range optional', () => {
    expect(conditionSatisfaction(condition('range', 1000, { rangeFrom: 50, rangeTo: null }))).toBe('satisfactory');
    expect(conditionSatisfaction(condition('range', 49, { rangeFrom: 50 }))).toBe('unsatisfactory');
    expect(conditionSatisfaction(condition('range', -3, { rangeTo: 0 }))).toBe('satisfactory');
    expect(conditionSatisfaction(condition('range', null, { rangeTo: 0 }))).toBe('neutral');
  });

  it('accepts a string condition that matches its satisfactory pattern case-insensitively', () => {
    const pattern = { typeSatisfactoryValue: 'ok|good' };
    expect(conditionSatisfaction(condition('string', 'GOOD', pattern))).toBe('satisfactory');
    expect(conditionSatisfaction(condition('string', 'not good', pattern))).toBe('unsatisfactory');
    expect(conditionSatisfaction(condition('string', '', pattern))).toBe('neutral');
  });

  it("prefers the condition's own pattern option to the task's satisfactory value", () => {
    const both = { typeSatisfactoryValue: 'green', options: { pattern: '^P\\d+$' } };
    expect(conditionSatisfaction(condition('string', 'p12', both))).toBe('satisfactory');
    expect(conditionSatisfaction(condition('string', 'green', both))).toBe('unsatisfactory');
  });

  it('accepts any answer to a string condition without a pattern, as recorded information', () => {
    expect(conditionSatisfaction(condition('string', 'Serial 4411-B'))).toBe('satisfactory');
  });

  it('accepts a dropdown answer that is one of the satisfactory values, whatever its case', () => {
    const dropdown = { typeValue: 'Good, Fair, Poor', typeSatisfactoryValue: 'Good, Fair' };
    expect(conditionSatisfaction(condition('dropdown', 'fair', dropdown))).toBe('satisfactory');
    expect(conditionSatisfaction(condition('dropdown', 'Poor', dropdown))).toBe('unsatisfactory');
  });

  it('treats a pattern that is not a valid expression as a list of accepted values', () => {
    expect(matchesPattern('a(b', 'a(b')).toBe(true);
    expect(matchesPattern('x', 'a(b')).toBe(false);
  });

  it('needs a valid HH:MM time in a time input', () => {
    const time = { options: { pattern: 'HH:MM' } };
    expect(isTimeInput(condition('string', null, time))).toBe(true);
    expect(conditionSatisfaction(condition('string', '07:45', time))).toBe('satisfactory');
    expect(conditionSatisfaction(condition('string', '24:10', time))).toBe('unsatisfactory');
    expect(conditionSatisfaction(condition('string', '7:45', time))).toBe('unsatisfactory');
    expect(isTimeInput(condition('dropdown', null, time))).toBe(false);
  });

  it('judges a time condition satisfactory once a valid HH:MM is given', () => {
    expect(isTimeInput(condition('time', null))).toBe(true);
    expect(conditionSatisfaction(condition('time', null))).toBe('neutral');
    expect(conditionSatisfaction(condition('time', '06:30'))).toBe('satisfactory');
    expect(conditionSatisfaction(condition('time', '06:30', { options: { pattern: 'HH:MM' } }))).toBe('satisfactory');
    expect(conditionSatisfaction(condition('time', '6:30'))).toBe('unsatisfactory');
  });

  it('narrows the accepted times of a time condition to its pattern when one other than HH:MM is set', () => {
    const morning = { options: { pattern: '0[6-9]:[0-5]\\d' } };
    expect(conditionSatisfaction(condition('time', '07:15', morning))).toBe('satisfactory');
    expect(conditionSatisfaction(condition('time', '13:15', morning))).toBe('unsatisfactory');
    expect(conditionSatisfaction(condition('time', '99:15', morning))).toBe('unsatisfactory');
  });

  describe('multiselect', () => {
    const task = {
      typeSatisfactoryValue: 'Pin in place, Tag current',
      typeUnsatisfactoryValue: ['Damaged'],
      typeRecordValue: 'Relocated\nRecharged',
    };

    it('is satisfactory when only record values are chosen', () => {
      expect(conditionSatisfaction(condition('multiselect', ['relocated', 'Recharged'], task))).toBe('satisfactory');
    });

    it('is unsatisfactory when any unsatisfactory value is chosen, even with every satisfactory one', () => {
      expect(conditionSatisfaction(condition('multiselect', ['Pin in place', 'Tag current', 'Damaged'], task))).toBe('unsatisfactory');
    });

    it('is satisfactory only when all satisfactory values are chosen', () => {
      expect(conditionSatisfaction(condition('multiselect', ['Pin in place', 'Tag current', 'Relocated'], task))).toBe('satisfactory');
      expect(conditionSatisfaction(condition('multiselect', ['Pin in place', 'Relocated'], task))).toBe('unsatisfactory');
    });

    it('is neutral when nothing is chosen', () => {
      expect(conditionSatisfaction(condition('multiselect', [], task))).toBe('neutral');
    });
  });
});

describe('derived flags of a condition', () => {
  it('counts any answer, not applicable included, as complete', () => {
    expect(isConditionComplete(condition('yesnonotapplicable', 'na'))).toBe(true);
    expect(isConditionIncomplete(condition('boolean', null))).toBe(true);
    expect(isConditionComplete(condition('string', '   '))).toBe(false);
  });

  it('is neither satisfactory nor unsatisfactory when neutral', () => {
    const na = condition('yesnonotapplicable', 'na');
    expect(isConditionSatisfactory(na)).toBe(false);
    expect(isConditionUnsatisfactory(na)).toBe(false);
  });
});

describe('derived flags of sections, entries and floors', () => {
  const good = condition('boolean', true, { id: 'good' });
  const bad = condition('yesno', 'no', { id: 'bad' });
  const open = condition('number', null, { id: 'open' });

  it('makes a section unsatisfactory when any condition is, answered or not', () => {
    expect(isSectionUnsatisfactory(section(good, bad, open))).toBe(true);
    expect(isSectionUnsatisfactory(section(good, open))).toBe(false);
  });

  it('makes a section complete only when all its conditions are', () => {
    expect(isSectionComplete(section(good, bad))).toBe(true);
    expect(isSectionIncomplete(section(good, open))).toBe(true);
  });

  it('makes a section satisfactory when complete with nothing unsatisfactory', () => {
    expect(isSectionSatisfactory(section(good, condition('yesnonotapplicable', 'na')))).toBe(true);
    expect(isSectionSatisfactory(section(good, open))).toBe(false);
    expect(isSectionSatisfactory(section(good, bad))).toBe(false);
  });

  it('carries the same rules up to the entry and the floor', () => {
    const done = entry([section(good), section(good)]);
    const failing = entry([section(good), section(bad)]);
    const unfinished = entry([section(good), section(open)]);
    expect([isEntrySatisfactory(done), isEntryUnsatisfactory(failing), isEntryIncomplete(unfinished)]).toEqual([true, true, true]);
    expect(isEntryComplete(failing)).toBe(true);
    expect(isFloorSatisfactory(floor(done, done))).toBe(true);
    expect(isFloorUnsatisfactory(floor(done, failing))).toBe(true);
    expect(isFloorIncomplete(floor(done, unfinished))).toBe(true);
    expect(isFloorComplete(floor(done, failing))).toBe(true);
  });

  it('sums a walkabout into completeness and an unsatisfactory count for the building badge', () => {
    expect(walkaboutResult([floor(entry([section(good, bad)])), floor(entry([section(bad)]))])).toEqual({
      isComplete: true,
      unsatisfactoryTotal: 2,
    });
    expect(walkaboutResult([floor(entry([section(good, open)]))])).toEqual({ isComplete: false, unsatisfactoryTotal: 0 });
  });
});

describe('value lists', () => {
  it('splits a stored list on commas and line breaks and drops blanks', () => {
    expect(parseValueList('a, b,,\nc ')).toEqual(['a', 'b', 'c']);
    expect(parseValueList([' a ', ''])).toEqual(['a']);
    expect(parseValueList(null)).toEqual([]);
  });
});
