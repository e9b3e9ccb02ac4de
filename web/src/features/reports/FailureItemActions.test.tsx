import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { graphql, HttpResponse } from 'msw';
import type { PermissionFlag } from '@fsi/shared';
import { renderApp } from '../../test/render';
import { aViewer } from '../../test/builders';

const HEADERS = ['Cycle', 'Equipment', 'Location', 'Floor', 'Model', 'ID', 'Documents', 'Acknowledged', 'Comments', 'Sections', 'Photo'];
const ROUTE = '/buildings/11/reports/summary/11-summary-failure';

type Granted = PermissionFlag[];

function followUp(id: string, acknowledged: boolean) {
  return {
    __typename: 'FailureFollowUp' as const,
    id,
    state: acknowledged ? 'ACKNOWLEDGED' : 'UNACKNOWLEDGED',
    acknowledgedAt: acknowledged ? '2026-03-10T14:00:00.000Z' : null,
    acknowledgedUsername: acknowledged ? 'manager' : null,
    acknowledgedNotes: acknowledged ? 'Seal ordered' : null,
  };
}

function aRow(id: string, modelId: string, equipment: string, location: string, acknowledged = false) {
  return {
    __typename: 'ReportRow' as const,
    cells: ['Weekly', equipment, location, 'P1', '', modelId, '', '', '', 'Controller (U)', ''],
    item: { __typename: 'FailureItem' as const, id, kind: 'ENTRY', modelId, followUp: followUp(id, acknowledged), comments: [] as unknown[], documents: [] as unknown[] },
  };
}

function answer(granted: Granted, rows = [aRow('entries-14', '14', 'Sprinkler Control Valve (7)', 'Sprinkler Room'), aRow('entries-15', '15', 'Fire Pump (8)', 'Fire Pump Room', true)]) {
  return {
    viewer: aViewer({ granted }),
    report: {
      __typename: 'Report' as const,
      id: '11-summary-failure',
      name: 'Summary Failure Report',
      type: 'FAILURE',
      cycleName: null,
      date: '2026-03-09',
      total: rows.length,
      acknowledgedTotal: rows.filter((row) => row.item.followUp.state === 'ACKNOWLEDGED').length,
      emptyMessage: 'No failures recorded in the latest walkabout(s).',
      headers: HEADERS,
      rows,
      building: { __typename: 'Building' as const, id: '11', name: 'King Street Tower', timeZone: 'America/Toronto' },
    },
  };
}

const ALL: Granted = ['canAcknowledgeFailureReport', 'canCommentFailureReport', 'canRepairFailureReport'];

function renderFailures(granted: Granted, handlers: Parameters<typeof renderApp>[0] extends infer O ? (O extends { handlers?: infer H } ? H : never) : never = []) {
  let reads = 0;
  renderApp({
    route: ROUTE,
    viewer: aViewer({ granted }),
    handlers: [
      graphql.query('ReportShowPage', () => {
        reads += 1;
        return HttpResponse.json({ data: answer(granted) });
      }),
      ...(handlers ?? []),
    ],
  });
  return { reads: () => reads };
}

