import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { graphql, HttpResponse } from 'msw';
import { renderApp } from '../../test/render';
import { aBuilding, aConnection, aViewer } from '../../test/builders';

// jsdom has no camera: the scan sheet is driven through its typed-code field.
vi.mock('../../features/scanning/QrCameraScanner', () => ({ default: () => null }));

const uuid = '3f2504e0-4f89-11d3-9a0c-0305e82c3301';

describe('Scan in the main navigation', () => {
  it("opens the scan sheet and goes to the scanned location's page", async () => {
    const viewer = aViewer();
    const { user, currentPath } = renderApp({
      route: '/buildings',
      viewer,
      handlers: [
        graphql.query('BuildingsPage', () => HttpResponse.json({ data: { viewer, buildings: aConnection([aBuilding()]) } })),
        graphql.query('LocationLink', () =>
          HttpResponse.json({ data: { locationByUuid: { __typename: 'Location', id: '5', buildingId: '11' } } }),
        ),
        graphql.query('LocationPage', () =>
          HttpResponse.json({
            data: {
              building: { __typename: 'Building', id: '11', name: 'Tower A', timeZone: 'UTC' },
              location: { __typename: 'Location', id: '5', name: 'Lobby', label: null, hint: null, floorName: 'Ground', buildingId: '11' },
              entryComparisons: [],
            },
          }),
        ),
      ],
    });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await user.click(await within(nav).findByRole('button', { name: 'Scan' }));
    const sheet = await screen.findByRole('dialog', { name: 'Scan Code' });
    await user.type(within(sheet).getByLabelText('Code'), `https://inspect.example.com/q/${uuid}{Enter}`);
    await waitFor(() => expect(currentPath()).toBe('/buildings/11/locations/5'));
    expect(await screen.findByRole('heading', { name: 'Lobby', level: 1 })).toBeInTheDocument();
  });
});
