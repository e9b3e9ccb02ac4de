import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { graphql, HttpResponse, delay, type RequestHandler } from 'msw';
import type { QrCameraScannerProps } from '../scanning/QrCameraScanner';
import { renderApp } from '../../test/render';
import { aViewer, serverError } from '../../test/builders';
import { aLocation, admin, aPage, aSheet, building, fieldError } from './testData';

// jsdom has no camera: the camera view is replaced by buttons that play what it reports (the real camera is in
// tests/e2e/qr-codes.test.ts).
vi.mock('../scanning/QrCameraScanner', () => ({
  default: function FakeCamera({ onText, paused }: QrCameraScannerProps) {
    return (
      <div data-paused={paused}>
        <button type="button" onClick={() => onText('https://inspect.example.com/q/aaaaaaaa-0000-4000-8000-000000000001')}>
          Show new sticker
        </button>
        <button type="button" onClick={() => onText('WIFI:S:Lobby;T:WPA;P:secret;;')}>
          Show other code
        </button>
      </div>
    );
  },
}));

const NEW_UUID = 'aaaaaaaa-0000-4000-8000-000000000001';
const lobby = aLocation({ id: '21', name: 'Main Lobby', floorName: 'Ground', aliasIds: [3, 7], hint: 'Left of the doors' });
const stair = aLocation({ id: '22', name: 'Stair 1', label: 'Stair 1, Ground', floorName: 'Ground', temporaryUuid: 'bbbbbbbb-0000-4000-8000-000000000002' });

type Options = {
  viewer?: ReturnType<typeof aViewer>;
  locations?: unknown[];
  asked?: unknown[];
  listFails?: boolean;
  extra?: RequestHandler[];
};

function renderList({ viewer = admin, locations = [lobby, stair], asked = [], listFails = false, extra = [] }: Options = {}) {
  return renderApp({
    route: '/buildings/11/locations',
    viewer,
    handlers: [
      ...extra,
      graphql.query('QrCodesAccess', () => HttpResponse.json({ data: { viewer, building } })),
      graphql.query('QrCodesPage', ({ variables }) => {
        asked.push(variables);
        if (listFails) return serverError('Backend unavailable');
        return HttpResponse.json({ data: { locations: { __typename: 'LocationConnection', nodes: locations, pageInfo: aPage(locations.length) } } });
      }),
    ],
  });
}

