import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { graphql, HttpResponse, type RequestHandler } from 'msw';
import { STALE_EDIT_MESSAGE, type PermissionFlag } from '@fsi/shared';
import { SAME_TASK_NAME_SELECTED_MESSAGE, TASKS_GROUP_NAME_REQUIRED_MESSAGE, TASKS_REQUIRED_MESSAGE } from '@fsi/shared/equipment-types';
import { renderApp } from '../../test/render';
import { anOrganization, aViewer, failingUntilRecovered } from '../../test/builders';
import { readAccessToken } from '../../lib/session/session';

type TaskFields = { id: string; label: string; cycleId?: string; cycleName?: string; groupId?: string | null; groupName?: string | null; order?: number };
const aTask = ({ cycleId = '1', cycleName = 'Monthly', groupId = null, groupName = null, order = 0, ...fields }: TaskFields) => ({
  __typename: 'TaskGroupTask' as const,
  status: 'ACTIVE' as const,
  statusDisplayName: 'Active',
  equipmentTypeName: 'Fire Extinguisher',
  cycleId,
  cycleName,
  groupId,
  groupName,
  order,
  ...fields,
});

const pressure = aTask({ id: '21', label: 'Pressure gauge in green', groupId: '7', groupName: 'Extinguishers' });
const seal = aTask({ id: '22', label: 'Tamper seal intact', groupId: '7', groupName: 'Extinguishers', order: 1 });
const pressureAgain = aTask({ id: '23', label: 'Pressure gauge in green', groupName: null });
const signage = aTask({ id: '24', label: 'Exit signage lit', groupId: '8', groupName: 'Lighting' });
const yearly = aTask({ id: '25', label: 'Hydrostatic test', cycleId: '2', cycleName: 'Yearly' });
const choices = [pressure, seal, pressureAgain, signage, yearly];
const aGroup = (id: string, name: string, tasks: ReturnType<typeof aTask>[], version = 1) => ({ __typename: 'TaskGroup' as const, id, name, version, tasks });
const extinguishers = aGroup('7', 'Extinguishers', [pressure, seal], 2);
const lighting = aGroup('8', 'Lighting', [signage]);
const organizationOf = (groups: ReturnType<typeof aGroup>[]) => ({ __typename: 'Organization' as const, id: '3', name: 'Northwind', taskGroups: groups, taskGroupChoices: choices });
const fieldErrors = (errors: { field: string | null; message: string; code: string }[]) => errors.map((error) => ({ __typename: 'FieldError', ...error }));

function renderPage({ granted = ['canManageOrganization'] as PermissionFlag[], groups = () => [extinguishers, lighting], handlers = [] as RequestHandler[] } = {}) {
  const viewer = aViewer({ granted, organization: anOrganization({ id: '3', name: 'Northwind' }) });
  const asked = { page: 0 };
  const rendered = renderApp({
    route: '/manage/organization/3/tasksgroups',
    viewer,
    handlers: [
      ...handlers,
      graphql.query('ManageTaskGroupsViewer', () => HttpResponse.json({ data: { viewer } })),
      graphql.query('ManageTaskGroupsPage', () => {
        asked.page += 1;
        return HttpResponse.json({ data: { organization: organizationOf(groups()) } });
      }),
    ],
  });
  return { ...rendered, asked };
}

const table = () => screen.findByRole('table', { name: 'Tasks groups' });

