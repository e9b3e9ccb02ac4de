/**
 * Types and tasks at building level (issue 13 point 2; admin-organizations-buildings.md sections 2-7): the
 * building-level list with each type's and task's building status, pausing with a short name (the rules of section
 * 5, word for word), setting active again, who may do each (section 6), and what pausing does to walkabouts (after
 * Create Current Walkabouts) and to reports (P for paused, X for inactive).
 */
import { ALREADY_PAUSED_MESSAGE, NOT_AT_BUILDING_MESSAGE, reservedShortNameMessage, SHORT_NAME_IN_USE_MESSAGE, SHORT_NAME_REQUIRED_MESSAGE, SHORT_NAME_TOO_LONG_MESSAGE, SUSPENSION_DESCRIPTION_REQUIRED_MESSAGE } from '@fsi/shared/suspensions';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestReport } from '../src/features/reports/generate';
import { reportSection } from '../src/seed/test-seed';
import { schema, type TestBackend } from '../src/testing';
import { databases, demoIds, list, one, signedIn, startTestBackend, tree, type Client, type JsonApiResource } from './helpers';
import { readPdfText } from './pdf-reading';

const KING = 'King Street Commerce Centre';

describe.each(databases)('types and tasks at building level on %s', (database) => {
  let backend: TestBackend;
  let demo: Awaited<ReturnType<typeof demoIds>>;
  let building: string;
  const as: Record<string, Client> = {};

  beforeAll(async () => {
    backend = await startTestBackend({ database });
    demo = await demoIds(backend);
    building = demo.building(KING);
    for (const username of ['admin', 'manager', 'inspector', 'viewer', 'harbour']) as[username] = await signedIn(backend, username);
  });
  afterAll(() => backend?.close());

  const listOf = (who: Client, b = building) =>
    who.get(`/equipment?filter[building]=${b}&include=equipment-equipment-conditions&status[]=active&status[]=paused&status[]=disabled&view=building-level&page[size]=500`);
  const pauseType = (who: Client, equipmentId: string | number, attributes: Record<string, unknown>, b: string | number = building) =>
    who.post('/building_equipment_suspensions', { building_id: Number(b), equipment_id: Number(equipmentId), attributes });
  const pauseTask = (who: Client, taskId: string | number, attributes: Record<string, unknown>, b: string | number = building) =>
    who.post('/building_condition_suspensions', { building_id: Number(b), equipment_condition_id: Number(taskId), attributes });
  const resumeType = (who: Client, id: unknown, b: string | number = building) => who.request('DELETE', `/building_equipment_suspensions/${id}`, { building_id: Number(b) });
  const resumeTask = (who: Client, id: unknown, b: string | number = building) => who.request('DELETE', `/building_condition_suspensions/${id}`, { building_id: Number(b) });
  const tasksOf = (body: { included?: JsonApiResource[] }) => (body.included ?? []).filter((r) => r.type === 'equipment-conditions');

  it('lists the types used at the building with their tasks and building statuses to everyone who may see the building', async () => {
    for (const who of ['admin', 'manager', 'inspector', 'viewer']) {
      const { status, body } = await listOf(as[who]!);
      expect(status).toBe(200);
      const types = list(body);
      expect(types.length).toBeGreaterThan(2);
      expect(types.every((t) => t.attributes.building_level_status === 'active' && t.attributes.suspension_id === null)).toBe(true);
      const tasks = tasksOf(body);
      expect(tasks.length).toBeGreaterThan(types.length);
      expect(tasks[0]!.attributes).toMatchObject({ building_level_status: 'active', suspension_short_name: null });
      expect(tasks[0]!.attributes).toHaveProperty('groupName');
      expect(tasks[0]!.attributes).toHaveProperty('description');
    }
    // Another organization's user does not see the building; the applicability list stays administrators'.
    expect((await listOf(as.harbour!)).status).toBe(404);
    expect((await as.manager!.get(`/equipment?filter[building]=${building}&include=equipment-equipment-conditions`)).status).toBe(403);
  });

  it("pauses a type with a new short name for administrators and building managers, refuses the others, and sets it active again", async () => {
    const [type] = list((await listOf(as.admin!)).body);
    for (const who of ['viewer', 'inspector']) {
      const refused = await pauseType(as[who]!, type!.id, { short_name: 'RW', description: 'Roof works' });
      expect(refused.status).toBe(403);
      expect(refused.body.errors![0]!.code).toBe('FORBIDDEN');
    }
    expect((await pauseType(as.harbour!, type!.id, { short_name: 'RW', description: 'Roof works' })).status).toBe(404);

    const paused = await pauseType(as.manager!, type!.id, { short_name: 'rw', description: '  Roof works  ' });
    expect(paused.status).toBe(201);
    expect(one(paused.body)).toMatchObject({ id: type!.id, type: 'equipment' });
    expect(one(paused.body).attributes).toMatchObject({ building_level_status: 'paused', suspension_short_name: 'rw', suspension_description: 'Roof works' });
    const suspensionId = one(paused.body).attributes.suspension_id as number;
    expect(suspensionId).toBeTypeOf('number');
    const listed = list((await listOf(as.viewer!)).body).find((t) => t.id === type!.id)!;
    expect(listed.attributes).toMatchObject({ building_level_status: 'paused', suspension_id: suspensionId });
    // Once paused, pausing again is refused.
    const again = await pauseType(as.manager!, type!.id, { short_name: 'RW', description: 'Roof works' });
    expect(again.status).toBe(422);
    expect(again.body.errors![0]).toMatchObject({ detail: ALREADY_PAUSED_MESSAGE, source: { pointer: '/equipment_id' } });

    expect((await resumeType(as.viewer!, suspensionId)).status).toBe(403);
    expect((await resumeType(as.harbour!, suspensionId, demo.byOrganization(demo.harbour).buildings[0]!)).status).toBe(404);
    // A suspension named with another building, or through the tasks' call, is not found.
    expect((await resumeType(as.manager!, suspensionId, demo.building('Yonge & Eglinton Tower'))).status).toBe(404);
    expect((await resumeTask(as.manager!, suspensionId)).status).toBe(404);
    const resumed = await resumeType(as.manager!, suspensionId);
    expect(resumed.status).toBe(200);
    expect(one(resumed.body).attributes).toMatchObject({ building_level_status: 'active', suspension_id: null, suspension_short_name: null });
    expect(list((await listOf(as.admin!)).body).find((t) => t.id === type!.id)!.attributes.building_level_status).toBe('active');
    expect((await resumeType(as.manager!, suspensionId)).status).toBe(404);
  });

  it("answers the short name rules of section 5 with the spec's words at each attribute", async () => {
    const types = list((await listOf(as.admin!)).body);
    const [first, second, third] = types;
    const empty = await pauseType(as.manager!, first!.id, { short_name: ' ', description: '' });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual([
      expect.objectContaining({ detail: SHORT_NAME_REQUIRED_MESSAGE, source: { pointer: '/attributes/short_name' }, code: 'VALIDATION_FAILED' }),
      expect.objectContaining({ detail: SUSPENSION_DESCRIPTION_REQUIRED_MESSAGE, source: { pointer: '/attributes/description' } }),
    ]);
    expect((await pauseType(as.manager!, first!.id, { short_name: 'ABC', description: 'r' })).body.errors![0]!.detail).toBe(SHORT_NAME_TOO_LONG_MESSAGE);
    for (const reserved of ['X', 'P', 'C', 'S', '-', 'US', 'us']) {
      const refused = await pauseType(as.manager!, first!.id, { short_name: reserved, description: 'Reason' });
      expect(refused.status).toBe(422);
      expect(refused.body.errors![0]!.detail).toBe(reservedShortNameMessage(reserved.toUpperCase()));
    }
    expect((await pauseType(as.manager!, first!.id, { short_name: 'Z', description: 'x'.repeat(257) })).body.errors![0]!.detail).toBe('Description must be at most 256 characters');
    expect((await pauseType(as.manager!, 999999, { short_name: 'Z', description: 'Reason' })).body.errors![0]!.detail).toBe(NOT_AT_BUILDING_MESSAGE);

    const created = await pauseType(as.manager!, first!.id, { short_name: 'EL', description: 'Elevator modernization' });
    expect(created.status).toBe(201);
    // An existing short name with another reason is a new name already used; with no reason it is picked again, its reason reused.
    const clash = await pauseType(as.manager!, second!.id, { short_name: 'el', description: 'Something else' });
    expect(clash.status).toBe(422);
    expect(clash.body.errors![0]).toMatchObject({ detail: SHORT_NAME_IN_USE_MESSAGE, source: { pointer: '/attributes/short_name' } });
    const picked = await pauseType(as.manager!, second!.id, { short_name: 'el', description: null });
    expect(picked.status).toBe(201);
    expect(one(picked.body).attributes).toMatchObject({ suspension_short_name: 'EL', suspension_description: 'Elevator modernization' });
    const same = await pauseType(as.admin!, third!.id, { short_name: 'EL', description: 'Elevator modernization' });
    expect(same.status).toBe(201);
    for (const r of [created, picked, same]) expect((await resumeType(as.manager!, one(r.body).attributes.suspension_id)).status).toBe(200);
  });

  it('pauses a task and sets it active again, each answering the task with its building status', async () => {
    const { body } = await listOf(as.admin!);
    const task = tasksOf(body)[0]!;
    expect((await pauseTask(as.viewer!, task.id, { short_name: 'GA', description: 'Gauge replaced' })).status).toBe(403);
    expect((await pauseTask(as.harbour!, task.id, { short_name: 'GA', description: 'Gauge replaced' })).status).toBe(404);
    const paused = await pauseTask(as.manager!, task.id, { short_name: 'GA', description: 'Gauge replaced' });
    expect(paused.status).toBe(201);
    expect(one(paused.body)).toMatchObject({ type: 'equipment-conditions', id: task.id });
    expect(one(paused.body).attributes).toMatchObject({ building_level_status: 'paused', suspension_short_name: 'GA', suspension_description: 'Gauge replaced' });
    const listed = tasksOf((await listOf(as.inspector!)).body).find((t) => t.id === task.id)!;
    expect(listed.attributes.building_level_status).toBe('paused');
    const id = one(paused.body).attributes.suspension_id;
    expect((await resumeType(as.manager!, id)).status).toBe(404);
    expect((await resumeTask(as.inspector!, id)).status).toBe(403);
    const resumed = await resumeTask(as.manager!, id);
    expect(resumed.status).toBe(200);
    expect(one(resumed.body).attributes).toMatchObject({ building_level_status: 'active', suspension_id: null });
  });

  it('takes a paused type and a paused task out of the open walkabout on Create Current Walkabouts, and puts them back once active again', async () => {
    const walkabout = await demo.walkabout(KING, 'Monthly');
    const before = tree((await as.admin!.get(`/walkabouts/${walkabout}`)).body);
    const typeIds = [...new Set(before.entries.map((e) => e.attributes.equipmentTypeId as number))];
    expect(typeIds.length).toBeGreaterThanOrEqual(2);
    const [pausedType, otherType] = typeIds as [number, number];
    const entryOfOther = before.entries.find((e) => e.attributes.equipmentTypeId === otherType)!;
    const taskIdsOfOther = [...new Set(before.conditions.filter((c) => c.attributes.entryId === Number(entryOfOther.id)).map((c) => c.attributes.taskId as number))];
    expect(taskIdsOfOther.length).toBeGreaterThanOrEqual(2);
    const pausedTask = taskIdsOfOther[0]!;

    const type = await pauseType(as.manager!, pausedType, { short_name: 'RN', description: 'Renovation' });
    const task = await pauseTask(as.manager!, pausedTask, { short_name: 'RN', description: null });
    expect([type.status, task.status]).toEqual([201, 201]);
    // Nothing changes in the open walkabout until Create Current Walkabouts.
    expect(tree((await as.admin!.get(`/walkabouts/${walkabout}`)).body).entries.length).toBe(before.entries.length);
    expect((await as.manager!.post(`/buildings/${building}/walkabouts`, undefined)).status).toBe(200);
    const after = tree((await as.admin!.get(`/walkabouts/${walkabout}`)).body);
    expect(after.entries.some((e) => e.attributes.equipmentTypeId === pausedType)).toBe(false);
    expect(after.entries.some((e) => e.attributes.equipmentTypeId === otherType)).toBe(true);
    expect(after.conditions.some((c) => c.attributes.taskId === pausedTask)).toBe(false);
    expect(after.conditions.some((c) => c.attributes.taskId === taskIdsOfOther[1])).toBe(true);

    expect((await resumeType(as.manager!, one(type.body).attributes.suspension_id)).status).toBe(200);
    expect((await resumeTask(as.manager!, one(task.body).attributes.suspension_id)).status).toBe(200);
    expect((await as.manager!.post(`/buildings/${building}/walkabouts`, undefined)).status).toBe(200);
    const back = tree((await as.admin!.get(`/walkabouts/${walkabout}`)).body);
    expect(back.entries.some((e) => e.attributes.equipmentTypeId === pausedType)).toBe(true);
    expect(back.conditions.some((c) => c.attributes.taskId === pausedTask)).toBe(true);
  });

  it('shows P on the report for a task paused at the building and X for an inactive one', async () => {
    const walkabout = Number(await demo.walkabout(KING, 'Weekly'));
    const t = tree((await as.admin!.get(`/walkabouts/${walkabout}`)).body);
    const entry = t.entries[0]!;
    const conditions = t.conditions.filter((c) => c.attributes.entryId === Number(entry.id));
    expect(conditions.length).toBeGreaterThanOrEqual(2);
    const [pausedCondition, inactiveCondition] = conditions as [JsonApiResource, JsonApiResource];
    const [definition] = await backend.db
      .insert(schema.reportDefinitions)
      .values({
        organizationId: demo.northwind,
        buildingId: Number(building),
        cycleId: Number(demo.cycle(demo.northwind, 'Weekly')),
        name: 'Building Level Marks',
        sections: [reportSection({ detail: 'condition', title: 'Marks', equipmentId: entry.attributes.equipmentTypeId as number, includeMetadata: false })],
      })
      .returning({ id: schema.reportDefinitions.id });
    const paused = await pauseTask(as.manager!, pausedCondition.attributes.taskId as number, { short_name: 'MK', description: 'Marks test' });
    expect(paused.status).toBe(201);
    // Inactive is set at organization level (the task's own status).
    await backend.db.update(schema.tasks).set({ status: 'disabled' }).where(eq(schema.tasks.id, inactiveCondition.attributes.taskId as number));

    await requestReport(backend.app, { kind: 'walkabout', walkaboutId: walkabout, reportDefinitionId: definition!.id });
    await backend.app.jobs.drain();
    const [report] = await backend.db
      .select()
      .from(schema.generatedReports)
      .where(and(eq(schema.generatedReports.walkaboutId, walkabout), eq(schema.generatedReports.reportDefinitionId, definition!.id)));
    expect(report!.status).toBe('ready');
    const file = await backend.storage.get(report!.uploadKey!);
    const chunks: Buffer[] = [];
    for await (const chunk of file!.body) chunks.push(Buffer.from(chunk as Uint8Array));
    const pages = await readPdfText(new Uint8Array(Buffer.concat(chunks)));
    const marksOn = (label: string) => {
      for (const page of pages) {
        const anchor = page.items.find((item) => item.str === label) ?? page.items.find((item) => item.str.length >= 10 && label.startsWith(item.str));
        if (anchor) return page.items.filter((item) => Math.abs(item.y - anchor.y) < 6 && ['S', 'U', 'P', 'X'].includes(item.str)).map((item) => item.str);
      }
      throw new Error(`'${label}' is not in the PDF`);
    };
    expect(marksOn(pausedCondition.attributes.label as string)).toEqual(['P']);
    expect(marksOn(inactiveCondition.attributes.label as string)).toEqual(['X']);
    await backend.db.update(schema.tasks).set({ status: 'active' }).where(eq(schema.tasks.id, inactiveCondition.attributes.taskId as number));
    expect((await resumeTask(as.manager!, one(paused.body).attributes.suspension_id)).status).toBe(200);
  });

  it("prints the types by location with their state and status, narrowed by the filters, polled until the PDF is made", async () => {
    const { body } = await listOf(as.admin!);
    const pausedType = list(body)[0]!;
    const paused = await pauseType(as.manager!, pausedType.id, { short_name: 'PT', description: 'Print test' });
    expect(paused.status).toBe(201);
    const location = await demo.location(KING, 'Main Lobby');
    const init = (who: Client, filters: Record<string, unknown> = {}) => who.post('/equipments-on-locations/reports/init-creation', { building_id: building, ...filters });

    expect((await init(as.harbour!)).status).toBe(404);
    const started = await init(as.viewer!, { selectedLocation: null, selectedType: '', selectedState: null });
    expect(started.status).toBe(201);
    const identificator = one(started.body).attributes.report_identificator as string;
    expect(one(started.body).attributes).toMatchObject({ pdf_url: null, status: 'pending' });
    expect((await as.harbour!.get(`/equipments-on-locations/reports/${identificator}`)).status).toBe(404);
    await backend.app.jobs.drain();
    const polled = await as.viewer!.get(`/equipments-on-locations/reports/${identificator}`);
    expect(polled.status).toBe(200);
    expect(one(polled.body).attributes).toMatchObject({ status: 'ready', report_id: expect.any(Number) });
    const pdfUrl = one(polled.body).attributes.pdf_url as string;
    const pdf = await backend.app.inject({ method: 'GET', url: pdfUrl });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    const pages = await readPdfText(new Uint8Array(pdf.rawPayload));
    const text = pages.map((p) => p.text).join('\n');
    expect(text).toContain('Equipment Types by Location');
    expect(text).toContain(KING);
    expect(text).toContain('Main Lobby');
    expect(text).toContain('Paused (PT)');
    const lineOf = (label: string) => {
      for (const page of pages) {
        const anchor = page.items.find((item) => item.str === label);
        if (anchor) return page.items.filter((item) => Math.abs(item.y - anchor.y) < 6).map((item) => item.str);
      }
      return [];
    };
    expect(lineOf('Paused (PT)')).toContain('P');
    expect(lineOf('Paused (PT)')).toContain(pausedType.attributes.name);

    // Narrowed to one location: only its rows.
    const narrowed = await init(as.manager!, { selectedLocation: Number(location), selectedState: 'unscanned' });
    await backend.app.jobs.drain();
    const answer = one((await as.manager!.get(`/equipments-on-locations/reports/${one(narrowed.body).attributes.report_identificator}`)).body).attributes;
    const narrowedPdf = await backend.app.inject({ method: 'GET', url: answer.pdf_url as string });
    const narrowedText = (await readPdfText(new Uint8Array(narrowedPdf.rawPayload))).map((p) => p.text).join('\n');
    expect(narrowedText).toContain('Location: Main Lobby');
    expect(narrowedText).toContain('State: Not Scanned');
    const otherLocations = (await backend.db.select({ name: schema.locations.name }).from(schema.locations).where(eq(schema.locations.buildingId, Number(building)))).map((l) => l.name);
    for (const name of otherLocations.filter((n) => n !== 'Main Lobby' && !'Main Lobby'.includes(n))) expect(narrowedText).not.toContain(name);
    expect((await resumeType(as.manager!, one(paused.body).attributes.suspension_id)).status).toBe(200);
  });
});
