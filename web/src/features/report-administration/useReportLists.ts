import { useReportListsPageQuery } from './ReportListsPage.generated';
import { useReportAdministrationViewerQuery } from './reportAdministration.generated';
import { reportAccess } from './access';

/** The viewer, what they may do, and (only when they may see it: a FORBIDDEN would end the session) the organization's lists. */
export function useReportLists(organizationId: string, kind: 'definitions' | 'booklets' | 'both') {
  const viewerQuery = useReportAdministrationViewerQuery();
  const viewer = viewerQuery.data?.viewer;
  const access = reportAccess(viewer, organizationId);
  const allowed = kind === 'definitions' ? access.viewDefinitions : kind === 'booklets' ? access.viewBooklets : access.viewDefinitions && access.viewBooklets;
  const query = useReportListsPageQuery({ variables: { organizationId }, skip: !allowed, fetchPolicy: 'cache-and-network' });
  return { viewer, viewerLoading: viewerQuery.loading, access, allowed, ...query, reload: () => void query.refetch().catch(() => undefined) };
}
