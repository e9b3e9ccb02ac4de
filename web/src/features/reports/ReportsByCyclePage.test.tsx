import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { graphql, HttpResponse } from 'msw';
import type { PermissionFlag } from '@fsi/shared';
import { renderApp } from '../../test/render';
import { aViewer } from '../../test/builders';

const building = {
  __typename: 'Building' as const,
  id: '11',
  name: 'King Street Tower',
  statuses: [{ __typename: 'BuildingStatus' as const, cycle: { __typename: 'Cycle' as const, id: '2', name: 'Weekly' } }],
};

function aSummary(id: string, name: string, type: string, total: number, acknowledgedTotal = 0) {
  return { __typename: 'Report' as const, id, name, type, cycleName: 'Weekly', date: '2026-03-09', total, acknowledgedTotal };
}

function renderCycle(granted: PermissionFlag[], reports: unknown[] = [], asked: unknown[] = []) {
  const viewer = aViewer({ granted });
  return renderApp({
    route: '/buildings/11/reports/2',
    viewer,
    handlers: [
      graphql.query('ReportsByCycleAccess', () => HttpResponse.json({ data: { viewer, building } })),
      graphql.query('ReportsByCyclePage', ({ variables }) => {
        asked.push(variables);
        return HttpResponse.json({ data: { reports } });
      }),
    ],
  });
}

describe('Reports by cycle', () => {
  it("lists the cycle's reports with their counts, each linking to its page", async () => {
    const asked: unknown[] = [];
    renderCycle(
      ['canViewWalkaboutReports', 'canViewFailureReport'],
      [aSummary('11-2-failure', 'Weekly Failure Report', 'FAILURE', 2, 1), aSummary('11-2-notes', 'Weekly Notes Report', 'NOTES', 0), aSummary('11-2-default', 'Weekly Walkabout Report', 'DEFAULT', 1)],
      asked,
    );
    const list = await screen.findByRole('list', { name: 'Weekly Reports' });
    expect(within(list).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Weekly Failure ReportFailuresLatest walkabout March 9, 2026 · 2 items, 1 acknowledged', '/buildings/11/reports/2/11-2-failure'],
      ['Weekly Notes ReportNotesLatest walkabout March 9, 2026 · 0 items, 0 acknowledged', '/buildings/11/reports/2/11-2-notes'],
      ['Weekly Walkabout ReportEvery resultLatest walkabout March 9, 2026 · 1 result', '/buildings/11/reports/2/11-2-default'],
    ]);
    expect(asked).toEqual([{ buildingId: '11', cycleId: '2' }]);
    expect(screen.getByRole('heading', { level: 1, name: 'Weekly Reports' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reports' })).toHaveAttribute('href', '/buildings/11/reports/groups');
  });

  it('says No results found when the cycle has no report', async () => {
    renderCycle(['canViewWalkaboutReports'], []);
    expect(await screen.findByText('No results found')).toBeInTheDocument();
  });

  it('does not ask for the reports without a permission to see them (the answer would end the session)', async () => {
    const asked: unknown[] = [];
    renderCycle(['canViewRepairReports'], [], asked);
    expect(await screen.findByText('You have no permission to see reports of this building.')).toBeInTheDocument();
    expect(asked).toEqual([]);
  });
});

describe('A report of a cycle', () => {
  it('shows the default layout as a grid of every result with the marks explained, and goes back to the cycle', async () => {
    const viewer = aViewer({ granted: ['canViewWalkaboutReports'] });
    const asked: unknown[] = [];
    renderApp({
      route: '/buildings/11/reports/2/11-2-default',
      viewer,
      handlers: [
        graphql.query('ReportShowPage', ({ variables }) => {
          asked.push(variables);
          return HttpResponse.json({
            data: {
              viewer,
              report: {
                __typename: 'Report',
                id: '11-2-default',
                name: 'Weekly Walkabout Report',
                type: 'DEFAULT',
                cycleName: 'Weekly',
                date: '2026-03-09',
                total: 2,
                acknowledgedTotal: 0,
                emptyMessage: 'No results found',
                headers: ['Floor', 'Location', 'Equipment', 'Section', 'Condition', 'Result', 'Remarks', 'Photo'],
                rows: [
                  { __typename: 'ReportRow', cells: ['P1', 'Pump Room', 'Fire Pump (8)', 'Weekly churn', 'Runs 10 minutes', 'S', '', ''], item: null },
                  { __typename: 'ReportRow', cells: ['P1', 'Pump Room', 'Fire Pump (8)', 'Weekly churn', 'Packing drip', 'P', '', ''], item: null },
                  { __typename: 'ReportRow', cells: ['P2', 'Pump Room East', 'Fire Pump (8)', 'Weekly churn', 'Runs 10 minutes', 'U', 'Stopped after 4 minutes', 'https://files.example/p.jpg'], item: null },
                  { __typename: 'ReportRow', cells: ['P2', 'Pump Room East', 'Fire Pump (8)', 'Weekly churn', 'Packing drip', 'S', '', ''], item: null },
                  { __typename: 'ReportRow', cells: ['1', 'Lobby', 'Extinguisher (3)', 'Monthly', 'Gauge in green', 'S', '', ''], item: null },
                ],
                building: { __typename: 'Building', id: '11', name: 'King Street Tower', timeZone: 'America/Toronto' },
              },
            },
          });
        }),
      ],
    });
    // One grid per equipment: a row per location (its floor under it), a column per task, the marks in the cells.
    const pumps = await screen.findByRole('table', { name: 'Weekly Walkabout Report, King Street Tower: Fire Pump (8)' });
    expect(within(pumps).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Location', 'Runs 10 minutes', 'Packing drip', 'Remarks']);
    expect(within(pumps).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['Pump RoomP1', 'Pump Room EastP2']);
    const [, first, second] = within(pumps).getAllByRole('row');
    expect(within(first!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['S', 'P', '']);
    expect(within(second!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['U', 'S', 'Runs 10 minutes: Stopped after 4 minutes Photo']);
    expect(within(second!).getByText('U')).toHaveAttribute('title', 'unsatisfactory');
    expect(within(second!).getByRole('link', { name: 'Photo' })).toHaveAttribute('href', 'https://files.example/p.jpg');
    const extinguishers = screen.getByRole('table', { name: 'Weekly Walkabout Report, King Street Tower: Extinguisher (3)' });
    // No remarks in this grid: no Remarks column.
    expect(within(extinguishers).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Location', 'Gauge in green']);
    expect(within(extinguishers).getAllByRole('row')).toHaveLength(2);
    // No follow-up actions in the default layout.
    expect(screen.queryByRole('button', { name: /acknowledge|comment|close/i })).not.toBeInTheDocument();
    expect(screen.getByText('Result: S satisfactory · U unsatisfactory · P paused task · X inactive task')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reports' })).toHaveAttribute('href', '/buildings/11/reports/2');
    expect(asked).toEqual([{ id: '11-2-default' }]);
  });
});
