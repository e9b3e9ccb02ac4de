/**
 * What a session keeps on the device (spec inspection.md section 8): the access
 * token and the building filter. Only these keys are removed on sign-out, so
 * that anything else the app keeps locally (such as unsaved inspection results)
 * survives an expired session.
 */
export const ACCESS_TOKEN_KEY = 'fsi.accessToken';
export const BUILDING_FILTER_KEY = 'fsi.buildingFilter';
/** The signed-in user's toolbar permissions from the last answer, so that offline the toolbar still shows them. */
export const LAST_VIEWER_KEY = 'fsi.shellViewer';
/** The last request of each operation sent at the start of a page load (lib/apollo/earlyAnswer.ts), by operation name. */
export const EARLY_REQUEST_KEY_PREFIX = 'fsi.earlyRequest.';

export function readAccessToken(): string | null {
  return window.localStorage.getItem(ACCESS_TOKEN_KEY);
}

export function storeAccessToken(token: string): void {
  window.localStorage.setItem(ACCESS_TOKEN_KEY, token);
  // A new session never inherits the previous user's toolbar.
  window.localStorage.removeItem(LAST_VIEWER_KEY);
}

export function clearStoredSession(): void {
  window.localStorage.removeItem(ACCESS_TOKEN_KEY);
  window.localStorage.removeItem(BUILDING_FILTER_KEY);
  window.localStorage.removeItem(LAST_VIEWER_KEY);
  for (let index = window.localStorage.length - 1; index >= 0; index -= 1) {
    const key = window.localStorage.key(index);
    if (key?.startsWith(EARLY_REQUEST_KEY_PREFIX)) window.localStorage.removeItem(key);
  }
}

/** Pages reachable without a session: an auth failure there must not send the user back to sign-in in a loop. */
export const PUBLIC_PATHS = ['/signin', '/forgot-password', '/change-password'] as const;

export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PATHS.some((path) => pathname === path || pathname.startsWith(`${path}/`));
}

/**
 * Where to go after sign-in. Only same-origin paths are accepted, so that a
 * crafted link cannot send a user who just signed in to another site.
 */
export function safeRedirectPath(redirectUrl: string | null): string {
  if (!redirectUrl || !redirectUrl.startsWith('/') || redirectUrl.startsWith('//') || redirectUrl.startsWith('/\\')) {
    return '/buildings';
  }
  if (isPublicPath(redirectUrl.split(/[?#]/)[0] ?? '')) return '/buildings';
  return redirectUrl;
}

export function signInPathFor(pathname: string, search: string): string {
  const current = `${pathname}${search}`;
  if (isPublicPath(pathname) || current === '/' || current === '') return '/signin';
  return `/signin?redirectUrl=${encodeURIComponent(current)}`;
}
