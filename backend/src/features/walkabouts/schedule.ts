/**
 * The walkabout schedule (DESIGN.md section 4, "Time" and "Walkabout schedule"): which periods a
 * repeating cycle defines for one building, when each period's walkabout opens and locks, and
 * which periods a region's cycle override skips. Pure: the scheduled job reads the cycle, the
 * building's offsets and the overrides, and asks this module what to create.
 *
 * All calendar arithmetic runs on local dates and wall-clock times (dayjs in UTC mode, used as a
 * zone-less calendar), and only the final wall-clock time is converted to an instant in the
 * building's zone. Adding days to a zoned dayjs instant assumes 24-hour days and drifts by an hour
 * across a daylight-saving change (iamkun/dayjs#1271); converting once at the end cannot drift.
 */
import type { Frequency, OffsetUnit } from '@fsi/shared';
import { FREQUENCIES, OFFSET_UNITS } from '@fsi/shared';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);
dayjs.extend(timezone);

/** A repeating cycle (admin-people-schedules.md section 3): every N days, weeks, months or years from start. */
export type RepeatingCycle = { frequency: Frequency; every: number; start: string };

/** A building's open or close offset for a cycle (admin-organizations-buildings.md, "Per-cycle walkabout offsets"). */
export type Offset = { value: number; unit: OffsetUnit };

/** Default offsets: 0 with unit hour (admin-organizations-buildings.md). */
export const DEFAULT_OFFSET: Offset = { value: 0, unit: 'hour' };

/** Weekdays monday to sunday (admin-people-schedules.md section 9). */
export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/**
 * A region's cycle override (admin-people-schedules.md section 3): a weekday set to false is
 * disabled, and periods starting on it are skipped, as are periods starting on a blackout date.
 */
export type CycleOverride = Record<Weekday, boolean> & { blackoutDates: readonly string[] };

/** The ancestor chain of a region is followed up to 5 levels (admin-people-schedules.md sections 4 and 9). */
export const OVERRIDE_ANCESTOR_LEVELS = 5;

/**
 * The override in force for a region (admin-people-schedules.md section 4): the region's own
 * override merged with its ancestors' overrides of the same cycle, nearest ancestor first, up to
 * 5 ancestors (a 6th and beyond are ignored). A weekday disabled by any of them is disabled, since
 * a sub-region cannot re-enable what its parent turned off; blackout dates are the union.
 * null when no region of the chain overrides the cycle.
 */
export function effectiveCycleOverride(
  own: CycleOverride | null,
  ancestorsNearestFirst: readonly (CycleOverride | null)[],
): CycleOverride | null {
  const chain = [own, ...ancestorsNearestFirst.slice(0, OVERRIDE_ANCESTOR_LEVELS)].filter(
    (override): override is CycleOverride => override !== null,
  );
  if (chain.length === 0) return null;
  const weekdays = Object.fromEntries(
    WEEKDAYS.map((day) => [day, chain.every((override) => override[day])]),
  ) as Record<Weekday, boolean>;
  const blackoutDates = [...new Set(chain.flatMap((override) => override.blackoutDates))].sort();
  return { ...weekdays, blackoutDates };
}

/** The weekday of a local date. */
export function weekdayOf(date: string): Weekday {
  // dayjs counts Sunday as 0; WEEKDAYS starts on Monday.
  return WEEKDAYS[(dayjs.utc(date).day() + 6) % 7] as Weekday;
}

/** DESIGN.md section 4: a period is skipped when it starts on a disabled weekday or a blackout date. */
export function isPeriodSkipped(periodStart: string, override: CycleOverride | null | undefined): boolean {
  if (!override) return false;
  return !override[weekdayOf(periodStart)] || override.blackoutDates.includes(periodStart);
}

/**
 * One period of a cycle at one building. periodStart and periodEnd are local dates; periodEnd is
 * the next period's start (the period runs up to, not including, its local midnight). openedAt and
 * lockedAt are UTC ISO strings.
 */
export type Period = {
  /** Unique per building and cycle: the job's idempotency key (the period's first local date). */
  periodKey: string;
  periodStart: string;
  periodEnd: string;
  openedAt: string;
  lockedAt: string;
};

export type ScheduleSettings = {
  openOffset?: Offset;
  closeOffset?: Offset;
  /** The effective override (see effectiveCycleOverride). */
  override?: CycleOverride | null;
};

type Instant = Date | string | number;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_FORMAT = 'YYYY-MM-DD';
const WALL_CLOCK_FORMAT = 'YYYY-MM-DD HH:mm:ss';
const DAY_MS = 86_400_000;

