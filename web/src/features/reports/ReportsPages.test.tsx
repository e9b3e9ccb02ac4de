import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { graphql, HttpResponse } from 'msw';
import dayjs from 'dayjs';
import type { PermissionFlag } from '@fsi/shared';
import { renderApp } from '../../test/render';
import { aViewer } from '../../test/builders';
import { openDownload } from './ReportDownloadPage';
import { adjustedEndDate, defaultHistoricalRange } from './reportDates';

const building = { __typename: 'Building' as const, id: '11', name: 'King Street Tower' };

function aReport(overrides: Record<string, unknown> = {}) {
  return {
    __typename: 'WalkaboutReport' as const,
    id: '501',
    name: 'Weekly Fire Safety Inspection',
    type: 'WALKABOUT_REPORTS',
    url: '/walkabout-reports/501/download',
    startDate: '2026-03-02',
    endDate: '2026-03-08',
    cycleName: 'Weekly',
    lockedAt: '2026-03-09T16:05:00.000Z',
    isInterim: false,
    status: 'READY',
    ...overrides,
  };
}

function connection(nodes: unknown[], errors: unknown[] = []) {
  return { __typename: 'WalkaboutReportConnection', nodes, errors };
}

afterEach(() => vi.restoreAllMocks());

const cycleStatuses = [
  { __typename: 'BuildingStatus', cycle: { __typename: 'Cycle', id: '1', name: 'Daily' } },
  { __typename: 'BuildingStatus', cycle: { __typename: 'Cycle', id: '2', name: 'Weekly' } },
];

describe('Report groups', () => {
  function renderGroups(granted: PermissionFlag[], isAdmin = false) {
    const viewer = aViewer({ granted, isAdmin });
    renderApp({
      route: '/buildings/11/reports/groups',
      viewer,
      handlers: [graphql.query('ReportGroupsPage', () => HttpResponse.json({ data: { viewer, building: { ...building, statuses: cycleStatuses } } }))],
    });
  }

  const groupLinks = async () => {
    const nav = await screen.findByRole('navigation', { name: 'Report groups' });
    return within(nav)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
  };

  it('shows every group to a user with every report permission, each linking to its screen', async () => {
    renderGroups(['canViewWalkaboutReports', 'canViewWalkaboutAuditReports', 'canViewRepairReports', 'canCreateWalkaboutReports']);
    expect(await groupLinks()).toEqual([
      ['Interim Reports', '/buildings/11/reports?group=interim'],
      ['Completed Walkabout Reports', '/buildings/11/reports?group=completed-walkabout'],
      ['Walkabout Audit Reports', '/buildings/11/reports?group=audit'],
      ['Historical Reports', '/buildings/11/historical-reports'],
      ['On-demand Reports', '/buildings/11/on-demand-reports'],
      ['Repair Reports', '/buildings/11/reports/repair'],
    ]);
    expect(screen.getByRole('heading', { level: 1, name: 'Reports' })).toBeInTheDocument();
    const byCycle = screen.getByRole('navigation', { name: 'Reports by cycle' });
    expect(within(byCycle).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Daily Reports', '/buildings/11/reports/1'],
      ['Weekly Reports', '/buildings/11/reports/2'],
    ]);
    expect(screen.getByRole('link', { name: 'Buildings' })).toHaveAttribute('href', '/buildings');
  });

  it('shows only the groups of the permissions held: audit reports alone give audit and historical', async () => {
    renderGroups(['canViewWalkaboutAuditReports']);
    expect(await groupLinks()).toEqual([
      ['Walkabout Audit Reports', '/buildings/11/reports?group=audit'],
      ['Historical Reports', '/buildings/11/historical-reports'],
    ]);
  });

  it('shows repair reports alone to a user who may only see repair reports', async () => {
    renderGroups(['canViewRepairReports']);
    expect(await groupLinks()).toEqual([['Repair Reports', '/buildings/11/reports/repair']]);
    expect(screen.queryByRole('navigation', { name: 'Reports by cycle' })).not.toBeInTheDocument();
  });
});

