import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router-dom';
import { Alert, Button, NativeSelect, Text, TextInput, Title } from '@mantine/core';
import { useHistoricalReportsPageQuery, useLatestCompletedReportsQuery, useSearchHistoricalReportsQuery } from './HistoricalReportsPage.generated';
import type { WalkaboutReportType } from '../../generated/schema';
import { IconAlertTriangle } from '../../ui/icons';
import { adjustedEndDate, defaultHistoricalRange } from './reportDates';
import { NoSuchBuilding, ReportsLoadError, ReportsLoading } from './ReportStates';
import { WalkaboutReportList } from './WalkaboutReportList';
import classes from './reports.module.css';
import { ReportPage } from './ReportPage';

type Permissions = { canViewWalkaboutReports: boolean; canViewWalkaboutAuditReports: boolean; canViewFireWatchReports: boolean };

/** The report types of the search (inspection.md section 9), each by the permission that shows it (section 5: audit only with audit permission). */
export function historicalTypeOptions(isAdmin: boolean, can: Permissions): Array<{ value: WalkaboutReportType; label: string }> {
  const has = (flag: keyof Permissions) => isAdmin || can[flag];
  const options: Array<{ value: WalkaboutReportType; label: string }> = [];
  if (has('canViewWalkaboutReports')) options.push({ value: 'WALKABOUT_REPORTS', label: 'Walkabout Reports' });
  if (has('canViewWalkaboutAuditReports')) options.push({ value: 'WALKABOUT_AUDIT_REPORTS', label: 'Walkabout Audit Reports' });
  if (has('canViewWalkaboutReports')) options.push({ value: 'REPORT_BOOKLETS', label: 'Report Booklets' });
  if (has('canViewFireWatchReports')) options.push({ value: 'FIRE_WATCH_REPORTS', label: 'Fire Watch Reports' });
  if (has('canViewWalkaboutReports')) options.push({ value: 'ADHOC_REPORTS', label: 'On-demand Reports' });
  return options;
}

type Search = { types: WalkaboutReportType[]; dateFrom: string; dateTo: string };

/**
 * /buildings/{buildingId}/historical-reports: the latest completed reports ('Get Latest Completed', shown first) or
 * a search by date range, at most 30 days, and report type ('Search Historical Reports', inspection.md sections 2, 5).
 */
export function HistoricalReportsPage() {
  const { buildingId = '' } = useParams();
  const page = useHistoricalReportsPageQuery({ variables: { buildingId } });
  const building = page.data?.building;
  const viewer = page.data?.viewer;
  const options = viewer ? historicalTypeOptions(viewer.isAdmin, viewer.permissions) : [];
  const [mode, setMode] = useState<'latest' | 'search'>('latest');
  const [form, setForm] = useState(() => ({ ...defaultHistoricalRange(), type: '' as WalkaboutReportType | '' }));
  const [search, setSearch] = useState<Search | null>(null);
  const type = form.type !== '' && options.some((option) => option.value === form.type) ? form.type : options[0]?.value;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!type) return;
    setSearch({ types: [type], dateFrom: form.dateFrom, dateTo: adjustedEndDate(form.dateFrom, form.dateTo) });
    setMode('search');
  };

  return (
    <ReportPage title="Historical Reports" back={{ label: 'Reports', to: `/buildings/${buildingId}/reports/groups` }} buildingName={building?.name}>
      {page.error && !page.data && <ReportsLoadError title="The reports could not be loaded" onRetry={() => void page.refetch()} />}
      {page.loading && !page.data && <ReportsLoading label="Loading reports" />}
      {page.data && !building && <NoSuchBuilding />}
      {building && (
        <>
          <section aria-labelledby="latest-completed">
            <Title order={3} size="h4" id="latest-completed" mb="xs">
              Latest Completed
            </Title>
            <Button variant={mode === 'latest' ? 'filled' : 'light'} onClick={() => setMode('latest')} aria-pressed={mode === 'latest'}>
              Get Latest Completed
            </Button>
          </section>
          <section aria-labelledby="search-historical">
            <Title order={3} size="h4" id="search-historical" mb="xs">
              Search Historical Reports
            </Title>
            <form className={classes.searchForm} onSubmit={submit} noValidate>
              <TextInput
                type="date"
                label="Start date"
                required
                value={form.dateFrom}
                onChange={(event) => {
                  const dateFrom = event.currentTarget.value;
                  setForm((current) => ({ ...current, dateFrom, dateTo: adjustedEndDate(dateFrom, current.dateTo) }));
                }}
              />
              <TextInput
                type="date"
                label="End date"
                required
                value={form.dateTo}
                onChange={(event) => {
                  const dateTo = event.currentTarget.value;
                  setForm((current) => ({ ...current, dateTo }));
                }}
                onBlur={() => setForm((current) => ({ ...current, dateTo: adjustedEndDate(current.dateFrom, current.dateTo) }))}
              />
              <NativeSelect
                label="Report type"
                data={options}
                value={type ?? ''}
                onChange={(event) => {
                  const value = event.currentTarget.value as WalkaboutReportType;
                  setForm((current) => ({ ...current, type: value }));
                }}
              />
              <Button type="submit" disabled={!type || form.dateFrom === '' || form.dateTo === ''}>
                Search
              </Button>
            </form>
            <Text size="sm" c="dimmed" mt={6}>
              The end date is at most 30 days after the start.
            </Text>
          </section>
          <section aria-labelledby="historical-results">
            <Title order={3} size="h4" id="historical-results" mb="xs">
              {mode === 'latest' ? 'Latest completed reports' : 'Search results'}
            </Title>
            {mode === 'latest' ? <LatestCompleted buildingId={buildingId} /> : search && <SearchResults buildingId={buildingId} search={search} />}
          </section>
        </>
      )}
    </ReportPage>
  );
}

function LatestCompleted({ buildingId }: { buildingId: string }) {
  const { data, loading, error, refetch } = useLatestCompletedReportsQuery({ variables: { buildingId }, fetchPolicy: 'cache-and-network' });
  if (error && !data) return <ReportsLoadError title="The latest reports could not be loaded" onRetry={() => void refetch()} />;
  if (loading && !data) return <ReportsLoading label="Loading the latest completed reports" />;
  const latest = data?.latestWalkaboutReports;
  const reports = latest
    ? [...latest.walkaboutReports, ...latest.walkaboutAuditReports, ...latest.reportBooklets, ...latest.fireWatchReports, ...latest.adhocReports]
    : [];
  return <WalkaboutReportList reports={reports} label="Latest completed reports" />;
}

function SearchResults({ buildingId, search }: { buildingId: string; search: Search }) {
  const { data, loading, error, refetch } = useSearchHistoricalReportsQuery({ variables: { buildingId, ...search }, fetchPolicy: 'network-only' });
  if (error && !data) return <ReportsLoadError title="The search could not be run" onRetry={() => void refetch()} />;
  if (loading || !data) return <ReportsLoading label="Searching reports" />;
  const { nodes, errors } = data.walkaboutReports;
  if (errors.length > 0) {
    return (
      <Alert role="alert" color="red" variant="light" icon={<IconAlertTriangle />} title="The search could not be run">
        {errors.map((fieldError) => fieldError.message).join(' ')}
      </Alert>
    );
  }
  return <WalkaboutReportList reports={nodes} label="Search results" />;
}
