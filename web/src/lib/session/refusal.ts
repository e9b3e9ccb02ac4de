import { sessionRefused } from '../events';
import { clearStoredSession } from './session';

const SESSION_CODES: ReadonlySet<unknown> = new Set(['UNAUTHENTICATED', 'FORBIDDEN']);

/**
 * Whether the server refused the session (DESIGN.md section 4, "Errors and the session"): an HTTP 401
 * or 403, or a GraphQL error whose `extensions.code` is UNAUTHENTICATED or FORBIDDEN. Nothing else ends
 * a session. The one place that decides it, for the Apollo link, the mutation hooks and uploads.
 */
export function refusesSession(statusCode: number | undefined, graphQLErrors: readonly { extensions?: { code?: unknown } }[] = []): boolean {
  if (statusCode === 401 || statusCode === 403) return true;
  return graphQLErrors.some((error) => SESSION_CODES.has(error.extensions?.code));
}

/** Ends a refused session: the token leaves the device and the route guard sends the user to sign-in. Pending work stays. */
export function endRefusedSession(): void {
  clearStoredSession();
  sessionRefused.emit();
}
