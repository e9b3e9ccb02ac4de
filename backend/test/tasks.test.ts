/**
 * Tasks at organization level (issue 13; admin-organizations-buildings.md sections 2-9, the spec's equipment
 * conditions): the listing Manage Tasks reads, adding a task of every type of section 9 with its values, the section 5
 * messages word for word at their pointers, the locked fields of an edit, status changes, reordering only what moved
 * in one transaction, the 409 STALE of an older version, who may do each (section 6), and a task added here answered
 * in a walkabout made by Create Current Walkabouts.
 */
import { STALE_EDIT_MESSAGE, STALE_ORDER_MESSAGE } from '@fsi/shared';
import { DROPDOWN_VALUES_REQUIRED_MESSAGE, lockedTaskFieldMessage, MULTISELECT_VALUES_REQUIRED_MESSAGE, RANGE_FROM_REQUIRED_MESSAGE, RANGE_ORDER_MESSAGE, RANGE_TO_NUMBER_MESSAGE, TASK_CYCLE_NOT_OF_ORGANIZATION_MESSAGE, TASK_CYCLE_REQUIRED_MESSAGE, TASK_EQUIPMENT_REQUIRED_MESSAGE, TASK_NAME_REQUIRED_MESSAGE, TASK_TYPE_MESSAGE } from '@fsi/shared/tasks';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema, type TestBackend } from '../src/testing';
import { databases, demoIds, list, one, signedIn, startTestBackend, tree, type Client, type JsonApiResource } from './helpers';

type Demo = Awaited<ReturnType<typeof demoIds>>;
const KING = 'King Street Commerce Centre';