const CYCLE_UNIT = { daily: 'day', weekly: 'week', monthly: 'month', yearly: 'year' } as const;
/** The longest a unit can last, for search windows: 31-day months, 366-day years, a 25-hour day. */
const LONGEST_UNIT_MS = {
  minute: 60_000,
  hour: 3_600_000,
  day: DAY_MS + 3_600_000,
  week: 7 * DAY_MS + 3_600_000,
  month: 31 * DAY_MS + 3_600_000,
  year: 366 * DAY_MS + 3_600_000,
} as const;

function assertTimeZone(timeZone: string): void {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
  } catch {
    throw new RangeError(`Unknown IANA time zone: ${timeZone}`);
  }
}

function isDate(value: string): boolean {
  return DATE.test(value) && dayjs.utc(value).format(DATE_FORMAT) === value;
}

function assertCycle(cycle: RepeatingCycle): void {
  if (!(FREQUENCIES as readonly string[]).includes(cycle.frequency)) throw new RangeError(`Unknown frequency: ${cycle.frequency}`);
  if (!Number.isInteger(cycle.every) || cycle.every < 1) throw new RangeError(`every must be a positive integer: ${cycle.every}`);
  if (!isDate(cycle.start)) throw new RangeError(`start must be a date YYYY-MM-DD: ${cycle.start}`);
}

function assertOffset(offset: Offset): void {
  if (!(OFFSET_UNITS as readonly string[]).includes(offset.unit)) throw new RangeError(`Unknown offset unit: ${offset.unit}`);
  if (!Number.isInteger(offset.value)) throw new RangeError(`Offset value must be an integer: ${offset.value}`);
}

function toMs(value: Instant): number {
  const ms = new Date(value).getTime();
  if (Number.isNaN(ms)) throw new RangeError(`Not a date-time: ${String(value)}`);
  return ms;
}

/**
 * The instant a local wall-clock time occurs in the zone. A time skipped by a spring-forward
 * change moves forward by the gap (02:30 becomes 03:30), so a local midnight that does not exist
 * (zones that change at midnight) becomes the first instant of that day; a time that occurs twice
 * in a fall-back change resolves to the second occurrence, as dayjs's timezone plugin parses it.
 */
function wallClockToMs(wallClock: dayjs.Dayjs, timeZone: string): number {
  return dayjs.tz(wallClock.format(WALL_CLOCK_FORMAT), timeZone).valueOf();
}

/** The local date of an instant in the zone. */
export function localDate(instant: Instant, timeZone: string): string {
  return dayjs(toMs(instant)).tz(timeZone).format(DATE_FORMAT);
}

/**
 * The first local date of the cycle's nth period. Each start is computed from the cycle's own
 * start, never from the previous period: a monthly cycle from January 31 runs on February 29
 * (dayjs clamps to the month's last day) and is back on March 31, and a yearly cycle from
 * February 29 falls on February 28 in common years.
 */
function nthPeriodStart(cycle: RepeatingCycle, n: number): dayjs.Dayjs {
  return dayjs.utc(cycle.start).add(n * cycle.every, CYCLE_UNIT[cycle.frequency]);
}

/** A period index at or before the one containing the local date, so a search never starts late. */
function indexAtOrBefore(cycle: RepeatingCycle, date: string): number {
  const elapsed = dayjs.utc(date).diff(dayjs.utc(cycle.start), CYCLE_UNIT[cycle.frequency]);
  return Math.max(0, Math.floor(elapsed / cycle.every) - 1);
}

/**
 * A period boundary plus an offset (DESIGN.md section 4). The offset is added to the local wall
 * clock of the boundary's midnight, so '8 hours' means 08:00 local on every day of the year,
 * including the 23- and 25-hour days of a daylight-saving change, and '1 month' from January 31
 * means February's last day. 'none' means no offset, whatever the value.
 */
function boundaryPlusOffset(boundary: dayjs.Dayjs, offset: Offset, timeZone: string): number {
  if (offset.unit === 'none') return wallClockToMs(boundary, timeZone);
  return wallClockToMs(boundary.add(offset.value, offset.unit), timeZone);
}

function buildPeriod(cycle: RepeatingCycle, n: number, timeZone: string, settings: ScheduleSettings): Period {
  const start = nthPeriodStart(cycle, n);
  const end = nthPeriodStart(cycle, n + 1);
  const periodStart = start.format(DATE_FORMAT);
  return {
    periodKey: periodStart,
    periodStart,
    periodEnd: end.format(DATE_FORMAT),
    openedAt: new Date(boundaryPlusOffset(start, settings.openOffset ?? DEFAULT_OFFSET, timeZone)).toISOString(),
    lockedAt: new Date(boundaryPlusOffset(end, settings.closeOffset ?? DEFAULT_OFFSET, timeZone)).toISOString(),
  };
}

