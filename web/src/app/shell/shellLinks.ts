import type { ShellNav_ViewerFragment } from './ShellNav.generated';

export type ShellLink = { key: 'overview' | 'manage' | 'account'; label: string; to: string };

/**
 * The toolbar's links by the rules of spec inspection.md section 6:
 * Overview for admin or canViewOrganizationOverview (admin to all organizations,
 * others to their own); Manage for admin, canManageOrganization, canViewSettings
 * or canViewOrganization (admin and organization managers to the organizations
 * list, others to their organization); Account to the user's own user page.
 * Scan, a button rather than a link, sits between Manage and Account (ShellNav).
 */
export function shellLinks(viewer: ShellNav_ViewerFragment): ShellLink[] {
  const { isAdmin, permissions, organization } = viewer;
  const links: ShellLink[] = [];

  if (isAdmin) {
    links.push({ key: 'overview', label: 'Overview', to: '/overview/organization' });
  } else if (permissions.canViewOrganizationOverview && organization) {
    links.push({ key: 'overview', label: 'Overview', to: `/overview/organization?organizationId=${organization.id}` });
  }

  if (isAdmin || permissions.canManageOrganization) {
    links.push({ key: 'manage', label: 'Manage', to: '/manage/organizations' });
  } else if ((permissions.canViewSettings || permissions.canViewOrganization) && organization) {
    links.push({ key: 'manage', label: 'Manage', to: `/manage/organization/${organization.id}` });
  }

  if (organization) {
    links.push({ key: 'account', label: 'Account', to: `/manage/organization/${organization.id}/user/${viewer.id}` });
  }
  return links;
}
