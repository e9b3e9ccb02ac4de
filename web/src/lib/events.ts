import { createSignal } from './signal';

/**
 * Two app-wide signals that start outside React (in the Apollo link chain) and end inside it: the
 * session was refused by the server, and an unhandled error should be shown in the error banner.
 */

/** The server answered UNAUTHENTICATED or FORBIDDEN (or HTTP 401/403). */
export const sessionRefused = createSignal<void>();

/** The banner text when fetch itself failed; the banner goes when the browser is back online. */
export const SERVER_UNREACHABLE = 'The server could not be reached. Check your connection and try again.';

/** An error no screen handles itself; the banner shows its text for 30 seconds. */
export const appErrors = createSignal<string>();
