import { beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { delay, graphql, http, HttpResponse } from 'msw';
import type { PermissionFlag } from '@fsi/shared';
import { notUnderTest, renderApp, TEST_TOKEN } from '../../test/render';
import { aViewer } from '../../test/builders';
import { aCycle, aFireWatch, aPageBuilding, aWalkabout, aWalkaboutsPage } from './testData';

// jsdom has no camera: the scan sheet is driven through its typed-code field here.
vi.mock('../scanning/QrCameraScanner', () => ({ default: () => null }));

beforeAll(() => {
  // Mantine's growing Textarea listens for web fonts loading; jsdom has no document.fonts.
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener() {}, removeEventListener() {} } });
  }
});

const daily = aCycle({ id: '1', name: 'Daily', frequency: 'DAILY' });
const weekly = aCycle({ id: '2', name: 'Weekly', frequency: 'WEEKLY' });
const monthly = aCycle({ id: '3', name: 'Monthly', frequency: 'MONTHLY' });
const yearly = aCycle({ id: '4', name: 'Yearly', frequency: 'YEARLY' });
const onDemand = aCycle({ id: '5', name: 'Annual Audit' });
const LOCATION_UUID = '3f2504e0-4f89-11d3-9a0c-0305e82c3301';

type Page = ReturnType<typeof aWalkaboutsPage>;

function renderPage({ granted = [], page = {}, handlers = [] }: { granted?: PermissionFlag[]; page?: Partial<Page>; handlers?: NonNullable<Parameters<typeof renderApp>[0]>['handlers'] } = {}) {
  const viewer = aViewer({ granted });
  const data = aWalkaboutsPage({ viewer, ...page });
  return renderApp({
    route: '/buildings/11/walkabouts',
    viewer,
    handlers: [...(handlers ?? []), graphql.query('WalkaboutsPage', () => HttpResponse.json({ data: { ...data, viewer } }))],
  });
}

function rowTexts() {
  const list = screen.getByRole('region', { name: 'Open walkabouts' });
  return within(list)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
}

