import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { graphql, HttpResponse } from 'msw';
import { renderApp } from '../../test/render';
import { aViewer } from '../../test/builders';

vi.mock('../scanning/QrCameraScanner', () => ({ default: () => null }));

const base = { taskId: null, taskStatus: null, isMarked: true, remarks: null, photoUrl: null, photoMimetype: null, editedAt: null, editorUsername: null, type: 'BOOLEAN' };

function anEntry(id: string, conditions: Record<string, unknown>[], scannedAt: string | null = '2026-03-02T10:00:00.000Z') {
  return {
    __typename: 'Entry',
    id,
    label: 'Extinguisher',
    aliasName: null,
    equipmentId: '41',
    equipmentName: 'Portable Extinguisher',
    scannedAt,
    walkaboutActive: true,
    sections: [{ __typename: 'Section', id: `${id}-s`, name: 'Inspection', aliasName: null, orderOnWalkabout: 0, conditions }],
  };
}

const location = { __typename: 'Location', id: '5', name: 'Stairwell B, Level 2', label: 'SB-2', hint: 'Behind the fire door', floorName: 'Level 2', buildingId: '11' };
const building = { __typename: 'Building', id: '11', name: 'Tower A', timeZone: 'UTC' };

function renderLocation(entryComparisons: unknown[], found: typeof location | null = location) {
  return renderApp({
    route: '/buildings/11/locations/5',
    viewer: aViewer(),
    handlers: [
      graphql.query('LocationPage', () => HttpResponse.json({ data: { building, location: found, entryComparisons } })),
    ],
  });
}

