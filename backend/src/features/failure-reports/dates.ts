/** Dates of the follow-up sheets and the repair report (inspection.md sections 5 and 9). */
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);
dayjs.extend(timezone);

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * A date-time of the acknowledge and repair sheets (YYYY-MM-DDTHH:mm, inspection.md section 9): with
 * an offset as given, without one in the building's time zone; null when it is not a real date.
 */
export function parseDateTime(value: string | null | undefined, timeZone: string): Date | null {
  if (typeof value !== 'string') return null;
  const match = DATE_TIME.exec(value.trim());
  if (!match) return null;
  const [, y, mo, d, h = '00', mi = '00', s = '00', zone] = match;
  const check = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)));
  if (check.getUTCFullYear() !== Number(y) || check.getUTCMonth() !== Number(mo) - 1 || check.getUTCDate() !== Number(d)) return null;
  if (check.getUTCHours() !== Number(h) || check.getUTCMinutes() !== Number(mi) || Number(y) < 1900) return null;
  const date = zone ? new Date(value.trim().replace(' ', 'T')) : dayjs.tz(`${y}-${mo}-${d}T${h}:${mi}:${s}`, timeZone).toDate();
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A local date YYYY-MM-DD that exists, or null. */
export function parseDate(value: string | undefined): string | null {
  if (value === undefined || !/^\d{4}-\d{2}-\d{2}$/.test(value.trim())) return null;
  return parseDateTime(value.trim(), 'UTC') ? value.trim() : null;
}
