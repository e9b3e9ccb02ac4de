/**
 * Create Current Walkabouts (POST /buildings/{buildingId}/walkabouts; admin-organizations-buildings.md sections 2, 4,
 * 6 and 7): open walkabouts follow the building as it is now, and results already recorded are kept.
 */
import { NOT_ALLOWED_TO_CREATE_CURRENT_WALKABOUTS_MESSAGE } from '@fsi/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locationUuid } from '../src/seed/uuid';
import { schema, type TestBackend } from '../src/testing';
import { databases, demoIds, list, one, signedIn, startTestBackend, tree, type Client, type JsonApiResource } from './helpers';

type Demo = Awaited<ReturnType<typeof demoIds>>;
type Changes = {
  walkaboutsCreated: number;
  walkaboutsUpdated: number;
  entriesAdded: number;
  entriesRemoved: number;
  conditionsAdded: number;
  conditionsRemoved: number;
  entriesKeptWithResults: number;
};
type WalkaboutChanges = Changes & { walkaboutId: number; created: boolean; floorsAdded: number };

describe.each(databases)('Create Current Walkabouts on %s', (database) => {
  let backend: TestBackend;
  let demo: Demo;
  const as: Record<string, Client> = {};

  beforeAll(async () => {
    backend = await startTestBackend({ database });
    demo = await demoIds(backend);
    for (const username of ['admin', 'manager', 'inspector', 'viewer', 'harbour']) as[username] = await signedIn(backend, username);
  });
  afterAll(() => backend?.close());

  const press = (who: Client, building: string) => who.post(`/buildings/${building}/walkabouts`, undefined);
  const changesOf = (body: { meta?: Record<string, unknown> }) => body.meta!.changes as Changes;
  const walkaboutChanges = (body: { meta?: Record<string, unknown> }, id: string) =>
    (body.meta!.walkabouts as WalkaboutChanges[]).find((w) => String(w.walkaboutId) === id)!;

  async function treeOf(id: string) {
    const { status, body } = await as.admin!.get(`/walkabouts/${id}`);
    expect(status).toBe(200);
    return tree(body);
  }

  const entryIdsAt = (t: Awaited<ReturnType<typeof treeOf>>, locationId: number) =>
    t.entries.filter((e) => e.attributes.locationId === locationId).map((e) => Number(e.id));
  const conditionsOf = (t: Awaited<ReturnType<typeof treeOf>>, entryId: number) => t.conditions.filter((c) => c.attributes.entryId === entryId);

  async function locationEquipmentAt(building: string, location: string) {
    return backend.db
      .select({ id: schema.locationEquipment.id, typeId: schema.locationEquipment.equipmentTypeId })
      .from(schema.locationEquipment)
      .innerJoin(schema.locations, eq(schema.locations.id, schema.locationEquipment.locationId))
      .where(and(eq(schema.locations.buildingId, Number(building)), eq(schema.locations.name, location)));
  }

  it('brings an open walkabout up to date: adds a new location, removes what no longer applies and keeps what was recorded', async () => {
    const building = demo.building('Yonge & Eglinton Tower');
    const monthly = await demo.walkabout('Yonge & Eglinton Tower', 'Monthly');
    const before = await treeOf(monthly);
    const lobby = Number(await demo.location('Yonge & Eglinton Tower', 'Main Lobby'));
    const stair = Number(await demo.location('Yonge & Eglinton Tower', 'Stair 1, Ground'));
    const concourse = Number(await demo.location('Yonge & Eglinton Tower', 'Retail Concourse'));
    const [recordedEntry] = entryIdsAt(before, lobby);
    expect(recordedEntry).toBeDefined();
    expect(entryIdsAt(before, stair).length).toBeGreaterThan(0);
    expect(entryIdsAt(before, concourse).length).toBeGreaterThan(0);
    const lobbyConditions = conditionsOf(before, recordedEntry!);
    expect(lobbyConditions.length).toBeGreaterThan(1);
    const recordedCondition = Number(lobbyConditions[0]!.id);

    // An inspector scanned the lobby and recorded one result with remarks.
    await backend.db.update(schema.entries).set({ scannedAt: new Date() }).where(eq(schema.entries.id, recordedEntry!));
    await backend.db.update(schema.conditions).set({ remarks: 'Checked by the concierge' }).where(eq(schema.conditions.id, recordedCondition));
    // Since then: all the lobby's and the stairwell's equipment was removed, the concourse deleted, and a new location added.
    const lobbyEquipment = await locationEquipmentAt(building, 'Main Lobby');
    const stairEquipment = await locationEquipmentAt(building, 'Stair 1, Ground');
    await backend.db.update(schema.locationEquipment).set({ disabled: true }).where(inArray(schema.locationEquipment.id, [...lobbyEquipment, ...stairEquipment].map((l) => l.id)));
    await backend.db.update(schema.locations).set({ deletedAt: new Date() }).where(eq(schema.locations.id, concourse));
    const [ground] = await backend.db.select({ floorId: schema.locations.floorId }).from(schema.locations).where(eq(schema.locations.id, lobby));
    const [added] = await backend.db
      .insert(schema.locations)
      .values({ buildingId: Number(building), floorId: ground!.floorId, name: 'New Tenant Suite', order: 99, regularUuid: locationUuid() })
      .returning({ id: schema.locations.id });
    await backend.db.insert(schema.locationEquipment).values(lobbyEquipment.map((l) => ({ locationId: added!.id, equipmentTypeId: l.typeId })));
    // A walkabout leaves them as they were until the button is pressed.
    expect(entryIdsAt(await treeOf(monthly), added!.id)).toEqual([]);

    const answer = await press(as.manager!, building);
    expect(answer.status).toBe(200);
    expect(list(answer.body).map((w) => w.id)).toContain(monthly);
    expect(answer.body.included!.map((r) => `${r.type}:${r.id}`)).toEqual([`buildings:${building}`]);
    const changes = walkaboutChanges(answer.body, monthly);
    expect(changes).toMatchObject({ created: false, entriesKeptWithResults: 1 });
    expect(changes.entriesAdded).toBe(lobbyEquipment.length);
    expect(changes.entriesRemoved).toBe(entryIdsAt(before, stair).length + entryIdsAt(before, concourse).length + entryIdsAt(before, lobby).length - 1);
    expect(changes.conditionsAdded).toBeGreaterThan(0);
    expect(changesOf(answer.body).walkaboutsUpdated).toBeGreaterThanOrEqual(1);

    const after = await treeOf(monthly);
    // The recorded entry stays with its result; its conditions without results go.
    expect(entryIdsAt(after, lobby)).toEqual([recordedEntry]);
    const kept = conditionsOf(after, recordedEntry!);
    expect(kept.map((c) => Number(c.id))).toEqual([recordedCondition]);
    expect(kept[0]!.attributes.remarks).toBe('Checked by the concierge');
    expect(after.entries.find((e) => Number(e.id) === recordedEntry)!.attributes.scannedAt).not.toBeNull();
    // Nothing was recorded at the stairwell and the concourse: their entries are gone.
    expect(entryIdsAt(after, stair)).toEqual([]);
    expect(entryIdsAt(after, concourse)).toEqual([]);
    // The new location has the lobby's former equipment, with sections and conditions of the cycle.
    const newEntries = entryIdsAt(after, added!.id);
    expect(newEntries).toHaveLength(lobbyEquipment.length);
    for (const entry of newEntries) expect(conditionsOf(after, entry).length).toBeGreaterThan(0);
    expect(after.entries.find((e) => e.attributes.locationId === added!.id)!.attributes.locationName).toBe('New Tenant Suite');
    // Each entry's sections hold exactly its conditions (no orphan or duplicate).
    for (const section of after.sections) {
      expect(after.conditions.filter((c) => c.attributes.sectionId === Number(section.id)).length).toBeGreaterThan(0);
    }
    const [{ n: duplicates }] = await backend.db.execute(sql`select count(*)::int as n from (select section_id, task_id from conditions
      where walkabout_id = ${Number(monthly)} group by section_id, task_id having count(*) > 1) d`).then((r) => (r as unknown as { rows: { n: number }[] }).rows) as [{ n: number }];
    expect(duplicates).toBe(0);

    // A second press finds nothing left to do and changes nothing.
    const again = await press(as.manager!, building);
    expect(again.status).toBe(200);
    expect(changesOf(again.body)).toMatchObject({ walkaboutsCreated: 0, walkaboutsUpdated: 0, entriesAdded: 0, entriesRemoved: 0, conditionsAdded: 0, conditionsRemoved: 0 });
    const third = await treeOf(monthly);
    expect(third.conditions.map((c) => c.id).sort()).toEqual(after.conditions.map((c) => c.id).sort());
    expect(third.entries.map((e) => e.id).sort()).toEqual(after.entries.map((e) => e.id).sort());
  });

  it('answers presses made at the same time without duplicating an entry or a condition', async () => {
    const building = demo.building('King Street Commerce Centre');
    const lobby = Number(await demo.location('King Street Commerce Centre', 'Main Lobby'));
    const [ground] = await backend.db.select({ floorId: schema.locations.floorId }).from(schema.locations).where(eq(schema.locations.id, lobby));
    const [added] = await backend.db
      .insert(schema.locations)
      .values({ buildingId: Number(building), floorId: ground!.floorId, name: 'Pop-up Kiosk', order: 50, regularUuid: locationUuid() })
      .returning({ id: schema.locations.id });
    const lobbyEquipment = await locationEquipmentAt(building, 'Main Lobby');
    await backend.db.insert(schema.locationEquipment).values(lobbyEquipment.map((l) => ({ locationId: added!.id, equipmentTypeId: l.typeId })));
    const answers = await Promise.all([press(as.manager!, building), press(as.admin!, building)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    // One press made the entries; the other, run after it, found nothing left to add.
    const addedByPress = answers.map((a) => changesOf(a.body).entriesAdded).sort((x, y) => x - y);
    expect(addedByPress[0]).toBe(0);
    expect(addedByPress[1]).toBeGreaterThan(0);
    const entries = await backend.db.select({ id: schema.entries.id }).from(schema.entries).where(eq(schema.entries.locationId, added!.id));
    expect(entries).toHaveLength(addedByPress[1]!);
    const [{ n: duplicates }] = (await backend.db.execute(sql`select count(*)::int as n from (select section_id, task_id from conditions c
      join walkabouts w on w.id = c.walkabout_id where w.building_id = ${Number(building)} group by section_id, task_id having count(*) > 1) d`)
      .then((r) => (r as unknown as { rows: { n: number }[] }).rows)) as [{ n: number }];
    expect(duplicates).toBe(0);
  });

  it("creates the current period's walkabout of a cycle that has none open, once", async () => {
    const building = demo.building('Lawrence Park Seniors Residence');
    const daily = demo.cycle(demo.northwind, 'Daily');
    await backend.db.delete(schema.walkabouts).where(and(eq(schema.walkabouts.buildingId, Number(building)), eq(schema.walkabouts.cycleId, Number(daily))));
    const answer = await press(as.manager!, building);
    expect(answer.status).toBe(200);
    expect(changesOf(answer.body).walkaboutsCreated).toBeGreaterThanOrEqual(1);
    const made = list(answer.body).filter((w) => w.attributes.cycleId === Number(daily));
    expect(made.length).toBe(changesOf(answer.body).walkaboutsCreated);
    for (const w of made) expect(walkaboutChanges(answer.body, w.id).created).toBe(true);
    expect(await demo.walkabout('Lawrence Park Seniors Residence', 'Daily')).toBeTruthy();
    const again = await press(as.manager!, building);
    expect(changesOf(again.body).walkaboutsCreated).toBe(0);
    const rows = await backend.db.select({ id: schema.walkabouts.id }).from(schema.walkabouts)
      .where(and(eq(schema.walkabouts.buildingId, Number(building)), eq(schema.walkabouts.cycleId, Number(daily))));
    expect(rows).toHaveLength(made.length);
  });

  it('lets administrators, organization managers and building managers press it, and refuses everyone else with 403', async () => {
    const building = demo.building('King Street Commerce Centre');
    expect((await press(as.admin!, building)).status).toBe(200);
    expect((await press(as.manager!, building)).status).toBe(200);
    for (const who of ['inspector', 'viewer']) {
      const refused = await press(as[who]!, building);
      expect(refused.status).toBe(403);
      expect(refused.body.errors![0]).toMatchObject({ code: 'FORBIDDEN', detail: NOT_ALLOWED_TO_CREATE_CURRENT_WALKABOUTS_MESSAGE });
    }
    // The viewer's role given organization management (not building management) may press it.
    const [role] = await backend.db.select().from(schema.roles).where(and(eq(schema.roles.organizationId, demo.northwind), eq(schema.roles.name, 'Viewer')));
    const permissions = structuredClone(role!.permissions);
    permissions.organizationPermissions.manage = true;
    await backend.db.update(schema.roles).set({ permissions }).where(eq(schema.roles.id, role!.id));
    try {
      expect((await press(as.viewer!, building)).status).toBe(200);
    } finally {
      await backend.db.update(schema.roles).set({ permissions: role!.permissions }).where(eq(schema.roles.id, role!.id));
    }
    expect((await press(as.viewer!, building)).status).toBe(403);
  });

  it("answers 404 for another organization's building or none, and 409 CONTRACT_NOT_ACCEPTED until the contract is accepted", async () => {
    expect((await press(as.harbour!, demo.building('King Street Commerce Centre'))).status).toBe(404);
    expect((await press(as.manager!, '999999')).status).toBe(404);
    const building = demo.building('Riverside Distribution Warehouse');
    const [row] = await backend.db.select().from(schema.buildings).where(eq(schema.buildings.id, Number(building)));
    await backend.db.update(schema.buildings).set({ contractAcceptedAt: null }).where(eq(schema.buildings.id, Number(building)));
    try {
      const gated = await press(as.manager!, building);
      expect(gated.status).toBe(409);
      expect(gated.body.errors![0]!.code).toBe('CONTRACT_NOT_ACCEPTED');
    } finally {
      await backend.db.update(schema.buildings).set({ contractAcceptedAt: row!.contractAcceptedAt }).where(eq(schema.buildings.id, Number(building)));
    }
  });

  it('says a building has applicable walkabout conditions only while a location not deleted has equipment with tasks', async () => {
    const building = demo.building('Riverside Distribution Warehouse');
    const read = async () => one((await as.manager!.get(`/buildings/${building}`)).body).attributes.hasApplicableWalkaboutConditions;
    expect(await read()).toBe(true);
    await backend.db.update(schema.locations).set({ deletedAt: new Date() }).where(eq(schema.locations.buildingId, Number(building)));
    expect(await read()).toBe(false);
    // A new walkabout leaves deleted locations out: the building has nothing to inspect.
    const preOccupancy = demo.cycle(demo.northwind, 'Pre-Occupancy Inspection');
    const created = await as.manager!.post('/walkabouts', {
      data: { type: 'walkabouts', relationships: { building: { data: { type: 'buildings', id: building } }, cycle: { data: { type: 'cycles', id: preOccupancy } } } },
    });
    expect(created.status).toBe(422);
    await backend.db.update(schema.locations).set({ deletedAt: null }).where(eq(schema.locations.buildingId, Number(building)));
    expect(await read()).toBe(true);
  });

  it("gives unrecorded conditions their task's new wording and leaves recorded ones as they were recorded", async () => {
    const building = demo.building('Lawrence Park Seniors Residence');
    const monthly = await demo.walkabout('Lawrence Park Seniors Residence', 'Monthly');
    const before = await treeOf(monthly);
    const byTask = new Map<number, JsonApiResource[]>();
    for (const c of before.conditions) {
      const [row] = await backend.db.select({ taskId: schema.conditions.taskId }).from(schema.conditions).where(eq(schema.conditions.id, Number(c.id)));
      byTask.set(row!.taskId!, [...(byTask.get(row!.taskId!) ?? []), c]);
    }
    const [taskId, shared] = [...byTask.entries()].find(([, list]) => list.length > 1)!;
    const [recorded, unrecorded] = shared;
    await backend.db.update(schema.conditions).set({ remarks: 'Recorded under the old wording' }).where(eq(schema.conditions.id, Number(recorded!.id)));
    await backend.db.update(schema.tasks).set({ description: 'Reworded by the organization' }).where(eq(schema.tasks.id, taskId));
    expect((await press(as.manager!, building)).status).toBe(200);
    const after = await treeOf(monthly);
    const read = (id: string) => after.conditions.find((c) => c.id === id)!.attributes.description;
    expect(read(unrecorded!.id)).toBe('Reworded by the organization');
    expect(read(recorded!.id)).toBe(recorded!.attributes.description);
  });

  it('removes the entries of a type paused at the building when nothing was recorded for them', async () => {
    const building = demo.building('King Street Commerce Centre');
    const monthly = await demo.walkabout('King Street Commerce Centre', 'Monthly');
    const before = await treeOf(monthly);
    const extinguishers = before.entries.filter((e: JsonApiResource) => e.attributes.equipmentName === 'Portable Fire Extinguisher');
    expect(extinguishers.length).toBeGreaterThan(0);
    const typeId = extinguishers[0]!.attributes.equipmentTypeId as number;
    // Results recorded on one extinguisher (made unsatisfactory by the samples of other suites or here).
    const [first] = conditionsOf(before, Number(extinguishers[0]!.id));
    await backend.db.update(schema.conditions).set({ photoUrl: '/files/extinguisher.jpg' }).where(eq(schema.conditions.id, Number(first!.id)));
    await backend.db.insert(schema.buildingSuspensions).values({ buildingId: Number(building), equipmentTypeId: typeId, shortName: 'PX', description: 'Replaced' });
    const answer = await press(as.manager!, building);
    expect(walkaboutChanges(answer.body, monthly).entriesRemoved).toBe(extinguishers.length - 1);
    const after = await treeOf(monthly);
    expect(after.entries.filter((e) => e.attributes.equipmentName === 'Portable Fire Extinguisher').map((e) => e.id)).toEqual([extinguishers[0]!.id]);
    expect(conditionsOf(after, Number(extinguishers[0]!.id)).map((c) => c.id)).toEqual([first!.id]);
  });
});