describe.each(databases)('tasks at organization level on %s', (database) => {
  let backend: TestBackend;
  let demo: Demo;
  let northwind = '';
  let harbour = '';
  let monthly = '';
  let weekly = '';
  let harbourMonthly = '';
  /** An active equipment type used at King Street with no building suspension, and another type of Northwind. */
  let kingType = 0;
  let harbourType = 0;
  const as: Record<string, Client> = {};

  beforeAll(async () => {
    backend = await startTestBackend({ database });
    demo = await demoIds(backend);
    northwind = String(demo.northwind);
    harbour = String(demo.harbour);
    monthly = demo.cycle(demo.northwind, 'Monthly');
    weekly = demo.cycle(demo.northwind, 'Weekly');
    harbourMonthly = demo.cycle(demo.harbour, 'Monthly');
    for (const username of ['admin', 'manager', 'regional', 'inspector', 'viewer', 'harbour']) as[username] = await signedIn(backend, username);
    const used = await backend.db
      .selectDistinct({ id: schema.locationEquipment.equipmentTypeId })
      .from(schema.locationEquipment)
      .innerJoin(schema.locations, eq(schema.locations.id, schema.locationEquipment.locationId))
      .innerJoin(schema.equipmentTypes, eq(schema.equipmentTypes.id, schema.locationEquipment.equipmentTypeId))
      .where(and(eq(schema.locations.buildingId, Number(demo.building(KING))), eq(schema.equipmentTypes.status, 'active'), eq(schema.locationEquipment.state, 'active')));
    const suspended = (await backend.db.select().from(schema.buildingSuspensions).where(eq(schema.buildingSuspensions.buildingId, Number(demo.building(KING))))).map((s) => s.equipmentTypeId);
    kingType = used.map((u) => u.id).find((id) => !suspended.includes(id))!;
    const [other] = await backend.db.select({ id: schema.equipmentTypes.id }).from(schema.equipmentTypes).where(eq(schema.equipmentTypes.organizationId, demo.harbour)).limit(1);
    harbourType = other!.id;
  });
  afterAll(() => backend?.close());

  const listOf = async (who: Client, query = `filter[organization]=${northwind}&page[size]=500`) => {
    const answer = await who.get(`/equipment_conditions?${query}`);
    expect(answer.status).toBe(200);
    return list(answer.body);
  };
  const add = (who: Client, cycle: string, body: { organization_id?: unknown; equipment_id?: unknown; component_id?: unknown; group_id?: unknown; attributes: Record<string, unknown> }) =>
    who.post(`/cycles/${cycle}/equipment_conditions`, { organization_id: Number(northwind), equipment_id: kingType, ...body });
  const put = (who: Client, id: string, body: Record<string, unknown>) => who.request('PUT', `/equipment_conditions/${id}`, body);
  const reorder = (who: Client, changes: unknown[]) => who.request('PUT', '/equipment_conditions/reorder', { attributes: changes });
  const pointers = (answer: { body: { errors?: Array<{ detail: string; source?: { pointer?: string } }> } }) =>
    (answer.body.errors ?? []).map((e) => [e.source?.pointer, e.detail]);

  it("lists the organization's tasks by group name then order, with every field of section 3, to every user of the organization", async () => {
    const tasks = await listOf(as.admin!);
    expect(tasks.length).toBeGreaterThan(10);
    const first = tasks[0]!.attributes;
    expect(Object.keys(first).sort()).toEqual(
      [
        'label', 'name', 'conditionType', 'classification', 'description', 'hint', 'reference_name', 'reference_description', 'rangeFrom', 'rangeTo', 'typeValue',
        'typeSatisfactoryValue', 'typeUnsatisfactoryValue', 'typeRecordValue', 'organizationId', 'cycleId', 'cycleName', 'equipmentTypeId', 'equipmentTypeName',
        'componentId', 'componentName', 'groupId', 'groupName', 'status', 'parentStatus', 'order', 'groupOrder', 'active', 'statusDisplayName', 'version',
      ].sort(),
    );
    const groups = tasks.map((t) => t.attributes.groupName as string | null);
    const named = groups.filter((g): g is string => g !== null);
    expect(named).toEqual([...named].sort());
    expect(groups.indexOf(null) === -1 || groups.slice(groups.indexOf(null)).every((g) => g === null)).toBe(true);
    for (const task of tasks) {
      expect(task.attributes.organizationId).toBe(Number(northwind));
      expect(task.attributes.statusDisplayName).toBe({ active: 'Active', paused: 'Paused', disabled: 'Inactive' }[task.attributes.status as string]);
      expect(task.attributes.active).toBe(task.attributes.status === 'active');
    }
    for (const who of ['manager', 'regional', 'inspector', 'viewer']) expect((await listOf(as[who]!)).map((t) => t.id)).toEqual(tasks.map((t) => t.id));
    // Another organization's user sees none of them, whatever the filter.
    expect(await listOf(as.harbour!)).toEqual([]);
    expect((await listOf(as.harbour!, 'page[size]=500')).every((t) => t.attributes.organizationId === Number(harbour))).toBe(true);
  });

  it('filters by cycle and by equipment type, and pages', async () => {
    const monthlyTasks = await listOf(as.manager!, `filter[organization]=${northwind}&filter[cycle]=${monthly}&page[size]=500`);
    expect(monthlyTasks.length).toBeGreaterThan(0);
    expect(monthlyTasks.every((t) => t.attributes.cycleName === 'Monthly')).toBe(true);
    const ofType = await listOf(as.manager!, `filter[organization]=${northwind}&filter[equipment]=${kingType}&page[size]=500`);
    expect(ofType.length).toBeGreaterThan(0);
    expect(ofType.every((t) => t.attributes.equipmentTypeId === kingType)).toBe(true);
    const paged = await as.manager!.get(`/equipment_conditions?filter[organization]=${northwind}&page[size]=2&page[number]=2`);
    expect(list(paged.body)).toHaveLength(2);
    expect(paged.body.meta!.total).toBe((await listOf(as.manager!)).length);
  });

  it("offers the organization's equipment types with their components to the Add Task modal, to every user of it", async () => {
    const choices = list((await as.viewer!.get(`/organizations/${northwind}/equipment-choices`)).body);
    const [types] = [await backend.db.select().from(schema.equipmentTypes).where(eq(schema.equipmentTypes.organizationId, demo.northwind))];
    expect(choices.map((c) => Number(c.id)).sort()).toEqual(types.map((t) => t.id).sort());
    const lighting = choices.find((c) => c.attributes.name === 'Emergency Lighting')!;
    expect((lighting.attributes.components as Array<{ name: string }>).map((c) => c.name)).toEqual(['Battery Unit', 'Remote Heads']);
    expect(lighting.attributes.status).toBe('active');
    // A type without components keeps its task groups on an implicit component, which is not one to choose.
    expect(choices.find((c) => c.attributes.name === 'Portable Fire Extinguisher')!.attributes.components).toEqual([]);
    expect((await as.harbour!.get(`/organizations/${northwind}/equipment-choices`)).status).toBe(404);
    expect((await as.admin!.get(`/organizations/${northwind}/equipment-choices`)).status).toBe(200);
  });

  it('adds a task of every type with its values for administrators, after the last task of its type', async () => {
    const before = (await listOf(as.admin!, `filter[organization]=${northwind}&filter[equipment]=${kingType}&page[size]=500`)).map((t) => t.attributes.order as number);
    const cases: Array<[Record<string, unknown>, Record<string, unknown>]> = [
      [{ label: 'Cabinet latch works', type: 'Boolean' }, { conditionType: 'boolean', classification: 'Apply', typeValue: null }],
      [{ label: 'Signage visible', type: 'YesNo', classification: 'Inspect' }, { conditionType: 'yesno', classification: 'Inspect' }],
      [{ label: 'Backup lamp lights', type: 'YesNoNotApplicable', classification: 'test' }, { conditionType: 'yesnonotapplicable', classification: 'Test' }],
      [{ label: 'Spare heads on hand', type: 'Number', classification: 'Count' }, { conditionType: 'number', classification: 'Count' }],
      [{ label: 'Tag initials', typeSatisfactoryValue: 'AB, CD', rangeFrom: 3 }, { conditionType: 'string', typeSatisfactoryValue: 'AB, CD', rangeFrom: null }],
      [{ label: 'Gauge pressure', type: 'Range', rangeFrom: '100', rangeTo: 175.5 }, { conditionType: 'range', rangeFrom: '100', rangeTo: '175.5' }],
      [{ label: 'Pin position', type: 'Dropdown', typeValue: 'In, Out, Missing', typeSatisfactoryValue: 'In' }, { conditionType: 'dropdown', typeValue: 'In, Out, Missing', typeSatisfactoryValue: 'In' }],
      [
        { label: 'Cabinet contents', type: 'Multiselect', typeSatisfactoryValue: 'Hose,Nozzle', typeUnsatisfactoryValue: 'Broken glass', typeRecordValue: 'Spare key' },
        { conditionType: 'multiselect', typeValue: 'Hose,Nozzle,Broken glass,Spare key', typeSatisfactoryValue: 'Hose,Nozzle', typeUnsatisfactoryValue: 'Broken glass', typeRecordValue: 'Spare key' },
      ],
    ];
    const orders: number[] = [];
    for (const [attributes, expected] of cases) {
      const answer = await add(as.admin!, monthly, { attributes: { description: 'Checked monthly', hint: 'Look closely', reference_name: 'NFPA 10', reference_description: '7.2.2', ...attributes } });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      const task = one(answer.body).attributes;
      expect(task).toMatchObject({
        label: attributes.label,
        name: attributes.label,
        description: 'Checked monthly',
        hint: 'Look closely',
        reference_name: 'NFPA 10',
        reference_description: '7.2.2',
        cycleId: Number(monthly),
        cycleName: 'Monthly',
        equipmentTypeId: kingType,
        status: 'active',
        parentStatus: 'active',
        statusDisplayName: 'Active',
        active: true,
        version: 1,
        groupId: null,
        ...expected,
      });
      orders.push(task.order as number);
    }
    expect(orders[0]).toBe(Math.max(-1, ...before) + 1);
    expect(orders).toEqual(orders.map((_, i) => orders[0]! + i));
  });

  it('lets a user who manages their organization add to it, and refuses everyone else', async () => {
    const own = await as.harbour!.post(`/cycles/${harbourMonthly}/equipment_conditions`, { organization_id: Number(harbour), equipment_id: harbourType, attributes: { label: 'Harbour task' } });
    expect(own.status).toBe(201);
    for (const who of ['manager', 'viewer', 'inspector', 'regional']) {
      const refused = await add(as[who]!, monthly, { attributes: { label: 'Not mine to add' } });
      expect(refused.status, who).toBe(403);
      expect(refused.body.errors![0]!.code).toBe('FORBIDDEN');
    }
    expect((await add(as.harbour!, monthly, { attributes: { label: 'Not mine to add' } })).status).toBe(404);
    // One's own organization with another organization's cycle or type: not the organization's.
    const foreign = await as.harbour!.post(`/cycles/${monthly}/equipment_conditions`, { organization_id: Number(harbour), equipment_id: kingType, attributes: { label: 'Borrowed' } });
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors!.map((e) => [e.source?.pointer, e.code])).toEqual([
      ['/cycle_id', 'NOT_FOUND'],
      ['/equipment_id', 'NOT_FOUND'],
    ]);
    expect(foreign.body.errors![0]!.detail).toBe(TASK_CYCLE_NOT_OF_ORGANIZATION_MESSAGE);
    expect((await listOf(as.admin!)).some((t) => t.attributes.label === 'Not mine to add' || t.attributes.label === 'Borrowed')).toBe(false);
  });

  it("answers the section 5 rules with the spec's words at their pointers, all at once", async () => {
    const empty = await add(as.admin!, 'null', { equipment_id: null, attributes: { label: '  ' } });
    expect(empty.status).toBe(422);
    expect(pointers(empty)).toEqual([
      ['/attributes/label', TASK_NAME_REQUIRED_MESSAGE],
      ['/cycle_id', TASK_CYCLE_REQUIRED_MESSAGE],
      ['/equipment_id', TASK_EQUIPMENT_REQUIRED_MESSAGE],
    ]);
    expect(pointers(await add(as.admin!, monthly, { attributes: { label: 'Pin', type: 'Dropdown', typeValue: ' , ' } }))).toEqual([['/attributes/typeValue', DROPDOWN_VALUES_REQUIRED_MESSAGE]]);
    expect(pointers(await add(as.admin!, monthly, { attributes: { label: 'Contents', type: 'multiselect' } }))).toEqual([['/attributes/typeSatisfactoryValue', MULTISELECT_VALUES_REQUIRED_MESSAGE]]);
    expect(pointers(await add(as.admin!, monthly, { attributes: { label: 'Gauge', type: 'Range', rangeTo: 'high' } }))).toEqual([
      ['/attributes/rangeFrom', RANGE_FROM_REQUIRED_MESSAGE],
      ['/attributes/rangeTo', RANGE_TO_NUMBER_MESSAGE],
    ]);
    expect(pointers(await add(as.admin!, monthly, { attributes: { label: 'Gauge', type: 'Range', rangeFrom: '10', rangeTo: '5' } }))).toEqual([['/attributes/rangeTo', RANGE_ORDER_MESSAGE]]);
    expect(pointers(await add(as.admin!, monthly, { attributes: { label: 'Odd', type: 'Checkbox' } }))).toEqual([['/attributes/type', TASK_TYPE_MESSAGE]]);
    const long = await add(as.admin!, monthly, {
      attributes: { label: 'x'.repeat(257), description: 'd'.repeat(257), hint: 'h'.repeat(257), reference_name: 'r'.repeat(257), reference_description: 'e'.repeat(257), type: 'Dropdown', typeValue: 'v'.repeat(513) },
    });
    expect(pointers(long)).toEqual([
      ['/attributes/label', 'Task name must be at most 256 characters'],
      ['/attributes/description', 'Description must be at most 256 characters'],
      ['/attributes/hint', 'Hint must be at most 256 characters'],
      ['/attributes/reference_name', 'Reference name must be at most 256 characters'],
      ['/attributes/reference_description', 'Reference description must be at most 256 characters'],
      ['/attributes/typeValue', 'Dropdown values must be at most 512 characters'],
    ]);
    // 256 and 512 characters are fine.
    expect((await add(as.admin!, monthly, { attributes: { label: 'x'.repeat(256), type: 'Dropdown', typeValue: 'v'.repeat(512) } })).status).toBe(201);
  });

  async function freshTask(label: string, attributes: Record<string, unknown> = {}) {
    const answer = await add(as.admin!, monthly, { attributes: { label, type: 'Dropdown', typeValue: 'Open,Closed', typeSatisfactoryValue: 'Open', classification: 'Check', ...attributes } });
    expect(answer.status).toBe(201);
    return one(answer.body);
  }

  it('edits the description, hint, references and classification over the version read, and refuses an older version with 409 STALE', async () => {
    const task = await freshTask('Valve position');
    const edited = await put(as.admin!, task.id, {
      attributes: { description: 'Seal intact', hint: 'Chain and lock', reference_name: 'NFPA 25', reference_description: '13.3.2.2', classification: 'Inspect', version: 1 },
    });
    expect(edited.status).toBe(200);
    expect(one(edited.body).attributes).toMatchObject({ description: 'Seal intact', hint: 'Chain and lock', reference_name: 'NFPA 25', reference_description: '13.3.2.2', classification: 'Inspect', version: 2 });
    const stale = await put(as.admin!, task.id, { attributes: { description: 'Older', version: 1 } });
    expect(stale.status).toBe(409);
    expect(stale.body.errors![0]).toMatchObject({ code: 'STALE', detail: STALE_EDIT_MESSAGE, source: { pointer: '/attributes/version' } });
    expect(list((await as.admin!.get(`/equipment_conditions?filter[id]=${task.id}`)).body)[0]!.attributes.description).toBe('Seal intact');
    // Clearing a text stores nothing.
    expect(one((await put(as.admin!, task.id, { attributes: { hint: '' } })).body).attributes.hint).toBeNull();
  });

  it('refuses a change of the name, cycle, type, range or values, and takes them unchanged', async () => {
    const task = await freshTask('Locked valve');
    const changed = await put(as.admin!, task.id, {
      attributes: { label: 'Renamed', type: 'String', cycle_id: Number(weekly), typeValue: 'Open', typeSatisfactoryValue: 'Closed', rangeFrom: 1, description: 'Fine' },
    });
    expect(changed.status).toBe(422);
    expect(pointers(changed)).toEqual([
      ['/attributes/label', lockedTaskFieldMessage('label')],
      ['/attributes/type', lockedTaskFieldMessage('type')],
      ['/attributes/cycle_id', lockedTaskFieldMessage('cycleId')],
      ['/attributes/rangeFrom', lockedTaskFieldMessage('rangeFrom')],
      ['/attributes/typeValue', lockedTaskFieldMessage('typeValue')],
      ['/attributes/typeSatisfactoryValue', lockedTaskFieldMessage('typeSatisfactoryValue')],
    ]);
    const same = await put(as.admin!, task.id, {
      attributes: { label: 'Locked valve', type: 'Dropdown', cycle_id: monthly, equipment_id: kingType, typeValue: 'Open,Closed', typeSatisfactoryValue: 'Open', rangeFrom: null, description: 'Fine' },
    });
    expect(same.status).toBe(200);
    expect(one(same.body).attributes).toMatchObject({ label: 'Locked valve', conditionType: 'dropdown', description: 'Fine', version: 2 });
  });

  it('sets the status for administrators and organization managers only, and shows it as Active, Paused or Inactive', async () => {
    const task = await freshTask('Status task');
    for (const who of ['manager', 'viewer']) {
      const refused = await put(as[who]!, task.id, { organization_id: Number(northwind), attributes: { status: 'paused' } });
      expect(refused.status).toBe(403);
    }
    expect((await put(as.harbour!, task.id, { organization_id: Number(harbour), attributes: { status: 'paused' } })).status).toBe(404);
    const paused = await put(as.admin!, task.id, { organization_id: Number(northwind), attributes: { status: 'paused', version: 1 } });
    expect(one(paused.body).attributes).toMatchObject({ status: 'paused', statusDisplayName: 'Paused', active: false, version: 2 });
    const disabled = await put(as.admin!, task.id, { organization_id: northwind, attributes: { status: 'disabled' } });
    expect(one(disabled.body).attributes).toMatchObject({ status: 'disabled', statusDisplayName: 'Inactive' });
    expect((await put(as.admin!, task.id, { organization_id: Number(harbour), attributes: { status: 'active' } })).status).toBe(422);
    // Harbour's own task, by Harbour's organization manager.
    const [own] = await listOf(as.harbour!, `filter[organization]=${harbour}&page[size]=1`);
    const harbourStatus = await put(as.harbour!, own!.id, { organization_id: Number(harbour), attributes: { status: 'paused', version: own!.attributes.version } });
    expect(one(harbourStatus.body).attributes.status).toBe('paused');
    // The type's status is the task's parent status.
    await backend.db.update(schema.equipmentTypes).set({ status: 'paused' }).where(eq(schema.equipmentTypes.id, kingType));
    expect(list((await as.admin!.get(`/equipment_conditions?filter[id]=${task.id}`)).body)[0]!.attributes.parentStatus).toBe('paused');
    await backend.db.update(schema.equipmentTypes).set({ status: 'active' }).where(eq(schema.equipmentTypes.id, kingType));
  });

  it('reorders only the tasks sent, in one transaction, and keeps nothing of a batch with one stale version', async () => {
    const a = await freshTask('Order A');
    const b = await freshTask('Order B');
    const c = await freshTask('Order C');
    const swapped = await reorder(as.admin!, [
      { id: Number(a.id), order: b.attributes.order, version: a.attributes.version },
      { id: b.id, order: a.attributes.order, version: b.attributes.version },
    ]);
    expect(swapped.status).toBe(200);
    expect(list(swapped.body).map((t) => [t.id, t.attributes.order, t.attributes.version]).sort()).toEqual(
      [
        [a.id, b.attributes.order, 2],
        [b.id, a.attributes.order, 2],
      ].sort(),
    );
    const byId = async () => new Map(list((await as.admin!.get(`/equipment_conditions?filter[id]=${a.id},${b.id},${c.id}`)).body).map((t) => [t.id, t.attributes]));
    const after = await byId();
    expect(after.get(c.id)!.version).toBe(1);
    const stale = await reorder(as.admin!, [
      { id: c.id, order: 0, version: 1 },
      { id: a.id, order: 0, version: 1 },
    ]);
    expect(stale.status).toBe(409);
    expect(stale.body.errors![0]).toMatchObject({ code: 'STALE', detail: STALE_ORDER_MESSAGE, source: { pointer: '/attributes/1/version' } });
    const unchanged = await byId();
    expect([...unchanged.entries()].map(([id, t]) => [id, t.order, t.version])).toEqual([...after.entries()].map(([id, t]) => [id, t.order, t.version]));
  });

  it('lets only administrators and organization managers reorder, and only tasks they see', async () => {
    const task = await freshTask('Order D');
    for (const who of ['manager', 'viewer']) expect((await reorder(as[who]!, [{ id: task.id, order: 0 }])).status).toBe(403);
    expect((await reorder(as.harbour!, [{ id: task.id, order: 0 }])).status).toBe(404);
    expect((await reorder(as.admin!, [{ id: task.id, order: 0 }, { id: task.id, order: 1 }])).status).toBe(422);
    // "reorder" is never taken for a task's id.
    expect((await put(as.admin!, 'reorder', { attributes: { description: 'x' } })).status).toBe(422);
  });

  it('puts a task added here in the walkabouts Create Current Walkabouts makes, with its type and values, and answers it by them', async () => {
    const made = async (attributes: Record<string, unknown>) => one((await add(as.admin!, monthly, { attributes })).body);
    const multiselect = await made({ label: 'Walkabout contents', type: 'Multiselect', typeSatisfactoryValue: 'Hose,Nozzle', typeUnsatisfactoryValue: 'Broken glass', typeRecordValue: 'Spare key' });
    const dropdown = await made({ label: 'Walkabout pin', type: 'Dropdown', typeValue: 'In,Out', typeSatisfactoryValue: 'In' });
    const range = await made({ label: 'Walkabout gauge', type: 'Range', rangeFrom: '40', rangeTo: '175' });
    const yesNo = await made({ label: 'Walkabout sign lit', type: 'YesNoNotApplicable', classification: 'Check', hint: 'From the door' });
    const pressed = await as.manager!.post(`/buildings/${demo.building(KING)}/walkabouts`, undefined);
    expect(pressed.status).toBe(200);
    const walkabout = await demo.walkabout(KING, 'Monthly');
    const conditions = tree((await as.admin!.get(`/walkabouts/${walkabout}`)).body).conditions;
    const of = (task: JsonApiResource) => conditions.filter((c) => c.attributes.taskId === Number(task.id));
    for (const task of [multiselect, dropdown, range, yesNo]) expect(of(task).length, String(task.attributes.label)).toBeGreaterThan(0);
    expect(of(multiselect)[0]!.attributes).toMatchObject({
      conditionType: 'multiselect',
      typeValue: ['Hose', 'Nozzle', 'Broken glass', 'Spare key'],
      typeSatisfactoryValue: ['Hose', 'Nozzle'],
      typeUnsatisfactoryValue: ['Broken glass'],
      typeRecordValue: ['Spare key'],
    });
    expect(of(dropdown)[0]!.attributes).toMatchObject({ conditionType: 'dropdown', typeValue: ['In', 'Out'], typeSatisfactoryValue: ['In'] });
    expect(of(range)[0]!.attributes).toMatchObject({ conditionType: 'range', rangeFrom: 40, rangeTo: 175 });
    expect(of(yesNo)[0]!.attributes).toMatchObject({ conditionType: 'yesnonotapplicable', classification: 'Check', hint: 'From the door' });

    // The inspector's answers are judged by the task's values.
    const save = async (condition: JsonApiResource, value: unknown) => {
      const answer = await as.admin!.save(`tasks-${condition.id}-${JSON.stringify(value)}`, {
        walkaboutToUpdateId: walkabout,
        data: {
          entries: [{ id: String(condition.attributes.entryId), scannedAt: new Date().toISOString() }],
          conditions: [{ id: condition.id, value, remarks: 'Seen', photoUrl: '/files/evidence.png', photoMimetype: 'image/png', editedVia: 'tap', editedAt: new Date().toISOString() }],
        },
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const saved = tree((await as.admin!.get(`/walkabouts/${walkabout}`)).body).conditions.find((c) => c.id === condition.id)!;
      return saved.attributes;
    };
    expect(await save(of(multiselect)[0]!, ['Hose', 'Nozzle', 'Spare key'])).toMatchObject({ value: ['Hose', 'Nozzle', 'Spare key'], isSatisfactory: true });
    expect(await save(of(multiselect)[0]!, ['Hose', 'Broken glass'])).toMatchObject({ isSatisfactory: false });
    expect(await save(of(dropdown)[0]!, 'out')).toMatchObject({ value: 'Out', isSatisfactory: false });
    expect(await save(of(range)[0]!, 90)).toMatchObject({ value: 90, isSatisfactory: true });
    expect(await save(of(yesNo)[0]!, 'na')).toMatchObject({ value: 'na', isSatisfactory: null });
  });

  it('leaves a paused task out of the walkabouts made afterwards', async () => {
    const task = one((await add(as.admin!, monthly, { attributes: { label: 'Paused before the walkabout', type: 'Boolean' } })).body);
    expect((await put(as.admin!, task.id, { organization_id: Number(northwind), attributes: { status: 'paused' } })).status).toBe(200);
    expect((await as.manager!.post(`/buildings/${demo.building(KING)}/walkabouts`, undefined)).status).toBe(200);
    const conditions = tree((await as.admin!.get(`/walkabouts/${await demo.walkabout(KING, 'Monthly')}`)).body).conditions;
    expect(conditions.some((c) => c.attributes.taskId === Number(task.id))).toBe(false);
  });
});
