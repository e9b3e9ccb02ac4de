import { describe, expect, it } from 'vitest';
import {
  type CycleOverride,
  type Offset,
  type Period,
  type RepeatingCycle,
  currentPeriod,
  effectiveCycleOverride,
  isPeriodSkipped,
  localDate,
  periodsBetween,
  periodsToCreate,
  weekdayOf,
} from './schedule';

const TORONTO = 'America/Toronto';
const LONDON = 'Europe/London';
const HOUR = 3_600_000;

const starts = (periods: Period[]) => periods.map((period) => period.periodStart);
const hoursBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / HOUR;

function override(changes: Partial<CycleOverride> = {}): CycleOverride {
  return {
    monday: true,
    tuesday: true,
    wednesday: true,
    thursday: true,
    friday: true,
    saturday: true,
    sunday: true,
    blackoutDates: [],
    ...changes,
  };
}

describe('periods of a repeating cycle', () => {
  it('gives a daily cycle every 3 days one period per three local days from its start', () => {
    const cycle: RepeatingCycle = { frequency: 'daily', every: 3, start: '2024-01-01' };
    const periods = periodsBetween(cycle, TORONTO, '2024-01-01T05:00:00Z', '2024-01-12T05:00:00Z');
    expect(periods).toEqual([
      { periodKey: '2024-01-01', periodStart: '2024-01-01', periodEnd: '2024-01-04', openedAt: '2024-01-01T05:00:00.000Z', lockedAt: '2024-01-04T05:00:00.000Z' },
      { periodKey: '2024-01-04', periodStart: '2024-01-04', periodEnd: '2024-01-07', openedAt: '2024-01-04T05:00:00.000Z', lockedAt: '2024-01-07T05:00:00.000Z' },
      { periodKey: '2024-01-07', periodStart: '2024-01-07', periodEnd: '2024-01-10', openedAt: '2024-01-07T05:00:00.000Z', lockedAt: '2024-01-10T05:00:00.000Z' },
      { periodKey: '2024-01-10', periodStart: '2024-01-10', periodEnd: '2024-01-13', openedAt: '2024-01-10T05:00:00.000Z', lockedAt: '2024-01-13T05:00:00.000Z' },
    ]);
  });

  it('gives a weekly cycle every 2 weeks a period every fourteen days', () => {
    const cycle: RepeatingCycle = { frequency: 'weekly', every: 2, start: '2024-01-01' };
    const periods = periodsBetween(cycle, TORONTO, '2024-01-01T00:00:00Z', '2024-02-10T00:00:00Z');
    expect(periods.map((period) => [period.periodStart, period.periodEnd])).toEqual([
      ['2024-01-01', '2024-01-15'],
      ['2024-01-15', '2024-01-29'],
      ['2024-01-29', '2024-02-12'],
    ]);
  });

  it('gives a monthly cycle every 2 months a period every other month on the start day', () => {
    const cycle: RepeatingCycle = { frequency: 'monthly', every: 2, start: '2024-01-15' };
    const periods = periodsBetween(cycle, TORONTO, '2024-01-01T00:00:00Z', '2024-07-01T00:00:00Z');
    expect(periods.map((period) => [period.periodStart, period.periodEnd])).toEqual([
      ['2024-01-15', '2024-03-15'],
      ['2024-03-15', '2024-05-15'],
      ['2024-05-15', '2024-07-15'],
    ]);
  });

  it('gives a yearly cycle every 2 years a period every other year', () => {
    const cycle: RepeatingCycle = { frequency: 'yearly', every: 2, start: '2020-06-01' };
    const periods = periodsBetween(cycle, TORONTO, '2019-01-01T00:00:00Z', '2025-01-01T00:00:00Z');
    expect(periods.map((period) => [period.periodStart, period.periodEnd])).toEqual([
      ['2020-06-01', '2022-06-01'],
      ['2022-06-01', '2024-06-01'],
      ['2024-06-01', '2026-06-01'],
    ]);
  });

  it('finds the right periods in a window years after the start without walking from the start', () => {
    const cycle: RepeatingCycle = { frequency: 'daily', every: 7, start: '2000-01-03' };
    const periods = periodsBetween(cycle, 'UTC', '2030-01-01T00:00:00Z', '2030-01-15T00:00:00Z');
    expect(starts(periods)).toEqual(['2030-01-07', '2030-01-14']);
    expect(periods.every((period) => weekdayOf(period.periodStart) === 'monday')).toBe(true);
  });

  it('returns no period before the cycle starts', () => {
    const cycle: RepeatingCycle = { frequency: 'daily', every: 1, start: '2024-06-01' };
    expect(periodsBetween(cycle, TORONTO, '2024-01-01T00:00:00Z', '2024-06-01T04:00:00Z')).toEqual([]);
    expect(starts(periodsBetween(cycle, TORONTO, '2024-01-01T00:00:00Z', '2024-06-02T04:00:00Z'))).toEqual(['2024-06-01']);
  });

  it('includes a period starting exactly at the window start and excludes one starting exactly at its end', () => {
    const cycle: RepeatingCycle = { frequency: 'daily', every: 1, start: '2024-01-01' };
    expect(starts(periodsBetween(cycle, TORONTO, '2024-01-02T05:00:00Z', '2024-01-04T05:00:00Z'))).toEqual([
      '2024-01-02',
      '2024-01-03',
    ]);
  });
});

