import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { graphql, HttpResponse, type RequestHandler } from 'msw';
import { STALE_ORDER_MESSAGE, type PermissionFlag } from '@fsi/shared';
import { EQUIPMENT_GROUPS_REQUIRED_MESSAGE, EQUIPMENT_NAME_REQUIRED_MESSAGE } from '@fsi/shared/equipment-types';
import { renderApp } from '../../test/render';
import { anOrganization, aViewer, failingUntilRecovered } from '../../test/builders';
import { readAccessToken } from '../../lib/session/session';

const overrides = (on = false) => ({ __typename: 'ConditionOverrides' as const, disableUnsatisfactoryPhoto: on, disableUnsatisfactoryRemarks: false, makePhotoAndRemarksOptional: false });
const aGroupRef = (id: string, taskGroupId: string, taskGroupName: string) => ({ __typename: 'ComponentTaskGroup' as const, id, taskGroupId, taskGroupName, from: null, to: null, order: 0, overrides: overrides() });
const aComponent = (id: string, name: string, groups: ReturnType<typeof aGroupRef>[], implicit = false) => ({
  __typename: 'EquipmentComponent' as const,
  id,
  name,
  aliasName: null,
  order: 0,
  disabled: false,
  implicit,
  taskGroups: groups,
});
type TypeFields = { id: string; name: string; order: number; version?: number; status?: 'ACTIVE' | 'PAUSED' | 'DISABLED'; components?: ReturnType<typeof aComponent>[] };
const labels = { ACTIVE: 'Active', PAUSED: 'Paused', DISABLED: 'Inactive' };
const aType = ({ version = 1, status = 'ACTIVE', components = [], ...fields }: TypeFields) => ({
  __typename: 'EquipmentType' as const,
  aliasName: null,
  version,
  status,
  statusDisplayName: labels[status],
  tasksCount: 2,
  components,
  ...fields,
});

const extinguisher = aType({ id: '1', name: 'Fire Extinguisher', order: 0, components: [aComponent('10', '', [aGroupRef('100', '7', 'Monthly checks')], true)] });
const alarm = aType({ id: '2', name: 'Fire Alarm Panel', order: 1, version: 3 });
const hose = aType({ id: '3', name: 'Hose Cabinet', order: 2, status: 'PAUSED' });
const taskGroups = [
  { __typename: 'TaskGroup' as const, id: '7', name: 'Monthly checks' },
  { __typename: 'TaskGroup' as const, id: '8', name: 'Annual service' },
];
const organizationOf = (types: ReturnType<typeof aType>[]) => ({ __typename: 'Organization' as const, id: '3', name: 'Northwind', equipmentTypes: types, taskGroups });
const fieldErrors = (errors: { field: string | null; message: string; code: string }[]) => errors.map((error) => ({ __typename: 'FieldError', ...error }));

function renderPage({ granted = ['canManageOrganization'] as PermissionFlag[], organizationId = '3', types = () => [extinguisher, alarm, hose], handlers = [] as RequestHandler[] } = {}) {
  const viewer = aViewer({ granted, organization: anOrganization({ id: '3', name: 'Northwind' }) });
  const asked = { page: 0 };
  const rendered = renderApp({
    route: `/manage/organization/${organizationId}/types`,
    viewer,
    handlers: [
      ...handlers,
      graphql.query('ManageTypesViewer', () => HttpResponse.json({ data: { viewer } })),
      graphql.query('ManageTypesPage', () => {
        asked.page += 1;
        return HttpResponse.json({ data: { organization: organizationOf(types()) } });
      }),
    ],
  });
  return { ...rendered, asked };
}

const list = () => screen.findByRole('list', { name: 'Types list' });
const names = () => within(screen.getByRole('list', { name: 'Types list' })).getAllByRole('listitem').map((item) => item.querySelector('p')?.textContent);

