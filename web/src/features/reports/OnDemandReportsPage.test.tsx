import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { graphql, HttpResponse } from 'msw';
import type { PermissionFlag } from '@fsi/shared';
import { renderApp } from '../../test/render';
import { aViewer } from '../../test/builders';
import { NOT_AVAILABLE_MESSAGE } from './OnDemandReportsPage';
import { REPORT_NOT_SENT_MESSAGE, REPORT_SENT_MESSAGE, splitRecipients } from './ReportEmailSheet';

const ROUTE = '/buildings/11/on-demand-reports';
const building = { __typename: 'Building' as const, id: '11', name: 'King Street Tower' };
const weekly = { __typename: 'Cycle' as const, id: '2', name: 'Weekly' };
const monthly = { __typename: 'Cycle' as const, id: '3', name: 'Monthly' };

function aWalkabout(id: string, cycle: typeof weekly, startDate: string, endDate: string, isLocked = true) {
  return { __typename: 'OnDemandWalkabout' as const, id, cycle, date: startDate, startDate, endDate, isLocked, inspectorsPresent: ['Ida Inspector'] };
}

function options(overrides: Record<string, unknown[]> = {}) {
  return {
    __typename: 'OnDemandReportOptions' as const,
    reportDefinitions: [
      { __typename: 'OnDemandReportDefinition' as const, id: '21', name: 'Weekly Fire Safety Inspection', isActive: true, cycle: weekly },
      { __typename: 'OnDemandReportDefinition' as const, id: '22', name: 'Retired Checklist', isActive: false, cycle: weekly },
    ],
    cycles: [weekly, monthly],
    walkabouts: [aWalkabout('301', weekly, '2026-03-02', '2026-03-08'), aWalkabout('302', weekly, '2026-03-09', '2026-03-15', false)],
    reportBookletTemplates: [
      { __typename: 'OnDemandBookletTemplate' as const, id: '41', name: 'Monthly booklet', isActive: true, templateName: 'default', cycle: weekly },
    ],
    ...overrides,
  };
}

const ALL: PermissionFlag[] = ['canCreateWalkaboutReports', 'canViewWalkaboutReports', 'canViewWalkaboutAuditReports'];

function state(status: 'PENDING' | 'READY' | 'FAILED', extra: Record<string, unknown> = {}) {
  return { __typename: 'OnDemandReport' as const, id: 'f4c1', status, pdfUrl: null, reportId: null, error: null, ...extra };
}

function renderOnDemand({ granted = ALL, answer = options(), handlers = [] }: { granted?: PermissionFlag[]; answer?: unknown; handlers?: Parameters<typeof renderApp>[0] extends infer O ? (O extends { handlers?: infer H } ? H : never) : never } = {}) {
  const viewer = aViewer({ granted });
  return renderApp({
    route: ROUTE,
    viewer,
    handlers: [...(handlers ?? []), graphql.query('OnDemandReportsPage', () => HttpResponse.json({ data: { viewer, building, onDemandReportOptions: answer } }))],
  });
}

