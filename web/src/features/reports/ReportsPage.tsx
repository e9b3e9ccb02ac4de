import { useParams, useSearchParams } from 'react-router-dom';
import { useReportsPageQuery } from './ReportsPage.generated';
import { isListGroupKey, LIST_GROUPS } from './reportGroups';
import { NoSuchBuilding, ReportsLoadError, ReportsLoading } from './ReportStates';
import { WalkaboutReportList } from './WalkaboutReportList';
import { ReportPage } from './ReportPage';

/**
 * /buildings/{buildingId}/reports (optional ?group=interim|completed-walkabout|audit): the building's walkabout
 * reports, newest first; without a group, every kind the viewer may see (inspection.md section 2, Reports list).
 */
export function ReportsPage() {
  const { buildingId = '' } = useParams();
  const [params] = useSearchParams();
  const groupKey = params.get('group');
  const group = isListGroupKey(groupKey) ? LIST_GROUPS[groupKey] : null;
  const title = group?.label ?? 'Walkabout Reports';
  const { data, loading, error, refetch } = useReportsPageQuery({
    variables: { buildingId, group: group?.group ?? null },
    fetchPolicy: 'cache-and-network',
  });
  const building = data?.building;

  return (
    <ReportPage title={title} back={{ label: 'Reports', to: `/buildings/${buildingId}/reports/groups` }} buildingName={building?.name}>
      {error && !data && <ReportsLoadError title="The reports could not be loaded" onRetry={() => void refetch()} />}
      {loading && !data && <ReportsLoading label="Loading reports" />}
      {data && !building && <NoSuchBuilding />}
      {building && data && <WalkaboutReportList reports={data.walkaboutReports.nodes} label={title} />}
    </ReportPage>
  );
}
