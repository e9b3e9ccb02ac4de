import type { FieldErrorCode } from '../generated/schema';

/** Why the server refused a call: a field error of a mutation's payload, or a refusal without a code (a GraphQL or HTTP error). */
export type Refusal = { field?: string | null; message: string; code: FieldErrorCode | null };

/**
 * How a call to the server ended, in the terms the screens act on: done, refused (with the field
 * errors, which a screen branches on by `code`, never by message text), offline (no answer or a
 * server fault: the work waits for the network) or signed out (the session was refused and has ended).
 */
export type Outcome<T> =
  | { status: 'done'; value: T }
  | { status: 'refused'; errors: readonly Refusal[] }
  | { status: 'offline' }
  | { status: 'signedOut' };

export type Failure = Exclude<Outcome<never>, { status: 'done' }>;

/** The refusal's messages as one text. */
export function refusalText(errors: readonly Pick<Refusal, 'message'>[]): string {
  return errors.map((error) => error.message).join(' ');
}

/** The payload's own field errors (they carry a code), leaving out a refusal without one. */
export function fieldErrorsOf(outcome: Outcome<unknown>): readonly (Refusal & { code: FieldErrorCode })[] {
  if (outcome.status !== 'refused') return [];
  return outcome.errors.filter((error): error is Refusal & { code: FieldErrorCode } => error.code !== null);
}
