import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { delay, graphql, HttpResponse } from 'msw';
import type { PermissionFlag } from '@fsi/shared';
import { notUnderTest, renderApp } from '../../test/render';
import { anOrganization, aViewer } from '../../test/builders';

const counters = {
  __typename: 'AssociationsCounters',
  buildingsCount: 12,
  cyclesEquipmentConditionsCount: 340,
  conditionGroupsCount: 8,
  cyclesCount: 5,
  equipmentsCount: 21,
  unassignedQrCodesCount: 3,
  regionsCount: 4,
  usersCount: 17,
  rolesCount: 6,
};

function renderSettings({ isAdmin = false, granted = ['canViewOrganization'] as PermissionFlag[], route = '/manage/organization/1', fail = false, slow = false } = {}) {
  const viewer = aViewer({ isAdmin, granted, organization: isAdmin ? null : anOrganization({ id: '1' }) });
  const asked = { page: 0 };
  const rendered = renderApp({
    route,
    viewer,
    handlers: [
      graphql.query('OrganizationSettingsViewer', () => HttpResponse.json({ data: { viewer } })),
      graphql.query('SettingsViewer', () => HttpResponse.json({ data: { viewer } })),
      // Where the Users row leads.
      notUnderTest('PeopleViewer'),
      graphql.query('OrganizationSettingsPage', async ({ variables }) => {
        asked.page += 1;
        if (slow) await delay(50);
        if (fail) return HttpResponse.json({ errors: [{ message: 'boom' }] });
        return HttpResponse.json({
          data: { organization: variables.id === '1' ? { __typename: 'Organization', id: '1', name: 'Northwind Property Management', counters } : null },
        });
      }),
    ],
  });
  return { ...rendered, asked };
}

/** The rows in order, each a link named by its label and count, and nothing else. */
function expectRows(names: string[]) {
  const nav = within(screen.getByRole('navigation', { name: 'Organization Settings' }));
  expect(nav.getAllByRole('link')).toEqual(names.map((name) => nav.getByRole('link', { name })));
}

describe('Organization Settings', () => {
  it('lists the rows with their counts for an organization user, without the administrators\' rows', async () => {
    renderSettings();
    await screen.findByRole('navigation', { name: 'Organization Settings' });
    expect(screen.getByRole('heading', { name: 'Northwind Property Management' })).toBeInTheDocument();
    expectRows(['Buildings 12', 'Tasks 340', 'Tasks Groups 8', 'Cycles 5', 'Types 21', 'Regions 4', 'Users 17', 'User Roles 6']);
    expect(screen.getByRole('link', { name: 'Buildings 12' })).toHaveAttribute('href', '/manage/organization/1/buildings');
    expect(screen.getByRole('link', { name: 'User Roles 6' })).toHaveAttribute('href', '/manage/organization/1/user-roles');
    expect(screen.getByRole('link', { name: 'Buildings' })).toHaveAttribute('href', '/buildings');
  });

  it('adds QR Codes and Usage for an administrator, who goes back to the organizations', async () => {
    renderSettings({ isAdmin: true, granted: [] });
    await screen.findByRole('navigation', { name: 'Organization Settings' });
    expectRows(['Buildings 12', 'Tasks 340', 'Tasks Groups 8', 'Cycles 5', 'Types 21', 'QR Codes 3', 'Regions 4', 'Users 17', 'User Roles 6', 'Usage']);
    expect(screen.getByRole('link', { name: 'Usage' })).toHaveAttribute('href', '/manage/organization/1/usage');
    expect(screen.getByRole('link', { name: 'Organizations' })).toHaveAttribute('href', '/manage/organizations');
  });

  it('leads the Users row to the users screen (issue 14)', async () => {
    const { user, currentPath } = renderSettings();
    await user.click(await screen.findByRole('link', { name: 'Users 17' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    expect(screen.queryByText('Page not found')).not.toBeInTheDocument();
    expect(currentPath()).toBe('/manage/organization/1/users');
  });

  it('tells a user of another organization, or without the right, so without asking the server', async () => {
    const other = renderSettings({ route: '/manage/organization/2' });
    expect(await screen.findByText('Not available')).toBeInTheDocument();
    expect(other.asked.page).toBe(0);
    other.unmount();
    const none = renderSettings({ granted: ['canViewBuildings'] });
    expect(await screen.findByText('Not available')).toBeInTheDocument();
    expect(none.asked.page).toBe(0);
  });

  it('shows a busy status, then offers a failed load again', async () => {
    renderSettings({ slow: true, fail: true });
    expect(await screen.findByRole('status', { name: 'Loading organization settings' })).toHaveAttribute('aria-busy', 'true');
    expect(await screen.findByText('The organization settings could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it("says 'No results found' for an organization that is not there", async () => {
    renderSettings({ isAdmin: true, granted: [], route: '/manage/organization/99' });
    expect(await screen.findByText('No results found')).toBeInTheDocument();
  });
});

describe('Settings', () => {
  it('offers an administrator Manage Organizations, Import, Export and the mail outbox', async () => {
    renderSettings({ isAdmin: true, granted: [], route: '/settings' });
    const nav = await screen.findByRole('navigation', { name: 'Settings' });
    expect(within(nav).getAllByRole('link').map((link) => [within(link).getByText(/^[A-Z][a-z]+( [A-Z]?[a-z]+)?$/).textContent, link.getAttribute('href')])).toEqual([
      ['Manage Organizations', '/manage/organizations'],
      ['Import', '/settings/import'],
      ['Export', '/settings/export'],
      ['Mail outbox', '/settings/mail-outbox'],
    ]);
  });

  it("takes an organization's settings reader to their Organization Settings", async () => {
    const { currentPath } = renderSettings({ route: '/settings' });
    await screen.findByRole('navigation', { name: 'Organization Settings' });
    expect(currentPath()).toBe('/manage/organization/1');
  });

  it('tells anyone else it is for administrators', async () => {
    renderSettings({ granted: ['canViewBuildings'], route: '/settings' });
    expect(await screen.findByText('Only administrators can open this page.')).toBeInTheDocument();
  });
});
