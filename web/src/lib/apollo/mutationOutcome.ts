import { ApolloError } from '@apollo/client';
import { sessionRefused } from '../events';
import { clearStoredSession } from '../session/session';

/** How a call of the walkabout screen ended, in the terms the screen acts on. */
export type SendResult =
  | { status: 'ok' }
  | { status: 'offline' }
  | { status: 'signedOut' }
  | { status: 'refused'; message: string };

const SESSION_CODES = new Set(['UNAUTHENTICATED', 'FORBIDDEN']);

function statusCodeOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const code = (error as { statusCode?: unknown }).statusCode;
  return typeof code === 'number' ? code : undefined;
}

/** Ends the session as the app's error link does (spec section 8); pending work stays on the device. */
export function endRefusedSession(): void {
  clearStoredSession();
  sessionRefused.emit();
}

/**
 * Sorts a failed call: no answer or a server fault is 'offline' (the work waits for the network), a
 * refused session ends it, anything else is the server refusing this input.
 */
export function classifyError(error: unknown): SendResult {
  if (!(error instanceof ApolloError)) return { status: 'offline' };
  const code = error.graphQLErrors.map((graphQLError) => graphQLError.extensions?.code).find((value) => typeof value === 'string');
  const statusCode = statusCodeOf(error.networkError);
  if ((typeof code === 'string' && SESSION_CODES.has(code)) || statusCode === 401 || statusCode === 403) {
    endRefusedSession();
    return { status: 'signedOut' };
  }
  if (error.graphQLErrors.length > 0) return { status: 'refused', message: error.graphQLErrors[0]?.message ?? error.message };
  if (statusCode !== undefined && statusCode < 500) return { status: 'refused', message: error.message };
  return { status: 'offline' };
}

export function payloadErrorsMessage(errors: readonly { message: string }[]): string {
  return errors.map((error) => error.message).join(' ');
}
