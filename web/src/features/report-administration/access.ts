import { canAddReports, canUpdateReports, canViewReportBooklets, canViewReportDefinitions } from '@fsi/shared/report-administration';
import type { ReportAdministrationViewerQuery } from './reportAdministration.generated';

export type ReportViewer = ReportAdministrationViewerQuery['viewer'];

/**
 * What the viewer may do on the reports screens of an organization (admin-people-schedules.md section 6), decided
 * before anything is asked, since a FORBIDDEN would end the session: the rules of @fsi/shared, which the backend
 * applies, for their own organization (administrators: any).
 */
export function reportAccess(viewer: ReportViewer | undefined, organizationId: string) {
  const own = Boolean(viewer && (viewer.isAdmin || viewer.organization?.id === organizationId));
  const who = { isAdmin: viewer?.isAdmin ?? false, organizationId: viewer?.organization?.id };
  return {
    viewDefinitions: Boolean(viewer && own && canViewReportDefinitions(who)),
    viewBooklets: Boolean(viewer && own && canViewReportBooklets(who, viewer.permissions)),
    add: Boolean(viewer && own && canAddReports(viewer.isAdmin, viewer.permissions)),
    update: Boolean(viewer && own && canUpdateReports(viewer.isAdmin, viewer.permissions)),
    isAdmin: viewer?.isAdmin ?? false,
  };
}
