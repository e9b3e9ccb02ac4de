import 'fake-indexeddb/auto';
import './testEnvironment';
import { IDBFactory } from 'fake-indexeddb';
import { File as NodeFile } from 'node:buffer';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { graphql, HttpResponse } from 'msw';
import { renderApp } from '../../test/render';
import { aViewer } from '../../test/builders';
import { clearDebugLog } from '../../lib/debugLog';
import { closeEditsDb } from '../../lib/outbox/pendingEdits';
import { settleSaves } from '../../lib/outbox/saveQueue';
import {
  aCondition,
  aFloor,
  anEntry,
  anInspector,
  aWalkabout,
  EDIT_ROUTE,
  pageAnswering,
  saveRecorder,
  UUID_A,
  UUID_B,
  UUID_C,
  UUID_UNKNOWN,
} from './testData';

// jsdom's FormData and Node's fetch do not meet: the multipart upload itself is checked in Chromium.
const uploads = vi.hoisted(() => ({ received: [] as { photo: Blob; name: string }[] }));
vi.mock('../../lib/upload/uploadFile', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/upload/uploadFile')>()),
  uploadFile: (photo: Blob, name: string) => {
    uploads.received.push({ photo, name });
    return Promise.resolve({ status: 'done', value: { url: '/files/abc123.jpg', mimetype: 'image/jpeg', pageCount: null } });
  },
}));

// jsdom has no camera: the scan sheet's typed-code field stands in for it.
vi.mock('../scanning/QrCameraScanner', () => ({ default: () => null }));

const SCANNED = '2026-03-02T09:00:00.000Z';

beforeEach(async () => {
  // A screen left by the previous test may still be finishing its last save.
  await settleSaves();
  await closeEditsDb();
  globalThis.indexedDB = new IDBFactory();
});

/** The browser's own network flag (navigator.onLine) and its events, as a phone losing its signal shows them. */
function setBrowserOnline(online: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}
const goBrowserOffline = () => setBrowserOnline(false);
const goBrowserOnline = () => setBrowserOnline(true);

afterEach(async () => {
  vi.useRealTimers();
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => true });
  // Leaving the screen saves what is pending: let that finish while this test's handlers still answer.
  cleanup();
  await settleSaves();
});

type Walkabout = ReturnType<typeof aWalkabout>;

function renderEdit(walkabout: Walkabout, { viewer = anInspector(), extra = [] as Parameters<typeof renderApp>[0] extends infer O ? O extends { handlers?: infer H } ? NonNullable<H> : never : never } = {}) {
  const saves = saveRecorder();
  // The walkabouts list, where a save ends, is another screen's test.
  const list = graphql.query('WalkaboutsPage', () => HttpResponse.json({ errors: [{ message: 'The walkabouts list is not under test.' }] }));
  const view = renderApp({ route: EDIT_ROUTE, viewer, handlers: [pageAnswering(walkabout, viewer), saves.handler, list, ...extra] });
  return { ...view, saves };
}

/** One unlocked entry on one floor holding the given conditions. */
function oneEntry(conditions: ReturnType<typeof aCondition>[], scannedAt: string | null = SCANNED) {
  return aWalkabout({ floors: [aFloor('1', 'Ground', [anEntry({ id: '21', label: 'Stair door', scannedAt, conditions })])] });
}

async function row(label: string) {
  const button = await screen.findByText(label);
  const element = button.closest<HTMLElement>('[data-condition-row]');
  if (!element) throw new Error(`no row for ${label}`);
  return element;
}

async function tapTarget(label: string) {
  return screen.findByRole('button', { name: new RegExp(`^${label}`) });
}

