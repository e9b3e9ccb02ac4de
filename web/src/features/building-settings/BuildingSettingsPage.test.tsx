import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { graphql, HttpResponse } from 'msw';
import type { PermissionFlag } from '@fsi/shared';
import { renderApp } from '../../test/render';
import { anOrganization, aViewer } from '../../test/builders';

function renderBuildingSettings({ isAdmin = false, granted = ['canManageBuildings'] as PermissionFlag[], found = true, fail = false } = {}) {
  const viewer = aViewer({ isAdmin, granted, organization: anOrganization({ id: '1' }) });
  const asked = { page: 0 };
  const rendered = renderApp({
    route: '/manage/building/11',
    viewer,
    handlers: [
      graphql.query('OrganizationSettingsViewer', () => HttpResponse.json({ data: { viewer } })),
      // The Types row's screen (issue 13), opened by a test below.
      graphql.query('BuildingTypesViewer', () => HttpResponse.json({ data: { viewer } })),
      graphql.query('BuildingTypesPage', () => HttpResponse.json({ data: { building: null } })),
      graphql.query('BuildingSettingsPage', () => {
        asked.page += 1;
        if (fail) return HttpResponse.json({ errors: [{ message: 'boom' }] });
        const building = {
          __typename: 'Building',
          id: '11',
          name: 'King Street Commerce Centre',
          organization: { __typename: 'Organization', id: '1', name: 'Northwind Property Management' },
          counters: { __typename: 'AssociationsCounters', floorsCount: 4, locationsCount: 37, typesCount: 9, tasksCount: 112 },
        };
        return HttpResponse.json({ data: { building: found ? building : null } });
      }),
    ],
  });
  return { ...rendered, asked };
}

describe('Building Settings', () => {
  it("lists the building's details, floors, locations, types and tasks with their counts", async () => {
    renderBuildingSettings();
    const nav = await screen.findByRole('navigation', { name: 'Building Settings' });
    expect(screen.getByRole('heading', { name: 'King Street Commerce Centre' })).toBeInTheDocument();
    const rows: [string | RegExp, string][] = [
      [/^Building Details/, '/manage/organization/1/building/11?backUrl=%2Fmanage%2Fbuilding%2F11'],
      ['Floors 4', '/manage/building/11/floors'],
      ['Locations 37', '/manage/building/11/locations'],
      ['Types 9', '/manage/building/11/equipments'],
      ['Tasks 112', '/manage/building/11/tasks'],
    ];
    expect(within(nav).getAllByRole('link')).toEqual(rows.map(([name]) => within(nav).getByRole('link', { name })));
    for (const [name, href] of rows) expect(within(nav).getByRole('link', { name })).toHaveAttribute('href', href);
    // A building manager does not read the organization's settings: back to the buildings.
    expect(screen.getByRole('link', { name: 'Buildings' })).toHaveAttribute('href', '/buildings');
  });

  it("goes back to the organization's settings for a user who reads them", async () => {
    renderBuildingSettings({ granted: ['canViewOrganization'] });
    await screen.findByRole('navigation', { name: 'Building Settings' });
    expect(screen.getByRole('link', { name: 'Northwind Property Management' })).toHaveAttribute('href', '/manage/organization/1');
  });

  it('leads the types and tasks rows to their screens (issue 13)', async () => {
    const { user, currentPath } = renderBuildingSettings();
    await user.click(await screen.findByRole('link', { name: 'Types 9' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Manage Types' })).toBeInTheDocument();
    expect(screen.queryByText('Page not found')).not.toBeInTheDocument();
    expect(currentPath()).toBe('/manage/building/11/equipments');
  });

  it("says a building that is not there isn't, offers a failed load again, and asks nothing for a user without the right", async () => {
    const missing = renderBuildingSettings({ found: false });
    expect(await screen.findByText('No results found')).toBeInTheDocument();
    missing.unmount();
    const failed = renderBuildingSettings({ fail: true });
    expect(await screen.findByText('The building settings could not be loaded')).toBeInTheDocument();
    failed.unmount();
    const refused = renderBuildingSettings({ granted: ['canLockWalkabout'] });
    expect(await screen.findByText('Not available')).toBeInTheDocument();
    expect(refused.asked.page).toBe(0);
  });
});