describe('QR codes list', () => {
  it("lists the building's locations with their code, name, floor, id, alias ids and hint", async () => {
    const asked: unknown[] = [];
    renderList({ asked });
    const list = await screen.findByRole('list', { name: 'Locations' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first!).getByRole('heading', { name: 'Main Lobby' })).toBeInTheDocument();
    expect(within(first!).getByRole('img', { name: 'QR code of Main Lobby' })).toHaveAttribute('src', lobby.qrImageUrl);
    expect(first).toHaveTextContent('FloorGround');
    expect(first).toHaveTextContent('ID21');
    expect(first).toHaveTextContent('Alias3, 7');
    expect(first).toHaveTextContent('Hint: Left of the doors');
    // A label names the location as the printed sheet does, with its name under it; an assigned sticker is said.
    expect(within(second!).getByRole('heading', { name: 'Stair 1, Ground' })).toBeInTheDocument();
    expect(second).toHaveTextContent('Stair 1');
    expect(within(second!).getByText('Sticker assigned')).toBeInTheDocument();
    expect(within(first!).queryByText('Sticker assigned')).not.toBeInTheDocument();
    expect(screen.getByText('2 locations')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'QR Codes' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'King Street Tower' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Buildings' })).toHaveAttribute('href', '/buildings');
    expect(asked).toEqual([{ buildingId: '11', search: null, page: 1, pageSize: 50 }]);
  });

  it('does not ask for the locations of a user who is not an administrator (the answer would end the session)', async () => {
    const asked: unknown[] = [];
    renderList({ viewer: aViewer({ granted: ['canManageBuildings', 'canAssignQrCode'] }), asked });
    expect(await screen.findByText('Administrators only')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Print' })).not.toBeInTheDocument();
    expect(asked).toEqual([]);
  });

  it('says No results found for a building without locations, and Print is unavailable', async () => {
    renderList({ locations: [] });
    expect(await screen.findByText('No results found')).toBeInTheDocument();
    expect(screen.getByText('This building has no locations yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print' })).toBeDisabled();
  });

  it('shows its loading state, then an error with Try again when the list fails', async () => {
    renderList({ listFails: true });
    expect(screen.getByRole('status', { name: 'Loading locations' })).toBeInTheDocument();
    expect(await screen.findByText('The locations could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('searches by a range of ids or by alias ids, and Clear shows every location again', async () => {
    const asked: unknown[] = [];
    const { user } = renderList({ asked });
    await screen.findByRole('list', { name: 'Locations' });
    await user.type(screen.getByRole('textbox', { name: 'Search' }), ' 20-30 {Enter}');
    await waitFor(() => expect(asked.at(-1)).toEqual({ buildingId: '11', search: '20-30', page: 1, pageSize: 50 }));
    expect(await screen.findByText("2 locations matching '20-30'")).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: 'Search' }));
    await user.type(screen.getByRole('textbox', { name: 'Search' }), '3, 7');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(asked.at(-1)).toEqual({ buildingId: '11', search: '3, 7', page: 1, pageSize: 50 }));
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(await screen.findByText('2 locations')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveValue('');
  });

  it('pages through a long list, 50 locations at a time', async () => {
    const asked: { page: number }[] = [];
    renderApp({
      route: '/buildings/11/locations',
      viewer: admin,
      handlers: [
        graphql.query('QrCodesAccess', () => HttpResponse.json({ data: { viewer: admin, building } })),
        graphql.query('QrCodesPage', ({ variables }) => {
          asked.push(variables as { page: number });
          const page = variables.page as number;
          const nodes = [aLocation({ id: String(page * 100), name: `Room on page ${page}` })];
          return HttpResponse.json({ data: { locations: { __typename: 'LocationConnection', nodes, pageInfo: aPage(120, page) } } });
        }),
      ],
    });
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Room on page 2' })).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    expect(asked.map((variables) => variables.page)).toEqual([1, 2]);
  });

  it('prints the sheet of what the search shows: progress while it is made, then the PDF in the tab opened on the click', async () => {
    const tab = { location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const sheetAsked: unknown[] = [];
    const { user } = renderList({
      extra: [
        graphql.query('BuildingQrCodeSheet', async ({ variables }) => {
          sheetAsked.push(variables);
          await delay(50);
          return HttpResponse.json({ data: { buildingQrCodeSheet: { __typename: 'QrCodeSheetResult', sheet: aSheet(), errors: [] } } });
        }),
      ],
    });
    await screen.findByRole('list', { name: 'Locations' });
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'Lobby{Enter}');
    await screen.findByText("2 locations matching 'Lobby'");
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(open).toHaveBeenCalledWith('about:blank', '_blank');
    expect(await screen.findByRole('status', { name: 'Making the QR code sheet' })).toBeInTheDocument();
    await waitFor(() => expect(tab.location.href).toBe('/signed-files/qr-codes.pdf?signature=abc'));
    expect(sheetAsked).toEqual([{ buildingId: '11', search: 'Lobby' }]);
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Making the QR code sheet' })).not.toBeInTheDocument());
    expect(tab.close).not.toHaveBeenCalled();
    open.mockRestore();
  });

  it("says why there is no sheet (the backend's 'No results found'), or that it failed, and closes the tab", async () => {
    const tab = { location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    let fail = false;
    const { user } = renderList({
      extra: [
        graphql.query('BuildingQrCodeSheet', () =>
          fail
            ? HttpResponse.error()
            : HttpResponse.json({ data: { buildingQrCodeSheet: { __typename: 'QrCodeSheetResult', sheet: null, errors: [fieldError('search', 'No results found')] } } }),
        ),
      ],
    });
    await screen.findByRole('list', { name: 'Locations' });
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No results found');
    expect(tab.close).toHaveBeenCalledTimes(1);
    fail = true;
    await user.click(screen.getByRole('button', { name: 'Print' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('The QR code sheet could not be made. Check your connection and try again.'));
    expect(tab.close).toHaveBeenCalledTimes(2);
    expect(tab.location.href).toBe('');
    open.mockRestore();
  });
});

describe('Assign QR Code sheet', () => {
  function assignHandlers(calls: { validate: unknown[]; assign: unknown[] }, assignAnswer?: (variables: Record<string, unknown>) => unknown) {
    return [
      graphql.mutation('ValidateQrCodeUrl', ({ variables }) => {
        calls.validate.push(variables);
        const valid = String(variables.url).toLowerCase().endsWith(`/q/${NEW_UUID}`);
        return HttpResponse.json({
          data: {
            validateQrCodeUrl: valid
              ? {
                  __typename: 'ValidateQrCodeUrlPayload',
                  code: { __typename: 'UnassignedQrCode', id: NEW_UUID, uuid: NEW_UUID, universalLink: `https://inspect.example.com/q/${NEW_UUID}`, qrImageUrl: `/qr-code-images/${NEW_UUID}?s=1` },
                  errors: [],
                }
              : { __typename: 'ValidateQrCodeUrlPayload', code: null, errors: [fieldError('url', 'QR code not supported.')] },
          },
        });
      }),
      graphql.mutation('AssignQrCode', ({ variables }) => {
        calls.assign.push(variables);
        const answer = assignAnswer?.(variables) ?? {
          __typename: 'AssignQrCodePayload',
          location: {
            ...(variables.existingUuid === lobby.regularUuid ? lobby : stair),
            temporaryUuid: NEW_UUID,
            universalLink: `https://inspect.example.com/q/${NEW_UUID}`,
            qrImageUrl: `/qr-code-images/${NEW_UUID}?s=2`,
          },
          errors: [],
        };
        return HttpResponse.json({ data: { assignQrCode: answer } });
      }),
    ];
  }

  it("refuses text that is not an unassigned code with 'QR code not supported.', then assigns a scanned sticker to a location without one", async () => {
    const calls = { validate: [] as unknown[], assign: [] as unknown[] };
    const { user } = renderList({ extra: assignHandlers(calls) });
    await user.click(await screen.findByRole('button', { name: 'Assign QR Code to Main Lobby' }));
    const sheet = await screen.findByRole('dialog', { name: 'Assign QR Code' });
    expect(sheet).toHaveTextContent('Location: Main Lobby · Ground');

    const field = within(sheet).getByRole('textbox', { name: 'QR code link' });
    expect(within(sheet).getByRole('button', { name: 'Use Code' })).toBeDisabled();
    await user.type(field, 'https://inspect.example.com/q/not-a-code{Enter}');
    expect(await within(sheet).findByRole('alert')).toHaveTextContent('QR code not supported.');
    // What was typed stays, to be corrected.
    expect(field).toHaveValue('https://inspect.example.com/q/not-a-code');
    // The camera goes on: a code of another kind is refused too, and scanning continues.
    await user.click(await within(sheet).findByRole('button', { name: 'Show other code' }));
    await waitFor(() => expect(calls.validate).toHaveLength(2));
    expect(within(sheet).getByRole('alert')).toHaveTextContent('QR code not supported.');

    await user.click(within(sheet).getByRole('button', { name: 'Show new sticker' }));
    expect(await within(sheet).findByText('QR code assigned to Main Lobby.')).toBeInTheDocument();
    expect(calls.assign).toEqual([{ buildingId: '11', newUuid: NEW_UUID, existingUuid: lobby.regularUuid, existingTemporaryUuid: null }]);
    expect(within(sheet).getByRole('img', { name: 'New QR code of Main Lobby' })).toHaveAttribute('src', `/qr-code-images/${NEW_UUID}?s=2`);
    await user.click(within(sheet).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The row shows its new code (from the payload, through the cache).
    const row = screen.getAllByRole('listitem')[0]!;
    expect(within(row).getByRole('img', { name: 'QR code of Main Lobby' })).toHaveAttribute('src', `/qr-code-images/${NEW_UUID}?s=2`);
    expect(within(row).getByText('Sticker assigned')).toBeInTheDocument();
  });

  it('asks before replacing the code of a location that has one, and Scan Another goes back without assigning', async () => {
    const calls = { validate: [] as unknown[], assign: [] as unknown[] };
    const { user } = renderList({ extra: assignHandlers(calls) });
    await user.click(await screen.findByRole('button', { name: 'Assign QR Code to Stair 1, Ground' }));
    const sheet = await screen.findByRole('dialog', { name: 'Assign QR Code' });
    await user.click(await within(sheet).findByRole('button', { name: 'Show new sticker' }));
    expect(await within(sheet).findByText('Replace the QR code?')).toBeInTheDocument();
    expect(sheet).toHaveTextContent('Stair 1, Ground already has a QR code.');
    expect(calls.assign).toEqual([]);
    await user.click(within(sheet).getByRole('button', { name: 'Scan Another' }));
    await user.click(await within(sheet).findByRole('button', { name: 'Show new sticker' }));
    await user.click(await within(sheet).findByRole('button', { name: 'Replace QR Code' }));
    expect(await within(sheet).findByText('QR code assigned to Stair 1, Ground.')).toBeInTheDocument();
    expect(calls.assign).toEqual([{ buildingId: '11', newUuid: NEW_UUID, existingUuid: stair.regularUuid, existingTemporaryUuid: stair.temporaryUuid }]);
  });

  it("says so when the location's code changed meanwhile and reads it again, and when the assignment could not be sent, keeping the confirmation", async () => {
    const calls = { validate: [] as unknown[], assign: [] as unknown[] };
    const rows = [lobby, stair];
    const changed = 'cccccccc-0000-4000-8000-000000000003';
    const { user } = renderList({
      locations: rows,
      extra: [
        graphql.mutation('AssignQrCode', ({ variables }) => {
          calls.assign.push(variables);
          if (calls.assign.length === 2) return HttpResponse.error();
          if (calls.assign.length === 3) {
            return HttpResponse.json({
              data: { assignQrCode: { __typename: 'AssignQrCodePayload', location: { ...stair, temporaryUuid: NEW_UUID, qrImageUrl: '/qr-code-images/new' }, errors: [] } },
            });
          }
          // Someone else gave the stair another sticker meanwhile.
          rows[1] = { ...stair, temporaryUuid: changed };
          return HttpResponse.json({
            data: {
              assignQrCode: {
                __typename: 'AssignQrCodePayload',
                location: null,
                errors: [fieldError('existingTemporaryUuid', "This location's QR code was changed meanwhile: reload the location and assign again.", 'CONFLICT')],
              },
            },
          });
        }),
        ...assignHandlers(calls),
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Assign QR Code to Stair 1, Ground' }));
    const sheet = await screen.findByRole('dialog', { name: 'Assign QR Code' });
    await user.click(await within(sheet).findByRole('button', { name: 'Show new sticker' }));
    await user.click(await within(sheet).findByRole('button', { name: 'Replace QR Code' }));
    expect(await within(sheet).findByRole('alert')).toHaveTextContent("This location's QR code was changed meanwhile: reload the location and assign again.");
    await user.click(within(sheet).getByRole('button', { name: 'Replace QR Code' }));
    await waitFor(() => expect(within(sheet).getByRole('alert')).toHaveTextContent('The QR code could not be assigned. Check your connection and try again.'));
    expect(within(sheet).getByText('Replace the QR code?')).toBeInTheDocument();
    await user.click(within(sheet).getByRole('button', { name: 'Replace QR Code' }));
    expect(await within(sheet).findByText('QR code assigned to Stair 1, Ground.')).toBeInTheDocument();
    // The tries after the conflict name the code the location has now.
    expect(calls.assign.map((call) => (call as { existingTemporaryUuid: string }).existingTemporaryUuid)).toEqual([stair.temporaryUuid, changed, changed]);
  });

  it('goes back to scanning when the code was assigned elsewhere meanwhile', async () => {
    const calls = { validate: [] as unknown[], assign: [] as unknown[] };
    const { user } = renderList({
      extra: assignHandlers(calls, () => ({ __typename: 'AssignQrCodePayload', location: null, errors: [fieldError('newUuid', 'QR code not supported.')] })),
    });
    await user.click(await screen.findByRole('button', { name: 'Assign QR Code to Main Lobby' }));
    const sheet = await screen.findByRole('dialog', { name: 'Assign QR Code' });
    await user.click(await within(sheet).findByRole('button', { name: 'Show new sticker' }));
    expect(await within(sheet).findByRole('alert')).toHaveTextContent('QR code not supported.');
    expect(within(sheet).getByRole('textbox', { name: 'QR code link' })).toBeInTheDocument();
    expect(within(sheet).queryByText(/QR code assigned/)).not.toBeInTheDocument();
  });
});
