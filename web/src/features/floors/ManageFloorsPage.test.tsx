import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { graphql, HttpResponse, type RequestHandler } from 'msw';
import { FLOOR_NAME_REQUIRED_MESSAGE, FLOORS_PAGE_DESCRIPTION, STALE_EDIT_MESSAGE, STALE_ORDER_MESSAGE, type PermissionFlag } from '@fsi/shared';
import { renderApp } from '../../test/render';
import { aViewer } from '../../test/builders';

type FloorFields = { id: string; name: string; order: number; version?: number; locationsCount?: number };
const aFloor = ({ version = 1, locationsCount = 2, ...fields }: FloorFields) => ({ __typename: 'Floor' as const, version, locationsCount, ...fields });

const ground = aFloor({ id: '11', name: 'Ground', order: 0 });
const second = aFloor({ id: '12', name: 'Second', order: 1, version: 3 });
const roof = aFloor({ id: '13', name: 'Roof', order: 2, locationsCount: 1 });

function aBuilding(floors: ReturnType<typeof aFloor>[], floorDisplayName = 'Level') {
  return { __typename: 'Building' as const, id: '5', name: 'King Street Commerce Centre', floorDisplayName, floorsCount: floors.length, floors };
}

const fieldErrors = (errors: { field: string | null; message: string; code: string }[]) => errors.map((error) => ({ __typename: 'FieldError', ...error }));

function renderPage({
  isAdmin = false,
  granted = ['canManageBuildings'] as PermissionFlag[],
  organization = true,
  floors = () => [ground, second, roof],
  handlers = [] as RequestHandler[],
} = {}) {
  const viewer = aViewer({ isAdmin, granted, ...(organization ? {} : { organization: null }) });
  const asked = { page: 0 };
  const rendered = renderApp({
    route: '/manage/building/5/floors',
    viewer,
    handlers: [
      ...handlers,
      graphql.query('ManageFloorsViewer', () => HttpResponse.json({ data: { viewer } })),
      graphql.query('ManageFloorsPage', () => {
        asked.page += 1;
        return HttpResponse.json({ data: { building: aBuilding(floors()) } });
      }),
    ],
  });
  return { ...rendered, asked };
}

const list = () => screen.findByRole('list', { name: 'Level list' });
const names = () => within(screen.getByRole('list', { name: 'Level list' })).getAllByRole('link').map((link) => link.textContent);

