/**
 * Tasks at organization level through the gateway over the real backend (issue 13; admin-organizations-buildings.md
 * sections 2-9), as an integrator sees them: an organization's tasks with every field, the Add Task modal's equipment
 * types, createTask / updateTask / setTaskStatus / reorderTasks returning what changed (and the organization, whose
 * task list can be read again in the same request), the section 5 messages at the GraphQL input's fields, a stale
 * version as a STALE payload error, and the section 6 refusals as FORBIDDEN.
 */
import { STALE_EDIT_MESSAGE, STALE_ORDER_MESSAGE } from '@fsi/shared';
import { DROPDOWN_VALUES_REQUIRED_MESSAGE, MULTISELECT_VALUES_REQUIRED_MESSAGE, RANGE_ORDER_MESSAGE, TASK_CYCLE_REQUIRED_MESSAGE, TASK_NAME_REQUIRED_MESSAGE, TASK_VALUE_SEPARATOR_MESSAGE } from '@fsi/shared/tasks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callersOf, startStack, type PayloadFieldErrors, type Stack } from './stack';

let stack: Stack;
const tokens: Record<string, string> = {};
let northwind = '';
let harbour = '';
let monthly = '';
let extinguisher = '';
let lighting = { id: '', battery: '' };

const { run, ok } = callersOf(() => stack, tokens);

type Task = {
  id: string;
  label: string;
  type: string;
  classification: string | null;
  description: string | null;
  rangeFrom: number | null;
  rangeTo: number | null;
  values: string[];
  satisfactoryValues: string[];
  unsatisfactoryValues: string[];
  recordValues: string[];
  cycleId: string;
  cycleName: string;
  equipmentTypeId: string;
  componentId: string | null;
  componentName: string | null;
  groupName: string | null;
  status: string;
  statusDisplayName: string;
  parentStatus: string;
  active: boolean;
  order: number;
  version: number;
};
type TaskPayload = { task: Task | null; organization: { id: string; tasks: { nodes: Array<{ id: string }> } } | null; errors: PayloadFieldErrors };

const taskFields = `id label type classification description hint referenceName referenceDescription rangeFrom rangeTo values satisfactoryValues
  unsatisfactoryValues recordValues organizationId cycleId cycleName equipmentTypeId equipmentTypeName componentId componentName groupId groupName
  status statusDisplayName active parentStatus order groupOrder version`;
const tasksQuery = `query ($id: ID!, $cycleId: ID, $equipmentTypeId: ID, $pageSize: Int) { organization(id: $id) { id
  tasks(cycleId: $cycleId, equipmentTypeId: $equipmentTypeId, pageSize: $pageSize) { nodes { ${taskFields} } pageInfo { totalCount hasNextPage } } } }`;
const createTask = `mutation ($input: CreateTaskInput!) { createTask(input: $input) { task { ${taskFields} } organization { id tasks(equipmentTypeId: "${'$'}{TYPE}") { nodes { id } } } errors { field message code } } }`;
const create = (type: string) => createTask.replace('${TYPE}', type);
const updateTask = `mutation ($id: ID!, $input: UpdateTaskInput!) { updateTask(id: $id, input: $input) { task { ${taskFields} } errors { field message code } } }`;
const setTaskStatus = `mutation ($id: ID!, $status: TaskStatus!, $version: Int!) { setTaskStatus(id: $id, status: $status, version: $version) { task { ${taskFields} } errors { field message code } } }`;
const reorderTasks = `mutation ($tasks: [TaskOrderInput!]!) { reorderTasks(tasks: $tasks) { tasks { id order version } errors { field message code } } }`;

const tasksOf = async (who: string, variables: Record<string, unknown> = {}) =>
  (await ok<{ organization: { tasks: { nodes: Task[]; pageInfo: { totalCount: number; hasNextPage: boolean } } } }>(tasksQuery, { id: northwind, ...variables }, who)).organization.tasks;
const add = async (input: Record<string, unknown>, who = 'admin') =>
  (await ok<{ createTask: TaskPayload }>(create(String(input.equipmentTypeId ?? extinguisher)), { input: { organizationId: northwind, cycleId: monthly, equipmentTypeId: extinguisher, ...input } }, who)).createTask;

