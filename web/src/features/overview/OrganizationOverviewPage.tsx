import { useMemo, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { Anchor, Button, Container, Group, Select, Stack, Text } from '@mantine/core';
import { canViewOverview } from '@fsi/shared/overview';
import { TopBar } from '../../ui/TopBar';
import { IconReport } from '../../ui/icons';
import { ReportsLoadError } from '../reports/ReportStates';
import {
  useOrganizationOverviewFiltersQuery,
  useOrganizationOverviewQuery,
  useOverviewOrganizationsQuery,
  useOverviewViewerQuery,
} from './OrganizationOverviewPage.generated';
import { OverviewFiltersPanel } from './OverviewFiltersPanel';
import { EMPTY_SELECTION, overviewFilterOf, type Selection } from './overviewFilters';
import { buildingOverviewLink } from './overviewLinks';
import { OverviewEmpty, OverviewLoading, OverviewNotAllowed } from './OverviewStates';
import { OverviewBuildingTable } from './OverviewTable';
import { OverviewTotals } from './OverviewTotals';
import { usePrintOverview } from './usePrintOverview';

export const OVERVIEW_PAGE_SIZE = 10;

/**
 * /overview/organization (optional ?organizationId=; admin-organizations-buildings.md sections 2-6): the totals cards,
 * the collapsible filters, the table of the organization's buildings ten at a time (previous and next), and Print.
 * Administrators choose the organization; everyone else sees their own. Users without an overview permission are told
 * so before anything is asked of the server.
 */
export function OrganizationOverviewPage() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const viewerQuery = useOverviewViewerQuery();
  const viewer = viewerQuery.data?.viewer;
  const allowed = viewer ? canViewOverview(viewer.isAdmin, viewer.permissions) : false;
  const isAdmin = viewer?.isAdmin ?? false;
  const organizationId = (isAdmin ? params.get('organizationId') : viewer?.organization?.id) ?? '';
  const organizations = useOverviewOrganizationsQuery({ skip: !isAdmin });
  const [selection, setSelection] = useState<Selection>(EMPTY_SELECTION);
  const [page, setPage] = useState(1);
  const filtersQuery = useOrganizationOverviewFiltersQuery({ variables: { organizationId }, skip: !allowed || !organizationId });
  const filterData = filtersQuery.data?.organization?.overviewFilters;
  const filter = useMemo(() => (filterData ? overviewFilterOf(filterData, selection) : null), [filterData, selection]);
  const overviewQuery = useOrganizationOverviewQuery({
    variables: { organizationId, filter, page, pageSize: OVERVIEW_PAGE_SIZE },
    skip: !allowed || !organizationId,
    fetchPolicy: 'cache-and-network',
  });
  // While another page or filter loads, the figures shown stay until the new ones arrive.
  const overview = (overviewQuery.data ?? overviewQuery.previousData)?.organization?.overview;
  const organizationName = filtersQuery.data?.organization?.name ?? viewer?.organization?.name ?? '';
  const backUrl = `${location.pathname}${location.search}`;
  const print = usePrintOverview();
  const pages = overview ? Math.max(1, Math.ceil(overview.buildingsCount / OVERVIEW_PAGE_SIZE)) : 1;
  const first = overview ? (page - 1) * OVERVIEW_PAGE_SIZE + 1 : 0;
  const last = overview ? Math.min(overview.buildingsCount, page * OVERVIEW_PAGE_SIZE) : 0;

  const chooseOrganization = (id: string | null) => {
    setSelection(EMPTY_SELECTION);
    setPage(1);
    setParams(id ? { organizationId: id } : {});
  };
  const changeSelection = (next: Selection) => {
    setSelection(next);
    setPage(1);
  };
  const loadFailed = (filtersQuery.error && !filterData) || (overviewQuery.error && !overview);
  const retry = () => {
    void filtersQuery.refetch().catch(() => undefined);
    void overviewQuery.refetch().catch(() => undefined);
  };

  return (
    <>
      <TopBar
        title="Overview"
        back={{ label: 'Buildings', to: '/buildings' }}
        actions={
          overview ? (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconReport size={16} />}
              loading={print.printing}
              onClick={() => void print.run({ title: organizationName ? `${organizationName} overview` : 'Overview', subtitle: `Buildings ${first}-${last} of ${overview.buildingsCount}`, counts: overview.counts, buildings: overview.buildings })}
            >
              Print
            </Button>
          ) : null
        }
      />
      <Container size={1200} w="100%" p="md">
        <Stack gap="md">
          {viewerQuery.loading && !viewer && <OverviewLoading />}
          {viewer && !allowed && <OverviewNotAllowed />}
          {allowed && isAdmin && (
            <Select
              label="Organization"
              placeholder="Choose an organization"
              searchable
              data={(organizations.data?.organizations.nodes ?? []).map((o) => ({ value: o.id, label: o.name }))}
              value={organizationId || null}
              onChange={chooseOrganization}
              maw={420}
            />
          )}
          {allowed && !isAdmin && organizationName && (
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {organizationName}
            </Text>
          )}
          {allowed && !organizationId && !isAdmin && <OverviewEmpty description="You are not a user of an organization." />}
          {allowed && !organizationId && isAdmin && (
            <Text size="sm" c="dimmed">
              Choose an organization to see the state of its buildings.
            </Text>
          )}
          {allowed && organizationId && loadFailed && <ReportsLoadError title="The overview could not be loaded" onRetry={retry} />}
          {print.error && (
            <Text role="alert" c="red" size="sm">
              {print.error}
            </Text>
          )}
          {filterData && <OverviewFiltersPanel data={filterData} selection={selection} onChange={changeSelection} />}
          {allowed && organizationId && !overview && !loadFailed && <OverviewLoading />}
          {overview && (
            <>
              <OverviewTotals counts={overview.counts} />
              {overviewQuery.loading && <OverviewLoading />}
              {overview.buildings.length === 0 ? (
                <OverviewEmpty />
              ) : (
                <Stack gap="md" aria-busy={overviewQuery.loading}>
                  {overview.buildings.map((building) => (
                    <OverviewBuildingTable
                      key={building.buildingId}
                      building={building}
                      backUrl={backUrl}
                      heading={
                        <Anchor component={Link} to={buildingOverviewLink(building.buildingId, organizationId)} inherit>
                          {building.name}
                        </Anchor>
                      }
                    />
                  ))}
                </Stack>
              )}
              {overview.buildingsCount > OVERVIEW_PAGE_SIZE && (
                <Group justify="space-between" component="nav" aria-label="Buildings pages">
                  <Button variant="default" disabled={page <= 1 || overviewQuery.loading} onClick={() => setPage((p) => p - 1)}>
                    Previous buildings
                  </Button>
                  <Text size="sm" aria-live="polite">
                    Buildings {first}-{last} of {overview.buildingsCount}
                  </Text>
                  <Button variant="default" disabled={page >= pages || overviewQuery.loading} onClick={() => setPage((p) => p + 1)}>
                    Next buildings
                  </Button>
                </Group>
              )}
            </>
          )}
        </Stack>
      </Container>
    </>
  );
}
