import { useParams, useSearchParams } from 'react-router-dom';
import { Stack, Title } from '@mantine/core';
import { useReportsPageQuery } from '../../generated/graphql';
import { TopBar } from '../../ui/TopBar';
import { isListGroupKey, LIST_GROUPS } from './reportGroups';
import { NoSuchBuilding, ReportsLoadError, ReportsLoading } from './ReportStates';
import { WalkaboutReportList } from './WalkaboutReportList';
import classes from './reports.module.css';

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
    <>
      <TopBar title={title} back={{ label: 'Reports', to: `/buildings/${buildingId}/reports/groups` }} />
      <Stack gap="md" className={classes.page}>
        {building && (
          <Title order={2} size="h3" className={classes.buildingName}>
            {building.name}
          </Title>
        )}
        {error && !data && <ReportsLoadError title="The reports could not be loaded" onRetry={() => void refetch()} />}
        {loading && !data && <ReportsLoading label="Loading reports" />}
        {data && !building && <NoSuchBuilding />}
        {building && data && <WalkaboutReportList reports={data.walkaboutReports.nodes} label={title} />}
      </Stack>
    </>
  );
}
