import { describe, expect, it } from 'vitest';
import type { Frequency } from '../constants';
import {
  compareWalkaboutsForList,
  cycleHint,
  everyOptions,
  formatDisplayDate,
  isEveryAllowed,
  isWalkaboutClosed,
  isLocked,
  isWalkaboutOpen,
  occurrenceText,
  walkaboutDateLabel,
  walkaboutSavedMessage,
  walkaboutState,
  walkaboutTitle,
  type WalkaboutListKey,
} from './labels';
import type { Walkabout } from './types';

const now = '2024-01-15T12:00:00.000Z';
const walkabout = (changes: Partial<Walkabout>): Walkabout => ({
  id: '1',
  openedAt: '2024-01-15T05:00:00.000Z',
  lockedAt: '2024-01-16T05:00:00.000Z',
  closedAt: null,
  ...changes,
});

describe('walkabout state', () => {
  it('is open when opened in the past, locking in the future and not closed', () => {
    expect(walkaboutState(walkabout({}), now)).toBe('open');
    expect(isWalkaboutOpen(walkabout({ closedAt: '2024-01-15T13:00:00.000Z' }), now)).toBe(true);
  });

  it('counts a walkabout as locked from 5 seconds before its lock time', () => {
    expect(isLocked('2024-01-15T12:00:04.999Z', now)).toBe(true);
    expect(isLocked('2024-01-15T12:00:05.000Z', now)).toBe(false);
    expect(isLocked(new Date('2024-01-15T11:59:00.000Z'), new Date(now))).toBe(true);
    expect(isLocked(null, now)).toBe(false);
    expect(walkaboutState(walkabout({ lockedAt: '2024-01-15T11:00:00.000Z' }), now)).toBe('locked');
  });

  it('is closed once its close time has passed', () => {
    expect(isWalkaboutClosed(walkabout({ closedAt: now }), now)).toBe(true);
    expect(walkaboutState(walkabout({ closedAt: '2024-01-15T11:00:00.000Z' }), now)).toBe('closed');
  });

  it('stays closed after the lock time of a walkabout closed before it', () => {
    const closedEarly = walkabout({ closedAt: '2024-01-15T08:00:00.000Z', lockedAt: '2024-01-15T10:00:00.000Z' });
    expect(walkaboutState(closedEarly, now)).toBe('closed');
    const lockedThenClosed = walkabout({ lockedAt: '2024-01-15T08:00:00.000Z', closedAt: '2024-01-15T10:00:00.000Z' });
    expect(walkaboutState(lockedThenClosed, now)).toBe('locked');
  });

  it('is pending before its opening time', () => {
    expect(walkaboutState(walkabout({ openedAt: '2024-01-15T13:00:00.000Z' }), now)).toBe('pending');
    expect(isWalkaboutOpen(walkabout({ openedAt: '2024-01-15T13:00:00.000Z' }), now)).toBe(false);
  });

  it('keeps a walkabout created on demand without a lock time open until someone locks it', () => {
    expect(walkaboutState(walkabout({ lockedAt: null, openedAt: null }), now)).toBe('open');
  });
});

describe('the walkabouts list', () => {
  it("titles a walkabout by its cycle's name", () => {
    expect(walkaboutTitle('Monthly')).toBe('Monthly Walkabout');
  });

  it('orders daily, weekly and monthly walkabouts, each by date, then every other one by date alone', () => {
    const keys: (WalkaboutListKey & { name: string })[] = [
      { name: 'on demand, March', frequency: null, date: '2024-03-01' },
      { name: 'monthly', frequency: 'monthly', date: '2024-01-01' },
      { name: 'weekly later', frequency: 'weekly', date: '2024-01-15' },
      { name: 'yearly', frequency: 'yearly', date: '2024-02-01' },
      { name: 'weekly', frequency: 'weekly', date: '2024-01-08' },
      { name: 'on demand, January', frequency: null, date: '2024-01-20' },
      { name: 'daily', frequency: 'daily', date: '2024-01-15' },
    ];
    expect([...keys].sort(compareWalkaboutsForList).map((key) => key.name)).toEqual([
      'daily',
      'weekly',
      'weekly later',
      'monthly',
      'on demand, January',
      'yearly',
      'on demand, March',
    ]);
  });
});

