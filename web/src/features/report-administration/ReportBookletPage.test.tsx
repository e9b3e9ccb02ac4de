// Many choices through Mantine's comboboxes and typed text: slow on a shared test machine, hence the longer timeouts (no waiting on the app).
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { graphql, HttpResponse, type RequestHandler } from 'msw';
import { type PermissionFlag } from '@fsi/shared';
import { BOOKLET_REPORTS_REQUIRED_MESSAGE, NOT_ALLOWED_TO_UPDATE_BOOKLETS_MESSAGE, REPORT_NAME_PLACEHOLDER } from '@fsi/shared/report-administration';
import { renderApp } from '../../test/render';
import { aViewer } from '../../test/builders';
import { aBooklet } from './fixtures';
import { RegionReportSections } from './RegionReportSections';

const definitions = [
  { __typename: 'ReportDefinition', id: '9', name: 'Monthly Inspection', isActive: true },
  { __typename: 'ReportDefinition', id: '10', name: 'Extinguisher Inventory', isActive: true },
  { __typename: 'ReportDefinition', id: '11', name: 'Weekly Log', isActive: true },
];
const aFullBooklet = (overrides: Record<string, unknown> = {}) => ({
  ...aBooklet({ id: '5', name: 'Monthly Report Booklet' }),
  templateName: 'default',
  displayType: 'DEFAULT',
  reportDefinitionIds: ['9', '10'],
  primaryReportDefinitionId: '9',
  organizationId: '1',
  version: 2,
  ...overrides,
});

const emptyLists = { organization: { __typename: 'Organization', id: '1', name: 'Harbour Properties', reportDefinitions: [], reportBookletTemplates: [] } };

function renderForm(route: string, { granted = ['canCreateWalkaboutReports', 'canUpdateWalkaboutReports'] as PermissionFlag[], handlers = [] as RequestHandler[], ui = undefined as ReactElement | undefined } = {}) {
  const viewer = aViewer({ granted });
  return renderApp({
    route,
    viewer,
    ui,
    handlers: [
      ...handlers,
      graphql.query('ReportListsPage', () => HttpResponse.json({ data: emptyLists })),
      graphql.query('RegionReportSections', () => HttpResponse.json({ data: emptyLists })),
      graphql.query('ReportAdministrationViewer', () => HttpResponse.json({ data: { viewer } })),
      graphql.query('ReportBookletPage', ({ variables }) =>
        HttpResponse.json({ data: { ...(variables.isNew ? {} : { reportBookletTemplate: aFullBooklet() }), organization: { __typename: 'Organization', id: '1', reportDefinitions: definitions } } }),
      ),
    ],
  });
}

const primary = () => screen.getByRole('combobox', { name: 'Primary Report' });

/** Opens the New Booklet sheet by its button or add row: a dialog named New Booklet, with focus in its Name. */
async function openSheet(user: ReturnType<typeof renderForm>['user'], button: string) {
  await user.click(await screen.findByRole('button', { name: button }));
  const dialog = await screen.findByRole('dialog', { name: 'New Booklet' });
  const name = await within(dialog).findByPlaceholderText(REPORT_NAME_PLACEHOLDER);
  // The name is where typing starts, though the form mounts after the sheet opened (its choices load first).
  await waitFor(() => expect(name).toHaveFocus());
  return dialog;
}

