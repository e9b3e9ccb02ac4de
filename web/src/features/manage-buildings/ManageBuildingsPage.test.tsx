import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { graphql, HttpResponse } from 'msw';
import { BUILDING_NAME_REQUIRED_MESSAGE, STALE_EDIT_MESSAGE, STALE_ORDER_MESSAGE, type PermissionFlag } from '@fsi/shared';
import { renderApp } from '../../test/render';
import { anOrganization, aViewer } from '../../test/builders';

type Building = { id: string; name: string; order: number; version: number };

const aBuilding = (id: string, name: string, order: number, version = 1): Building => ({ id, name, order, version });

function renderBuildings({
  isAdmin = false,
  granted = ['canManageOrganization'] as PermissionFlag[],
  buildings = [aBuilding('11', 'King Street Commerce Centre', 1), aBuilding('12', 'Riverside Distribution Warehouse', 2), aBuilding('13', 'Harbourfront Tower', 3)],
  reorder = undefined as undefined | ((changes: { id: string; order: number; version: number }[]) => Record<string, unknown>),
  rename = undefined as undefined | ((variables: Record<string, unknown>) => Record<string, unknown>),
} = {}) {
  const viewer = aViewer({ isAdmin, granted, organization: anOrganization({ id: '1' }) });
  let list = buildings.map((b) => ({ __typename: 'Building', ...b }));
  const asked = { page: 0, reorders: [] as unknown[], creates: [] as unknown[], renames: [] as unknown[] };
  const rendered = renderApp({
    route: '/manage/organization/1/buildings',
    viewer,
    handlers: [
      graphql.query('OrganizationSettingsViewer', () => HttpResponse.json({ data: { viewer } })),
      graphql.query('ManageBuildingsPage', () => {
        asked.page += 1;
        return HttpResponse.json({ data: { organization: { __typename: 'Organization', id: '1', name: 'Northwind Property Management', buildings: list } } });
      }),
      graphql.mutation('ReorderBuildings', ({ variables }) => {
        const changes = variables.buildings as { id: string; order: number; version: number }[];
        asked.reorders.push(changes);
        const answer = reorder?.(changes);
        if (answer) return HttpResponse.json({ data: { reorderBuildings: answer } });
        const moved = changes.map((c) => ({ __typename: 'Building', id: c.id, order: c.order, version: c.version + 1 }));
        list = list.map((b) => ({ ...b, ...moved.find((m) => m.id === b.id) }));
        return HttpResponse.json({ data: { reorderBuildings: { __typename: 'ReorderBuildingsPayload', buildings: moved, errors: [] } } });
      }),
      graphql.mutation('CreateBuilding', ({ variables }) => {
        asked.creates.push(variables.input);
        const building = { __typename: 'Building', ...aBuilding('14', (variables.input as { name: string }).name, 4) };
        list = [...list, building];
        return HttpResponse.json({ data: { createBuilding: { __typename: 'BuildingPayload', building, errors: [] } } });
      }),
      graphql.mutation('RenameBuilding', ({ variables }) => {
        asked.renames.push(variables);
        const answer = rename?.(variables);
        if (answer) return HttpResponse.json({ data: { renameBuilding: answer } });
        const building = { ...list.find((b) => b.id === variables.id)!, name: variables.name as string, version: (variables.version as number) + 1 };
        list = list.map((b) => (b.id === building.id ? building : b));
        return HttpResponse.json({ data: { renameBuilding: { __typename: 'BuildingPayload', building, errors: [] } } });
      }),
    ],
  });
  return {
    ...rendered,
    asked,
    /** What another user changes meanwhile: the next load answers it. */
    setList: (next: Building[]) => void (list = next.map((b) => ({ __typename: 'Building', ...b }))),
  };
}

const names = () => within(screen.getByRole('list', { name: 'Buildings' })).getAllByRole('link').map((link) => link.textContent);