describe('Entries comparison', () => {
  it('sets the locked walkabout against the active one per cycle, section and condition', async () => {
    renderLocation([
      {
        __typename: 'EntryComparison',
        cycleName: 'Monthly',
        locked: anEntry('1', [
          { ...base, __typename: 'BooleanCondition', id: 'c1', label: 'Pin in place', orderOnWalkabout: 0, isSatisfactory: false, booleanValue: false, remarks: 'Pin missing', photoUrl: '/files/pin.jpg', photoMimetype: 'image/jpeg' },
          { ...base, __typename: 'NumberCondition', id: 'c2', label: 'Pressure', type: 'NUMBER', orderOnWalkabout: 1, isSatisfactory: true, numberValue: 12 },
        ]),
        active: anEntry('2', [
          { ...base, __typename: 'BooleanCondition', id: 'c3', label: 'Pin in place', orderOnWalkabout: 0, isSatisfactory: true, booleanValue: true },
          { ...base, __typename: 'NumberCondition', id: 'c4', label: 'Pressure', type: 'NUMBER', orderOnWalkabout: 1, isMarked: false, isSatisfactory: null, numberValue: null },
        ], null),
      },
    ]);

    const card = await screen.findByRole('region', { name: 'Monthly comparison, Extinguisher' });
    expect(within(card).getByText('Extinguisher · Portable Extinguisher (41)')).toBeInTheDocument();
    expect(within(card).getByText('Inspection')).toBeInTheDocument();

    const locked = within(card).getAllByRole('group', { name: 'Locked Walkabout' });
    const active = within(card).getAllByRole('group', { name: 'Active Walkabout' });
    expect(locked.map((cell) => cell.textContent)).toEqual([
      'Locked WalkaboutUUnsatisfactoryPin missing',
      'Locked WalkaboutS12',
    ]);
    expect(active.map((cell) => cell.textContent)).toEqual(['Active WalkaboutSSatisfactory', 'Active WalkaboutNot marked']);
    expect(within(locked[0]!).getByRole('img', { name: 'Photo: Pin in place' })).toHaveAttribute('src', '/files/pin.jpg');
    expect(within(locked[0]!).getByRole('link')).toHaveAttribute('href', '/files/pin.jpg');
  });

  it('keeps the two results of one task on one row when the task was renamed between the walkabouts', async () => {
    renderLocation([
      {
        __typename: 'EntryComparison',
        cycleName: 'Monthly',
        locked: anEntry('1', [
          { ...base, __typename: 'BooleanCondition', id: 'c1', taskId: '7', label: 'Pin in place', orderOnWalkabout: 0, isSatisfactory: false, booleanValue: false, remarks: 'Pin missing' },
          { ...base, __typename: 'BooleanCondition', id: 'c2', taskId: '8', label: 'Hose intact', orderOnWalkabout: 1, isSatisfactory: true, booleanValue: true },
        ]),
        active: anEntry('2', [
          { ...base, __typename: 'BooleanCondition', id: 'c3', taskId: '8', label: 'Hose intact', orderOnWalkabout: 0, isSatisfactory: true, booleanValue: true },
          { ...base, __typename: 'BooleanCondition', id: 'c4', taskId: '7', label: 'Safety pin and tamper seal in place', orderOnWalkabout: 1, isSatisfactory: true, booleanValue: true },
          { ...base, __typename: 'BooleanCondition', id: 'c5', taskId: '9', label: 'Pin in place', orderOnWalkabout: 2, isMarked: false, isSatisfactory: null, booleanValue: null },
        ], null),
      },
    ]);
    const card = await screen.findByRole('region', { name: 'Monthly comparison, Extinguisher' });
    const rows = [...card.querySelectorAll('[role="group"][aria-label="Locked Walkabout"]')].map((cell) => {
      const row = cell.parentElement!;
      return [row.firstElementChild!.textContent, cell.textContent, within(row).getByRole('group', { name: 'Active Walkabout' }).textContent];
    });
    expect(rows).toEqual([
      ['Hose intact', 'Locked WalkaboutSSatisfactory', 'Active WalkaboutSSatisfactory'],
      ['Safety pin and tamper seal in place', 'Locked WalkaboutUUnsatisfactoryPin missing', 'Active WalkaboutSSatisfactory'],
      // Another task that took the old name is a row of its own, absent from the locked walkabout.
      ['Pin in place', 'Locked WalkaboutNot in this walkabout', 'Active WalkaboutNot marked'],
    ]);
  });

  it('shows P or X where a task has no result because it is paused or inactive at the building now, and keeps recorded results as they were', async () => {
    const done = { ...base, __typename: 'BooleanCondition' };
    renderLocation([
      {
        __typename: 'EntryComparison',
        cycleName: 'Monthly',
        locked: anEntry('1', [
          { ...done, id: 'c1', taskId: '7', taskStatus: 'PAUSED', label: 'Pin in place', orderOnWalkabout: 0, isSatisfactory: true, booleanValue: true },
          { ...done, id: 'c2', taskId: '8', taskStatus: 'DISABLED', label: 'Hose intact', orderOnWalkabout: 1, isSatisfactory: false, booleanValue: false },
          { ...done, id: 'c3', taskId: '9', taskStatus: 'ACTIVE', label: 'Gauge in range', orderOnWalkabout: 2, isSatisfactory: true, booleanValue: true },
        ]),
        active: anEntry('2', [
          { ...done, id: 'c4', taskId: '9', taskStatus: 'ACTIVE', label: 'Gauge in range', orderOnWalkabout: 0, isMarked: false, isSatisfactory: null, booleanValue: null },
          { ...done, id: 'c5', taskId: '10', taskStatus: 'ACTIVE', label: 'Signage visible', orderOnWalkabout: 1, isMarked: false, isSatisfactory: null, booleanValue: null },
        ], null),
      },
      {
        // The whole equipment type is inactive now: the open walkabout has no entry for it.
        __typename: 'EntryComparison',
        cycleName: 'Yearly',
        locked: anEntry('3', [{ ...done, id: 'c6', taskId: '11', taskStatus: 'DISABLED', label: 'Annual service tag', orderOnWalkabout: 0, isSatisfactory: true, booleanValue: true }]),
        active: null,
      },
    ]);
    const rowsOf = (card: HTMLElement) =>
      [...card.querySelectorAll('[role="group"][aria-label="Locked Walkabout"]')].map((cell) => {
        const row = cell.parentElement!;
        return [row.firstElementChild!.textContent, cell.textContent, within(row).getByRole('group', { name: 'Active Walkabout' }).textContent];
      });
    const monthly = await screen.findByRole('region', { name: 'Monthly comparison, Extinguisher' });
    expect(rowsOf(monthly)).toEqual([
      ['Gauge in range', 'Locked WalkaboutSSatisfactory', 'Active WalkaboutNot marked'],
      // An active task missing from the locked walkabout says so, with no mark.
      ['Signage visible', 'Locked WalkaboutNot in this walkabout', 'Active WalkaboutNot marked'],
      ['Pin in place', 'Locked WalkaboutSSatisfactory', 'Active WalkaboutPPaused'],
      ['Hose intact', 'Locked WalkaboutUUnsatisfactory', 'Active WalkaboutXInactive'],
    ]);
    const yearly = screen.getByRole('region', { name: 'Yearly comparison, Extinguisher' });
    expect(rowsOf(yearly)).toEqual([['Annual service tag', 'Locked WalkaboutSSatisfactory', 'Active WalkaboutXInactive']]);
  });

  it('names the equipment once, as name (id), when the entry is labelled by it', async () => {
    renderLocation([
      {
        __typename: 'EntryComparison',
        cycleName: 'Weekly',
        locked: null,
        active: { ...anEntry('2', []), label: 'Portable Extinguisher (41)' },
      },
    ]);
    const card = await screen.findByRole('region', { name: /^Weekly comparison/ });
    expect(within(card).getByText('Portable Extinguisher (41)')).toBeInTheDocument();
    expect(within(card).queryByText(/ · /)).not.toBeInTheDocument();
  });

  it('shows a side with no walkabout yet as such', async () => {
    renderLocation([
      {
        __typename: 'EntryComparison',
        cycleName: 'Weekly',
        locked: null,
        active: anEntry('2', [{ ...base, __typename: 'YesNoCondition', id: 'c3', label: 'Door closes', type: 'YESNO', orderOnWalkabout: 0, isSatisfactory: false, yesNoValue: 'NO' }]),
      },
    ]);
    const card = await screen.findByRole('region', { name: /^Weekly comparison/ });
    expect(within(card).getByRole('group', { name: 'Locked Walkabout' })).toHaveTextContent('No walkabout');
    expect(within(card).getByRole('group', { name: 'Active Walkabout' })).toHaveTextContent('UNo');
  });

  it("shows 'No results found' for a location no walkabout has inspected, and links back to the Walkabouts", async () => {
    renderLocation([]);
    expect(await screen.findByText('No results found')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Stairwell B, Level 2', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Walkabouts' })).toHaveAttribute('href', '/buildings/11/walkabouts');
  });
});

describe('Location link', () => {
  const uuid = '3f2504e0-4f89-11d3-9a0c-0305e82c3301';

  it("opens the page of the location a universal link names", async () => {
    const { currentPath } = renderApp({
      route: `/q/${uuid}`,
      handlers: [
        graphql.query('LocationLink', ({ variables }) =>
          HttpResponse.json({ data: { locationByUuid: variables.uuid === uuid ? { __typename: 'Location', id: '5', buildingId: '11' } : null } }),
        ),
        graphql.query('LocationPage', () => HttpResponse.json({ data: { building, location, entryComparisons: [] } })),
      ],
    });
    await waitFor(() => expect(currentPath()).toBe('/buildings/11/locations/5'));
  });

  it('says the code is not supported when no location of the user has it', async () => {
    renderApp({
      route: `/q/${uuid}`,
      handlers: [graphql.query('LocationLink', () => HttpResponse.json({ data: { locationByUuid: null } }))],
    });
    expect(await screen.findByText('QR code not supported. Check if Types of Location are not disabled')).toBeInTheDocument();
  });
});
