import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { graphql, HttpResponse, type RequestHandler } from 'msw';
import { STALE_EDIT_MESSAGE, STALE_ORDER_MESSAGE, type PermissionFlag } from '@fsi/shared';
import { DROPDOWN_VALUES_REQUIRED_MESSAGE, MULTISELECT_VALUES_REQUIRED_MESSAGE, RANGE_FROM_REQUIRED_MESSAGE, RANGE_ORDER_MESSAGE, TASK_CYCLE_REQUIRED_MESSAGE, TASK_EQUIPMENT_REQUIRED_MESSAGE, TASK_NAME_REQUIRED_MESSAGE } from '@fsi/shared/tasks';
import { renderApp } from '../../test/render';
import { aViewer, serverError } from '../../test/builders';

type TaskFields = Partial<ReturnType<typeof aTask>> & { id: string; label: string };
function aTask(fields: { id: string; label: string } & Record<string, unknown>) {
  return {
    __typename: 'Task' as const,
    type: 'YESNO',
    classification: 'CHECK',
    description: null,
    hint: null,
    referenceName: null,
    referenceDescription: null,
    rangeFrom: null,
    rangeTo: null,
    values: [] as string[],
    satisfactoryValues: [] as string[],
    unsatisfactoryValues: [] as string[],
    recordValues: [] as string[],
    cycleId: '31',
    cycleName: 'Monthly',
    equipmentTypeId: '41',
    equipmentTypeName: 'Portable Fire Extinguisher',
    componentId: null,
    componentName: null,
    groupName: 'Extinguishers',
    status: 'ACTIVE',
    statusDisplayName: 'Active',
    parentStatus: 'ACTIVE',
    order: 0,
    version: 1,
    ...fields,
  };
}

const pin = aTask({ id: '1', label: 'Pin and seal intact', order: 0 });
const gauge = aTask({ id: '2', label: 'Gauge in range', type: 'DROPDOWN', values: ['Green', 'Red'], satisfactoryValues: ['Green'], order: 1, version: 4 });
const tag = aTask({ id: '3', label: 'Tag up to date', order: 2 });
const panel = aTask({ id: '4', label: 'Panel normal', groupName: 'Alarm Panels', equipmentTypeName: 'Fire Alarm Control Panel', equipmentTypeId: '42' });
const pump = aTask({ id: '5', label: 'Pump runs', groupName: null, parentStatus: 'PAUSED', equipmentTypeName: 'Fire Pump', equipmentTypeId: '43' });

const equipment = [
  { __typename: 'TaskEquipmentChoice', id: '41', name: 'Portable Fire Extinguisher', status: 'ACTIVE', components: [] },
  {
    __typename: 'TaskEquipmentChoice',
    id: '44',
    name: 'Emergency Lighting',
    status: 'ACTIVE',
    components: [{ __typename: 'TaskComponentChoice', id: '51', name: 'Battery Unit', disabled: false }],
  },
];
const cycles = [
  { __typename: 'Cycle', id: '31', name: 'Monthly' },
  { __typename: 'Cycle', id: '32', name: 'Weekly' },
];

function pageData(tasks: TaskFields[]) {
  return {
    organization: {
      __typename: 'Organization',
      id: '1',
      name: 'Harbour Properties',
      tasks: { __typename: 'TaskConnection', nodes: tasks, pageInfo: { __typename: 'PageInfo', totalCount: tasks.length, hasNextPage: false } },
      taskEquipmentChoices: equipment,
    },
    cycles,
  };
}

const fieldErrors = (errors: { field: string | null; message: string; code: string }[]) => errors.map((error) => ({ __typename: 'FieldError', ...error }));

function renderPage({
  isAdmin = false,
  granted = ['canManageOrganization'] as PermissionFlag[],
  route = '/manage/organization/1/tasks',
  tasks = () => [pin, gauge, tag, panel, pump] as TaskFields[],
  handlers = [] as RequestHandler[],
} = {}) {
  const viewer = aViewer({ isAdmin, granted });
  const asked = { page: 0, variables: [] as Record<string, unknown>[] };
  const rendered = renderApp({
    route,
    viewer,
    handlers: [
      ...handlers,
      graphql.query('ManageTasksViewer', () => HttpResponse.json({ data: { viewer } })),
      graphql.query('ManageTasksPage', ({ variables }) => {
        asked.page += 1;
        asked.variables.push(variables);
        return HttpResponse.json({ data: pageData(tasks()) });
      }),
    ],
  });
  return { ...rendered, asked };
}