function assertInputs(cycle: RepeatingCycle, timeZone: string, settings: ScheduleSettings): void {
  assertCycle(cycle);
  assertTimeZone(timeZone);
  assertOffset(settings.openOffset ?? DEFAULT_OFFSET);
  assertOffset(settings.closeOffset ?? DEFAULT_OFFSET);
}

/** The instant a period starts: local midnight of its first day in the building's zone. */
function periodStartMs(cycle: RepeatingCycle, n: number, timeZone: string): number {
  return wallClockToMs(nthPeriodStart(cycle, n), timeZone);
}

/**
 * The periods of a repeating cycle at a building that start within [from, to), in order, less the
 * ones the override skips (DESIGN.md section 4). Periods start at local midnight in the building's
 * IANA zone, so a daily period lasts 23 or 25 hours across a daylight-saving change; openedAt is
 * the start plus the open offset and lockedAt the end (the next period's start) plus the close
 * offset.
 */
export function periodsBetween(
  cycle: RepeatingCycle,
  timeZone: string,
  from: Instant,
  to: Instant,
  settings: ScheduleSettings = {},
): Period[] {
  assertInputs(cycle, timeZone, settings);
  const fromMs = toMs(from);
  const toMsValue = toMs(to);
  const periods: Period[] = [];
  for (let n = indexAtOrBefore(cycle, localDate(fromMs, timeZone)); ; n += 1) {
    const startMs = periodStartMs(cycle, n, timeZone);
    if (startMs >= toMsValue) break;
    if (startMs < fromMs) continue;
    const period = buildPeriod(cycle, n, timeZone, settings);
    if (!isPeriodSkipped(period.periodStart, settings.override)) periods.push(period);
  }
  return periods;
}

/**
 * The period containing `now` (its start ≤ now < its end), whose walkabout the job keeps
 * available; null before the cycle's first period and when the override skips the period.
 */
export function currentPeriod(
  cycle: RepeatingCycle,
  timeZone: string,
  now: Instant,
  settings: ScheduleSettings = {},
): Period | null {
  assertInputs(cycle, timeZone, settings);
  const nowMs = toMs(now);
  if (nowMs < periodStartMs(cycle, 0, timeZone)) return null;
  let n = indexAtOrBefore(cycle, localDate(nowMs, timeZone));
  while (periodStartMs(cycle, n + 1, timeZone) <= nowMs) n += 1;
  const period = buildPeriod(cycle, n, timeZone, settings);
  return isPeriodSkipped(period.periodStart, settings.override) ? null : period;
}

function longestSpanMs(offset: Offset): number {
  return offset.unit === 'none' ? 0 : Math.abs(offset.value) * LONGEST_UNIT_MS[offset.unit];
}

/**
 * The walkabouts the scheduled job must make sure exist at `now` (DESIGN.md section 4): every
 * period whose walkabout is not locked yet and is open or opens within the horizon. That is the
 * current period and the next one when it opens within the horizon, and also an earlier period
 * that a positive close offset keeps open, or a later one that a negative open offset opens early.
 * Creation is idempotent on periodKey, so asking again returns the same periods.
 */
export function periodsToCreate(
  cycle: RepeatingCycle,
  timeZone: string,
  now: Instant,
  horizonMs: number,
  settings: ScheduleSettings = {},
): Period[] {
  assertInputs(cycle, timeZone, settings);
  if (!Number.isFinite(horizonMs) || horizonMs < 0) throw new RangeError(`horizon must be a non-negative duration: ${horizonMs}`);
  const nowMs = toMs(now);
  const untilMs = nowMs + horizonMs;
  // A search window wide enough for any period that can lock after now or open before until.
  const longestPeriodMs = cycle.every * LONGEST_UNIT_MS[CYCLE_UNIT[cycle.frequency]];
  const fromMs = nowMs - longestPeriodMs - longestSpanMs(settings.closeOffset ?? DEFAULT_OFFSET) - DAY_MS;
  const toMsValue = untilMs + longestSpanMs(settings.openOffset ?? DEFAULT_OFFSET) + DAY_MS;
  return periodsBetween(cycle, timeZone, fromMs, toMsValue, settings).filter(
    (period) => toMs(period.lockedAt) > nowMs && toMs(period.openedAt) <= untilMs,
  );
}
