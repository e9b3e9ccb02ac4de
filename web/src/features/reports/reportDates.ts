import dayjs from 'dayjs';

/** inspection.md section 9: dates display as MMMM D, YYYY. */
export function displayDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const date = dayjs(value);
  return date.isValid() ? date.format('MMMM D, YYYY') : null;
}

/** The reported period: 'March 2, 2026 – March 8, 2026', one date when it is one day. */
export function displayPeriod(startDate: string | null | undefined, endDate: string | null | undefined): string | null {
  const start = displayDate(startDate);
  const end = displayDate(endDate);
  if (start && end && start !== end) return `${start} – ${end}`;
  return start ?? end;
}

/** A lock time: 'March 9, 2026 at 4:05 PM' in the device's time. */
export function displayDateTime(value: string | null | undefined): string | null {
  if (!value) return null;
  const date = dayjs(value);
  return date.isValid() ? `${date.format('MMMM D, YYYY')} at ${date.format('h:mm A')}` : null;
}

/** inspection.md section 9: a historical search spans at most 30 days. */
export const HISTORICAL_RANGE_DAYS = 30;

/** The default historical range: the last 30 days, ending today (YYYY-MM-DD). */
export function defaultHistoricalRange(today = new Date()): { dateFrom: string; dateTo: string } {
  const end = dayjs(today);
  return { dateFrom: end.subtract(HISTORICAL_RANGE_DAYS, 'day').format('YYYY-MM-DD'), dateTo: end.format('YYYY-MM-DD') };
}

/**
 * inspection.md section 5: the end date may be at most 30 days after the start; it is adjusted (and never before
 * the start). Dates are YYYY-MM-DD; an empty or invalid date is left as it is for the form to refuse.
 */
export function adjustedEndDate(dateFrom: string, dateTo: string): string {
  const start = dayjs(dateFrom, 'YYYY-MM-DD');
  const end = dayjs(dateTo, 'YYYY-MM-DD');
  if (!start.isValid() || !end.isValid() || dateFrom === '' || dateTo === '') return dateTo;
  const latest = start.add(HISTORICAL_RANGE_DAYS, 'day');
  if (end.isAfter(latest)) return latest.format('YYYY-MM-DD');
  if (end.isBefore(start)) return dateFrom;
  return dateTo;
}

/** The link that opens a report's PDF (the /reports/download route of inspection.md section 2). */
export function downloadRoute(reportUrl: string): string {
  return `/reports/download?downloadUrl=${encodeURIComponent(reportUrl)}`;
}

/** The report id of a download URL path (/walkabout-reports/{id}/download), or null when it names none. */
export function reportIdOfDownloadUrl(downloadUrl: string | null): string | null {
  if (!downloadUrl) return null;
  const match = /^\/?walkabout-reports\/([0-9]+)\/download\/?$/.exec(downloadUrl.trim());
  return match ? match[1]! : null;
}

/** A failure or notes report's counts: '1 item, 0 acknowledged', '3 items, 2 acknowledged'. */
export function itemCounts(total: number, acknowledged: number): string {
  return `${total} ${total === 1 ? 'item' : 'items'}, ${acknowledged} acknowledged`;
}
