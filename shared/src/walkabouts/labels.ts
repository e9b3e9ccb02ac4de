import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { LOCKED_CHECK_MS, type Frequency } from '../constants';
import type { Walkabout } from './types';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Display date format (inspection.md section 9). */
export const DISPLAY_DATE_FORMAT = 'MMMM D, YYYY';

type Instant = Date | string | number;

// --- Open, locked, closed (inspection.md section 4). -------------------------------------------

/** 'pending' is a scheduled walkabout whose opening time has not come yet. */
export type WalkaboutState = 'pending' | 'open' | 'locked' | 'closed';

function time(value: Instant): number {
  return new Date(value).getTime();
}

/**
 * Counted as locked when lockedAt is before now plus 5 seconds (inspection.md sections 4 and 9). The one
 * rule of the backend (which refuses saves, scans and flags by it) and the web (which turns the screen
 * read-only by it). The 5-second margin keeps every accepted change clear of the lock time: a save the
 * server accepts commits at least 5 seconds before the schedule freezes the results for the completed
 * walkabout report, so a save still in flight at the lock time is refused whole rather than half in the
 * report; and the inspector's screen stops taking marks at the same instant the server stops accepting
 * them, so what the screen takes is not refused a moment later. A walkabout without a lock time
 * (created on demand) is locked only when someone locks it.
 */
export function isLocked(lockedAt: Instant | null | undefined, now: Instant): boolean {
  return lockedAt !== null && lockedAt !== undefined && time(lockedAt) < time(now) + LOCKED_CHECK_MS;
}

/** Closed when closedAt is set and not in the future (inspection.md section 4). */
export function isWalkaboutClosed(walkabout: Pick<Walkabout, 'closedAt'>, now: Instant): boolean {
  return walkabout.closedAt !== null && time(walkabout.closedAt) <= time(now);
}

/**
 * The walkabout's state (inspection.md section 4). A walkabout closed before its lock time stays
 * closed after that time passes: closing ended it without results, so it never became locked.
 */
export function walkaboutState(walkabout: Walkabout, now: Instant): WalkaboutState {
  const closed = isWalkaboutClosed(walkabout, now);
  const closedFirst =
    closed && (walkabout.lockedAt === null || time(walkabout.closedAt ?? now) <= time(walkabout.lockedAt));
  if (closedFirst) return 'closed';
  if (isLocked(walkabout.lockedAt, now)) return 'locked';
  if (closed) return 'closed';
  if (walkabout.openedAt !== null && time(walkabout.openedAt) > time(now)) return 'pending';
  return 'open';
}

/**
 * Open: lockedAt in the future, openedAt in the past, closedAt empty or in the future
 * (inspection.md section 4). The walkabouts list and the building badges show open ones only.
 */
export function isWalkaboutOpen(walkabout: Walkabout, now: Instant): boolean {
  return walkaboutState(walkabout, now) === 'open';
}

// --- The walkabouts list (inspection.md section 2). -------------------------------------------

/** '{cycle} Walkabout' (inspection.md section 2). */
export function walkaboutTitle(cycleName: string): string {
  return `${cycleName} Walkabout`;
}

export type WalkaboutListKey = { frequency: Frequency | null; date: string };

const FREQUENCY_RANK: Partial<Record<Frequency, number>> = { daily: 0, weekly: 1, monthly: 2 };

/**
 * List ordering (inspection.md section 2: 'Daily, Weekly, Monthly, then by date'): daily, weekly and
 * monthly walkabouts in that order, each by date, then every other one (yearly, on demand) by date
 * alone. The rank follows the cycle's frequency rather than its name, so a cycle named 'Weekdays'
 * with a daily frequency sorts with the daily ones (docs/ARCHITECTURE.md, Decisions).
 */
export function compareWalkaboutsForList(a: WalkaboutListKey, b: WalkaboutListKey): number {
  const rank = (key: WalkaboutListKey) => (key.frequency === null ? 3 : (FREQUENCY_RANK[key.frequency] ?? 3));
  return rank(a) - rank(b) || a.date.localeCompare(b.date);
}

function dayRange(first: dayjs.Dayjs, last: dayjs.Dayjs): string {
  if (first.isSame(last, 'day')) return first.format('MMMM D');
  if (first.isSame(last, 'month')) return `${first.format('MMMM D')} - ${last.format('D')}`;
  return `${first.format('MMMM D')} - ${last.format('MMMM D')}`;
}

function spanLabel(first: string, last: string): string {
  return first === last ? first : `${first} - ${last}`;
}

