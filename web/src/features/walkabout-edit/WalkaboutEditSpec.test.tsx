/**
 * The walkabout screen against inspection.md sections 4, 5, 8 and 9 (issue 9 points 1, 2, 5, 6 and 8):
 * the save flow and its messages, the autosave tick's location-change flag, Remove Notes, the
 * equipment label and the invalid-entry rule across floors, as the inspector sees them.
 */
import 'fake-indexeddb/auto';
import './testEnvironment';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { graphql, HttpResponse } from 'msw';
import { renderApp } from '../../test/render';
import { closeEditsDb } from '../../lib/outbox/pendingEdits';
import { settleSaves } from '../../lib/outbox/saveQueue';
import { aCycle, aWalkabout as aListWalkabout, aWalkaboutsPage } from '../walkabouts/testData';
import { AUTOSAVE_CHECK_MS } from './hooks/useAutosave';
import { aCondition, aFloor, anEntry, anInspector, aWalkabout, EDIT_ROUTE, pageAnswering, saveRecorder, UUID_A, UUID_B } from './testData';

// jsdom has no camera: the scan sheet's typed-code field stands in for it.
vi.mock('../scanning/QrCameraScanner', () => ({ default: () => null }));

const SCANNED = '2026-03-02T09:00:00.000Z';
const LIST_ROUTE = '/buildings/11/walkabouts';

beforeEach(async () => {
  await settleSaves();
  await closeEditsDb();
  globalThis.indexedDB = new IDBFactory();
});

afterEach(async () => {
  vi.useRealTimers();
  cleanup();
  await settleSaves();
});

type Walkabout = ReturnType<typeof aWalkabout>;

/** The walkabout at `route`, with the walkabouts list answering as the gateway does (a save ends there). */
function renderEdit(walkabout: Walkabout, { route = EDIT_ROUTE, viewer = anInspector() } = {}) {
  const saves = saveRecorder();
  const list = graphql.query('WalkaboutsPage', () =>
    HttpResponse.json({ data: { ...aWalkaboutsPage({ viewer, walkabouts: [aListWalkabout({ id: '501', cycle: aCycle({ id: '1', name: 'Daily', frequency: 'DAILY' }), date: '2026-03-02' })] }), viewer } }),
  );
  const view = renderApp({ route, viewer, handlers: [pageAnswering(walkabout, viewer), saves.handler, list] });
  return { ...view, saves };
}

/** The machine may be busy: the first render of a lazy screen gets more than the default second. */
async function tapTarget(label: string) {
  return screen.findByRole('button', { name: new RegExp(`^${label}`) }, { timeout: 10_000 });
}

