/**
 * Walkabout mutations report the user's mistakes in their payload (DESIGN.md: exceptions are for faults):
 * besides a 422's field errors, a 409 (the walkabout is locked or closed) is something the inspector
 * can act on, so it is a payload error with the backend's own message. 401 and 403 stay GraphQL errors.
 */
import { toFieldErrors, type FieldErrorRecord } from '../../errors';
import { RestError } from '../../rest-client';

const PAYLOAD_STATUSES = new Set([409, 422]);

export async function withPayloadErrors<T>(call: () => Promise<T>, onErrors: (errors: FieldErrorRecord[]) => T): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof RestError && PAYLOAD_STATUSES.has(error.status)) return onErrors(toFieldErrors(error));
    throw error;
  }
}

/** A REST 404 (the record does not exist or the caller may not see it) as null, like the by-id loaders answer. */
export async function nullWhenNotFound<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof RestError && error.status === 404) return null;
    throw error;
  }
}

/** REST ids are strings of integers: anything else names no record (and sent along it would be the backend's 400). */
export function isRestId(id: string): boolean {
  return /^\d{1,9}$/.test(id);
}