describe('Walkabouts list', () => {
  it('lists open walkabouts only, Daily, Weekly, Monthly, then by date, titled with their cycle and date label', async () => {
    renderPage({
      page: {
        walkabouts: [
          aWalkabout({ id: '51', cycle: onDemand, date: '2026-03-05', lockedAt: null }),
          aWalkabout({ id: '41', cycle: yearly, date: '2026-01-01' }),
          aWalkabout({ id: '52', cycle: onDemand, date: '2025-12-20', lockedAt: null }),
          aWalkabout({ id: '31', cycle: monthly, date: '2026-03-01' }),
          aWalkabout({ id: '22', cycle: weekly, date: '2026-03-09' }),
          aWalkabout({ id: '21', cycle: weekly, date: '2026-03-02' }),
          aWalkabout({ id: '11', cycle: daily, date: '2026-03-03' }),
          aWalkabout({ id: '12', cycle: daily, date: '2026-03-02', lockedAt: '2026-03-03T00:00:00.000Z' }),
          aWalkabout({ id: '13', cycle: daily, date: '2026-03-04', openedAt: new Date(Date.now() + 3_600_000).toISOString() }),
        ],
      },
    });
    await screen.findByRole('region', { name: 'Open walkabouts' });
    expect(rowTexts()).toEqual([
      [expect.stringMatching(/^Daily WalkaboutMarch 3/), '/buildings/11/walkabouts/11'],
      [expect.stringMatching(/^Weekly WalkaboutMarch 2 - 8/), '/buildings/11/walkabouts/21'],
      [expect.stringMatching(/^Weekly WalkaboutMarch 9 - 15/), '/buildings/11/walkabouts/22'],
      [expect.stringMatching(/^Monthly WalkaboutMarch/), '/buildings/11/walkabouts/31'],
      [expect.stringMatching(/^Annual Audit WalkaboutDecember 20, 2025/), '/buildings/11/walkabouts/52'],
      [expect.stringMatching(/^Yearly Walkabout2026/), '/buildings/11/walkabouts/41'],
      [expect.stringMatching(/^Annual Audit WalkaboutMarch 5, 2026/), '/buildings/11/walkabouts/51'],
    ]);
  });

  it("shows 'No results found' when no walkabout is open", async () => {
    renderPage();
    expect(await screen.findByText('No results found')).toBeInTheDocument();
  });

  it("shows the contract message instead of the walkabouts while the building's contract is not accepted", async () => {
    renderPage({
      page: {
        building: aPageBuilding({ contractAcceptedAt: null }),
        walkabouts: [aWalkabout({ id: '11', cycle: daily, date: '2026-03-03' })],
      },
    });
    expect(await screen.findByText('Contract not accepted')).toBeInTheDocument();
    expect(screen.queryByText('Daily Walkabout')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create walkabout' })).not.toBeInTheDocument();
    // Not this user's to accept (no canAcceptBuildingContract).
    expect(screen.queryByRole('button', { name: 'Accept Contract' })).not.toBeInTheDocument();
  });

  it('links back to the Buildings', async () => {
    renderPage();
    expect(await screen.findByRole('link', { name: 'Buildings' })).toHaveAttribute('href', '/buildings');
  });
});

describe('Fire watch', () => {
  it('starts a fire watch with the comments given', async () => {
    let sent: unknown;
    const { user } = renderPage({
      granted: ['canCreateFireWatch', 'canUpdateFireWatch'],
      handlers: [
        graphql.mutation('StartFireWatch', ({ variables }) => {
          sent = variables;
          const fireWatch = aFireWatch({ startComments: String(variables.comments) });
          return HttpResponse.json({
            data: { startFireWatch: { __typename: 'FireWatchPayload', fireWatch, building: aPageBuilding({ activeFireWatch: fireWatch }), errors: [] } },
          });
        }),
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Start Fire Watch' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start Fire Watch' });
    await user.type(within(dialog).getByLabelText('Comments'), 'Alarm panel offline');
    await user.click(within(dialog).getByRole('button', { name: 'Start Fire Watch' }));

    expect(await screen.findByText('In progress')).toBeInTheDocument();
    expect(sent).toEqual({ buildingId: '11', comments: 'Alarm panel offline' });
    expect(screen.getByRole('button', { name: 'Stop Fire Watch' })).toBeInTheDocument();
    expect(screen.getByText('Started on March 3, 2026 at 2:05 PM')).toBeInTheDocument();
  });

  it("says 'Fire watch already started.' when the start is refused", async () => {
    const { user } = renderPage({
      granted: ['canCreateFireWatch'],
      handlers: [
        graphql.mutation('StartFireWatch', () =>
          HttpResponse.json({
            data: { startFireWatch: { __typename: 'FireWatchPayload', fireWatch: null, building: null, errors: [{ __typename: 'FieldError', field: null, message: 'Unprocessable', code: 'CONFLICT' }] } },
          }),
        ),
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Start Fire Watch' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start Fire Watch' });
    await user.click(within(dialog).getByRole('button', { name: 'Start Fire Watch' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Fire watch already started.');
  });

  it('stops the fire watch with the comments given', async () => {
    let sent: unknown;
    const { user } = renderPage({
      granted: ['canUpdateFireWatch'],
      page: { building: aPageBuilding({ activeFireWatch: aFireWatch() }) },
      handlers: [
        graphql.mutation('StopFireWatch', ({ variables }) => {
          sent = variables;
          return HttpResponse.json({
            data: {
              stopFireWatch: {
                __typename: 'FireWatchPayload',
                fireWatch: { ...aFireWatch(), status: 'ended', endComments: 'All clear', endedAt: '2026-03-03T18:00:00.000Z' },
                building: aPageBuilding(),
                errors: [],
              },
            },
          });
        }),
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Stop Fire Watch' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stop Fire Watch' });
    await user.type(within(dialog).getByLabelText('Comments'), 'All clear');
    await user.click(within(dialog).getByRole('button', { name: 'Stop Fire Watch' }));
    await waitFor(() => expect(screen.queryByText('In progress')).not.toBeInTheDocument());
    expect(sent).toEqual({ fireWatchId: '90', comments: 'All clear' });
  });

  it("says 'There was an issue stopping the fire watch. Please try again.' when the stop fails", async () => {
    const { user } = renderPage({
      granted: ['canUpdateFireWatch'],
      page: { building: aPageBuilding({ activeFireWatch: aFireWatch() }) },
      handlers: [graphql.mutation('StopFireWatch', () => HttpResponse.json({ errors: [{ message: 'Bad gateway' }] }))],
    });
    await user.click(await screen.findByRole('button', { name: 'Stop Fire Watch' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stop Fire Watch' });
    await user.click(within(dialog).getByRole('button', { name: 'Stop Fire Watch' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'There was an issue stopping the fire watch. Please try again.',
    );
    expect(screen.getByText('In progress')).toBeInTheDocument();
  });

  it('offers Start and Stop Fire Watch only to users allowed to', async () => {
    renderPage({ page: { building: aPageBuilding({ activeFireWatch: aFireWatch() }) } });
    expect(await screen.findByText('In progress')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Stop Fire Watch' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start Fire Watch' })).not.toBeInTheDocument();
  });

  it('opens the active fire watch walkabout with View Fire Watch Walkabout', async () => {
    renderPage({
      page: { building: aPageBuilding({ activeFireWatch: aFireWatch(), hasActiveFireWatchWalkabout: true, activeFireWatchWalkaboutId: '77' }) },
    });
    expect(await screen.findByRole('link', { name: 'View Fire Watch Walkabout' })).toHaveAttribute('href', '/buildings/11/walkabouts/77');
    expect(screen.queryByRole('button', { name: 'Start New' })).not.toBeInTheDocument();
  });

  it('creates the fire watch walkabout with Start New and opens it', async () => {
    let sent: unknown;
    const { user, currentPath } = renderPage({
      page: { building: aPageBuilding({ activeFireWatch: aFireWatch() }) },
      handlers: [
        notUnderTest('WalkaboutEditPage'),
        graphql.mutation('CreateWalkabout', ({ variables }) => {
          sent = variables;
          const walkabout = { ...aWalkabout({ id: '78', cycle: aCycle({ id: '9', name: 'Fire Watch' }), date: '2026-03-03', isFireWatch: true }), building: { __typename: 'Building', id: '11', hasActiveFireWatchWalkabout: true, activeFireWatchWalkaboutId: '78' } };
          return HttpResponse.json({ data: { createWalkabout: { __typename: 'WalkaboutPayload', walkabout, errors: [] } } });
        }),
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Start New' }));
    await waitFor(() => expect(currentPath()).toBe('/buildings/11/walkabouts/78'));
    expect(sent).toEqual({ buildingId: '11', cycleId: '9' });
  });

  it('explains that no fire watch locations are set up when the fire watch walkabout is refused', async () => {
    const { user } = renderPage({
      page: { building: aPageBuilding({ activeFireWatch: aFireWatch() }) },
      handlers: [
        graphql.mutation('CreateWalkabout', () =>
          HttpResponse.json({
            data: { createWalkabout: { __typename: 'WalkaboutPayload', walkabout: null, errors: [{ __typename: 'FieldError', field: null, message: 'Unprocessable', code: 'VALIDATION_FAILED' }] } },
          }),
        ),
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Start New' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Fire watch walkabout could not be created because no fire watch locations are set up.',
    );
  });
});

describe('Creating a walkabout', () => {
  const audit = aCycle({ id: '5', name: 'Annual Audit' });

  it('lists the non-repeating cycles except Fire Watch, asks first, shows a spinner, then opens the new walkabout', async () => {
    const { user, currentPath } = renderPage({
      granted: ['canLockWalkabout'],
      page: { notRepeatableCycles: [audit, aCycle({ id: '9', name: 'Fire Watch' })] },
      handlers: [
        notUnderTest('WalkaboutEditPage'),
        graphql.mutation('CreateWalkabout', async () => {
          await delay(150);
          const walkabout = { ...aWalkabout({ id: '55', cycle: audit, date: '2026-03-03' }), building: { __typename: 'Building', id: '11', hasActiveFireWatchWalkabout: false, activeFireWatchWalkaboutId: null } };
          return HttpResponse.json({ data: { createWalkabout: { __typename: 'WalkaboutPayload', walkabout, errors: [] } } });
        }),
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Create walkabout' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Annual Audit']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Annual Audit' }));

    const dialog = await screen.findByRole('dialog', { name: 'Create Walkabout' });
    expect(dialog).toHaveTextContent(
      'Are you sure you want to create a walkabout for the Annual Audit cycle? This will take a moment to complete.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Creating the Annual Audit walkabout…')).toBeInTheDocument();
    await waitFor(() => expect(currentPath()).toBe('/buildings/11/walkabouts/55'));
  });

  it("says 'Walkabout could not be created due to an error.' when creation fails", async () => {
    const { user } = renderPage({
      granted: ['canHandleUnavailableQRCodes'],
      page: { notRepeatableCycles: [audit] },
      handlers: [graphql.mutation('CreateWalkabout', () => HttpResponse.json({ errors: [{ message: 'Internal' }] }))],
    });
    await user.click(await screen.findByRole('button', { name: 'Create walkabout' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Annual Audit' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Create Walkabout' })).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Walkabout could not be created due to an error.')).toBeInTheDocument();
  });
});

describe('Creating a walkabout: who and what is said', () => {
  const audit = aCycle({ id: '5', name: 'Annual Audit' });

  async function createAudit(user: ReturnType<typeof renderApp>['user']) {
    await user.click(await screen.findByRole('button', { name: 'Create walkabout' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Annual Audit' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Create Walkabout' })).getByRole('button', { name: 'Create' }));
  }

  it('shows the plus menu only to users who may create walkabouts (administrators, lock or unavailable QR code permission)', async () => {
    renderPage({ granted: ['canCreateFireWatch', 'canCreateOffCycleRemarks'], page: { notRepeatableCycles: [audit] } });
    await screen.findByRole('button', { name: 'Scan location' });
    expect(screen.queryByRole('button', { name: 'Create walkabout' })).not.toBeInTheDocument();
  });

  it("gives the server's reason when it refuses a walkabout as invalid", async () => {
    const reason = 'Walkabout could not be created because no location has an active task of this cycle.';
    const { user } = renderPage({
      granted: ['canLockWalkabout'],
      page: { notRepeatableCycles: [audit] },
      handlers: [
        graphql.mutation('CreateWalkabout', () =>
          HttpResponse.json({
            data: { createWalkabout: { __typename: 'WalkaboutPayload', walkabout: null, errors: [{ __typename: 'FieldError', field: null, message: reason, code: 'VALIDATION_FAILED' }] } },
          }),
        ),
      ],
    });
    await createAudit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(reason);
    expect(screen.queryByText(/fire watch locations/)).not.toBeInTheDocument();
  });

  it('says the server could not be reached when there is no answer, for a walkabout and for the fire watch walkabout', async () => {
    const { user } = renderPage({
      granted: ['canLockWalkabout'],
      page: { notRepeatableCycles: [audit], building: aPageBuilding({ activeFireWatch: aFireWatch() }) },
      handlers: [graphql.mutation('CreateWalkabout', () => HttpResponse.error())],
    });
    await createAudit(user);
    const unreachable = 'Walkabout could not be created: the server could not be reached. Check your connection and try again.';
    expect(await screen.findByRole('alert')).toHaveTextContent(unreachable);
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    await user.click(screen.getByRole('button', { name: 'Start New' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(unreachable);
  });
});

describe('Fire watch start: what is said when it fails', () => {
  async function start(user: ReturnType<typeof renderApp>['user']) {
    await user.click(await screen.findByRole('button', { name: 'Start Fire Watch' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start Fire Watch' });
    await user.click(within(dialog).getByRole('button', { name: 'Start Fire Watch' }));
    return within(dialog).findByRole('alert');
  }

  it("says 'Fire watch already started.' only for that refusal, and another refusal in the server's words", async () => {
    const { user } = renderPage({
      granted: ['canCreateFireWatch'],
      handlers: [
        graphql.mutation('StartFireWatch', () =>
          HttpResponse.json({
            data: { startFireWatch: { __typename: 'FireWatchPayload', fireWatch: null, building: null, errors: [{ __typename: 'FieldError', field: null, message: 'Building not found.', code: 'NOT_FOUND' }] } },
          }),
        ),
      ],
    });
    const alert = await start(user);
    expect(alert).toHaveTextContent('Building not found.');
    expect(alert).not.toHaveTextContent('Fire watch already started.');
  });

  it('says the server could not be reached when there is no answer', async () => {
    const { user } = renderPage({ granted: ['canCreateFireWatch'], handlers: [graphql.mutation('StartFireWatch', () => HttpResponse.error())] });
    expect(await start(user)).toHaveTextContent('The fire watch could not be started: the server could not be reached. Check your connection and try again.');
  });
});

describe('Off-cycle remarks', () => {
  const location = { __typename: 'Location', id: '5', name: 'Stairwell B, Level 2', label: 'SB-2', hint: null, floorName: 'Level 2', buildingId: '11' };

  function scannedLocation(found: typeof location | null = location) {
    return graphql.query('ScannedLocation', ({ variables }) =>
      HttpResponse.json({ data: { locationByUuid: variables.uuid === LOCATION_UUID ? found : null } }),
    );
  }

  async function scan(user: ReturnType<typeof renderApp>['user'], text: string) {
    const sheet = await screen.findByRole('dialog', { name: 'Scan Location' });
    const field = within(sheet).getByLabelText('Code');
    await user.clear(field);
    await user.type(field, `${text}{Enter}`);
  }

  it('is offered only to users who may create off-cycle remarks', async () => {
    renderPage({ granted: ['canLockWalkabout'] });
    await screen.findByRole('button', { name: 'Create walkabout' });
    expect(screen.queryByRole('button', { name: 'Scan location' })).not.toBeInTheDocument();
  });

  it('alerts on an unsupported code and keeps scanning', async () => {
    const { user } = renderPage({ granted: ['canCreateOffCycleRemarks'] });
    await user.click(await screen.findByRole('button', { name: 'Scan location' }));
    await scan(user, 'hello');
    expect(await screen.findByRole('alert')).toHaveTextContent('QR code not supported. The QR code contained: hello');
    expect(screen.getByRole('dialog', { name: 'Scan Location' })).toBeInTheDocument();
  });

  it('saves remarks about the scanned location and says when', async () => {
    let sent: unknown;
    const { user } = renderPage({
      granted: ['canCreateOffCycleRemarks'],
      handlers: [
        scannedLocation(),
        graphql.mutation('AddLocationComment', ({ variables }) => {
          sent = variables;
          const comment = { __typename: 'LocationComment', id: '1', body: variables.body, photoUrl: null, createdAt: '2026-03-03T14:05:00.000Z', creatorUsername: 'inspector' };
          return HttpResponse.json({ data: { addLocationComment: { __typename: 'LocationCommentPayload', comment, errors: [] } } });
        }),
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Scan location' }));
    await scan(user, `https://inspect.example.com/q/${LOCATION_UUID}`);

    const sheet = await screen.findByRole('dialog', { name: 'Off-Cycle Remarks' });
    expect(await within(sheet).findByRole('heading', { name: 'Stairwell B, Level 2' })).toBeInTheDocument();
    await user.type(within(sheet).getByLabelText('Remarks'), 'Door wedged open');
    await user.click(within(sheet).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Location comment(s) saved on March 3, 2026 at 2:05 PM.')).toBeInTheDocument();
    expect(sent).toEqual({ locationId: '5', body: 'Door wedged open', photoUrl: null });
    expect(screen.queryByRole('dialog', { name: 'Off-Cycle Remarks' })).not.toBeInTheDocument();
  });

  it('uploads the photo first and records its URL with the remarks', async () => {
    let sent: unknown;
    let authorization: string | null = null;
    const { user } = renderPage({
      granted: ['canCreateOffCycleRemarks'],
      handlers: [
        scannedLocation(),
        http.post('*/uploads', ({ request }) => {
          authorization = request.headers.get('authorization');
          return HttpResponse.json({ data: { type: 'uploads', id: '1', attributes: { url: '/files/abc.jpg', mimetype: 'image/jpeg', size: 3 } } }, { status: 201 });
        }),
        graphql.mutation('AddLocationComment', ({ variables }) => {
          sent = variables;
          const comment = { __typename: 'LocationComment', id: '1', body: null, photoUrl: variables.photoUrl, createdAt: '2026-03-03T14:05:00.000Z', creatorUsername: 'inspector' };
          return HttpResponse.json({ data: { addLocationComment: { __typename: 'LocationCommentPayload', comment, errors: [] } } });
        }),
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Scan location' }));
    await scan(user, `https://inspect.example.com/q/${LOCATION_UUID}`);
    const sheet = await screen.findByRole('dialog', { name: 'Off-Cycle Remarks' });
    await within(sheet).findByRole('heading', { name: 'Stairwell B, Level 2' });
    const input = sheet.querySelector<HTMLInputElement>('input[type="file"]:not([capture])');
    if (!input) throw new Error('no file input');
    await user.upload(input, new File(['jpg'], 'door.jpg', { type: 'image/jpeg' }));
    expect(within(sheet).getByText('door.jpg')).toBeInTheDocument();
    await user.click(within(sheet).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Location comment(s) saved on March 3, 2026 at 2:05 PM.')).toBeInTheDocument();
    expect(sent).toEqual({ locationId: '5', body: null, photoUrl: '/files/abc.jpg' });
    expect(authorization).toBe(`Bearer ${TEST_TOKEN}`);
  });

  it('skips empty remarks without a photo', async () => {
    const saved = vi.fn();
    const { user } = renderPage({
      granted: ['canCreateOffCycleRemarks'],
      handlers: [
        scannedLocation(),
        graphql.mutation('AddLocationComment', () => {
          saved();
          return HttpResponse.json({ errors: [{ message: 'not expected' }] });
        }),
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Scan location' }));
    await scan(user, `https://inspect.example.com/q/${LOCATION_UUID}`);
    const sheet = await screen.findByRole('dialog', { name: 'Off-Cycle Remarks' });
    await within(sheet).findByRole('heading', { name: 'Stairwell B, Level 2' });
    await user.type(within(sheet).getByLabelText('Remarks'), '   ');
    await user.click(within(sheet).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Off-Cycle Remarks' })).not.toBeInTheDocument());
    expect(saved).not.toHaveBeenCalled();
    expect(screen.queryByText(/Location comment\(s\) saved/)).not.toBeInTheDocument();
  });

  it.each([
    ['no location has that code', null],
    ['the location is in another building', { ...location, buildingId: '12' }],
  ])("says 'Location scanned not found' when %s", async (_, found) => {
    const { user } = renderPage({ granted: ['canCreateOffCycleRemarks'], handlers: [scannedLocation(found)] });
    await user.click(await screen.findByRole('button', { name: 'Scan location' }));
    await scan(user, `https://inspect.example.com/q/${LOCATION_UUID}`);
    const sheet = await screen.findByRole('dialog', { name: 'Off-Cycle Remarks' });
    expect(await within(sheet).findByRole('alert')).toHaveTextContent('Location scanned not found');
    await user.click(within(sheet).getByRole('button', { name: 'Scan Again' }));
    expect(await screen.findByRole('dialog', { name: 'Scan Location' })).toBeInTheDocument();
  });
});
