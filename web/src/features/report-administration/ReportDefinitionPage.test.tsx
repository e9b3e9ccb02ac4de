// Many choices through Mantine's comboboxes and typed text: slow on a shared test machine, hence the longer timeouts (no waiting on the app).
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { graphql, HttpResponse, type RequestHandler } from 'msw';
import { STALE_EDIT_MESSAGE, type PermissionFlag } from '@fsi/shared';
import { NOT_ALLOWED_TO_UPDATE_REPORTS_MESSAGE, REPORT_NAME_PLACEHOLDER, REPORT_NAME_REQUIRED_MESSAGE, REPORT_NAME_TAKEN_DETAIL, REPORT_NAME_TAKEN_MESSAGE, REPORT_SECTIONS_REQUIRED_MESSAGE } from '@fsi/shared/report-administration';
import { renderApp } from '../../test/render';
import { aViewer } from '../../test/builders';
import { aFullDefinition, extinguisher, fieldErrors, monthly, weekly } from './fixtures';
import { RegionReportSections } from './RegionReportSections';

const emptyLists = { organization: { __typename: 'Organization', id: '1', name: 'Harbour Properties', reportDefinitions: [], reportBookletTemplates: [] } };

function renderForm(route: string, { granted = ['canCreateWalkaboutReports', 'canUpdateWalkaboutReports'] as PermissionFlag[], isAdmin = false, handlers = [] as RequestHandler[], definition = aFullDefinition(), ui = undefined as ReactElement | undefined } = {}) {
  const viewer = aViewer({ granted, isAdmin });
  const asked = { lists: 0 };
  const rendered = renderApp({
    route,
    viewer,
    ui,
    handlers: [
      ...handlers,
      graphql.query('ReportListsPage', () => {
        asked.lists += 1;
        return HttpResponse.json({ data: emptyLists });
      }),
      graphql.query('RegionReportSections', () => HttpResponse.json({ data: emptyLists })),
      graphql.query('ReportAdministrationViewer', () => HttpResponse.json({ data: { viewer } })),
      graphql.query('ReportDefinitionPage', ({ variables }) => HttpResponse.json({ data: { ...(variables.isNew ? {} : { reportDefinition: definition }), cycles: [weekly, monthly] } })),
      graphql.query('ReportEquipments', () => HttpResponse.json({ data: { reportEquipments: [extinguisher] } })),
    ],
  });
  return { ...rendered, asked };
}

const saved = (overrides: Record<string, unknown> = {}) => ({ __typename: 'ReportDefinitionPayload', reportDefinition: aFullDefinition(overrides), errors: [] });

/** Opens the New Report sheet by the reports list's button: a dialog named New Report, with focus in its Name. */
async function openSheet(user: ReturnType<typeof renderForm>['user'], button = screen.findByRole('button', { name: 'New Report' })) {
  await user.click(await button);
  const dialog = await screen.findByRole('dialog', { name: 'New Report' });
  const name = await within(dialog).findByPlaceholderText(REPORT_NAME_PLACEHOLDER);
  // The name is where typing starts, though the form mounts after the sheet opened (its choices load first).
  await waitFor(() => expect(name).toHaveFocus());
  return dialog;
}

