/**
 * Floors and the building walkabout applicability screen (issue 12; admin-organizations-buildings.md sections 2 and
 * 4-8): adding a floor after the last, renaming, reordering only what moved in one transaction, the 409 STALE of an
 * older version, who may do each (section 6), the applicability list and save (administrators only), and a walkabout
 * created afterwards that leaves the unticked task out.
 */
import { FLOOR_NAME_REQUIRED_MESSAGE, STALE_EDIT_MESSAGE, STALE_ORDER_MESSAGE, TASK_NOT_OF_TYPE_MESSAGE } from '@fsi/shared';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWalkabout } from '../src/features/walkabouts/snapshot';
import { schema, type TestBackend } from '../src/testing';
import { databases, demoIds, list, one, signedIn, startTestBackend, type Client } from './helpers';

const KING = 'King Street Commerce Centre';

describe.each(databases)('floors and walkabout applicability on %s', (database) => {
  let backend: TestBackend;
  let building: string;
  const as: Record<string, Client> = {};

  beforeAll(async () => {
    backend = await startTestBackend({ database });
    const demo = await demoIds(backend);
    building = demo.building(KING);
    for (const username of ['admin', 'manager', 'regional', 'inspector', 'viewer', 'harbour']) as[username] = await signedIn(backend, username);
  });
  afterAll(() => backend?.close());

  const floorsOf = async (who: Client) => list((await who.get(`/buildings/${building}/floors`)).body);
  const add = (who: Client, name: unknown) => who.post(`/buildings/${building}/floor`, { data: { attributes: { name, building_id: Number(building), order: null } } });
  const rename = (who: Client, attributes: Record<string, unknown>) => who.request('PUT', `/buildings/${building}/floor`, { data: { attributes: { order: null, ...attributes } } });
  const reorder = (who: Client, changes: unknown[]) => who.request('PUT', '/floors/batch-update', { batch_update_attributes: changes });

  it('lists the floors in order with their version, to everyone who may see the building', async () => {
    for (const who of ['admin', 'manager', 'inspector', 'viewer']) {
      const floors = await floorsOf(as[who]!);
      expect(floors.length).toBeGreaterThan(1);
      expect(floors.map((f) => f.attributes.order)).toEqual([...floors.map((f) => f.attributes.order as number)].sort((a, b) => a - b));
      expect(floors[0]!.attributes.version).toBe(1);
    }
  });

  it('adds a floor after the last one for administrators and building managers, and refuses the others', async () => {
    const before = await floorsOf(as.admin!);
    const added = await add(as.manager!, '  Roof  ');
    expect(added.status).toBe(201);
    expect(one(added.body).attributes).toMatchObject({ name: 'Roof', order: (before.at(-1)!.attributes.order as number) + 1, version: 1, locationsCount: 0 });
    expect((await add(as.admin!, 'Roof Deck')).status).toBe(201);
    for (const who of ['viewer', 'inspector']) {
      const refused = await add(as[who]!, 'Attic');
      expect(refused.status).toBe(403);
      expect(refused.body.errors![0]!.code).toBe('FORBIDDEN');
    }
    expect((await add(as.harbour!, 'Attic')).status).toBe(404);
    const names = (await floorsOf(as.admin!)).map((f) => f.attributes.name);
    expect(names.slice(-2)).toEqual(['Roof', 'Roof Deck']);
    expect(names).not.toContain('Attic');
  });

  it("answers the floor name rules with the spec's words at the name", async () => {
    const empty = await add(as.manager!, '   ');
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual([expect.objectContaining({ detail: FLOOR_NAME_REQUIRED_MESSAGE, source: { pointer: '/data/attributes/name' }, code: 'VALIDATION_FAILED' })]);
    const long = await add(as.manager!, 'x'.repeat(257));
    expect(long.body.errors![0]!.detail).toBe('Floor name must be at most 256 characters');
  });

  it('renames a floor over the version it was read at, and refuses an older version with 409 STALE', async () => {
    const [floor] = await floorsOf(as.manager!);
    const renamed = await rename(as.manager!, { id: floor!.id, name: 'Lobby Level', version: floor!.attributes.version });
    expect(renamed.status).toBe(200);
    expect(one(renamed.body).attributes).toMatchObject({ name: 'Lobby Level', version: (floor!.attributes.version as number) + 1 });
    const stale = await rename(as.admin!, { id: floor!.id, name: 'Ground', version: floor!.attributes.version });
    expect(stale.status).toBe(409);
    expect(stale.body.errors![0]).toMatchObject({ code: 'STALE', detail: STALE_EDIT_MESSAGE });
    expect((await floorsOf(as.admin!))[0]!.attributes.name).toBe('Lobby Level');
    expect((await rename(as.viewer!, { id: floor!.id, name: 'Viewer was here' })).status).toBe(403);
    // A floor of another building is not this building's.
    const [other] = await backend.db.select().from(schema.floors).where(eq(schema.floors.buildingId, Number((await demoIds(backend)).building('Riverside Distribution Warehouse')))).limit(1);
    expect((await rename(as.admin!, { id: other!.id, name: 'Moved' })).status).toBe(422);
  });

  it('reorders only the floors sent, in one transaction, and keeps nothing of a batch with one stale version', async () => {
    const floors = await floorsOf(as.manager!);
    const [a, b, c] = floors;
    const swapped = await reorder(as.manager!, [
      { floor_id: Number(a!.id), order: b!.attributes.order, version: a!.attributes.version },
      { floor_id: b!.id, order: a!.attributes.order, version: b!.attributes.version },
    ]);
    expect(swapped.status).toBe(200);
    expect(list(swapped.body).map((f) => f.id).sort()).toEqual([a!.id, b!.id].sort());
    const after = await floorsOf(as.admin!);
    expect(after.slice(0, 2).map((f) => f.id)).toEqual([b!.id, a!.id]);
    expect(after.find((f) => f.id === c!.id)!.attributes.version).toBe(c!.attributes.version);

    // The second change names the version read before the swap: neither is saved.
    const stale = await reorder(as.admin!, [
      { floor_id: c!.id, order: 0, version: c!.attributes.version },
      { floor_id: a!.id, order: 5, version: a!.attributes.version },
    ]);
    expect(stale.status).toBe(409);
    expect(stale.body.errors![0]).toMatchObject({ code: 'STALE', detail: STALE_ORDER_MESSAGE, source: { pointer: '/batch_update_attributes/1/version' } });
    expect((await floorsOf(as.admin!)).map((f) => [f.id, f.attributes.order, f.attributes.version])).toEqual(after.map((f) => [f.id, f.attributes.order, f.attributes.version]));
  });

  it('lets only administrators and building managers reorder', async () => {
    const [floor] = await floorsOf(as.admin!);
    for (const who of ['viewer', 'inspector']) expect((await reorder(as[who]!, [{ floor_id: floor!.id, order: 0 }])).status).toBe(403);
    expect((await reorder(as.harbour!, [{ floor_id: floor!.id, order: 0 }])).status).toBe(404);
    expect((await reorder(as.manager!, [{ floor_id: floor!.id, order: 0 }, { floor_id: floor!.id, order: 1 }])).status).toBe(422);
  });

  describe('walkabout applicability', () => {
    const applicability = (who: Client) => who.get(`/equipment?filter[building]=${building}&include=equipment-equipment-conditions&status[]=active&status[]=paused&status[]=disabled`);
    const save = (who: Client, typeId: string, taskIds: unknown[]) =>
      who.request('PUT', '/equipment', {
        data: [{ id: typeId, type: 'equipment', attributes: { applicableWalkaboutEquipmentConditionIds: taskIds }, relationships: { building: { data: { type: 'buildings', id: building } } } }],
      });

    it("lists the building's equipment types with every task applicable and the tasks included, for administrators only", async () => {
      const { status, body } = await applicability(as.admin!);
      expect(status).toBe(200);
      const types = list(body);
      expect(types.length).toBeGreaterThan(0);
      for (const type of types) {
        expect(type.attributes.applicableWalkaboutEquipmentConditionIds).toEqual(type.attributes.allEquipmentConditionIds);
      }
      const included = body.included!;
      const first = types[0]!;
      expect(included.filter((t) => t.attributes.equipmentTypeId === Number(first.id)).map((t) => Number(t.id)).sort()).toEqual(
        [...(first.attributes.allEquipmentConditionIds as number[])].sort(),
      );
      expect(included[0]!.attributes).toEqual(expect.objectContaining({ label: expect.any(String), cycleName: expect.any(String) }));
      for (const who of ['manager', 'viewer']) expect((await applicability(as[who]!)).status).toBe(403);
      expect((await applicability(as.harbour!)).status).toBe(404);
      // The repair report's list (no include) is unchanged for a manager.
      expect((await as.manager!.get(`/equipment?filter[building]=${building}`)).status).toBe(200);
    });

    it('saves the ticked tasks for administrators, refuses foreign tasks, and a later walkabout leaves the unticked task out', async () => {
      const demo = await demoIds(backend);
      const cycle = Number(demo.cycle(demo.northwind, 'Weekly'));
      const types = list((await applicability(as.admin!)).body);
      const tasks = await backend.db.select().from(schema.tasks).where(eq(schema.tasks.cycleId, cycle)).orderBy(asc(schema.tasks.id));
      const type = types.find((t) => tasks.some((task) => String(task.equipmentTypeId) === t.id && task.status === 'active'))!;
      const all = type.attributes.allEquipmentConditionIds as number[];
      const unticked = tasks.find((task) => String(task.equipmentTypeId) === type.id && task.status === 'active')!.id;
      const kept = all.filter((id) => id !== unticked);

      expect((await save(as.manager!, type.id, kept)).status).toBe(403);
      const foreign = await save(as.admin!, type.id, [...kept, tasks.find((task) => String(task.equipmentTypeId) !== type.id)!.id]);
      expect(foreign.status).toBe(422);
      expect(foreign.body.errors![0]).toMatchObject({ detail: TASK_NOT_OF_TYPE_MESSAGE, source: { pointer: '/data/0/attributes/applicableWalkaboutEquipmentConditionIds' } });

      // PATCH is the same save (the spec's screen sends either).
      const patched = await as.admin!.patch('/equipment', {
        data: [{ id: type.id, type: 'equipment', attributes: { applicableWalkaboutEquipmentConditionIds: all }, relationships: { building: { data: { type: 'buildings', id: building } } } }],
      });
      expect(patched.status).toBe(200);
      expect(list(patched.body)[0]!.attributes.applicableWalkaboutEquipmentConditionIds).toEqual(all);
      const saved = await save(as.admin!, type.id, kept.map(String));
      expect(saved.status).toBe(200);
      expect(list(saved.body)[0]!.attributes.applicableWalkaboutEquipmentConditionIds).toEqual(kept);
      expect(list((await applicability(as.admin!)).body).find((t) => t.id === type.id)!.attributes.applicableWalkaboutEquipmentConditionIds).toEqual(kept);

      const { id } = await createWalkabout(backend.db, { buildingId: Number(building), cycleId: cycle, periodKey: 'applicability-test', date: '2026-11-25', endDate: null, openedAt: new Date(), lockedAt: null });
      const recorded = await backend.db.select({ taskId: schema.conditions.taskId }).from(schema.conditions).where(eq(schema.conditions.walkaboutId, id));
      expect(recorded.length).toBeGreaterThan(0);
      expect(recorded.map((c) => c.taskId)).not.toContain(unticked);
      // The type's other tasks of the cycle are still there.
      const others = tasks.filter((task) => String(task.equipmentTypeId) === type.id && task.id !== unticked && task.status === 'active').map((task) => task.id);
      for (const other of others) expect(recorded.map((c) => c.taskId)).toContain(other);

      // Ticking every task again removes the building's choice: no row, every task applies.
      expect((await save(as.admin!, type.id, all)).status).toBe(200);
      expect(await backend.db.select().from(schema.buildingTaskApplicability).where(and(eq(schema.buildingTaskApplicability.buildingId, Number(building))))).toEqual([]);
      const again = await createWalkabout(backend.db, { buildingId: Number(building), cycleId: cycle, periodKey: 'applicability-test-2', date: '2026-11-26', endDate: null, openedAt: new Date(), lockedAt: null });
      const recordedAgain = await backend.db.select({ taskId: schema.conditions.taskId }).from(schema.conditions).where(eq(schema.conditions.walkaboutId, again.id));
      expect(recordedAgain.map((c) => c.taskId)).toContain(unticked);
    });

    it('has the building say it has no applicable walkabout conditions once every task is unticked, and again once ticked', async () => {
      const riverside = (await demoIds(backend)).building('Riverside Distribution Warehouse');
      const types = list((await as.admin!.get(`/equipment?filter[building]=${riverside}&include=equipment-equipment-conditions`)).body);
      const putAll = (pick: (type: (typeof types)[number]) => unknown[]) =>
        as.admin!.request('PUT', '/equipment', {
          data: types.map((type) => ({ id: type.id, type: 'equipment', attributes: { applicableWalkaboutEquipmentConditionIds: pick(type) }, relationships: { building: { data: { type: 'buildings', id: riverside } } } })),
        });
      const building = async () => one((await as.admin!.get(`/buildings/${riverside}`)).body).attributes;
      expect((await building()).hasApplicableWalkaboutConditions).toBe(true);
      expect((await putAll(() => [])).status).toBe(200);
      expect(await building()).toMatchObject({ hasApplicableWalkaboutConditions: false, allScopeEquipmentConditionCycles: [] });
      expect((await putAll((type) => type.attributes.allEquipmentConditionIds as number[])).status).toBe(200);
      expect((await building()).hasApplicableWalkaboutConditions).toBe(true);
    });
  });
});
