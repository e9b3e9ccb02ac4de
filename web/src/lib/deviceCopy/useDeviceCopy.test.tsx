import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { graphql, http, HttpResponse } from 'msw';
import type { WalkaboutEditPageQuery } from '../../features/walkabout-edit/WalkaboutEditPage.generated';
import { renderApp } from '../../test/render';
import { aBuilding, aConnection, aViewer } from '../../test/builders';
import { GRAPHQL_URL } from '../../test/server';
import { aCycle, aPageBuilding, aWalkabout, aWalkaboutsPage } from '../../features/walkabouts/testData';
import { resetBackgroundSync } from '../outbox/backgroundSync';
import { closeEditsDb, putChange, putSnapshot } from '../outbox/pendingEdits';
import { settleSaves } from '../outbox/saveQueue';
import { aConditionDraft } from '../outbox/testDrafts';
import { closeDeviceCopiesDb } from './deviceCopies';

const USER_ID = '7';
const viewer = aViewer({ id: USER_ID });

beforeEach(async () => {
  await settleSaves();
  await closeEditsDb();
  await closeDeviceCopiesDb();
  globalThis.indexedDB = new IDBFactory();
  resetBackgroundSync();
});

afterEach(async () => {
  cleanup();
  await settleSaves();
});

/** Every GraphQL call gets no answer at all, as in a basement. */
const noAnswer = http.post(GRAPHQL_URL, () => HttpResponse.error());

/** One result of the Daily Walkabout of building 11 waits on the device, which last loaded that walkabout. */
async function workOnTheDevice() {
  await putChange({ userId: USER_ID, walkaboutId: '31', target: 'c:5', revision: 1, condition: aConditionDraft('5') });
  const data = {
    viewer: { id: USER_ID },
    walkabout: { id: '31', cycle: { id: '1', name: 'Daily' }, building: { id: '11', name: 'King Street Commerce Centre' } },
  } as unknown as WalkaboutEditPageQuery;
  await putSnapshot({ userId: USER_ID, walkaboutId: '31', data, loadedAt: '2026-03-02T09:00:00.000Z' });
}

describe("Lists from the device's last copy", () => {
  it('opens Buildings without a network as last loaded, says so once and calmly, and links the walkabout whose work waits', async () => {
    const online = renderApp({
      route: '/buildings',
      viewer,
      handlers: [graphql.query('BuildingsPage', () => HttpResponse.json({ data: { viewer, buildings: aConnection([aBuilding({ id: '11', name: 'King Street Commerce Centre' })]) } }))],
    });
    expect(await screen.findByRole('heading', { name: 'King Street Commerce Centre' })).toBeInTheDocument();
    online.unmount();
    await workOnTheDevice();

    // A reload in the basement: a new client, every call unanswered; the session's token stays.
    renderApp({ route: '/buildings', signedIn: false, viewer, handlers: [noAnswer] });
    expect(await screen.findByRole('heading', { name: 'King Street Commerce Centre' })).toBeInTheDocument();
    const notices = await screen.findAllByText(/as last loaded on this device/);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toHaveTextContent(/^The server cannot be reached: these are the buildings as last loaded on this device/);
    expect(screen.queryByText('The server cannot be reached. What you record is kept on this device; the app keeps trying.')).not.toBeInTheDocument();
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
    expect(screen.queryByText('The buildings could not be loaded')).not.toBeInTheDocument();

    const waiting = within(await screen.findByRole('region', { name: 'Not saved yet on this device' }));
    const link = await waiting.findByRole('link', { name: /Daily Walkabout, King Street Commerce Centre: 1 result not saved yet/ });
    expect(link).toHaveAttribute('href', '/buildings/11/walkabouts/31');
  });

  it('opens the walkabouts list without a network as last loaded, with what waits on the device', async () => {
    const page = aWalkaboutsPage({
      viewer,
      building: aPageBuilding({ id: '11', name: 'King Street Commerce Centre' }),
      walkabouts: [aWalkabout({ id: '31', cycle: aCycle({ id: '1', name: 'Daily', frequency: 'DAILY' }), date: '2026-03-02' })],
    });
    const online = renderApp({ route: '/buildings/11/walkabouts', viewer, handlers: [graphql.query('WalkaboutsPage', () => HttpResponse.json({ data: page }))] });
    expect(await screen.findByRole('link', { name: /^Daily Walkabout/ })).toBeInTheDocument();
    online.unmount();
    await workOnTheDevice();

    renderApp({ route: '/buildings/11/walkabouts', signedIn: false, viewer, handlers: [noAnswer] });
    const row = await screen.findByRole('link', { name: /^Daily Walkabout/ });
    expect(row).toHaveAttribute('href', '/buildings/11/walkabouts/31');
    await waitFor(() => expect(row).toHaveTextContent('1 result on this device not saved yet'));
    expect(screen.getAllByText(/as last loaded on this device/)).toHaveLength(1);
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
    expect(screen.queryByText('The walkabouts could not be loaded')).not.toBeInTheDocument();
  });

  it("does not show another user's copy in a new session", async () => {
    const online = renderApp({
      route: '/buildings',
      viewer,
      handlers: [graphql.query('BuildingsPage', () => HttpResponse.json({ data: { viewer, buildings: aConnection([aBuilding({ id: '11', name: 'King Street Commerce Centre' })]) } }))],
    });
    expect(await screen.findByRole('heading', { name: 'King Street Commerce Centre' })).toBeInTheDocument();
    online.unmount();

    // A new sign-in on this device (storeAccessToken forgets the last viewer), and no network.
    renderApp({ route: '/buildings', viewer: aViewer({ id: '8' }), handlers: [noAnswer] });
    expect(await screen.findByText('The buildings could not be loaded')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'King Street Commerce Centre' })).not.toBeInTheDocument();
  });
});