describe('New Report sheet', { timeout: 40_000 }, () => {
  it('opens over the reports list with Save disabled while the form is invalid, offers the Data counts of the chosen cycle, and Cancel closes it unsaved', async () => {
    const sent: unknown[] = [];
    const { user, currentPath } = renderForm('/manage/organization/1/reports', {
      handlers: [
        graphql.mutation('CreateReportDefinition', ({ variables }) => {
          sent.push(variables);
          return HttpResponse.json({ data: { createReportDefinition: saved() } });
        }),
      ],
    });
    const dialog = await openSheet(user);
    const name = within(dialog).getByPlaceholderText(REPORT_NAME_PLACEHOLDER);
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    expect(within(dialog).queryByLabelText('Template Name')).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Generate Report')).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Active')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: 'Data' }));
    expect(await screen.findByRole('option', { name: 'Last 52 Walkabouts' })).toBeInTheDocument();
    expect(screen.getAllByRole('option')).toHaveLength(52);
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'New Report' })).toBeInTheDocument();
    // Leaving the name empty says what the form needs; Save stays disabled.
    await user.click(name);
    await user.tab();
    expect(await within(dialog).findByText(REPORT_NAME_REQUIRED_MESSAGE)).toBeInTheDocument();
    expect(within(dialog).getByText(REPORT_SECTIONS_REQUIRED_MESSAGE)).toBeInTheDocument();
    await user.type(name, 'Extinguisher Check');
    expect(save).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Add New Section' }));
    expect(save).toBeEnabled();
    const section = within(dialog).getByRole('region', { name: 'Section 1' });
    await user.click(within(section).getByRole('combobox', { name: 'Equipment' }));
    await user.click(await screen.findByRole('option', { name: 'Portable Fire Extinguisher' }));
    expect(within(section).getAllByText('Pressure gauge in green').length).toBeGreaterThan(0);
    expect(within(section).getAllByText('Pin and seal intact').length).toBeGreaterThan(0);
    expect(within(section).getByRole('checkbox', { name: 'Include Metadata' })).toBeChecked();
    await user.click(within(section).getByRole('combobox', { name: 'Detail' }));
    await user.click(await screen.findByRole('option', { name: 'Location' }));
    expect(within(section).queryByRole('checkbox', { name: 'Include Metadata' })).not.toBeInTheDocument();
    expect(within(section).getByRole('checkbox', { name: 'Page Break After' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New Report' })).not.toBeInTheDocument());
    expect(sent).toEqual([]);
    expect(currentPath()).toBe('/manage/organization/1/reports');
  });

  it('saves a report with no region, closes and shows the reports list asked again', async () => {
    const sent: Array<Record<string, unknown>> = [];
    const { user, currentPath, asked } = renderForm('/manage/organization/1/reports', {
      handlers: [
        graphql.mutation('CreateReportDefinition', ({ variables }) => {
          sent.push(variables.input as Record<string, unknown>);
          return HttpResponse.json({ data: { createReportDefinition: saved({ name: 'Extinguisher Check' }) } });
        }),
      ],
    });
    const dialog = await openSheet(user);
    await user.type(within(dialog).getByPlaceholderText(REPORT_NAME_PLACEHOLDER), 'Extinguisher Check');
    await user.click(within(dialog).getByRole('button', { name: 'Add New Section' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New Report' })).not.toBeInTheDocument());
    expect(sent).toEqual([expect.objectContaining({ organizationId: '1', regionId: null, cycleId: '3', name: 'Extinguisher Check', previousWalkaboutsCount: 0 })]);
    expect(currentPath()).toBe('/manage/organization/1/reports');
    await waitFor(() => expect(asked.lists).toBe(2));
  });

  it('from a region’s Add New Report…: keeps what was typed in the sheet and shows the taken name inline; after saving it goes to the region page', async () => {
    const sent: Array<Record<string, unknown>> = [];
    let refuse = true;
    const { user, currentPath } = renderForm('/', {
      ui: <RegionReportSections organizationId="1" regionId="12" />,
      handlers: [
        graphql.mutation('CreateReportDefinition', ({ variables }) => {
          sent.push(variables.input as Record<string, unknown>);
          if (refuse) {
            refuse = false;
            return HttpResponse.json({ data: { createReportDefinition: { __typename: 'ReportDefinitionPayload', reportDefinition: null, errors: fieldErrors([{ field: 'name', message: REPORT_NAME_TAKEN_DETAIL, code: 'VALIDATION_FAILED' }]) } } });
          }
          return HttpResponse.json({ data: { createReportDefinition: saved({ regionId: '12' }) } });
        }),
      ],
    });
    const dialog = await openSheet(user, screen.findByRole('button', { name: 'Add New Report…' }));
    const name = within(dialog).getByPlaceholderText(REPORT_NAME_PLACEHOLDER);
    await user.type(name, 'Monthly Fire Safety Inspection');
    await user.click(within(dialog).getByRole('button', { name: 'Add New Section' }));
    await user.type(within(within(dialog).getByRole('region', { name: 'Section 1' })).getByRole('textbox', { name: 'Title' }), 'Everything');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(REPORT_NAME_TAKEN_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'New Report' })).toBe(dialog);
    expect(name).toHaveValue('Monthly Fire Safety Inspection');
    expect(sent[0]).toMatchObject({ organizationId: '1', regionId: '12', cycleId: '3', previousWalkaboutsCount: 0, sections: [{ detail: 'CONDITION', title: 'Everything', pageBreakAfter: true, includeMetadata: true }] });
    await user.clear(name);
    await user.type(name, 'Downtown Inspection');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(currentPath()).toBe('/manage/organization/1/region/12'));
    expect(screen.queryByRole('dialog', { name: 'New Report' })).not.toBeInTheDocument();
    expect(sent[1]).toMatchObject({ regionId: '12', name: 'Downtown Inspection' });
  });

  it('the former report/new address opens the reports list with the sheet', async () => {
    const { currentPath } = renderForm('/manage/organization/1/report/new');
    expect(await screen.findByRole('dialog', { name: 'New Report' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Reports' })).toBeInTheDocument();
    await waitFor(() => expect(currentPath()).toBe('/manage/organization/1/reports'));
  });
});

describe('Report definition form', { timeout: 40_000 }, () => {
  it('edits over the version read and goes back to the reports list; a stale version is said and the form kept', async () => {
    const sent: Array<Record<string, unknown>> = [];
    let stale = true;
    const { user, currentPath } = renderForm('/manage/organization/1/report/9', {
      isAdmin: true,
      handlers: [
        graphql.mutation('UpdateReportDefinition', ({ variables }) => {
          sent.push(variables.input as Record<string, unknown>);
          if (stale) {
            stale = false;
            return HttpResponse.json({ data: { updateReportDefinition: { __typename: 'ReportDefinitionPayload', reportDefinition: null, errors: fieldErrors([{ field: 'version', message: STALE_EDIT_MESSAGE, code: 'STALE' }]) } } });
          }
          return HttpResponse.json({ data: { updateReportDefinition: saved({ name: 'Monthly Inspection', version: 5 }) } });
        }),
      ],
    });
    const name = await screen.findByPlaceholderText(REPORT_NAME_PLACEHOLDER);
    expect(name).toHaveValue('Monthly Fire Safety Inspection');
    expect(screen.getByLabelText('Template Name')).toHaveValue('default');
    expect(screen.getByRole('textbox', { name: 'Cycle' })).toHaveValue('Monthly');
    expect(screen.getByRole('combobox', { name: 'Data' })).toHaveValue('Last 3 Walkabouts');
    expect(screen.getByRole('checkbox', { name: 'Generate Report' })).toBeChecked();
    await user.clear(name);
    await user.type(name, 'Monthly Inspection');
    await user.click(screen.getByRole('checkbox', { name: 'Active' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(STALE_EDIT_MESSAGE)).toBeInTheDocument();
    expect(sent[0]).toMatchObject({ id: '9', version: 4, name: 'Monthly Inspection', isActive: false, templateName: 'default', sections: [{ equipmentId: '21', detail: 'CONDITION', applicableEquipmentConditionIds: ['201', '202'] }] });
    expect(sent[0]).not.toHaveProperty('cycleId');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(currentPath()).toBe('/manage/organization/1/reports'));
  });

  it('is read-only with its message for a user who may not update reports', async () => {
    renderForm('/manage/organization/1/report/9', { granted: ['canViewOrganization'] });
    expect(await screen.findByText(NOT_ALLOWED_TO_UPDATE_REPORTS_MESSAGE)).toBeInTheDocument();
    expect(screen.getByPlaceholderText(REPORT_NAME_PLACEHOLDER)).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add New Section' })).not.toBeInTheDocument();
  });
});