describe('date labels', () => {
  const label = (frequency: Frequency | null, date: string, every = 1) => walkaboutDateLabel({ frequency, every, date });

  it("labels a daily walkabout 'Month D'", () => {
    expect(label('daily', '2024-03-05')).toBe('March 5');
  });

  it("labels a weekly walkabout 'Month D - D', or 'Month D - Month D' across two months", () => {
    expect(label('weekly', '2024-03-04')).toBe('March 4 - 10');
    expect(label('weekly', '2024-02-26')).toBe('February 26 - March 3');
    expect(label('weekly', '2024-12-30')).toBe('December 30 - January 5');
  });

  it("labels a monthly walkabout 'Month' and a yearly one 'YYYY'", () => {
    expect(label('monthly', '2024-02-29')).toBe('February');
    expect(label('yearly', '2024-06-01')).toBe('2024');
  });

  it('labels a cycle repeating every N periods with the span it covers', () => {
    expect(label('daily', '2024-03-30', 3)).toBe('March 30 - April 1');
    expect(label('weekly', '2024-03-04', 2)).toBe('March 4 - 17');
    expect(label('monthly', '2024-11-01', 3)).toBe('November - January');
    expect(label('yearly', '2024-06-01', 2)).toBe('2024 - 2025');
  });

  it('labels an on-demand walkabout with its full date', () => {
    expect(label(null, '2024-03-05')).toBe('March 5, 2024');
  });
});

describe('save messages', () => {
  it('words a plain save, a complete save and a partial save with the date as MMMM D, YYYY', () => {
    expect(walkaboutSavedMessage('save', '2024-01-15T17:00:00Z', 'America/Toronto')).toBe('Walkabout saved on January 15, 2024.');
    expect(walkaboutSavedMessage('complete', '2024-01-15T17:00:00Z', 'UTC')).toBe('Complete walkabout saved on January 15, 2024.');
    expect(walkaboutSavedMessage('partial', '2024-01-15T17:00:00Z', 'UTC')).toBe('Partial walkabout saved on January 15, 2024.');
  });

  it("dates the message in the given time zone's calendar", () => {
    // 03:00 UTC on January 16 is still January 15 in Toronto.
    expect(formatDisplayDate('2024-01-16T03:00:00Z', 'America/Toronto')).toBe('January 15, 2024');
    expect(formatDisplayDate('2024-01-16T03:00:00Z', 'Asia/Tokyo')).toBe('January 16, 2024');
  });
});

describe('cycle occurrence and every', () => {
  it('reads Daily, Weekly, Monthly or Yearly when every is 1', () => {
    expect((['daily', 'weekly', 'monthly', 'yearly'] as const).map((frequency) => occurrenceText(frequency, 1))).toEqual([
      'Daily',
      'Weekly',
      'Monthly',
      'Yearly',
    ]);
  });

  it('reads Every N Days, Weeks, Months or Years otherwise', () => {
    expect(occurrenceText('daily', 2)).toBe('Every 2 Days');
    expect(occurrenceText('weekly', 52)).toBe('Every 52 Weeks');
    expect(occurrenceText('monthly', 3)).toBe('Every 3 Months');
    expect(occurrenceText('yearly', 10)).toBe('Every 10 Years');
  });

  it('reads On Demand for a non-repeating cycle', () => {
    expect(occurrenceText(null, null)).toBe('On Demand');
  });

  it("builds the cycle form's hint from the occurrence", () => {
    expect(cycleHint('weekly', 2)).toBe('Walkabouts will be created Every 2 Weeks.');
    expect(cycleHint('daily', 1)).toBe('Walkabouts will be created Daily.');
    expect(cycleHint(null, null)).toBe('Walkabouts will be created on demand.');
  });

  it('offers every 1–31 daily, 1–52 weekly, 1–12 monthly and 1–10 yearly', () => {
    expect(everyOptions('daily')).toHaveLength(31);
    expect(everyOptions('weekly').at(-1)).toBe(52);
    expect(everyOptions('monthly')).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(everyOptions('yearly')[0]).toBe(1);
    expect([isEveryAllowed('yearly', 10), isEveryAllowed('yearly', 11), isEveryAllowed('daily', 0), isEveryAllowed('weekly', 1.5)]).toEqual([
      true,
      false,
      false,
      false,
    ]);
  });
});
