import { Link, useParams } from 'react-router-dom';
import { Badge, Card, Center, EmptyState, Group, Stack, Text } from '@mantine/core';
import { useReportsByCycleAccessQuery, useReportsByCyclePageQuery } from './ReportsByCyclePage.generated';
import type { ReportLayout } from '../../generated/schema';
import { IconChevronRight, IconReport, IconSearch } from '../../ui/icons';
import { displayDate, itemCounts } from './reportDates';
import { NoSuchBuilding, ReportsLoadError, ReportsLoading } from './ReportStates';
import classes from './reports.module.css';
import { ReportPage } from './ReportPage';

const LAYOUT_LABELS: Record<ReportLayout, string> = {
  DEFAULT: 'Every result',
  FAILURE: 'Failures',
  NOTES: 'Notes',
};

/**
 * /buildings/{buildingId}/reports/{cycleId} (inspection.md section 2, Reports by cycle): the cycle's reports of the
 * building, computed from its latest walkabout: every result (the default grid, canViewWalkaboutReports), and the
 * failures and notes (canViewFailureReport). Each opens at /buildings/{buildingId}/reports/{cycleId}/{reportId}.
 * The permissions are read first: the reports query answers FORBIDDEN without either, which would end the session.
 */
export function ReportsByCyclePage() {
  const { buildingId = '', cycleId = '' } = useParams();
  const access = useReportsByCycleAccessQuery({ variables: { buildingId } });
  const viewer = access.data?.viewer;
  const mayView = Boolean(viewer && (viewer.isAdmin || viewer.permissions.canViewWalkaboutReports || viewer.permissions.canViewFailureReport));
  const building = access.data?.building;
  const cycleName = building?.statuses.find((status) => status.cycle.id === cycleId)?.cycle.name;
  const page = useReportsByCyclePageQuery({ variables: { buildingId, cycleId }, skip: !mayView || !building, fetchPolicy: 'cache-and-network' });
  const reports = page.data?.reports;
  const title = cycleName ? `${cycleName} Reports` : 'Reports';
  const error = access.error ?? page.error;

  return (
    <ReportPage title={title} back={{ label: 'Reports', to: `/buildings/${buildingId}/reports/groups` }} buildingName={building?.name}>
      {error && !reports && <ReportsLoadError title="The reports could not be loaded" onRetry={() => void (access.data ? page.refetch() : access.refetch())} />}
      {!error && (access.loading || page.loading) && !reports && <ReportsLoading label="Loading reports" />}
      {access.data && !building && <NoSuchBuilding />}
      {building && !mayView && (
        <Center py="xl">
          <EmptyState icon={<IconReport size={28} />} withIndicatorBackground title="No results found" description="You have no permission to see reports of this building." />
        </Center>
      )}
      {reports && reports.length === 0 && (
        <Center py="xl">
          <EmptyState icon={<IconSearch size={28} />} withIndicatorBackground title="No results found" />
        </Center>
      )}
      {reports && reports.length > 0 && (
        <ul className={classes.list} aria-label={title}>
          {reports.map((report) => (
            <li key={report.id}>
              <Card withBorder radius="md" padding={0}>
                <Link to={`/buildings/${buildingId}/reports/${cycleId}/${report.id}`} className={classes.groupLink}>
                  <Stack gap={2}>
                    <Group gap="xs">
                      <Text fw={600} component="span">
                        {report.name}
                      </Text>
                      <Badge variant="light" color={report.type === 'FAILURE' && report.total > 0 ? 'red' : 'gray'}>
                        {LAYOUT_LABELS[report.type]}
                      </Badge>
                    </Group>
                    <Text size="sm" c="dimmed" component="span">
                      {[
                        report.date ? `Latest walkabout ${displayDate(report.date)}` : 'No walkabout yet',
                        report.type === 'DEFAULT' ? `${report.total} ${report.total === 1 ? 'result' : 'results'}` : itemCounts(report.total, report.acknowledgedTotal),
                      ].join(' · ')}
                    </Text>
                  </Stack>
                  <IconChevronRight size={18} />
                </Link>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </ReportPage>
  );
}
