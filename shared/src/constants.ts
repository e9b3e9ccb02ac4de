/** Business constants of the specification (inspection.md section 9). */
export const ERROR_BANNER_MS = 30_000;
export const LOCKED_CHECK_MS = 5_000;
export const FILTER_LABEL_MAX = 75;
export const PASSWORD_MIN_LENGTH = 4;
export const CYCLE_SORT_ORDER = ['Daily', 'Weekly', 'Monthly', 'Yearly'] as const;
export const FIRE_WATCH_CYCLE_NAME = 'Fire Watch';
export const DOCUMENT_CATEGORIES = [
  'Fire Safety Plan',
  'Inspections',
  'Work Orders',
  'Manuals',
  'Policies and Procedures',
  'Audits and Reviews',
  'Other',
] as const;
export const FREQUENCIES = ['daily', 'weekly', 'monthly', 'yearly'] as const;
export type Frequency = (typeof FREQUENCIES)[number];
export const OFFSET_UNITS = ['none', 'minute', 'hour', 'day', 'week', 'month'] as const;
export type OffsetUnit = (typeof OFFSET_UNITS)[number];
export const OCCUPANCY_TYPES = [
  'Assembly', 'Business', 'Educational', 'Health', 'Industrial', 'Merchantile', 'Mixed', 'Residential', 'Storage',
] as const;

/** Cut a filter label to 75 characters plus an ellipsis (inspection.md section 2, Buildings). */
export function cutFilterLabel(label: string): string {
  return label.length > FILTER_LABEL_MAX ? `${label.slice(0, FILTER_LABEL_MAX)}…` : label;
}
