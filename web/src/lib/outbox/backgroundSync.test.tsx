import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { graphql, HttpResponse } from 'msw';
import type { SaveWalkaboutInput } from '../../generated/schema';
import type { WalkaboutEditPageQuery } from '../../features/walkabout-edit/WalkaboutEditPage.generated';
import { renderApp } from '../../test/render';
import { aViewer } from '../../test/builders';
import { aCycle, aPageBuilding, aWalkabout, aWalkaboutsPage } from '../../features/walkabouts/testData';
import { resetBackgroundSync } from './backgroundSync';
import { closeEditsDb, pendingCounts, putChange, putSnapshot, type ChangeRecord } from './pendingEdits';
import { settleSaves } from './saveQueue';
import { aConditionDraft } from './testDrafts';
import { saveRecorder } from '../../features/walkabout-edit/testData';

const USER_ID = '7';
const WALKABOUT_ID = '31';

beforeEach(async () => {
  await settleSaves();
  await closeEditsDb();
  globalThis.indexedDB = new IDBFactory();
  resetBackgroundSync();
});

afterEach(async () => {
  cleanup();
  await settleSaves();
});

/** A condition marked satisfactory on this device and not saved yet, as the walkabout screen writes it. */
function aChange(conditionId: string, revision: number): ChangeRecord {
  return {
    userId: USER_ID,
    walkaboutId: WALKABOUT_ID,
    target: `c:${conditionId}`,
    revision,
    condition: aConditionDraft(conditionId, { editedAt: '2026-03-02T09:00:00.000Z' }),
  };
}

/** The walkabouts list of building 11, where walkabout 31 is open. */
function renderList(extra: Parameters<typeof renderApp>[0] extends infer O ? (O extends { handlers?: infer H } ? NonNullable<H> : never) : never) {
  const viewer = aViewer({ id: USER_ID });
  const page = aWalkaboutsPage({
    viewer,
    building: aPageBuilding({ id: '11', name: 'King Street Commerce Centre' }),
    walkabouts: [aWalkabout({ id: WALKABOUT_ID, cycle: aCycle({ id: '1', name: 'Daily', frequency: 'DAILY' }), date: '2026-03-02' })],
  });
  return renderApp({
    route: '/buildings/11/walkabouts',
    viewer,
    handlers: [...extra, graphql.query('WalkaboutsPage', () => HttpResponse.json({ data: page }))],
  });
}

function row() {
  return within(screen.getByRole('region', { name: 'Open walkabouts' })).getByRole('link', { name: /^Daily Walkabout/ });
}

describe('Work left on the device', () => {
  it('is shown on the walkabouts list and saved once the network is back, without opening the walkabout', async () => {
    await putChange(aChange('c1', 1));
    await putChange(aChange('c2', 2));
    const saves = saveRecorder();
    saves.goOffline();
    renderList([saves.handler]);

    // The app tried at once and found no network: the row says what waits.
    await waitFor(() => expect(saves.inputs).toHaveLength(1));
    await settleSaves();
    await waitFor(() => expect(row()).toHaveTextContent('2 results on this device not saved yet'));

    saves.goOnline();
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(row()).not.toHaveTextContent('not saved yet'));
    // Sent again with the same save id, so that a save whose answer was lost is recorded once.
    expect(saves.inputs).toHaveLength(2);
    expect(saves.inputs[1]!.saveId).toBe(saves.inputs[0]!.saveId);
    expect(saves.recorded.size).toBe(1);
    expect(saves.inputs[1]).toMatchObject({
      walkaboutId: WALKABOUT_ID,
      conditions: [expect.objectContaining({ id: 'c1', value: { boolean: true } }), expect.objectContaining({ id: 'c2', value: { boolean: true } })],
    });
    expect(await pendingCounts(USER_ID)).toEqual(new Map());
  });

  it('says once, in the error banner, when the server refuses it for good, and keeps it on the device', async () => {
    await putChange(aChange('c1', 1));
    await putSnapshot({
      userId: USER_ID,
      walkaboutId: WALKABOUT_ID,
      loadedAt: '2026-03-02T08:00:00.000Z',
      data: { walkabout: { cycle: { name: 'Daily' }, building: { name: 'King Street Commerce Centre' } } } as unknown as WalkaboutEditPageQuery,
    });
    const inputs: SaveWalkaboutInput[] = [];
    const locked = graphql.mutation('SaveWalkabout', ({ variables }) => {
      inputs.push((variables as { input: SaveWalkaboutInput }).input);
      return HttpResponse.json({
        data: {
          saveWalkabout: {
            __typename: 'SaveWalkaboutPayload',
            walkabout: null,
            errors: [{ __typename: 'FieldError', field: null, message: 'This walkabout is locked.', code: 'LOCKED' }],
          },
        },
      });
    });
    renderList([locked]);

    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent(
      '1 result kept on this device for the Daily Walkabout of King Street Commerce Centre could not be saved: This walkabout is locked.',
    );
    expect(inputs).toHaveLength(1);
    expect(await pendingCounts(USER_ID)).toEqual(new Map([[WALKABOUT_ID, { results: 1, scans: 0, qrReports: 0 }]]));

    // Not tried again (nor said again) while the app stays open.
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await settleSaves();
    expect(inputs).toHaveLength(1);
  });
});
