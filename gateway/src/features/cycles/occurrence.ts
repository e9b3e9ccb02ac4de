import type { Frequency } from '@fsi/shared';

const names: Record<Frequency, [single: string, plural: string]> = {
  daily: ['Daily', 'Days'],
  weekly: ['Weekly', 'Weeks'],
  monthly: ['Monthly', 'Months'],
  yearly: ['Yearly', 'Years'],
};

/**
 * The occurrence text of a cycle (admin-people-schedules.md section 9): Daily,
 * Weekly, Monthly or Yearly when every is 1, otherwise Every N Days, Weeks,
 * Months or Years. A non-repeating cycle is created on demand, which is what it reads.
 */
export function occurrenceText(frequency: Frequency | null, every: number | null): string {
  if (!frequency) return 'On demand';
  const [single, plural] = names[frequency];
  return every === null || every <= 1 ? single : `Every ${every} ${plural}`;
}
