import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { formatDisplayDate } from '@fsi/shared';

dayjs.extend(utc);
dayjs.extend(timezone);

/** A time of day as inspectors read it, 2:05 PM, in the given IANA time zone (the device's without one). */
export function formatDisplayTime(value: string | Date, timeZone?: string): string {
  const time = timeZone ? dayjs(value).tz(timeZone) : dayjs(value);
  return time.format('h:mm A');
}

/** 'Location comment(s) saved on {date} at {time}.' (inspection.md section 8), in the building's time zone. */
export function locationCommentSavedMessage(savedAt: string | Date, timeZone?: string): string {
  return `Location comment(s) saved on ${formatDisplayDate(savedAt, timeZone)} at ${formatDisplayTime(savedAt, timeZone)}.`;
}
