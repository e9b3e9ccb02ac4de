import { Link, useParams } from 'react-router-dom';
import { Card, Center, EmptyState, Title } from '@mantine/core';
import { useReportGroupsPageQuery } from './ReportGroupsPage.generated';
import { IconChevronRight, IconReport } from '../../ui/icons';
import { reportGroupLinks } from './reportGroups';
import { NoSuchBuilding, ReportsLoadError, ReportsLoading } from './ReportStates';
import classes from './reports.module.css';
import { ReportPage } from './ReportPage';

/** /buildings/{buildingId}/reports/groups: the report groups the viewer may open (inspection.md sections 2 and 6). */
export function ReportGroupsPage() {
  const { buildingId = '' } = useParams();
  const { data, loading, error, refetch } = useReportGroupsPageQuery({ variables: { buildingId } });
  const building = data?.building;
  const links = data ? reportGroupLinks(buildingId, data.viewer.isAdmin, data.viewer.permissions) : [];
  const viewer = data?.viewer;
  // A cycle's reports (every result, failures, notes) with either permission that shows one of them.
  const cycleLinks =
    building && viewer && (viewer.isAdmin || viewer.permissions.canViewWalkaboutReports || viewer.permissions.canViewFailureReport)
      ? building.statuses.map((status) => ({ key: status.cycle.id, label: `${status.cycle.name} Reports`, to: `/buildings/${buildingId}/reports/${status.cycle.id}` }))
      : [];

  return (
    <ReportPage title="Reports" back={{ label: 'Buildings', to: '/buildings' }} buildingName={building?.name}>
      {error && !data && <ReportsLoadError title="The reports could not be loaded" onRetry={() => void refetch()} />}
      {loading && !data && <ReportsLoading label="Loading reports" />}
      {data && !building && <NoSuchBuilding />}
      {building && links.length === 0 && cycleLinks.length === 0 && (
        <Center py="xl">
          <EmptyState icon={<IconReport size={28} />} withIndicatorBackground title="No results found" description="You have no permission to see reports of this building." />
        </Center>
      )}
      {building && links.length > 0 && (
        <nav aria-label="Report groups">
          <LinkList links={links} />
        </nav>
      )}
      {cycleLinks.length > 0 && (
        <nav aria-labelledby="reports-by-cycle">
          <Title order={3} size="h4" id="reports-by-cycle" mb="xs">
            Reports by cycle
          </Title>
          <LinkList links={cycleLinks} />
        </nav>
      )}
    </ReportPage>
  );
}

/** Links as one card of rows, each with its chevron. */
function LinkList({ links }: { links: readonly { key: string; label: string; to: string }[] }) {
  return (
    <Card withBorder radius="md" padding={0}>
      <ul className={classes.list} style={{ gap: 0 }}>
        {links.map((link, index) => (
          <li key={link.key} style={index > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}>
            <Link to={link.to} className={classes.groupLink}>
              <span>{link.label}</span>
              <IconChevronRight size={18} />
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}
