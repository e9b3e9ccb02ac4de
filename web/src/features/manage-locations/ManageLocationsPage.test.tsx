import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { graphql, HttpResponse, type RequestHandler } from 'msw';
import {
  FLOOR_REQUIRED_MESSAGE,
  HTML_TAGS_MESSAGE,
  LOCATION_EQUIPMENT_REQUIRED_MESSAGE,
  LOCATION_NAME_REQUIRED_MESSAGE,
  STALE_ORDER_MESSAGE,
  type PermissionFlag,
} from '@fsi/shared';
import { renderApp } from '../../test/render';
import { aViewer } from '../../test/builders';

function aLocation(fields: { id: string; name: string; floorId: string; floorName: string; order: number; equipment?: Array<{ id: string; name: string }> ; temporaryUuid?: string | null }) {
  const { equipment = [{ id: '1', name: 'Portable Fire Extinguisher' }], temporaryUuid = null, ...rest } = fields;
  return {
    __typename: 'Location' as const,
    hint: null as string | null,
    version: 3,
    label: null,
    aliasIds: [] as number[],
    regularUuid: `uuid-${fields.id}`,
    temporaryUuid,
    universalLink: `http://localhost/q/uuid-${fields.id}`,
    qrImageUrl: `/signed/qr-${fields.id}.png`,
    equipment: equipment.map((e, typeOrder) => ({
      __typename: 'LocationEquipment' as const,
      id: `${fields.id}-${e.id}`,
      equipmentId: e.id,
      name: e.name,
      status: 'ACTIVE',
      typeOrder,
      secondaryData: [] as unknown[],
    })),
    ...rest,
  };
}

const floors = [
  { __typename: 'Floor', id: '10', name: 'Ground', order: 0 },
  { __typename: 'Floor', id: '11', name: 'Mezzanine', order: 1 },
];
const lobby = aLocation({ id: '100', name: 'Shipping Office', floorId: '10', floorName: 'Ground', order: 0 });
const dock = aLocation({ id: '101', name: 'Loading Dock North', floorId: '10', floorName: 'Ground', order: 1 });
const aisle = aLocation({ id: '102', name: 'Racking Aisle 4', floorId: '11', floorName: 'Mezzanine', order: 0, temporaryUuid: 'temp-1' });
const equipmentChoices = [
  { __typename: 'EquipmentChoice', id: '1', name: 'Portable Fire Extinguisher', status: 'ACTIVE' },
  { __typename: 'EquipmentChoice', id: '2', name: 'Emergency Lighting', status: 'ACTIVE' },
  { __typename: 'EquipmentChoice', id: '3', name: 'Retired Hose Cabinet', status: 'PAUSED' },
];

function pageData(nodes = [lobby, dock, aisle]) {
  return {
    building: {
      __typename: 'Building',
      id: '5',
      name: 'Riverside Distribution Warehouse',
      floors,
      equipmentChoices,
      locations: { __typename: 'LocationConnection', nodes, pageInfo: { __typename: 'PageInfo', totalCount: nodes.length } },
    },
  };
}

const ALL: PermissionFlag[] = ['canCreateLocation', 'canUpdateLocation', 'canDeleteLocation', 'canManageSecondaryData', 'canAssignQrCode'];

function renderPage({ route = '/manage/building/5/locations', isAdmin = false, granted = ALL, organization, handlers = [] as RequestHandler[], nodes = () => [lobby, dock, aisle] }: {
  route?: string;
  isAdmin?: boolean;
  granted?: PermissionFlag[];
  organization?: null;
  handlers?: RequestHandler[];
  nodes?: () => ReturnType<typeof aLocation>[];
} = {}) {
  const viewer = aViewer({ isAdmin, granted, ...(organization === null ? { organization: null } : {}) });
  const asked = { page: 0 };
  const rendered = renderApp({
    route,
    viewer,
    handlers: [
      ...handlers,
      graphql.query('ManageLocationsViewer', () => HttpResponse.json({ data: { viewer } })),
      graphql.query('ManageLocationsPage', () => {
        asked.page += 1;
        return HttpResponse.json({ data: pageData(nodes()) });
      }),
    ],
  });
  return { ...rendered, asked };
}

/** A select's input (its listbox is labelled by the same label). */
const inputOf = (scope: Pick<typeof screen, 'getAllByLabelText'>, label: string | RegExp) =>
  scope.getAllByLabelText(label).find((element) => element.tagName === 'INPUT')!;

const table = (floor: string) => within(screen.getByRole('table', { name: floor }));