describe('month ends', () => {
  it('runs a monthly cycle from the 31st on the last day of shorter months and returns to the 31st after', () => {
    const cycle: RepeatingCycle = { frequency: 'monthly', every: 1, start: '2024-01-31' };
    const periods = periodsBetween(cycle, TORONTO, '2024-01-01T00:00:00Z', '2024-06-01T00:00:00Z');
    expect(periods.map((period) => [period.periodStart, period.periodEnd])).toEqual([
      ['2024-01-31', '2024-02-29'],
      ['2024-02-29', '2024-03-31'],
      ['2024-03-31', '2024-04-30'],
      ['2024-04-30', '2024-05-31'],
      ['2024-05-31', '2024-06-30'],
    ]);
  });

  it('runs a monthly cycle from the 31st on February 28 in a common year', () => {
    const cycle: RepeatingCycle = { frequency: 'monthly', every: 1, start: '2023-01-31' };
    expect(starts(periodsBetween(cycle, TORONTO, '2023-02-01T00:00:00Z', '2023-04-01T00:00:00Z'))).toEqual([
      '2023-02-28',
      '2023-03-31',
    ]);
  });

  it('runs a monthly cycle from the 30th on February 28 or 29 and back on the 30th', () => {
    const cycle: RepeatingCycle = { frequency: 'monthly', every: 1, start: '2023-11-30' };
    expect(starts(periodsBetween(cycle, 'UTC', '2024-02-01T00:00:00Z', '2024-04-01T00:00:00Z'))).toEqual([
      '2024-02-29',
      '2024-03-30',
    ]);
  });

  it('runs a yearly cycle from February 29 on February 28 in common years and February 29 in leap years', () => {
    const cycle: RepeatingCycle = { frequency: 'yearly', every: 1, start: '2020-02-29' };
    const periods = periodsBetween(cycle, TORONTO, '2020-01-01T00:00:00Z', '2025-01-01T00:00:00Z');
    expect(starts(periods)).toEqual(['2020-02-29', '2021-02-28', '2022-02-28', '2023-02-28', '2024-02-29']);
    expect(periods[3]?.periodEnd).toBe('2024-02-29');
  });
});

