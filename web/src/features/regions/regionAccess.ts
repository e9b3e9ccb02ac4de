import { canManageSchedules, canViewCycleOverrides, canViewRegions, isOrganizationUser } from '@fsi/shared';
import type { RegionsViewerQuery } from './RegionsPage.generated';

type Viewer = RegionsViewerQuery['viewer'];

/**
 * What the viewer may do on the regions screens (admin-people-schedules.md section 6), from the rules of @fsi/shared
 * that the backend applies too; decided before anything is asked, since FORBIDDEN ends the session.
 */
export function regionAccess(viewer: Viewer | undefined, organizationId: string) {
  if (!viewer) return { view: false, manage: false, overrides: false, organizationUser: false };
  const own = viewer.isAdmin || viewer.organization?.id === organizationId;
  const identity = { isAdmin: viewer.isAdmin, organizationId: viewer.organization?.id, regionId: viewer.region?.id };
  return {
    view: own && canViewRegions(identity, viewer.permissions),
    manage: own && canManageSchedules(viewer.isAdmin, viewer.permissions),
    overrides: own && canViewCycleOverrides(viewer.isAdmin, viewer.permissions),
    organizationUser: own && isOrganizationUser(identity),
  };
}