describe('Manage Locations', () => {
  it('shows the building, the help text and its locations grouped by floor, in their order', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Riverside Distribution Warehouse' })).toBeInTheDocument();
    expect(screen.getByText(/Locations are listed by floor/)).toBeInTheDocument();
    expect(table('Ground').getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell')[0]!.querySelector('p')!.textContent)).toEqual(['Shipping Office', 'Loading Dock North']);
    expect(table('Mezzanine').getByText('Racking Aisle 4')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Location' })).toBeInTheDocument();
    // Each table holds its head and rows only: the drag and drop's description and live region sit beside it
    // (a <div> in a <table> is not HTML a browser keeps, and a screen reader would meet them among the rows).
    for (const name of ['Ground', 'Mezzanine']) {
      expect([...screen.getByRole('table', { name }).children].map((child) => child.tagName)).toEqual(['THEAD', 'TBODY']);
    }
    expect(screen.getAllByText(/^To move a location, press Space or Enter/)).toHaveLength(2);
  });

  it('preselects the floor of floorId once the floors arrive, and puts a changed floor in the URL', async () => {
    const { user, currentPath } = renderPage({ route: '/manage/building/5/locations?floorId=11' });
    expect(await screen.findByRole('table', { name: 'Mezzanine' })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Ground' })).not.toBeInTheDocument();
    await user.click(inputOf(screen, 'Floor'));
    await user.click(await screen.findByRole('option', { name: 'Ground' }));
    await waitFor(() => expect(currentPath()).toBe('/manage/building/5/locations?floorId=10'));
    expect(screen.getByRole('table', { name: 'Ground' })).toBeInTheDocument();
  });

  it('tells a user of no organization so without asking for the locations', async () => {
    const { asked } = renderPage({ organization: null });
    expect(await screen.findByText('Only administrators, organization users and region users manage locations.')).toBeInTheDocument();
    expect(asked.page).toBe(0);
  });

  it("says 'No results found' for a building without locations", async () => {
    renderPage({ nodes: () => [] });
    expect(await screen.findByText('No results found')).toBeInTheDocument();
  });

  it('checks the Add Location form as the user goes, and keeps what was typed when the server refuses it', async () => {
    const sent: unknown[] = [];
    const { user } = renderPage({
      handlers: [
        graphql.mutation('CreateLocation', ({ variables }) => {
          sent.push(variables.input);
          return HttpResponse.json({
            data: {
              createLocation: {
                __typename: 'LocationPayload',
                location: null,
                errors: [{ __typename: 'FieldError', field: 'equipment', message: "'Emergency Lighting' is Paused: equipment that is not active can not be added to a location", code: 'VALIDATION_FAILED' }],
              },
            },
          });
        }),
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Add Location' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Location' }));
    const name = dialog.getByRole('textbox', { name: /Location Name/ });
    await user.click(name);
    await user.tab();
    expect(dialog.getByText(LOCATION_NAME_REQUIRED_MESSAGE)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(dialog.getByText(FLOOR_REQUIRED_MESSAGE)).toBeInTheDocument();
    expect(dialog.getByText(LOCATION_EQUIPMENT_REQUIRED_MESSAGE)).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.type(name, 'Generator Room');
    expect(dialog.queryByText(LOCATION_NAME_REQUIRED_MESSAGE)).not.toBeInTheDocument();
    await user.click(inputOf(dialog, /Select Floor/));
    await user.click(await screen.findByRole('option', { name: 'Ground' }));
    await user.click(inputOf(dialog, /Assign Equipment/));
    // Equipment that is not active cannot be chosen.
    const retired = await screen.findByRole('option', { name: 'Retired Hose Cabinet' });
    expect(retired).toHaveAttribute('data-combobox-disabled', 'true');
    await user.hover(within(retired).getByText('Retired Hose Cabinet'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent("'Paused' equipment is disbled in selection");
    await user.click(screen.getByRole('option', { name: 'Emergency Lighting' }));
    await user.keyboard('{Escape}');
    await user.click(dialog.getByRole('button', { name: 'Emergency Lighting' }));
    await user.type(await dialog.findByRole('textbox', { name: 'Manufacturer' }), 'Acme');
    await user.click(dialog.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      buildingId: '5',
      floorId: '10',
      name: 'Generator Room',
      hint: null,
      equipment: [{ equipmentId: '2', secondaryData: [{ key: 'equipmentManufacturer', stringValue: 'Acme' }] }],
    });
    expect(await dialog.findByText(/equipment that is not active can not be added/)).toBeInTheDocument();
    expect(name).toHaveValue('Generator Room');
    expect(dialog.getByRole('textbox', { name: 'Manufacturer' })).toHaveValue('Acme');
  });

  it('shows only the row actions the rights of section 6 allow', async () => {
    renderPage({ granted: ['canAssignQrCode'] });
    expect(await screen.findByText('Racking Aisle 4')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Location' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Racking Aisle 4' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Move Racking Aisle 4 up' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Racking Aisle 4' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Assign QR code to Racking Aisle 4' })).toBeInTheDocument();
  });

  it('lets a user with only can-manage-secondary-data edit the secondary data, not the name; a location with a temporary uuid offers Save & Reassign QR Code', async () => {
    const { user } = renderPage({ granted: ['canManageSecondaryData', 'canAssignQrCode'] });
    await user.click(await screen.findByRole('button', { name: 'Edit Racking Aisle 4' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Location' }));
    expect(dialog.getByRole('textbox', { name: /Location Name/ })).toBeDisabled();
    expect(inputOf(dialog, /Select Floor/)).toBeDisabled();
    expect(dialog.getByRole('button', { name: 'Save & Reassign QR Code' })).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Portable Fire Extinguisher' }));
    expect(await dialog.findByRole('textbox', { name: 'Manufacturer' })).toBeEnabled();
  });

  it('keeps stored secondary data of before the field list as it is, and opens a closed section whose change is refused, saying why', async () => {
    const value = (key: string, stringValue: string) => ({ __typename: 'SecondaryDataValue', key, stringValue, numberValue: null, booleanValue: null });
    const boiler = aLocation({ id: '103', name: 'Boiler Room', floorId: '10', floorName: 'Ground', order: 2 });
    // A key of no field of the list and a year-month date, as the demo data has: stored before the list, not judged again.
    boiler.equipment[0]!.secondaryData = [value('Make', 'Badger'), value('equipmentInstallDate', '2021-05')];
    const sent: unknown[] = [];
    const { user } = renderPage({
      nodes: () => [lobby, dock, aisle, boiler],
      handlers: [
        graphql.mutation('UpdateLocation', ({ variables }) => {
          sent.push(variables.input);
          return HttpResponse.json({ data: { updateLocation: { location: boiler, errors: [] } } });
        }),
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Boiler Room' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Location' }));
    const section = dialog.getByRole('button', { name: 'Portable Fire Extinguisher' });
    await user.click(section);
    await user.type(await dialog.findByRole('textbox', { name: 'Manufacturer' }), 'Acme <div>');
    await user.click(section);
    expect(section).toHaveAttribute('aria-expanded', 'false');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    const alert = await dialog.findByRole('alert');
    expect(alert).toHaveTextContent(`Some secondary data needs correcting before the location can be saved: Manufacturer: ${HTML_TAGS_MESSAGE}`);
    expect(section).toHaveAttribute('aria-expanded', 'true');
    expect(dialog.getByRole('textbox', { name: 'Manufacturer' })).toHaveAccessibleDescription(`Manufacturer: ${HTML_TAGS_MESSAGE}`);
    expect(sent).toEqual([]);
    await user.clear(dialog.getByRole('textbox', { name: 'Manufacturer' }));
    await user.type(dialog.getByRole('textbox', { name: 'Manufacturer' }), 'Acme');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect((sent[0] as { equipment: unknown[] }).equipment).toEqual([
      {
        equipmentId: '1',
        secondaryData: expect.arrayContaining([{ key: 'Make', stringValue: 'Badger' }, { key: 'equipmentInstallDate', stringValue: '2021-05' }, { key: 'equipmentManufacturer', stringValue: 'Acme' }]),
      },
    ]);
  });

  it('moves a location down by keyboard-reachable buttons, sending only the changed ones; a stale order reloads with a message', async () => {
    const moves: unknown[] = [];
    const { user, asked } = renderPage({
      handlers: [
        graphql.mutation('ReorderLocations', ({ variables }) => {
          moves.push(variables.moves);
          return HttpResponse.json({
            data: { reorderLocations: { __typename: 'LocationsPayload', locations: [], errors: [{ __typename: 'FieldError', field: 'version', message: 'stale', code: 'STALE' }] } },
          });
        }),
      ],
    });
    const down = await screen.findByRole('button', { name: 'Move Shipping Office down' });
    expect(screen.getByRole('button', { name: 'Move Shipping Office up' })).toBeDisabled();
    const before = asked.page;
    down.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(moves).toHaveLength(1));
    expect(moves[0]).toEqual([
      { id: '101', order: 0, version: 3 },
      { id: '100', order: 1, version: 3 },
    ]);
    expect(await screen.findByText(STALE_ORDER_MESSAGE)).toBeInTheDocument();
    await waitFor(() => expect(asked.page).toBeGreaterThan(before));
  });

  it("asks before deleting with the spec's words, and the location leaves the table", async () => {
    let nodes = [lobby, dock, aisle];
    const { user } = renderPage({
      nodes: () => nodes,
      handlers: [
        graphql.mutation('DeleteLocation', ({ variables }) => {
          nodes = nodes.filter((l) => l.id !== variables.id);
          return HttpResponse.json({ data: { deleteLocation: { __typename: 'DeleteLocationPayload', deletedLocationId: variables.id, errors: [] } } });
        }),
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Loading Dock North' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete Location' }));
    expect(dialog.getByText("You are going to delete 'Loading Dock North' location. Are you sure?")).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Loading Dock North', { selector: 'p' })).not.toBeInTheDocument());
    expect(screen.getByText('Loading Dock North deleted.')).toBeInTheDocument();
  });
});