beforeAll(async () => {
  stack = await startStack();
  for (const username of ['admin', 'manager', 'viewer', 'inspector', 'harbour']) tokens[username] = await stack.signIn(username);
  const { organizations } = await ok<{ organizations: { nodes: Array<{ id: string; name: string }> } }>('{ organizations { nodes { id name } } }', {}, 'admin');
  northwind = organizations.nodes.find((o) => o.name.startsWith('Northwind'))!.id;
  harbour = organizations.nodes.find((o) => o.name.startsWith('Harbour'))!.id;
  const { cycles } = await ok<{ cycles: Array<{ id: string; name: string }> }>('query ($o: ID) { cycles(organizationId: $o) { id name } }', { o: northwind }, 'admin');
  monthly = cycles.find((c) => c.name === 'Monthly')!.id;
  const { organization } = await ok<{ organization: { taskEquipmentChoices: Array<{ id: string; name: string; status: string; components: Array<{ id: string; name: string }> }> } }>(
    'query ($id: ID!) { organization(id: $id) { taskEquipmentChoices { id name aliasName status components { id name aliasName disabled } } } }',
    { id: northwind },
    'viewer',
  );
  extinguisher = organization.taskEquipmentChoices.find((t) => t.name === 'Portable Fire Extinguisher')!.id;
  const emergency = organization.taskEquipmentChoices.find((t) => t.name === 'Emergency Lighting')!;
  lighting = { id: emergency.id, battery: emergency.components.find((c) => c.name === 'Battery Unit')!.id };
});
afterAll(() => stack?.close());

