import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { graphql, HttpResponse } from 'msw';
import { renderApp } from '../../test/render';
import { aViewer } from '../../test/builders';

function anItem(id: string, acknowledgedAt: string | null) {
  return {
    __typename: 'FailureItem' as const,
    id,
    kind: 'ENTRY',
    modelId: id.replace('entries-', ''),
    followUp: {
      __typename: 'FailureFollowUp' as const,
      id,
      state: acknowledgedAt ? 'ACKNOWLEDGED' : 'UNACKNOWLEDGED',
      acknowledgedAt,
      acknowledgedUsername: acknowledgedAt ? 'manager' : null,
      acknowledgedNotes: null,
    },
    comments: [],
    documents: [],
  };
}

const FAILURE_HEADERS = ['Cycle', 'Equipment', 'Location', 'Floor', 'Model', 'ID', 'Documents', 'Acknowledged', 'Comments', 'Sections', 'Photo'];

function aReport(overrides: Record<string, unknown> = {}) {
  return {
    __typename: 'Report' as const,
    id: '11-summary-failure',
    name: 'Summary Failure Report',
    type: 'FAILURE',
    cycleName: null,
    date: '2026-03-09',
    total: 0,
    acknowledgedTotal: 0,
    emptyMessage: 'No failures recorded in the latest walkabout(s).',
    headers: FAILURE_HEADERS,
    rows: [],
    building: { __typename: 'Building' as const, id: '11', name: 'King Street Tower', timeZone: 'America/Toronto' },
    ...overrides,
  };
}

function renderReport(route: string, report: ReturnType<typeof aReport> | null, asked: Array<Record<string, unknown>> = []) {
  return renderApp({
    route,
    handlers: [
      graphql.query('ReportShowPage', ({ variables }) => {
        asked.push(variables);
        return HttpResponse.json({ data: { viewer: aViewer(), report } });
      }),
    ],
  });
}

describe('Summary reports', () => {
  it("shows the summary failure report's items as a table in the report's column order", async () => {
    const asked: Array<Record<string, unknown>> = [];
    renderReport(
      '/buildings/11/reports/summary/11-summary-failure',
      aReport({
        total: 2,
        acknowledgedTotal: 1,
        rows: [
          {
            __typename: 'ReportRow',
            cells: ['Weekly', 'Sprinkler Control Valve (7)', 'Sprinkler Room', 'P1', '', '1', '', '', '', 'Valve open and sealed/locked (U) - Seal missing.', '/files/photo-1.jpg'],
            item: anItem('entries-14', null),
          },
          {
            __typename: 'ReportRow',
            cells: ['Weekly', 'Fire Pump (8)', 'Fire Pump Room', 'P1', '', '4', '', 'March 10, 2026 by manager', '', 'Controller (U)', ''],
            item: anItem('entries-15', '2026-03-10T15:00:00.000Z'),
          },
        ],
      }),
      asked,
    );
    const table = await screen.findByRole('table', { name: 'Summary Failure Report, King Street Tower' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(FAILURE_HEADERS);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['Weekly', 'Sprinkler Control Valve (7)', 'Sprinkler Room', 'P1', '', '1', '', '', '', 'Valve open and sealed/locked (U) - Seal missing.', 'Photo'],
      ['Weekly', 'Fire Pump (8)', 'Fire Pump Room', 'P1', '', '4', '', 'March 10, 2026 by manager', '', 'Controller (U)', ''],
    ]);
    expect(within(rows[0]!).getByRole('link', { name: 'Photo' })).toHaveAttribute('href', '/files/photo-1.jpg');
    expect(screen.getByText('Latest walkabout March 9, 2026 · 2 items, 1 acknowledged')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Summary Failure Report' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Buildings' })).toHaveAttribute('href', '/buildings');
    expect(asked).toEqual([{ id: '11-summary-failure' }]);
  });

  it("says 'No failures recorded in the latest walkabout(s).' when the failure report is empty", async () => {
    renderReport('/buildings/11/reports/summary/11-summary-failure', aReport());
    expect(await screen.findByText('No failures recorded in the latest walkabout(s).')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it("says 'No results found' when the notes report is empty", async () => {
    renderReport(
      '/buildings/11/reports/summary/11-summary-notes',
      aReport({ id: '11-summary-notes', name: 'Summary Notes Report', type: 'NOTES', emptyMessage: 'No results found' }),
    );
    expect(await screen.findByText('No results found')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Summary Notes Report' })).toBeInTheDocument();
  });

  it('says so when the report does not exist or is out of scope', async () => {
    renderReport('/buildings/99/reports/summary/99-summary-failure', null);
    expect(await screen.findByText('This building does not exist or is not yours to see.')).toBeInTheDocument();
  });
});