describe('Failure item actions', () => {
  it('offers the actions by permission: Acknowledge while unacknowledged, Add Comment once acknowledged, Close on both', async () => {
    renderFailures(ALL);
    const table = await screen.findByRole('table', { name: 'Summary Failure Report, King Street Tower' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([...HEADERS, 'Actions']);
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(within(first!).getAllByRole('button').map((b) => b.textContent)).toEqual(['Acknowledge', 'Close']);
    expect(within(second!).getAllByRole('button').map((b) => b.textContent)).toEqual(['Add Comment', 'Close']);
    expect(within(second!).getByText('March 10, 2026 by manager')).toBeInTheDocument();
    expect(within(second!).getByText('Seal ordered')).toBeInTheDocument();
  });

  it('shows no actions without the permissions', async () => {
    renderFailures([]);
    const table = await screen.findByRole('table', { name: 'Summary Failure Report, King Street Tower' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(HEADERS);
    expect(within(table).queryAllByRole('button')).toEqual([]);
  });

  it('acknowledges an item with a note at the date that defaults to now; the row and the counts follow without a refetch', async () => {
    const user = userEvent.setup();
    const sent: Array<Record<string, unknown>> = [];
    const page = renderFailures(ALL, [
      graphql.mutation('AcknowledgeFailureItem', ({ variables }) => {
        sent.push(variables);
        return HttpResponse.json({
          data: {
            acknowledgeFailureItem: {
              __typename: 'FailureFollowUpPayload',
              followUp: { ...followUp('entries-14', true), acknowledgedAt: '2026-03-11T13:30:00.000Z', acknowledgedNotes: 'Valve sealed again' },
              errors: [],
            },
          },
        });
      }),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Acknowledge Sprinkler Control Valve (7) at Sprinkler Room' }));
    const sheet = await screen.findByRole('dialog', { name: 'Acknowledge' });
    expect((within(sheet).getByLabelText(/Date/) as HTMLInputElement).value).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    await user.clear(within(sheet).getByLabelText(/Date/));
    await user.type(within(sheet).getByLabelText(/Date/), '2026-03-11T09:30');
    await user.type(within(sheet).getByLabelText('Notes'), 'Valve sealed again');
    await user.click(within(sheet).getByRole('button', { name: 'Acknowledge' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([{ kind: 'ENTRY', id: '14', acknowledgedAt: '2026-03-11T09:30', acknowledgedNotes: 'Valve sealed again', photoUrl: null }]);
    const row = screen.getAllByRole('row')[1]!;
    expect(within(row).getByText('March 11, 2026 by manager')).toBeInTheDocument();
    expect(within(row).getAllByRole('button').map((b) => b.textContent)).toEqual(['Add Comment', 'Close']);
    expect(screen.getByText('Latest walkabout March 9, 2026 · 2 items, 2 acknowledged')).toBeInTheDocument();
    expect(page.reads()).toBe(1);
  });

  it('keeps what was typed and says so when the acknowledgement fails; a refused date shows at the date', async () => {
    const user = userEvent.setup();
    let calls = 0;
    renderFailures(ALL, [
      graphql.mutation('AcknowledgeFailureItem', () => {
        calls += 1;
        if (calls === 1) return HttpResponse.json({ errors: [{ message: 'Internal server error' }] });
        return HttpResponse.json({
          data: {
            acknowledgeFailureItem: {
              __typename: 'FailureFollowUpPayload',
              followUp: null,
              errors: [{ __typename: 'FieldError', field: 'acknowledgedAt', message: 'A valid acknowledged date is required.', code: 'INVALID' }],
            },
          },
        });
      }),
    ]);
    await user.click(await screen.findByRole('button', { name: /^Acknowledge Sprinkler/ }));
    const sheet = await screen.findByRole('dialog', { name: 'Acknowledge' });
    await user.type(within(sheet).getByLabelText('Notes'), 'Seal ordered');
    await user.click(within(sheet).getByRole('button', { name: 'Acknowledge' }));
    expect(await within(sheet).findByRole('alert')).toHaveTextContent('There was an issue saving the acknowledgement, please try again.');
    expect(within(sheet).getByLabelText('Notes')).toHaveValue('Seal ordered');
    await user.click(within(sheet).getByRole('button', { name: 'Acknowledge' }));
    expect(await within(sheet).findByText('A valid acknowledged date is required.')).toBeInTheDocument();
    expect(within(sheet).getByLabelText(/Date/)).toHaveAttribute('aria-invalid', 'true');
    expect(within(sheet).getByLabelText('Notes')).toHaveValue('Seal ordered');
  });

  it('adds a comment (the body is required); the comments list shows body, creator and date', async () => {
    const user = userEvent.setup();
    const sent: Array<Record<string, unknown>> = [];
    renderFailures(ALL, [
      graphql.mutation('AddFailureItemComment', ({ variables }) => {
        sent.push(variables);
        return HttpResponse.json({
          data: {
            addComment: {
              __typename: 'AddCommentPayload',
              comment: { __typename: 'ReportComment', id: '31', body: 'Contractor booked for Friday', creatorUsername: 'manager', createdAt: '2026-03-11T15:05:00.000Z' },
              errors: [],
            },
          },
        });
      }),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Add Comment Fire Pump (8) at Fire Pump Room' }));
    const sheet = await screen.findByRole('dialog', { name: 'Add Comment' });
    await user.click(within(sheet).getByRole('button', { name: 'Save' }));
    expect(await within(sheet).findByText('Comment body is required.')).toBeInTheDocument();
    expect(sent).toEqual([]);
    await user.type(within(sheet).getByLabelText(/Comment/), 'Contractor booked for Friday');
    await user.click(within(sheet).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([{ kind: 'ENTRY', id: '15', body: 'Contractor booked for Friday' }]);
    const comments = within(screen.getAllByRole('row')[2]!).getByRole('list', { name: 'Comments' });
    expect(within(comments).getByText('Contractor booked for Friday')).toBeInTheDocument();
    expect(within(comments).getByText(/^manager · March 11, 2026 at/)).toBeInTheDocument();
  });

  it('keeps the comment and says so when it cannot be saved', async () => {
    const user = userEvent.setup();
    renderFailures(ALL, [graphql.mutation('AddFailureItemComment', () => HttpResponse.json({ errors: [{ message: 'boom' }] }))]);
    await user.click(await screen.findByRole('button', { name: /^Add Comment Fire Pump/ }));
    const sheet = await screen.findByRole('dialog', { name: 'Add Comment' });
    await user.type(within(sheet).getByLabelText(/Comment/), 'Called the contractor');
    await user.click(within(sheet).getByRole('button', { name: 'Save' }));
    expect(await within(sheet).findByRole('alert')).toHaveTextContent('There was an issue saving the comment, please try again.');
    expect(within(sheet).getByLabelText(/Comment/)).toHaveValue('Called the contractor');
  });

  it('closes an item as repaired: it leaves the list and the counts follow; a failure says so and keeps the comments', async () => {
    const user = userEvent.setup();
    const sent: Array<Record<string, unknown>> = [];
    let calls = 0;
    renderFailures(ALL, [
      graphql.mutation('RepairFailureItem', ({ variables }) => {
        calls += 1;
        sent.push(variables);
        if (calls === 1) return HttpResponse.error();
        return HttpResponse.json({
          data: {
            repairFailureItem: {
              __typename: 'FailureFollowUpPayload',
              followUp: { ...followUp('entries-15', true), state: 'REPAIRED' },
              errors: [],
            },
          },
        });
      }),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Close Fire Pump (8) at Fire Pump Room' }));
    const sheet = await screen.findByRole('dialog', { name: 'Close as Repaired' });
    await user.type(within(sheet).getByLabelText('Comments'), 'Controller replaced');
    await user.click(within(sheet).getByRole('button', { name: 'Close' }));
    expect(await within(sheet).findByRole('alert')).toHaveTextContent('There was an issue saving the repair, please try again.');
    expect(within(sheet).getByLabelText('Comments')).toHaveValue('Controller replaced');
    await user.click(within(sheet).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent[1]).toMatchObject({ kind: 'ENTRY', id: '15', repairedComments: 'Controller replaced', photoUrl: null });
    expect(String(sent[1]!.repairedAt)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    expect(screen.queryByText('Fire Pump (8)')).toBeNull();
    expect(screen.getAllByRole('row')).toHaveLength(2);
    expect(screen.getByText('Latest walkabout March 9, 2026 · 1 item, 0 acknowledged')).toBeInTheDocument();
  });

  it('refuses a date that is not one before sending', async () => {
    const user = userEvent.setup();
    renderFailures(ALL);
    await user.click(await screen.findByRole('button', { name: /^Close Sprinkler/ }));
    const sheet = await screen.findByRole('dialog', { name: 'Close as Repaired' });
    await user.clear(within(sheet).getByLabelText(/Date/));
    await user.click(within(sheet).getByRole('button', { name: 'Close' }));
    expect(await within(sheet).findByText('A valid repaired date is required.')).toBeInTheDocument();
  });
});
