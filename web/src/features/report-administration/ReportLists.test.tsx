import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { graphql, HttpResponse, type RequestHandler } from 'msw';
import { type PermissionFlag } from '@fsi/shared';
import { REPORT_INACTIVE_SUBTITLE } from '@fsi/shared/report-administration';
import { renderApp } from '../../test/render';
import { aViewer, serverError } from '../../test/builders';
import { aBooklet, aDefinition, weekly } from './fixtures';

const organization = (definitions = [aDefinition({ id: '9', name: 'Weekly Fire Safety Inspection', buildingNames: ['King Street', 'Queen Street'] }), aDefinition({ id: '8', name: 'Annual Review', isActive: false })], booklets = [aBooklet({ id: '5', name: 'Monthly Report Booklet' })]) => ({
  __typename: 'Organization' as const,
  id: '1',
  name: 'Harbour Properties',
  reportDefinitions: definitions,
  reportBookletTemplates: booklets,
});

/** The new forms' data, for the tests that open the sheets. */
const newForms = [
  graphql.query('ReportDefinitionPage', () => HttpResponse.json({ data: { cycles: [weekly] } })),
  graphql.query('ReportEquipments', () => HttpResponse.json({ data: { reportEquipments: [] } })),
  graphql.query('ReportBookletPage', () => HttpResponse.json({ data: { organization: { __typename: 'Organization', id: '1', reportDefinitions: [] } } })),
];

function renderList(route: string, { granted = ['canCreateWalkaboutReports'] as PermissionFlag[], organizationId = '1', lists = () => HttpResponse.json({ data: { organization: organization() } }) as Response, extra = [] as RequestHandler[][] } = {}) {
  const viewer = aViewer({ granted });
  const asked = { lists: 0 };
  const rendered = renderApp({
    route: route.replace(':org', organizationId),
    viewer,
    handlers: [
      ...extra.flat(),
      graphql.query('ReportAdministrationViewer', () => HttpResponse.json({ data: { viewer } })),
      graphql.query('ReportListsPage', () => {
        asked.lists += 1;
        return lists();
      }),
    ],
  });
  return { ...rendered, asked };
}

describe('Reports list', () => {
  it('lists the definitions by name, subtitled with their buildings or Inactive, each leading to its form', async () => {
    renderList('/manage/organization/:org/reports');
    const section = await screen.findByRole('region', { name: 'Reports' });
    const links = within(section).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([`Annual Review${REPORT_INACTIVE_SUBTITLE}`, 'Weekly Fire Safety InspectionKing Street, Queen Street']);
    expect(links[1]).toHaveAttribute('href', '/manage/organization/1/report/9');
    expect(screen.getByRole('button', { name: 'New Report' })).toHaveAttribute('aria-haspopup', 'dialog');
  });

  it('offers no New Report without canCreateWalkaboutReports, and says No results found for an empty list', async () => {
    renderList('/manage/organization/:org/reports', { granted: [], lists: () => HttpResponse.json({ data: { organization: organization([], []) } }) });
    expect(await screen.findByText('No results found')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New Report' })).not.toBeInTheDocument();
  });

  it('asks nothing for another organization, and keeps the session when the list fails', async () => {
    const other = renderList('/manage/organization/:org/reports', { organizationId: '2' });
    expect(await screen.findByText('Not available')).toBeInTheDocument();
    expect(other.asked.lists).toBe(0);
    other.unmount();
    renderList('/manage/organization/:org/reports', { lists: () => serverError('Backend down') });
    expect(await screen.findByText('The reports could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('Report Booklets list', () => {
  it("reads 'name (id)' and offers New Booklet", async () => {
    renderList('/manage/organization/:org/report-booklets');
    const section = await screen.findByRole('region', { name: 'Report Booklets' });
    expect(within(section).getByRole('link', { name: 'Monthly Report Booklet (5)' })).toHaveAttribute('href', '/manage/organization/1/report-booklet/5');
    expect(screen.getByRole('button', { name: 'New Booklet' })).toHaveAttribute('aria-haspopup', 'dialog');
  });
});

describe('Global Reports & Booklets', () => {
  it("shows the organization's definitions and booklets with no region, with the add rows for users who can create reports", async () => {
    renderList('/manage/organization/:org/regions/all');
    expect(await screen.findByRole('heading', { level: 1, name: 'Global Reports & Booklets' })).toBeInTheDocument();
    const reports = await screen.findByRole('region', { name: 'Reports' });
    expect(within(reports).getByRole('button', { name: 'Add New Report…' })).toHaveAttribute('aria-haspopup', 'dialog');
    const booklets = screen.getByRole('region', { name: 'Report Booklets' });
    expect(within(booklets).getByRole('link', { name: 'Monthly Report Booklet (5)' })).toBeInTheDocument();
    expect(within(booklets).getByRole('button', { name: 'Add New Report Booklet…' })).toHaveAttribute('aria-haspopup', 'dialog');
  });

  it('opens the New Report and New Booklet sheets over the page, each closed by Cancel', async () => {
    const { user, currentPath } = renderList('/manage/organization/:org/regions/all', { extra: [newForms] });
    await user.click(await screen.findByRole('button', { name: 'Add New Report…' }));
    const report = await screen.findByRole('dialog', { name: 'New Report' });
    await user.click(await within(report).findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Add New Report Booklet…' }));
    const booklet = await screen.findByRole('dialog', { name: 'New Booklet' });
    await user.click(await within(booklet).findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(currentPath()).toBe('/manage/organization/1/regions/all');
  });

  it('has no add rows for a viewer who may not create reports', async () => {
    renderList('/manage/organization/:org/regions/all', { granted: ['canViewOrganization'] });
    await screen.findByRole('region', { name: 'Reports' });
    expect(screen.queryByRole('button', { name: 'Add New Report…' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add New Report Booklet…' })).not.toBeInTheDocument();
  });
});
