/**
 * Manage Tasks Groups (issue 13; admin-organizations-buildings.md sections 2-8): the organization's groups with their
 * tasks, adding and changing a group with its tasks in order, one task per name, the spec's messages, 409 STALE on an
 * older version, and who may do each (section 6).
 */
import { STALE_EDIT_MESSAGE } from '@fsi/shared';
import { TASK_NOT_OF_ORGANIZATION_MESSAGE, TASKS_GROUP_NAME_REQUIRED_MESSAGE, TASKS_REQUIRED_MESSAGE } from '@fsi/shared/equipment-types';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema, type TestBackend } from '../src/testing';
import { databases, demoIds, list, one, signedIn, startTestBackend, userWithGrants, type Answer, type Client } from './helpers';

type GroupTask = { id: number; label: string; order: number; groupName: string | null; cycleName: string; statusDisplayName: string; active: boolean };

describe.each(databases)('tasks groups on %s', (database) => {
  let backend: TestBackend;
  let demo: Awaited<ReturnType<typeof demoIds>>;
  let tasks: Array<{ id: number; label: string }>;
  const as: Record<string, Client> = {};

  beforeAll(async () => {
    backend = await startTestBackend({ database });
    demo = await demoIds(backend);
    for (const username of ['admin', 'manager', 'regional', 'inspector', 'viewer', 'harbour']) as[username] = await signedIn(backend, username);
    as.organizationManager = await userWithGrants(backend, demo.northwind, 'groups-manager', { organizationPermissions: { manage: true } });
    const rows = await backend.db.select({ id: schema.tasks.id, label: schema.tasks.label }).from(schema.tasks).where(eq(schema.tasks.organizationId, demo.northwind));
    // Tasks of distinct names, so that any two can share a group.
    tasks = rows.filter((row, i) => rows.findIndex((other) => other.label === row.label) === i);
  });
  afterAll(() => backend?.close());

  const path = (organization: number = demo.northwind) => `/organizations/${organization}/tasks-groups`;
  const create = (who: Client, name: unknown, items: Array<{ id: number; order: number }>, organization?: number) =>
    who.post(path(organization), { attributes: { name, organization_name: 'Northwind', equipment_condtions: items } });
  const update = (who: Client, id: string, name: unknown, items: Array<{ id: number; order: number }>, version?: number) =>
    who.request('PUT', `${path()}/${id}`, { attributes: { name, equipment_condtions: items, version } });
  const errors = (answer: Answer) => (answer.body.errors ?? []).map((e) => [e.source?.pointer, e.detail]);
  const tasksOf = (group: { attributes: Record<string, unknown> }) => group.attributes.equipmentConditions as GroupTask[];

  it("lists the organization's groups by name with their tasks, and every task as the modal's choices, to its users only", async () => {
    for (const who of ['admin', 'manager', 'regional', 'inspector', 'viewer']) {
      const answer = await as[who]!.get(`${path()}?include=equipment-conditions`);
      expect(answer.status).toBe(200);
      const groups = list(answer.body);
      expect(groups.length).toBeGreaterThan(0);
      const names = groups.map((g) => (g.attributes.name as string).toLowerCase());
      expect(names).toEqual([...names].sort());
      const [task] = tasksOf(groups[0]!);
      expect(task).toMatchObject({ groupName: groups[0]!.attributes.name, statusDisplayName: 'Active', active: true });
      expect(typeof task!.cycleName).toBe('string');
      expect(answer.body.included!.length).toBe((await backend.db.select().from(schema.tasks).where(eq(schema.tasks.organizationId, demo.northwind))).length);
    }
    expect((await as.viewer!.get(path())).body.included).toBeUndefined();
    expect((await as.harbour!.get(path())).status).toBe(404);
  });

  it('adds a group with its tasks in order for administrators and organization managers, moving them from their old group', async () => {
    const [a, b] = tasks;
    const added = await create(as.organizationManager!, '  Pumps  ', [{ id: b!.id, order: 0 }, { id: a!.id, order: 1 }]);
    expect(added.status).toBe(201);
    const group = one(added.body);
    expect(group.attributes).toMatchObject({ name: 'Pumps', version: 1 });
    expect(tasksOf(group).map((t) => [t.id, t.order, t.groupName])).toEqual([[b!.id, 0, 'Pumps'], [a!.id, 1, 'Pumps']]);
    const others = list((await as.viewer!.get(path())).body).filter((g) => g.id !== group.id);
    for (const other of others) expect(tasksOf(other).map((t) => t.id)).not.toContain(a!.id);
    expect((await create(as.admin!, 'Admin Group', [{ id: tasks[2]!.id, order: 0 }])).status).toBe(201);
    for (const who of ['manager', 'viewer', 'regional']) expect((await create(as[who]!, 'Nope', [{ id: tasks[3]!.id, order: 0 }])).status).toBe(403);
    expect((await create(as.harbour!, 'Nope', [{ id: tasks[3]!.id, order: 0 }])).status).toBe(404);
  });

  it("answers the rules of section 5 with the spec's words, one task per name, and only the organization's tasks", async () => {
    const empty = await create(as.admin!, ' ', []);
    expect(empty.status).toBe(422);
    expect(errors(empty)).toEqual([['/attributes/name', TASKS_GROUP_NAME_REQUIRED_MESSAGE], ['/attributes/equipment_condtions', TASKS_REQUIRED_MESSAGE]]);
    expect(errors(await create(as.admin!, 'x'.repeat(257), [{ id: tasks[0]!.id, order: 0 }]))).toEqual([['/attributes/name', 'Tasks group name must be at most 256 characters']]);
    // Two tasks of one name.
    const [same] = await backend.db.insert(schema.tasks).values({ ...(await backend.db.select().from(schema.tasks).where(eq(schema.tasks.id, tasks[0]!.id)))[0]!, id: undefined, groupId: null }).returning();
    const twice = await create(as.admin!, 'Twice', [{ id: tasks[0]!.id, order: 0 }, { id: same!.id, order: 1 }]);
    expect(twice.status).toBe(422);
    expect(twice.body.errors![0]!.source!.pointer).toBe('/attributes/equipment_condtions/1/id');
    expect(twice.body.errors![0]!.detail).toContain('Item with the same name is already selected');
    const [harbourTask] = await backend.db.select({ id: schema.tasks.id }).from(schema.tasks).where(eq(schema.tasks.organizationId, demo.harbour)).limit(1);
    expect(errors(await create(as.admin!, 'Foreign', [{ id: harbourTask!.id, order: 0 }]))).toEqual([['/attributes/equipment_condtions/0/id', TASK_NOT_OF_ORGANIZATION_MESSAGE]]);
  });

  it('renames a group and sets its tasks over the version read, releasing the tasks left out, and refuses an older version with 409 STALE', async () => {
    const [a, b, , , e] = tasks;
    const group = one((await create(as.admin!, 'Valves', [{ id: a!.id, order: 0 }, { id: b!.id, order: 1 }])).body);
    const changed = await update(as.organizationManager!, group.id, 'Valves and Hoses', [{ id: e!.id, order: 0 }, { id: a!.id, order: 1 }], 1);
    expect(changed.status).toBe(200);
    expect(one(changed.body).attributes).toMatchObject({ name: 'Valves and Hoses', version: 2 });
    expect(tasksOf(one(changed.body)).map((t) => t.id)).toEqual([e!.id, a!.id]);
    expect((await backend.db.select({ groupId: schema.tasks.groupId }).from(schema.tasks).where(eq(schema.tasks.id, b!.id)))[0]!.groupId).toBeNull();
    const stale = await update(as.admin!, group.id, 'Late', [{ id: a!.id, order: 0 }], 1);
    expect(stale.status).toBe(409);
    expect(stale.body.errors![0]).toMatchObject({ code: 'STALE', detail: STALE_EDIT_MESSAGE });
    expect((await update(as.manager!, group.id, 'Nope', [{ id: a!.id, order: 0 }])).status).toBe(403);
    expect((await update(as.admin!, '999999', 'Nope', [{ id: a!.id, order: 0 }])).status).toBe(404);
  });
});
