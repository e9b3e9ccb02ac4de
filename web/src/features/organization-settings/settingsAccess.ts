import { canViewBuildingSettings, canViewOrganizationSettings } from '@fsi/shared';
import type { OrganizationSettingsViewerQuery } from './OrganizationSettingsPage.generated';

export type SettingsViewer = OrganizationSettingsViewerQuery['viewer'];

/** 'buildings_count' → 'buildingsCount': the REST counter's GraphQL field. */
export function counterField(key: string): string {
  return key.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
}

/**
 * Whether the viewer may open an organization's settings: the rule of @fsi/shared (which the backend applies), for
 * their own organization (administrators: any). Decided before anything is asked, since FORBIDDEN ends the session.
 */
export function mayOpenOrganizationSettings(viewer: SettingsViewer, organizationId: string): boolean {
  if (viewer.isAdmin) return true;
  return viewer.organization?.id === organizationId && canViewOrganizationSettings(false, viewer.permissions);
}

/** Manage Buildings: the organization's settings readers and users who manage or view buildings (section 6). */
export function mayOpenBuildingsList(viewer: SettingsViewer, organizationId: string): boolean {
  if (viewer.isAdmin) return true;
  return viewer.organization?.id === organizationId && canViewBuildingSettings(false, viewer.permissions);
}

/** Where Organization Settings goes back to: the organizations list for those who manage organizations. */
export function organizationsBack(viewer: SettingsViewer | undefined): { label: string; to: string } {
  if (viewer && (viewer.isAdmin || viewer.permissions.canManageOrganization)) return { label: 'Organizations', to: '/manage/organizations' };
  return { label: 'Buildings', to: '/buildings' };
}