describe('Reports list', () => {
  function renderList(route: string, answer: () => Response | Promise<Response>, onVariables?: (variables: Record<string, unknown>) => void) {
    renderApp({
      route,
      handlers: [
        graphql.query('ReportsPage', ({ variables }) => {
          onVariables?.(variables);
          return answer();
        }),
      ],
    });
  }

  it("lists the group's reports with cycle, period, lock time and the interim badge, each opening its PDF in a new window", async () => {
    const asked: Array<Record<string, unknown>> = [];
    renderList(
      '/buildings/11/reports?group=interim',
      () =>
        HttpResponse.json({
          data: {
            building,
            walkaboutReports: connection([
              aReport({ id: '502', name: 'Daily Fire Alarm Log', url: '/walkabout-reports/502/download', cycleName: 'Daily', startDate: '2026-03-10', endDate: '2026-03-10', lockedAt: null, isInterim: true }),
              aReport(),
            ]),
          },
        }),
      (variables) => asked.push(variables),
    );
    const list = await screen.findByRole('list', { name: 'Interim Reports' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Daily Fire Alarm Log');
    expect(items[0]).toHaveTextContent('Interim');
    expect(items[0]).toHaveTextContent('PeriodMarch 10, 2026');
    expect(items[0]).toHaveTextContent('LockedNot locked yet');
    expect(items[1]).toHaveTextContent('CycleWeekly');
    expect(items[1]).toHaveTextContent('PeriodMarch 2, 2026 – March 8, 2026');
    expect(items[1]).toHaveTextContent(`Locked${dayjs('2026-03-09T16:05:00.000Z').format('MMMM D, YYYY')} at`);
    expect(items[1]).not.toHaveTextContent('Interim');
    const open = within(items[1]!).getByRole('link', { name: /Weekly Fire Safety Inspection/ });
    expect(open).toHaveAttribute('href', '/reports/download?downloadUrl=%2Fwalkabout-reports%2F501%2Fdownload');
    expect(open).toHaveAttribute('target', '_blank');
    expect(asked[0]).toMatchObject({ buildingId: '11', group: 'INTERIM' });
    expect(screen.getByRole('heading', { level: 1, name: 'Interim Reports' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reports' })).toHaveAttribute('href', '/buildings/11/reports/groups');
  });

  it('says a report still being generated is so, without a link to open', async () => {
    renderList('/buildings/11/reports?group=completed-walkabout', () =>
      HttpResponse.json({ data: { building, walkaboutReports: connection([aReport({ status: 'PENDING' })]) } }),
    );
    const list = await screen.findByRole('list', { name: 'Completed Walkabout Reports' });
    expect(list).toHaveTextContent('Being generated');
    expect(within(list).queryByRole('link')).toBeNull();
  });

  it("says 'No results found' when the group has no report", async () => {
    renderList('/buildings/11/reports?group=audit', () => HttpResponse.json({ data: { building, walkaboutReports: connection([]) } }));
    expect(await screen.findByText('No results found')).toBeInTheDocument();
  });

  it('says the reports could not be loaded when the server fails, and loads them on Try again', async () => {
    let calls = 0;
    renderList('/buildings/11/reports?group=interim', () => {
      calls += 1;
      if (calls === 1) return new HttpResponse('Bad gateway', { status: 502 });
      return HttpResponse.json({ data: { building, walkaboutReports: connection([aReport()]) } });
    });
    expect(await screen.findByText('The reports could not be loaded')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: /Weekly Fire Safety Inspection/ })).toBeInTheDocument();
  });
});

describe('Historical reports', () => {
  function renderHistorical(granted: PermissionFlag[], searches: Array<Record<string, unknown>> = [], searchAnswer = () => connection([aReport({ name: 'Found Report' })])) {
    const viewer = aViewer({ granted });
    renderApp({
      route: '/buildings/11/historical-reports',
      viewer,
      handlers: [
        graphql.query('HistoricalReportsPage', () => HttpResponse.json({ data: { viewer, building } })),
        graphql.query('LatestCompletedReports', () =>
          HttpResponse.json({
            data: {
              latestWalkaboutReports: {
                __typename: 'LatestWalkaboutReports',
                walkaboutReports: [aReport()],
                walkaboutAuditReports: [],
                reportBooklets: [aReport({ id: '600', name: 'Monthly Report Booklet', type: 'REPORT_BOOKLETS', url: '/walkabout-reports/600/download' })],
                fireWatchReports: [],
                adhocReports: [],
              },
            },
          }),
        ),
        graphql.query('SearchHistoricalReports', ({ variables }) => {
          searches.push(variables);
          return HttpResponse.json({ data: { walkaboutReports: searchAnswer() } });
        }),
      ],
    });
  }

  it('shows the latest completed reports first', async () => {
    renderHistorical(['canViewWalkaboutReports']);
    const list = await screen.findByRole('list', { name: 'Latest completed reports' });
    expect(within(list).getAllByRole('listitem').map((item) => item.querySelector('a')?.textContent)).toEqual([
      expect.stringContaining('Weekly Fire Safety Inspection'),
      expect.stringContaining('Monthly Report Booklet'),
    ]);
    expect(screen.getByRole('heading', { level: 1, name: 'Historical Reports' })).toBeInTheDocument();
  });

  it('searches the last 30 days by default, of the chosen type', async () => {
    const searches: Array<Record<string, unknown>> = [];
    renderHistorical(['canViewWalkaboutReports'], searches);
    const range = defaultHistoricalRange();
    expect(await screen.findByLabelText(/Start date/)).toHaveValue(range.dateFrom);
    expect(screen.getByLabelText(/End date/)).toHaveValue(range.dateTo);
    fireEvent.change(screen.getByLabelText('Report type'), { target: { value: 'REPORT_BOOKLETS' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('list', { name: 'Search results' })).toHaveTextContent('Found Report');
    expect(searches).toEqual([{ buildingId: '11', types: ['REPORT_BOOKLETS'], dateFrom: range.dateFrom, dateTo: range.dateTo }]);
  });

  it('adjusts the end date to at most 30 days after the start', async () => {
    const searches: Array<Record<string, unknown>> = [];
    renderHistorical(['canViewWalkaboutReports'], searches);
    const start = await screen.findByLabelText(/Start date/);
    fireEvent.change(start, { target: { value: '2026-01-01' } });
    expect(screen.getByLabelText(/End date/)).toHaveValue('2026-01-31');
    const end = screen.getByLabelText(/End date/);
    fireEvent.change(end, { target: { value: '2026-03-15' } });
    fireEvent.blur(end);
    expect(end).toHaveValue('2026-01-31');
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByRole('list', { name: 'Search results' });
    expect(searches[0]).toMatchObject({ dateFrom: '2026-01-01', dateTo: '2026-01-31', types: ['WALKABOUT_REPORTS'] });
  });

  it('offers the audit type only with audit permission', async () => {
    renderHistorical(['canViewWalkaboutReports']);
    const type = await screen.findByLabelText('Report type');
    expect(within(type).queryByRole('option', { name: 'Walkabout Audit Reports' })).toBeNull();
    expect(within(type).getAllByRole('option').map((option) => option.textContent)).toEqual(['Walkabout Reports', 'Report Booklets', 'On-demand Reports']);
  });

  it('offers the audit type with audit permission', async () => {
    renderHistorical(['canViewWalkaboutAuditReports']);
    const type = await screen.findByLabelText('Report type');
    expect(within(type).getAllByRole('option').map((option) => option.textContent)).toEqual(['Walkabout Audit Reports']);
  });

  it("shows 'No results found' when the search finds nothing", async () => {
    renderHistorical(['canViewWalkaboutReports'], [], () => connection([]));
    fireEvent.click(await screen.findByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No results found')).toBeInTheDocument();
  });
});

describe('adjustedEndDate', () => {
  it('keeps an end within 30 days, moves a later one to the 30th day and an earlier one to the start', () => {
    expect(adjustedEndDate('2026-02-01', '2026-02-20')).toBe('2026-02-20');
    expect(adjustedEndDate('2026-02-01', '2026-03-05')).toBe('2026-03-03');
    expect(adjustedEndDate('2026-02-10', '2026-02-01')).toBe('2026-02-10');
  });
});

describe('Download report', () => {
  it('asks for the signed link of the report the URL names and opens it', async () => {
    const go = vi.spyOn(openDownload, 'go').mockImplementation(() => undefined);
    const asked: Array<Record<string, unknown>> = [];
    renderApp({
      route: '/reports/download?downloadUrl=%2Fwalkabout-reports%2F501%2Fdownload',
      handlers: [
        graphql.query('ReportDownloadPage', ({ variables }) => {
          asked.push(variables);
          return HttpResponse.json({
            data: { walkaboutReportDownload: { __typename: 'ReportDownload', downloadUrl: '/signed-files/r501.pdf?signature=abc', filename: 'weekly.pdf' } },
          });
        }),
      ],
    });
    await waitFor(() => expect(go).toHaveBeenCalledWith('/signed-files/r501.pdf?signature=abc'));
    expect(asked).toEqual([{ id: '501' }]);
    expect(screen.getByRole('link', { name: 'open the report' })).toHaveAttribute('href', '/signed-files/r501.pdf?signature=abc');
  });

  it('says so when the report does not exist or is not the user’s', async () => {
    const go = vi.spyOn(openDownload, 'go').mockImplementation(() => undefined);
    renderApp({
      route: '/reports/download?downloadUrl=%2Fwalkabout-reports%2F999%2Fdownload',
      handlers: [graphql.query('ReportDownloadPage', () => HttpResponse.json({ data: { walkaboutReportDownload: null } }))],
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('This report does not exist or is not yours to see.');
    expect(go).not.toHaveBeenCalled();
  });

  it('says the report is still being generated when the API says so', async () => {
    renderApp({
      route: '/reports/download?downloadUrl=%2Fwalkabout-reports%2F501%2Fdownload',
      handlers: [
        graphql.query('ReportDownloadPage', () =>
          HttpResponse.json({
            data: { walkaboutReportDownload: null },
            errors: [{ message: 'This report is still being generated: try again in a moment.', path: ['walkaboutReportDownload'], extensions: { code: 'CONFLICT' } }],
          }),
        ),
      ],
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('This report is still being generated: try again in a moment.');
    // Said once, on the page: not also in the app's error banner.
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('ends the session and goes to sign in, back to this link, when the API refuses the session', async () => {
    const { currentPath } = renderApp({
      route: '/reports/download?downloadUrl=%2Fwalkabout-reports%2F501%2Fdownload',
      handlers: [graphql.query('ReportDownloadPage', () => HttpResponse.json({ errors: [{ message: 'Not signed in' }] }, { status: 401 }))],
    });
    await waitFor(() =>
      expect(currentPath()).toBe(`/signin?redirectUrl=${encodeURIComponent('/reports/download?downloadUrl=%2Fwalkabout-reports%2F501%2Fdownload')}`),
    );
  });

  it('says a link that names no report is not one, without asking the API', async () => {
    renderApp({ route: '/reports/download?downloadUrl=https%3A%2F%2Fevil.example%2Fx' });
    expect(await screen.findByRole('alert')).toHaveTextContent('This download link does not name a report.');
  });
});