describe('daylight saving time', () => {
  const daily: RepeatingCycle = { frequency: 'daily', every: 1, start: '2024-01-01' };

  it('starts Toronto daily periods at local midnight across the spring-forward change, so that day lasts 23 hours', () => {
    const periods = periodsBetween(daily, TORONTO, '2024-03-09T05:00:00Z', '2024-03-12T00:00:00Z');
    expect(periods.map((period) => [period.periodStart, period.openedAt, period.lockedAt])).toEqual([
      ['2024-03-09', '2024-03-09T05:00:00.000Z', '2024-03-10T05:00:00.000Z'],
      ['2024-03-10', '2024-03-10T05:00:00.000Z', '2024-03-11T04:00:00.000Z'],
      ['2024-03-11', '2024-03-11T04:00:00.000Z', '2024-03-12T04:00:00.000Z'],
    ]);
    expect(hoursBetween(periods[1]!.openedAt, periods[1]!.lockedAt)).toBe(23);
  });

  it('starts Toronto daily periods at local midnight across the fall-back change, so that day lasts 25 hours', () => {
    const periods = periodsBetween(daily, TORONTO, '2024-11-02T04:00:00Z', '2024-11-05T00:00:00Z');
    expect(periods.map((period) => [period.periodStart, period.openedAt, period.lockedAt])).toEqual([
      ['2024-11-02', '2024-11-02T04:00:00.000Z', '2024-11-03T04:00:00.000Z'],
      ['2024-11-03', '2024-11-03T04:00:00.000Z', '2024-11-04T05:00:00.000Z'],
      ['2024-11-04', '2024-11-04T05:00:00.000Z', '2024-11-05T05:00:00.000Z'],
    ]);
    expect(hoursBetween(periods[1]!.openedAt, periods[1]!.lockedAt)).toBe(25);
  });

  it('keeps a weekly Toronto period at Monday midnight after the clocks change', () => {
    const weekly: RepeatingCycle = { frequency: 'weekly', every: 1, start: '2024-03-04' };
    const [first] = periodsBetween(weekly, TORONTO, '2024-03-04T05:00:00Z', '2024-03-05T00:00:00Z');
    expect(first).toMatchObject({ openedAt: '2024-03-04T05:00:00.000Z', lockedAt: '2024-03-11T04:00:00.000Z' });
    expect(hoursBetween(first!.openedAt, first!.lockedAt)).toBe(7 * 24 - 1);
  });

  it('starts London daily periods at local midnight across both changes of 2024', () => {
    const spring = periodsBetween(daily, LONDON, '2024-03-31T00:00:00Z', '2024-03-31T01:00:00Z');
    expect(spring).toMatchObject([{ periodStart: '2024-03-31', openedAt: '2024-03-31T00:00:00.000Z', lockedAt: '2024-03-31T23:00:00.000Z' }]);
    const autumn = periodsBetween(daily, LONDON, '2024-10-26T23:00:00Z', '2024-10-27T23:30:00Z');
    expect(autumn).toMatchObject([{ periodStart: '2024-10-27', openedAt: '2024-10-26T23:00:00.000Z', lockedAt: '2024-10-28T00:00:00.000Z' }]);
    expect(hoursBetween(autumn[0]!.openedAt, autumn[0]!.lockedAt)).toBe(25);
  });

  it('opens at the same local hour on the day the clocks spring forward', () => {
    const eightHours: Offset = { value: 8, unit: 'hour' };
    const [before, changeDay] = periodsBetween(daily, TORONTO, '2024-03-09T05:00:00Z', '2024-03-10T12:00:00Z', { openOffset: eightHours });
    expect(before?.openedAt).toBe('2024-03-09T13:00:00.000Z');
    expect(changeDay?.openedAt).toBe('2024-03-10T12:00:00.000Z');
  });

  it('moves an opening time that the spring-forward gap skips to the same time after the gap', () => {
    const halfPastTwo: Offset = { value: 150, unit: 'minute' };
    const [changeDay] = periodsBetween(daily, TORONTO, '2024-03-10T05:00:00Z', '2024-03-10T06:00:00Z', { openOffset: halfPastTwo });
    // 02:30 does not exist that night; 03:30 EDT is 07:30 UTC.
    expect(changeDay?.openedAt).toBe('2024-03-10T07:30:00.000Z');
  });

  it('opens at the second 01:30 when the fall-back change repeats that hour', () => {
    const halfPastOne: Offset = { value: 90, unit: 'minute' };
    const [changeDay] = periodsBetween(daily, TORONTO, '2024-11-03T04:00:00Z', '2024-11-03T05:00:00Z', { openOffset: halfPastOne });
    expect(changeDay?.openedAt).toBe('2024-11-03T06:30:00.000Z');
  });

  it('starts a period at the first instant of the day where the zone skips midnight itself', () => {
    // Chile moved its clocks from 00:00 to 01:00 on 2022-09-11.
    const since2022: RepeatingCycle = { ...daily, start: '2022-01-01' };
    const [changeDay] = periodsBetween(since2022, 'America/Santiago', '2022-09-11T00:00:00Z', '2022-09-11T12:00:00Z');
    expect(changeDay).toMatchObject({ periodStart: '2022-09-11', openedAt: '2022-09-11T04:00:00.000Z' });
  });
});

