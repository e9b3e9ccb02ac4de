/**
 * Manage Locations (issue 12; admin-organizations-buildings.md sections 2 to 8): adding, editing, deleting and ordering
 * locations with their equipment and secondary data, the rules of section 5, the permissions of section 6, stale
 * writes refused with 409 STALE, and a soft delete that keeps what walkabouts and reports recorded.
 */
import {
  FLOOR_REQUIRED_MESSAGE,
  LOCATION_EQUIPMENT_REQUIRED_MESSAGE,
  LOCATION_NAME_REQUIRED_MESSAGE,
} from '@fsi/shared';
import { and, asc, desc, eq, inArray, isNull, lte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema, type TestBackend } from '../src/testing';
import { databases, demoIds, list, one, signedIn, startTestBackend, type Answer, type Client, type JsonApiResource, type Grants, userWithGrants } from './helpers';

type Link = { id: number; equipment: { id: number; name: string; status: string; order: number }; type_order: number; metadata: Record<string, unknown>; disabled: boolean };

const RIVERSIDE = 'Riverside Distribution Warehouse';
const YONGE = 'Yonge & Eglinton Tower';
const KING = 'King Street Commerce Centre';

describe.each(databases)('managing locations on %s', (database) => {
  let backend: TestBackend;
  let demo: Awaited<ReturnType<typeof demoIds>>;
  const as: Record<string, Client> = {};
  let building: string;
  let floorIds: number[];
  let equipment: { id: number; name: string }[];

  beforeAll(async () => {
    backend = await startTestBackend({ database });
    demo = await demoIds(backend);
    for (const username of ['admin', 'manager', 'regional', 'viewer', 'harbour']) as[username] = await signedIn(backend, username);
    building = demo.building(RIVERSIDE);
    floorIds = (await backend.db.select({ id: schema.floors.id }).from(schema.floors).where(eq(schema.floors.buildingId, Number(building))).orderBy(asc(schema.floors.order))).map((f) => f.id);
    equipment = await backend.db
      .select({ id: schema.equipmentTypes.id, name: schema.equipmentTypes.name })
      .from(schema.equipmentTypes)
      .where(eq(schema.equipmentTypes.organizationId, demo.northwind))
      .orderBy(asc(schema.equipmentTypes.order));
  });
  afterAll(() => backend?.close());

  /** A Northwind user with one role of these grants. */
  const userWith = (username: string, grants: Grants) => userWithGrants(backend, demo.northwind, username, grants);

  const errorOf = (answer: Answer) => {
    const [error] = answer.body.errors ?? [];
    return [answer.status, error?.detail, error?.code, error?.source?.pointer];
  };
  const create = (who: Client, attributes: Record<string, unknown>, buildingId = building) =>
    who.post('/locations/batch', { building_id: buildingId, locations_attributes: [attributes] });
  const newLocation = (name: string, extra: Record<string, unknown> = {}) => ({
    name,
    hint: 'Behind the blue door',
    relations: [
      { building_floor_id: floorIds[0], equipment_id: equipment[0]!.id },
      { building_floor_id: floorIds[0], equipment_id: equipment[1]!.id },
    ],
    ...extra,
  });
  const edit = (who: Client, location: JsonApiResource, changes: Record<string, unknown> = {}) =>
    who.request('PUT', '/locations/batch', {
      building_id: building,
      uuids: { uuid: location.attributes.regularUuid, temporary_uuid: location.attributes.temporaryUuid },
      location_name: location.attributes.name,
      location_hint: location.attributes.hint,
      version: location.attributes.version,
      equipments_on_locations_attributes: (location.attributes.location_equipments as Link[]).map((l) => ({ equipment_id: l.equipment.id, metadata: l.metadata })),
      ...changes,
    });
  const buildingLocations = async (who: Client, buildingId = building) => list((await who.get(`/locations?filter[building]=${buildingId}&page[size]=500`)).body);
  const created = async (name: string, extra: Record<string, unknown> = {}) => {
    const answer = await create(as.admin!, newLocation(name, extra));
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return list(answer.body)[0]!;
  };

  it('adds a location last on its floor with a new uuid, its equipment in the order given and their secondary data', async () => {
    const before = (await buildingLocations(as.admin!)).filter((l) => l.attributes.floorId === floorIds[0]);
    const location = await created('Electrical Closet 2', {
      metadata: { [equipment[0]!.id]: { equipmentManufacturer: 'Acme', equipmentInstallDate: '2024-03-01', criticalDeficiency: true, fsControlPanelAutoEvacTime: 5, fsControlPanelAutoEvacTimeUnit: 'min' } },
    });
    expect(location.attributes).toMatchObject({ name: 'Electrical Closet 2', hint: 'Behind the blue door', floorId: floorIds[0], version: 1, temporaryUuid: null });
    expect(location.attributes.order).toBe(Math.max(...before.map((l) => l.attributes.order as number)) + 1);
    expect(location.attributes.regularUuid).toMatch(/^[0-9a-f-]{36}$/);
    const links = location.attributes.location_equipments as Link[];
    expect(links.map((l) => [l.equipment.id, l.type_order])).toEqual([[equipment[0]!.id, 0], [equipment[1]!.id, 1]]);
    expect(links[0]!.metadata).toEqual({ equipmentManufacturer: 'Acme', equipmentInstallDate: '2024-03-01', criticalDeficiency: true, fsControlPanelAutoEvacTime: 5, fsControlPanelAutoEvacTimeUnit: 'min' });
    const listed = (await buildingLocations(as.admin!)).find((l) => l.id === location.id)!;
    expect(listed.attributes.location_equipments).toEqual(links);
    expect(listed.attributes.universalLink).toContain(`/q/${location.attributes.regularUuid as string}`);
  });

  it("refuses a location that breaks section 5's rules with the spec's words and each field's pointer, and saves nothing", async () => {
    const count = (await buildingLocations(as.admin!)).length;
    expect(errorOf(await create(as.admin!, newLocation('  ')))).toEqual([422, LOCATION_NAME_REQUIRED_MESSAGE, 'VALIDATION_FAILED', '/locations_attributes/0/name']);
    expect(errorOf(await create(as.admin!, newLocation('x'.repeat(257))))).toEqual([422, 'Location name must be at most 256 characters', 'VALIDATION_FAILED', '/locations_attributes/0/name']);
    expect(errorOf(await create(as.admin!, { name: 'No equipment', building_floor_id: floorIds[0], relations: [] }))).toEqual([
      422,
      LOCATION_EQUIPMENT_REQUIRED_MESSAGE,
      'VALIDATION_FAILED',
      '/locations_attributes/0/relations',
    ]);
    expect(errorOf(await create(as.admin!, { name: 'No floor', relations: [{ building_floor_id: null, equipment_id: equipment[0]!.id }] }))).toEqual([
      422,
      FLOOR_REQUIRED_MESSAGE,
      'VALIDATION_FAILED',
      '/locations_attributes/0/building_floor_id',
    ]);
    const metadata = (data: Record<string, unknown>) => create(as.admin!, newLocation('Bad data', { metadata: { [equipment[0]!.id]: data } }));
    expect(errorOf(await metadata({ colour: 'red' }))).toEqual([422, "Unknown secondary data field 'colour'", 'VALIDATION_FAILED', `/locations_attributes/0/metadata/${equipment[0]!.id}/colour`]);
    expect(errorOf(await metadata({ equipmentInstallDate: '2024-02-30' }))[1]).toBe('Install Date must be a date (yyyy-mm-dd)');
    expect(errorOf(await metadata({ fsHornDecibel: 'loud' }))[1]).toBe('Decibel must be a number');
    expect(errorOf(await metadata({ notes: 'n'.repeat(257) }))[1]).toBe('Notes must be at most 256 characters');
    expect(errorOf(await metadata({ fsControlPanelAutoEvacTimeUnit: 'u'.repeat(257) }))[1]).toBe('Auto Evac Time unit must be at most 256 characters');
    expect((await buildingLocations(as.admin!)).length).toBe(count);
  });

  it("offers the organization's equipment types with their status for the Assign Equipment select", async () => {
    const choices = list((await as.manager!.get(`/buildings/${building}/equipment-choices`)).body);
    expect(choices.map((c) => c.attributes.name)).toEqual(equipment.map((e) => e.name));
    expect(choices.every((c) => c.attributes.status === 'active')).toBe(true);
  });

  it('refuses to add equipment that is not active, saying so', async () => {
    const [paused] = await backend.db
      .insert(schema.equipmentTypes)
      .values({ organizationId: demo.northwind, name: 'Retired Hose Cabinet', order: 99, status: 'paused' })
      .returning();
    const answer = await create(as.admin!, { name: 'Hose niche', relations: [{ building_floor_id: floorIds[0], equipment_id: paused!.id }] });
    expect(errorOf(answer)).toEqual([
      422,
      "'Retired Hose Cabinet' is Paused: equipment that is not active can not be added to a location",
      'VALIDATION_FAILED',
      '/locations_attributes/0/relations/0/equipment_id',
    ]);
    // Another organization's equipment is no equipment here.
    const [theirs] = await backend.db.select().from(schema.equipmentTypes).where(eq(schema.equipmentTypes.organizationId, demo.harbour)).limit(1);
    expect(errorOf(await create(as.admin!, { name: 'Foreign', relations: [{ building_floor_id: floorIds[0], equipment_id: theirs!.id }] }))[1]).toBe('Equipment not found');
  });

  it('edits name, hint, equipment and secondary data on the version it was loaded at, and refuses an older version with 409 STALE', async () => {
    const location = await created('Meter Room');
    const answer = await edit(as.admin!, location, {
      location_name: 'Meter Room East',
      location_hint: null,
      equipments_on_locations_attributes: [
        { equipment_id: equipment[1]!.id, metadata: { wsSystemType: 'Wet' } },
        { equipment_id: equipment[2]!.id },
      ],
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const saved = one(answer.body);
    expect(saved.attributes).toMatchObject({ name: 'Meter Room East', hint: null, version: 2 });
    expect((saved.attributes.location_equipments as Link[]).map((l) => [l.equipment.id, l.metadata])).toEqual([
      [equipment[1]!.id, { wsSystemType: 'Wet' }],
      [equipment[2]!.id, {}],
    ]);
    // The first screen's copy (version 1) is now stale: refused, and nothing of it saved.
    const stale = await edit(as.admin!, location, { location_name: 'Meter Room West' });
    expect(errorOf(stale).slice(0, 3)).toEqual([409, 'The location was changed by someone else since it was loaded: reload it and make the change again.', 'STALE']);
    const [row] = await backend.db.select().from(schema.locations).where(eq(schema.locations.id, Number(location.id)));
    expect([row!.name, row!.version]).toEqual(['Meter Room East', 2]);
  });

  it('keeps secondary data stored before the field list as it is on an edit, and judges only what changes', async () => {
    // The demo's locations carry such data: keys of no field of the list ('Make') and year-month dates.
    const location = await created('Boiler Room 2');
    const [link] = await backend.db.select().from(schema.locationEquipment).where(eq(schema.locationEquipment.locationId, Number(location.id))).orderBy(asc(schema.locationEquipment.typeOrder));
    await backend.db.update(schema.locationEquipment).set({ metadata: { Make: 'Badger', equipmentInstallDate: '2021-05' } }).where(eq(schema.locationEquipment.id, link!.id));
    const loaded = list((await as.admin!.get(`/locations?filter[building]=${building}&page[size]=500`)).body).find((l) => l.id === location.id)!;
    // Kept as stored, beside a new value of a field of the list: saved.
    const kept = await edit(as.admin!, loaded, {
      location_name: 'Boiler Room 2 East',
      equipments_on_locations_attributes: [
        { equipment_id: equipment[0]!.id, metadata: { Make: 'Badger', equipmentInstallDate: '2021-05', equipmentManufacturer: 'Acme' } },
        { equipment_id: equipment[1]!.id },
      ],
    });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect((one(kept.body).attributes.location_equipments as Link[])[0]!.metadata).toEqual({ Make: 'Badger', equipmentInstallDate: '2021-05', equipmentManufacturer: 'Acme' });
    // Changed, each is judged as any new value.
    const changed = await edit(as.admin!, one(kept.body), {
      equipments_on_locations_attributes: [{ equipment_id: equipment[0]!.id, metadata: { Make: 'Amerex', equipmentInstallDate: '2021-06' } }, { equipment_id: equipment[1]!.id }],
    });
    expect(changed.status).toBe(422);
    expect((changed.body.errors ?? []).map((e) => e.source?.pointer)).toEqual([
      '/equipments_on_locations_attributes/0/metadata/Make',
      '/equipments_on_locations_attributes/0/metadata/equipmentInstallDate',
    ]);
  });

  it('keeps a removed equipment disabled when recorded results refer to it, so that its walkabouts keep them, and deletes it otherwise', async () => {
    const locationId = await demo.location(RIVERSIDE, 'Shipping Office');
    const location = list((await as.admin!.get(`/locations?filter[id]=${locationId}`)).body)[0]!;
    const links = location.attributes.location_equipments as Link[];
    expect(links.length).toBeGreaterThan(0);
    const [entry] = await backend.db.select().from(schema.entries).where(eq(schema.entries.locationEquipmentId, links[0]!.id)).limit(1);
    expect(entry, 'the demo walkabouts have entries for the location').toBeDefined();
    const answer = await edit(as.admin!, location, {
      equipments_on_locations_attributes: [...links.slice(1).map((l) => ({ equipment_id: l.equipment.id })), { equipment_id: equipment.at(-1)!.id }],
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect((one(answer.body).attributes.location_equipments as Link[]).map((l) => l.equipment.id)).not.toContain(links[0]!.equipment.id);
    const [kept] = await backend.db.select().from(schema.locationEquipment).where(eq(schema.locationEquipment.id, links[0]!.id));
    expect(kept!.disabled).toBe(true);
    expect((await backend.db.select().from(schema.entries).where(eq(schema.entries.id, entry!.id))).length).toBe(1);

    const fresh = await created('Spare Room');
    const dropped = (fresh.attributes.location_equipments as Link[])[1]!;
    expect((await edit(as.admin!, fresh, { equipments_on_locations_attributes: [{ equipment_id: equipment[0]!.id }] })).status).toBe(200);
    expect(await backend.db.select().from(schema.locationEquipment).where(eq(schema.locationEquipment.id, dropped.id))).toEqual([]);
  });

  it('lets only the rights of section 6 add, edit, reorder and delete, each refused with 403 otherwise', async () => {
    const creator = await userWith('loc-creator', { locationPermissions: { create: true } });
    const buildingManager = await userWith('loc-buildings', { buildingPermissions: { manage: true } });
    const orgManager = await userWith('loc-org', { organizationPermissions: { manage: true } });
    const updater = await userWith('loc-updater', { locationPermissions: { update: true } });
    const secondary = await userWith('loc-secondary', { locationPermissions: { manageSecondaryData: true } });
    const deleter = await userWith('loc-deleter', { locationPermissions: { delete: true } });
    const nobody = await userWith('loc-nobody', { locationPermissions: { view: true } });

    // Add: can-create-location, manage-organization, manage-buildings or admin.
    for (const [who, name] of [[creator, 'By creator'], [buildingManager, 'By building manager'], [orgManager, 'By org manager']] as const) {
      expect((await create(who, newLocation(name))).status).toBe(201);
    }
    for (const who of [updater, secondary, deleter, nobody]) expect(errorOf(await create(who, newLocation('Refused')))[0]).toBe(403);
    // Secondary data on a new location needs can-manage-secondary-data.
    expect(errorOf(await create(creator, newLocation('With data', { metadata: { [equipment[0]!.id]: { notes: 'x' } } })))).toEqual([
      403,
      'You may not change the secondary data of a location.',
      'FORBIDDEN',
      undefined,
    ]);

    // Edit: name, hint and equipment with update (or create) rights; secondary data only with can-manage-secondary-data.
    let location = await created('Permission Room');
    const renamed = await edit(updater, location, { location_name: 'Permission Room 2' });
    expect(renamed.status).toBe(200);
    location = one(renamed.body);
    const links = location.attributes.location_equipments as Link[];
    const withData = { equipments_on_locations_attributes: links.map((l) => ({ equipment_id: l.equipment.id, metadata: { notes: 'Checked' } })) };
    expect(errorOf(await edit(updater, location, withData))).toEqual([403, 'You may not change the secondary data of a location.', 'FORBIDDEN', undefined]);
    const data = await edit(secondary, location, withData);
    expect(data.status).toBe(200);
    location = one(data.body);
    expect(errorOf(await edit(secondary, location, { location_name: 'Renamed' }))).toEqual([403, 'You may not change the name, hint or equipment of a location.', 'FORBIDDEN', undefined]);
    for (const who of [deleter, nobody]) expect(errorOf(await edit(who, location))[0]).toBe(403);

    // Reorder: the locations' order, can-update-location; the types' order at a location (the building's types
    // screen), administrators and users who manage buildings (admin-organizations-buildings.md section 6).
    const order = (who: Client) =>
      who.request('PUT', '/locations/order/batch/', {
        building_id: building,
        locations: [{ order: 0, uuid: location.attributes.regularUuid, temporary_uuid: null, version: location.attributes.version }],
      });
    const typeOrder = (who: Client) =>
      who.request('PUT', '/locations/type-order/batch/', {
        building_id: building,
        equipments_on_locations: [{ type_order: 5, uuid: location.attributes.regularUuid, temporary_uuid: null, equipment_id: links[0]!.equipment.id, version: location.attributes.version }],
      });
    for (const who of [creator, secondary, deleter]) {
      expect(errorOf(await order(who))[0]).toBe(403);
      expect(errorOf(await typeOrder(who))[0]).toBe(403);
    }
    expect(errorOf(await typeOrder(updater))).toEqual([403, 'You may not reorder equipment.', 'FORBIDDEN', undefined]);
    expect(errorOf(await order(buildingManager))[0]).toBe(403);
    const reordered = await order(updater);
    expect(reordered.status).toBe(200);
    location = list(reordered.body)[0]!;
    expect((await typeOrder(buildingManager)).status).toBe(200);

    // Delete: can-delete-location.
    for (const who of [creator, updater, secondary]) expect(errorOf(await who.delete(`/locations/${location.id}`))[0]).toBe(403);
    expect((await deleter.delete(`/locations/${location.id}`)).status).toBe(204);
  });

  it("keeps a region user to their region's buildings and another organization's user out of everything", async () => {
    const uptown = demo.building(YONGE);
    const downtown = demo.building(KING);
    const downtownFloor = (await backend.db.select().from(schema.floors).where(eq(schema.floors.buildingId, Number(downtown))).limit(1))[0]!.id;
    const uptownFloor = (await backend.db.select().from(schema.floors).where(eq(schema.floors.buildingId, Number(uptown))).limit(1))[0]!.id;
    const item = (floor: number) => ({ name: 'Regional room', relations: [{ building_floor_id: floor, equipment_id: equipment[0]!.id }] });
    expect((await create(as.regional!, item(downtownFloor), downtown)).status).toBe(201);
    expect(errorOf(await create(as.regional!, item(uptownFloor), uptown))).toEqual([404, 'Building not found.', 'NOT_FOUND', undefined]);
    expect(errorOf(await create(as.harbour!, item(uptownFloor), uptown))[0]).toBe(404);
    const target = (await buildingLocations(as.admin!, uptown))[0]!;
    expect((await as.harbour!.delete(`/locations/${target.id}`)).status).toBe(404);
    const order = { building_id: uptown, locations: [{ order: 0, uuid: target.attributes.regularUuid, version: target.attributes.version }] };
    expect((await as.regional!.request('PUT', '/locations/order/batch/', order)).status).toBe(404);
    expect((await as.harbour!.request('PUT', '/locations/order/batch/', order)).status).toBe(404);
    expect((await edit(as.regional!, target)).status).toBe(404);
    expect((await as.harbour!.get(`/buildings/${uptown}/equipment-states`)).status).toBe(404);
  });

  it('reorders only the locations sent, all or none: one stale version refuses the whole batch', async () => {
    const rows = (await buildingLocations(as.admin!)).filter((l) => l.attributes.floorId === floorIds[1]);
    expect(rows.length).toBeGreaterThan(2);
    const [a, b, c] = rows;
    const moved = await as.admin!.request('PUT', '/locations/order/batch/', {
      building_id: building,
      locations: [
        { order: b!.attributes.order, uuid: a!.attributes.regularUuid, temporary_uuid: a!.attributes.temporaryUuid, version: a!.attributes.version },
        { order: a!.attributes.order, uuid: b!.attributes.regularUuid, temporary_uuid: b!.attributes.temporaryUuid, version: b!.attributes.version },
      ],
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(list(moved.body).map((l) => [l.id, l.attributes.order]).sort()).toEqual([[a!.id, b!.attributes.order], [b!.id, a!.attributes.order]].sort());
    const after = (await buildingLocations(as.admin!)).filter((l) => l.attributes.floorId === floorIds[1]);
    expect(after.slice(0, 2).map((l) => l.id)).toEqual([b!.id, a!.id]);
    expect(after.find((l) => l.id === c!.id)!.attributes.version).toBe(c!.attributes.version);

    // a was moved since (its version is older now): c's move is refused with it.
    const refused = await as.admin!.request('PUT', '/locations/order/batch/', {
      building_id: building,
      locations: [
        { order: 0, uuid: c!.attributes.regularUuid, version: c!.attributes.version },
        { order: 9, uuid: a!.attributes.regularUuid, version: a!.attributes.version },
      ],
    });
    expect(errorOf(refused)).toEqual([409, 'The order was changed by someone else since it was loaded: reload it and arrange it again.', 'STALE', '/locations/1/version']);
    const [cRow] = await backend.db.select().from(schema.locations).where(eq(schema.locations.id, Number(c!.id)));
    expect(cRow!.order).toBe(c!.attributes.order);
  });

  it("orders a location's equipment", async () => {
    const location = await created('Type order room');
    const links = location.attributes.location_equipments as Link[];
    const answer = await as.admin!.request('PUT', '/locations/type-order/batch/', {
      building_id: building,
      equipments_on_locations: [
        { type_order: 1, uuid: location.attributes.regularUuid, temporary_uuid: null, equipment_id: links[0]!.equipment.id, version: 1 },
        { type_order: 0, uuid: location.attributes.regularUuid, temporary_uuid: null, equipment_id: links[1]!.equipment.id, version: 1 },
      ],
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const saved = list(answer.body)[0]!;
    expect((saved.attributes.location_equipments as Link[]).map((l) => l.equipment.id)).toEqual([links[1]!.equipment.id, links[0]!.equipment.id]);
    expect(saved.attributes.version).toBe(2);
  });

  it('deletes a location out of every live list, while the walkabout that recorded its results keeps them', async () => {
    const locationId = await demo.location(RIVERSIDE, 'Loading Dock North');
    // An entry of the walkabout the equipment states read (its cycle's latest opened, not closed, not a fire watch):
    // any entry would do until a daily walkabout opens for a new day (midnight in the building's zone) beside it.
    const [{ entries: entry } = { entries: undefined }] = await backend.db
      .select({ entries: schema.entries })
      .from(schema.entries)
      .innerJoin(schema.walkabouts, eq(schema.walkabouts.id, schema.entries.walkaboutId))
      .where(and(eq(schema.entries.locationId, Number(locationId)), isNull(schema.walkabouts.closedAt), eq(schema.walkabouts.isFireWatch, false), lte(schema.walkabouts.openedAt, new Date())))
      .orderBy(desc(schema.walkabouts.openedAt), desc(schema.walkabouts.id))
      .limit(1);
    const [condition] = await backend.db.select().from(schema.conditions).where(eq(schema.conditions.entryId, entry!.id)).limit(1);
    await backend.db.update(schema.conditions).set({ value: 'Door blocked by pallets', satisfaction: 'unsatisfactory' }).where(eq(schema.conditions.id, condition!.id));
    const [row] = await backend.db.select().from(schema.locations).where(eq(schema.locations.id, Number(locationId)));

    const states = list((await as.admin!.get(`/buildings/${building}/equipment-states`)).body);
    expect(states.some((s) => (s.attributes.location as { id: number }).id === Number(locationId) && s.attributes.state === 'unsatisfactory')).toBe(true);

    expect((await as.admin!.request('DELETE', `/locations/${locationId}`, { building_id: building })).status).toBe(204);
    expect((await buildingLocations(as.admin!)).map((l) => l.id)).not.toContain(locationId);
    expect((await as.admin!.get(`/locations/${locationId}`)).status).toBe(404);
    expect(list((await as.admin!.get(`/locations?filter[uuid]=${row!.regularUuid}`)).body)).toEqual([]);
    expect((await as.admin!.delete(`/locations/${locationId}`)).status).toBe(404);
    const floors = list((await as.admin!.get(`/buildings/${building}/floors`)).body);
    const floorCount = floors.find((f) => Number(f.id) === row!.floorId)!.attributes.locationsCount;
    const live = await backend.db.select().from(schema.locations).where(and(eq(schema.locations.floorId, row!.floorId)));
    expect(floorCount).toBe(live.filter((l) => l.deletedAt === null).length);

    // The walkabout keeps the entry and its result.
    const walkabout = await as.admin!.get(`/walkabouts/${entry!.walkaboutId}?include=entries,conditions`);
    expect(walkabout.status).toBe(200);
    const included = walkabout.body.included ?? [];
    expect(included.some((r) => r.type === 'entries' && r.id === String(entry!.id))).toBe(true);
    const kept = await backend.db.select().from(schema.conditions).where(inArray(schema.conditions.id, [condition!.id]));
    expect(kept[0]!.value).toBe('Door blocked by pallets');
  });
});
