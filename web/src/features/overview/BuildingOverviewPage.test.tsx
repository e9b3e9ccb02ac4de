import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { graphql, HttpResponse } from 'msw';
import { anOrganization, aViewer } from '../../test/builders';
import { renderApp } from '../../test/render';
import { anOverview, filterData, king } from './overviewFixtures';

const location = (id: string, name: string, equipment: Array<{ id: string; equipmentId: string; name: string }>) => ({
  __typename: 'Location' as const,
  id,
  name,
  floorName: 'Ground',
  equipment: equipment.map((e) => ({ __typename: 'LocationEquipment' as const, ...e })),
});

function renderPage(asked: Array<Record<string, unknown>> = []) {
  const viewer = aViewer({ granted: ['canViewBuildingOverview'], organization: anOrganization({ id: '1' }) });
  return renderApp({
    route: '/overview/building/11?organizationId=1',
    viewer,
    handlers: [
      graphql.query('OverviewViewer', () => HttpResponse.json({ data: { viewer } })),
      graphql.query('OrganizationOverviewFilters', () =>
        HttpResponse.json({ data: { organization: { __typename: 'Organization', id: '1', name: 'Northwind Property Management', overviewFilters: filterData } } }),
      ),
      graphql.query('BuildingOverview', ({ variables }) => {
        asked.push(variables);
        return HttpResponse.json({
          data: {
            building: {
              __typename: 'Building',
              id: '11',
              name: 'King Street Commerce Centre',
              organization: { __typename: 'Organization', id: '1' },
              overview: anOverview([king], { pageSize: 1 }),
              overviewFilters: { ...filterData, buildings: filterData.buildings.slice(0, 1) },
            },
          },
        });
      }),
      graphql.query('BuildingOverviewLocations', () =>
        HttpResponse.json({
          data: {
            building: {
              __typename: 'Building',
              id: '11',
              locations: {
                __typename: 'LocationConnection',
                nodes: [location('31', 'Main Lobby', [{ id: '41', equipmentId: 't1', name: 'Exit Sign' }]), location('32', 'Pump Room', [{ id: '42', equipmentId: 't2', name: 'Fire Pump' }])],
              },
              equipmentStates: [{ __typename: 'EquipmentState', locationId: '31', equipmentId: 't1', cycleName: 'Monthly', state: 'UNSATISFACTORY' }],
            },
          },
        }),
      ),
    ],
  });
}

const inputOf = (label: string) => {
  const input = screen.getAllByLabelText(label).find((element) => element.tagName === 'INPUT');
  if (!input) throw new Error(`No input labelled ${label}`);
  return input;
};

describe('Building overview', () => {
  it('shows the building, the neighbouring buildings and each location with its equipment and their state per cycle', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'King Street Commerce Centre' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Next: Yonge & Eglinton Tower/ })).toHaveAttribute('href', '/overview/building/12?organizationId=1');
    expect(screen.queryByRole('link', { name: /Previous:/ })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Total: 7, 100%')).toBeInTheDocument();
    const locations = await screen.findByRole('table', { name: 'Locations' });
    expect(within(locations).getByRole('link', { name: 'Main Lobby' })).toHaveAttribute('href', '/manage/building/11/equipments?locationId=31');
    expect(within(locations).getByRole('link', { name: 'Fire Pump' })).toHaveAttribute('href', '/manage/building/11/tasks?equipmentId=t2');
    const lobbyExit = within(locations).getByRole('link', { name: 'Exit Sign' }).closest('tr')!;
    expect(within(lobbyExit).getByText('Unsatisfactory')).toBeInTheDocument();
    expect(within(lobbyExit).getByText('Not Scanned')).toBeInTheDocument();
    // The Fire Pump has no Weekly tasks: nothing to scan there, rather than 'Not Scanned'.
    const pump = within(locations).getByRole('link', { name: 'Fire Pump' }).closest('tr')!;
    expect(within(pump).getAllByRole('cell').map((cell) => cell.getAttribute('aria-label') ?? cell.textContent)).toEqual(['Not Scanned', 'Not inspected in this cycle']);
    expect(within(locations).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Location and equipment', 'Monthly', 'Weekly']);
  });

  it('narrows to the chosen cycle without naming buildings', async () => {
    const asked: Array<Record<string, unknown>> = [];
    const { user } = renderPage(asked);
    await screen.findByRole('table', { name: 'Types' });
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    expect(screen.queryAllByLabelText('Regions').find((element) => element.tagName === 'INPUT')).toBeUndefined();
    await user.click(inputOf('Cycles'));
    await user.click(await screen.findByRole('option', { name: 'Weekly' }));
    await waitFor(() => expect(asked.at(-1)).toEqual({ buildingId: '11', filter: { cycleIds: ['c2'] } }));
  });
});
