import type { ShellNav_ViewerFragment } from './ShellNav.generated';
import { LAST_VIEWER_KEY, readAccessToken } from '../../lib/session/session';

/**
 * The last viewer the Shell query answered with, kept on the device so that a
 * reload without a network still shows the toolbar the user may use. It only
 * decides which links are shown; the server still checks every call. The
 * session's end (sign-out, 401/403) removes it with the token (session.ts).
 */
export function storeLastViewer(viewer: ShellNav_ViewerFragment): void {
  try {
    window.localStorage.setItem(LAST_VIEWER_KEY, JSON.stringify(viewer));
  } catch {
    // Storage full or unavailable: the toolbar just falls back to Sign Out offline.
  }
}

function isViewer(value: unknown): value is ShellNav_ViewerFragment {
  if (typeof value !== 'object' || value === null) return false;
  const viewer = value as Record<string, unknown>;
  const permissions = viewer.permissions as Record<string, unknown> | null | undefined;
  const organization = viewer.organization as Record<string, unknown> | null | undefined;
  return (
    typeof viewer.id === 'string' &&
    typeof viewer.isAdmin === 'boolean' &&
    typeof permissions === 'object' &&
    permissions !== null &&
    (organization === null || (typeof organization === 'object' && typeof organization.id === 'string'))
  );
}

export function readLastViewer(): ShellNav_ViewerFragment | undefined {
  if (!readAccessToken()) return undefined;
  try {
    const value: unknown = JSON.parse(window.localStorage.getItem(LAST_VIEWER_KEY) ?? 'null');
    return isViewer(value) ? value : undefined;
  } catch {
    return undefined;
  }
}