describe('On-demand reports', () => {
  it('lists the active definitions, each cycle’s audit report and the booklets, in their sections', async () => {
    renderOnDemand();
    const sections = await screen.findAllByRole('region');
    expect(sections.map((section) => within(section).getByRole('heading').textContent)).toEqual(['Walkabout Reports', 'Audit Reports', 'Report Booklets']);
    expect(within(sections[0]!).getByText('Weekly Fire Safety Inspection')).toBeInTheDocument();
    expect(screen.queryByText('Retired Checklist')).not.toBeInTheDocument();
    expect(within(sections[1]!).getByText('Weekly Audit Report')).toBeInTheDocument();
    expect(within(sections[2]!).getByText('Monthly booklet')).toBeInTheDocument();
    // The newest walkabout of the cycle is chosen; one not locked yet says so.
    const choice = within(sections[0]!).getByRole('combobox', { name: 'Walkabout' });
    expect(choice).toHaveValue('302');
    expect(within(choice).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'March 9, 2026 – March 15, 2026 (not locked)',
      'March 2, 2026 – March 8, 2026',
    ]);
  });

  it('leaves the audit reports out without the audit permission', async () => {
    renderOnDemand({ granted: ['canCreateWalkaboutReports', 'canViewWalkaboutReports'] });
    await screen.findByText('Weekly Fire Safety Inspection');
    expect(screen.queryByRole('heading', { name: 'Audit Reports' })).not.toBeInTheDocument();
  });

  it('says on-demand reports are not available when nothing applies to the building', async () => {
    renderOnDemand({ answer: options({ reportDefinitions: [], walkabouts: [], reportBookletTemplates: [] }) });
    expect(await screen.findByText(NOT_AVAILABLE_MESSAGE)).toBeInTheDocument();
  });

  it('says so to a user who may not make reports', async () => {
    renderOnDemand({ granted: ['canViewWalkaboutReports'] });
    expect(await screen.findByText('You have no permission to make reports of this building.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Generate/ })).not.toBeInTheDocument();
  });

  it('generates a booklet of the chosen walkabout, polls each second until it is ready, then opens and e-mails it', async () => {
    const created: unknown[] = [];
    const emailed: unknown[] = [];
    let polls = 0;
    const { user } = renderOnDemand({
      handlers: [
        graphql.mutation('CreateOnDemandReport', ({ variables }) => {
          created.push(variables.input);
          return HttpResponse.json({ data: { createOnDemandReport: { __typename: 'OnDemandReportPayload', onDemandReport: state('PENDING'), errors: [] } } });
        }),
        graphql.query('OnDemandReportPoll', () => {
          polls += 1;
          const answer = polls < 2 ? state('PENDING') : state('READY', { pdfUrl: '/walkabout-reports/777/download', reportId: '777' });
          return HttpResponse.json({ data: { onDemandReport: answer } });
        }),
        graphql.mutation('EmailWalkaboutReport', ({ variables }) => {
          emailed.push(variables);
          return HttpResponse.json({
            data: { emailWalkaboutReport: { __typename: 'EmailWalkaboutReportPayload', email: { __typename: 'WalkaboutReportEmail', id: '5', recipients: ['fd@example.org', 'owner@example.org'] }, errors: [] } },
          });
        }),
      ],
    });
    const booklets = await screen.findByRole('region', { name: 'Report Booklets' });
    await user.selectOptions(within(booklets).getByRole('combobox', { name: 'Walkabout' }), '301');
    await user.click(within(booklets).getByRole('button', { name: 'Generate Monthly booklet' }));
    expect(await within(booklets).findByRole('status', { name: 'Generating Monthly booklet' })).toHaveTextContent('Generating Monthly booklet…');
    expect(created).toEqual([{ type: 'REPORT_BOOKLETS', templateId: '41', cycleId: '2', buildingId: '11', walkaboutId: '301' }]);

    const open = await within(booklets).findByRole('link', { name: 'Open Monthly booklet' }, { timeout: 4000 });
    expect(polls).toBe(2);
    expect(open).toHaveAttribute('href', `/reports/download?downloadUrl=${encodeURIComponent('/walkabout-reports/777/download')}`);
    expect(open).toHaveAttribute('target', '_blank');

    await user.click(within(booklets).getByRole('button', { name: 'Email Monthly booklet' }));
    const sheet = await screen.findByRole('dialog', { name: 'Email report' });
    const send = within(sheet).getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    await user.type(within(sheet).getByRole('textbox', { name: /Recipients/ }), ' fd@example.org, ,owner@example.org ,');
    expect(send).toBeEnabled();
    await user.click(send);
    expect(await within(sheet).findByText(REPORT_SENT_MESSAGE)).toBeInTheDocument();
    // The empty message is not sent; the recipients are split, trimmed and the empty ones dropped.
    expect(emailed).toEqual([{ reportId: '777', recipients: ['fd@example.org', 'owner@example.org'], message: null }]);
    // No poll after the report is ready.
    const settled = polls;
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(polls).toBe(settled);
  });

  it('shows a report that could not be made with its reason, and Try again asks again', async () => {
    let creations = 0;
    const { user } = renderOnDemand({
      handlers: [
        graphql.mutation('CreateOnDemandReport', () => {
          creations += 1;
          return HttpResponse.json({ data: { createOnDemandReport: { __typename: 'OnDemandReportPayload', onDemandReport: state('PENDING'), errors: [] } } });
        }),
        graphql.query('OnDemandReportPoll', () => HttpResponse.json({ data: { onDemandReport: state('FAILED', { error: 'The walkabout has no results to report.' }) } })),
      ],
    });
    const definitions = await screen.findByRole('region', { name: 'Walkabout Reports' });
    await user.click(within(definitions).getByRole('button', { name: 'Generate Weekly Fire Safety Inspection' }));
    const alert = await within(definitions).findByRole('alert', {}, { timeout: 3000 });
    expect(alert).toHaveTextContent('The report could not be made');
    expect(alert).toHaveTextContent('The walkabout has no results to report.');
    const retry = within(definitions).getByRole('button', { name: 'Generate Weekly Fire Safety Inspection' });
    expect(retry).toHaveTextContent('Try again');
    await user.click(retry);
    await waitFor(() => expect(creations).toBe(2));
  });

  it('shows the refusal of a request at once, without polling', async () => {
    const { user } = renderOnDemand({
      handlers: [
        graphql.mutation('CreateOnDemandReport', () =>
          HttpResponse.json({
            data: {
              createOnDemandReport: {
                __typename: 'OnDemandReportPayload',
                onDemandReport: null,
                errors: [{ __typename: 'FieldError', field: 'walkaboutId', message: 'This building has no walkabout of this cycle to report yet.', code: 'INVALID' }],
              },
            },
          }),
        ),
      ],
    });
    const audits = await screen.findByRole('region', { name: 'Audit Reports' });
    await user.click(within(audits).getByRole('button', { name: 'Generate Weekly Audit Report' }));
    expect(await within(audits).findByRole('alert')).toHaveTextContent('This building has no walkabout of this cycle to report yet.');
  });
});

describe('Report e-mail sheet', () => {
  it('splits recipients on commas, trims them and drops the empty ones', () => {
    expect(splitRecipients(' a@example.org,,b@example.org , ')).toEqual(['a@example.org', 'b@example.org']);
    expect(splitRecipients(' , ')).toEqual([]);
  });

  async function openSheetFromList(emailAnswer: () => Response) {
    const viewer = aViewer({ granted: ['canViewWalkaboutReports'] });
    const sent: unknown[] = [];
    const view = renderApp({
      route: '/buildings/11/reports?group=completed-walkabout',
      viewer,
      handlers: [
        graphql.query('ReportsPage', () =>
          HttpResponse.json({
            data: {
              building,
              walkaboutReports: {
                __typename: 'WalkaboutReportConnection',
                nodes: [
                  {
                    __typename: 'WalkaboutReport',
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
                  },
                ],
              },
            },
          }),
        ),
        graphql.mutation('EmailWalkaboutReport', ({ variables }) => {
          sent.push(variables);
          return emailAnswer();
        }),
      ],
    });
    await view.user.click(await screen.findByRole('button', { name: 'Email Weekly Fire Safety Inspection' }));
    return { ...view, sent, sheet: await screen.findByRole('dialog', { name: 'Email report' }) };
  }

  it('sends a completed report from the reports list with its message', async () => {
    const { user, sheet, sent } = await openSheetFromList(() =>
      HttpResponse.json({ data: { emailWalkaboutReport: { __typename: 'EmailWalkaboutReportPayload', email: { __typename: 'WalkaboutReportEmail', id: '9', recipients: ['fd@example.org'] }, errors: [] } } }),
    );
    await user.type(within(sheet).getByRole('textbox', { name: /Recipients/ }), 'fd@example.org');
    await user.type(within(sheet).getByRole('textbox', { name: /Message/ }), 'For the annual review.');
    await user.click(within(sheet).getByRole('button', { name: 'Send' }));
    expect(await within(sheet).findByRole('status')).toHaveTextContent(REPORT_SENT_MESSAGE);
    expect(sent).toEqual([{ reportId: '501', recipients: ['fd@example.org'], message: 'For the annual review.' }]);
    await user.click(within(sheet).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Email report' })).not.toBeInTheDocument());
  });

  it('shows an address the server refuses at the field, and the failure message when sending fails', async () => {
    let attempt = 0;
    const { user, sheet } = await openSheetFromList(() => {
      attempt += 1;
      if (attempt === 1) {
        return HttpResponse.json({
          data: {
            emailWalkaboutReport: {
              __typename: 'EmailWalkaboutReportPayload',
              email: null,
              errors: [{ __typename: 'FieldError', field: 'recipients', message: "'fd at example' is not an e-mail address.", code: 'INVALID' }],
            },
          },
        });
      }
      return HttpResponse.json({ errors: [{ message: 'The backend could not be reached.' }] });
    });
    const recipients = within(sheet).getByRole('textbox', { name: /Recipients/ });
    await user.type(recipients, 'fd at example');
    await user.click(within(sheet).getByRole('button', { name: 'Send' }));
    expect(await within(sheet).findByText("'fd at example' is not an e-mail address.")).toBeInTheDocument();
    expect(recipients).toHaveAttribute('aria-invalid', 'true');
    expect(within(sheet).queryByRole('alert')).not.toBeInTheDocument();
    await user.clear(recipients);
    await user.type(recipients, 'fd@example.org');
    await user.click(within(sheet).getByRole('button', { name: 'Send' }));
    expect(await within(sheet).findByRole('alert')).toHaveTextContent(REPORT_NOT_SENT_MESSAGE);
  });

  it('closes with Escape', async () => {
    const { user } = await openSheetFromList(() => HttpResponse.json({ data: null }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Email report' })).not.toBeInTheDocument());
  });
});