describe('open and close offsets', () => {
  const daily: RepeatingCycle = { frequency: 'daily', every: 1, start: '2024-01-01' };
  const monthly: RepeatingCycle = { frequency: 'monthly', every: 1, start: '2024-01-01' };
  const january15 = ['2024-01-15T05:00:00Z', '2024-01-15T06:00:00Z'] as const;

  function first(cycle: RepeatingCycle, openOffset: Offset, closeOffset: Offset = { value: 0, unit: 'hour' }): Period {
    const window = cycle === daily ? january15 : (['2024-01-01T05:00:00Z', '2024-01-01T06:00:00Z'] as const);
    const [period] = periodsBetween(cycle, TORONTO, window[0], window[1], { openOffset, closeOffset });
    if (!period) throw new Error('expected a period');
    return period;
  }

  it('opens at the period start and locks at its end with the default 0 hours', () => {
    expect(first(daily, { value: 0, unit: 'hour' })).toMatchObject({ openedAt: '2024-01-15T05:00:00.000Z', lockedAt: '2024-01-16T05:00:00.000Z' });
  });

  it('ignores the value of an offset whose unit is none', () => {
    expect(first(daily, { value: 5, unit: 'none' }, { value: 3, unit: 'none' })).toMatchObject({
      openedAt: '2024-01-15T05:00:00.000Z',
      lockedAt: '2024-01-16T05:00:00.000Z',
    });
  });

  it('adds minutes to the open time', () => {
    expect(first(daily, { value: 30, unit: 'minute' }).openedAt).toBe('2024-01-15T05:30:00.000Z');
  });

  it('adds hours to the open time and subtracts them from the lock time with a negative close offset', () => {
    const period = first(daily, { value: 8, unit: 'hour' }, { value: -2, unit: 'hour' });
    expect(period.openedAt).toBe('2024-01-15T13:00:00.000Z');
    // Two hours before the next midnight: 22:00 local on the 15th.
    expect(period.lockedAt).toBe('2024-01-16T03:00:00.000Z');
  });

  it('adds days to the open time and the close time', () => {
    expect(first(monthly, { value: 1, unit: 'day' }, { value: 2, unit: 'day' })).toMatchObject({
      openedAt: '2024-01-02T05:00:00.000Z',
      lockedAt: '2024-02-03T05:00:00.000Z',
    });
  });

  it('adds weeks to the open time and the close time', () => {
    expect(first(monthly, { value: 1, unit: 'week' }, { value: 1, unit: 'week' })).toMatchObject({
      openedAt: '2024-01-08T05:00:00.000Z',
      lockedAt: '2024-02-08T05:00:00.000Z',
    });
  });

  it('adds months by the calendar, landing on the last day of a shorter month and in local time after a clock change', () => {
    const fromJanuary31: RepeatingCycle = { frequency: 'monthly', every: 1, start: '2024-01-31' };
    const [period] = periodsBetween(fromJanuary31, TORONTO, '2024-01-31T05:00:00Z', '2024-02-01T00:00:00Z', {
      openOffset: { value: 1, unit: 'month' },
      closeOffset: { value: 1, unit: 'month' },
    });
    expect(period).toMatchObject({ periodStart: '2024-01-31', periodEnd: '2024-02-29' });
    expect(period?.openedAt).toBe('2024-02-29T05:00:00.000Z');
    // February 29 plus one month is March 29, midnight in daylight time (UTC-4).
    expect(period?.lockedAt).toBe('2024-03-29T04:00:00.000Z');
  });

  it('keeps a one-day close offset at local midnight across a clock change', () => {
    const [period] = periodsBetween(daily, TORONTO, '2024-03-09T05:00:00Z', '2024-03-09T06:00:00Z', {
      closeOffset: { value: 1, unit: 'day' },
    });
    expect(period?.lockedAt).toBe('2024-03-11T04:00:00.000Z');
  });
});