describe('Manage Tasks Groups', () => {
  it('lists the groups with their tasks, with Add Tasks Group and Edit for organization managers', async () => {
    renderPage();
    const rows = within(await table()).getAllByRole('row');
    expect(rows.slice(1).map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual(['Extinguishers', 'Lighting']);
    expect(within(rows[1]!).getByText('Pressure gauge in green, Tamper seal intact')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Tasks Group' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Lighting' })).toBeInTheDocument();
  });

  it('is read-only for viewers of the organization, and says No results found without groups', async () => {
    renderPage({ granted: ['canViewOrganization'], groups: () => [] });
    expect(await screen.findByText('No results found')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Tasks Group' })).not.toBeInTheDocument();
  });

  it("adds a group: the spec's messages, the cycle filter, the search by task or group name, and one task per name", async () => {
    const sent: unknown[] = [];
    const { user } = renderPage({
      handlers: [
        graphql.mutation('CreateTaskGroup', ({ variables }) => {
          sent.push(variables);
          const added = aGroup('9', 'Gauges', [{ ...pressureAgain, groupId: '9', groupName: 'Gauges' }]);
          return HttpResponse.json({ data: { createTaskGroup: { __typename: 'TaskGroupPayload', taskGroup: { __typename: 'TaskGroup', id: '9' }, organization: organizationOf([extinguishers, added, lighting]), errors: [] } } });
        }),
      ],
    });
    await table();
    await user.click(screen.getByRole('button', { name: 'Add Tasks Group' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Tasks Group' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText(TASKS_GROUP_NAME_REQUIRED_MESSAGE)).toBeInTheDocument();
    expect(within(dialog).getByText(TASKS_REQUIRED_MESSAGE)).toBeInTheDocument();
    // The first cycle is chosen: the yearly task is not offered until its cycle is.
    const offered = () => within(within(dialog).getByRole('group', { name: 'Tasks to choose' })).queryAllByRole('checkbox');
    expect(within(dialog).getByLabelText('Cycle')).toHaveValue('1');
    expect(offered()).toHaveLength(4);
    await user.type(within(dialog).getByLabelText(/Search tasks/), 'LIGHT');
    expect(offered()).toHaveLength(1);
    expect(within(dialog).getByLabelText(/Exit signage lit/)).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText(/Search tasks/));
    await user.type(within(dialog).getByLabelText(/Search tasks/), 'pressure');
    expect(offered()).toHaveLength(2);
    await user.click(offered()[1]!);
    // The first has the name of the one chosen: it cannot be chosen, and its tooltip says why.
    const first = offered()[0]!;
    expect(first).toBeDisabled();
    await user.hover(first.closest('div')!);
    expect(await screen.findByText(SAME_TASK_NAME_SELECTED_MESSAGE, { selector: '.mantine-Tooltip-tooltip' })).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Tasks group name/), 'Gauges');
    expect(within(dialog).queryByText(TASKS_REQUIRED_MESSAGE)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual([{ organizationId: '3', input: { name: 'Gauges', tasks: [{ id: '23', order: 0 }] } }]);
    expect(await screen.findByText('Gauges saved.')).toBeInTheDocument();
    expect(within(await table()).getByText('Gauges')).toBeInTheDocument();
  });

  it('does not offer a task whose name is that of an inactive task, nor the inactive task, and says why', async () => {
    const retired = { ...aTask({ id: '26', label: 'Exit signage lit' }), status: 'DISABLED' as const, statusDisplayName: 'Inactive' };
    const viewer = aViewer({ granted: ['canManageOrganization'], organization: anOrganization({ id: '3', name: 'Northwind' }) });
    const { user } = renderApp({
      route: '/manage/organization/3/tasksgroups',
      viewer,
      handlers: [
        graphql.query('ManageTaskGroupsViewer', () => HttpResponse.json({ data: { viewer } })),
        graphql.query('ManageTaskGroupsPage', () => HttpResponse.json({ data: { organization: { ...organizationOf([extinguishers]), taskGroupChoices: [...choices, retired] } } })),
      ],
    });
    await table();
    await user.click(screen.getByRole('button', { name: 'Add Tasks Group' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Tasks Group' });
    const boxes = within(within(dialog).getByRole('group', { name: 'Tasks to choose' })).getAllByRole('checkbox', { name: /Exit signage lit/ });
    expect(boxes).toHaveLength(2);
    for (const box of boxes) expect(box).toBeDisabled();
    expect(within(dialog).getByRole('checkbox', { name: /Tamper seal intact/ })).toBeEnabled();
    await user.hover(boxes[0]!.closest('div')!);
    expect(await screen.findByText(SAME_TASK_NAME_SELECTED_MESSAGE, { selector: '.mantine-Tooltip-tooltip' })).toBeInTheDocument();
  });

  it('edits a group over the version read; a stale save says so, keeps what was typed and reads the groups again', async () => {
    const sent: unknown[] = [];
    const { user, asked } = renderPage({
      handlers: [
        graphql.mutation('UpdateTaskGroup', ({ variables }) => {
          sent.push(variables);
          return HttpResponse.json({ data: { updateTaskGroup: { __typename: 'TaskGroupPayload', taskGroup: null, organization: null, errors: fieldErrors([{ field: 'version', message: STALE_EDIT_MESSAGE, code: 'STALE' }]) } } });
        }),
      ],
    });
    await table();
    await user.click(screen.getByRole('button', { name: 'Edit Extinguishers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Tasks Group' });
    const name = within(dialog).getByLabelText(/Tasks group name/);
    expect(name).toHaveValue('Extinguishers');
    await user.click(within(dialog).getByRole('button', { name: 'Move Tamper seal intact up' }));
    await user.clear(name);
    await user.type(name, 'Portable extinguishers');
    const before = asked.page;
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(STALE_EDIT_MESSAGE)).toBeInTheDocument();
    expect(sent).toEqual([{ organizationId: '3', id: '7', version: 2, input: { name: 'Portable extinguishers', tasks: [{ id: '22', order: 0 }, { id: '21', order: 1 }] } }]);
    expect(within(dialog).getByLabelText(/Tasks group name/)).toHaveValue('Portable extinguishers');
    await waitFor(() => expect(asked.page).toBeGreaterThan(before));
  });

  it('says the tasks groups could not be loaded, with the reason, reloads them on Try again and keeps the user signed in', async () => {
    const broken = failingUntilRecovered('ManageTaskGroupsPage', { onFailure: () => void (asked.page += 1) });
    const { user, currentPath, asked } = renderPage({
      handlers: [broken.handler],
    });
    expect(await screen.findByText('The tasks groups could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('Check your connection and try again.')).toBeInTheDocument();
    expect(screen.getByText('The backend did not answer')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Tasks groups' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Tasks Group' })).not.toBeInTheDocument();
    expect(asked.page).toBe(1);
    broken.recover();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    const rows = within(await table()).getAllByRole('row');
    expect(rows.slice(1).map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual(['Extinguishers', 'Lighting']);
    expect(asked.page).toBe(2);
    expect(screen.queryByText('The tasks groups could not be loaded')).not.toBeInTheDocument();
    expect(currentPath()).toBe('/manage/organization/3/tasksgroups');
    expect(readAccessToken()).not.toBeNull();
  });
});