describe('New Booklet sheet', { timeout: 40_000 }, () => {
  it('opens over the booklets list with Save disabled until it has a name and a report; Cancel closes it unsaved', async () => {
    const sent: unknown[] = [];
    const { user, currentPath } = renderForm('/manage/organization/1/report-booklets', {
      handlers: [
        graphql.mutation('CreateReportBookletTemplate', ({ variables }) => {
          sent.push(variables);
          return HttpResponse.json({ data: { createReportBookletTemplate: { __typename: 'ReportBookletTemplatePayload', reportBookletTemplate: aFullBooklet(), errors: [] } } });
        }),
      ],
    });
    const dialog = await openSheet(user, 'New Booklet');
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await user.type(within(dialog).getByPlaceholderText(REPORT_NAME_PLACEHOLDER), 'Quarterly Booklet');
    await user.tab();
    expect(save).toBeDisabled();
    expect(await within(dialog).findByText(BOOKLET_REPORTS_REQUIRED_MESSAGE)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: 'Add New Report' }));
    await user.click(await screen.findByRole('option', { name: 'Weekly Log' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(save).toBeEnabled();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New Booklet' })).not.toBeInTheDocument());
    expect(sent).toEqual([]);
    expect(currentPath()).toBe('/manage/organization/1/report-booklets');
  });

  it('the former report-booklet/new address with a region opens the region’s page with the sheet', async () => {
    const viewer = aViewer({ granted: ['canCreateWalkaboutReports', 'canManageOrganization'] });
    const region = { __typename: 'Region', id: '12', name: 'Pier 4', level: 2, version: 1, isDeletable: false, parent: null, children: [], cycleOverrides: [], inheritedCycleOverrides: [] };
    const { user, currentPath } = renderForm('/manage/organization/1/report-booklet/new?regionId=12', {
      granted: ['canCreateWalkaboutReports', 'canManageOrganization'],
      handlers: [
        graphql.query('RegionsViewer', () => HttpResponse.json({ data: { viewer } })),
        graphql.query('RegionPage', () => HttpResponse.json({ data: { region, organization: { __typename: 'Organization', id: '1', cycles: [] } } })),
      ],
    });
    const dialog = await screen.findByRole('dialog', { name: 'New Booklet' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Pier 4' })).toBeInTheDocument();
    await waitFor(() => expect(currentPath()).toBe('/manage/organization/1/region/12'));
    await user.click(await within(dialog).findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New Booklet' })).not.toBeInTheDocument());
  });

  it('from a region’s Add New Report Booklet…: makes the first report added primary, moves the primary with a replacement and to the first remaining report on removal, and goes to the region page once saved', async () => {
    const sent: Array<Record<string, unknown>> = [];
    const { user, currentPath } = renderForm('/', {
      ui: <RegionReportSections organizationId="1" regionId="12" />,
      handlers: [
        graphql.mutation('CreateReportBookletTemplate', ({ variables }) => {
          sent.push(variables.input as Record<string, unknown>);
          return HttpResponse.json({ data: { createReportBookletTemplate: { __typename: 'ReportBookletTemplatePayload', reportBookletTemplate: aFullBooklet({ regionId: '12' }), errors: [] } } });
        }),
      ],
    });
    const dialog = await openSheet(user, 'Add New Report Booklet…');
    const name = within(dialog).getByPlaceholderText(REPORT_NAME_PLACEHOLDER);
    await user.type(name, 'Quarterly Booklet');
    await user.tab();
    expect(await within(dialog).findByText(BOOKLET_REPORTS_REQUIRED_MESSAGE)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    const add = async (report: string) => {
      await user.click(screen.getByRole('combobox', { name: 'Add New Report' }));
      await user.click(await screen.findByRole('option', { name: report }));
      await user.click(screen.getByRole('button', { name: 'Add' }));
    };
    await add('Monthly Inspection');
    await add('Weekly Log');
    expect(primary()).toHaveValue('Monthly Inspection');
    await user.click(screen.getByRole('combobox', { name: 'Replace Monthly Inspection' }));
    await user.click(await screen.findByRole('option', { name: 'Extinguisher Inventory' }));
    expect(primary()).toHaveValue('Extinguisher Inventory');
    await user.click(screen.getByRole('button', { name: 'Remove Extinguisher Inventory' }));
    expect(primary()).toHaveValue('Weekly Log');
    await add('Monthly Inspection');
    await user.click(screen.getByRole('button', { name: 'Move Monthly Inspection up' }));
    expect(within(screen.getByRole('list', { name: 'Booklet reports' })).getAllByRole('button', { name: /^Drag / }).map((handle) => handle.getAttribute('aria-label'))).toEqual(['Drag Monthly Inspection', 'Drag Weekly Log']);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(currentPath()).toBe('/manage/organization/1/region/12'));
    expect(screen.queryByRole('dialog', { name: 'New Booklet' })).not.toBeInTheDocument();
    expect(sent[0]).toMatchObject({ organizationId: '1', regionId: '12', name: 'Quarterly Booklet', displayType: 'DEFAULT', reportDefinitionIds: ['9', '11'], primaryReportDefinitionId: '11' });
  });

});

describe('Booklet form', { timeout: 40_000 }, () => {
  it('edits over the version read and goes back to the booklets', async () => {
    const sent: Array<Record<string, unknown>> = [];
    const { user, currentPath } = renderForm('/manage/organization/1/report-booklet/5', {
      handlers: [
        graphql.mutation('UpdateReportBookletTemplate', ({ variables }) => {
          sent.push(variables.input as Record<string, unknown>);
          return HttpResponse.json({ data: { updateReportBookletTemplate: { __typename: 'ReportBookletTemplatePayload', reportBookletTemplate: aFullBooklet({ version: 3 }), errors: [] } } });
        }),
      ],
    });
    expect(await screen.findByPlaceholderText(REPORT_NAME_PLACEHOLDER)).toHaveValue('Monthly Report Booklet');
    expect(primary()).toHaveValue('Monthly Inspection');
    await user.click(screen.getByRole('combobox', { name: 'Display Type' }));
    await user.click(await screen.findByRole('option', { name: 'Consolidated' }));
    await user.click(screen.getByRole('checkbox', { name: 'Active' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(currentPath()).toBe('/manage/organization/1/report-booklets'));
    expect(sent[0]).toMatchObject({ id: '5', version: 2, displayType: 'CONSOLIDATED', isActive: false, reportDefinitionIds: ['9', '10'], primaryReportDefinitionId: '9' });
  });

  it('is read-only with its message for a user who may not update booklets', async () => {
    renderForm('/manage/organization/1/report-booklet/5', { granted: ['canViewOrganization'] });
    expect(await screen.findByText(NOT_ALLOWED_TO_UPDATE_BOOKLETS_MESSAGE)).toBeInTheDocument();
    expect(screen.getByPlaceholderText(REPORT_NAME_PLACEHOLDER)).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});