describe('cycle overrides', () => {
  const daily: RepeatingCycle = { frequency: 'daily', every: 1, start: '2024-01-01' };
  // 2024-01-01 is a Monday; the window is that whole week in UTC.
  const week = ['2024-01-01T00:00:00Z', '2024-01-08T00:00:00Z'] as const;

  it('skips periods that start on a disabled weekday', () => {
    const weekdaysOnly = override({ saturday: false, sunday: false });
    expect(starts(periodsBetween(daily, 'UTC', week[0], week[1], { override: weekdaysOnly }))).toEqual([
      '2024-01-01',
      '2024-01-02',
      '2024-01-03',
      '2024-01-04',
      '2024-01-05',
    ]);
  });

  it('skips every period of a weekly cycle that starts on a disabled weekday', () => {
    const weekly: RepeatingCycle = { frequency: 'weekly', every: 1, start: '2024-01-01' };
    const noMondays = override({ monday: false });
    expect(periodsBetween(weekly, 'UTC', '2024-01-01T00:00:00Z', '2024-03-01T00:00:00Z', { override: noMondays })).toEqual([]);
  });

  it("judges the weekday by the building's local date, not the UTC date", () => {
    // Monday 2024-01-01 00:00 in Tokyo is Sunday 15:00 UTC.
    const noMondays = override({ monday: false });
    const periods = periodsBetween(daily, 'Asia/Tokyo', '2023-12-31T15:00:00Z', '2024-01-01T15:00:00Z');
    expect(starts(periods)).toEqual(['2024-01-01']);
    expect(periodsBetween(daily, 'Asia/Tokyo', '2023-12-31T15:00:00Z', '2024-01-01T15:00:00Z', { override: noMondays })).toEqual([]);
  });

  it('skips periods that start on a blackout date', () => {
    const holidays = override({ blackoutDates: ['2024-01-03', '2024-01-05'] });
    expect(starts(periodsBetween(daily, 'UTC', week[0], week[1], { override: holidays }))).toEqual([
      '2024-01-01',
      '2024-01-02',
      '2024-01-04',
      '2024-01-06',
      '2024-01-07',
    ]);
  });

  it('keeps a monthly period whose month holds a blackout date on another day', () => {
    const monthly: RepeatingCycle = { frequency: 'monthly', every: 1, start: '2024-01-01' };
    const midMonth = override({ blackoutDates: ['2024-02-14'] });
    expect(starts(periodsBetween(monthly, 'UTC', '2024-01-01T00:00:00Z', '2024-04-01T00:00:00Z', { override: midMonth }))).toEqual([
      '2024-01-01',
      '2024-02-01',
      '2024-03-01',
    ]);
  });

  it('has no effective override when no region of the chain overrides the cycle', () => {
    expect(effectiveCycleOverride(null, [null, null])).toBeNull();
    expect(isPeriodSkipped('2024-01-06', null)).toBe(false);
  });

  it("disables a weekday that an ancestor region disabled, even where the region's own override enables it", () => {
    const effective = effectiveCycleOverride(override(), [null, override({ sunday: false })]);
    expect(effective).toMatchObject({ sunday: false, saturday: true, monday: true });
    expect(starts(periodsBetween(daily, 'UTC', week[0], week[1], { override: effective }))).not.toContain('2024-01-07');
  });

  it("inherits an ancestor's override when the region has none of its own", () => {
    const effective = effectiveCycleOverride(null, [override({ monday: false, blackoutDates: ['2024-01-02'] })]);
    expect(starts(periodsBetween(daily, 'UTC', week[0], week[1], { override: effective }))).toEqual([
      '2024-01-03',
      '2024-01-04',
      '2024-01-05',
      '2024-01-06',
      '2024-01-07',
    ]);
  });

  it('follows the ancestor chain 5 levels up and ignores a 6th ancestor', () => {
    const allDays = override();
    const fifthDisablesMonday = effectiveCycleOverride(null, [allDays, allDays, allDays, allDays, override({ monday: false })]);
    expect(fifthDisablesMonday?.monday).toBe(false);
    const sixthDisablesMonday = effectiveCycleOverride(null, [allDays, allDays, allDays, allDays, allDays, override({ monday: false })]);
    expect(sixthDisablesMonday?.monday).toBe(true);
    const sixthBlackout = effectiveCycleOverride(override(), [null, null, null, null, null, override({ blackoutDates: ['2024-01-02'] })]);
    expect(sixthBlackout?.blackoutDates).toEqual([]);
  });

  it("unites the region's own blackout dates with its ancestors', each date once and in order", () => {
    const effective = effectiveCycleOverride(override({ blackoutDates: ['2024-01-05', '2024-01-02'] }), [
      override({ blackoutDates: ['2024-01-03', '2024-01-05'] }),
      null,
      override({ blackoutDates: ['2024-01-07'] }),
    ]);
    expect(effective?.blackoutDates).toEqual(['2024-01-02', '2024-01-03', '2024-01-05', '2024-01-07']);
    expect(starts(periodsBetween(daily, 'UTC', week[0], week[1], { override: effective }))).toEqual([
      '2024-01-01',
      '2024-01-04',
      '2024-01-06',
    ]);
  });
});