async function scanCode(user: ReturnType<typeof renderApp>['user'], uuid: string) {
  await user.click(screen.getByRole('button', { name: "Scan an entry's QR code" }));
  const sheet = await screen.findByRole('dialog', { name: 'Scan Code' });
  await user.click(within(sheet).getByLabelText('Code'));
  await user.paste(`https://inspect.example.com/q/${uuid}`);
  await user.click(within(sheet).getByRole('button', { name: 'Use Code' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Scan Code' })).not.toBeInTheDocument());
}

describe('Walkabout edit', () => {
  it("shows the floor's entries with their location, hint and equipment, and a locked entry cannot be marked", async () => {
    renderEdit(
      aWalkabout({
        floors: [
          aFloor('1', 'Ground', [
            anEntry({
              id: '21',
              label: 'Stair door',
              locationName: 'Stair A',
              locationHint: 'Behind the lobby',
              equipmentName: 'Fire Door',
              conditions: [aCondition({ id: 'c1', label: 'Closes and latches' })],
            }),
          ]),
        ],
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Stair door' })).toBeInTheDocument();
    expect(screen.getByText('Stair A · Fire Door (eq-21)')).toBeInTheDocument();
    expect(screen.getByText('Behind the lobby')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Daily Walkabout' })).toBeInTheDocument();
    expect(await tapTarget('Closes and latches')).toBeDisabled();
    expect(screen.getByText("Scan the location's QR code to unlock this entry.")).toBeInTheDocument();
  });

  it('marks a boolean satisfactory on a tap, unsatisfactory on a second, and satisfactory again on a third', async () => {
    const { user } = renderEdit(oneEntry([aCondition({ id: 'c1', label: 'Closes and latches' })]));
    const target = await tapTarget('Closes and latches');
    expect(target).toHaveTextContent('Not marked');
    await user.click(target);
    expect(target).toHaveTextContent('Satisfactory');
    await user.click(target);
    expect(target).toHaveTextContent('Unsatisfactory');
    await user.click(target);
    expect(target).toHaveTextContent('Satisfactory');
  });

  it('cycles yes/no through yes and no, and yes/no/not applicable through not applicable back to yes', async () => {
    const { user } = renderEdit(
      oneEntry([
        aCondition({ id: 'c1', label: 'Panel normal', type: 'YESNO' }),
        aCondition({ id: 'c2', label: 'Battery test', type: 'YESNONOTAPPLICABLE' }),
      ]),
    );
    const yesNo = await tapTarget('Panel normal');
    await user.click(yesNo);
    expect(yesNo).toHaveTextContent('Yes, satisfactory');
    await user.click(yesNo);
    expect(yesNo).toHaveTextContent('No, unsatisfactory');
    await user.click(yesNo);
    expect(yesNo).toHaveTextContent('Yes, satisfactory');

    const withNa = await tapTarget('Battery test');
    await user.click(screen.getByRole('button', { name: 'Not applicable: Battery test' }));
    expect(withNa).toHaveTextContent('Not applicable');
    await user.click(withNa);
    expect(withNa).toHaveTextContent('Yes, satisfactory');
    await user.click(withNa);
    expect(withNa).toHaveTextContent('No, unsatisfactory');
  });

  it('judges number, range (showing its bounds), string, dropdown, multiselect and time inputs', async () => {
    const { user } = renderEdit(
      oneEntry([
        aCondition({ id: 'n', label: 'Drip rate', type: 'NUMBER' }),
        aCondition({ id: 'r', label: 'Gauge pressure', type: 'RANGE', rangeFrom: 40, rangeTo: 175 }),
        aCondition({ id: 's', label: 'Battery code', type: 'STRING' }),
        aCondition({ id: 'd', label: 'Valve position', type: 'DROPDOWN', choices: ['Fully open', 'Closed'], satisfactoryValues: ['Fully open'] }),
        aCondition({ id: 'e', label: 'Broken list', type: 'DROPDOWN', choices: [] }),
        aCondition({ id: 'm', label: 'Cabinet contents', type: 'MULTISELECT', choices: ['Hose', 'Nozzle'], satisfactoryValues: ['Hose', 'Nozzle'] }),
        aCondition({ id: 't', label: 'Time of check', type: 'TIME', options: { pattern: 'HH:MM' } }),
      ]),
    );
    const number = within(await row('Drip rate'));
    await user.type(number.getByRole('textbox', { name: 'Drip rate' }), '0');
    expect(number.getByText('Unsatisfactory')).toBeInTheDocument();
    await user.type(number.getByRole('textbox', { name: 'Drip rate' }), '5');
    expect(number.getByText('Satisfactory')).toBeInTheDocument();

    const range = within(await row('Gauge pressure'));
    expect(range.getByText('Satisfactory from 40 to 175')).toBeInTheDocument();
    await user.type(range.getByRole('textbox', { name: 'Gauge pressure' }), '30');
    expect(range.getByText('Unsatisfactory')).toBeInTheDocument();

    const text = within(await row('Battery code'));
    await user.type(text.getByRole('textbox', { name: 'Battery code' }), '2026-01');
    expect(text.getByText('Satisfactory')).toBeInTheDocument();

    const dropdown = within(await row('Valve position'));
    await user.selectOptions(dropdown.getByRole('combobox'), 'Closed');
    expect(dropdown.getByText('Unsatisfactory')).toBeInTheDocument();
    await user.selectOptions(dropdown.getByRole('combobox'), 'Fully open');
    expect(dropdown.getByText('Satisfactory')).toBeInTheDocument();

    expect(within(await row('Broken list')).getByText('Invalid values provided in task configuration')).toBeInTheDocument();

    const multi = within(await row('Cabinet contents'));
    await user.click(multi.getByRole('checkbox', { name: 'Hose' }));
    expect(multi.getByText('Unsatisfactory')).toBeInTheDocument();
    await user.click(multi.getByRole('checkbox', { name: 'Nozzle' }));
    expect(multi.getByText('Satisfactory')).toBeInTheDocument();

    const time = within(await row('Time of check'));
    expect(time.getByText('Time as HH:MM')).toBeInTheDocument();
    const timeInput = time.getByLabelText('Time of check');
    fireEvent.change(timeInput, { target: { value: '08:30' } });
    expect(time.getByText('Satisfactory')).toBeInTheDocument();
  });

  it('opens the action sheet on press-and-hold with Unmark and Add Notes, then Remove Notes once notes are added', async () => {
    const { user } = renderEdit(oneEntry([aCondition({ id: 'c1', label: 'Closes and latches' })]));
    const target = await tapTarget('Closes and latches');
    await user.click(target);

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.pointerDown(target, { button: 0 });
    act(() => {
      vi.advanceTimersByTime(500);
    });
    fireEvent.pointerUp(target);
    fireEvent.click(target);
    vi.useRealTimers();
    // The click that ends the hold does not tap.
    expect(target).toHaveTextContent('Satisfactory');

    let sheet = within(await screen.findByRole('dialog', { name: 'Actions' }));
    expect(sheet.getAllByRole('button').map((button) => button.textContent)).toEqual(expect.arrayContaining(['Unmark', 'Add Notes']));
    expect(sheet.queryByRole('button', { name: 'Remove Notes' })).not.toBeInTheDocument();
    await user.click(sheet.getByRole('button', { name: 'Add Notes' }));
    await user.type(await screen.findByLabelText('Remarks for Closes and latches'), 'Closer replaced');

    fireEvent.contextMenu(target);
    sheet = within(await screen.findByRole('dialog', { name: 'Actions' }));
    expect(sheet.queryByRole('button', { name: 'Add Notes' })).not.toBeInTheDocument();
    await user.click(sheet.getByRole('button', { name: 'Remove Notes' }));
    expect(screen.getByLabelText('Remarks for Closes and latches')).toHaveValue('');

    await user.click(screen.getByRole('button', { name: 'More actions for Closes and latches' }));
    sheet = within(await screen.findByRole('dialog', { name: 'Actions' }));
    await user.click(sheet.getByRole('button', { name: 'Unmark' }));
    expect(target).toHaveTextContent('Not marked');
  });

  it('shows remarks and photo for an unsatisfactory condition only, and no remarks where the task disables them', async () => {
    const { user } = renderEdit(
      oneEntry([
        aCondition({ id: 'c1', label: 'Closes and latches' }),
        aCondition({ id: 'c2', label: 'Signage', options: { disableUnsatisfactoryRemarks: true } }),
      ]),
    );
    const target = await tapTarget('Closes and latches');
    await user.click(target);
    expect(screen.queryByLabelText('Remarks for Closes and latches')).not.toBeInTheDocument();
    await user.click(target);
    expect(screen.getByLabelText('Remarks for Closes and latches')).toBeInTheDocument();
    expect(screen.getByLabelText('Take photo for Closes and latches')).toHaveAttribute('capture', 'environment');
    expect(screen.getByLabelText('Take photo for Closes and latches')).toHaveAttribute('accept', 'image/*');

    const signage = await tapTarget('Signage');
    await user.click(signage);
    await user.click(signage);
    expect(screen.queryByLabelText('Remarks for Signage')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Take photo for Signage')).toBeInTheDocument();
  });

  it('blocks a floor change and another unlock while an unlocked entry has an unsatisfactory condition without remarks or photo', async () => {
    const walkabout = aWalkabout({
      floors: [
        aFloor('1', 'Ground', [
          anEntry({ id: '21', label: 'Stair door', scannedAt: SCANNED, conditions: [aCondition({ id: 'c1', label: 'Closes and latches' })] }),
          anEntry({ id: '22', label: 'Hose cabinet', uuid: UUID_B, conditions: [aCondition({ id: 'c2', label: 'Hose racked' })] }),
        ]),
        aFloor('2', 'Second', [anEntry({ id: '23', label: 'Exit sign', uuid: UUID_C, conditions: [aCondition({ id: 'c3', label: 'Lit' })] })]),
      ],
    });
    const { user, currentPath } = renderEdit(walkabout);
    const target = await tapTarget('Closes and latches');
    await user.click(target);
    await user.click(target);

    await user.click(screen.getByRole('button', { name: 'Next Floor' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Invalid Conditions' }));
    expect(
      dialog.getByText(
        'All unsatisfactory conditions must include either remarks or a photo before the floor can be changed. Please correct or unmark the unsatisfactory conditions.',
      ),
    ).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(target).toHaveFocus());
    expect(screen.getByRole('heading', { name: 'Stair door' })).toBeInTheDocument();
    expect(currentPath()).toBe(`${EDIT_ROUTE}?floor=1`);

    await user.click(screen.getByRole('button', { name: "Scan an entry's QR code" }));
    dialog = within(await screen.findByRole('dialog', { name: 'Invalid Conditions' }));
    expect(
      dialog.getByText(
        'All unsatisfactory conditions must include either remarks or a photo before another entry can be unlocked. Please correct or unmark the unsatisfactory conditions.',
      ),
    ).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog', { name: 'Scan Code' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Invalid Conditions' }));
    expect(
      dialog.getByText(
        'All unsatisfactory conditions must include either remarks or a photo before the walkabout can be completed. Please correct or unmark the unsatisfactory conditions.',
      ),
    ).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'OK' }));

    await user.click(screen.getByLabelText('Remarks for Closes and latches'));
    await user.paste('Closer broken');
    await user.click(screen.getByRole('button', { name: 'Next Floor' }));
    expect(await screen.findByRole('heading', { name: 'Exit sign' })).toBeInTheDocument();
    expect(currentPath()).toBe(`${EDIT_ROUTE}?floor=2`);
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', `${EDIT_ROUTE}?floor=1`);
    await user.click(screen.getByRole('link', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Stair door' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Walkabouts' })).toHaveAttribute('href', '/buildings/11/walkabouts');
  });

  it('warns that tasks are not all answered, saves on Continue with one save id, and returns to the walkabouts list', async () => {
    const { user, saves, currentPath } = renderEdit(
      oneEntry([aCondition({ id: 'c1', label: 'Closes and latches' }), aCondition({ id: 'c2', label: 'Not wedged open' })]),
    );
    await user.click(await tapTarget('Closes and latches'));
    expect(screen.getByText('1 result not saved yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const warning = within(await screen.findByRole('dialog', { name: 'Warning' }));
    expect(warning.getByText('The tasks have not all been fully answered.')).toBeInTheDocument();
    await user.click(warning.getByRole('button', { name: 'Continue' }));

    const saved = within(await screen.findByRole('dialog', { name: 'Walkabout saved' }));
    expect(saved.getByText(/^Partial walkabout saved on [A-Z][a-z]+ \d{1,2}, \d{4}\.$/)).toBeInTheDocument();
    expect(saves.inputs).toHaveLength(1);
    expect(saves.inputs[0]).toMatchObject({
      walkaboutId: '501',
      conditions: [{ id: 'c1', value: { boolean: true }, editedVia: 'tap' }],
    });
    expect(saves.inputs[0]?.saveId).toMatch(/^[0-9a-f-]{36}$/);
    await user.click(saved.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(currentPath()).toBe('/buildings/11/walkabouts'));
  });

  it('returns to the list without saving when nothing changed', async () => {
    const { user, saves, currentPath } = renderEdit(oneEntry([aCondition({ id: 'c1', label: 'Closes and latches', value: true })]));
    await user.click(await screen.findByRole('button', { name: 'Done' }));
    await waitFor(() => expect(currentPath()).toBe('/buildings/11/walkabouts'));
    expect(saves.inputs).toHaveLength(0);
  });

  it('locks on the last floor after the confirmation, saving first, for a user who may lock', async () => {
    const locked: string[] = [];
    const lockHandler = graphql.mutation('LockWalkabout', ({ variables }) => {
      locked.push(String(variables.id));
      return HttpResponse.json({
        data: {
          lockWalkabout: {
            __typename: 'WalkaboutPayload',
            walkabout: {
              __typename: 'Walkabout',
              id: '501',
              isOpen: false,
              isLocked: true,
              isComplete: true,
              lockedAt: new Date().toISOString(),
              building: { __typename: 'Building', id: '11', walkaboutsCount: 0, statuses: [] },
            },
            errors: [],
          },
        },
      });
    });
    const { user, saves, client } = renderEdit(oneEntry([aCondition({ id: 'c1', label: 'Closes and latches' })]), {
      viewer: aViewer({ granted: ['canLockWalkabout'] }),
      extra: [lockHandler],
    });
    await user.click(await tapTarget('Closes and latches'));
    await user.click(screen.getByRole('button', { name: 'Lock Walkabout' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Lock Walkabout' }));
    expect(confirm.getByText('Close Walkabout? This cannot be undone.')).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: 'Lock Walkabout' }));
    const saved = within(await screen.findByRole('dialog', { name: 'Walkabout saved' }));
    expect(saved.getByText(/^Complete walkabout saved on /)).toBeInTheDocument();
    expect(saves.inputs).toHaveLength(1);
    expect(locked).toEqual(['501']);
    // The building's card (status badges, open walkabouts) reads the lock's answer from the cache.
    const cached = client.cache.extract() as Record<string, unknown>;
    expect(cached['Building:11']).toMatchObject({ walkaboutsCount: 0, statuses: [] });
  });

  it('offers no Lock button to a user who may not lock', async () => {
    renderEdit(oneEntry([aCondition({ id: 'c1', label: 'Closes and latches' })]));
    await tapTarget('Closes and latches');
    expect(screen.queryByRole('button', { name: 'Lock Walkabout' })).not.toBeInTheDocument();
  });

  it.each([
    ['locked', { isLocked: true }, 'You are viewing a locked walkabout.'],
    ['closed', { isClosed: true, closedAt: '2026-03-01T00:00:00.000Z' }, 'You are viewing a closed walkabout.'],
  ])('shows a %s walkabout read-only, without the scan button', async (_state, fields, banner) => {
    renderEdit({ ...oneEntry([aCondition({ id: 'c1', label: 'Closes and latches' })]), ...fields });
    expect(await screen.findByText(banner)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: "Scan an entry's QR code" })).not.toBeInTheDocument();
    expect(await tapTarget('Closes and latches')).toBeDisabled();
  });

  it('shows a viewer who may not record results the walkabout read-only: no scan, no marks, no save', async () => {
    const { user, saves, currentPath } = renderEdit(oneEntry([aCondition({ id: 'c1', label: 'Closes and latches' })]), { viewer: aViewer() });
    expect(await screen.findByText('You may view this walkabout but not record results.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: "Scan an entry's QR code" })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Lock Walkabout' })).not.toBeInTheDocument();
    expect(await tapTarget('Closes and latches')).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(currentPath()).toBe('/buildings/11/walkabouts'));
    expect(saves.inputs).toHaveLength(0);
  });

  it('says so when a floor has no entries', async () => {
    renderEdit(aWalkabout({ floors: [aFloor('1', 'Ground', [])] }));
    expect(
      await screen.findByText('You are viewing a walkabout in which all Types and/or Tasks were inactivated/paused.'),
    ).toBeInTheDocument();
  });

  it('unlocks the scanned entry, every entry of a scanned location, and says when an entry is elsewhere or not in the walkabout', async () => {
    const walkabout = aWalkabout({
      floors: [
        aFloor('1', 'Ground', [
          anEntry({ id: '21', label: 'Stair door', uuid: UUID_A, conditions: [aCondition({ id: 'c1', label: 'Closes and latches' })] }),
          anEntry({ id: '22', label: 'Hose cabinet', uuid: UUID_B, locationId: 'L2', conditions: [aCondition({ id: 'c2', label: 'Hose racked' })] }),
          anEntry({ id: '24', label: 'Extinguisher', uuid: UUID_B, locationId: 'L2', conditions: [aCondition({ id: 'c4', label: 'Gauge green' })] }),
        ]),
        aFloor('2', 'Second', [anEntry({ id: '23', label: 'Exit sign', uuid: UUID_C, conditions: [aCondition({ id: 'c3', label: 'Lit' })] })]),
      ],
    });
    const { user } = renderEdit(walkabout);
    expect(await tapTarget('Closes and latches')).toBeDisabled();

    await scanCode(user, UUID_A.toUpperCase());
    expect(await tapTarget('Closes and latches')).toBeEnabled();
    expect(await tapTarget('Hose racked')).toBeDisabled();

    await scanCode(user, UUID_B);
    expect(await tapTarget('Hose racked')).toBeEnabled();
    expect(await tapTarget('Gauge green')).toBeEnabled();
    expect(screen.getByText('3 scans not saved yet')).toBeInTheDocument();

    await scanCode(user, UUID_C);
    let alert = within(await screen.findByRole('dialog', { name: 'Scan Code' }));
    expect(alert.getByText('Entry is not on the current floor.')).toBeInTheDocument();
    await user.click(alert.getByRole('button', { name: 'OK' }));

    await scanCode(user, UUID_UNKNOWN);
    alert = within(await screen.findByRole('dialog', { name: 'Scan Code' }));
    expect(alert.getByText('Entry scanned not included in this walkabout.')).toBeInTheDocument();
  });

  it('saves after the user has been idle for their autosave period, checked every 3 seconds, without the incomplete warning', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'], shouldAdvanceTime: true });
    const { user, saves } = renderEdit(
      oneEntry([aCondition({ id: 'c1', label: 'Closes and latches' }), aCondition({ id: 'c2', label: 'Not wedged open' })]),
      { viewer: { ...anInspector(), walkaboutAutoSavePeriodMins: 2 } },
    );
    await user.click(await tapTarget('Closes and latches'));
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(saves.inputs).toHaveLength(0);
    act(() => {
      vi.advanceTimersByTime(63_000);
    });
    await waitFor(() => expect(saves.inputs).toHaveLength(1));
    expect(screen.queryByRole('dialog', { name: 'Warning' })).not.toBeInTheDocument();
    expect(await screen.findByText('All changes saved')).toBeInTheDocument();
  });

  it("keeps the changes and says 'Network unavailable' when a save finds no network", async () => {
    const { user, saves } = renderEdit(oneEntry([aCondition({ id: 'c1', label: 'Closes and latches' })]));
    saves.goOffline();
    await user.click(await tapTarget('Closes and latches'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Network unavailable' }));
    expect(dialog.getByText('Please go to an area where data is available and complete this walkabout.')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'OK' }));
    // The browser has a network, the server gives no answer: not 'when online', but that the app keeps trying.
    expect(screen.getByText('1 result not saved yet — the server cannot be reached; trying again')).toBeInTheDocument();
    expect(within(await row('Closes and latches')).getByText('Not saved yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();

    // One outage, one message: a second Save in the same outage asks nothing more.
    const before = saves.inputs.length;
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves.inputs.length).toBeGreaterThan(before));
    expect(screen.queryByRole('dialog', { name: 'Network unavailable' })).not.toBeInTheDocument();
    expect(screen.getByText('1 result not saved yet — the server cannot be reached; trying again')).toBeInTheDocument();
  });

  it("asks nothing at a floor change when the outage is already on screen, and 'Network unavailable' once for Save", async () => {
    const walkabout = aWalkabout({
      floors: [
        aFloor('1', 'Ground', [anEntry({ id: '21', label: 'Stair door', scannedAt: SCANNED, conditions: [aCondition({ id: 'c1', label: 'Closes and latches' })] })]),
        aFloor('2', 'Second', [anEntry({ id: '23', label: 'Exit sign', conditions: [aCondition({ id: 'c3', label: 'Lit' })] })]),
      ],
      floorDisplayName: 'Level',
    });
    const { user, saves } = renderEdit(walkabout);
    await tapTarget('Closes and latches');
    saves.goOffline();
    goBrowserOffline();
    expect(await screen.findByText('No connection. What you record is kept on this device and saved when the connection returns.')).toBeInTheDocument();
    await user.click(await tapTarget('Closes and latches'));
    await user.click(screen.getByRole('button', { name: 'Next Level' }));
    expect(await screen.findByRole('heading', { name: 'Exit sign' })).toBeInTheDocument();
    // The floor change's save was tried, and found no network.
    await waitFor(() => expect(saves.inputs).toHaveLength(1));
    await settleSaves();
    expect(screen.queryByRole('dialog', { name: 'Network unavailable' })).not.toBeInTheDocument();
    expect(screen.getByText('1 result not saved yet — will be saved when online')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Warning' })).getByRole('button', { name: 'Continue' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Network unavailable' }));
    expect(dialog.getByText('Please go to an area where data is available and complete this walkabout.')).toBeInTheDocument();
  });

  it('says the work will be saved when online while the browser has no network, and results and scans apart', async () => {
    const { user, saves } = renderEdit(oneEntry([aCondition({ id: 'c1', label: 'Closes and latches' })], null));
    await tapTarget('Closes and latches');
    saves.goOffline();
    goBrowserOffline();
    await scanCode(user, UUID_A);
    await user.click(await tapTarget('Closes and latches'));
    expect(await screen.findByText('1 result and 1 scan not saved yet — will be saved when online')).toBeInTheDocument();

    saves.goOnline();
    goBrowserOnline();
    expect(await screen.findByText('All changes saved')).toBeInTheDocument();
  });

  it("says 'Network unavailable' with the editing text when the save of a floor change finds no network", async () => {
    const walkabout = aWalkabout({
      floors: [
        aFloor('1', 'Ground', [anEntry({ id: '21', label: 'Stair door', scannedAt: SCANNED, conditions: [aCondition({ id: 'c1', label: 'Closes and latches' })] })]),
        aFloor('2', 'Second', [anEntry({ id: '23', label: 'Exit sign', conditions: [aCondition({ id: 'c3', label: 'Lit' })] })]),
      ],
      floorDisplayName: 'Level',
    });
    const { user, saves } = renderEdit(walkabout);
    saves.goOffline();
    await user.click(await tapTarget('Closes and latches'));
    await user.click(screen.getByRole('button', { name: 'Next Level' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Network unavailable' }));
    expect(dialog.getByText('Walkabout will be saved on next floor change if there is data or during completion.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Exit sign' })).toBeInTheDocument();
  });

  it('keeps unsaved work through a reload and sends it once, with the same save id, when the network returns', async () => {
    const walkabout = oneEntry([aCondition({ id: 'c1', label: 'Closes and latches' })]);
    const first = renderEdit(walkabout);
    first.saves.goOffline();
    await first.user.click(await tapTarget('Closes and latches'));
    await first.user.click(screen.getByRole('button', { name: 'Save' }));
    await first.user.click(within(await screen.findByRole('dialog', { name: 'Network unavailable' })).getByRole('button', { name: 'OK' }));
    const firstSaveId = first.saves.inputs[0]?.saveId;
    expect(firstSaveId).toBeDefined();
    first.unmount();

    // The page opens again (a reload): the server still has the condition unmarked.
    const second = renderEdit(walkabout);
    second.saves.goOffline();
    const target = await tapTarget('Closes and latches');
    await waitFor(() => expect(target).toHaveTextContent('Satisfactory'));
    expect(await screen.findByText(/1 result not saved yet/)).toBeInTheDocument();

    second.saves.goOnline();
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText('All changes saved')).toBeInTheDocument();
    const allSaves = [...first.saves.inputs, ...second.saves.inputs];
    expect(new Set(allSaves.map((input) => input.saveId))).toEqual(new Set([firstSaveId]));
    expect(second.saves.recorded).toEqual(new Set([firstSaveId]));
    expect(allSaves.at(-1)?.conditions).toEqual([expect.objectContaining({ id: 'c1', value: { boolean: true } })]);
  });

  it('flags an unavailable QR code with a reason, requiring a comment for access denied', async () => {
    const reports: unknown[] = [];
    const reportHandler = graphql.mutation('ReportUnavailableQrCode', ({ variables }) => {
      reports.push(variables);
      return HttpResponse.json({
        data: {
          reportUnavailableQrCode: {
            __typename: 'EntriesPayload',
            entries: [{ __typename: 'Entry', id: '21', qrUnavailabilityReason: { __typename: 'QrUnavailabilityReason', kind: 'ACCESS_DENIED', comment: 'Tenant away' } }],
            errors: [],
          },
        },
      });
    });
    const { user } = renderEdit(oneEntry([aCondition({ id: 'c1', label: 'Closes and latches' })], null), {
      viewer: aViewer({ granted: ['canHandleUnavailableQRCodes'] }),
      extra: [reportHandler],
    });
    await user.click(await screen.findByRole('button', { name: 'QR code unavailable' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'QR code unavailable' }));
    await user.click(dialog.getByRole('radio', { name: 'Access denied' }));
    await user.click(dialog.getByRole('button', { name: 'Report' }));
    expect(dialog.getByText('Comment is required field')).toBeInTheDocument();
    expect(reports).toHaveLength(0);
    await user.type(dialog.getByRole('textbox', { name: 'Comment' }), 'Tenant away');
    await user.click(dialog.getByRole('button', { name: 'Report' }));
    expect(await screen.findByText('QR code unavailable: Access denied (Tenant away)')).toBeInTheDocument();
    // Kept on the device and sent with the save that starts at once.
    expect(await screen.findByText('All changes saved')).toBeInTheDocument();
    expect(reports).toEqual([{ entryIds: ['21'], kind: 'ACCESS_DENIED', comment: 'Tenant away' }]);
  });

  /** A reportUnavailableQrCode that records what reached the server; `failing` answers with no answer at all, `refusing` with a field error. */
  function qrReportServer() {
    const state = { failing: false, refusing: null as string | null, attempts: 0, recorded: [] as unknown[] };
    const handler = graphql.mutation('ReportUnavailableQrCode', ({ variables }) => {
      state.attempts += 1;
      if (state.failing) return HttpResponse.error();
      const errors = state.refusing ? [{ __typename: 'FieldError', field: 'comment', message: state.refusing, code: 'VALIDATION_FAILED' }] : [];
      if (!state.refusing) state.recorded.push(variables);
      return HttpResponse.json({ data: { reportUnavailableQrCode: { __typename: 'EntriesPayload', entries: [], errors } } });
    });
    return { state, handler };
  }

  async function reportUnavailable(user: ReturnType<typeof renderApp>['user'], reason: string, comment = '') {
    await user.click(await screen.findByRole('button', { name: 'QR code unavailable' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'QR code unavailable' }));
    await user.click(dialog.getByRole('radio', { name: reason }));
    const field = dialog.getByRole('textbox', { name: 'Comment' });
    await user.clear(field);
    if (comment) await user.type(field, comment);
    await user.click(dialog.getByRole('button', { name: 'Report' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'QR code unavailable' })).not.toBeInTheDocument());
  }

  it('keeps a QR code unavailable report on the device while the server cannot be reached, and sends it once when it answers', async () => {
    const server = qrReportServer();
    server.state.failing = true;
    const { user } = renderEdit(oneEntry([aCondition({ id: 'c1', label: 'Closes and latches' })], null), {
      viewer: aViewer({ granted: ['canHandleUnavailableQRCodes'] }),
      extra: [server.handler],
    });
    await reportUnavailable(user, 'Missing', 'Sticker gone');

    // Nothing is lost: the form closed, the entry shows the reason, and the line says what waits and why.
    await user.click(within(await screen.findByRole('dialog', { name: 'Network unavailable' })).getByRole('button', { name: 'OK' }));
    expect(screen.getByText('QR code unavailable: Missing (Sticker gone)')).toBeInTheDocument();
    expect(screen.getByText('Report not saved yet')).toBeInTheDocument();
    expect(await screen.findByText('1 QR code report not saved yet — the server cannot be reached; trying again')).toBeInTheDocument();
    expect(server.state.recorded).toEqual([]);

    server.state.failing = false;
    goBrowserOnline();
    expect(await screen.findByText('All changes saved')).toBeInTheDocument();
    expect(screen.queryByText('Report not saved yet')).not.toBeInTheDocument();
    expect(server.state.recorded).toEqual([{ entryIds: ['21'], kind: 'MISSING', comment: 'Sticker gone' }]);
  });

  it('blocks changing floor and saving while a refused QR code report waits, until it is corrected', async () => {
    const server = qrReportServer();
    server.state.refusing = 'Comment is required field';
    const walkabout = aWalkabout({
      floors: [
        aFloor('1', 'Ground', [anEntry({ id: '21', label: 'Stair door', conditions: [aCondition({ id: 'c1', label: 'Closes and latches' })] })]),
        aFloor('2', 'Second', [anEntry({ id: '23', label: 'Exit sign', uuid: UUID_B, conditions: [aCondition({ id: 'c3', label: 'Lit' })] })]),
      ],
    });
    const { user } = renderEdit(walkabout, { viewer: aViewer({ granted: ['canHandleUnavailableQRCodes'] }), extra: [server.handler] });
    await reportUnavailable(user, 'Unusable');
    expect(await screen.findByText('QR code unavailable report not accepted: Comment is required field')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next Floor' }));
    const floorDialog = within(await screen.findByRole('dialog', { name: 'QR code unavailable not accepted' }));
    expect(
      floorDialog.getByText(
        'The QR code unavailable report for Location 21 was not accepted: Comment is required field. Please correct or withdraw it before the floor can be changed.',
        { exact: false },
      ),
    ).toBeInTheDocument();
    await user.click(floorDialog.getByRole('button', { name: 'OK' }));
    // OK opens the report again, with the server's refusal.
    const form = within(await screen.findByRole('dialog', { name: 'QR code unavailable' }));
    expect(form.getByText('Comment is required field')).toBeInTheDocument();
    await user.click(form.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('heading', { name: 'Stair door' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    const saveDialog = within(await screen.findByRole('dialog', { name: 'QR code unavailable not accepted' }));
    expect(saveDialog.getByText(/before the walkabout can be saved\.$/)).toBeInTheDocument();
    await user.click(saveDialog.getByRole('button', { name: 'OK' }));

    // Corrected (a comment), it is sent again and accepted: the floor changes.
    server.state.refusing = null;
    const again = within(await screen.findByRole('dialog', { name: 'QR code unavailable' }));
    await user.type(again.getByRole('textbox', { name: 'Comment' }), 'Cracked');
    await user.click(again.getByRole('button', { name: 'Report' }));
    expect(await screen.findByText('All changes saved')).toBeInTheDocument();
    expect(server.state.recorded).toEqual([{ entryIds: ['21'], kind: 'UNUSABLE', comment: 'Cracked' }]);
    await user.click(screen.getByRole('button', { name: 'Next Floor' }));
    expect(await screen.findByRole('heading', { name: 'Exit sign' })).toBeInTheDocument();
  });

  it('offers no unavailable QR code flag to a user who may not handle them', async () => {
    renderEdit(oneEntry([aCondition({ id: 'c1', label: 'Closes and latches' })], null), { viewer: aViewer({ granted: ['canLockWalkabout'] }) });
    await tapTarget('Closes and latches');
    expect(screen.queryByRole('button', { name: 'QR code unavailable' })).not.toBeInTheDocument();
  });

  it('keeps a photo on the device, uploads it before the save, and saves its address', async () => {
    uploads.received.length = 0;
    const { user, saves } = renderEdit(oneEntry([aCondition({ id: 'c1', label: 'Closes and latches' })]));
    const target = await tapTarget('Closes and latches');
    await user.click(target);
    await user.click(target);
    // Node's File, since IndexedDB in jsdom clones only Node's Blobs (a browser stores its own); user-event
    // accepts only jsdom's, so the picker's change is fired directly.
    const photo = new NodeFile(['jpeg bytes'], 'door.jpg', { type: 'image/jpeg' });
    fireEvent.change(screen.getByLabelText('Choose photo for Closes and latches'), { target: { files: [photo] } });
    expect(await screen.findByRole('img', { name: /^Photo of Closes and latches/ })).toBeInTheDocument();
    expect(within(await row('Closes and latches')).queryByText('Add remarks or a photo.')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('dialog', { name: 'Walkabout saved' });
    expect(uploads.received).toHaveLength(1);
    expect(await uploads.received[0]?.photo.text()).toBe('jpeg bytes');
    expect(uploads.received[0]?.name).toBe('door.jpg');
    expect(saves.inputs[0]?.conditions).toEqual([
      expect.objectContaining({ id: 'c1', value: { boolean: false }, photoUrl: '/files/abc123.jpg', photoMimetype: 'image/jpeg' }),
    ]);
  });

  it('shows no debug log to a user who is not in debug mode', async () => {
    renderEdit(oneEntry([aCondition({ id: 'c1', label: 'Closes and latches' })]));
    await tapTarget('Closes and latches');
    expect(screen.queryByRole('region', { name: /^Debug log/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save Logs' })).not.toBeInTheDocument();
  });

  it('in debug mode, logs the opening, a scan and a save, and Save Logs saves them as a text file', async () => {
    clearDebugLog();
    const { user } = renderEdit(
      aWalkabout({
        floors: [aFloor('1', 'Ground', [anEntry({ id: '21', label: 'Stair door', uuid: UUID_A, conditions: [aCondition({ id: 'c1', label: 'Closes and latches' })] })])],
      }),
      { viewer: anInspector({ debugModeEnabled: true }) },
    );
    const box = within(await screen.findByRole('region', { name: /^Debug log/ }));
    expect(box.getByText(/opened walkabout 501 \(Daily, .+\) from the server: 1 floor\(s\), 1 condition\(s\), 0 unsaved change\(s\)/)).toBeInTheDocument();

    await scanCode(user, UUID_A);
    await user.click(await tapTarget('Closes and latches'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('dialog', { name: 'Walkabout saved' });
    const lines = box.getByText(/opened walkabout/).textContent ?? '';
    expect(lines).toMatch(new RegExp(`scan: code ${UUID_A} unlocked 1 of 1 entry`));
    expect(lines).toMatch(/save: started with 2 unsaved change\(s\)/);
    expect(lines).toMatch(/save: saved after \d+ ms/);

    const saved: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      saved.push(blob);
      return 'blob:debug-log';
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const downloads: { name: string; href: string }[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push({ name: this.download, href: this.href });
    });
    try {
      // The saved dialog is open over the page; the box's button is pressed as a pointer would.
      fireEvent.click(box.getByRole('button', { name: 'Save Logs' }));
      expect(downloads).toEqual([{ name: expect.stringMatching(/^walkabout-501-log-\d{4}-\d{2}-\d{2}T[\d-]+Z\.txt$/), href: 'blob:debug-log' }]);
      // jsdom's Blob has no text(): its FileReader reads it.
      const text = await new Promise<string>((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result));
        reader.readAsText(saved[0]!);
      });
      expect(text).toMatch(/^Walkabout 501: Daily, .+ \(building 11\)\nUser 7\n/);
      expect(text).toMatch(/\n\d{4}-\d{2}-\d{2}T\S+Z save: saved after \d+ ms\n/);
      expect(saved[0]!.type).toBe('text/plain;charset=utf-8');
    } finally {
      click.mockRestore();
      vi.unstubAllGlobals();
    }
  });
});