const group = (name: string) => within(screen.getByRole('list', { name }));
const headings = () => screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
const inputOf = (scope: Pick<typeof screen, 'getAllByLabelText'>, label: string | RegExp) => scope.getAllByLabelText(label).find((element) => element.tagName === 'INPUT')!;

describe('Manage Tasks at organization level', () => {
  it("groups the tasks by group name as '{group} (Group)', the groups by name, each in order", async () => {
    renderPage();
    expect(await screen.findByRole('list', { name: 'Extinguishers (Group)' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Tasks' })).toBeInTheDocument();
    expect(headings()).toEqual(['Alarm Panels (Group)', 'Extinguishers (Group)', 'Not in a group']);
    expect(group('Extinguishers (Group)').getAllByText(/Pin and seal intact|Gauge in range|Tag up to date/).map((e) => e.textContent)).toEqual([
      'Pin and seal intact',
      'Gauge in range',
      'Tag up to date',
    ]);
    expect(screen.getByText('Dropdown · values Green, Red · satisfactory Green')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Task' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Drag Gauge in range' })).toHaveAttribute('aria-roledescription', 'sortable');
    expect(screen.getByRole('button', { name: 'Move Pin and seal intact up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Tag up to date down' })).toBeDisabled();
  });

  it("offers the status select only while the task's type is active, and otherwise says the type's status 'on organization level'", async () => {
    renderPage();
    await screen.findByRole('list', { name: 'Extinguishers (Group)' });
    expect(screen.getByRole('combobox', { name: 'Status of Pin and seal intact' })).toHaveValue('ACTIVE');
    expect(screen.queryByRole('combobox', { name: 'Status of Pump runs' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Status of Pump runs')).toHaveTextContent('Paused on organization level');
  });

  it('shows the tasks read-only to a user who may only view the organization', async () => {
    renderPage({ granted: ['canViewOrganization'] });
    await screen.findByRole('list', { name: 'Extinguishers (Group)' });
    expect(screen.queryByRole('button', { name: 'Add Task' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Drag / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit / })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: /^Status of / })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Status of Pin and seal intact')).toHaveTextContent('Active');
  });

  it("says 'No results found' when there are no tasks, and narrows the list by cycle", async () => {
    const { user, asked } = renderPage({ tasks: () => [] });
    expect(await screen.findByText('No results found')).toBeInTheDocument();
    await user.click(inputOf(screen, 'Cycle'));
    await user.click(await screen.findByRole('option', { name: 'Weekly' }));
    await waitFor(() => expect(asked.variables.at(-1)).toMatchObject({ organizationId: '1', cycleId: '32', equipmentTypeId: null }));
  });

  it('says so when the tasks cannot be loaded, with a retry, and keeps the session', async () => {
    let fail = true;
    const { user, currentPath } = renderPage({
      handlers: [
        graphql.query('ManageTasksPage', () => (fail ? serverError('Backend down') : HttpResponse.json({ data: pageData([pin]) }))),
      ],
    });
    expect(await screen.findByText('The tasks could not be loaded')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Pin and seal intact')).toBeInTheDocument();
    expect(currentPath()).toBe('/manage/organization/1/tasks');
  });

  it("tells a user of another organization, without asking the server", async () => {
    const { asked } = renderPage({ route: '/manage/organization/2/tasks' });
    expect(await screen.findByText('Not available')).toBeInTheDocument();
    expect(asked.page).toBe(0);
  });

  it("moves a task within its group, sending only the tasks whose order changed with their versions", async () => {
    const sent: unknown[] = [];
    const { user } = renderPage({
      handlers: [
        graphql.mutation('ReorderTasks', ({ variables }) => {
          sent.push(variables.tasks);
          return HttpResponse.json({ data: { reorderTasks: { __typename: 'ReorderTasksPayload', tasks: [{ ...pin, order: 1, version: 2 }, { ...gauge, order: 0, version: 5 }], errors: [] } } });
        }),
      ],
    });
    await screen.findByRole('list', { name: 'Extinguishers (Group)' });
    await user.click(screen.getByRole('button', { name: 'Move Gauge in range up' }));
    await waitFor(() => expect(sent).toEqual([[{ id: '2', order: 0, version: 4 }, { id: '1', order: 1, version: 1 }]]));
    await waitFor(() => expect(group('Extinguishers (Group)').getAllByText(/Pin and seal intact|Gauge in range/).map((e) => e.textContent)).toEqual(['Gauge in range', 'Pin and seal intact']));
  });

  it('says a stale order, keeps the stored one and reads the tasks again, without signing out', async () => {
    const { user, asked, currentPath } = renderPage({
      handlers: [
        graphql.mutation('ReorderTasks', () =>
          HttpResponse.json({ data: { reorderTasks: { __typename: 'ReorderTasksPayload', tasks: [], errors: fieldErrors([{ field: 'version', message: STALE_ORDER_MESSAGE, code: 'STALE' }]) } } }),
        ),
      ],
    });
    await screen.findByRole('list', { name: 'Extinguishers (Group)' });
    const before = asked.page;
    await user.click(screen.getByRole('button', { name: 'Move Tag up to date up' }));
    expect(await screen.findByText(STALE_ORDER_MESSAGE)).toBeInTheDocument();
    await waitFor(() => expect(asked.page).toBeGreaterThan(before));
    expect(group('Extinguishers (Group)').getAllByText(/Pin and seal intact|Gauge in range|Tag up to date/).map((e) => e.textContent)).toEqual([
      'Pin and seal intact',
      'Gauge in range',
      'Tag up to date',
    ]);
    expect(currentPath()).toBe('/manage/organization/1/tasks');
  });

  it('sets a status over the version read and shows the new one; a refusal keeps the old one', async () => {
    const sent: unknown[] = [];
    const { user } = renderPage({
      handlers: [
        graphql.mutation('SetTaskStatus', ({ variables }) => {
          sent.push(variables);
          if (variables.id === '2') {
            return HttpResponse.json({ data: { setTaskStatus: { __typename: 'TaskPayload', task: null, errors: fieldErrors([{ field: 'version', message: STALE_EDIT_MESSAGE, code: 'STALE' }]) } } });
          }
          return HttpResponse.json({ data: { setTaskStatus: { __typename: 'TaskPayload', task: { ...pin, status: 'PAUSED', statusDisplayName: 'Paused', version: 2 }, errors: [] } } });
        }),
      ],
    });
    await screen.findByRole('list', { name: 'Extinguishers (Group)' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status of Pin and seal intact' }), 'Paused');
    expect(await screen.findByText('Pin and seal intact is now Paused.')).toBeInTheDocument();
    expect(sent).toEqual([{ id: '1', status: 'PAUSED', version: 1 }]);
    expect(screen.getByRole('combobox', { name: 'Status of Pin and seal intact' })).toHaveValue('PAUSED');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status of Gauge in range' }), 'Inactive');
    expect(await screen.findByText(STALE_EDIT_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Status of Gauge in range' })).toHaveValue('ACTIVE');
  });
});

describe('Add Task / Edit Task', () => {
  const openAdd = async (options: Parameters<typeof renderPage>[0] = {}) => {
    const rendered = renderPage(options);
    await rendered.user.click(await screen.findByRole('button', { name: 'Add Task' }));
    return { ...rendered, dialog: within(await screen.findByRole('dialog', { name: 'Add Task' })) };
  };
  type User = ReturnType<typeof renderPage>['user'];
  type Dialog = ReturnType<typeof within>;
  const choose = (user: User, dialog: Dialog, label: RegExp, option: string) => user.selectOptions(dialog.getByRole('combobox', { name: label }), option);
  const chooseType = (user: User, dialog: Dialog, type: string) => choose(user, dialog, /Task type/, type);
  const has = (dialog: Dialog, label: string | RegExp) => dialog.queryAllByLabelText(label).length > 0;
  const paste = async (user: User, input: HTMLElement, text: string) => {
    await user.click(input);
    await user.paste(text);
  };

  it('shows the value inputs of each task type', async () => {
    const { user, dialog } = await openAdd();
    expect(dialog.getByRole('combobox', { name: /Task type/ })).toHaveValue('string');
    expect(has(dialog, 'Satisfactory values')).toBe(true);
    expect(has(dialog, /Range from/)).toBe(false);
    await chooseType(user, dialog, 'Range');
    expect(dialog.getByRole('textbox', { name: /Range from/ })).toBeInTheDocument();
    expect(dialog.getByRole('textbox', { name: /Range to/ })).toBeInTheDocument();
    expect(has(dialog, 'Satisfactory values')).toBe(false);
    await chooseType(user, dialog, 'Dropdown');
    expect(has(dialog, /Dropdown values/)).toBe(true);
    expect(has(dialog, 'Satisfactory values')).toBe(true);
    await chooseType(user, dialog, 'Multiselect');
    for (const label of ['Satisfactory values', 'Unsatisfactory values', 'Record values']) expect(has(dialog, label)).toBe(true);
    expect(has(dialog, /Dropdown values/)).toBe(false);
    for (const type of ['Boolean', 'YesNo', 'YesNoNotApplicable', 'Number']) {
      await chooseType(user, dialog, type);
      expect(has(dialog, /values|Range/)).toBe(false);
    }
    // A type with components offers them.
    expect(has(dialog, 'Component')).toBe(false);
    await choose(user, dialog, /Equipment type/, 'Emergency Lighting');
    expect(within(dialog.getByRole('combobox', { name: 'Component' })).getByRole('option', { name: 'Battery Unit' })).toBeInTheDocument();
  });

  it("says the spec's messages as the user saves and types", async () => {
    const { user, dialog } = await openAdd();
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(dialog.getByText(TASK_NAME_REQUIRED_MESSAGE)).toBeInTheDocument();
    expect(dialog.getByText(TASK_CYCLE_REQUIRED_MESSAGE)).toBeInTheDocument();
    expect(dialog.getByText(TASK_EQUIPMENT_REQUIRED_MESSAGE)).toBeInTheDocument();
    await paste(user, dialog.getByRole('textbox', { name: /Task name/ }), 'x'.repeat(257));
    expect(dialog.getByText('Task name must be at most 256 characters')).toBeInTheDocument();
    await chooseType(user, dialog, 'Dropdown');
    expect(dialog.getByText(DROPDOWN_VALUES_REQUIRED_MESSAGE)).toBeInTheDocument();
    await chooseType(user, dialog, 'Multiselect');
    expect(dialog.getByText(MULTISELECT_VALUES_REQUIRED_MESSAGE)).toBeInTheDocument();
    await chooseType(user, dialog, 'Range');
    expect(dialog.getByText(RANGE_FROM_REQUIRED_MESSAGE)).toBeInTheDocument();
    await user.type(dialog.getByRole('textbox', { name: /Range from/ }), '10');
    await user.type(dialog.getByRole('textbox', { name: /Range to/ }), '5');
    expect(dialog.getByText(RANGE_ORDER_MESSAGE)).toBeInTheDocument();
    await paste(user, dialog.getByRole('textbox', { name: 'Description' }), 'd'.repeat(257));
    expect(dialog.getByText('Description must be at most 256 characters')).toBeInTheDocument();
  });

  it("adds a task with its type's values, and the list shows it without another read", async () => {
    const sent: Array<Record<string, unknown>> = [];
    const created = aTask({ id: '9', label: 'Cabinet contents', type: 'MULTISELECT', groupName: null, values: ['Hose', 'Broken glass'], satisfactoryValues: ['Hose'], unsatisfactoryValues: ['Broken glass'] });
    const { user, dialog, asked } = await openAdd({
      handlers: [
        graphql.mutation('CreateTask', ({ variables }) => {
          sent.push(variables);
          const data = pageData([pin, gauge, tag, panel, pump, created]).organization;
          return HttpResponse.json({ data: { createTask: { __typename: 'TaskPayload', task: created, organization: data, errors: [] } } });
        }),
      ],
    });
    const reads = asked.page;
    await user.type(dialog.getByRole('textbox', { name: /Task name/ }), 'Cabinet contents');
    await choose(user, dialog, /Cycle/, 'Monthly');
    await choose(user, dialog, /Equipment type/, 'Portable Fire Extinguisher');
    await chooseType(user, dialog, 'Multiselect');
    await user.type(inputOf(dialog, 'Satisfactory values'), 'Hose{Enter}');
    await user.type(inputOf(dialog, 'Unsatisfactory values'), 'Broken glass,');
    await choose(user, dialog, /Classification/, 'Inspect');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Cabinet contents saved.')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        listCycleId: null,
        listEquipmentTypeId: null,
        input: {
          organizationId: '1',
          cycleId: '31',
          equipmentTypeId: '41',
          componentId: null,
          label: 'Cabinet contents',
          type: 'MULTISELECT',
          classification: 'INSPECT',
          description: null,
          hint: null,
          referenceName: null,
          referenceDescription: null,
          rangeFrom: null,
          rangeTo: null,
          values: null,
          satisfactoryValues: ['Hose'],
          unsatisfactoryValues: ['Broken glass'],
          recordValues: [],
        },
      },
    ]);
    expect(within(screen.getByRole('list', { name: 'Not in a group' })).getByText('Cabinet contents')).toBeInTheDocument();
    expect(asked.page).toBe(reads);
  });

  it("shows the server's message at its field and keeps what was typed, and a lost connection likewise", async () => {
    let offline = false;
    const { user, dialog, currentPath } = await openAdd({
      handlers: [
        graphql.mutation('CreateTask', () =>
          offline
            ? HttpResponse.error()
            : HttpResponse.json({ data: { createTask: { __typename: 'TaskPayload', task: null, organization: null, errors: fieldErrors([{ field: 'cycleId', message: 'Cycle must be one of the organization’s cycles', code: 'NOT_FOUND' }]) } } }),
        ),
      ],
    });
    await user.type(dialog.getByRole('textbox', { name: /Task name/ }), 'Hose length');
    await choose(user, dialog, /Cycle/, 'Weekly');
    await choose(user, dialog, /Equipment type/, 'Portable Fire Extinguisher');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Cycle must be one of the organization’s cycles')).toBeInTheDocument();
    offline = true;
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('The task could not be saved. Check your connection and try again.')).toBeInTheDocument();
    expect(dialog.getByRole('textbox', { name: /Task name/ })).toHaveValue('Hose length');
    expect(currentPath()).toBe('/manage/organization/1/tasks');
  });

  it('edits the texts and classification over the version read, with the name, cycle, type and values locked', async () => {
    const sent: unknown[] = [];
    const { user } = renderPage({
      handlers: [
        graphql.mutation('UpdateTask', ({ variables }) => {
          sent.push(variables);
          return HttpResponse.json({ data: { updateTask: { __typename: 'TaskPayload', task: { ...gauge, description: 'Needle in the green', classification: 'INSPECT', version: 5 }, errors: [] } } });
        }),
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Gauge in range' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Task' }));
    expect(dialog.getByRole('textbox', { name: /Task name/ })).toBeDisabled();
    expect(dialog.getByRole('combobox', { name: /Cycle/ })).toBeDisabled();
    expect(dialog.getByRole('combobox', { name: /Task type/ })).toBeDisabled();
    expect(inputOf(dialog, /Dropdown values/)).toBeDisabled();
    await user.type(dialog.getByRole('textbox', { name: 'Description' }), 'Needle in the green');
    await choose(user, dialog, /Classification/, 'Inspect');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Gauge in range saved.')).toBeInTheDocument();
    expect(sent).toEqual([{ id: '2', input: { version: 4, description: 'Needle in the green', hint: '', referenceName: '', referenceDescription: '', classification: 'INSPECT' } }]);
    expect(screen.getByText('Needle in the green')).toBeInTheDocument();
  });

  it('says a stale edit in the form, keeps the text and reads the tasks again', async () => {
    const { user, asked } = renderPage({
      handlers: [
        graphql.mutation('UpdateTask', () =>
          HttpResponse.json({ data: { updateTask: { __typename: 'TaskPayload', task: null, errors: fieldErrors([{ field: 'version', message: STALE_EDIT_MESSAGE, code: 'STALE' }]) } } }),
        ),
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Pin and seal intact' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Task' }));
    const before = asked.page;
    await user.type(dialog.getByRole('textbox', { name: 'Hint' }), 'Check the seal');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText(STALE_EDIT_MESSAGE)).toBeInTheDocument();
    expect(dialog.getByRole('textbox', { name: 'Hint' })).toHaveValue('Check the seal');
    await waitFor(() => expect(asked.page).toBeGreaterThan(before));
  });
});
