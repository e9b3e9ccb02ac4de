/**
 * Manage Types at organization level (issue 13; admin-organizations-buildings.md sections 2-8): the organization's
 * types with their components and tasks groups, adding a type (with components or an implicit one), the rules of
 * section 5 with the spec's words, the locked name and alias, status and order changes with 409 STALE on an older
 * version, the 'Override Conditions' of a group reaching walkabouts created afterwards, and who may do each (section 6).
 */
import { STALE_EDIT_MESSAGE, STALE_ORDER_MESSAGE } from '@fsi/shared';
import { EQUIPMENT_GROUPS_REQUIRED_MESSAGE, EQUIPMENT_NAME_REQUIRED_MESSAGE, GROUP_NOT_OF_ORGANIZATION_MESSAGE, GROUP_RANGE_MESSAGE, TYPE_ALIAS_LOCKED_MESSAGE, TYPE_NAME_LOCKED_MESSAGE } from '@fsi/shared/equipment-types';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWalkabout } from '../src/features/walkabouts/snapshot';
import { schema, type TestBackend } from '../src/testing';
import { databases, demoIds, list, one, signedIn, startTestBackend, userWithGrants, type Answer, type Client, type JsonApiResource } from './helpers';

type Component = {
  id: number;
  name: string;
  implicit: boolean;
  equipment_component_condition_groups: Array<{ id: number; condition_group_id: number; from: number | null; to: number | null; overrides: Record<string, boolean> }>;
};