async function scanCode(user: ReturnType<typeof renderApp>['user'], uuid: string) {
  await user.click(screen.getByRole('button', { name: "Scan an entry's QR code" }));
  const sheet = await screen.findByRole('dialog', { name: 'Scan Code' });
  await user.click(within(sheet).getByLabelText('Code'));
  await user.paste(`https://inspect.example.com/q/${uuid}`);
  await user.click(within(sheet).getByRole('button', { name: 'Use Code' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Scan Code' })).not.toBeInTheDocument());
}

function twoFloors(first: ReturnType<typeof aCondition>[], second: ReturnType<typeof aCondition>[], scannedAt: string | null = SCANNED) {
  return aWalkabout({
    floors: [
      aFloor('1', 'Ground', [anEntry({ id: '21', label: 'Stair door', scannedAt, conditions: first })]),
      aFloor('2', 'Roof', [anEntry({ id: '22', label: 'Roof hatch', uuid: UUID_B, scannedAt, conditions: second })]),
    ],
  });
}

const DATE = /[A-Z][a-z]+ \d{1,2}, \d{4}/.source;

describe('The save flow (inspection.md sections 4 and 8)', () => {
  it("warns on incomplete, saves on Continue, shows the last floor, says 'Partial walkabout saved on {date}.', and the list says it too", async () => {
    const { user, saves, currentPath } = renderEdit(
      twoFloors([aCondition({ id: 'c1', label: 'Closes and latches' })], [aCondition({ id: 'c2', label: 'Hatch secured' })]),
      { route: `${EDIT_ROUTE}?floor=1` },
    );
    await user.click(await tapTarget('Closes and latches'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const warning = within(await screen.findByRole('dialog', { name: 'Warning' }, { timeout: 10_000 }));
    expect(warning.getByText('The tasks have not all been fully answered.')).toBeInTheDocument();
    await user.click(warning.getByRole('button', { name: 'Continue' }));

    const saved = within(await screen.findByRole('dialog', { name: 'Walkabout saved' }, { timeout: 10_000 }));
    const text = saved.getByText(new RegExp(`^Partial walkabout saved on ${DATE}\\.$`)).textContent;
    expect(saves.inputs).toHaveLength(1);
    // Behind the message, the last floor, where Lock Walkabout is.
    await waitFor(() => expect(currentPath()).toBe(`${EDIT_ROUTE}?floor=2`));
    expect(await screen.findByRole('heading', { name: 'Roof hatch' })).toBeInTheDocument();
    await user.click(saved.getByRole('button', { name: 'OK' }));

    await waitFor(() => expect(currentPath()).toBe(LIST_ROUTE), { timeout: 10_000 });
    const notice = await screen.findByText(text ?? 'missing', undefined, { timeout: 10_000 });
    expect(notice.closest('[role="status"]')).not.toBeNull();
  });

  it("says 'Complete walkabout saved on {date}.' when every condition is marked, without the warning", async () => {
    const { user, currentPath } = renderEdit(
      twoFloors([aCondition({ id: 'c1', label: 'Closes and latches' })], [aCondition({ id: 'c2', label: 'Hatch secured', value: true })]),
    );
    await user.click(await tapTarget('Closes and latches'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const saved = within(await screen.findByRole('dialog', { name: 'Walkabout saved' }, { timeout: 10_000 }));
    const text = saved.getByText(new RegExp(`^Complete walkabout saved on ${DATE}\\.$`)).textContent ?? 'missing';
    expect(screen.queryByRole('dialog', { name: 'Warning' })).not.toBeInTheDocument();
    await user.click(saved.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(currentPath()).toBe(LIST_ROUTE), { timeout: 10_000 });
    const notice = await screen.findByText(text, undefined, { timeout: 10_000 });
    expect(notice.closest('[role="status"]')).not.toBeNull();
  });

  it('returns to the walkabouts list at once, saying nothing, when nothing changed', async () => {
    const { user, saves, currentPath } = renderEdit(twoFloors([aCondition({ id: 'c1', label: 'Closes and latches', value: true })], []));
    await user.click(await screen.findByRole('button', { name: 'Done' }));
    await waitFor(() => expect(currentPath()).toBe(LIST_ROUTE), { timeout: 10_000 });
    expect(saves.inputs).toHaveLength(0);
    expect(screen.queryByRole('dialog', { name: 'Walkabout saved' })).not.toBeInTheDocument();
    await screen.findByRole('region', { name: 'Open walkabouts' });
    expect(screen.queryByText(/walkabout saved on/)).not.toBeInTheDocument();
  });
});

describe('Autosave (inspection.md sections 4 and 9)', () => {
  it('saves on the next 3-second check after the inspector scans another location, long before the idle period', async () => {
    const walkabout = aWalkabout({
      floors: [
        aFloor('1', 'Ground', [
          anEntry({ id: '21', label: 'Stair door', locationId: 'loc-a', uuid: UUID_A, scannedAt: SCANNED, conditions: [aCondition({ id: 'c1', label: 'Closes and latches' })] }),
          anEntry({ id: '22', label: 'Hose cabinet', locationId: 'loc-b', uuid: UUID_B, conditions: [aCondition({ id: 'c2', label: 'Hose racked' })] }),
        ]),
      ],
    });
    const { user, saves } = renderEdit(walkabout, { viewer: { ...anInspector(), walkaboutAutoSavePeriodMins: 30 } });
    await user.click(await tapTarget('Closes and latches'));
    // Two checks pass at the same location, far from the 30 idle minutes: nothing is sent.
    await new Promise((resolve) => setTimeout(resolve, 2 * AUTOSAVE_CHECK_MS + 200));
    expect(saves.inputs).toHaveLength(0);

    await scanCode(user, UUID_B);
    await waitFor(() => expect(saves.inputs).toHaveLength(1), { timeout: AUTOSAVE_CHECK_MS + 1_500 });
    expect(saves.inputs[0]).toMatchObject({ entries: [{ id: '22' }], conditions: [{ id: 'c1', value: { boolean: true } }] });
    expect(screen.queryByRole('dialog', { name: 'Warning' })).not.toBeInTheDocument();
  }, 20_000);
});

describe('The action sheet (inspection.md section 4)', () => {
  async function openActions(user: ReturnType<typeof renderApp>['user'], label: string) {
    await user.click(await screen.findByRole('button', { name: `More actions for ${label}` }));
    return within(await screen.findByRole('dialog', { name: 'Actions' }));
  }

  it('offers Remove Notes on a satisfactory condition with remarks, and it clears the remarks only', async () => {
    const { user } = renderEdit(
      twoFloors([aCondition({ id: 'c1', label: 'Closes and latches', value: true, hasSatisfactoryRemarks: true, remarks: 'Closer replaced' })], []),
    );
    expect(await screen.findByLabelText('Remarks for Closes and latches')).toHaveValue('Closer replaced');
    const sheet = await openActions(user, 'Closes and latches');
    expect(sheet.getAllByRole('button').map((button) => button.textContent).filter(Boolean)).toEqual(['Unmark', 'Remove Notes', 'Cancel']);
    await user.click(sheet.getByRole('button', { name: 'Remove Notes' }));

    expect(await tapTarget('Closes and latches')).toHaveTextContent('Satisfactory');
    // Notes stay allowed: the box is there, empty, for new notes.
    expect(screen.getByLabelText('Remarks for Closes and latches')).toHaveValue('');
  });

  it('offers neither Add Notes nor Remove Notes while notes are allowed but empty', async () => {
    const { user } = renderEdit(twoFloors([aCondition({ id: 'c1', label: 'Closes and latches', value: true, hasSatisfactoryRemarks: true })], []));
    const sheet = await openActions(user, 'Closes and latches');
    expect(sheet.getAllByRole('button').map((button) => button.textContent).filter(Boolean)).toEqual(['Unmark', 'Cancel']);
  });
});

describe('Entries (inspection.md section 9)', () => {
  it('shows the equipment as its name with its id in brackets, once', async () => {
    renderEdit(
      aWalkabout({
        floors: [
          aFloor('1', 'Ground', [
            anEntry({ id: '21', label: 'Stair door', locationName: 'Stair A', equipmentName: 'Fire Door', conditions: [] }),
            // The backend labels an entry by its equipment, 'name (id)': the title says it, the line below does not repeat it.
            anEntry({ id: '22', label: 'Hose Cabinet (eq-22)', locationName: 'Stair B', equipmentName: 'Hose Cabinet', conditions: [] }),
          ]),
        ],
      }),
    );
    expect(await screen.findByText('Stair A · Fire Door (eq-21)')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Hose Cabinet (eq-22)' })).toBeInTheDocument();
    expect(screen.getByText('Stair B')).toBeInTheDocument();
    expect(screen.queryByText(/Stair B · /)).not.toBeInTheDocument();
  });
});

describe('The invalid-entry rule (inspection.md sections 4 and 5)', () => {
  // Loaded as another device saved it: floor 1 holds an unsatisfactory result without remarks or photo.
  const walkabout = aWalkabout({
    floors: [
      aFloor('1', 'Ground', [anEntry({ id: '21', label: 'Stair door', scannedAt: SCANNED, conditions: [aCondition({ id: 'c1', label: 'Closes and latches', value: false })] })]),
      aFloor('2', 'Second', [anEntry({ id: '22', label: 'Hose cabinet', uuid: UUID_B, conditions: [aCondition({ id: 'c2', label: 'Hose racked' })] })]),
      aFloor('3', 'Roof', [anEntry({ id: '23', label: 'Roof hatch', conditions: [aCondition({ id: 'c3', label: 'Hatch secured' })] })]),
    ],
  });

  it('refuses a floor change from another floor while an entry elsewhere is invalid, and shows that entry', async () => {
    const { user, currentPath } = renderEdit(walkabout, { route: `${EDIT_ROUTE}?floor=2` });
    await screen.findByRole('heading', { name: 'Hose cabinet' });
    await user.click(screen.getByRole('button', { name: 'Next Floor' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Invalid Conditions' }));
    expect(
      dialog.getByText(
        'All unsatisfactory conditions must include either remarks or a photo before the floor can be changed. Please correct or unmark the unsatisfactory conditions.',
      ),
    ).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'OK' }));
    expect(currentPath()).toBe(`${EDIT_ROUTE}?floor=1`);
    expect(screen.queryByRole('heading', { name: 'Roof hatch' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: /^Closes and latches/ })).toHaveFocus());

    await user.click(screen.getByLabelText('Remarks for Closes and latches'));
    await user.paste('Closer broken');
    fireEvent.click(screen.getByRole('button', { name: 'Next Floor' }));
    expect(await screen.findByRole('heading', { name: 'Hose cabinet' })).toBeInTheDocument();
  });

  it('on Save, shows the invalid condition on its floor and sends nothing', async () => {
    const withWork = aWalkabout({
      floors: [
        aFloor('1', 'Ground', [anEntry({ id: '21', label: 'Stair door', scannedAt: SCANNED, conditions: [aCondition({ id: 'c1', label: 'Closes and latches', value: false })] })]),
        aFloor('2', 'Second', [anEntry({ id: '22', label: 'Hose cabinet', uuid: UUID_B, scannedAt: SCANNED, conditions: [aCondition({ id: 'c2', label: 'Hose racked' })] })]),
      ],
    });
    const { user, saves, currentPath } = renderEdit(withWork, { route: `${EDIT_ROUTE}?floor=2` });
    await user.click(await tapTarget('Hose racked'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Invalid Conditions' }, { timeout: 10_000 }));
    expect(
      dialog.getByText(
        'All unsatisfactory conditions must include either remarks or a photo before the walkabout can be completed. Please correct or unmark the unsatisfactory conditions.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(currentPath()).toBe(`${EDIT_ROUTE}?floor=1`));
    expect(await screen.findByRole('heading', { name: 'Stair door' })).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.getByRole('button', { name: /^Closes and latches/ })).toHaveFocus());
    expect(saves.inputs).toHaveLength(0);
  });

  it('refuses to unlock another entry while an entry on another floor is invalid', async () => {
    const { user } = renderEdit(walkabout, { route: `${EDIT_ROUTE}?floor=2` });
    await screen.findByRole('heading', { name: 'Hose cabinet' });
    await user.click(screen.getByRole('button', { name: "Scan an entry's QR code" }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Invalid Conditions' }));
    expect(
      dialog.getByText(
        'All unsatisfactory conditions must include either remarks or a photo before another entry can be unlocked. Please correct or unmark the unsatisfactory conditions.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Scan Code' })).not.toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'OK' }));
    expect(await screen.findByRole('heading', { name: 'Stair door' })).toBeInTheDocument();
  });
});