describe('tasks at organization level through GraphQL', () => {
  it("reads an organization's tasks with every field, narrowed by cycle and type, for every user of the organization", async () => {
    const all = await tasksOf('viewer');
    expect(all.nodes.length).toBeGreaterThan(10);
    expect(all.pageInfo.totalCount).toBe(all.nodes.length);
    const range = all.nodes.find((t) => t.type === 'RANGE')!;
    expect(range.rangeFrom).toEqual(expect.any(Number));
    const multiselect = all.nodes.find((t) => t.type === 'MULTISELECT')!;
    expect(multiselect.values.length).toBeGreaterThan(1);
    expect(all.nodes.every((t) => ['ACTIVE', 'PAUSED', 'DISABLED'].includes(t.status) && t.parentStatus === 'ACTIVE')).toBe(true);
    expect(all.nodes.find((t) => t.classification === 'RECORD')).toBeDefined();
    const monthlyTasks = await tasksOf('inspector', { cycleId: monthly });
    expect(monthlyTasks.nodes.length).toBeGreaterThan(0);
    expect(monthlyTasks.nodes.every((t) => t.cycleName === 'Monthly')).toBe(true);
    const ofType = await tasksOf('manager', { equipmentTypeId: extinguisher });
    expect(ofType.nodes.every((t) => t.equipmentTypeId === extinguisher)).toBe(true);
    const paged = await tasksOf('manager', { pageSize: 2 });
    expect(paged.nodes).toHaveLength(2);
    expect(paged.pageInfo.hasNextPage).toBe(true);
    // Another organization's user cannot open it.
    const foreign = await ok<{ organization: null }>('query ($id: ID!) { organization(id: $id) { id tasks { nodes { id } } } }', { id: northwind }, 'harbour');
    expect(foreign.organization).toBeNull();
  });

  it('adds tasks of each type with their values, and answers the organization whose task list includes the new one', async () => {
    const dropdown = await add({ label: 'Pin position', type: 'DROPDOWN', classification: 'INSPECT', values: ['In', 'Out'], satisfactoryValues: ['In'], referenceName: 'NFPA 10' });
    expect(dropdown.errors).toEqual([]);
    expect(dropdown.task).toMatchObject({ label: 'Pin position', type: 'DROPDOWN', classification: 'INSPECT', values: ['In', 'Out'], satisfactoryValues: ['In'], cycleName: 'Monthly', status: 'ACTIVE', statusDisplayName: 'Active', version: 1 });
    expect(dropdown.organization!.tasks.nodes.map((t) => t.id)).toContain(dropdown.task!.id);
    const range = await add({ label: 'Battery voltage', type: 'RANGE', rangeFrom: 25.5, rangeTo: 28.5, equipmentTypeId: lighting.id, componentId: lighting.battery });
    expect(range.task).toMatchObject({ type: 'RANGE', rangeFrom: 25.5, rangeTo: 28.5, componentId: lighting.battery, componentName: 'Battery Unit', classification: 'APPLY' });
    const multiselect = await add({ label: 'Cabinet contents', type: 'MULTISELECT', satisfactoryValues: ['Hose'], unsatisfactoryValues: ['Broken glass'], recordValues: ['Spare key'] });
    expect(multiselect.task).toMatchObject({ values: ['Hose', 'Broken glass', 'Spare key'], satisfactoryValues: ['Hose'], unsatisfactoryValues: ['Broken glass'], recordValues: ['Spare key'] });
    const plain = await add({ label: 'Tag initials' });
    expect(plain.task).toMatchObject({ type: 'STRING', classification: 'APPLY', values: [], satisfactoryValues: [] });
  });

  it("puts the user's mistakes in the payload at the input's fields with the spec's words, and refuses others with FORBIDDEN", async () => {
    const empty = await add({ label: ' ', cycleId: null });
    expect(empty.task).toBeNull();
    expect(empty.errors).toEqual([
      { field: 'label', message: TASK_NAME_REQUIRED_MESSAGE, code: 'VALIDATION_FAILED' },
      { field: 'cycleId', message: TASK_CYCLE_REQUIRED_MESSAGE, code: 'VALIDATION_FAILED' },
    ]);
    expect((await add({ label: 'Pin', type: 'DROPDOWN' })).errors).toEqual([{ field: 'values', message: DROPDOWN_VALUES_REQUIRED_MESSAGE, code: 'VALIDATION_FAILED' }]);
    expect((await add({ label: 'Contents', type: 'MULTISELECT', values: [] })).errors).toEqual([{ field: 'satisfactoryValues', message: MULTISELECT_VALUES_REQUIRED_MESSAGE, code: 'VALIDATION_FAILED' }]);
    expect((await add({ label: 'Gauge', type: 'RANGE', rangeFrom: 10, rangeTo: 1 })).errors).toEqual([{ field: 'rangeTo', message: RANGE_ORDER_MESSAGE, code: 'VALIDATION_FAILED' }]);
    expect((await add({ label: 'Pin', type: 'DROPDOWN', values: ['In, Out'] })).errors).toEqual([{ field: 'values', message: TASK_VALUE_SEPARATOR_MESSAGE, code: 'VALIDATION_FAILED' }]);
    expect((await add({ label: 'Elsewhere', organizationId: harbour })).errors[0]).toMatchObject({ field: 'cycleId', code: 'NOT_FOUND' });
    for (const who of ['manager', 'viewer']) {
      const refused = await run<{ createTask: TaskPayload }>(create(extinguisher), { input: { organizationId: northwind, cycleId: monthly, equipmentTypeId: extinguisher, label: 'Not mine' } }, who);
      expect(refused.errors?.[0]?.extensions?.code, who).toBe('FORBIDDEN');
    }
    const foreign = await ok<{ createTask: TaskPayload }>(create(extinguisher), { input: { organizationId: northwind, cycleId: monthly, equipmentTypeId: extinguisher, label: 'Not mine' } }, 'harbour');
    expect(foreign.createTask.errors).toEqual([{ field: 'organizationId', message: 'There is no such organization.', code: 'NOT_FOUND' }]);
  });

  it('edits the texts and classification over the version read, and says STALE for an older one', async () => {
    const { task } = await add({ label: 'Edited task', type: 'YESNO' });
    const edited = await ok<{ updateTask: TaskPayload }>(updateTask, { id: task!.id, input: { version: 1, description: 'Seal intact', classification: 'CHECK', hint: 'Look' } }, 'admin');
    expect(edited.updateTask.task).toMatchObject({ description: 'Seal intact', classification: 'CHECK', version: 2, label: 'Edited task', type: 'YESNO' });
    const stale = await ok<{ updateTask: TaskPayload }>(updateTask, { id: task!.id, input: { version: 1, description: 'Older' } }, 'admin');
    expect(stale.updateTask).toEqual({ task: null, errors: [{ field: 'version', message: STALE_EDIT_MESSAGE, code: 'STALE' }] });
    const long = await ok<{ updateTask: TaskPayload }>(updateTask, { id: task!.id, input: { version: 2, referenceName: 'r'.repeat(257) } }, 'admin');
    expect(long.updateTask.errors).toEqual([{ field: 'referenceName', message: 'Reference name must be at most 256 characters', code: 'VALIDATION_FAILED' }]);
    expect((await run(updateTask, { id: task!.id, input: { version: 2, description: 'x' } }, 'manager')).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await ok<{ updateTask: TaskPayload }>(updateTask, { id: task!.id, input: { version: 2 } }, 'harbour')).updateTask.errors[0]).toMatchObject({ field: 'id', code: 'NOT_FOUND' });
  });

  it('pauses and deactivates a task, shown Paused and Inactive, for administrators and organization managers only', async () => {
    const { task } = await add({ label: 'Status task', type: 'BOOLEAN' });
    const paused = await ok<{ setTaskStatus: TaskPayload }>(setTaskStatus, { id: task!.id, status: 'PAUSED', version: 1 }, 'admin');
    expect(paused.setTaskStatus.task).toMatchObject({ status: 'PAUSED', statusDisplayName: 'Paused', active: false, version: 2 });
    const disabled = await ok<{ setTaskStatus: TaskPayload }>(setTaskStatus, { id: task!.id, status: 'DISABLED', version: 2 }, 'admin');
    expect(disabled.setTaskStatus.task).toMatchObject({ status: 'DISABLED', statusDisplayName: 'Inactive' });
    const stale = await ok<{ setTaskStatus: TaskPayload }>(setTaskStatus, { id: task!.id, status: 'ACTIVE', version: 2 }, 'admin');
    expect(stale.setTaskStatus.errors[0]).toMatchObject({ code: 'STALE', field: 'version' });
    expect((await run(setTaskStatus, { id: task!.id, status: 'ACTIVE', version: 3 }, 'viewer')).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('reorders only the tasks sent and answers them; a stale version saves nothing', async () => {
    const a = (await add({ label: 'Order A' })).task!;
    const b = (await add({ label: 'Order B' })).task!;
    const swapped = await ok<{ reorderTasks: { tasks: Array<{ id: string; order: number; version: number }>; errors: PayloadFieldErrors } }>(
      reorderTasks,
      { tasks: [{ id: a.id, order: b.order, version: 1 }, { id: b.id, order: a.order, version: 1 }] },
      'admin',
    );
    expect(swapped.reorderTasks.errors).toEqual([]);
    expect(swapped.reorderTasks.tasks.map((t) => [t.id, t.order, t.version]).sort()).toEqual([[a.id, b.order, 2], [b.id, a.order, 2]].sort());
    const stale = await ok<{ reorderTasks: { tasks: unknown[]; errors: PayloadFieldErrors } }>(reorderTasks, { tasks: [{ id: a.id, order: 0, version: 1 }] }, 'admin');
    expect(stale.reorderTasks).toEqual({ tasks: [], errors: [{ field: 'version', message: STALE_ORDER_MESSAGE, code: 'STALE' }] });
    expect((await run(reorderTasks, { tasks: [{ id: a.id, order: 0, version: 2 }] }, 'manager')).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const foreign = await ok<{ reorderTasks: { errors: PayloadFieldErrors } }>(reorderTasks, { tasks: [{ id: a.id, order: 0, version: 2 }] }, 'harbour');
    expect(foreign.reorderTasks.errors).toEqual([{ field: 'tasks', message: 'There is no such task.', code: 'NOT_FOUND' }]);
  });
});
