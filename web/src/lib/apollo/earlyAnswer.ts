import { EARLY_REQUEST_KEY_PREFIX, readAccessToken } from '../session/session';

/**
 * A screen's first query sent as the page starts, before Apollo Client and the screen's code have arrived (on a phone
 * on slow 4G, a second and more later), so that its answer travels beside them rather than after them. Which request
 * to send is the one the app last sent for that screen, kept on the device: the same operation text, variables and
 * headers (the access token is added from the session, never kept here). When Apollo Client then sends the same
 * request (byte for byte the same body, so the same query and variables), it takes the answer already on its way
 * (`fetchWithEarlyAnswers`, HttpLink's fetch) instead of asking again. A request that differs (another filter, a new
 * version of the app) goes out as usual, and the early answer is left unused.
 *
 * This module is part of the page's entry (src/main.tsx starts the requests), so it imports nothing but the session.
 */

/** The operations every page behind sign-in sends first: the shell's (its toolbar, the environment's banner). */
const SHELL_OPERATIONS = ['Shell', 'EnvironmentBanner'];
/** The operations a screen sends first, by its path ('/' leads to /buildings). */
const SCREEN_OPERATIONS: Record<string, string[]> = { '/': ['BuildingsPage', 'BuildingFilter'], '/buildings': ['BuildingsPage', 'BuildingFilter'] };
const EARLY_OPERATIONS = new Set([...SHELL_OPERATIONS, ...Object.values(SCREEN_OPERATIONS).flat()]);

type KeptRequest = { url: string; body: string; headers: Record<string, string> };

/**
 * Early answers not yet taken, by operation name. Only the operation's first request of the page load may take one: a
 * later request with the same body (a refetch minutes later) must get a fresh answer, not the page start's.
 */
const early = new Map<string, { body: string; answer: Promise<Response> }>();

/**
 * At the start of a page load with a session, on a page behind sign-in: sends the first requests of the shell and of
 * the path's screen again, those kept.
 */
export function startEarlyAnswers(pathname: string): void {
  const token = readAccessToken();
  if (token === null) return;
  for (const operation of [...(SCREEN_OPERATIONS[pathname] ?? []), ...SHELL_OPERATIONS]) {
    const kept = readKept(operation);
    if (!kept || early.has(operation)) continue;
    const answer = fetch(kept.url, { method: 'POST', headers: { ...kept.headers, authorization: `Bearer ${token}` }, body: kept.body });
    // A failure is met again by the query that takes it (offline: the screen shows the device's copy).
    answer.catch(() => undefined);
    early.set(operation, { body: kept.body, answer });
  }
}

/**
 * HttpLink's fetch: the first request of an operation sent early takes its early answer if it is the same request,
 * else asks the network (and the early answer is dropped either way); the request is kept for the next page load.
 */
export function fetchWithEarlyAnswers(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const body = typeof init?.body === 'string' ? init.body : undefined;
  const operation = body === undefined ? undefined : operationNameOf(body);
  if (operation !== undefined) {
    keep(input, init!, body!, operation);
    const sent = early.get(operation);
    early.delete(operation);
    if (sent !== undefined && sent.body === body) return sent.answer;
  }
  return window.fetch(input, init);
}

function keep(input: RequestInfo | URL, init: RequestInit, body: string, operation: string): void {
  const headers: Record<string, string> = {};
  new Headers(init.headers).forEach((value, name) => {
    if (name !== 'authorization') headers[name] = value;
  });
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  try {
    window.localStorage.setItem(`${EARLY_REQUEST_KEY_PREFIX}${operation}`, JSON.stringify({ url, body, headers } satisfies KeptRequest));
  } catch {
    // A full or unavailable storage: the next load asks at the usual time.
  }
}

/** The name of the operation of `body` if it is one sent early. */
function operationNameOf(body: string): string | undefined {
  // The body starts with the operation's name (Apollo's HttpLink writes it first); parsed only when it is a candidate.
  if (![...EARLY_OPERATIONS].some((name) => body.includes(`"${name}"`))) return undefined;
  try {
    const parsed = JSON.parse(body) as { operationName?: unknown };
    return typeof parsed.operationName === 'string' && EARLY_OPERATIONS.has(parsed.operationName) ? parsed.operationName : undefined;
  } catch {
    return undefined;
  }
}

function readKept(operation: string): KeptRequest | null {
  try {
    const raw = window.localStorage.getItem(`${EARLY_REQUEST_KEY_PREFIX}${operation}`);
    if (!raw) return null;
    const kept = JSON.parse(raw) as Partial<KeptRequest>;
    if (typeof kept.url !== 'string' || typeof kept.body !== 'string' || typeof kept.headers !== 'object' || kept.headers === null) return null;
    // Only this origin's GraphQL endpoint: the kept request never sends the token elsewhere.
    if (new URL(kept.url, window.location.href).origin !== window.location.origin) return null;
    return { url: kept.url, body: kept.body, headers: kept.headers };
  } catch {
    return null;
  }
}
