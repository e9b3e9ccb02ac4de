/**
 * The change-password rules (spec inspection.md section 5), one implementation for the web
 * (instant feedback) and the backend (the authoritative check). Messages are the spec's, word for word.
 */
import { PASSWORD_MIN_LENGTH } from './constants';

export const PASSWORD_MESSAGES = {
  required: 'Password and Confirm Password are required fields',
  mismatch: 'The password and Confirm Password are not the same',
  tooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
} as const;

export type PasswordProblem = { field: 'password' | 'confirmation'; message: string };

/** The first problem with a new password and its confirmation, or null when they may be saved. */
export function validateNewPassword(password: string | null | undefined, confirmation: string | null | undefined): PasswordProblem | null {
  const p = password ?? '';
  const c = confirmation ?? '';
  if (p === '' || c === '') return { field: p === '' ? 'password' : 'confirmation', message: PASSWORD_MESSAGES.required };
  if (p !== c) return { field: 'confirmation', message: PASSWORD_MESSAGES.mismatch };
  if (p.length < PASSWORD_MIN_LENGTH) return { field: 'password', message: PASSWORD_MESSAGES.tooShort };
  return null;
}
