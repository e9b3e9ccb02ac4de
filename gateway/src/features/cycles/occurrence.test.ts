import { describe, expect, it } from 'vitest';
import { occurrenceText } from './occurrence';

describe('cycle occurrence text', () => {
  it('reads Daily, Weekly, Monthly or Yearly when every is 1', () => {
    expect(occurrenceText('daily', 1)).toBe('Daily');
    expect(occurrenceText('weekly', 1)).toBe('Weekly');
    expect(occurrenceText('monthly', 1)).toBe('Monthly');
    expect(occurrenceText('yearly', 1)).toBe('Yearly');
  });

  it('reads Every N Days, Weeks, Months or Years otherwise', () => {
    expect(occurrenceText('daily', 3)).toBe('Every 3 Days');
    expect(occurrenceText('weekly', 2)).toBe('Every 2 Weeks');
    expect(occurrenceText('monthly', 6)).toBe('Every 6 Months');
    expect(occurrenceText('yearly', 10)).toBe('Every 10 Years');
  });

  it('reads On demand for a non-repeating cycle', () => {
    expect(occurrenceText(null, null)).toBe('On demand');
  });
});
