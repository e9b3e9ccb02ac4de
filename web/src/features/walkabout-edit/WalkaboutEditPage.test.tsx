import 'fake-indexeddb/auto';
import './testEnvironment';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { graphql, HttpResponse } from 'msw';
import { renderApp } from '../../test/render';
import { aViewer } from '../../test/builders';
import { closeEditsDb } from './pendingEdits';
import {
  aCondition,
  aFloor,
  anEntry,
  aWalkabout,
  EDIT_ROUTE,
  pageAnswering,
  saveRecorder,
  UUID_A,
  UUID_B,
  UUID_C,
  UUID_UNKNOWN,
} from './testData';

// jsdom has no camera: the scan sheet's typed-code field stands in for it.
vi.mock('../scanning/QrCameraScanner', () => ({ default: () => null }));

const SCANNED = '2026-03-02T09:00:00.000Z';

beforeEach(async () => {
  await closeEditsDb();
  globalThis.indexedDB = new IDBFactory();
});

afterEach(() => {
  vi.useRealTimers();
});

type Walkabout = ReturnType<typeof aWalkabout>;

function renderEdit(walkabout: Walkabout, { viewer = aViewer(), extra = [] as Parameters<typeof renderApp>[0] extends infer O ? O extends { handlers?: infer H } ? NonNullable<H> : never : never } = {}) {
  const saves = saveRecorder();
  const view = renderApp({ route: EDIT_ROUTE, viewer, handlers: [pageAnswering(walkabout, viewer), saves.handler, ...extra] });
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
  await user.type(within(sheet).getByLabelText('Code'), `https://inspect.example.com/q/${uuid}`);
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
    expect(screen.getByText('Stair A · Fire Door')).toBeInTheDocument();
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
    expect(screen.queryByLabelText('Remarks for Closes and latches')).not.toBeInTheDocument();

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
});
