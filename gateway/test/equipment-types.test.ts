/**
 * Equipment types and tasks groups at organization level through the gateway over the real backend (issue 13;
 * admin-organizations-buildings.md sections 2-8), as an integrator sees them: Organization.equipmentTypes and
 * taskGroups, the mutations answering what changed, the user's mistakes as payload errors naming the modal's fields,
 * a stale version as STALE, and the section 6 refusals as FORBIDDEN.
 */
import { STALE_EDIT_MESSAGE, STALE_ORDER_MESSAGE } from '@fsi/shared';
import { EQUIPMENT_GROUPS_REQUIRED_MESSAGE, EQUIPMENT_NAME_REQUIRED_MESSAGE, TASKS_GROUP_NAME_REQUIRED_MESSAGE, TASKS_REQUIRED_MESSAGE } from '@fsi/shared/equipment-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callersOf, startStack, type PayloadFieldErrors, type Stack } from './stack';

let stack: Stack;
const tokens: Record<string, string> = {};
let northwind = '';
let harbour = '';

const { run, ok } = callersOf(() => stack, tokens);

type TaskGroupRef = { id: string; taskGroupId: string; taskGroupName: string; from: number | null; to: number | null; overrides: Record<string, boolean> };
type Type = { id: string; name: string; aliasName: string | null; order: number; status: string; statusDisplayName: string; version: number; components: Array<{ id: string; name: string; implicit: boolean; taskGroups: TaskGroupRef[] }> };
type Group = { id: string; name: string; version: number; tasks: Array<{ id: string; label: string; order: number; groupName: string | null; cycleName: string }> };
type TypePayload = { equipmentType: Type | null; errors: PayloadFieldErrors };

const typeFields = 'id name aliasName order status statusDisplayName version components { id name implicit taskGroups { id taskGroupId taskGroupName from to overrides { disableUnsatisfactoryPhoto disableUnsatisfactoryRemarks makePhotoAndRemarksOptional } } }';
const groupFields = 'id name version tasks { id label order groupName cycleName }';
const typesQuery = `query ($id: ID!) { organization(id: $id) { id equipmentTypes { ${typeFields} } } }`;
const groupsQuery = `query ($id: ID!) { organization(id: $id) { id taskGroups { ${groupFields} } taskGroupChoices { id label cycleName groupName equipmentTypeName } } }`;
const createType = `mutation ($input: CreateEquipmentTypeInput!) { createEquipmentType(input: $input) { equipmentType { ${typeFields} } errors { field message code } } }`;
const updateType = `mutation ($input: UpdateEquipmentTypeInput!) { updateEquipmentType(input: $input) { equipmentType { ${typeFields} } errors { field message code } } }`;
const setStatus = `mutation ($id: ID!, $status: EquipmentStatus!, $version: Int!) { setEquipmentTypeStatus(id: $id, status: $status, version: $version) { equipmentType { id status statusDisplayName version } errors { field message code } } }`;
const reorder = `mutation ($types: [EquipmentTypeOrderInput!]!) { reorderEquipmentTypes(types: $types) { equipmentTypes { id order version } errors { field message code } } }`;
const overrides = `mutation ($id: ID!, $o: ConditionOverridesInput!) { updateComponentTaskGroupOverrides(id: $id, overrides: $o) { equipmentType { ${typeFields} } errors { field message code } } }`;
const createGroup = `mutation ($org: ID!, $input: TaskGroupInput!) { createTaskGroup(organizationId: $org, input: $input) { taskGroup { ${groupFields} } organization { id taskGroups { id } } errors { field message code } } }`;
const updateGroup = `mutation ($org: ID!, $id: ID!, $v: Int!, $input: TaskGroupInput!) { updateTaskGroup(organizationId: $org, id: $id, version: $v, input: $input) { taskGroup { ${groupFields} } errors { field message code } } }`;

const typesOf = async (who = 'manager', id = northwind) => (await ok<{ organization: { equipmentTypes: Type[] } }>(typesQuery, { id }, who)).organization.equipmentTypes;
const groupsOf = async (who = 'manager') =>
  (await ok<{ organization: { taskGroups: Group[]; taskGroupChoices: Array<{ id: string; label: string; cycleName: string; groupName: string | null }> } }>(groupsQuery, { id: northwind }, who)).organization;

beforeAll(async () => {
  stack = await startStack();
  for (const username of ['admin', 'manager', 'viewer', 'harbour']) tokens[username] = await stack.signIn(username);
  const { organizations } = await ok<{ organizations: { nodes: Array<{ id: string; name: string }> } }>('{ organizations { nodes { id name } } }', {}, 'admin');
  northwind = organizations.nodes.find((o) => o.name.startsWith('Northwind'))!.id;
  harbour = organizations.nodes.find((o) => o.name.startsWith('Harbour'))!.id;
});
afterAll(() => stack?.close());

