/**
 * A condition's taskStatus (issue 9 point 10): its task's status in the walkabout's building now,
 * the most restrictive of the task's own, its equipment type's, its component's (disabled) and a building
 * suspension of the task or the type, as the walkabout tree and the entries comparison answer it.
 */
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema, type TestBackend } from '../src/testing';
import { databases, demoIds, signedIn, startTestBackend, tree, type Client, type JsonApiResource } from './helpers';

describe.each(databases)('condition task status on %s', (database) => {
  let backend: TestBackend;
  let admin: Client;
  let demo: Awaited<ReturnType<typeof demoIds>>;

  beforeAll(async () => {
    backend = await startTestBackend({ database });
    demo = await demoIds(backend);
    admin = await signedIn(backend, 'admin');
  });
  afterAll(() => backend?.close());

  async function conditionsOf(walkaboutId: string): Promise<{ conditions: JsonApiResource[]; typeOf: Map<string, number> }> {
    const { status, body } = await admin.get(`/walkabouts/${walkaboutId}`);
    expect(status).toBe(200);
    const t = tree(body);
    const typeOfEntry = new Map(t.entries.map((e) => [Number(e.id), e.attributes.equipmentTypeId as number]));
    return { conditions: t.conditions, typeOf: new Map(t.conditions.map((c) => [c.id, typeOfEntry.get(c.attributes.entryId as number)!])) };
  }

  it('is active, paused or disabled by the task, its equipment type, its component and the building suspensions of the task or the type, in the walkabout and the comparison', async () => {
    const building = Number(demo.building('King Street Commerce Centre'));
    const other = Number(demo.building('Riverside Distribution Warehouse'));
    const walkaboutId = await demo.walkabout('King Street Commerce Centre', 'Monthly');
    const before = await conditionsOf(walkaboutId);
    expect(before.conditions.length).toBeGreaterThan(0);
    expect(before.conditions.every((c) => c.attributes.taskStatus === 'active')).toBe(true);

    // Five equipment types of the walkabout, each with its tasks.
    const tasksOfType = new Map<number, number[]>();
    for (const c of before.conditions) {
      const type = before.typeOf.get(c.id)!;
      const task = c.attributes.taskId as number;
      const tasks = tasksOfType.get(type) ?? [];
      if (!tasks.includes(task)) tasks.push(task);
      tasksOfType.set(type, tasks);
    }
    const types = [...tasksOfType.keys()];
    expect(types.length).toBeGreaterThanOrEqual(4);
    const [pausedTaskType, disabledType, suspendedTaskType, suspendedType] = types as [number, number, number, number];
    const pausedTask = tasksOfType.get(pausedTaskType)![0]!;
    const suspendedTask = tasksOfType.get(suspendedTaskType)![0]!;
    expect(tasksOfType.get(suspendedTaskType)!.length).toBeGreaterThanOrEqual(2);
    const disabledAndSuspendedTask = tasksOfType.get(suspendedTaskType)![1]!;

    // A component of a type left active: its tasks are inactive once it is disabled.
    const untouched = [...tasksOfType.entries()].filter(([type]) => ![pausedTaskType, disabledType, suspendedTaskType, suspendedType].includes(type)).flatMap(([, tasks]) => tasks);
    const [component] = await backend.db
      .select({ id: schema.tasks.componentId })
      .from(schema.tasks)
      .where(and(inArray(schema.tasks.id, untouched.length ? untouched : [-1]), isNotNull(schema.tasks.componentId)))
      .limit(1);
    expect(component?.id).toBeTypeOf('number');
    await backend.db.update(schema.equipmentComponents).set({ disabled: true }).where(eq(schema.equipmentComponents.id, component!.id!));
    const ofComponent = (await backend.db.select({ id: schema.tasks.id }).from(schema.tasks).where(eq(schema.tasks.componentId, component!.id!))).map((t) => t.id);

    await backend.db.update(schema.tasks).set({ status: 'paused' }).where(eq(schema.tasks.id, pausedTask));
    await backend.db.update(schema.tasks).set({ status: 'disabled' }).where(eq(schema.tasks.id, disabledAndSuspendedTask));
    await backend.db.update(schema.equipmentTypes).set({ status: 'disabled' }).where(eq(schema.equipmentTypes.id, disabledType));
    await backend.db.insert(schema.buildingSuspensions).values([
      { buildingId: building, taskId: suspendedTask, status: 'paused', shortName: 'Paused task' },
      // The most restrictive wins: the task is disabled, its suspension only pauses it.
      { buildingId: building, taskId: disabledAndSuspendedTask, status: 'paused', shortName: 'Paused task' },
      { buildingId: building, equipmentTypeId: suspendedType, status: 'disabled', shortName: 'Disabled type' },
      // Another building's suspension changes nothing here.
      { buildingId: other, equipmentTypeId: pausedTaskType, status: 'disabled', shortName: 'Elsewhere' },
    ]);

    const expected = (c: JsonApiResource): string => {
      const task = c.attributes.taskId as number;
      const type = before.typeOf.get(c.id)!;
      if (type === disabledType || type === suspendedType || task === disabledAndSuspendedTask || ofComponent.includes(task)) return 'disabled';
      if (task === pausedTask || task === suspendedTask) return 'paused';
      return 'active';
    };
    const after = await conditionsOf(walkaboutId);
    expect(after.conditions.map((c) => [c.id, c.attributes.taskStatus])).toEqual(after.conditions.map((c) => [c.id, expected(c)]));
    expect(new Set(after.conditions.map((c) => c.attributes.taskStatus))).toEqual(new Set(['active', 'paused', 'disabled']));

    // The entries comparison reads the same attribute, for a location of the walkabout.
    const entryIds = [...new Set(after.conditions.filter((c) => expected(c) !== 'active').map((c) => c.attributes.entryId as number))];
    const [entry] = await backend.db.select({ locationId: schema.entries.locationId }).from(schema.entries).where(inArray(schema.entries.id, entryIds)).limit(1);
    const compared = await admin.get(`/entries?filter[location]=${entry!.locationId}&filter[active]=true`);
    expect(compared.status).toBe(200);
    const comparedConditions = (compared.body.included ?? []).filter((r) => r.type === 'conditions');
    const ofWalkabout = comparedConditions.filter((c) => after.conditions.some((a) => a.id === c.id));
    expect(ofWalkabout.length).toBeGreaterThan(0);
    expect(ofWalkabout.some((c) => c.attributes.taskStatus !== 'active')).toBe(true);
    expect(ofWalkabout.map((c) => c.attributes.taskStatus)).toEqual(ofWalkabout.map((c) => expected(after.conditions.find((a) => a.id === c.id)!)));

    // A save answers the conditions it saved with the same status (every condition of the walkabout, its remarks only).
    const scannedAt = new Date().toISOString();
    const saved = await admin.save('task-status', {
      walkaboutToUpdateId: walkaboutId,
      data: {
        entries: [...new Set(after.conditions.map((c) => String(c.attributes.entryId)))].map((id) => ({ id, scannedAt })),
        conditions: after.conditions.map((c) => ({ id: c.id, value: c.attributes.value, remarks: 'Seen', editedAt: scannedAt })),
      },
    });
    expect(saved.status).toBe(200);
    const savedConditions = (saved.body.data as JsonApiResource[]).filter((r) => r.type === 'conditions');
    expect(savedConditions.map((c) => c.id).sort()).toEqual(after.conditions.map((c) => c.id).sort());
    expect(savedConditions.map((c) => [c.id, c.attributes.taskStatus])).toEqual(savedConditions.map((c) => [c.id, expected(after.conditions.find((a) => a.id === c.id)!)]));

    // A condition whose task was deleted has no status.
    await backend.db.delete(schema.tasks).where(eq(schema.tasks.id, pausedTask));
    const deleted = await conditionsOf(walkaboutId);
    const orphans = deleted.conditions.filter((c) => c.attributes.taskId === null);
    expect(orphans.length).toBeGreaterThan(0);
    expect(orphans.every((c) => c.attributes.taskStatus === null)).toBe(true);
  });
});
