/** The walkabout calls of docs/REST.md, through real requests, as each kind of user makes them. */
import { and, eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/raw';
import { schema, signIn, type TestBackend } from '../src/testing';
import { databases, demoIds, list, multipartFile, one, signedIn, startTestBackend, tree, type Client, type JsonApiResource } from './helpers';

type Demo = Awaited<ReturnType<typeof demoIds>>;

const createBody = (building: string, cycle: string) => ({
  data: { type: 'walkabouts', relationships: { building: { data: { type: 'buildings', id: building } }, cycle: { data: { type: 'cycles', id: cycle } } } },
});

describe.each(databases)('walkabouts on %s', (database) => {
  let backend: TestBackend;
  let demo: Demo;
  const as: Record<string, Client> = {};
  /** The Daily walkabout locked and the Yearly one closed by the lock test, for the comparison test after it. */
  let lockedDaily = '';
  let closedYearly = '';

  beforeAll(async () => {
    backend = await startTestBackend({ database });
    demo = await demoIds(backend);
    for (const username of ['admin', 'manager', 'inspector', 'viewer']) as[username] = await signedIn(backend, username);
  });
  afterAll(() => backend?.close());

  /** The walkabout's tree as `who` sees it. */
  async function walkaboutOf(who: Client, id: string) {
    const { status, body } = await who.get(`/walkabouts/${id}`);
    expect(status).toBe(200);
    return { walkabout: one(body), ...tree(body) };
  }

  /** An entry with its conditions, by equipment name. */
  function entryNamed(t: Awaited<ReturnType<typeof walkaboutOf>>, equipmentName: string) {
    const entry = t.entries.find((e) => e.attributes.equipmentName === equipmentName)!;
    const conditions = t.conditions.filter((c) => c.attributes.entryId === Number(entry.id));
    return { entry, conditions };
  }

  it('lists the open walkabouts of a building Daily, Weekly, Monthly, Yearly with their figures', async () => {
    const { body } = await as.manager!.get(`/walkabouts?filter[building]=${demo.building('King Street Commerce Centre')}&filter[open]=true`);
    // In the hours after a period ends, its walkabout stays open beside the new one until its close offset passes.
    expect([...new Set(list(body).map((w) => w.attributes.cycleName))]).toEqual(['Daily', 'Weekly', 'Monthly', 'Yearly']);
    for (const cycle of ['Daily', 'Weekly', 'Monthly', 'Yearly']) expect(list(body).map((w) => w.id)).toContain(await demo.walkabout('King Street Commerce Centre', cycle));
    for (const w of list(body)) {
      expect(w.attributes).toMatchObject({ isOpen: true, isLocked: false, isClosed: false, isComplete: false, markedCount: 0, unsatisfactoryCount: 0 });
      expect(w.attributes.conditionsCount).toBeGreaterThan(0);
    }
  });

  it('snapshots floors, locations, equipment with component sections and the cycle tasks, less paused types and disabled tasks', async () => {
    const monthly = await walkaboutOf(as.admin!, await demo.walkabout('Riverside Distribution Warehouse', 'Monthly'));
    expect(monthly.floors.map((f) => f.attributes.name)).toEqual(['Ground', 'Mezzanine']);
    // Exit signs are paused at the warehouse (building suspension).
    expect(monthly.entries.map((e) => e.attributes.equipmentName)).not.toContain('Exit Sign');
    const lighting = entryNamed(monthly, 'Emergency Lighting');
    const sections = monthly.sections.filter((s) => s.attributes.entryId === Number(lighting.entry.id));
    expect(sections.map((s) => s.attributes.name)).toEqual(['Emergency Lighting', 'Remote Heads']);
    expect(lighting.conditions.map((c) => c.attributes.label).sort()).toEqual(['30-second functional test', 'Heads aimed at the egress path']);
    const extinguisher = entryNamed(monthly, 'Portable Fire Extinguisher').conditions.find((c) => c.attributes.label === 'Gauge in operable range')!;
    expect(extinguisher.attributes).toMatchObject({
      conditionType: 'dropdown',
      value: null,
      isMarked: false,
      isSatisfactory: null,
      typeValue: ['Green (operable)', 'Red - overcharged', 'Red - undercharged', 'No gauge (CO2)'],
      referenceName: 'NFPA 10 (2022) 7.2',
    });
    const yearly = await walkaboutOf(as.admin!, await demo.walkabout('Riverside Distribution Warehouse', 'Yearly'));
    // The sensitivity reading task is disabled at the warehouse.
    expect(yearly.conditions.map((c) => c.attributes.label)).not.toContain('Sensitivity reading (%/ft)');
    const kingYearly = await walkaboutOf(as.admin!, await demo.walkabout('King Street Commerce Centre', 'Yearly'));
    expect(kingYearly.conditions.map((c) => c.attributes.label)).toContain('Sensitivity reading (%/ft)');
  });

  it('leaves inactive tasks and disabled equipment out of a new walkabout, and later changes out of existing ones', async () => {
    const building = demo.building('Lawrence Park Seniors Residence');
    const preOccupancy = demo.cycle(demo.northwind, 'Pre-Occupancy Inspection');
    await backend.db.update(schema.tasks).set({ status: 'disabled' }).where(eq(schema.tasks.label, 'Self-closing device installed and adjusted'));
    const lobbyEquipment = await backend.db
      .select({ id: schema.locationEquipment.id })
      .from(schema.locationEquipment)
      .innerJoin(schema.locations, eq(schema.locations.id, schema.locationEquipment.locationId))
      .where(and(eq(schema.locations.buildingId, Number(building)), eq(schema.locations.name, 'Main Lobby')));
    await backend.db.update(schema.locationEquipment).set({ disabled: true }).where(inArray(schema.locationEquipment.id, lobbyEquipment.map((l) => l.id)));
    const created = await as.manager!.post('/walkabouts', createBody(building, preOccupancy));
    expect(created.status).toBe(201);
    const t = await walkaboutOf(as.admin!, one(created.body).id);
    expect(t.conditions.map((c) => c.attributes.label)).toEqual(expect.arrayContaining(['Mounted at correct height (top 1.5 m max)']));
    expect(t.conditions.map((c) => c.attributes.label)).not.toContain('Self-closing device installed and adjusted');
    expect(t.entries.map((e) => e.attributes.locationName)).not.toContain('Main Lobby');
    // The walkabouts already open keep their snapshot (DESIGN.md: changes reach them only through a new creation).
    const monthly = await walkaboutOf(as.admin!, await demo.walkabout('Lawrence Park Seniors Residence', 'Monthly'));
    expect(monthly.entries.map((e) => e.attributes.locationName)).toContain('Main Lobby');
    // One per building and cycle: asking again opens the same walkabout.
    const again = await as.manager!.post('/walkabouts', createBody(building, preOccupancy));
    expect(again.status).toBe(200);
    expect(one(again.body).id).toBe(one(created.body).id);
    expect((await as.viewer!.post('/walkabouts', createBody(building, preOccupancy))).status).toBe(403);
  });

  it('shows administrators every floor and others only the floors and equipment their roles handle', async () => {
    const id = await demo.walkabout('King Street Commerce Centre', 'Weekly');
    const admin = await walkaboutOf(as.admin!, id);
    const [pump] = await backend.db
      .select({ id: schema.equipmentTypes.id })
      .from(schema.equipmentTypes)
      .where(and(eq(schema.equipmentTypes.name, 'Sprinkler Control Valve'), eq(schema.equipmentTypes.organizationId, demo.northwind)));
    const [inspectorRole] = await backend.db.select().from(schema.roles).where(and(eq(schema.roles.name, 'Inspector'), eq(schema.roles.organizationId, demo.northwind)));
    await backend.db.update(schema.roles).set({ walkaboutEquipmentIds: [pump!.id] }).where(eq(schema.roles.id, inspectorRole!.id));
    try {
      const inspector = await walkaboutOf(as.inspector!, id);
      expect(new Set(inspector.entries.map((e) => e.attributes.equipmentName))).toEqual(new Set(['Sprinkler Control Valve']));
      expect(inspector.floors.length).toBeLessThan(admin.floors.length);
      for (const floor of inspector.floors) expect((floor.relationships!.entries!.data as unknown[]).length).toBeGreaterThan(0);
      expect(admin.floors.length).toBe(5);
    } finally {
      await backend.db.update(schema.roles).set({ walkaboutEquipmentIds: inspectorRole!.walkaboutEquipmentIds }).where(eq(schema.roles.id, inspectorRole!.id));
    }
  });

  it("refuses a save naming another equipment's condition to a role that handles only some equipment, and records its own", async () => {
    const id = await demo.walkabout('King Street Commerce Centre', 'Monthly');
    const admin = await walkaboutOf(as.admin!, id);
    const yesNoOf = (entry: JsonApiResource) => admin.conditions.find((c) => c.attributes.entryId === Number(entry.id) && c.attributes.conditionType === 'yesno');
    const withYesNo = admin.entries.filter((e) => yesNoOf(e));
    const own = withYesNo[0]!;
    const other = withYesNo.find((e) => e.attributes.equipmentName !== own.attributes.equipmentName)!;
    const [{ equipmentTypeId }] = (await backend.db.select({ equipmentTypeId: schema.entries.equipmentTypeId }).from(schema.entries).where(eq(schema.entries.id, Number(own.id)))) as [{ equipmentTypeId: number }];
    const [inspectorRole] = await backend.db.select().from(schema.roles).where(and(eq(schema.roles.name, 'Inspector'), eq(schema.roles.organizationId, demo.northwind)));
    await backend.db.update(schema.roles).set({ walkaboutEquipmentIds: [equipmentTypeId] }).where(eq(schema.roles.id, inspectorRole!.id));
    try {
      const at = '2026-11-21T15:00:00Z';
      const saveOf = (key: string, entry: JsonApiResource) =>
        as.inspector!.save(key, {
          walkaboutToUpdateId: id,
          data: { entries: [{ id: own.id, scannedAt: at }], conditions: [{ id: yesNoOf(entry)!.id, value: 'yes', editedAt: at }] },
        });
      const refused = await saveOf('other-equipment', other);
      expect(refused.status).toBe(422);
      expect(refused.body.errors).toEqual([expect.objectContaining({ source: { pointer: '/data/conditions/0/id' }, detail: 'Condition is not part of this walkabout' })]);
      const saved = await saveOf('own-equipment', own);
      expect(saved.status).toBe(200);
      expect((saved.body.data as JsonApiResource[]).find((r) => r.id === yesNoOf(own)!.id)?.attributes).toMatchObject({ value: 'yes', editedAt: '2026-11-21T15:00:00.000Z' });
    } finally {
      await backend.db.update(schema.roles).set({ walkaboutEquipmentIds: inspectorRole!.walkaboutEquipmentIds }).where(eq(schema.roles.id, inspectorRole!.id));
    }
  });

  it('records a save once for one Idempotency-Key, even when it is sent again or twice at the same time', async () => {
    const id = await demo.walkabout('Yonge & Eglinton Tower', 'Monthly');
    const t = await walkaboutOf(as.inspector!, id);
    const { entry, conditions } = entryNamed(t, 'Portable Fire Extinguisher');
    const pin = conditions.find((c) => c.attributes.label === 'Pin and tamper seal intact')!;
    const payload = {
      generateReport: false,
      walkaboutToUpdateId: id,
      data: {
        entries: [{ id: entry.id, scannedAt: '2026-11-20T14:00:00Z' }],
        conditions: [{ id: pin.id, value: 'yes', remarks: null, editedVia: 'tap', editedAt: '2026-11-20T14:01:00Z' }],
      },
    };
    const first = await as.inspector!.save('device-save-1', payload);
    expect(first.status).toBe(200);
    expect(first.body.meta).toMatchObject({ replayed: false });
    const savedCondition = (first.body.data as JsonApiResource[]).find((r) => r.type === 'conditions')!;
    expect(savedCondition.attributes).toMatchObject({ value: 'yes', isSatisfactory: true, editorUsername: 'inspector', editedVia: 'tap' });
    const savedEntry = (first.body.data as JsonApiResource[]).find((r) => r.type === 'entries')!;
    expect(savedEntry.attributes.scannedAt).toBe('2026-11-20T14:00:00.000Z');
    expect(String(savedEntry.attributes.scannerId)).toBe(demo.user('inspector'));

    const second = await as.inspector!.save('device-save-1', payload);
    expect(second.body.meta).toMatchObject({ replayed: true, savedAt: first.body.meta!.savedAt });
    const racing = await Promise.all([1, 2, 3, 4].map(() => as.inspector!.save('device-save-2', { ...payload, data: { ...payload.data, entries: [] } })));
    expect(racing.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(racing.filter((r) => r.body.meta!.replayed === false)).toHaveLength(1);
    const trail = await backend.db
      .select()
      .from(schema.walkaboutEdits)
      .where(and(eq(schema.walkaboutEdits.conditionId, Number(pin.id)), eq(schema.walkaboutEdits.kind, 'condition')));
    expect(trail).toHaveLength(2);
    expect(trail.every((row) => String(row.userId) === demo.user('inspector'))).toBe(true);
  });

  it('answers a save with the walkabout and its building as their own routes give them now, and a repeat of the key alike', async () => {
    const id = await demo.walkabout('Yonge & Eglinton Tower', 'Monthly');
    const before = await walkaboutOf(as.inspector!, id);
    const { entry, conditions } = entryNamed(before, 'Portable Fire Extinguisher');
    const unmarked = conditions.find((c) => c.attributes.value === null && c.attributes.conditionType === 'yesno')!;
    const payload = {
      walkaboutToUpdateId: id,
      data: { entries: [{ id: entry.id, scannedAt: '2026-11-20T14:00:00Z' }], conditions: [{ id: unmarked.id, value: 'yes' }] },
    };
    const saved = await as.inspector!.save('fresh-figures', payload);
    expect(saved.status).toBe(200);
    expect((saved.body.data as JsonApiResource[]).map((r) => r.type).sort()).toEqual(['conditions', 'entries']);
    const buildingId = String(before.walkabout.attributes.buildingId);
    const [walkabout, building, ...cycles] = saved.body.included!;
    expect(walkabout).toEqual(one((await as.inspector!.get(`/walkabouts/${id}`)).body));
    expect(building).toEqual(one((await as.inspector!.get(`/buildings/${buildingId}`)).body));
    // The cycles the walkabout and the building's statuses name, as GET /cycles gives them.
    const named = [walkabout!.attributes.cycleId, ...(building!.attributes.statuses as { cycleId: number }[]).map((s) => s.cycleId)];
    expect(cycles.map((c) => Number(c.id)).sort()).toEqual([...new Set(named)].sort());
    const cycleList = list((await as.inspector!.get(`/cycles?filter[id]=${cycles.map((c) => c.id).join(',')}`)).body);
    expect([...cycles].sort((a, b) => Number(a.id) - Number(b.id))).toEqual([...cycleList].sort((a, b) => Number(a.id) - Number(b.id)));
    expect(walkabout!.attributes.markedCount).toBe((before.walkabout.attributes.markedCount as number) + 1);
    expect(walkabout!.attributes.unsatisfactoryCount).toBe(before.walkabout.attributes.unsatisfactoryCount);
    expect(walkabout!.relationships!.floors!.data).toEqual(before.walkabout.relationships!.floors!.data);

    const again = await as.inspector!.save('fresh-figures', payload);
    expect(again.status).toBe(200);
    expect(again.body.meta).toMatchObject({ replayed: true });
    expect(again.body.data).toEqual(saved.body.data);
    expect(again.body.included).toEqual(saved.body.included);
  });

  /** Two unmarked yes/no conditions of the Monthly walkabout at King Street Commerce Centre (no other test's), saved by the inspector; then one changed by a later save. */
  async function savedThenChangedLater(key: string) {
    const id = await demo.walkabout('King Street Commerce Centre', 'Monthly');
    const t = await walkaboutOf(as.inspector!, id);
    const [first, second] = t.conditions.filter((c) => c.attributes.conditionType === 'yesno' && c.attributes.value === null);
    const entryIds = [...new Set([first!, second!].map((c) => String(c.attributes.entryId)))];
    const payload = {
      walkaboutToUpdateId: id,
      data: {
        entries: entryIds.map((entryId) => ({ id: entryId, scannedAt: '2026-11-21T14:00:00Z' })),
        conditions: [
          { id: second!.id, value: 'yes', editedAt: '2026-11-21T14:01:00Z' },
          { id: first!.id, value: 'yes', editedAt: '2026-11-21T14:01:00Z' },
        ],
      },
    };
    const saved = await as.inspector!.save(key, payload);
    expect(saved.status).toBe(200);
    const changeLater = async () => {
      const later = await as.inspector!.save(`${key}-later`, {
        walkaboutToUpdateId: id,
        data: { conditions: [{ id: first!.id, value: 'no', remarks: 'Seal broken', editedAt: '2026-11-21T14:05:00Z' }] },
      });
      expect(later.status).toBe(200);
    };
    const trail = () => backend.db.select({ id: schema.walkaboutEdits.id }).from(schema.walkaboutEdits).where(eq(schema.walkaboutEdits.walkaboutId, Number(id)));
    return { id, entryIds, first: first!, second: second!, payload, saved, changeLater, trail };
  }

  it('answers a repeat of a key with what that save saved as the server has it then, a later save included, and records nothing', async () => {
    const { id, entryIds, first, second, payload, saved, changeLater, trail } = await savedThenChangedLater('before-a-later-save');
    await changeLater();
    const trailBefore = await trail();

    const again = await as.inspector!.save('before-a-later-save', payload);
    expect(again.status).toBe(200);
    expect(again.body.meta).toEqual({ savedAt: saved.body.meta!.savedAt, replayed: true });
    const data = again.body.data as JsonApiResource[];
    // The same resources in the same order: the entries, then the conditions as the save listed them.
    expect(data.map((r) => `${r.type} ${r.id}`)).toEqual((saved.body.data as JsonApiResource[]).map((r) => `${r.type} ${r.id}`));
    const entryCount = entryIds.length;
    expect(data.slice(0, entryCount).map((r) => `${r.type} ${r.id}`).sort()).toEqual(entryIds.map((e) => `entries ${e}`).sort());
    expect(data.slice(entryCount).map((r) => `${r.type} ${r.id}`)).toEqual([`conditions ${second.id}`, `conditions ${first.id}`]);
    // Each as GET /walkabouts/{id} gives it now: the later save's result where it changed one.
    const now = await walkaboutOf(as.inspector!, id);
    for (const resource of data.slice(0, entryCount)) expect(resource).toEqual(now.entries.find((e) => e.id === resource.id));
    for (const resource of data.slice(entryCount)) expect(resource).toEqual(now.conditions.find((c) => c.id === resource.id));
    expect(data[entryCount]!.attributes).toMatchObject({ value: 'yes', isSatisfactory: true });
    expect(data[entryCount + 1]!.attributes).toMatchObject({ value: 'no', remarks: 'Seal broken', isSatisfactory: false });
    // Nothing recorded again: no edit, the later result kept.
    expect(await trail()).toEqual(trailBefore);
  });

  it('answers a repeat of a key saved before migration 0015 with the answer it stored then', async () => {
    const { payload, saved, changeLater, trail } = await savedThenChangedLater('saved-before-0015');
    // As a save recorded before 0015 left its row: its answer as JSON text, no ids.
    const stored = { data: saved.body.data, meta: saved.body.meta };
    await backend.db
      .update(schema.walkaboutSaves)
      .set({ response: JSON.stringify(stored), entryIds: null, conditionIds: null })
      .where(eq(schema.walkaboutSaves.key, 'saved-before-0015'));
    await changeLater();
    const trailBefore = await trail();

    const again = await as.inspector!.save('saved-before-0015', payload);
    expect(again.status).toBe(200);
    // The stored answer, not the later result.
    expect(again.body.data).toEqual(saved.body.data);
    expect(again.body.meta).toEqual({ savedAt: saved.body.meta!.savedAt, replayed: true });
    expect(await trail()).toEqual(trailBefore);
  });

  it('reads a text answer back as the text it is, when it looks like a number, true or null', async () => {
    const id = await demo.walkabout('Yonge & Eglinton Tower', 'Yearly');
    const t = await walkaboutOf(as.inspector!, id);
    const { entry, conditions } = entryNamed(t, 'Portable Fire Extinguisher');
    const certificate = conditions.find((c) => c.attributes.label === 'Technician certificate number')!;
    expect(certificate.attributes.conditionType).toBe('string');
    for (const [n, text] of ['4512', 'true', 'null', '[1]', '"quoted"'].entries()) {
      const editedAt = `2026-11-20T14:0${n}:00Z`;
      const saved = await as.inspector!.save(`text-answer-${n}`, {
        generateReport: false,
        walkaboutToUpdateId: id,
        data: { entries: [{ id: entry.id, scannedAt: editedAt }], conditions: [{ id: certificate.id, value: text, remarks: null, editedVia: 'typed', editedAt }] },
      });
      expect(saved.status).toBe(200);
      expect((saved.body.data as JsonApiResource[]).find((r) => r.id === certificate.id && r.type === 'conditions')!.attributes.value).toBe(text);
      const read = (await walkaboutOf(as.inspector!, id)).conditions.find((c) => c.id === certificate.id)!;
      expect(read.attributes).toMatchObject({ value: text, isMarked: true });
    }
  });

  it('answers each condition a save wrote as GET /walkabouts/{id} then gives it, whatever its result and the form of its time', async () => {
    const id = await demo.walkabout('Riverside Distribution Warehouse', 'Monthly');
    const before = await walkaboutOf(as.admin!, id);
    const ofType = (type: string, n = 0) => before.conditions.filter((c) => c.attributes.conditionType === type)[n]!;
    const [boolean, dropdown, multiselect, range, yesno, unanswered, notApplicable, older] = [
      ofType('boolean'),
      ofType('dropdown'),
      ofType('multiselect'),
      ofType('range'),
      ofType('yesno'),
      ofType('yesno', 1),
      ofType('yesnonotapplicable'),
      ofType('range', 1),
    ];
    const saving = [boolean, dropdown, multiselect, range, yesno, unanswered, notApplicable, older].map((c) => c!);
    const entries = [...new Set(saving.map((c) => String(c.attributes.entryId)))].map((entryId) => ({ id: entryId, scannedAt: '2026-11-21T14:00:00Z' }));
    // A newer result of one of them is stored first: the save's older change of it is kept in the trail, not applied.
    const newer = await as.admin!.save('every-kind-newer', {
      walkaboutToUpdateId: id,
      data: { entries, conditions: [{ id: older!.id, value: 120, editedAt: '2026-11-22T08:00:00Z' }] },
    });
    expect(newer.status).toBe(200);
    const payload = {
      walkaboutToUpdateId: id,
      data: {
        entries,
        conditions: [
          { id: boolean!.id, value: true, editedAt: '2026-11-21T19:31:00.5+05:30' },
          // Seven digits past the second: the database rounds them to six, up to the next millisecond here.
          { id: dropdown!.id, value: 'Red - overcharged', remarks: 'Recharge ordered', photoUrl: 'https://photos.example.com/gauge.jpg', photoMimetype: 'IMAGE/JPEG', editedAt: '2026-11-21T14:01:00.1239996Z' },
          { id: multiselect!.id, value: ['Hose', 'Nozzle'], remarks: 'Extinguisher moved to the lobby', hasSatisfactoryRemarks: true, editedAt: '2026-11-21T14:02Z' },
          { id: range!.id, value: 300, remarks: 'Gauge reads high', editedAt: '2026-11-21T14:03:00.999+00:00' },
          { id: yesno!.id, value: 'no', editedVia: 'scanner' },
          { id: unanswered!.id, value: null, editedAt: '2026-11-21T14:04:00Z' },
          { id: notApplicable!.id, value: 'na', editedAt: '2026-11-21T09:05:00-05:00' },
          { id: older!.id, value: 60, editedAt: '2026-11-21T14:06:00Z' },
        ],
      },
    };
    const saved = await as.admin!.save('every-kind', payload);
    expect(saved.status).toBe(200);
    const answered = (saved.body.data as JsonApiResource[]).filter((r) => r.type === 'conditions');
    expect(answered.map((r) => r.id)).toEqual(saving.map((c) => c.id));
    // Each as the walkabout's tree gives it once the save is done: every field, the editor and the task's status included.
    const after = await walkaboutOf(as.admin!, id);
    for (const resource of answered) expect(resource).toEqual(after.conditions.find((c) => c.id === resource.id));
    const attributes = (c: JsonApiResource) => answered.find((r) => r.id === c.id)!.attributes;
    expect(attributes(boolean!)).toMatchObject({ value: true, isSatisfactory: true, editedAt: '2026-11-21T14:01:00.500Z', editorUsername: 'admin' });
    expect(attributes(dropdown!)).toMatchObject({ isSatisfactory: false, photoMimetype: 'image/jpeg', editedAt: '2026-11-21T14:01:00.124Z' });
    expect(attributes(multiselect!)).toMatchObject({ value: ['Hose', 'Nozzle'], hasSatisfactoryRemarks: true, editedAt: '2026-11-21T14:02:00.000Z' });
    expect(attributes(unanswered!)).toMatchObject({ value: null, isMarked: false, isSatisfactory: null });
    expect(attributes(older!)).toMatchObject({ value: 120, editedAt: '2026-11-22T08:00:00.000Z' });
    // A repeat of the key reads them all from the database: the same resources.
    const again = await as.admin!.save('every-kind', payload);
    expect(again.body.meta).toMatchObject({ replayed: true });
    expect(again.body.data).toEqual(saved.body.data);
  });

  it("answers a save's stored photo as a signed URL that serves it: whole, with fields[conditions], and on a repeat of its key", async () => {
    const id = await demo.walkabout('King Street Commerce Centre', 'Weekly');
    const condition = (await walkaboutOf(as.admin!, id)).conditions.find((c) => c.attributes.conditionType === 'yesno')!;
    const photo = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c33' } }).jpeg().toBuffer();
    const request = multipartFile('photo.jpg', 'image/jpeg', photo);
    const { token } = await signIn(backend.url, 'admin', 'demo1234');
    const upload = await backend.app.inject({ method: 'POST', url: '/uploads', payload: request.payload, headers: { ...request.headers, authorization: `Bearer ${token}` } });
    expect(upload.statusCode).toBe(201);
    const stored = upload.json().data.attributes.url as string;
    const key = stored.slice('/files/'.length);
    const entries = [{ id: String(condition.attributes.entryId), scannedAt: '2026-11-21T15:00:00Z' }];
    const failed = (editedAt: string) => ({ id: condition.id, value: 'no', remarks: 'Gauge cracked', photoUrl: stored, photoMimetype: 'image/jpeg', editedAt });
    /** The condition's photo in `answer`: a signed URL of the stored file that serves the photo without a session. */
    const servedPhoto = async (answer: JsonApiResource[]) => {
      const url = answer.find((r) => r.type === 'conditions' && r.id === condition.id)!.attributes.photoUrl as string;
      expect(url).toMatch(new RegExp(`^/signed-files/${key.replace('.', '\\.')}\\?name=photo\\.jpg&type=image%2Fjpeg&expires=\\d+&signature=[\\w-]+$`));
      const file = await backend.app.inject({ method: 'GET', url });
      expect([file.statusCode, file.headers['content-type'], file.rawPayload.equals(photo)]).toEqual([200, 'image/jpeg', true]);
    };

    const payload = { walkaboutToUpdateId: id, data: { entries, conditions: [failed('2026-11-21T15:01:00Z')] } };
    const whole = await as.admin!.save('stored-photo', payload);
    expect(whole.status).toBe(200);
    await servedPhoto(whole.body.data as JsonApiResource[]);
    const narrowed = await as.admin!.save('stored-photo-narrowed', { walkaboutToUpdateId: id, data: { entries: [], conditions: [failed('2026-11-21T15:02:00Z')] } }, '?fields[conditions]=photoUrl,value');
    expect(narrowed.status).toBe(200);
    expect(Object.keys((narrowed.body.data as JsonApiResource[])[0]!.attributes).sort()).toEqual(['photoUrl', 'value']);
    await servedPhoto(narrowed.body.data as JsonApiResource[]);
    const again = await as.admin!.save('stored-photo', payload);
    expect(again.body.meta).toMatchObject({ replayed: true });
    await servedPhoto(again.body.data as JsonApiResource[]);
    // Kept as the stored reference, which GET /walkabouts/{id} signs too.
    const [row] = await backend.db.select({ photoUrl: schema.conditions.photoUrl }).from(schema.conditions).where(eq(schema.conditions.id, Number(condition.id)));
    expect(row!.photoUrl).toBe(stored);
    await servedPhoto((await walkaboutOf(as.admin!, id)).conditions);
  });

  it('answers only the fields asked for (fields[entries], fields[conditions]) and records what a whole answer records', async () => {
    const { id, entryIds, first, second, payload, changeLater, trail } = await savedThenChangedLater('sparse-whole');
    const sparse = await as.inspector!.save('sparse-ids', payload, '?fields[entries]=scannedAt&fields[conditions]=');
    expect(sparse.status).toBe(200);
    const data = sparse.body.data as JsonApiResource[];
    // The entries with their scan only, then the conditions as the save listed them, by type and id alone.
    expect(data.slice(0, entryIds.length).map((r) => [r.id, Object.keys(r.attributes), r.relationships])).toEqual(
      entryIds.map((entryId) => [entryId, ['scannedAt'], undefined]),
    );
    expect(data.slice(entryIds.length)).toEqual([
      { type: 'conditions', id: second.id, attributes: {} },
      { type: 'conditions', id: first.id, attributes: {} },
    ]);
    expect(sparse.body.included!.map((r) => r.type)[0]).toBe('walkabouts');

    // An older result than the stored one is kept, and still answered (by id); a few fields are those fields.
    await changeLater();
    const trailBefore = (await trail()).length;
    const older = await as.inspector!.save('sparse-older', payload, '?fields[conditions]=value,isSatisfactory,entry');
    expect(older.status).toBe(200);
    const olderConditions = (older.body.data as JsonApiResource[]).filter((r) => r.type === 'conditions');
    expect(olderConditions.map((r) => r.id)).toEqual([second.id, first.id]);
    expect(olderConditions[1]).toEqual({
      type: 'conditions',
      id: first.id,
      attributes: { value: 'no', isSatisfactory: false },
      relationships: { entry: { data: { type: 'entries', id: String(first.attributes.entryId) } } },
    });
    expect((await trail()).length).toBe(trailBefore + 2 + entryIds.length);
    // The whole answer's resources of an entry read now, for the same save: the entries as whole resources.
    const now = await walkaboutOf(as.inspector!, id);
    for (const entry of (older.body.data as JsonApiResource[]).filter((r) => r.type === 'entries')) {
      expect(entry).toEqual(now.entries.find((e) => e.id === entry.id));
    }
    // A repeat of the key answers its fields too.
    const again = await as.inspector!.save('sparse-ids', payload, '?fields[conditions]=&fields[entries]=');
    expect(again.body.meta).toMatchObject({ replayed: true });
    expect((again.body.data as JsonApiResource[]).map((r) => [r.type, r.id, r.attributes])).toEqual(
      (sparse.body.data as JsonApiResource[]).map((r) => [r.type, r.id, {}]),
    );
  });

  it('answers the entries of a save by id with fields[entries]=, in the order a whole answer gives them', async () => {
    const id = await demo.walkabout('King Street Commerce Centre', 'Yearly');
    const t = await walkaboutOf(as.inspector!, id);
    // Entries of more than one floor, sent in the reverse of the walkabout's order.
    const chosen = t.entries.filter((_, n) => n % 2 === 0).slice(0, 6);
    expect(new Set(chosen.map((e) => e.attributes.walkaboutFloorId)).size).toBeGreaterThan(1);
    const payload = (at: string) => ({
      walkaboutToUpdateId: id,
      data: { entries: [...chosen].reverse().map((e) => ({ id: e.id, scannedAt: at })), conditions: [] },
    });
    const byId = await as.inspector!.save('entries-by-id', payload('2026-11-21T15:00:00Z'), '?fields[entries]=&fields[conditions]=');
    expect(byId.status).toBe(200);
    expect(byId.body.data).toEqual(chosen.map((e) => ({ type: 'entries', id: e.id, attributes: {} })));
    const whole = await as.inspector!.save('entries-whole', payload('2026-11-21T15:01:00Z'));
    expect((whole.body.data as JsonApiResource[]).map((r) => `${r.type} ${r.id}`)).toEqual(chosen.map((e) => `entries ${e.id}`));
    // Recorded as a whole answer's save is: the entries scanned.
    const now = await walkaboutOf(as.inspector!, id);
    for (const e of chosen) expect(now.entries.find((n) => n.id === e.id)!.attributes.scannedAt).toBe('2026-11-21T15:00:00.000Z');

    // With a field of the conditions asked for, the entries are still answered by id, in the same order; the edit trail
    // holds the save's scans then its results, each in the order sent.
    const scanned = new Set(chosen.map((e) => Number(e.id)));
    const [first, second] = now.conditions.filter((c) => scanned.has(c.attributes.entryId as number) && c.attributes.conditionType === 'yesno');
    const mixed = await as.inspector!.save(
      'entries-by-id-with-values',
      {
        ...payload('2026-11-21T15:02:00Z'),
        data: {
          ...payload('2026-11-21T15:02:00Z').data,
          conditions: [second!, first!].map((c) => ({ id: c.id, value: 'yes', remarks: null, editedAt: '2026-11-21T15:02:00Z' })),
        },
      },
      '?fields[entries]=&fields[conditions]=value',
    );
    expect(mixed.status, JSON.stringify(mixed.body)).toBe(200);
    expect(mixed.body.data).toEqual([
      ...chosen.map((e) => ({ type: 'entries', id: e.id, attributes: {} })),
      ...[second!, first!].map((c) => ({ type: 'conditions', id: c.id, attributes: { value: 'yes' } })),
    ]);
    const [save] = await backend.db
      .select({ id: schema.walkaboutSaves.id })
      .from(schema.walkaboutSaves)
      .where(and(eq(schema.walkaboutSaves.walkaboutId, Number(id)), eq(schema.walkaboutSaves.key, 'entries-by-id-with-values')));
    const trail = await backend.db
      .select({ kind: schema.walkaboutEdits.kind, entryId: schema.walkaboutEdits.entryId, conditionId: schema.walkaboutEdits.conditionId, applied: schema.walkaboutEdits.applied })
      .from(schema.walkaboutEdits)
      .where(eq(schema.walkaboutEdits.saveId, save!.id))
      .orderBy(schema.walkaboutEdits.id);
    expect(trail).toEqual([
      // Scanned again: kept, but the entry's first scan stands.
      ...[...chosen].reverse().map((e) => ({ kind: 'scan', entryId: Number(e.id), conditionId: null, applied: false })),
      ...[second!, first!].map((c) => ({ kind: 'condition', entryId: c.attributes.entryId, conditionId: Number(c.id), applied: true })),
    ]);
  });

  it('refuses an unknown or repeated fields parameter of a save before recording anything', async () => {
    const { id, payload, trail } = await savedThenChangedLater('sparse-refused');
    const before = await trail();
    const unchanged = (await walkaboutOf(as.inspector!, id)).conditions;
    for (const [query, parameter] of [
      ['?fields[conditions]=value,passwordHash', 'fields[conditions]'],
      ['?fields[entries]=nope', 'fields[entries]'],
      ['?fields[conditions]=value&fields[conditions]=remarks', 'fields[conditions]'],
    ] as const) {
      const refused = await as.inspector!.save(`refused ${query}`, { ...payload, data: { ...payload.data, conditions: payload.data.conditions.map((c) => ({ ...c, value: 'no', remarks: 'x' })) } }, query);
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual([expect.objectContaining({ status: '400', source: { parameter } })]);
    }
    expect(await trail()).toEqual(before);
    expect((await walkaboutOf(as.inspector!, id)).conditions).toEqual(unchanged);
  });

  it('keeps the newer result when an older offline save arrives later, and keeps both in the edit trail', async () => {
    const id = await demo.walkabout('Yonge & Eglinton Tower', 'Monthly');
    const { entry, conditions } = entryNamed(await walkaboutOf(as.inspector!, id), 'Portable Fire Extinguisher');
    const accessible = conditions.find((c) => c.attributes.label === 'Accessible and visible')!;
    const save = (key: string, value: boolean, editedAt: string, remarks: string | null) =>
      as.inspector!.save(key, {
        walkaboutToUpdateId: id,
        data: { entries: [{ id: entry.id, scannedAt: editedAt }], conditions: [{ id: accessible.id, value, remarks, editedAt }] },
      });
    expect((await save('newer', false, '2026-11-20T15:00:00Z', 'Blocked by a pallet')).status).toBe(200);
    const older = await save('older', true, '2026-11-20T09:00:00Z', null);
    expect(older.status).toBe(200);
    const kept = (older.body.data as JsonApiResource[]).find((r) => r.id === accessible.id)!;
    expect(kept.attributes).toMatchObject({ value: false, isSatisfactory: false, remarks: 'Blocked by a pallet' });
    // In the order they were recorded (a row's place in the table is not: one written later may fill an earlier page's space).
    const trail = await backend.db.select().from(schema.walkaboutEdits).where(eq(schema.walkaboutEdits.conditionId, Number(accessible.id))).orderBy(schema.walkaboutEdits.id);
    expect(trail.map((row) => [row.value, row.applied])).toEqual([[false, true], [true, false]]);
    // The building's status counts the unsatisfactory result of its current Monthly walkabout.
    const building = one((await as.inspector!.get(`/buildings/${demo.building('Yonge & Eglinton Tower')}`)).body).attributes;
    const monthlyCycle = Number(demo.cycle(demo.northwind, 'Monthly'));
    expect(building.statuses).toContainEqual(
      expect.objectContaining({ cycleId: monthlyCycle, isLastWalkaboutComplete: false, lastWalkaboutUnsatisfactoryTotal: 1 }),
    );
    const open = list((await as.inspector!.get(`/walkabouts?filter[building]=${demo.building('Yonge & Eglinton Tower')}&filter[open]=true`)).body);
    expect(open.length).toBeGreaterThanOrEqual(4);
    expect(building.walkaboutsCount).toBe(open.length);
  });

  it('refuses results for entries never scanned and invalid values, with a pointer for each', async () => {
    const id = await demo.walkabout('Yonge & Eglinton Tower', 'Weekly');
    const t = await walkaboutOf(as.inspector!, id);
    const valve = entryNamed(t, 'Sprinkler Control Valve');
    const yesno = valve.conditions.find((c) => c.attributes.conditionType === 'yesno')!;
    const unscanned = await as.inspector!.save('unscanned', { walkaboutToUpdateId: id, data: { conditions: [{ id: yesno.id, value: 'yes' }] } });
    expect(unscanned.status).toBe(422);
    expect(unscanned.body.errors).toEqual([
      expect.objectContaining({ detail: "This condition's entry is locked: scan its location before recording results.", source: { pointer: '/data/conditions/0/id' } }),
    ]);
    expect(unscanned.body.errors![0]!.code).toBe('ENTRY_NOT_SCANNED');
    const invalid = await as.inspector!.save('invalid', {
      walkaboutToUpdateId: id,
      data: {
        entries: [{ id: valve.entry.id, scannedAt: 'yesterday' }],
        conditions: [{ id: yesno.id, value: 'maybe' }, { id: '999999', value: true }],
      },
    });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors!.map((e) => e.source!.pointer).sort()).toEqual(['/data/conditions/0/value', '/data/conditions/1/id', '/data/entries/0/scannedAt']);
    expect(invalid.body.errors!.find((e) => e.source!.pointer === '/data/conditions/0/value')!.detail).toBe("Value must be 'yes' or 'no'");
    expect(invalid.body.errors!.map((e) => e.code)).toEqual(['VALIDATION_FAILED', 'VALIDATION_FAILED', 'VALIDATION_FAILED']);
    // The body's schema describes it; the shared rule checks it, so a wrong shape gets the rule's words too.
    const shapeless = await as.inspector!.save('shapeless', { walkaboutToUpdateId: id, generateReport: 'yes', data: { conditions: 'all' } });
    expect([shapeless.status, shapeless.body.errors!.map((e) => [e.source!.pointer, e.detail])]).toEqual([
      422,
      [['/generateReport', 'Must be true or false'], ['/data/conditions', 'Must be a list']],
    ]);
    const viewer = await as.viewer!.save('viewer', { walkaboutToUpdateId: id, data: {} });
    expect([viewer.status, viewer.body.errors![0]!.code]).toEqual([403, 'FORBIDDEN']);
  });

  it('lets only users with the lock permission lock a walkabout, and never saves a locked or closed one', async () => {
    const id = await demo.walkabout('King Street Commerce Centre', 'Daily');
    lockedDaily = id;
    const viewer = await as.viewer!.post(`/walkabouts/${id}/lock`, {});
    expect(viewer.status).toBe(403);
    const locked = await as.inspector!.post(`/walkabouts/${id}/lock`, {});
    expect(locked.status).toBe(200);
    expect(one(locked.body).attributes).toMatchObject({ isLocked: true, isOpen: false, isComplete: false });
    const again = await as.inspector!.post(`/walkabouts/${id}/lock`, {});
    expect([again.body.errors![0]!.detail, again.body.errors![0]!.code]).toEqual(['This walkabout is locked.', 'LOCKED']);
    const save = await as.inspector!.save('late', { walkaboutToUpdateId: id, data: {} });
    expect([save.status, save.body.errors![0]!.detail, save.body.errors![0]!.code]).toEqual([409, 'This walkabout is locked.', 'LOCKED']);
    const open = list((await as.inspector!.get(`/walkabouts?filter[building]=${demo.building('King Street Commerce Centre')}&filter[open]=true`)).body);
    expect(open.map((w) => w.id)).not.toContain(id);
    expect(open.map((w) => w.attributes.cycleName)).toContain('Weekly');

    const other = await demo.walkabout('King Street Commerce Centre', 'Yearly');
    closedYearly = other;
    await backend.db.update(schema.walkabouts).set({ closedAt: new Date(Date.now() - 1000) }).where(eq(schema.walkabouts.id, Number(other)));
    const closed = await as.inspector!.save('closed', { walkaboutToUpdateId: other, data: {} });
    expect([closed.status, closed.body.errors![0]!.detail, closed.body.errors![0]!.code]).toEqual([409, 'This walkabout is closed.', 'CLOSED']);
  });

  it('counts a walkabout as locked from 5 seconds before its lock time, as the web does: saves are refused and the open list leaves it out', async () => {
    const id = await demo.walkabout('Lawrence Park Seniors Residence', 'Monthly');
    const [row] = await backend.db.select({ lockedAt: schema.walkabouts.lockedAt }).from(schema.walkabouts).where(eq(schema.walkabouts.id, Number(id)));
    const building = demo.building('Lawrence Park Seniors Residence');
    const openIds = async () =>
      list((await as.admin!.get(`/walkabouts?filter[building]=${building}&filter[open]=true`)).body).map((w) => w.id);
    try {
      await backend.db.update(schema.walkabouts).set({ lockedAt: new Date(Date.now() + 60_000) }).where(eq(schema.walkabouts.id, Number(id)));
      expect((await as.admin!.save('a minute before', { walkaboutToUpdateId: id, data: {} })).status).toBe(200);
      expect(await openIds()).toContain(id);

      await backend.db.update(schema.walkabouts).set({ lockedAt: new Date(Date.now() + 3_000) }).where(eq(schema.walkabouts.id, Number(id)));
      const late = await as.admin!.save('three seconds before', { walkaboutToUpdateId: id, data: {} });
      expect([late.status, late.body.errors![0]!.detail, late.body.errors![0]!.code]).toEqual([409, 'This walkabout is locked.', 'LOCKED']);
      expect(one((await as.admin!.get(`/walkabouts/${id}`)).body).attributes).toMatchObject({ isLocked: true, isOpen: false });
      expect(await openIds()).not.toContain(id);
    } finally {
      await backend.db.update(schema.walkabouts).set({ lockedAt: row!.lockedAt }).where(eq(schema.walkabouts.id, Number(id)));
    }
  });

  if (database === 'postgres') {
    it('records a save that PostgreSQL ends to break a deadlock by running it again, once', async () => {
      const id = await demo.walkabout('Riverside Distribution Warehouse', 'Yearly');
      const condition = (await walkaboutOf(as.admin!, id)).conditions.find((c) => c.attributes.conditionType === 'yesno' && c.attributes.value === null)!;
      const entryId = Number(condition.attributes.entryId);
      // The entry scanned first: the save below writes its condition, then the entry's failure count (migration 0020).
      expect((await as.admin!.save('deadlock-scan', { walkaboutToUpdateId: id, data: { entries: [{ id: String(entryId), scannedAt: '2026-11-21T14:00:00Z' }] } })).status).toBe(200);
      const failuresOf = async () => (await backend.db.select({ n: schema.entries.failureCount }).from(schema.entries).where(eq(schema.entries.id, entryId)))[0]!.n;
      const failuresBefore = await failuresOf();
      const other = new pg.Client({ connectionString: backend.databaseUrl });
      await other.connect();
      try {
        const otherPid = (await other.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
        // Another transaction holds the entry's row; the save locks the condition, then waits for the entry.
        await other.query('begin');
        await other.query('update entries set label = label where id = $1', [entryId]);
        const saving = as.admin!.save('deadlock-save', {
          walkaboutToUpdateId: id,
          data: { conditions: [{ id: condition.id, value: 'no', remarks: 'Pin missing', editedAt: '2026-11-21T14:01:00Z' }] },
        });
        const waiting = sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'
          and pid <> ${otherPid} and query like '%insert into walkabout_edits%'`;
        while ((await queryRows<{ n: number }>(backend.db, waiting))[0]!.n === 0) await new Promise((resolve) => setTimeout(resolve, 20));
        // The other transaction now waits for the condition: a deadlock, which PostgreSQL breaks by ending the save
        // (its wait began first), so that this update goes through.
        await other.query('update conditions set remarks = remarks where id = $1', [Number(condition.id)]);
        await other.query('commit');
        const saved = await saving;
        expect(saved.status).toBe(200);
        expect((saved.body.data as JsonApiResource[]).find((r) => r.id === condition.id)!.attributes).toMatchObject({ value: 'no', remarks: 'Pin missing', isSatisfactory: false });
        // Recorded once: one save under the key, one edit, the failure counted once.
        const saves = await backend.db.select({ id: schema.walkaboutSaves.id }).from(schema.walkaboutSaves).where(eq(schema.walkaboutSaves.key, 'deadlock-save'));
        expect(saves).toHaveLength(1);
        const edits = await backend.db.select({ applied: schema.walkaboutEdits.applied }).from(schema.walkaboutEdits).where(eq(schema.walkaboutEdits.saveId, saves[0]!.id));
        expect(edits).toEqual([{ applied: true }]);
        expect(await failuresOf()).toBe(failuresBefore + 1);
      } finally {
        await other.end();
      }
    });
  }

  it('compares a location across the locked and the active walkabouts', async () => {
    const location = await demo.location('King Street Commerce Centre', 'Main Lobby');
    const active = list((await as.inspector!.get(`/entries?filter[location]=${location}&filter[active]=true`)).body);
    const locked = await as.inspector!.get(`/entries?filter[location]=${location}&filter[active]=false`);
    expect(active.map((e) => e.attributes.cycleName)).toContain('Monthly');
    // Daily was locked and Yearly closed in the previous test: neither is active any more.
    expect(lockedDaily).not.toBe('');
    expect(active.map((e) => String(e.attributes.walkaboutId))).not.toContain(lockedDaily);
    expect(active.map((e) => String(e.attributes.walkaboutId))).not.toContain(closedYearly);
    expect(active.every((e) => e.attributes.walkaboutActive === true && e.attributes.locationName === 'Main Lobby')).toBe(true);
    // The Daily walkabout locked in the previous test is the latest locked one of its cycle.
    expect(list(locked.body).map((e) => String(e.attributes.walkaboutId))).toContain(lockedDaily);
    expect(list(locked.body).every((e) => e.attributes.walkaboutActive === false)).toBe(true);
    expect(locked.body.included!.some((r) => r.type === 'conditions')).toBe(true);
    // Each condition names its task, so that a comparison matches the two walkabouts' results by task, not by label.
    const activeIncluded = (await as.inspector!.get(`/entries?filter[location]=${location}&filter[active]=true`)).body.included!;
    const conditions = [...activeIncluded, ...locked.body.included!].filter((r) => r.type === 'conditions');
    const rows = await backend.db
      .select({ id: schema.conditions.id, taskId: schema.conditions.taskId })
      .from(schema.conditions)
      .where(inArray(schema.conditions.id, conditions.map((c) => Number(c.id))));
    const taskOf = new Map(rows.map((r) => [String(r.id), r.taskId]));
    expect(conditions.map((c) => [c.id, c.attributes.taskId])).toEqual(conditions.map((c) => [c.id, taskOf.get(c.id)]));
    expect(conditions.every((c) => typeof c.attributes.taskId === 'number')).toBe(true);
  });

  it('flags unavailable QR codes only for permitted users, with a comment when access was denied', async () => {
    const id = await demo.walkabout('Yonge & Eglinton Tower', 'Yearly');
    const entryId = (await walkaboutOf(as.inspector!, id)).entries[0]!.id;
    const body = (kind: string, comment?: string) => ({ data: { attributes: { entry_ids: [entryId], kind, comment } } });
    expect((await as.viewer!.post('/qr_unavailability_reasons', body('missing'))).status).toBe(403);
    const noComment = await as.inspector!.post('/qr_unavailability_reasons', body('access_denied'));
    expect(noComment.status).toBe(422);
    expect(noComment.body.errors![0]).toMatchObject({ detail: 'Comment is required field', source: { pointer: '/data/attributes/comment' } });
    const flagged = await as.inspector!.post('/qr_unavailability_reasons', body('access_denied', 'Tenant refused entry'));
    expect(flagged.status).toBe(200);
    expect(list(flagged.body)[0]!.attributes.qrUnavailabilityReason).toEqual({ kind: 'access_denied', comment: 'Tenant refused entry' });
  });

  it('starts and stops a fire watch with the permissions and messages of the spec, and opens its walkabout', async () => {
    const building = demo.building('Yonge & Eglinton Tower');
    const start = (who: Client) =>
      who.post('/fire-watches', { data: { type: 'fire-watch', attributes: { status: 'started', startComments: 'Sprinkler impairment, zone 3' }, relationships: { building: { data: { type: 'buildings', id: building } } } } });
    expect((await start(as.viewer!)).status).toBe(403);
    const started = await start(as.inspector!);
    expect(started.status).toBe(201);
    expect(one(started.body).attributes).toMatchObject({ status: 'started', startComments: 'Sprinkler impairment, zone 3', endedAt: null });
    const twice = await start(as.inspector!);
    expect([twice.status, twice.body.errors![0]!.detail, twice.body.errors![0]!.code]).toEqual([422, 'Fire watch already started.', 'FIRE_WATCH_ALREADY_STARTED']);

    const fireWatchCycle = demo.cycle(demo.northwind, 'Fire Watch');
    const walkabout = await as.inspector!.post('/walkabouts', createBody(building, fireWatchCycle));
    expect(walkabout.status).toBe(201);
    expect(one(walkabout.body).attributes).toMatchObject({ isFireWatch: true, isOpen: true, lockedAt: null });
    const labels = (await walkaboutOf(as.inspector!, one(walkabout.body).id)).conditions.map((c) => c.attributes.label);
    expect(labels).toContain('Fire watch patrol: area checked, no hazards');
    const reopened = await as.inspector!.post('/walkabouts', createBody(building, fireWatchCycle));
    expect([reopened.status, one(reopened.body).id]).toEqual([200, one(walkabout.body).id]);
    const card = one((await as.inspector!.get(`/buildings/${building}`)).body).attributes;
    expect(card).toMatchObject({ isFireWatchStarted: true, fireWatchId: Number(one(started.body).id), hasActiveFireWatchWalkabout: true, activeFireWatchWalkaboutId: Number(one(walkabout.body).id) });

    expect((await as.viewer!.patch(`/fire-watches/${one(started.body).id}`, { data: { attributes: { status: 'ended' } } })).status).toBe(403);
    const ended = await as.inspector!.patch(`/fire-watches/${one(started.body).id}`, { data: { attributes: { status: 'ended', endComments: 'Impairment cleared' } } });
    expect(ended.status).toBe(200);
    expect(one(ended.body).attributes).toMatchObject({ status: 'ended', endComments: 'Impairment cleared' });
    expect(one((await as.inspector!.get(`/buildings/${building}`)).body).attributes.isFireWatchStarted).toBe(false);
  });

  it('reads back the fire watch that was started, then stopped, only within the reader\'s buildings', async () => {
    const building = demo.building("Queen's Quay Residences");
    const started = await as.manager!.post('/fire-watches', {
      data: { type: 'fire-watch', attributes: { status: 'started', startComments: 'Fire pump out of service' }, relationships: { building: { data: { type: 'buildings', id: building } } } },
    });
    expect(started.status).toBe(201);
    const id = one(started.body).id;

    const read = await as.manager!.get(`/fire-watches/${id}`);
    expect(read.status).toBe(200);
    expect(one(read.body)).toEqual(one(started.body));
    expect(one(read.body).attributes).toMatchObject({ status: 'started', startComments: 'Fire pump out of service', endedAt: null, isActive: true, buildingId: Number(building) });
    expect(one(read.body).relationships!.building!.data).toEqual({ type: 'buildings', id: building });
    // The building's fireWatchId names it, and the list finds it by that id (the gateway's DataLoader call) and by building.
    const { fireWatchId } = one((await as.manager!.get(`/buildings/${building}`)).body).attributes;
    expect(String(fireWatchId)).toBe(id);
    const byId = await as.manager!.get(`/fire-watches?filter[id]=${fireWatchId}`);
    expect([list(byId.body), byId.body.meta!.total]).toEqual([[one(started.body)], 1]);
    const byBuilding = await as.manager!.get(`/fire-watches?filter[building]=${building}`);
    expect(list(byBuilding.body).map((f) => f.id)).toEqual([id]);

    // A region user of Downtown sees Queen's Quay; an inspector limited to two other buildings does not.
    const regional = await signedIn(backend, 'regional');
    expect((await regional.get(`/fire-watches/${id}`)).status).toBe(200);
    expect((await as.inspector!.get(`/fire-watches/${id}`)).status).toBe(404);
    expect(list((await as.inspector!.get(`/fire-watches?filter[id]=${id}`)).body)).toEqual([]);

    const ended = await as.manager!.patch(`/fire-watches/${id}`, { data: { attributes: { status: 'ended', endComments: 'Pump repaired' } } });
    expect(ended.status).toBe(200);
    const after = one((await as.manager!.get(`/fire-watches/${id}`)).body);
    expect(after).toEqual(one(ended.body));
    expect(after.attributes).toMatchObject({ status: 'ended', startComments: 'Fire pump out of service', endComments: 'Pump repaired', isActive: false });
    expect(after.attributes.endedAt).toEqual(expect.any(String));
    expect(one((await as.manager!.get(`/buildings/${building}`)).body).attributes.fireWatchId).toBeNull();
  });

  it('refuses a fire watch walkabout where no location has fire watch tasks', async () => {
    const [bare] = await backend.db
      .insert(schema.buildings)
      .values({ organizationId: demo.northwind, name: 'Empty Annex', timeZone: 'America/Toronto', fireWatchCycleId: Number(demo.cycle(demo.northwind, 'Fire Watch')) })
      .returning({ id: schema.buildings.id });
    const answer = await as.manager!.post('/walkabouts', createBody(String(bare!.id), demo.cycle(demo.northwind, 'Fire Watch')));
    expect(answer.status).toBe(422);
    expect(answer.body.errors![0]!.detail).toBe('Fire watch walkabout could not be created because no fire watch locations are set up.');
  });

  it('finds locations by QR uuid in any letter case, by id range, by alias ids and by name', async () => {
    const building = demo.building("Queen's Quay Residences");
    const all = list((await as.manager!.get(`/locations?filter[building]=${building}&page[size]=100`)).body);
    expect(all).toHaveLength(21);
    const lobby = all.find((l) => l.attributes.name === 'Main Lobby')!;
    expect(lobby.attributes.universalLink).toBe(`http://localhost:4000/q/${lobby.attributes.regularUuid}`);
    const byUuid = list((await as.manager!.get(`/locations?filter[uuid]=${String(lobby.attributes.regularUuid).toUpperCase()}`)).body);
    expect(byUuid.map((l) => l.id)).toEqual([lobby.id]);
    const [a, b] = [Number(all[2]!.id), Number(all[4]!.id)];
    const range = list((await as.manager!.get(`/locations?filter[building]=${building}&filter[search]=${b}-${a}`)).body);
    expect(range.map((l) => Number(l.id)).sort((x, y) => x - y)).toEqual([a, a + 1, b]);
    await backend.db.update(schema.locations).set({ aliasIds: [501, 502] }).where(eq(schema.locations.id, Number(lobby.id)));
    const alias = list((await as.manager!.get(`/locations?filter[building]=${building}&filter[search]=${encodeURIComponent('9, 502')}`)).body);
    expect(alias.map((l) => l.id)).toEqual([lobby.id]);
    const named = list((await as.manager!.get(`/locations?filter[building]=${building}&filter[search]=stair`)).body);
    expect(named.length).toBeGreaterThan(0);
    expect(named.every((l) => String(l.attributes.name).toLowerCase().includes('stair'))).toBe(true);
    expect(one((await as.manager!.get(`/locations/${lobby.id}`)).body).attributes).toMatchObject({ name: 'Main Lobby', floorName: 'Ground', alias_ids: [501, 502] });
  });

  it('records off-cycle location comments for permitted users only', async () => {
    const location = await demo.location('King Street Commerce Centre', 'Loading Dock');
    const body = { data: { attributes: { body: 'Exit door chained', photoUrl: null }, relationships: { location: { data: { type: 'locations', id: location } } } } };
    expect((await as.viewer!.post('/location-comments', body)).status).toBe(403);
    const saved = await as.inspector!.post('/location-comments', body);
    expect(saved.status).toBe(201);
    expect(one(saved.body).attributes).toMatchObject({ body: 'Exit door chained', creatorUsername: 'inspector' });
  });

  it('stores an uploaded JPEG upright from its EXIF orientation and serves it only through the signed URL a save answers', async () => {
    const { token } = await signIn(backend.url, 'inspector', 'demo1234');
    // 40 wide, 20 high, tagged "rotate 90° clockwise to display" (orientation 6), as phone cameras write it.
    const sideways = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#2a6' } }).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect((await sharp(sideways).metadata()).orientation).toBe(6);
    const request = multipartFile('photo.jpg', 'image/jpeg', sideways);
    const upload = await backend.app.inject({ method: 'POST', url: '/uploads', payload: request.payload, headers: { ...request.headers, authorization: `Bearer ${token}` } });
    expect(upload.statusCode).toBe(201);
    const { url, mimetype } = upload.json().data.attributes as { url: string; mimetype: string };
    expect(mimetype).toBe('image/jpeg');
    // The upload's URL is the reference to save, not an address: nobody reads a file by its key.
    expect(url).toMatch(/^\/files\/[\w-]+\.jpg$/);
    expect((await backend.app.inject({ method: 'GET', url })).statusCode).toBe(404);

    // Saved with a remark, it comes back as a signed URL that serves the upright photo without a session.
    const location = await demo.location('King Street Commerce Centre', 'Loading Dock');
    const remark = (photoUrl: string) => ({ data: { attributes: { body: 'Door propped open', photoUrl }, relationships: { location: { data: { type: 'locations', id: location } } } } });
    const saved = await as.inspector!.post('/location-comments', remark(url));
    expect(saved.status).toBe(201);
    const signed = one(saved.body).attributes.photoUrl as string;
    expect(signed).toMatch(new RegExp(`^/signed-files/${url.slice('/files/'.length).replace('.', '\\.')}\\?name=photo\\.jpg&type=image%2Fjpeg&expires=\\d+&signature=`));
    const file = await backend.app.inject({ method: 'GET', url: signed });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    // Kept by the browser until the link expires (an hour or more), never by a shared cache.
    expect(file.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect(Number(String(file.headers['cache-control']).split('=')[1])).toBeGreaterThanOrEqual(3600 - 5);
    const stored = await sharp(file.rawPayload).metadata();
    expect([stored.width, stored.height]).toEqual([20, 40]);
    expect(stored.orientation ?? 1).toBe(1);

    // Sent back in a save as it was shown (the signed URL), it is kept as the same stored reference.
    const again = await as.inspector!.post('/location-comments', remark(signed));
    expect(again.status).toBe(201);
    const rows = await queryRows<{ photo_url: string }>(backend.db, sql`select photo_url from location_comments where id = ${Number(one(again.body).id)}`);
    expect(rows[0]!.photo_url).toBe(url);

    // A file that is not the photo it says is refused and not kept (the PDFs of the reports that the lock test's lock
    // produced, and the photos of other tests, are files too).
    const photosKept = async () => (await queryRows<{ n: number }>(backend.db, sql`select count(*)::int as n from uploads where mimetype <> 'application/pdf'`))[0]!.n;
    const before = await photosKept();
    const text = multipartFile('notes.jpg', 'image/jpeg', Buffer.from('not really a photo'));
    const refused = await backend.app.inject({ method: 'POST', url: '/uploads', payload: text.payload, headers: { ...text.headers, authorization: `Bearer ${token}` } });
    expect(refused.statusCode).toBe(422);
    expect(await photosKept()).toBe(before);
  });
});