describe('the current period', () => {
  const daily: RepeatingCycle = { frequency: 'daily', every: 1, start: '2024-01-01' };

  it("is the period holding now in the building's local time", () => {
    // 23:59 on March 9 in Toronto (EST) is 04:59 UTC on March 10.
    expect(currentPeriod(daily, TORONTO, '2024-03-10T04:59:00Z')?.periodStart).toBe('2024-03-09');
    expect(currentPeriod(daily, TORONTO, '2024-03-10T05:00:00Z')?.periodStart).toBe('2024-03-10');
    expect(localDate('2024-03-10T04:59:00Z', TORONTO)).toBe('2024-03-09');
  });

  it('is the clamped February period of a monthly cycle from the 31st until March 31', () => {
    const cycle: RepeatingCycle = { frequency: 'monthly', every: 1, start: '2024-01-31' };
    expect(currentPeriod(cycle, TORONTO, '2024-03-30T12:00:00Z')).toMatchObject({ periodStart: '2024-02-29', periodEnd: '2024-03-31' });
    expect(currentPeriod(cycle, TORONTO, '2024-03-31T04:00:00Z')).toMatchObject({ periodStart: '2024-03-31', periodEnd: '2024-04-30' });
  });

  it('is the period that started years ago for a long yearly cycle', () => {
    const cycle: RepeatingCycle = { frequency: 'yearly', every: 5, start: '2001-07-01' };
    expect(currentPeriod(cycle, TORONTO, '2024-03-01T00:00:00Z')).toMatchObject({ periodStart: '2021-07-01', periodEnd: '2026-07-01' });
  });

  it('does not exist before the cycle starts', () => {
    expect(currentPeriod({ ...daily, start: '2024-06-01' }, TORONTO, '2024-06-01T03:59:59Z')).toBeNull();
  });

  it('does not exist when the override skips it', () => {
    // 2024-01-06 is a Saturday.
    expect(currentPeriod(daily, 'UTC', '2024-01-06T12:00:00Z', { override: override({ saturday: false }) })).toBeNull();
  });

  it('carries the building offsets', () => {
    const period = currentPeriod(daily, TORONTO, '2024-01-15T12:00:00Z', {
      openOffset: { value: 6, unit: 'hour' },
      closeOffset: { value: 30, unit: 'minute' },
    });
    expect(period).toMatchObject({ openedAt: '2024-01-15T11:00:00.000Z', lockedAt: '2024-01-16T05:30:00.000Z' });
  });
});