describe.each(databases)('equipment types at organization level on %s', (database) => {
  let backend: TestBackend;
  let demo: Awaited<ReturnType<typeof demoIds>>;
  let groups: Array<{ id: number; name: string }>;
  let harbourGroup: number;
  const as: Record<string, Client> = {};

  beforeAll(async () => {
    backend = await startTestBackend({ database });
    demo = await demoIds(backend);
    for (const username of ['admin', 'manager', 'regional', 'inspector', 'viewer', 'harbour']) as[username] = await signedIn(backend, username);
    as.organizationManager = await userWithGrants(backend, demo.northwind, 'types-manager', { organizationPermissions: { manage: true } });
    groups = await backend.db.select({ id: schema.taskGroups.id, name: schema.taskGroups.name }).from(schema.taskGroups).where(eq(schema.taskGroups.organizationId, demo.northwind));
    harbourGroup = (await backend.db.select({ id: schema.taskGroups.id }).from(schema.taskGroups).where(eq(schema.taskGroups.organizationId, demo.harbour)))[0]!.id;
  });
  afterAll(() => backend?.close());

  const typesOf = async (who: Client, organization: number = demo.northwind) => who.get(`/equipment?filter[organization]=${organization}&page[size]=500`);
  const components = (type: JsonApiResource) => type.attributes.equipmentComponents as Component[];
  const create = (who: Client, equipment: Record<string, unknown>, equipmentComponents: unknown[], organization: number = demo.northwind) =>
    who.post('/equipments', { equipment, equipment_components: equipmentComponents, organization_id: organization });
  const put = (who: Client, id: string, body: Record<string, unknown>) => who.request('PUT', `/equipments/${id}`, { organization_id: demo.northwind, ...body });
  const groupsOf = (...ids: number[]) => ids.map((id, order) => ({ condition_group_id: id, from: null, to: null, order }));
  const errors = (answer: Answer) => (answer.body.errors ?? []).map((e) => [e.source?.pointer, e.detail]);

  it("lists the organization's types by order with their components and groups to its users, and to nobody else", async () => {
    for (const who of ['admin', 'manager', 'regional', 'inspector', 'viewer', 'organizationManager']) {
      const answer = await typesOf(as[who]!);
      expect(answer.status).toBe(200);
      const types = list(answer.body);
      expect(types.length).toBeGreaterThan(1);
      expect(types.map((t) => t.attributes.order)).toEqual([...types.map((t) => t.attributes.order as number)].sort((a, b) => a - b));
      expect(types[0]!.attributes).toMatchObject({ version: 1, disabled: false, status: 'active' });
      expect(Array.isArray(types[0]!.attributes.equipmentComponents)).toBe(true);
    }
    expect((await typesOf(as.harbour!)).status).toBe(404);
    const none = await as.manager!.get('/equipment');
    expect(none.status).toBe(400);
    expect(none.body.errors![0]!.detail).toContain('filter[organization]');
  });

  it('adds a type with components and their groups for administrators and organization managers, and refuses the others', async () => {
    const [first, second] = groups;
    const added = await create(as.organizationManager!, { name: '  Sprinkler Riser  ', alias_name: 'SR' }, [
      { name: 'Valves', alias_name: null, order: 0, disabled: false, equipment_component_condition_groups: [{ condition_group_id: first!.id, from: 1, to: 3, order: 0 }] },
      { name: 'Gauges', alias_name: 'G', order: 1, disabled: false, equipment_component_condition_groups: groupsOf(first!.id, second!.id) },
    ]);
    expect(added.status).toBe(201);
    const type = one(added.body);
    expect(type.attributes).toMatchObject({ name: 'Sprinkler Riser', aliasName: 'SR', status: 'active', version: 1 });
    expect(components(type).map((c) => [c.name, c.implicit, c.equipment_component_condition_groups.map((g) => [g.condition_group_id, g.from, g.to])])).toEqual([
      ['Valves', false, [[first!.id, 1, 3]]],
      ['Gauges', false, [[first!.id, null, null], [second!.id, null, null]]],
    ]);
    const listed = list((await typesOf(as.viewer!)).body);
    expect(listed.at(-1)!.id).toBe(type.id);
    expect((await as.viewer!.get(`/equipments/${type.id}`)).body.data).toEqual(type);
    expect((await create(as.admin!, { name: 'Hose Cabinet' }, [{ name: '', equipment_component_condition_groups: groupsOf(first!.id) }])).status).toBe(201);
    for (const who of ['manager', 'viewer', 'inspector', 'regional']) {
      const refused = await create(as[who]!, { name: 'Not Allowed' }, [{ name: '', equipment_component_condition_groups: groupsOf(first!.id) }]);
      expect(refused.status).toBe(403);
      expect(refused.body.errors![0]!.code).toBe('FORBIDDEN');
    }
    // Another organization's: not found, and nothing added there.
    expect((await create(as.harbour!, { name: 'Across' }, [{ name: '', equipment_component_condition_groups: groupsOf(harbourGroup) }], demo.northwind)).status).toBe(404);
    expect(list((await typesOf(as.admin!)).body).map((t) => t.attributes.name)).not.toContain('Not Allowed');
  });

  it('keeps the groups of a type without components on one implicit component, shown as the type in walkabouts', async () => {
    const [first] = groups;
    const added = await create(as.admin!, { name: 'Emergency Light' }, [{ equipment_component_condition_groups: groupsOf(first!.id) }]);
    expect(added.status).toBe(201);
    expect(components(one(added.body))).toEqual([expect.objectContaining({ name: '', implicit: true, equipment_component_condition_groups: [expect.objectContaining({ condition_group_id: first!.id })] })]);
  });

  it("answers the rules of section 5 with the spec's words at each field", async () => {
    const [first] = groups;
    const noName = await create(as.admin!, { name: '  ' }, [{ equipment_component_condition_groups: groupsOf(first!.id) }]);
    expect(noName.status).toBe(422);
    expect(errors(noName)).toEqual([['/equipment/name', EQUIPMENT_NAME_REQUIRED_MESSAGE]]);
    expect(errors(await create(as.admin!, { name: 'No Groups' }, []))).toEqual([['/equipment_components', EQUIPMENT_GROUPS_REQUIRED_MESSAGE]]);
    expect(errors(await create(as.admin!, { name: 'No Groups' }, [{ name: '', equipment_component_condition_groups: [] }]))).toEqual([['/equipment_components', EQUIPMENT_GROUPS_REQUIRED_MESSAGE]]);
    const parts = await create(as.admin!, { name: 'Parts' }, [
      { name: 'Named', equipment_component_condition_groups: groupsOf(first!.id) },
      { name: ' ', equipment_component_condition_groups: [] },
    ]);
    expect(errors(parts)).toEqual([
      ['/equipment_components/1/name', EQUIPMENT_NAME_REQUIRED_MESSAGE],
      ['/equipment_components/1/equipment_component_condition_groups', EQUIPMENT_GROUPS_REQUIRED_MESSAGE],
    ]);
    expect(errors(await create(as.admin!, { name: 'x'.repeat(257) }, [{ equipment_component_condition_groups: groupsOf(first!.id) }]))).toEqual([
      ['/equipment/name', 'Equipment name must be at most 256 characters'],
    ]);
    const range = await create(as.admin!, { name: 'Range' }, [{ equipment_component_condition_groups: [{ condition_group_id: first!.id, from: 5, to: 2 }] }]);
    expect(errors(range)).toEqual([['/equipment_components/0/equipment_component_condition_groups/0/to', GROUP_RANGE_MESSAGE]]);
    const foreign = await create(as.admin!, { name: 'Foreign' }, [{ equipment_component_condition_groups: groupsOf(harbourGroup) }]);
    expect(errors(foreign)).toEqual([['/equipment_components/0/equipment_component_condition_groups/0/condition_group_id', GROUP_NOT_OF_ORGANIZATION_MESSAGE]]);
    expect(list((await typesOf(as.admin!)).body).map((t) => t.attributes.name)).not.toContain('Foreign');
  });

  it('edits the components over the version read, keeps the name and alias locked, and refuses an older version with 409 STALE', async () => {
    const [first, second] = groups;
    const type = one((await create(as.admin!, { name: 'Standpipe', alias_name: 'SP' }, [{ name: 'Outlet', equipment_component_condition_groups: groupsOf(first!.id) }])).body);
    const [outlet] = components(type);
    // Overrides set on the group survive an edit that keeps the group.
    expect((await as.admin!.request('PUT', `/equipment_component_condition_groups/${outlet!.equipment_component_condition_groups[0]!.id}`, { options: { overrides: { disableUnsatisfactoryPhoto: true } } })).status).toBe(200);
    const version = one((await as.admin!.get(`/equipments/${type.id}`)).body).attributes.version as number;
    const edited = await put(as.organizationManager!, type.id, {
      equipment: { name: 'Standpipe', alias_name: 'SP', version },
      equipment_components: [
        { id: outlet!.id, name: 'Outlet Valve', equipment_component_condition_groups: [{ condition_group_id: first!.id, from: 2, to: null, order: 0 }] },
        { name: 'Cabinet', equipment_component_condition_groups: groupsOf(second!.id) },
      ],
    });
    expect(edited.status).toBe(200);
    const after = one(edited.body);
    expect(after.attributes.version).toBe(version + 1);
    expect(components(after).map((c) => [c.id === outlet!.id, c.name, c.equipment_component_condition_groups.map((g) => [g.condition_group_id, g.from, g.overrides.disableUnsatisfactoryPhoto])])).toEqual([
      [true, 'Outlet Valve', [[first!.id, 2, true]]],
      [false, 'Cabinet', [[second!.id, null, false]]],
    ]);
    const stale = await put(as.admin!, type.id, { equipment: { version }, equipment_components: [{ name: 'Late', equipment_component_condition_groups: groupsOf(first!.id) }] });
    expect(stale.status).toBe(409);
    expect(stale.body.errors![0]).toMatchObject({ code: 'STALE', detail: STALE_EDIT_MESSAGE });
    const locked = await put(as.admin!, type.id, { equipment: { name: 'Renamed', alias_name: 'RN' }, equipment_components: [{ name: 'X', equipment_component_condition_groups: groupsOf(first!.id) }] });
    expect(locked.status).toBe(422);
    expect(errors(locked)).toEqual([['/equipment/name', TYPE_NAME_LOCKED_MESSAGE], ['/equipment/alias_name', TYPE_ALIAS_LOCKED_MESSAGE]]);
    expect(one((await as.admin!.get(`/equipments/${type.id}`)).body).attributes).toMatchObject({ name: 'Standpipe', aliasName: 'SP', version: version + 1 });
    expect((await put(as.manager!, type.id, { equipment: {}, equipment_components: [{ name: 'X', equipment_component_condition_groups: groupsOf(first!.id) }] })).status).toBe(403);
    expect((await as.harbour!.get(`/equipments/${type.id}`)).status).toBe(404);
  });

  it('changes the status and the order of a type for its managers, refusing an older version with 409 STALE', async () => {
    const [type, next] = list((await typesOf(as.admin!)).body);
    const version = type!.attributes.version as number;
    const paused = await put(as.organizationManager!, type!.id, { equipment: { status: 'paused', version } });
    expect(one(paused.body).attributes).toMatchObject({ status: 'paused', disabled: false, version: version + 1 });
    const disabled = await put(as.admin!, type!.id, { equipment: { status: 'disabled' } });
    expect(one(disabled.body).attributes).toMatchObject({ status: 'disabled', disabled: true });
    expect((await put(as.viewer!, type!.id, { equipment: { status: 'active' } })).status).toBe(403);
    expect((await put(as.manager!, type!.id, { equipment: { status: 'active' } })).status).toBe(403);
    expect((await put(as.admin!, type!.id, { equipment: { status: 'active' } })).status).toBe(200);

    // A reorder sends the types that moved, each over the version it was read at.
    const moved = [
      { id: type!.id, order: next!.attributes.order as number, version: version + 3 },
      { id: next!.id, order: type!.attributes.order as number, version: next!.attributes.version as number },
    ];
    for (const change of moved) expect((await put(as.organizationManager!, change.id, { equipment: { order: change.order, version: change.version } })).status).toBe(200);
    const after = list((await typesOf(as.viewer!)).body).map((t) => t.id);
    expect(after.indexOf(next!.id)).toBeLessThan(after.indexOf(type!.id));
    const stale = await put(as.admin!, type!.id, { equipment: { order: 0, version } });
    expect(stale.status).toBe(409);
    expect(stale.body.errors![0]).toMatchObject({ code: 'STALE', detail: STALE_ORDER_MESSAGE });
    expect((await put(as.admin!, type!.id, { equipment: {} })).status).toBe(422);
  });

  it('reorders the types sent in one transaction, keeping nothing of a batch with one stale version, for their managers only', async () => {
    const reorder = (who: Client, changes: unknown[]) => who.request('PUT', '/equipments/reorder', { attributes: changes });
    const read = async () => list((await typesOf(as.admin!)).body).map((t) => ({ id: Number(t.id), order: t.attributes.order as number, version: t.attributes.version as number }));
    const [a, b] = await read();
    const swapped = await reorder(as.organizationManager!, [
      { id: a!.id, order: b!.order, version: a!.version },
      { id: String(b!.id), order: a!.order, version: b!.version },
    ]);
    expect(swapped.status).toBe(200);
    expect(list(swapped.body).map((t) => [Number(t.id), t.attributes.order, t.attributes.version])).toEqual([
      [a!.id, b!.order, a!.version + 1],
      [b!.id, a!.order, b!.version + 1],
    ]);
    const before = await read();
    const [first, second] = [before.find((t) => t.id === a!.id)!, before.find((t) => t.id === b!.id)!];
    const halfStale = await reorder(as.admin!, [
      { id: first.id, order: second.order, version: first.version },
      { id: second.id, order: first.order, version: second.version - 1 },
    ]);
    expect(halfStale.status).toBe(409);
    expect(halfStale.body.errors![0]).toMatchObject({ code: 'STALE', detail: STALE_ORDER_MESSAGE, source: { pointer: '/attributes/1/version' } });
    expect(await read()).toEqual(before);
    const twice = await reorder(as.admin!, [{ id: first.id, order: 1 }, { id: first.id, order: 2 }]);
    expect(twice.status).toBe(422);
    expect(errors(twice)).toEqual([['/attributes/1/id', 'Each equipment type may be named once']]);
    expect((await reorder(as.manager!, [{ id: first.id, order: 1 }])).status).toBe(403);
    expect((await reorder(as.viewer!, [{ id: first.id, order: 1 }])).status).toBe(403);
    const [harbourType] = list((await typesOf(as.admin!, demo.harbour)).body);
    expect((await reorder(as.harbour!, [{ id: first.id, order: 1 }])).status).toBe(404);
    const mixed = await reorder(as.admin!, [{ id: first.id, order: 1 }, { id: Number(harbourType!.id), order: 2 }]);
    expect(mixed.status).toBe(422);
    expect(errors(mixed)).toEqual([['/attributes', 'The types of one reorder must be of one organization.']]);
    expect(await read()).toEqual(before);
  });

  it("gives a group's tasks the overrides in walkabouts created afterwards, set only by its managers", async () => {
    const building = demo.building('King Street Commerce Centre');
    // A task of a type used at the building, in a group.
    const [task] = await backend.db
      .select({ id: schema.tasks.id, typeId: schema.tasks.equipmentTypeId, componentId: schema.tasks.componentId, groupId: schema.tasks.groupId, cycleId: schema.tasks.cycleId })
      .from(schema.tasks)
      .innerJoin(schema.locationEquipment, eq(schema.locationEquipment.equipmentTypeId, schema.tasks.equipmentTypeId))
      .innerJoin(schema.locations, eq(schema.locations.id, schema.locationEquipment.locationId))
      .innerJoin(schema.equipmentTypes, eq(schema.equipmentTypes.id, schema.tasks.equipmentTypeId))
      .where(and(eq(schema.locations.buildingId, Number(building)), isNotNull(schema.tasks.groupId), eq(schema.tasks.status, 'active'), eq(schema.equipmentTypes.status, 'active'), eq(schema.tasks.type, 'boolean')))
      .limit(1);
    // The demo links each component (a type without components: its implicit one) to its tasks' groups.
    const [row] = await backend.db
      .select({ id: schema.equipmentComponentConditionGroups.id })
      .from(schema.equipmentComponentConditionGroups)
      .innerJoin(schema.equipmentComponents, eq(schema.equipmentComponents.id, schema.equipmentComponentConditionGroups.componentId))
      .where(
        and(
          eq(schema.equipmentComponents.equipmentTypeId, task!.typeId),
          task!.componentId === null ? eq(schema.equipmentComponents.name, '') : eq(schema.equipmentComponents.id, task!.componentId),
          eq(schema.equipmentComponentConditionGroups.taskGroupId, task!.groupId!),
        ),
      );
    const overrides = { disableUnsatisfactoryPhoto: true, disableUnsatisfactoryRemarks: false, makePhotoAndRemarksOptional: true };
    const url = `/equipment_component_condition_groups/${row!.id}`;
    expect((await as.manager!.request('PUT', url, { options: { overrides } })).status).toBe(403);
    expect((await as.harbour!.request('PUT', url, { options: { overrides } })).status).toBe(404);
    const saved = await as.organizationManager!.request('PUT', url, { options: { overrides } });
    expect(saved.status).toBe(200);
    const group = components(one(saved.body)).flatMap((c) => c.equipment_component_condition_groups).find((g) => g.id === row!.id);
    expect(group!.overrides).toEqual(overrides);

    const { id } = await createWalkabout(backend.db, { buildingId: Number(building), cycleId: task!.cycleId, periodKey: 'overrides-test', date: '2026-11-25', endDate: null, openedAt: new Date(), lockedAt: null });
    const conditions = await backend.db.select({ taskId: schema.conditions.taskId, options: schema.conditions.options }).from(schema.conditions).where(eq(schema.conditions.walkaboutId, id));
    const overridden = conditions.filter((c) => c.taskId === task!.id);
    expect(overridden.length).toBeGreaterThan(0);
    for (const c of overridden) expect(c.options).toMatchObject({ disableUnsatisfactoryPhoto: true, makePhotoAndRemarksOptional: true });
    for (const c of overridden) expect(c.options.disableUnsatisfactoryRemarks).not.toBe(true);
    // Tasks of other groups keep their own options.
    const others = await backend.db.select({ id: schema.tasks.id, options: schema.tasks.options, groupId: schema.tasks.groupId }).from(schema.tasks);
    for (const c of conditions) {
      const own = others.find((t) => t.id === c.taskId)!;
      if (own.groupId !== task!.groupId) expect(c.options).toEqual(own.options);
    }
  });
});
