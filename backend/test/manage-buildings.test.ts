/**
 * Organization settings and the buildings list (issue 12; admin-organizations-buildings.md sections 2, 3, 5, 6, 7):
 * the organization with its buildings in order, the counters of an organization and of a building, adding, renaming
 * and reordering buildings, who may do each, and stale writes refused with 409 STALE.
 */
import {
  BUILDING_NAME_REQUIRED_MESSAGE,
  STALE_EDIT_MESSAGE,
  STALE_ORDER_MESSAGE,
  tooLongMessage,
} from '@fsi/shared';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema, type TestBackend } from '../src/testing';
import { databases, demoIds, list, one, signedIn, startTestBackend, type Answer, type Client, type Grants, userWithGrants } from './helpers';

describe.each(databases)('organization settings and manage buildings on %s', (database) => {
  let backend: TestBackend;
  let demo: Awaited<ReturnType<typeof demoIds>>;
  const as: Record<string, Client> = {};

  beforeAll(async () => {
    backend = await startTestBackend({ database });
    demo = await demoIds(backend);
    for (const username of ['admin', 'manager', 'inspector', 'viewer', 'harbour']) as[username] = await signedIn(backend, username);
    as.organizationManager = await userWith('orgmanager', { organizationPermissions: { manage: true } });
    as.nobody = await userWith('noroles', {});
  });
  afterAll(() => backend?.close());

  /** A Northwind user with one role of these grants. */
  const userWith = (username: string, grants: Grants) => userWithGrants(backend, demo.northwind, username, grants);

  const create = (who: Client, name: unknown, organizationId: number | string = demo.northwind) =>
    who.post('/buildings', { data: { type: 'buildings', attributes: { name, organization_id: organizationId } } });
  const rename = (who: Client, id: string, name: unknown, version?: number) =>
    who.request('PUT', `/buildings/${id}/attributes`, { data: { id, type: 'buildings', attributes: { name, version } } });
  const reorder = (who: Client, changes: { building_id: string | number; order: number; version?: number }[]) =>
    who.request('PUT', '/buildings/batch-update', { batch_update_attributes: changes });
  const errorOf = (answer: Answer) => {
    const [error] = answer.body.errors ?? [];
    return [answer.status, error?.detail, error?.code, error?.source?.pointer];
  };
  const row = async (id: string) => (await backend.db.select().from(schema.buildings).where(eq(schema.buildings.id, Number(id))))[0]!;

  it('answers the organization with its buildings by order, then id, only when asked', async () => {
    const plain = await as.manager!.get(`/organizations/${demo.northwind}`);
    expect(plain.status).toBe(200);
    expect(plain.body.included).toBeUndefined();

    const answer = await as.manager!.get(`/organizations/${demo.northwind}?include=buildings`);
    expect(answer.status).toBe(200);
    const included = answer.body.included as { type: string; id: string; attributes: { order: number; organizationId: number } }[];
    const rows = await backend.db.select().from(schema.buildings).where(eq(schema.buildings.organizationId, demo.northwind));
    const expected = [...rows].sort((a, b) => a.order - b.order || a.id - b.id).map((b) => String(b.id));
    expect(included.map((b) => b.type)).toEqual(expected.map(() => 'buildings'));
    expect(included.map((b) => b.id)).toEqual(expected);
    expect((await as.manager!.get(`/organizations/${demo.northwind}?include=regions`)).status).toBe(400);
  });

  it("counts an organization's records in one answer, the scoped ones as the caller sees them", async () => {
    const answer = await as.manager!.get(`/organizations/${demo.northwind}/associations-counters`);
    expect(answer.status).toBe(200);
    const data = one(answer.body);
    expect(data.type).toBe('associations-counters');
    const count = async (table: typeof schema.tasks | typeof schema.cycles | typeof schema.roles | typeof schema.equipmentTypes | typeof schema.taskGroups) =>
      (await backend.db.select().from(table).where(eq(table.organizationId, demo.northwind))).length;
    expect(data.attributes).toEqual({
      organization_name: expect.stringContaining('Northwind'),
      buildings_count: demo.byOrganization(demo.northwind).buildings.length,
      cycles_equipment_conditions_count: await count(schema.tasks),
      condition_groups_count: await count(schema.taskGroups),
      cycles_count: await count(schema.cycles),
      equipments_count: await count(schema.equipmentTypes),
      unassigned_qr_codes_count: (await backend.db.select().from(schema.unassignedQrCodes).where(eq(schema.unassignedQrCodes.organizationId, demo.northwind))).length,
      regions_count: demo.byOrganization(demo.northwind).regions.length,
      users_count: expect.any(Number),
      roles_count: await count(schema.roles),
      report_definitions_count: (await backend.db.select().from(schema.reportDefinitions).where(eq(schema.reportDefinitions.organizationId, demo.northwind))).length,
      report_booklet_templates_count: (await backend.db.select().from(schema.reportBookletTemplates).where(eq(schema.reportBookletTemplates.organizationId, demo.northwind))).length,
    });
    expect(data.attributes.cycles_equipment_conditions_count).toBeGreaterThan(0);
    expect(data.attributes.users_count).toBe(demo.byOrganization(demo.northwind).users.length + 2);

    // A region user counts the buildings and regions of their region only.
    const regional = one((await (await signedIn(backend, 'regional')).get(`/organizations/${demo.northwind}/associations-counters`)).body).attributes;
    expect(regional.buildings_count).toBeLessThan(data.attributes.buildings_count as number);
    expect(regional.regions_count).toBeLessThan(data.attributes.regions_count as number);
  });

  it('lets organization readers and managers read the counters, and refuses a user with none of those rights', async () => {
    // The inspector reads walkabout reports, which counts as canViewSettings (inspection.md section 6).
    for (const who of ['admin', 'manager', 'viewer', 'inspector', 'organizationManager']) {
      expect((await as[who]!.get(`/organizations/${demo.northwind}/associations-counters`)).status, who).toBe(200);
    }
    expect((await as.nobody!.get(`/organizations/${demo.northwind}/associations-counters`)).status).toBe(403);
    expect((await as.manager!.get(`/organizations/${demo.harbour}/associations-counters`)).status).toBe(404);
  });

  it("counts a building's floors, locations not deleted, types and their tasks", async () => {
    const building = demo.building('King Street Commerce Centre');
    const before = one((await as.manager!.get(`/buildings/${building}/associations-counters`)).body).attributes;
    const floors = await backend.db.select().from(schema.floors).where(eq(schema.floors.buildingId, Number(building)));
    const locations = await backend.db
      .select()
      .from(schema.locations)
      .where(and(eq(schema.locations.buildingId, Number(building)), isNull(schema.locations.deletedAt)));
    const typeIds = [
      ...new Set(
        (await backend.db.select().from(schema.locationEquipment).where(inArray(schema.locationEquipment.locationId, locations.map((l) => l.id)))).map(
          (le) => le.equipmentTypeId,
        ),
      ),
    ];
    const tasks = await backend.db.select().from(schema.tasks).where(inArray(schema.tasks.equipmentTypeId, typeIds));
    expect(before).toEqual({
      floors_count: floors.length,
      locations_count: locations.length,
      types_count: typeIds.length,
      tasks_count: tasks.length,
      organization_name: expect.stringContaining('Northwind'),
      building_name: 'King Street Commerce Centre',
    });
    expect(before.locations_count).toBeGreaterThan(1);

    // A deleted location leaves the count.
    await backend.db.update(schema.locations).set({ deletedAt: new Date() }).where(eq(schema.locations.id, locations[0]!.id));
    const after = one((await as.manager!.get(`/buildings/${building}/associations-counters`)).body).attributes;
    expect(after.locations_count).toBe(locations.length - 1);
    await backend.db.update(schema.locations).set({ deletedAt: null }).where(eq(schema.locations.id, locations[0]!.id));

    expect((await as.viewer!.get(`/buildings/${building}/associations-counters`)).status).toBe(200);
    expect((await as.nobody!.get(`/buildings/${building}/associations-counters`)).status).toBe(403);
    expect((await as.harbour!.get(`/buildings/${building}/associations-counters`)).status).toBe(404);
  });

  it("adds a building last in its organization's order, in its time zone, with default offsets for every repeating cycle", async () => {
    await backend.db.update(schema.organizations).set({ timeZone: 'America/Vancouver' }).where(eq(schema.organizations.id, demo.northwind));
    const existing = await backend.db.select().from(schema.buildings).where(eq(schema.buildings.organizationId, demo.northwind));
    const answer = await create(as.organizationManager!, '  Harbourfront Tower  ');
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const building = one(answer.body);
    expect(building.attributes).toMatchObject({
      name: 'Harbourfront Tower',
      timeZone: 'America/Vancouver',
      order: Math.max(...existing.map((b) => b.order)) + 1,
      version: 1,
      organizationId: demo.northwind,
    });
    const cycles = await backend.db.select().from(schema.cycles).where(eq(schema.cycles.organizationId, demo.northwind));
    const repeating = cycles.filter((c) => c.every !== null).map((c) => c.id).sort();
    expect(repeating.length).toBeGreaterThan(0);
    expect(repeating.length).toBeLessThan(cycles.length);
    const offsets = await backend.db.select().from(schema.buildingCycleOffsets).where(eq(schema.buildingCycleOffsets.buildingId, Number(building.id)));
    expect(offsets.map((o) => o.cycleId).sort()).toEqual(repeating);
    for (const o of offsets) expect(o).toMatchObject({ openOffsetValue: 0, openOffsetUnit: 'hour', closeOffsetValue: 0, closeOffsetUnit: 'hour' });
    await backend.db.update(schema.organizations).set({ timeZone: 'America/Toronto' }).where(eq(schema.organizations.id, demo.northwind));
  });

  it("refuses a building without a name or with a name over 256 characters, in the spec's words", async () => {
    expect(errorOf(await create(as.admin!, '   '))).toEqual([422, BUILDING_NAME_REQUIRED_MESSAGE, 'VALIDATION_FAILED', '/data/attributes/name']);
    expect(errorOf(await create(as.admin!, null))).toEqual([422, BUILDING_NAME_REQUIRED_MESSAGE, 'VALIDATION_FAILED', '/data/attributes/name']);
    expect(errorOf(await create(as.admin!, 'x'.repeat(257)))).toEqual([422, tooLongMessage('Building name'), 'VALIDATION_FAILED', '/data/attributes/name']);
    expect((await create(as.admin!, 'x'.repeat(256))).status).toBe(201);
  });

  it('lets only administrators and organization managers add buildings', async () => {
    expect((await create(as.admin!, 'Added by the administrator')).status).toBe(201);
    expect((await create(as.organizationManager!, 'Added by the organization manager')).status).toBe(201);
    for (const who of ['manager', 'viewer', 'inspector']) {
      const answer = await create(as[who]!, `Added by ${who}`);
      expect(answer.status, who).toBe(403);
      expect(await backend.db.select().from(schema.buildings).where(eq(schema.buildings.name, `Added by ${who}`))).toEqual([]);
    }
    expect((await create(as.harbour!, 'Into another organization')).status).toBe(404);
  });

  it('renames a building and raises its version; an older version is refused with 409 STALE and changes nothing', async () => {
    const id = one((await create(as.admin!, 'Old Name')).body).id;
    const renamed = await rename(as.organizationManager!, id, 'New Name', 1);
    expect(renamed.status).toBe(200);
    expect(one(renamed.body).attributes).toMatchObject({ name: 'New Name', version: 2 });

    expect(errorOf(await rename(as.admin!, id, 'Lost Update', 1))).toEqual([409, STALE_EDIT_MESSAGE, 'STALE', undefined]);
    expect(await row(id)).toMatchObject({ name: 'New Name', version: 2 });

    expect(errorOf(await rename(as.admin!, id, '', 2))).toEqual([422, BUILDING_NAME_REQUIRED_MESSAGE, 'VALIDATION_FAILED', '/data/attributes/name']);
    for (const who of ['manager', 'viewer']) expect((await rename(as[who]!, id, `By ${who}`, 2)).status, who).toBe(403);
    expect((await rename(as.harbour!, id, 'Elsewhere', 2)).status).toBe(404);
    expect(await row(id)).toMatchObject({ name: 'New Name', version: 2 });
  });

  it('reorders the changed buildings in one transaction: one stale version refuses the whole batch', async () => {
    const a = one((await create(as.admin!, 'Reorder A')).body);
    const b = one((await create(as.admin!, 'Reorder B')).body);
    const [orderA, orderB] = [a.attributes.order as number, b.attributes.order as number];

    const swapped = await reorder(as.organizationManager!, [
      { building_id: a.id, order: orderB, version: 1 },
      { building_id: Number(b.id), order: orderA, version: 1 },
    ]);
    expect(swapped.status).toBe(200);
    expect(list(swapped.body).map((x) => [x.id, x.attributes.order, x.attributes.version]).sort()).toEqual(
      [
        [a.id, orderB, 2],
        [b.id, orderA, 2],
      ].sort(),
    );

    // Someone else moved A meanwhile: a batch that carries A's old version changes neither A nor B.
    const stale = await reorder(as.admin!, [
      { building_id: b.id, order: orderB, version: 2 },
      { building_id: a.id, order: orderA, version: 1 },
    ]);
    expect(errorOf(stale)).toEqual([409, STALE_ORDER_MESSAGE, 'STALE', undefined]);
    expect(await row(a.id)).toMatchObject({ order: orderB, version: 2 });
    expect(await row(b.id)).toMatchObject({ order: orderA, version: 2 });

    for (const who of ['manager', 'viewer']) {
      expect((await reorder(as[who]!, [{ building_id: a.id, order: 1, version: 2 }])).status, who).toBe(403);
    }
    expect((await reorder(as.harbour!, [{ building_id: a.id, order: 1, version: 2 }])).status).toBe(404);
    const harbourBuilding = demo.byOrganization(demo.harbour).buildings[0]!;
    const mixed = await reorder(as.admin!, [
      { building_id: a.id, order: 1, version: 2 },
      { building_id: harbourBuilding, order: 2 },
    ]);
    expect(mixed.status).toBe(422);
    expect(await row(a.id)).toMatchObject({ order: orderB, version: 2 });
    expect((await reorder(as.admin!, [])).body.data).toEqual([]);
  });
});