describe('Manage Types at organization level', () => {
  it('lists the types in order with their status, reorder, edit, overrides and disable for organization managers', async () => {
    renderPage();
    await list();
    expect(screen.getByRole('heading', { level: 1, name: 'Types' })).toBeInTheDocument();
    expect(names()).toEqual(['Fire Extinguisher', 'Fire Alarm Panel', 'Hose Cabinet']);
    expect(screen.getByRole('button', { name: 'Add Type' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Status of Hose Cabinet' })).toHaveValue('PAUSED');
    expect(within(screen.getByRole('combobox', { name: 'Status of Hose Cabinet' })).getAllByRole('option').map((o) => o.textContent)).toEqual(['Active', 'Paused', 'Inactive']);
    expect(screen.getByRole('button', { name: 'Drag Fire Alarm Panel' })).toHaveAttribute('aria-roledescription', 'sortable');
    expect(screen.getByRole('button', { name: 'Move Fire Extinguisher up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Edit Hose Cabinet' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Disable Fire Alarm Panel' })).toBeInTheDocument();
  });

  it('shows the list read-only to a user who may only view the organization', async () => {
    renderPage({ granted: ['canViewOrganization'] });
    await list();
    expect(screen.getByLabelText('Status of Hose Cabinet')).toHaveTextContent('Paused');
    for (const name of ['Add Type', 'Drag Fire Alarm Panel', 'Move Fire Alarm Panel up', 'Edit Hose Cabinet', 'Disable Fire Alarm Panel']) expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
  });

  it("says 'Not available' for another organization without asking the server, and 'No results found' for none", async () => {
    const { asked } = renderPage({ organizationId: '99' });
    expect(await screen.findByText('Not available')).toBeInTheDocument();
    expect(asked.page).toBe(0);
  });

  it("says 'No results found' for an organization without types", async () => {
    renderPage({ types: () => [] });
    expect(await screen.findByText('No results found')).toBeInTheDocument();
  });

  it("adds a type with its groups: the spec's messages as the user types, and the new type joins the list", async () => {
    const sent: unknown[] = [];
    const added = aType({ id: '4', name: 'Sprinkler Riser', order: 3, components: [aComponent('40', '', [aGroupRef('400', '8', 'Annual service')], true)] });
    const { user } = renderPage({
      handlers: [
        graphql.mutation('CreateEquipmentType', ({ variables }) => {
          sent.push(variables);
          return HttpResponse.json({ data: { createEquipmentType: { __typename: 'EquipmentTypePayload', equipmentType: added, errors: [] } } });
        }),
      ],
    });
    await list();
    await user.click(screen.getByRole('button', { name: 'Add Type' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Type' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove tasks group 1' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText(EQUIPMENT_NAME_REQUIRED_MESSAGE)).toBeInTheDocument();
    expect(within(dialog).getByText(EQUIPMENT_GROUPS_REQUIRED_MESSAGE)).toBeInTheDocument();
    expect(sent).toEqual([]);
    // A group row left without its tasks group says so at the select.
    await user.click(within(dialog).getByRole('button', { name: 'Add group' }));
    expect(within(dialog).getByText(EQUIPMENT_GROUPS_REQUIRED_MESSAGE)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Remove tasks group 1' }));
    await user.type(within(dialog).getByLabelText(/Equipment name/), 'Sprinkler Riser');
    await user.click(within(dialog).getByRole('button', { name: 'Add group' }));
    await user.selectOptions(within(dialog).getByLabelText('Tasks group 1'), 'Annual service');
    await user.type(within(dialog).getByLabelText('From'), '2');
    expect(within(dialog).queryByText(EQUIPMENT_NAME_REQUIRED_MESSAGE)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual([
      { input: { organizationId: '3', name: 'Sprinkler Riser', aliasName: null, components: [{ name: '', aliasName: null, disabled: false, taskGroups: [{ taskGroupId: '8', from: 2, to: null }] }] } },
    ]);
    await waitFor(() => expect(names()).toEqual(['Fire Extinguisher', 'Fire Alarm Panel', 'Hose Cabinet', 'Sprinkler Riser']));
    expect(screen.getByText('Sprinkler Riser saved.')).toBeInTheDocument();
  });

  it("keeps the name locked on edit, puts the server's field errors at their fields and keeps what was typed", async () => {
    const { user } = renderPage({
      handlers: [
        graphql.mutation('UpdateEquipmentType', () =>
          HttpResponse.json({
            data: { updateEquipmentType: { __typename: 'EquipmentTypePayload', equipmentType: null, errors: fieldErrors([{ field: 'components.1.name', message: EQUIPMENT_NAME_REQUIRED_MESSAGE, code: 'VALIDATION_FAILED' }]) } },
          }),
        ),
      ],
    });
    await list();
    await user.click(screen.getByRole('button', { name: 'Edit Fire Extinguisher' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Type' });
    expect(within(dialog).getByLabelText(/Equipment name/)).toBeDisabled();
    expect(within(dialog).getByLabelText('Tasks group 1')).toHaveValue('7');
    await user.click(within(dialog).getByRole('button', { name: 'Add component' }));
    await user.type(within(dialog).getByLabelText(/Component 1 name/), 'Cylinder');
    await user.click(within(dialog).getByRole('button', { name: 'Add component' }));
    await user.type(within(dialog).getByLabelText(/Component 2 name/), 'Hose');
    await user.selectOptions(within(dialog).getAllByLabelText('Tasks group 1')[1]!, 'Annual service');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(EQUIPMENT_NAME_REQUIRED_MESSAGE)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Component 1 name/)).toHaveValue('Cylinder');
    expect(screen.getByRole('dialog', { name: 'Edit Type' })).toBeInTheDocument();
  });

  it('moves a type down sending only the moved types with their versions, and says so when someone else changed the order', async () => {
    const sent: unknown[] = [];
    const { user, asked } = renderPage({
      handlers: [
        graphql.mutation('ReorderEquipmentTypes', ({ variables }) => {
          sent.push(variables);
          return HttpResponse.json({ data: { reorderEquipmentTypes: { __typename: 'ReorderEquipmentTypesPayload', equipmentTypes: [], errors: fieldErrors([{ field: 'version', message: STALE_ORDER_MESSAGE, code: 'STALE' }]) } } });
        }),
      ],
    });
    await list();
    const before = asked.page;
    await user.click(screen.getByRole('button', { name: 'Move Fire Extinguisher down' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ types: [{ id: '2', order: 0, version: 3 }, { id: '1', order: 1, version: 1 }] });
    expect(await screen.findByText(STALE_ORDER_MESSAGE)).toBeInTheDocument();
    await waitFor(() => expect(asked.page).toBeGreaterThan(before));
  });

  it('changes the status and disables a type from the answer, and sets the override conditions of a group', async () => {
    const statuses: unknown[] = [];
    const saved: unknown[] = [];
    const { user } = renderPage({
      handlers: [
        graphql.mutation('SetEquipmentTypeStatus', ({ variables }) => {
          statuses.push(variables);
          const status = variables.status as 'ACTIVE' | 'PAUSED' | 'DISABLED';
          return HttpResponse.json({ data: { setEquipmentTypeStatus: { __typename: 'EquipmentTypePayload', equipmentType: { ...alarm, status, statusDisplayName: labels[status], version: 4 }, errors: [] } } });
        }),
        graphql.mutation('UpdateComponentTaskGroupOverrides', ({ variables }) => {
          saved.push(variables);
          const changed = aType({ ...extinguisher, components: [aComponent('10', '', [{ ...aGroupRef('100', '7', 'Monthly checks'), overrides: overrides(true) }], true)] });
          return HttpResponse.json({ data: { updateComponentTaskGroupOverrides: { __typename: 'EquipmentTypePayload', equipmentType: changed, errors: [] } } });
        }),
      ],
    });
    await list();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status of Fire Alarm Panel' }), 'Inactive');
    await waitFor(() => expect(statuses).toEqual([{ id: '2', status: 'DISABLED', version: 3 }]));
    expect(await screen.findByText('Fire Alarm Panel is now Inactive.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enable Fire Alarm Panel' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Override conditions of Fire Extinguisher' }));
    const dialog = await screen.findByRole('dialog', { name: 'Override Conditions' });
    const group = within(dialog).getByRole('group', { name: 'Fire Extinguisher: Monthly checks' });
    await user.click(within(group).getByRole('switch', { name: 'Disable unsatisfactory photo' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(saved).toEqual([{ id: '100', overrides: { disableUnsatisfactoryPhoto: true, disableUnsatisfactoryRemarks: false, makePhotoAndRemarksOptional: false } }]);
  });

  it('says the types could not be loaded, with the reason, reloads them on Try again and keeps the user signed in', async () => {
    const broken = failingUntilRecovered('ManageTypesPage', { onFailure: () => void (asked.page += 1) });
    const { user, currentPath, asked } = renderPage({
      handlers: [broken.handler],
    });
    expect(await screen.findByText('The types could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('Check your connection and try again.')).toBeInTheDocument();
    expect(screen.getByText('The backend did not answer')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Types list' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Type' })).not.toBeInTheDocument();
    expect(asked.page).toBe(1);
    broken.recover();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await list();
    expect(names()).toEqual(['Fire Extinguisher', 'Fire Alarm Panel', 'Hose Cabinet']);
    expect(asked.page).toBe(2);
    expect(screen.queryByText('The types could not be loaded')).not.toBeInTheDocument();
    expect(currentPath()).toBe('/manage/organization/3/types');
    expect(readAccessToken()).not.toBeNull();
  });
});