describe('Manage Floors', () => {
  it("lists the floors in order under the building's floor label, each leading to its locations", async () => {
    renderPage();
    await list();
    expect(screen.getByRole('heading', { level: 1, name: 'Level' })).toBeInTheDocument();
    expect(screen.getByText(FLOORS_PAGE_DESCRIPTION)).toBeInTheDocument();
    expect(names()).toEqual(['Ground', 'Second', 'Roof']);
    expect(screen.getByRole('link', { name: 'Second' })).toHaveAttribute('href', '/manage/building/5/locations?floorId=12');
    expect(screen.getByText('1 location')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Level' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Drag Second' })).toHaveAttribute('aria-roledescription', 'sortable');
    expect(screen.getByRole('button', { name: 'Move Ground up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Roof down' })).toBeDisabled();
  });

  it("is titled 'Floor' when the building sets no label", async () => {
    const viewer = aViewer({ granted: ['canViewBuildings'] });
    renderApp({
      route: '/manage/building/5/floors',
      viewer,
      handlers: [
        graphql.query('ManageFloorsViewer', () => HttpResponse.json({ data: { viewer } })),
        graphql.query('ManageFloorsPage', () => HttpResponse.json({ data: { building: aBuilding([ground], 'Floor') } })),
      ],
    });
    expect(await screen.findByRole('list', { name: 'Floor list' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Floor' })).toBeInTheDocument();
  });

  it('shows the floors read-only to a user who may only view buildings', async () => {
    renderPage({ granted: ['canViewBuildings'] });
    await list();
    expect(names()).toEqual(['Ground', 'Second', 'Roof']);
    for (const name of ['Add Level', 'Drag Ground', 'Move Second up', 'Edit Roof']) expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
  });

  it('tells a user without an organization or building rights so, without asking the server', async () => {
    const { asked } = renderPage({ granted: [], organization: false });
    expect(await screen.findByText('Not available')).toBeInTheDocument();
    expect(asked.page).toBe(0);
  });

  it("says 'No results found' for a building without floors, and offers a failed load again", async () => {
    let fail = true;
    const { user } = renderPage({
      floors: () => [],
      handlers: [graphql.query('ManageFloorsPage', () => (fail ? HttpResponse.json({ errors: [{ message: 'boom' }] }) : undefined))],
    });
    expect(await screen.findByText('The floors could not be loaded')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No results found')).toBeInTheDocument();
  });

  it('adds a floor: the name is required as the user types, and the new floor joins the list from the answer', async () => {
    const sent: unknown[] = [];
    const { user } = renderPage({
      handlers: [
        graphql.mutation('CreateFloor', ({ variables }) => {
          sent.push(variables);
          const added = aFloor({ id: '14', name: 'Penthouse', order: 3, locationsCount: 0 });
          return HttpResponse.json({
            data: { createFloor: { __typename: 'FloorPayload', floor: added, building: { ...aBuilding([ground, second, roof, added]) }, errors: [] } },
          });
        }),
      ],
    });
    await list();
    await user.click(screen.getByRole('button', { name: 'Add Level' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Level' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText(FLOOR_NAME_REQUIRED_MESSAGE)).toBeInTheDocument();
    expect(sent).toEqual([]);
    await user.type(within(dialog).getByLabelText(/Floor name/), ' Penthouse ');
    expect(within(dialog).queryByText(FLOOR_NAME_REQUIRED_MESSAGE)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual([{ buildingId: '5', name: 'Penthouse' }]);
    expect(names()).toEqual(['Ground', 'Second', 'Roof', 'Penthouse']);
    expect(screen.getByText('Penthouse saved.')).toBeInTheDocument();
  });

  it('moves a floor down and sends only the two floors whose place changed, with the versions read', async () => {
    const sent: unknown[] = [];
    const { user } = renderPage({
      handlers: [
        graphql.mutation('ReorderFloors', ({ variables }) => {
          sent.push(variables);
          return HttpResponse.json({
            data: {
              reorderFloors: {
                __typename: 'ReorderFloorsPayload',
                floors: [aFloor({ ...ground, order: 1, version: 2 }), aFloor({ ...second, order: 0, version: 4 })],
                errors: [],
              },
            },
          });
        }),
      ],
    });
    await list();
    await user.click(screen.getByRole('button', { name: 'Move Ground down' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ floors: [{ id: '12', order: 0, version: 3 }, { id: '11', order: 1, version: 1 }] });
    await waitFor(() => expect(names()).toEqual(['Second', 'Ground', 'Roof']));
    expect(screen.getByRole('button', { name: 'Move Second up' })).toBeDisabled();
  });

  it('keeps nothing of an order someone else changed first: it says so and shows the latest order', async () => {
    let latest = [ground, second, roof];
    const { user, asked } = renderPage({
      floors: () => latest,
      handlers: [
        graphql.mutation('ReorderFloors', () => {
          latest = [aFloor({ ...roof, order: 0, version: 2 }), aFloor({ ...ground, order: 1, version: 2 }), aFloor({ ...second, order: 2, version: 4 })];
          return HttpResponse.json({
            data: { reorderFloors: { __typename: 'ReorderFloorsPayload', floors: [], errors: fieldErrors([{ field: 'version', message: STALE_ORDER_MESSAGE, code: 'STALE' }]) } },
          });
        }),
      ],
    });
    await list();
    const before = asked.page;
    await user.click(screen.getByRole('button', { name: 'Move Roof up' }));
    expect(await screen.findByText(STALE_ORDER_MESSAGE)).toBeInTheDocument();
    await waitFor(() => expect(asked.page).toBeGreaterThan(before));
    await waitFor(() => expect(names()).toEqual(['Roof', 'Ground', 'Second']));
  });

  it('renames a floor; a stale rename says so, keeps what was typed and reads the floors again', async () => {
    let stale = true;
    const sent: unknown[] = [];
    let latest = [ground, second, roof];
    const { user, asked } = renderPage({
      floors: () => latest,
      handlers: [
        graphql.mutation('RenameFloor', ({ variables }) => {
          sent.push(variables);
          if (stale) {
            stale = false;
            // Someone else renamed it meanwhile: the floors read again carry its new version.
            latest = [ground, aFloor({ ...second, name: 'Second Floor', version: 4 }), roof];
            return HttpResponse.json({ data: { renameFloor: { __typename: 'FloorPayload', floor: null, errors: fieldErrors([{ field: 'version', message: STALE_EDIT_MESSAGE, code: 'STALE' }]) } } });
          }
          return HttpResponse.json({ data: { renameFloor: { __typename: 'FloorPayload', floor: aFloor({ ...second, name: 'Mezzanine', version: 5 }), errors: [] } } });
        }),
      ],
    });
    await list();
    await user.click(screen.getByRole('button', { name: 'Edit Second' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Level' });
    const input = within(dialog).getByLabelText(/Floor name/);
    expect(input).toHaveValue('Second');
    await user.clear(input);
    await user.type(input, 'Mezzanine');
    const before = asked.page;
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(STALE_EDIT_MESSAGE)).toBeInTheDocument();
    expect(input).toHaveValue('Mezzanine');
    await waitFor(() => expect(asked.page).toBeGreaterThan(before));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual([
      { buildingId: '5', id: '12', name: 'Mezzanine', version: 3 },
      { buildingId: '5', id: '12', name: 'Mezzanine', version: 4 },
    ]);
    expect(names()).toEqual(['Ground', 'Mezzanine', 'Roof']);
  });
});