describe('Manage Buildings', () => {
  it('lists the buildings by order, each linking to its settings', async () => {
    renderBuildings();
    await screen.findByRole('list', { name: 'Buildings' });
    expect(names()).toEqual(['King Street Commerce Centre', 'Riverside Distribution Warehouse', 'Harbourfront Tower']);
    expect(screen.getByRole('link', { name: 'Riverside Distribution Warehouse' })).toHaveAttribute('href', '/manage/building/12');
    expect(screen.getByRole('button', { name: 'Move King Street Commerce Centre up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Harbourfront Tower down' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Northwind Property Management' })).toHaveAttribute('href', '/manage/organization/1');
  });

  it('moves a building down by keyboard, sending only the changed buildings, and keeps the focus on its button', async () => {
    const { user, asked } = renderBuildings();
    const down = await screen.findByRole('button', { name: 'Move King Street Commerce Centre down' });
    down.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(names()).toEqual(['Riverside Distribution Warehouse', 'King Street Commerce Centre', 'Harbourfront Tower']));
    expect(asked.reorders).toEqual([
      [
        { id: '12', order: 1, version: 1 },
        { id: '11', order: 2, version: 1 },
      ],
    ]);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move King Street Commerce Centre down' })).toHaveFocus());
    // Moved to the end, the building's down button is off: the focus goes to its up button.
    await user.keyboard('{Enter}');
    await waitFor(() => expect(names()).toEqual(['Riverside Distribution Warehouse', 'Harbourfront Tower', 'King Street Commerce Centre']));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move King Street Commerce Centre up' })).toHaveFocus());
    expect(asked.reorders[1]).toEqual([
      { id: '13', order: 2, version: 1 },
      { id: '11', order: 3, version: 2 },
    ]);
  });

  it('says a stale order happened, takes the move back and reloads the latest order', async () => {
    const { user, asked, setList } = renderBuildings({
      reorder: () => ({ __typename: 'ReorderBuildingsPayload', buildings: [], errors: [{ __typename: 'FieldError', field: null, message: STALE_ORDER_MESSAGE, code: 'STALE' }] }),
    });
    await screen.findByRole('list', { name: 'Buildings' });
    setList([aBuilding('13', 'Harbourfront Tower', 1, 2), aBuilding('11', 'King Street Commerce Centre', 2, 2), aBuilding('12', 'Riverside Distribution Warehouse', 3, 2)]);
    await user.click(screen.getByRole('button', { name: 'Move Riverside Distribution Warehouse up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(STALE_ORDER_MESSAGE);
    await waitFor(() => expect(names()).toEqual(['Harbourfront Tower', 'King Street Commerce Centre', 'Riverside Distribution Warehouse']));
    expect(asked.page).toBe(2);
  });

  it('adds a building: the name is required, then the list shows it last', async () => {
    const { user, asked } = renderBuildings();
    await user.click(await screen.findByRole('button', { name: 'Add Building' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Building' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(BUILDING_NAME_REQUIRED_MESSAGE)).toBeInTheDocument();
    expect(asked.creates).toEqual([]);
    await user.type(within(dialog).getByRole('textbox', { name: 'Building Name' }), 'Lakeshore Commons');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(asked.creates).toEqual([{ organizationId: '1', name: 'Lakeshore Commons' }]);
    expect(names()).toEqual(['King Street Commerce Centre', 'Riverside Distribution Warehouse', 'Harbourfront Tower', 'Lakeshore Commons']);
    expect(screen.getByRole('status')).toHaveTextContent('Lakeshore Commons saved.');
    expect(asked.page).toBe(1);
  });

  it("renames a building from its modal, which links to the building's details", async () => {
    const { user, asked } = renderBuildings();
    await user.click(await screen.findByRole('button', { name: 'Edit Harbourfront Tower' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Building' });
    expect(within(dialog).getByRole('link', { name: 'Building details' })).toHaveAttribute('href', '/manage/organization/1/building/13');
    const input = within(dialog).getByRole('textbox', { name: 'Building Name' });
    await user.clear(input);
    await user.type(input, 'Harbourfront Plaza');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(asked.renames).toEqual([{ id: '13', name: 'Harbourfront Plaza', version: 1 }]);
    expect(names()).toContain('Harbourfront Plaza');
  });

  it('keeps what the user typed when someone else changed the building, reloads it, and saves with the new version', async () => {
    let stale = true;
    const { user, asked, setList } = renderBuildings({
      rename: () =>
        stale ? { __typename: 'BuildingPayload', building: null, errors: [{ __typename: 'FieldError', field: null, message: STALE_EDIT_MESSAGE, code: 'STALE' }] } : (undefined as never),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Harbourfront Tower' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Building' });
    const input = within(dialog).getByRole('textbox', { name: 'Building Name' });
    await user.clear(input);
    await user.type(input, 'Harbourfront Plaza');
    setList([aBuilding('11', 'King Street Commerce Centre', 1), aBuilding('12', 'Riverside Distribution Warehouse', 2), aBuilding('13', 'Harbourfront Towers', 3, 5)]);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(STALE_EDIT_MESSAGE);
    expect(input).toHaveValue('Harbourfront Plaza');
    await waitFor(() => expect(names()).toContain('Harbourfront Towers'));
    stale = false;
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(asked.renames).toEqual([
      { id: '13', name: 'Harbourfront Plaza', version: 1 },
      { id: '13', name: 'Harbourfront Plaza', version: 5 },
    ]);
  });

  it('shows a user who may only view buildings the list read-only', async () => {
    const { user } = renderBuildings({ granted: ['canViewBuildings'] });
    await screen.findByRole('list', { name: 'Buildings' });
    expect(screen.queryByRole('button', { name: 'Add Building' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Move / })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'View Harbourfront Tower' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Building' });
    expect(within(dialog).getByRole('textbox', { name: 'Building Name' })).toHaveAttribute('readonly');
    expect(within(dialog).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it("says 'No results found' for an organization without buildings, and nothing is asked of a user without the right", async () => {
    const empty = renderBuildings({ buildings: [] });
    expect(await screen.findByText('No results found')).toBeInTheDocument();
    empty.unmount();
    const refused = renderBuildings({ granted: ['canViewFireWatchReports'] });
    expect(await screen.findByText('Not available')).toBeInTheDocument();
    expect(refused.asked.page).toBe(0);
  });
});
