/**
 * The unassigned QR codes' batch size (admin-organizations-buildings.md sections 5 and 9, inspection.md
 * section 5): required, 1 to 50. The administration screen checks it as the administrator types; the backend
 * checks it again on POST /unassigned_qr_codes/batch.
 */
export const QR_BATCH_MIN = 1;
export const QR_BATCH_MAX = 50;

export const QR_COUNT_REQUIRED_MESSAGE = 'QR codes number is required field';
export const QR_COUNT_MIN_MESSAGE = `QR codes number can not be lower than '${QR_BATCH_MIN}'`;
export const QR_COUNT_MAX_MESSAGE = `QR codes number can not be greater than '${QR_BATCH_MAX}'`;
/** A fraction or text that is no number: the specification names no message, so it says what is wanted. */
export const QR_COUNT_WHOLE_MESSAGE = 'QR codes number must be a whole number';

/**
 * The message for a batch count as typed or sent (a number, its text, empty or missing), or null when it is a
 * whole number from 1 to 50.
 */
export function qrCountError(value: number | string | null | undefined): string | null {
  const text = typeof value === 'string' ? value.trim() : value;
  if (text === null || text === undefined || text === '') return QR_COUNT_REQUIRED_MESSAGE;
  const count = typeof text === 'number' ? text : /^[+-]?\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
  if (Number.isNaN(count)) return QR_COUNT_WHOLE_MESSAGE;
  if (count < QR_BATCH_MIN) return QR_COUNT_MIN_MESSAGE;
  if (count > QR_BATCH_MAX) return QR_COUNT_MAX_MESSAGE;
  if (!Number.isInteger(count)) return QR_COUNT_WHOLE_MESSAGE;
  return null;
}