describe('periods the scheduled job creates', () => {
  const daily: RepeatingCycle = { frequency: 'daily', every: 1, start: '2024-01-01' };
  // Noon on January 15 in Toronto.
  const noon = '2024-01-15T17:00:00Z';

  it('creates the walkabout of the current period', () => {
    expect(starts(periodsToCreate(daily, TORONTO, noon, 0))).toEqual(['2024-01-15']);
  });

  it('also creates the next walkabout when it opens within the horizon', () => {
    expect(starts(periodsToCreate(daily, TORONTO, noon, 11 * HOUR))).toEqual(['2024-01-15']);
    expect(starts(periodsToCreate(daily, TORONTO, noon, 12 * HOUR))).toEqual(['2024-01-15', '2024-01-16']);
  });

  it('creates a walkabout that a negative open offset opens before its period starts', () => {
    const early = { openOffset: { value: -13, unit: 'hour' } } as const;
    expect(starts(periodsToCreate(daily, TORONTO, noon, 0, early))).toEqual(['2024-01-15', '2024-01-16']);
  });

  it("keeps creating the previous period's walkabout while a close offset keeps it open", () => {
    const late = { closeOffset: { value: 1, unit: 'day' } } as const;
    expect(starts(periodsToCreate(daily, TORONTO, noon, 0, late))).toEqual(['2024-01-14', '2024-01-15']);
  });

  it('does not create a walkabout that is already locked by a negative close offset', () => {
    const locksAt11 = { closeOffset: { value: -13, unit: 'hour' } } as const;
    expect(periodsToCreate(daily, TORONTO, noon, 0, locksAt11)).toEqual([]);
  });

  it('does not create a walkabout whose opening offset has not come yet', () => {
    const opensAt13 = { openOffset: { value: 13, unit: 'hour' } } as const;
    expect(periodsToCreate(daily, TORONTO, noon, 0, opensAt13)).toEqual([]);
    expect(starts(periodsToCreate(daily, TORONTO, noon, HOUR, opensAt13))).toEqual(['2024-01-15']);
  });

  it('returns the same periods when asked twice, so the job can retry', () => {
    const monthly: RepeatingCycle = { frequency: 'monthly', every: 3, start: '2023-10-31' };
    const once = periodsToCreate(monthly, LONDON, '2024-02-10T08:00:00Z', 24 * HOUR);
    expect(once).toEqual(periodsToCreate(monthly, LONDON, '2024-02-10T08:00:00Z', 24 * HOUR));
    expect(once.map((period) => period.periodKey)).toEqual(['2024-01-31']);
  });

  it('skips what the override skips', () => {
    const saturday = '2024-01-06T17:00:00Z';
    expect(periodsToCreate(daily, 'UTC', saturday, 0, { override: override({ saturday: false }) })).toEqual([]);
  });
});

describe('input checks', () => {
  const daily: RepeatingCycle = { frequency: 'daily', every: 1, start: '2024-01-01' };

  it('refuses an unknown time zone', () => {
    expect(() => currentPeriod(daily, 'Mars/Olympus_Mons', '2024-01-02T00:00:00Z')).toThrow(RangeError);
  });

  it('refuses an every below 1, a start that is not a date, and an offset unit it does not know', () => {
    expect(() => currentPeriod({ ...daily, every: 0 }, 'UTC', '2024-01-02T00:00:00Z')).toThrow(/every/);
    expect(() => currentPeriod({ ...daily, start: '2024-02-30' }, 'UTC', '2024-03-02T00:00:00Z')).toThrow(/start/);
    const fortnight = { value: 1, unit: 'fortnight' } as unknown as Offset;
    expect(() => currentPeriod(daily, 'UTC', '2024-01-02T00:00:00Z', { openOffset: fortnight })).toThrow(/unit/);
  });

  it('refuses a negative horizon', () => {
    expect(() => periodsToCreate(daily, 'UTC', '2024-01-02T00:00:00Z', -1)).toThrow(/horizon/);
  });
});
