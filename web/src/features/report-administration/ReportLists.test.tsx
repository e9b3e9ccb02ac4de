import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { graphql, HttpResponse } from 'msw';
import { type PermissionFlag } from '@fsi/shared';
import { REPORT_INACTIVE_SUBTITLE } from '@fsi/shared/report-administration';
import { renderApp } from '../../test/render';
import { aViewer } from '../../test/builders';
import { aBooklet, aDefinition } from './fixtures';

const organization = (definitions = [aDefinition({ id: '9', name: 'Weekly Fire Safety Inspection', buildingNames: ['King Street', 'Queen Street'] }), aDefinition({ id: '8', name: 'Annual Review', isActive: false })], booklets = [aBooklet({ id: '5', name: 'Monthly Report Booklet' })]) => ({
  __typename: 'Organization' as const,
  id: '1',
  name: 'Harbour Properties',
  reportDefinitions: definitions,
  reportBookletTemplates: booklets,
});

function renderList(route: string, { granted = ['canCreateWalkaboutReports'] as PermissionFlag[], organizationId = '1', lists = () => HttpResponse.json({ data: { organization: organization() } }) as Response } = {}) {
  const viewer = aViewer({ granted });
  const asked = { lists: 0 };
  const rendered = renderApp({
    route: route.replace(':org', organizationId),
    viewer,
    handlers: [
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
    expect(screen.getByRole('link', { name: 'New Report' })).toHaveAttribute('href', '/manage/organization/1/report/new');
  });

  it('offers no New Report without canCreateWalkaboutReports, and says No results found for an empty list', async () => {
    renderList('/manage/organization/:org/reports', { granted: [], lists: () => HttpResponse.json({ data: { organization: organization([], []) } }) });
    expect(await screen.findByText('No results found')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New Report' })).not.toBeInTheDocument();
  });

  it('asks nothing for another organization, and keeps the session when the list fails', async () => {
    const other = renderList('/manage/organization/:org/reports', { organizationId: '2' });
    expect(await screen.findByText('Not available')).toBeInTheDocument();
    expect(other.asked.lists).toBe(0);
    other.unmount();
    renderList('/manage/organization/:org/reports', { lists: () => HttpResponse.json({ errors: [{ message: 'Backend down', extensions: { code: 'INTERNAL_SERVER_ERROR' } }] }) });
    expect(await screen.findByText('The reports could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('Report Booklets list', () => {
  it("reads 'name (id)' and offers New Booklet", async () => {
    renderList('/manage/organization/:org/report-booklets');
    const section = await screen.findByRole('region', { name: 'Report Booklets' });
    expect(within(section).getByRole('link', { name: 'Monthly Report Booklet (5)' })).toHaveAttribute('href', '/manage/organization/1/report-booklet/5');
    expect(screen.getByRole('link', { name: 'New Booklet' })).toHaveAttribute('href', '/manage/organization/1/report-booklet/new');
  });
});

describe('Global Reports & Booklets', () => {
  it("shows the organization's definitions and booklets with no region, with the add rows for users who can create reports", async () => {
    renderList('/manage/organization/:org/regions/all');
    expect(await screen.findByRole('heading', { level: 1, name: 'Global Reports & Booklets' })).toBeInTheDocument();
    const reports = await screen.findByRole('region', { name: 'Reports' });
    expect(within(reports).getByRole('link', { name: 'Add New Report…' })).toHaveAttribute('href', '/manage/organization/1/report/new');
    const booklets = screen.getByRole('region', { name: 'Report Booklets' });
    expect(within(booklets).getByRole('link', { name: 'Monthly Report Booklet (5)' })).toBeInTheDocument();
    expect(within(booklets).getByRole('link', { name: 'Add New Report Booklet…' })).toHaveAttribute('href', '/manage/organization/1/report-booklet/new');
  });

  it('has no add rows for a viewer who may not create reports', async () => {
    renderList('/manage/organization/:org/regions/all', { granted: ['canViewOrganization'] });
    await screen.findByRole('region', { name: 'Reports' });
    expect(screen.queryByRole('link', { name: 'Add New Report…' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add New Report Booklet…' })).not.toBeInTheDocument();
  });
});