/**
 * The date label of a walkabout from its period's first day (inspection.md section 2): daily
 * 'Month D', weekly 'Month D - D' (or 'Month D - Month D' across two months), monthly 'Month',
 * yearly 'YYYY'. A cycle repeating every N > 1 periods shows the span it covers ('March 4 - 17',
 * 'March - May', '2024 - 2026'), since its one walkabout stands for all of it. A non-repeating
 * walkabout shows its date as MMMM D, YYYY.
 */
export function walkaboutDateLabel(period: { frequency: Frequency | null; every?: number | null; date: string }): string {
  const first = dayjs.utc(period.date);
  const every = Math.max(1, period.every ?? 1);
  switch (period.frequency) {
    case null:
      return first.format(DISPLAY_DATE_FORMAT);
    case 'daily':
      return dayRange(first, first.add(every - 1, 'day'));
    case 'weekly':
      return dayRange(first, first.add(every * 7 - 1, 'day'));
    case 'monthly':
      return spanLabel(first.format('MMMM'), first.add(every - 1, 'month').format('MMMM'));
    case 'yearly':
      return spanLabel(first.format('YYYY'), first.add(every - 1, 'year').format('YYYY'));
  }
}

/** Equipment is displayed as its name with the id in brackets (inspection.md section 9): 'Fire Door (412)'. */
export function equipmentLabel(name: string, id: string | number): string {
  return `${name} (${id})`;
}

// --- Messages after saving (inspection.md section 8). ------------------------------------------

/** A date in the display format, in the given IANA time zone (the runtime's own zone without one). */
export function formatDisplayDate(value: Instant, timeZone?: string): string {
  const date = timeZone ? dayjs(value).tz(timeZone) : dayjs(value);
  return date.format(DISPLAY_DATE_FORMAT);
}

/** A plain save, or a save for completion of a walkabout that is fully answered or not. */
export type SaveKind = 'save' | 'complete' | 'partial';

/** 'Walkabout saved on {date}.' or 'Complete/Partial walkabout saved on {date}.' (inspection.md section 8). */
export function walkaboutSavedMessage(kind: SaveKind, savedAt: Instant, timeZone?: string): string {
  const date = formatDisplayDate(savedAt, timeZone);
  if (kind === 'complete') return `Complete walkabout saved on ${date}.`;
  if (kind === 'partial') return `Partial walkabout saved on ${date}.`;
  return `Walkabout saved on ${date}.`;
}

// --- Cycles: occurrence and every (admin-people-schedules.md section 9). -------------------------

/** Highest 'every' per frequency (admin-people-schedules.md section 9). */
export const EVERY_MAX: Record<Frequency, number> = { daily: 31, weekly: 52, monthly: 12, yearly: 10 };

/** The 'every' values offered for a frequency: daily 1–31, weekly 1–52, monthly 1–12, yearly 1–10. */
export function everyOptions(frequency: Frequency): number[] {
  return Array.from({ length: EVERY_MAX[frequency] }, (_, index) => index + 1);
}

/** True when 'every' is one of the values offered for the frequency (the server's check of a cycle). */
export function isEveryAllowed(frequency: Frequency, every: number): boolean {
  return Number.isInteger(every) && every >= 1 && every <= EVERY_MAX[frequency];
}

const SINGLE: Record<Frequency, string> = { daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly', yearly: 'Yearly' };
const PLURAL_UNIT: Record<Frequency, string> = { daily: 'Days', weekly: 'Weeks', monthly: 'Months', yearly: 'Years' };

/** What a non-repeating cycle reads as: its walkabouts are created on demand (DESIGN.md section 4). */
export const NON_REPEATING_OCCURRENCE = 'On Demand';

/**
 * Occurrence text (admin-people-schedules.md section 9): Daily, Weekly, Monthly or Yearly when
 * every is 1, otherwise Every N Days, Weeks, Months or Years.
 */
export function occurrenceText(frequency: Frequency | null, every: number | null | undefined): string {
  if (frequency === null) return NON_REPEATING_OCCURRENCE;
  const n = every ?? 1;
  return n === 1 ? SINGLE[frequency] : `Every ${n} ${PLURAL_UNIT[frequency]}`;
}

/** The cycle form's hint, 'Walkabouts will be created {occurrence}.' (admin-people-schedules.md section 9). */
export function cycleHint(frequency: Frequency | null, every: number | null | undefined): string {
  if (frequency === null) return 'Walkabouts will be created on demand.';
  return `Walkabouts will be created ${occurrenceText(frequency, every)}.`;
}