describe('equipment types through GraphQL', () => {
  it("answers the organization's types in order with their components and groups, and another organization's as NOT_FOUND", async () => {
    const types = await typesOf('viewer');
    expect(types.length).toBeGreaterThan(1);
    expect(types.map((t) => t.order)).toEqual([...types.map((t) => t.order)].sort((a, b) => a - b));
    expect(types[0]).toMatchObject({ status: 'ACTIVE', statusDisplayName: 'Active', version: 1 });
    const foreign = await run<{ organization: unknown }>(typesQuery, { id: harbour }, 'manager');
    expect(foreign.data?.organization ?? null).toBeNull();
  });

  it('adds a type and edits its components, answering the type as saved, with mistakes and stale versions in the payload', async () => {
    const { taskGroups } = await groupsOf();
    const [first, second] = taskGroups;
    const input = { organizationId: northwind, name: 'Fire Pump', aliasName: 'FP', components: [{ name: 'Controller', taskGroups: [{ taskGroupId: first!.id, from: 1, to: 2 }] }] };
    const { createEquipmentType: created } = await ok<{ createEquipmentType: TypePayload }>(createType, { input }, 'admin');
    expect(created.errors).toEqual([]);
    expect(created.equipmentType).toMatchObject({ name: 'Fire Pump', aliasName: 'FP', version: 1, components: [{ name: 'Controller', implicit: false, taskGroups: [{ taskGroupId: first!.id, from: 1, to: 2 }] }] });
    expect((await typesOf()).at(-1)!.id).toBe(created.equipmentType!.id);

    const mistakes = await ok<{ createEquipmentType: TypePayload }>(createType, { input: { organizationId: northwind, name: ' ', components: [{ name: 'A', taskGroups: [] }, { name: '', taskGroups: [{ taskGroupId: first!.id }] }] } }, 'admin');
    expect(mistakes.createEquipmentType).toEqual({
      equipmentType: null,
      errors: [
        { field: 'name', message: EQUIPMENT_NAME_REQUIRED_MESSAGE, code: 'VALIDATION_FAILED' },
        { field: 'components.0.groups', message: EQUIPMENT_GROUPS_REQUIRED_MESSAGE, code: 'VALIDATION_FAILED' },
        { field: 'components.1.name', message: EQUIPMENT_NAME_REQUIRED_MESSAGE, code: 'VALIDATION_FAILED' },
      ],
    });
    const refused = await run<{ createEquipmentType: TypePayload }>(createType, { input }, 'manager');
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');

    const type = created.equipmentType!;
    const edit = (version: number) => ({ id: type.id, version, components: [{ id: type.components[0]!.id, name: 'Controller', taskGroups: [{ taskGroupId: first!.id }, { taskGroupId: second!.id, from: 2 }] }] });
    const { updateEquipmentType: edited } = await ok<{ updateEquipmentType: TypePayload }>(updateType, { input: edit(1) }, 'admin');
    expect(edited.errors).toEqual([]);
    expect(edited.equipmentType!.version).toBe(2);
    expect(edited.equipmentType!.components[0]!.taskGroups.map((g) => [g.taskGroupId, g.from])).toEqual([[first!.id, null], [second!.id, 2]]);
    const stale = await ok<{ updateEquipmentType: TypePayload }>(updateType, { input: edit(1) }, 'admin');
    expect(stale.updateEquipmentType).toEqual({ equipmentType: null, errors: [{ field: 'version', message: STALE_EDIT_MESSAGE, code: 'STALE' }] });
  });

  it('sets the status, the order and the overrides, and refuses users who cannot manage the organization', async () => {
    const [a, b] = await typesOf();
    const { setEquipmentTypeStatus: paused } = await ok<{ setEquipmentTypeStatus: TypePayload }>(setStatus, { id: a!.id, status: 'PAUSED', version: a!.version }, 'admin');
    expect(paused.equipmentType).toMatchObject({ status: 'PAUSED', statusDisplayName: 'Paused', version: a!.version + 1 });
    const back = await ok<{ setEquipmentTypeStatus: TypePayload }>(setStatus, { id: a!.id, status: 'ACTIVE', version: a!.version + 1 }, 'admin');
    expect(back.setEquipmentTypeStatus.equipmentType!.status).toBe('ACTIVE');
    expect((await run(setStatus, { id: a!.id, status: 'DISABLED', version: a!.version + 2 }, 'viewer')).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');

    type ReorderPayload = { reorderEquipmentTypes: { equipmentTypes: Array<{ id: string; order: number; version: number }>; errors: PayloadFieldErrors } };
    const moved = await ok<ReorderPayload>(reorder, { types: [{ id: a!.id, order: b!.order, version: a!.version + 2 }, { id: b!.id, order: a!.order, version: b!.version }] }, 'admin');
    expect(moved.reorderEquipmentTypes.errors).toEqual([]);
    expect(moved.reorderEquipmentTypes.equipmentTypes.map((t) => [t.id, t.order])).toEqual([[a!.id, b!.order], [b!.id, a!.order]]);
    const staleOrder = await ok<ReorderPayload>(reorder, { types: [{ id: a!.id, order: 0, version: a!.version }] }, 'admin');
    expect(staleOrder.reorderEquipmentTypes.errors).toEqual([{ field: 'version', message: STALE_ORDER_MESSAGE, code: 'STALE' }]);
    // All or nothing: the second type's stale version leaves the first where it was.
    const before = await typesOf();
    const [first, second] = [before.find((t) => t.id === a!.id)!, before.find((t) => t.id === b!.id)!];
    const halfStale = await ok<ReorderPayload>(reorder, { types: [{ id: first.id, order: second.order, version: first.version }, { id: second.id, order: first.order, version: second.version - 1 }] }, 'admin');
    expect(halfStale.reorderEquipmentTypes).toEqual({ equipmentTypes: [], errors: [{ field: 'version', message: STALE_ORDER_MESSAGE, code: 'STALE' }] });
    const after = await typesOf();
    expect(after.map((t) => [t.id, t.order, t.version])).toEqual(before.map((t) => [t.id, t.order, t.version]));

    const withGroup = (await typesOf()).find((t) => t.components.some((c) => c.taskGroups.length))!;
    const group = withGroup.components.flatMap((c) => c.taskGroups)[0]!;
    const switches = { disableUnsatisfactoryPhoto: true, disableUnsatisfactoryRemarks: true, makePhotoAndRemarksOptional: false };
    const { updateComponentTaskGroupOverrides: saved } = await ok<{ updateComponentTaskGroupOverrides: TypePayload }>(overrides, { id: group.id, o: switches }, 'admin');
    expect(saved.equipmentType!.components.flatMap((c) => c.taskGroups).find((g) => g.id === group.id)!.overrides).toEqual(switches);
    expect((await run(overrides, { id: group.id, o: switches }, 'manager')).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const missing = await ok<{ updateComponentTaskGroupOverrides: TypePayload }>(overrides, { id: '999999', o: switches }, 'admin');
    expect(missing.updateComponentTaskGroupOverrides.errors[0]!.code).toBe('NOT_FOUND');
  });
});

describe('tasks groups through GraphQL', () => {
  it('lists the groups with their tasks and the choices, adds and edits a group, with the spec words and STALE in the payload', async () => {
    const { taskGroups, taskGroupChoices } = await groupsOf('viewer');
    expect(taskGroups.length).toBeGreaterThan(0);
    expect(taskGroupChoices.length).toBeGreaterThan(taskGroups[0]!.tasks.length);
    const distinct = taskGroupChoices.filter((t, i) => taskGroupChoices.findIndex((o) => o.label === t.label) === i);
    const [x, y, z] = distinct;
    type GroupPayload = { taskGroup: Group | null; organization?: { taskGroups: Array<{ id: string }> } | null; errors: PayloadFieldErrors };
    const { createTaskGroup: created } = await ok<{ createTaskGroup: GroupPayload }>(createGroup, { org: northwind, input: { name: 'Alarms', tasks: [{ id: y!.id, order: 0 }, { id: x!.id, order: 1 }] } }, 'admin');
    expect(created.errors).toEqual([]);
    expect(created.taskGroup!.tasks.map((t) => [t.id, t.groupName])).toEqual([[y!.id, 'Alarms'], [x!.id, 'Alarms']]);
    expect(created.organization!.taskGroups.map((g) => g.id)).toContain(created.taskGroup!.id);

    const empty = await ok<{ createTaskGroup: GroupPayload }>(createGroup, { org: northwind, input: { name: '', tasks: [] } }, 'admin');
    expect(empty.createTaskGroup.errors).toEqual([
      { field: 'name', message: TASKS_GROUP_NAME_REQUIRED_MESSAGE, code: 'VALIDATION_FAILED' },
      { field: 'tasks', message: TASKS_REQUIRED_MESSAGE, code: 'VALIDATION_FAILED' },
    ]);
    expect((await run(createGroup, { org: northwind, input: { name: 'Nope', tasks: [{ id: z!.id, order: 0 }] } }, 'manager')).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');

    const { updateTaskGroup: updated } = await ok<{ updateTaskGroup: GroupPayload }>(updateGroup, { org: northwind, id: created.taskGroup!.id, v: 1, input: { name: 'Alarms and Bells', tasks: [{ id: z!.id, order: 0 }] } }, 'admin');
    expect(updated.taskGroup).toMatchObject({ name: 'Alarms and Bells', version: 2, tasks: [{ id: z!.id }] });
    const stale = await ok<{ updateTaskGroup: GroupPayload }>(updateGroup, { org: northwind, id: created.taskGroup!.id, v: 1, input: { name: 'Late', tasks: [{ id: z!.id, order: 0 }] } }, 'admin');
    expect(stale.updateTaskGroup.errors).toEqual([{ field: 'version', message: STALE_EDIT_MESSAGE, code: 'STALE' }]);
  });
});
