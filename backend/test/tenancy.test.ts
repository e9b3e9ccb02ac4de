/**
 * A user of one organization can read or change nothing of another, on every route:
 * the case table below must name every route the app has, or the first test fails.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema, signIn, type TestBackend } from '../src/testing';
import sharp from 'sharp';
import { client, databases, demoIds, ids, list, multipartFile, one, signedIn, startTestBackend, type Client } from './helpers';

const pngBytes = () => sharp({ create: { width: 4, height: 4, channels: 3, background: '#c00' } }).png().toBuffer();

type Side = { username: string; client: Client; own: Records; other: Records; otherOrganization: number };
type Records = { regions: string[]; buildings: string[]; users: string[]; cycles: string[] };
type Case = (side: Side, backend: TestBackend) => Promise<void>;

const none = (body: Parameters<typeof list>[0]) => expect(list(body)).toEqual([]);
const onlyOwn = (body: Parameters<typeof list>[0], own: string[]) => {
  expect(ids(body).length).toBeGreaterThan(0);
  for (const id of ids(body)) expect(own).toContain(id);
};

/** The other organization's walkabouts and locations, read from the database. */
async function othersOf(side: Side, backend: TestBackend) {
  const buildingIds = side.other.buildings.map(Number);
  const [walkabouts, locations, entries] = await Promise.all([
    backend.db.select({ id: schema.walkabouts.id, cycleId: schema.walkabouts.cycleId }).from(schema.walkabouts).where(inArray(schema.walkabouts.buildingId, buildingIds)),
    backend.db.select({ id: schema.locations.id, uuid: schema.locations.regularUuid }).from(schema.locations).where(inArray(schema.locations.buildingId, buildingIds)),
    backend.db
      .select({ id: schema.entries.id })
      .from(schema.entries)
      .innerJoin(schema.walkabouts, eq(schema.walkabouts.id, schema.entries.walkaboutId))
      .where(inArray(schema.walkabouts.buildingId, buildingIds)),
  ]);
  expect(walkabouts.length).toBeGreaterThan(0);
  return { walkabouts, locations, entries };
}

/** The started fire watch of a building, started here (straight in the database) when it has none. */
async function startedFireWatch(backend: TestBackend, buildingId: string): Promise<string> {
  const building = Number(buildingId);
  const [inserted] = await backend.db
    .insert(schema.fireWatches)
    .values({ buildingId: building, status: 'started' })
    .onConflictDoNothing()
    .returning({ id: schema.fireWatches.id });
  if (inserted) return String(inserted.id);
  const [started] = await backend.db
    .select({ id: schema.fireWatches.id })
    .from(schema.fireWatches)
    .where(and(eq(schema.fireWatches.buildingId, building), eq(schema.fireWatches.status, 'started')));
  return String(started!.id);
}

/** A ready walkabout report of a building, made here (straight in the database, its PDF in the storage). */
async function readyReport(backend: TestBackend, buildingId: string): Promise<string> {
  const key = `tenancy-report-${buildingId}`.padEnd(24, '0') + '.pdf';
  await backend.app.storage.put(key, Buffer.from('%PDF-1.4\n% tenancy\n'), 'application/pdf');
  const [row] = await backend.db
    .insert(schema.generatedReports)
    .values({ kind: 'walkabout', sourceKey: `tenancy:${buildingId}`, buildingId: Number(buildingId), name: 'Tenancy report', status: 'ready', uploadKey: key })
    .onConflictDoUpdate({ target: schema.generatedReports.sourceKey, set: { status: 'ready' } })
    .returning({ id: schema.generatedReports.id });
  return String(row!.id);
}

/** An on-demand request at a building, made here; its report_identificator. */
async function onDemandRequest(backend: TestBackend, buildingId: string): Promise<string> {
  const identificator = `tenancy-${buildingId}-${Math.random().toString(36).slice(2)}`;
  await backend.db.insert(schema.onDemandReports).values({ identificator, buildingId: Number(buildingId), reportType: 'walkabout_reports' });
  return identificator;
}

/** A type used at the other organization's first building and one of its tasks (issue 13, building-level suspensions). */
async function otherTypeAndTask(side: Side, backend: TestBackend): Promise<{ typeId: number; taskId: number }> {
  const [link] = await backend.db
    .select({ typeId: schema.locationEquipment.equipmentTypeId })
    .from(schema.locationEquipment)
    .innerJoin(schema.locations, eq(schema.locations.id, schema.locationEquipment.locationId))
    .where(eq(schema.locations.buildingId, Number(side.other.buildings[0])))
    .limit(1);
  const [task] = await backend.db.select({ id: schema.tasks.id }).from(schema.tasks).where(eq(schema.tasks.equipmentTypeId, link!.typeId)).limit(1);
  return { typeId: link!.typeId, taskId: task!.id };
}

/** An unassigned QR code of the organization, made here (straight in the database); its uuid. */
async function unassignedCode(backend: TestBackend, organizationId: number): Promise<string> {
  const uuid = randomUUID();
  await backend.db.insert(schema.unassignedQrCodes).values({ organizationId, uuid });
  return uuid;
}

/** A role of the other organization other than Admin (issue 14). */
async function otherRoleOf(side: Side, backend: TestBackend): Promise<string> {
  const rows = await backend.db.select({ id: schema.roles.id, name: schema.roles.name }).from(schema.roles).where(eq(schema.roles.organizationId, side.otherOrganization));
  return String((rows.find((r) => r.name !== 'Admin') ?? rows[0])!.id);
}

/** Each side's own organization by username (set when the sides are signed in). */
const sideOrganizations = new Map<string, number>();
const ownOrganizationOf = (side: Side) => sideOrganizations.get(side.username)!;

const cases: Record<string, Case> = {
  // Issue 14: users and roles of the other organization are neither seen, made nor changed.
  'POST /users': async (side, backend) => {
    const username = `planted.by.${side.username}`;
    const answer = await side.client.post('/users', {
      data: { type: 'users', attributes: { username, password: 'secret12' }, relationships: { organization: { data: { type: 'organizations', id: String(side.otherOrganization) } } } },
    });
    expect(answer.status).toBe(404);
    expect(await backend.db.select().from(schema.users).where(eq(schema.users.username, username))).toEqual([]);
    const foreignRole = await otherRoleOf(side, backend);
    const withRole = await side.client.post('/users', { data: { type: 'users', attributes: { username, password: 'secret12' }, relationships: { roles: { data: [{ type: 'roles', id: foreignRole }] } } } });
    // Refused as not assignable (403) or as not a role of the organization (422): never made.
    expect([403, 422]).toContain(withRole.status);
    expect(await backend.db.select().from(schema.users).where(eq(schema.users.username, username))).toEqual([]);
  },
  'PATCH /users/:id': async (side, backend) => {
    for (const id of side.other.users) {
      const [before] = await backend.db.select().from(schema.users).where(eq(schema.users.id, Number(id)));
      expect((await side.client.patch(`/users/${id}`, { data: { type: 'users', attributes: { firstname: 'Taken', active: false } } })).status).toBe(404);
      expect((await backend.db.select().from(schema.users).where(eq(schema.users.id, Number(id))))[0]).toEqual(before);
    }
  },
  'GET /roles': async (side, backend) => {
    const own = (await backend.db.select({ id: schema.roles.id }).from(schema.roles).where(eq(schema.roles.organizationId, ownOrganizationOf(side)))).map((r) => String(r.id));
    onlyOwn((await side.client.get('/roles')).body, own);
    none((await side.client.get(`/roles?filter[organization]=${side.otherOrganization}`)).body);
    none((await side.client.get(`/roles?filter[id]=${await otherRoleOf(side, backend)}`)).body);
  },
  'GET /roles/:id': async (side, backend) => {
    expect((await side.client.get(`/roles/${await otherRoleOf(side, backend)}`)).status).toBe(404);
  },
  'POST /roles': async (side, backend) => {
    const name = `Planted by ${side.username}`;
    const answer = await side.client.post('/roles', { data: { type: 'roles', attributes: { name }, relationships: { organization: { data: { type: 'organizations', id: String(side.otherOrganization) } } } } });
    expect([403, 404]).toContain(answer.status);
    expect(await backend.db.select().from(schema.roles).where(eq(schema.roles.name, name))).toEqual([]);
  },
  'PATCH /roles/:id': async (side, backend) => {
    const id = Number(await otherRoleOf(side, backend));
    const [before] = await backend.db.select().from(schema.roles).where(eq(schema.roles.id, id));
    expect((await side.client.patch(`/roles/${id}`, { data: { type: 'roles', attributes: { name: 'Taken' } } })).status).toBe(404);
    expect((await backend.db.select().from(schema.roles).where(eq(schema.roles.id, id)))[0]).toEqual(before);
  },
  'POST /sessions': async (side, backend) => {
    // Signing in gives the caller's own user, whatever the other organization holds.
    const anonymous = client(backend.app);
    const { body } = await anonymous.post('/sessions', { data: { attributes: { username: side.username, password: 'demo1234' } } });
    expect(side.own.users).toContain(body.included![0]!.id);
  },
  'DELETE /sessions/current': async (side, backend) => {
    // Ending one's own session leaves everyone else's working.
    const { token } = await signIn(backend.url, side.username, 'demo1234');
    const { token: otherToken } = await signIn(backend.url, side.username === 'harbour' ? 'manager' : 'harbour', 'demo1234');
    expect((await client(backend.app, token).delete('/sessions/current')).status).toBe(204);
    expect((await client(backend.app, otherToken).get('/users/me')).status).toBe(200);
  },
  'POST /send-forgot-password-email': async (side) => {
    const { body } = await side.client.post('/send-forgot-password-email', { data: { attributes: { searchterm: 'x' } } });
    expect(body.data).toBeUndefined();
  },
  'POST /users/change-password': async (side) => {
    // Without a reset token from the other user's mailbox nothing can be changed.
    const { status } = await side.client.post('/users/change-password', {
      data: { attributes: { token: 'guess', password: 'abcd', confirmation: 'abcd' } },
    });
    expect(status).toBe(422);
  },
  'GET /users/me': async (side) => {
    const { body } = await side.client.get('/users/me?include=organization,region');
    expect(side.own.users).toContain(one(body).id);
    for (const r of body.included ?? []) {
      if (r.type === 'regions') expect(side.own.regions).toContain(r.id);
      if (r.type === 'organizations') expect(r.id).not.toBe(String(side.otherOrganization));
    }
  },
  'GET /users': async (side) => {
    onlyOwn((await side.client.get('/users')).body, side.own.users);
    none((await side.client.get(`/users?filter[id]=${side.other.users.join(',')}`)).body);
    none((await side.client.get(`/users?filter[organization]=${side.otherOrganization}`)).body);
  },
  'GET /users/:id': async (side) => {
    for (const id of side.other.users) expect((await side.client.get(`/users/${id}`)).status).toBe(404);
  },
  'GET /organizations': async (side) => {
    const { body } = await side.client.get('/organizations');
    expect(ids(body)).toHaveLength(1);
    none((await side.client.get(`/organizations?filter[id]=${side.otherOrganization}`)).body);
  },
  'GET /organizations/:id': async (side) => {
    expect((await side.client.get(`/organizations/${side.otherOrganization}`)).status).toBe(404);
    expect((await side.client.get(`/organizations/${side.otherOrganization}?include=buildings`)).status).toBe(404);
  },
  'GET /regions': async (side) => {
    onlyOwn((await side.client.get('/regions?include=organization,parent')).body, side.own.regions);
    none((await side.client.get(`/regions?filter[id]=${side.other.regions.join(',')}`)).body);
    none((await side.client.get(`/regions?filter[organization]=${side.otherOrganization}`)).body);
  },
  'GET /cycles': async (side) => {
    onlyOwn((await side.client.get('/cycles?all=true')).body, side.own.cycles);
    none((await side.client.get(`/cycles?filter[id]=${side.other.cycles.join(',')}`)).body);
    none((await side.client.get(`/cycles?organizationId=${side.otherOrganization}`)).body);
    none((await side.client.get(`/cycles?buildingId=${side.other.buildings[0]}`)).body);
  },
  'GET /current-user-buildings': async (side) => {
    onlyOwn((await side.client.get('/current-user-buildings')).body, side.own.buildings);
    none((await side.client.get(`/current-user-buildings?filter[id]=${side.other.buildings.join(',')}`)).body);
  },
  'GET /buildings': async (side) => {
    const { body } = await side.client.get('/buildings?include=organization,region,fireWatchCycle,statusCycles');
    onlyOwn(body, side.own.buildings);
    for (const r of body.included ?? []) {
      if (r.type === 'regions') expect(side.own.regions).toContain(r.id);
      if (r.type === 'cycles') expect(side.own.cycles).toContain(r.id);
      if (r.type === 'organizations') expect(r.id).not.toBe(String(side.otherOrganization));
    }
    none((await side.client.get(`/buildings?filter[id]=${side.other.buildings.join(',')}`)).body);
    none((await side.client.get(`/buildings?filter[organization]=${side.otherOrganization}`)).body);
    none((await side.client.get(`/buildings?filter[region]=${side.other.regions.join(',')}`)).body);
  },
  'GET /buildings/:id': async (side) => {
    for (const id of side.other.buildings) expect((await side.client.get(`/buildings/${id}`)).status).toBe(404);
  },
  'GET /buildings/:id/floors': async (side) => {
    for (const id of side.other.buildings) expect((await side.client.get(`/buildings/${id}/floors`)).status).toBe(404);
  },
  'GET /walkabouts': async (side, backend) => {
    const { walkabouts } = await othersOf(side, backend);
    const own = (await side.client.get('/walkabouts?page[size]=500')).body;
    expect(ids(own).length).toBeGreaterThan(0);
    for (const w of list(own)) expect(side.own.buildings).toContain(String(w.attributes.buildingId));
    none((await side.client.get(`/walkabouts?filter[building]=${side.other.buildings.join(',')}`)).body);
    none((await side.client.get(`/walkabouts?filter[id]=${walkabouts.map((w) => w.id).join(',')}`)).body);
  },
  'GET /walkabouts/:id': async (side, backend) => {
    for (const w of (await othersOf(side, backend)).walkabouts) expect((await side.client.get(`/walkabouts/${w.id}`)).status).toBe(404);
  },
  'POST /walkabouts': async (side, backend) => {
    const { walkabouts } = await othersOf(side, backend);
    const relationships = (building: string, cycle: string) => ({
      data: { type: 'walkabouts', relationships: { building: { data: { type: 'buildings', id: building } }, cycle: { data: { type: 'cycles', id: cycle } } } },
    });
    // Another organization's building, or one's own building with another organization's cycle: not found.
    expect((await side.client.post('/walkabouts', relationships(side.other.buildings[0]!, String(walkabouts[0]!.cycleId)))).status).toBe(404);
    expect((await side.client.post('/walkabouts', relationships(side.own.buildings[0]!, side.other.cycles[0]!))).status).toBe(404);
  },
  'GET /not_repeatable_cycles': async (side) => {
    onlyOwn((await side.client.get(`/not_repeatable_cycles?filter[building]=${side.own.buildings[0]}`)).body, side.own.cycles);
    expect((await side.client.get(`/not_repeatable_cycles?filter[building]=${side.other.buildings[0]}`)).status).toBe(404);
  },
  'GET /locations': async (side, backend) => {
    const { locations } = await othersOf(side, backend);
    const own = list((await side.client.get('/locations?page[size]=500')).body);
    expect(own.length).toBeGreaterThan(0);
    for (const l of own) expect(side.own.buildings).toContain(String(l.attributes.buildingId));
    none((await side.client.get(`/locations?filter[building]=${side.other.buildings.join(',')}`)).body);
    none((await side.client.get(`/locations?filter[id]=${locations.map((l) => l.id).join(',')}`)).body);
    none((await side.client.get(`/locations?filter[uuid]=${locations[0]!.uuid}`)).body);
    none((await side.client.get(`/locations?filter[search]=${locations[0]!.id}-${locations.at(-1)!.id}`)).body);
  },
  'GET /locations/:id': async (side, backend) => {
    for (const l of (await othersOf(side, backend)).locations.slice(0, 5)) expect((await side.client.get(`/locations/${l.id}`)).status).toBe(404);
  },
  'PATCH /walkabout-data': async (side, backend) => {
    const { walkabouts } = await othersOf(side, backend);
    const answer = await side.client.save(`tenancy-${side.username}`, { walkaboutToUpdateId: walkabouts[0]!.id, data: { entries: [], conditions: [] } });
    expect(answer.status).toBe(404);
  },
  'POST /walkabouts/:id/lock': async (side, backend) => {
    const { walkabouts } = await othersOf(side, backend);
    expect((await side.client.post(`/walkabouts/${walkabouts[0]!.id}/lock`, {})).status).toBe(404);
    const [row] = await backend.db.select().from(schema.walkabouts).where(eq(schema.walkabouts.id, walkabouts[0]!.id));
    expect(row!.lockedBy).toBeNull();
  },
  'POST /qr_unavailability_reasons': async (side, backend) => {
    const { entries } = await othersOf(side, backend);
    const answer = await side.client.post('/qr_unavailability_reasons', { data: { attributes: { entry_ids: [entries[0]!.id], kind: 'missing' } } });
    expect(answer.status).toBe(404);
  },
  'GET /entries': async (side, backend) => {
    const { locations } = await othersOf(side, backend);
    expect((await side.client.get(`/entries?filter[location]=${locations[0]!.id}`)).status).toBe(404);
  },
  'POST /location-comments': async (side, backend) => {
    const { locations } = await othersOf(side, backend);
    const answer = await side.client.post('/location-comments', {
      data: { attributes: { body: 'Door propped open' }, relationships: { location: { data: { type: 'locations', id: String(locations[0]!.id) } } } },
    });
    expect(answer.status).toBe(404);
  },
  'POST /fire-watches': async (side) => {
    const answer = await side.client.post('/fire-watches', {
      data: { type: 'fire-watch', attributes: { status: 'started' }, relationships: { building: { data: { type: 'buildings', id: side.other.buildings[0]! } } } },
    });
    expect(answer.status).toBe(404);
  },
  'GET /fire-watches': async (side, backend) => {
    const own = await startedFireWatch(backend, side.own.buildings.at(-1)!);
    const other = await startedFireWatch(backend, side.other.buildings.at(-1)!);
    const { body } = await side.client.get('/fire-watches?page[size]=500');
    expect(ids(body)).toContain(own);
    for (const f of list(body)) expect(side.own.buildings).toContain(String(f.attributes.buildingId));
    expect(body.meta!.total).toBe(ids(body).length);
    none((await side.client.get(`/fire-watches?filter[id]=${other}`)).body);
    none((await side.client.get(`/fire-watches?filter[building]=${side.other.buildings.join(',')}`)).body);
    // Asking for one's own and another organization's together answers only one's own.
    expect(ids((await side.client.get(`/fire-watches?filter[id]=${own},${other}`)).body)).toEqual([own]);
  },
  'GET /fire-watches/:id': async (side, backend) => {
    const own = await startedFireWatch(backend, side.own.buildings.at(-1)!);
    const other = await startedFireWatch(backend, side.other.buildings.at(-1)!);
    expect((await side.client.get(`/fire-watches/${own}`)).status).toBe(200);
    expect((await side.client.get(`/fire-watches/${other}`)).status).toBe(404);
  },
  'PATCH /fire-watches/:id': async (side, backend) => {
    const id = await startedFireWatch(backend, side.other.buildings.at(-1)!);
    expect((await side.client.patch(`/fire-watches/${id}`, { data: { attributes: { status: 'ended' } } })).status).toBe(404);
    const [row] = await backend.db.select().from(schema.fireWatches).where(eq(schema.fireWatches.id, Number(id)));
    expect(row!.status).toBe('started');
  },
  'GET /reports': async (side) => {
    const own = await side.client.get(`/reports?filter[building]=${side.own.buildings[0]}`);
    expect(own.status).toBe(200);
    for (const id of ids(own.body)) expect(id.startsWith(`${side.own.buildings[0]}-`)).toBe(true);
    expect((await side.client.get(`/reports?filter[building]=${side.other.buildings[0]}`)).status).toBe(404);
    expect((await side.client.get(`/reports?filter[building]=${side.own.buildings[0]}&filter[cycle]=${side.other.cycles[0]}`)).status).toBe(404);
  },
  'GET /reports/:id': async (side) => {
    for (const kind of ['summary-failure', 'summary-notes']) expect((await side.client.get(`/reports/${side.other.buildings[0]}-${kind}`)).status).toBe(404);
    expect((await side.client.get(`/reports/${side.own.buildings[0]}-${side.other.cycles[0]}-default`)).status).toBe(404);
  },
  'PUT /entries/:id': async (side, backend) => {
    const { entries } = await othersOf(side, backend);
    const answer = await side.client.request('PUT', `/entries/${entries[0]!.id}`, { data: { attributes: { acknowledgedAt: '2026-11-20T10:00' } } });
    expect(answer.status).toBe(404);
    expect(await backend.db.select().from(schema.reportFollowUps).where(eq(schema.reportFollowUps.entryId, entries[0]!.id))).toEqual([]);
  },
  'PUT /location-comments/:id': async (side, backend) => {
    const { locations } = await othersOf(side, backend);
    const [remark] = await backend.db.insert(schema.locationComments).values({ locationId: locations[0]!.id, body: 'Theirs' }).returning();
    const answer = await side.client.request('PUT', `/location-comments/${remark!.id}`, { data: { attributes: { repairedAt: '2026-11-20T10:00' } } });
    expect(answer.status).toBe(404);
    expect(await backend.db.select().from(schema.reportFollowUps).where(eq(schema.reportFollowUps.locationCommentId, remark!.id))).toEqual([]);
  },
  'POST /comments': async (side, backend) => {
    const { entries } = await othersOf(side, backend);
    await backend.db.insert(schema.reportFollowUps).values({ entryId: entries[0]!.id, acknowledgedAt: new Date() }).onConflictDoNothing();
    const answer = await side.client.post('/comments', { data: { attributes: { body: 'Mine' }, relationships: { entry: { data: { type: 'entries', id: String(entries[0]!.id) } } } } });
    expect(answer.status).toBe(404);
    expect(await backend.db.select().from(schema.reportComments).where(eq(schema.reportComments.entryId, entries[0]!.id))).toEqual([]);
  },
  'GET /equipment': async (side, backend) => {
    const own = list((await side.client.get(`/equipment?filter[building]=${side.own.buildings[0]}`)).body);
    expect(own.length).toBeGreaterThan(0);
    const types = await backend.db.select({ id: schema.equipmentTypes.id, organizationId: schema.equipmentTypes.organizationId }).from(schema.equipmentTypes);
    for (const e of own) expect(types.find((t) => String(t.id) === e.id)!.organizationId).not.toBe(side.otherOrganization);
    expect((await side.client.get(`/equipment?filter[building]=${side.other.buildings[0]}`)).status).toBe(404);
    // The building-level list (issue 13).
    expect((await side.client.get(`/equipment?filter[building]=${side.other.buildings[0]}&view=building-level&include=equipment-equipment-conditions`)).status).toBe(404);
  },
  'GET /repair-reports': async (side) => {
    const answer = await side.client.get(`/repair-reports?building_id=${side.other.buildings[0]}&start_date=2026-11-01&end_date=2026-11-30&equipment_ids=[1,2,3]`);
    expect(answer.status).toBe(404);
  },
  'GET /repair-report-downloads': async (side) => {
    const answer = await side.client.get(`/repair-report-downloads?building_id=${side.other.buildings[0]}&start_date=2026-11-01&end_date=2026-11-30&equipment_ids=[1,2,3]`);
    expect(answer.status).toBe(404);
  },
  'POST /uploads': async (side, backend) => {
    // An upload belongs to no organization's records until a save names its URL; others only reach it by that URL.
    const response = await backend.app.inject({ method: 'POST', url: '/uploads', ...multipartFile('x.png', 'image/png', await pngBytes()) });
    expect(response.statusCode).toBe(401);
    expect(side.username).toBeTruthy();
  },
  'GET /walkabout-reports': async (side, backend) => {
    const own = await readyReport(backend, side.own.buildings[0]!);
    await readyReport(backend, side.other.buildings[0]!);
    expect(ids((await side.client.get(`/walkabout-reports?filter[building]=${side.own.buildings[0]}`)).body)).toContain(own);
    expect((await side.client.get(`/walkabout-reports?filter[building]=${side.other.buildings[0]}`)).status).toBe(404);
  },
  'GET /walkabout-reports/latest/:buildingId': async (side, backend) => {
    const own = await readyReport(backend, side.own.buildings[0]!);
    await readyReport(backend, side.other.buildings[0]!);
    expect((await side.client.get(`/walkabout-reports/latest/${side.own.buildings[0]}`)).body.included!.map((r) => r.id)).toContain(own);
    expect((await side.client.get(`/walkabout-reports/latest/${side.other.buildings[0]}`)).status).toBe(404);
  },
  'GET /walkabout-reports/latest': async (side, backend) => {
    const own = await readyReport(backend, side.own.buildings[0]!);
    const foreign = await readyReport(backend, side.other.buildings[0]!);
    const answer = (await side.client.get(`/walkabout-reports/latest?filter[building]=${side.own.buildings[0]},${side.other.buildings[0]}`)).body;
    // Only the caller's building answers; the other organization's is left out with its reports.
    expect(ids(answer)).toEqual([String(side.own.buildings[0])]);
    expect(answer.included!.map((r) => r.id)).toContain(own);
    expect(answer.included!.map((r) => r.id)).not.toContain(foreign);
  },
  'GET /walkabout-reports/:id/download': async (side, backend) => {
    expect((await side.client.get(`/walkabout-reports/${await readyReport(backend, side.own.buildings[0]!)}/download`)).status).toBe(200);
    expect((await side.client.get(`/walkabout-reports/${await readyReport(backend, side.other.buildings[0]!)}/download`)).status).toBe(404);
  },
  'GET /on-demand-reports/building-data/:buildingId': async (side) => {
    expect((await side.client.get(`/on-demand-reports/building-data/${side.own.buildings[0]}`)).status).toBe(200);
    expect((await side.client.get(`/on-demand-reports/building-data/${side.other.buildings[0]}`)).status).toBe(404);
  },
  'GET /on-demand-reports/:id': async (side, backend) => {
    expect((await side.client.get(`/on-demand-reports/${await onDemandRequest(backend, side.own.buildings[0]!)}`)).status).toBe(200);
    expect((await side.client.get(`/on-demand-reports/${await onDemandRequest(backend, side.other.buildings[0]!)}`)).status).toBe(404);
  },
  'POST /on-demand-reports/init-creation': async (side, backend) => {
    const { walkabouts } = await othersOf(side, backend);
    const [otherDefinition] = await backend.db.select({ id: schema.reportDefinitions.id }).from(schema.reportDefinitions).where(eq(schema.reportDefinitions.organizationId, side.otherOrganization));
    const init = (attributes: Record<string, unknown>) =>
      side.client.post('/on-demand-reports/init-creation', { data: { attributes: { report_type: 'walkabout_reports', ...attributes } } });
    // Another organization's building; one's own building with another organization's definition or walkabout.
    expect((await init({ building_id: side.other.buildings[0], report_definition_id: otherDefinition!.id })).status).toBe(404);
    const foreign = await init({ building_id: side.own.buildings[0], report_definition_id: otherDefinition!.id });
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors![0]!.source).toEqual({ pointer: '/data/attributes/report_definition_id' });
    expect((await init({ building_id: side.own.buildings[0], report_type: 'walkabout_audit_reports', walkabout_id: walkabouts[0]!.id })).status).toBe(404);
  },
  'POST /walkabout-report-emails': async (side, backend) => {
    const send = (id: string) => side.client.post('/walkabout-report-emails', { data: { attributes: { id, recipients: ['chief@fire.example'] } } });
    expect((await send(await readyReport(backend, side.own.buildings[0]!))).status).toBe(201);
    const before = await backend.db.select({ id: schema.mailOutbox.id }).from(schema.mailOutbox);
    expect((await send(await readyReport(backend, side.other.buildings[0]!))).status).toBe(404);
    expect(await backend.db.select({ id: schema.mailOutbox.id }).from(schema.mailOutbox)).toHaveLength(before.length);
  },
  'GET /signed-files/:key': async (side, backend) => {
    // A signed URL is handed out only by a route that checked the caller; one for another organization's report cannot be made up.
    const own = one((await side.client.get(`/walkabout-reports/${await readyReport(backend, side.own.buildings[0]!)}/download`)).body).attributes.download_url as string;
    expect((await backend.app.inject({ method: 'GET', url: own })).statusCode).toBe(200);
    await readyReport(backend, side.other.buildings[0]!);
    const otherKey = `tenancy-report-${side.other.buildings[0]}`.padEnd(24, '0') + '.pdf';
    const forged = own.replace(/^\/signed-files\/[^?]+/, `/signed-files/${otherKey}`);
    expect((await backend.app.inject({ method: 'GET', url: forged })).statusCode).toBe(403);
  },
  // QR codes (issue 11). Unassigned codes are administrators' only; a building's codes and assignment follow the building.
  'GET /organizations/:id/unassigned_qr_codes': async (side, backend) => {
    await unassignedCode(backend, side.otherOrganization);
    const answer = await side.client.get(`/organizations/${side.otherOrganization}/unassigned_qr_codes`);
    expect(answer.status).toBe(403);
    expect(answer.body.data).toBeUndefined();
  },
  'POST /unassigned_qr_codes/batch': async (side, backend) => {
    const before = await backend.db.select({ id: schema.unassignedQrCodes.id }).from(schema.unassignedQrCodes);
    const answer = await side.client.post('/unassigned_qr_codes/batch', { data: { attributes: { count: 5, organization_id: side.otherOrganization } } });
    expect(answer.status).toBe(403);
    expect(await backend.db.select({ id: schema.unassignedQrCodes.id }).from(schema.unassignedQrCodes)).toHaveLength(before.length);
  },
  'POST /unassigned_qr_codes/validate_url': async (side, backend) => {
    const theirs = await unassignedCode(backend, side.otherOrganization);
    const mine = await unassignedCode(backend, ownOrganizationOf(side));
    const check = (url: string, building: string) => side.client.post('/unassigned_qr_codes/validate_url', { data: { attributes: { url, building_id: building } } });
    expect((await check(`https://x.example/q/${mine}`, side.own.buildings[0]!)).status).toBe(200);
    expect((await check(`https://x.example/q/${theirs}`, side.own.buildings[0]!)).status).toBe(422);
    expect((await check(`https://x.example/q/${mine}`, side.other.buildings[0]!)).status).toBe(404);
  },
  'POST /unassigned_qr_codes/assign': async (side, backend) => {
    const { locations } = await othersOf(side, backend);
    const theirs = await unassignedCode(backend, side.otherOrganization);
    const mine = await unassignedCode(backend, ownOrganizationOf(side));
    const [own] = await backend.db.select().from(schema.locations).where(eq(schema.locations.buildingId, Number(side.own.buildings[0])));
    const assign = (building: string, newUuid: string, existing: string) =>
      side.client.post('/unassigned_qr_codes/assign', { data: { attributes: { building_id: building, new_uuid: newUuid, existing_uuid: existing, existing_temporary_uuid: null } } });
    // Their location (in their building or named in one's own), or their code on one's own location: nothing changes.
    expect((await assign(side.other.buildings[0]!, mine, locations[0]!.uuid)).status).toBe(404);
    expect((await assign(side.own.buildings[0]!, mine, locations[0]!.uuid)).status).toBe(404);
    expect((await assign(side.own.buildings[0]!, theirs, own!.regularUuid)).status).toBe(422);
    const rows = await backend.db.select().from(schema.locations).where(inArray(schema.locations.id, [locations[0]!.id, own!.id]));
    expect(rows.map((r) => r.temporaryUuid)).toEqual([null, null]);
    expect(await backend.db.select().from(schema.unassignedQrCodes).where(eq(schema.unassignedQrCodes.uuid, theirs))).toHaveLength(1);
  },
  'GET /buildings/:id/qr_code_sheet': async (side) => {
    expect((await side.client.get(`/buildings/${side.other.buildings[0]}/qr_code_sheet`)).status).toBe(404);
  },
  'GET /organizations/:id/unassigned_qr_codes/sheet': async (side, backend) => {
    await unassignedCode(backend, side.otherOrganization);
    expect((await side.client.get(`/organizations/${side.otherOrganization}/unassigned_qr_codes/sheet`)).status).toBe(403);
  },
  'GET /qr-code-images/:uuid': async (side, backend) => {
    // An image URL is signed for one uuid: one's own location's signature does not open another organization's code.
    const own = list((await side.client.get(`/locations?filter[building]=${side.own.buildings[0]}&page[size]=1`)).body)[0]!;
    const url = own.attributes.qrImageUrl as string;
    expect((await backend.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    const { locations } = await othersOf(side, backend);
    const forged = url.replace(own.attributes.regularUuid as string, locations[0]!.uuid);
    expect((await backend.app.inject({ method: 'GET', url: forged })).statusCode).toBe(403);
  },
  // Documents (issue 11): another organization's building, documents and uploads are not found.
  'GET /document-categories': async (side) => {
    expect((await side.client.get(`/document-categories?filter[building]=${side.own.buildings[0]}`)).status).toBe(200);
    expect((await side.client.get(`/document-categories?filter[building]=${side.other.buildings[0]}`)).status).toBe(404);
  },
  'GET /documents': async (side, backend) => {
    const own = await documentOf(backend, side.own.buildings[0]!);
    await documentOf(backend, side.other.buildings[0]!);
    expect(ids((await side.client.get(`/documents?filter[building]=${side.own.buildings[0]}&page[size]=500`)).body)).toContain(own.id);
    expect((await side.client.get(`/documents?filter[building]=${side.other.buildings[0]}`)).status).toBe(404);
  },
  'GET /documents/:id': async (side, backend) => {
    expect((await side.client.get(`/documents/${(await documentOf(backend, side.own.buildings[0]!)).id}`)).status).toBe(200);
    expect((await side.client.get(`/documents/${(await documentOf(backend, side.other.buildings[0]!)).id}`)).status).toBe(404);
  },
  'POST /documents': async (side, backend) => {
    const own = await documentOf(backend, side.own.buildings[0]!);
    const other = await documentOf(backend, side.other.buildings[0]!);
    const create = (building: string, url: string) =>
      side.client.post('/documents', {
        data: { attributes: { name: 'Plan', category: 'Other', url }, relationships: { building: { data: { type: 'buildings', id: building } } } },
      });
    const before = await backend.db.select({ id: schema.documents.id }).from(schema.documents);
    expect((await create(side.other.buildings[0]!, own.url)).status).toBe(404);
    // One's own building with the other organization's upload.
    const borrowed = await create(side.own.buildings[0]!, other.url);
    expect(borrowed.status).toBe(422);
    expect(borrowed.body.errors![0]!.source).toEqual({ pointer: '/data/attributes/url' });
    expect(await backend.db.select({ id: schema.documents.id }).from(schema.documents)).toHaveLength(before.length);
    expect((await create(side.own.buildings[0]!, own.url)).status).toBe(201);
  },
  'PATCH /documents/:id': async (side, backend) => {
    const other = await documentOf(backend, side.other.buildings[0]!);
    expect((await side.client.patch(`/documents/${other.id}`, { data: { attributes: { name: 'Taken over' } } })).status).toBe(404);
    const [row] = await backend.db.select({ name: schema.documents.name }).from(schema.documents).where(eq(schema.documents.id, Number(other.id)));
    expect(row!.name).toBe('Tenancy plan');
  },
  'POST /document-emails': async (side, backend) => {
    const send = async (building: string) =>
      side.client.post('/document-emails', { data: { attributes: { id: (await documentOf(backend, building)).id, recipients: ['chief@fire.example'] } } });
    expect((await send(side.own.buildings[0]!)).status).toBe(201);
    const before = await backend.db.select({ id: schema.mailOutbox.id }).from(schema.mailOutbox);
    expect((await send(side.other.buildings[0]!)).status).toBe(404);
    expect(await backend.db.select({ id: schema.mailOutbox.id }).from(schema.mailOutbox)).toHaveLength(before.length);
  },
  // Contracts (issue 11): another organization's building and organization answer 404 and stay as they were.
  'PATCH /buildings/:id': async (side, backend) => {
    const id = Number(side.other.buildings[0]);
    const [before] = await backend.db.select().from(schema.buildings).where(eq(schema.buildings.id, id));
    await backend.db.update(schema.buildings).set({ contractAcceptedAt: null, contractAccepterUsername: null }).where(eq(schema.buildings.id, id));
    const answer = await side.client.patch(`/buildings/${id}`, { data: { id: String(id), type: 'building', attributes: { contractAcceptedAt: new Date().toISOString() } } });
    expect(answer.status).toBe(404);
    const [after] = await backend.db.select().from(schema.buildings).where(eq(schema.buildings.id, id));
    expect(after!.contractAcceptedAt).toBeNull();
    const edit = await side.client.patch(`/buildings/${id}`, { data: { id: String(id), type: 'building', attributes: { name: 'Taken over', timeZone: 'Europe/Paris' } } });
    expect(edit.status).toBe(404);
    expect((await backend.db.select().from(schema.buildings).where(eq(schema.buildings.id, id)))[0]!.name).toBe(before!.name);
    await backend.db.update(schema.buildings).set({ contractAcceptedAt: before!.contractAcceptedAt, contractAccepterUsername: before!.contractAccepterUsername }).where(eq(schema.buildings.id, id));
  },
  // Building form (issue 12): another organization's building takes no form edit; report lists show only one's own organization's.
  'GET /report-definitions': async (side) => {
    const { body } = await side.client.get('/report-definitions');
    for (const d of list(body)) expect(d.attributes.organizationId).not.toBe(side.otherOrganization);
    none((await side.client.get(`/report-definitions?filter[organization]=${side.otherOrganization}`)).body);
  },
  'GET /report-booklet-templates': async (side) => {
    const { body } = await side.client.get('/report-booklet-templates');
    for (const t of list(body)) expect(t.attributes.organizationId).not.toBe(side.otherOrganization);
    none((await side.client.get(`/report-booklet-templates?filter[organization]=${side.otherOrganization}`)).body);
  },
  'POST /organizations': async (side, backend) => {
    // Only administrators add organizations; an organization's own users cannot make another.
    const answer = await side.client.post('/organizations', { data: { type: 'organizations', attributes: { name: `Made by ${side.username}` } } });
    expect(answer.status).toBe(403);
    expect(await backend.db.select().from(schema.organizations).where(eq(schema.organizations.name, `Made by ${side.username}`))).toEqual([]);
  },
  'PUT /organizations/:id': async (side, backend) => {
    const [before] = await backend.db.select().from(schema.organizations).where(eq(schema.organizations.id, side.otherOrganization));
    expect((await side.client.request('PUT', `/organizations/${side.otherOrganization}`, { data: { attributes: { logoUrl: null } } })).status).toBe(404);
    expect((await backend.db.select().from(schema.organizations).where(eq(schema.organizations.id, side.otherOrganization)))[0]).toEqual(before);
  },
  'PATCH /organizations/:id/accept-contract': async (side, backend) => {
    const [before] = await backend.db.select().from(schema.organizations).where(eq(schema.organizations.id, side.otherOrganization));
    const answer = await side.client.patch(`/organizations/${side.otherOrganization}/accept-contract`, { data: { contractAcceptedAt: new Date().toISOString() } });
    expect(answer.status).toBe(404);
    expect((await backend.db.select().from(schema.organizations).where(eq(schema.organizations.id, side.otherOrganization)))[0]).toEqual(before);
  },
  // Organization settings and the buildings list (issue 12).
  'GET /organizations/:id/associations-counters': async (side) => {
    expect((await side.client.get(`/organizations/${side.otherOrganization}/associations-counters`)).status).toBe(404);
  },
  'GET /buildings/:id/associations-counters': async (side) => {
    for (const id of side.other.buildings) expect((await side.client.get(`/buildings/${id}/associations-counters`)).status).toBe(404);
  },
  'POST /buildings': async (side, backend) => {
    const name = `Planted by ${side.username}`;
    const answer = await side.client.post('/buildings', { data: { type: 'buildings', attributes: { name, organization_id: side.otherOrganization } } });
    expect(answer.status).toBe(404);
    expect(await backend.db.select().from(schema.buildings).where(eq(schema.buildings.name, name))).toEqual([]);
  },
  'PUT /buildings/:id/attributes': async (side, backend) => {
    const id = side.other.buildings[0]!;
    const [before] = await backend.db.select().from(schema.buildings).where(eq(schema.buildings.id, Number(id)));
    const answer = await side.client.request('PUT', `/buildings/${id}/attributes`, { data: { attributes: { name: 'Renamed from outside', version: before!.version } } });
    expect(answer.status).toBe(404);
    expect((await backend.db.select().from(schema.buildings).where(eq(schema.buildings.id, Number(id))))[0]).toEqual(before);
  },
  'PUT /buildings/batch-update': async (side, backend) => {
    const rows = () => backend.db.select().from(schema.buildings).where(inArray(schema.buildings.id, side.other.buildings.map(Number)));
    const before = await rows();
    const answer = await side.client.request('PUT', '/buildings/batch-update', {
      batch_update_attributes: side.other.buildings.map((id, index) => ({ building_id: id, order: 100 + index })),
    });
    expect(answer.status).toBe(404);
    expect(await rows()).toEqual(before);
  },
  // Floors and the building walkabout applicability (issue 12): nothing of the other organization's buildings changes.
  'POST /buildings/:id/floor': async (side, backend) => {
    const id = Number(side.other.buildings[0]);
    const before = await backend.db.select().from(schema.floors).where(eq(schema.floors.buildingId, id));
    expect((await side.client.post(`/buildings/${id}/floor`, { data: { attributes: { name: 'Roof', building_id: id, order: null } } })).status).toBe(404);
    expect(await backend.db.select().from(schema.floors).where(eq(schema.floors.buildingId, id))).toEqual(before);
  },
  'PUT /buildings/:id/floor': async (side, backend) => {
    const id = Number(side.other.buildings[0]);
    const [floor] = await backend.db.select().from(schema.floors).where(eq(schema.floors.buildingId, id)).limit(1);
    const answer = await side.client.request('PUT', `/buildings/${id}/floor`, { data: { attributes: { id: floor!.id, name: 'Taken', order: null, version: floor!.version } } });
    expect(answer.status).toBe(404);
    // Nor through one's own building in the path.
    const own = await side.client.request('PUT', `/buildings/${side.own.buildings[0]}/floor`, { data: { attributes: { id: floor!.id, name: 'Taken', order: null } } });
    expect([403, 422]).toContain(own.status);
    expect((await backend.db.select().from(schema.floors).where(eq(schema.floors.id, floor!.id)))[0]).toEqual(floor);
  },
  'PUT /floors/batch-update': async (side, backend) => {
    const [floor] = await backend.db.select().from(schema.floors).where(eq(schema.floors.buildingId, Number(side.other.buildings[0]))).limit(1);
    const answer = await side.client.request('PUT', '/floors/batch-update', { batch_update_attributes: [{ floor_id: floor!.id, order: 99 }] });
    expect(answer.status).toBe(404);
    expect((await backend.db.select().from(schema.floors).where(eq(schema.floors.id, floor!.id)))[0]).toEqual(floor);
  },
  'PUT /equipment': async (side, backend) => {
    const building = Number(side.other.buildings[0]);
    const [link] = await backend.db
      .select({ typeId: schema.locationEquipment.equipmentTypeId })
      .from(schema.locationEquipment)
      .innerJoin(schema.locations, eq(schema.locations.id, schema.locationEquipment.locationId))
      .where(eq(schema.locations.buildingId, building))
      .limit(1);
    const answer = await side.client.request('PUT', '/equipment', {
      data: [{ id: link!.typeId, type: 'equipment', attributes: { applicableWalkaboutEquipmentConditionIds: [] }, relationships: { building: { data: { type: 'buildings', id: building } } } }],
    });
    expect(answer.status).toBe(404);
    expect(await backend.db.select().from(schema.buildingTaskApplicability).where(eq(schema.buildingTaskApplicability.buildingId, building))).toEqual([]);
  },
  'PATCH /equipment': async (side, backend) => {
    const building = Number(side.other.buildings[0]);
    const [type] = await backend.db.select({ id: schema.equipmentTypes.id }).from(schema.equipmentTypes).where(eq(schema.equipmentTypes.organizationId, side.otherOrganization)).limit(1);
    const answer = await side.client.patch('/equipment', {
      data: [{ id: type!.id, type: 'equipment', attributes: { applicableWalkaboutEquipmentConditionIds: [] }, relationships: { building: { data: { type: 'buildings', id: building } } } }],
    });
    expect(answer.status).toBe(404);
    expect(await backend.db.select().from(schema.buildingTaskApplicability).where(eq(schema.buildingTaskApplicability.buildingId, building))).toEqual([]);
  },
  // Create Current Walkabouts (issue 12): another organization's building answers 404 and its walkabouts stay as they were.
  'POST /buildings/:id/walkabouts': async (side, backend) => {
    const { walkabouts } = await othersOf(side, backend);
    const conditionsOf = () =>
      backend.db.select({ id: schema.conditions.id }).from(schema.conditions).where(inArray(schema.conditions.walkaboutId, walkabouts.map((w) => w.id)));
    const before = await conditionsOf();
    for (const building of side.other.buildings) expect((await side.client.post(`/buildings/${building}/walkabouts`, undefined)).status).toBe(404);
    expect(await conditionsOf()).toHaveLength(before.length);
  },
  // Manage Locations (issue 12): another organization's building, location or equipment is not found, and nothing of it changes.
  'POST /locations/batch': async (side, backend) => {
    const [floor] = await backend.db.select().from(schema.floors).where(eq(schema.floors.buildingId, Number(side.other.buildings[0]))).limit(1);
    const [equipment] = await backend.db.select().from(schema.equipmentTypes).where(eq(schema.equipmentTypes.organizationId, side.otherOrganization)).limit(1);
    const relations = [{ building_floor_id: floor!.id, equipment_id: equipment!.id }];
    const answer = await side.client.post('/locations/batch', { building_id: side.other.buildings[0], locations_attributes: [{ name: `Made by ${side.username}`, relations }] });
    expect(answer.status).toBe(404);
    // Their equipment on one's own building: no such equipment here.
    const [ownFloor] = await backend.db.select().from(schema.floors).where(eq(schema.floors.buildingId, Number(side.own.buildings[0]))).limit(1);
    const mixed = await side.client.post('/locations/batch', {
      building_id: side.own.buildings[0],
      locations_attributes: [{ name: `Made by ${side.username}`, relations: [{ building_floor_id: ownFloor!.id, equipment_id: equipment!.id }] }],
    });
    expect(mixed.status).toBe(422);
    expect(await backend.db.select().from(schema.locations).where(eq(schema.locations.name, `Made by ${side.username}`))).toEqual([]);
  },
  'PUT /locations/batch': async (side, backend) => {
    const [target] = (await othersOf(side, backend)).locations;
    const [before] = await backend.db.select().from(schema.locations).where(eq(schema.locations.id, target!.id));
    const edit = (building: string) =>
      side.client.request('PUT', '/locations/batch', {
        building_id: building,
        uuids: { uuid: target!.uuid, temporary_uuid: null },
        location_name: 'Taken over',
        version: before!.version,
        equipments_on_locations_attributes: [],
      });
    expect((await edit(side.other.buildings[0]!)).status).toBe(404);
    expect((await edit(side.own.buildings[0]!)).status).toBe(404);
    expect((await backend.db.select().from(schema.locations).where(eq(schema.locations.id, target!.id)))[0]).toEqual(before);
  },
  'DELETE /locations/:id': async (side, backend) => {
    const [target] = (await othersOf(side, backend)).locations;
    expect((await side.client.delete(`/locations/${target!.id}`)).status).toBeOneOf([403, 404]);
    expect((await backend.db.select().from(schema.locations).where(eq(schema.locations.id, target!.id)))[0]!.deletedAt).toBeNull();
  },
  'PUT /locations/order/batch/': async (side, backend) => {
    const [target] = (await othersOf(side, backend)).locations;
    const [before] = await backend.db.select().from(schema.locations).where(eq(schema.locations.id, target!.id));
    for (const building of [side.other.buildings[0], side.own.buildings[0]]) {
      const answer = await side.client.request('PUT', '/locations/order/batch/', { building_id: building, locations: [{ order: 42, uuid: target!.uuid, version: before!.version }] });
      expect(answer.status).toBeOneOf([404, 422]);
    }
    expect((await backend.db.select().from(schema.locations).where(eq(schema.locations.id, target!.id)))[0]).toEqual(before);
  },
  'PUT /locations/type-order/batch/': async (side, backend) => {
    const [target] = (await othersOf(side, backend)).locations;
    const [link] = await backend.db.select().from(schema.locationEquipment).where(eq(schema.locationEquipment.locationId, target!.id)).limit(1);
    const [before] = await backend.db.select().from(schema.locations).where(eq(schema.locations.id, target!.id));
    for (const building of [side.other.buildings[0], side.own.buildings[0]]) {
      const answer = await side.client.request('PUT', '/locations/type-order/batch/', {
        building_id: building,
        equipments_on_locations: [{ type_order: 42, uuid: target!.uuid, equipment_id: link!.equipmentTypeId, version: before!.version }],
      });
      expect(answer.status).toBeOneOf([404, 422]);
    }
    expect((await backend.db.select().from(schema.locationEquipment).where(eq(schema.locationEquipment.id, link!.id)))[0]).toEqual(link);
  },
  'GET /buildings/:buildingId/equipment-choices': async (side) => {
    for (const id of side.other.buildings) expect((await side.client.get(`/buildings/${id}/equipment-choices`)).status).toBe(404);
  },
  'GET /buildings/:buildingId/equipment-states': async (side) => {
    for (const id of side.other.buildings) expect((await side.client.get(`/buildings/${id}/equipment-states`)).status).toBe(404);
  },
  // The overview dashboards (issue 13): nothing of another organization, whatever the filters name.
  'GET /organizations/:id/overview-filters': async (side) => {
    expect((await side.client.get(`/organizations/${side.otherOrganization}/overview-filters`)).status).toBe(404);
  },
  'GET /buildings/:id/overview-filters': async (side) => {
    for (const id of side.other.buildings) expect((await side.client.get(`/buildings/${id}/overview-filters`)).status).toBe(404);
  },
  'GET /organizations/:id/entry-state-counters': async (side) => {
    expect((await side.client.get(`/organizations/${side.otherOrganization}/entry-state-counters`)).status).toBe(404);
  },
  'POST /organizations/:id/entry-filtered-state-counters': async (side) => {
    const body = { building_ids: side.other.buildings, walkabout_cycle_ids: side.other.cycles };
    expect((await side.client.post(`/organizations/${side.otherOrganization}/entry-filtered-state-counters`, body)).status).toBe(404);
    const own = await side.client.post(`/organizations/${ownOrganizationOf(side)}/entry-filtered-state-counters?page[size]=500`, body);
    expect(own.status).toBe(200);
    none(own.body);
    expect((own.body.meta as { counters: { total: number } }).counters.total).toBe(0);
  },
  // Issue 13: equipment types and tasks groups at organization level. Another organization's are not found, and nothing of them changes.
  'GET /equipments/:id': async (side, backend) => {
    const [type] = await backend.db.select({ id: schema.equipmentTypes.id }).from(schema.equipmentTypes).where(eq(schema.equipmentTypes.organizationId, side.otherOrganization)).limit(1);
    expect((await side.client.get(`/equipments/${type!.id}`)).status).toBe(404);
    expect((await side.client.get(`/equipment?filter[organization]=${side.otherOrganization}`)).status).toBe(404);
  },
  'POST /equipments': async (side, backend) => {
    const [group] = await backend.db.select({ id: schema.taskGroups.id }).from(schema.taskGroups).where(eq(schema.taskGroups.organizationId, side.otherOrganization)).limit(1);
    const body = { equipment: { name: `Made by ${side.username}` }, equipment_components: [{ equipment_component_condition_groups: [{ condition_group_id: group!.id }] }], organization_id: side.otherOrganization };
    expect((await side.client.post('/equipments', body)).status).toBe(404);
    expect(await backend.db.select().from(schema.equipmentTypes).where(eq(schema.equipmentTypes.name, `Made by ${side.username}`))).toEqual([]);
  },
  'PUT /equipments/:id': async (side, backend) => {
    const [type] = await backend.db.select().from(schema.equipmentTypes).where(eq(schema.equipmentTypes.organizationId, side.otherOrganization)).limit(1);
    for (const organization of [side.otherOrganization, ownOrganizationOf(side)]) {
      expect((await side.client.request('PUT', `/equipments/${type!.id}`, { equipment: { status: 'disabled' }, organization_id: organization })).status).toBe(404);
    }
    expect((await backend.db.select().from(schema.equipmentTypes).where(eq(schema.equipmentTypes.id, type!.id)))[0]).toEqual(type);
  },
  'PUT /equipment_component_condition_groups/:id': async (side, backend) => {
    const [type] = await backend.db.select({ id: schema.equipmentTypes.id }).from(schema.equipmentTypes).where(eq(schema.equipmentTypes.organizationId, side.otherOrganization)).limit(1);
    const [group] = await backend.db.select({ id: schema.taskGroups.id }).from(schema.taskGroups).where(eq(schema.taskGroups.organizationId, side.otherOrganization)).limit(1);
    const [component] = await backend.db.insert(schema.equipmentComponents).values({ equipmentTypeId: type!.id, name: `Tenancy ${side.username}` }).returning();
    const [row] = await backend.db.insert(schema.equipmentComponentConditionGroups).values({ componentId: component!.id, taskGroupId: group!.id }).returning();
    const answer = await side.client.request('PUT', `/equipment_component_condition_groups/${row!.id}`, { options: { overrides: { disableUnsatisfactoryPhoto: true } } });
    expect(answer.status).toBe(404);
    expect((await backend.db.select().from(schema.equipmentComponentConditionGroups).where(eq(schema.equipmentComponentConditionGroups.id, row!.id)))[0]).toEqual(row);
  },
  'GET /organizations/:id/tasks-groups': async (side) => {
    expect((await side.client.get(`/organizations/${side.otherOrganization}/tasks-groups?include=equipment-conditions`)).status).toBe(404);
  },
  'POST /organizations/:id/tasks-groups': async (side, backend) => {
    const [task] = await backend.db.select({ id: schema.tasks.id }).from(schema.tasks).where(eq(schema.tasks.organizationId, side.otherOrganization)).limit(1);
    const body = { attributes: { name: `Group of ${side.username}`, equipment_condtions: [{ id: task!.id, order: 0 }] } };
    expect((await side.client.post(`/organizations/${side.otherOrganization}/tasks-groups`, body)).status).toBe(404);
    // Their task in one's own organization's group: not one of its tasks (or not allowed at all).
    expect((await side.client.post(`/organizations/${ownOrganizationOf(side)}/tasks-groups`, body)).status).toBeOneOf([403, 422]);
    expect(await backend.db.select().from(schema.taskGroups).where(eq(schema.taskGroups.name, `Group of ${side.username}`))).toEqual([]);
  },
  'PUT /organizations/:id/tasks-groups/:groupId': async (side, backend) => {
    const [group] = await backend.db.select().from(schema.taskGroups).where(eq(schema.taskGroups.organizationId, side.otherOrganization)).limit(1);
    const [task] = await backend.db.select({ id: schema.tasks.id }).from(schema.tasks).where(eq(schema.tasks.organizationId, side.otherOrganization)).limit(1);
    const body = { attributes: { name: 'Taken over', equipment_condtions: [{ id: task!.id, order: 0 }] } };
    expect((await side.client.request('PUT', `/organizations/${side.otherOrganization}/tasks-groups/${group!.id}`, body)).status).toBe(404);
    expect((await side.client.request('PUT', `/organizations/${ownOrganizationOf(side)}/tasks-groups/${group!.id}`, body)).status).toBeOneOf([403, 404]);
    expect((await backend.db.select().from(schema.taskGroups).where(eq(schema.taskGroups.id, group!.id)))[0]).toEqual(group);
  },
  // Tasks at organization level (issue 13): the other organization's tasks are not listed, and nothing of them changes.
  'GET /equipment_conditions': async (side, backend) => {
    const theirs = await backend.db.select({ id: schema.tasks.id }).from(schema.tasks).where(eq(schema.tasks.organizationId, side.otherOrganization));
    expect(theirs.length).toBeGreaterThan(0);
    const own = list((await side.client.get('/equipment_conditions?page[size]=500')).body);
    expect(own.length).toBeGreaterThan(0);
    for (const task of own) expect(task.attributes.organizationId).toBe(ownOrganizationOf(side));
    none((await side.client.get(`/equipment_conditions?filter[organization]=${side.otherOrganization}`)).body);
    none((await side.client.get(`/equipment_conditions?filter[id]=${theirs.map((t) => t.id).join(',')}`)).body);
  },
  'POST /cycles/:cycleId/equipment_conditions': async (side, backend) => {
    const count = async () => (await backend.db.select({ id: schema.tasks.id }).from(schema.tasks).where(eq(schema.tasks.organizationId, side.otherOrganization))).length;
    const before = await count();
    const [type] = await backend.db.select({ id: schema.equipmentTypes.id }).from(schema.equipmentTypes).where(eq(schema.equipmentTypes.organizationId, side.otherOrganization)).limit(1);
    const body = (organization: number) => ({ organization_id: organization, equipment_id: type!.id, attributes: { label: `Made by ${side.username}` } });
    expect((await side.client.post(`/cycles/${side.other.cycles[0]}/equipment_conditions`, body(side.otherOrganization))).status).toBe(404);
    // Their cycle and type under one's own organization: not one's own organization's (or not the caller's to add to).
    expect([403, 422]).toContain((await side.client.post(`/cycles/${side.other.cycles[0]}/equipment_conditions`, body(ownOrganizationOf(side)))).status);
    expect(await count()).toBe(before);
  },
  'PUT /equipments/reorder': async (side, backend) => {
    const [type] = await backend.db.select().from(schema.equipmentTypes).where(eq(schema.equipmentTypes.organizationId, side.otherOrganization)).limit(1);
    const answer = await side.client.request('PUT', '/equipments/reorder', { attributes: [{ id: type!.id, order: 99, version: type!.version }] });
    expect(answer.status).toBe(404);
    expect((await backend.db.select().from(schema.equipmentTypes).where(eq(schema.equipmentTypes.id, type!.id)))[0]).toEqual(type);
  },
  'PUT /equipment_conditions/reorder': async (side, backend) => {
    const [task] = await backend.db.select().from(schema.tasks).where(eq(schema.tasks.organizationId, side.otherOrganization)).limit(1);
    const answer = await side.client.request('PUT', '/equipment_conditions/reorder', { attributes: [{ id: task!.id, order: 99, version: task!.version }] });
    expect(answer.status).toBe(404);
    expect((await backend.db.select().from(schema.tasks).where(eq(schema.tasks.id, task!.id)))[0]).toEqual(task);
  },
  'GET /organizations/:organizationId/equipment-choices': async (side) => {
    expect((await side.client.get(`/organizations/${side.otherOrganization}/equipment-choices`)).status).toBe(404);
    expect(list((await side.client.get(`/organizations/${ownOrganizationOf(side)}/equipment-choices`)).body).length).toBeGreaterThan(0);
  },
  'PUT /equipment_conditions/:id': async (side, backend) => {
    const [task] = await backend.db.select().from(schema.tasks).where(eq(schema.tasks.organizationId, side.otherOrganization)).limit(1);
    for (const body of [{ attributes: { description: 'Taken', version: task!.version } }, { organization_id: side.otherOrganization, attributes: { status: 'paused' } }]) {
      expect((await side.client.request('PUT', `/equipment_conditions/${task!.id}`, body)).status).toBe(404);
    }
    expect((await backend.db.select().from(schema.tasks).where(eq(schema.tasks.id, task!.id)))[0]).toEqual(task);
  },
  // Types and tasks at building level (issue 13): another organization's types, tasks and suspensions are out of reach.
  'POST /building_equipment_suspensions': async (side, backend) => {
    const others = await otherTypeAndTask(side, backend);
    for (const [building, equipment] of [[side.other.buildings[0], others.typeId], [side.own.buildings[0], others.typeId]]) {
      const answer = await side.client.post('/building_equipment_suspensions', { building_id: building, equipment_id: equipment, attributes: { short_name: 'TN', description: 'Tenancy' } });
      expect(answer.status).toBeOneOf([404, 422]);
    }
    expect(await backend.db.select().from(schema.buildingSuspensions).where(eq(schema.buildingSuspensions.shortName, 'TN'))).toEqual([]);
  },
  'POST /building_condition_suspensions': async (side, backend) => {
    const others = await otherTypeAndTask(side, backend);
    for (const building of [side.other.buildings[0], side.own.buildings[0]]) {
      const answer = await side.client.post('/building_condition_suspensions', { building_id: building, equipment_condition_id: others.taskId, attributes: { short_name: 'TN', description: 'Tenancy' } });
      expect(answer.status).toBeOneOf([404, 422]);
    }
    expect(await backend.db.select().from(schema.buildingSuspensions).where(eq(schema.buildingSuspensions.shortName, 'TN'))).toEqual([]);
  },
  'DELETE /building_equipment_suspensions/:suspensionId': async (side, backend) => {
    const others = await otherTypeAndTask(side, backend);
    const [row] = await backend.db.insert(schema.buildingSuspensions).values({ buildingId: Number(side.other.buildings[0]), equipmentTypeId: others.typeId, shortName: 'OT' }).returning();
    for (const building of [side.other.buildings[0], side.own.buildings[0]]) {
      expect((await side.client.request('DELETE', `/building_equipment_suspensions/${row!.id}`, { building_id: building })).status).toBe(404);
    }
    expect(await backend.db.select().from(schema.buildingSuspensions).where(eq(schema.buildingSuspensions.id, row!.id))).toEqual([row]);
  },
  'DELETE /building_condition_suspensions/:suspensionId': async (side, backend) => {
    const others = await otherTypeAndTask(side, backend);
    const [row] = await backend.db.insert(schema.buildingSuspensions).values({ buildingId: Number(side.other.buildings[0]), taskId: others.taskId, shortName: 'OT' }).returning();
    expect((await side.client.request('DELETE', `/building_condition_suspensions/${row!.id}`, {})).status).toBe(404);
    expect(await backend.db.select().from(schema.buildingSuspensions).where(eq(schema.buildingSuspensions.id, row!.id))).toEqual([row]);
  },
  'POST /equipments-on-locations/reports/init-creation': async (side, backend) => {
    const before = (await backend.db.select().from(schema.onDemandReports)).length;
    for (const id of side.other.buildings) {
      expect((await side.client.post('/equipments-on-locations/reports/init-creation', { building_id: id, selectedLocation: null, selectedType: null, selectedState: null })).status).toBe(404);
    }
    expect((await backend.db.select().from(schema.onDemandReports)).length).toBe(before);
  },
  'GET /equipments-on-locations/reports/:reportIdentificator': async (side, backend) => {
    const identificator = randomUUID();
    await backend.db.insert(schema.onDemandReports).values({ identificator, buildingId: Number(side.other.buildings[0]), reportType: 'equipments_on_locations' });
    expect((await side.client.get(`/equipments-on-locations/reports/${identificator}`)).status).toBe(404);
  },
  // Administrators' views of the background work, which span organizations: refused to everyone else.
  'GET /mail-outbox': async (side) => {
    expect((await side.client.get('/mail-outbox')).status).toBe(403);
  },
  'GET /failed-jobs': async (side) => {
    expect((await side.client.get('/failed-jobs')).status).toBe(403);
  },
  // Issue 14: API tokens are their owner's only; another organization's are neither listed nor revoked, and a token reads nothing of it.
  'POST /api-tokens': async (side, backend) => {
    const created = await side.client.post('/api-tokens', {
      data: { attributes: { name: 'Tenancy', expiresAt: new Date(Date.now() + 86_400_000).toISOString(), permissions: ['buildingPermissions.view'] } },
    });
    if (created.status === 403) return;
    expect(created.status).toBe(201);
    const token = client(backend.app, String(one(created.body).attributes.token));
    for (const id of side.other.buildings) expect((await token.get(`/buildings/${id}`)).status).toBe(404);
    none((await token.get(`/buildings?filter[id]=${side.other.buildings.join(',')}`)).body);
  },
  'GET /api-tokens': async (side, backend) => {
    const otherUser = Number(side.other.users[0]);
    const name = `Of the other organization than ${side.username}'s`;
    await backend.db.insert(schema.apiTokens).values({ userId: otherUser, name, tokenHash: randomUUID(), expiresAt: new Date(Date.now() + 86_400_000) });
    const answer = await side.client.get('/api-tokens?page[size]=500');
    expect(answer.status).toBe(200);
    expect(list(answer.body).map((t) => t.attributes.name)).not.toContain(name);
  },
  'DELETE /api-tokens/:id': async (side, backend) => {
    const [row] = await backend.db
      .insert(schema.apiTokens)
      .values({ userId: Number(side.other.users[0]), name: 'Not yours', tokenHash: randomUUID(), expiresAt: new Date(Date.now() + 86_400_000) })
      .returning();
    expect((await side.client.delete(`/api-tokens/${row!.id}`)).status).toBe(404);
    expect((await backend.db.select().from(schema.apiTokens).where(eq(schema.apiTokens.id, row!.id)))[0]!.revokedAt).toBeNull();
  },
  // Organization usage, import and export (issue 13): administrators only, so every other user of either organization is refused.
  'GET /organizations/:id/usage': async (side) => {
    for (const id of [side.otherOrganization, ownOrganizationOf(side)]) {
      const answer = await side.client.get(`/organizations/${id}/usage`);
      expect(answer.status).toBe(403);
      expect(answer.body.data).toBeUndefined();
    }
  },
  'GET /data': async (side) => {
    for (const id of [side.otherOrganization, ownOrganizationOf(side)]) {
      const answer = await side.client.get(`/data?type=buildings&organization_id=${id}`);
      expect(answer.status).toBe(403);
      expect(answer.body.data).toBeUndefined();
    }
  },
  'POST /data': async (side, backend) => {
    const before = await backend.db.select({ id: schema.buildings.id }).from(schema.buildings);
    const file = Buffer.from('building_name,building_order,floor_label_name,occupancy_type,time_zone,floor_name,floor_order,location_name,location_hint,location_order,equipment_types\r\nTaken Over,0,,,,,,,,,\r\n').toString('base64');
    const answer = await side.client.post('/data', { data: { type: 'buildings-csv', attributes: { file, organization_id: side.otherOrganization } } });
    expect(answer.status).toBe(403);
    expect(await backend.db.select({ id: schema.buildings.id }).from(schema.buildings)).toEqual(before);
  },
  'GET /data-imports/:id': async (side) => {
    const answer = await side.client.get('/data-imports/00000000-0000-4000-8000-000000000000');
    expect(answer.status).toBe(403);
  },
  // Regions, cycles and cycle overrides (issue 14): the other organization's are not found, and nothing of theirs changes.
  'GET /cycles/:id': async (side) => {
    for (const id of side.other.cycles) expect((await side.client.get(`/cycles/${id}`)).status).toBe(404);
  },
  'POST /cycles': async (side, backend) => {
    const before = await backend.db.select({ id: schema.cycles.id }).from(schema.cycles);
    const body = { data: { type: 'cycles', attributes: { name: 'Taken Over', abbreviation: 'T', frequency: 'daily', every: 1, start: '2026-06-01', organizationId: side.otherOrganization } } };
    expect((await side.client.post('/cycles', body)).status).toBe(404);
    expect(await backend.db.select({ id: schema.cycles.id }).from(schema.cycles)).toEqual(before);
  },
  'PATCH /cycles/:id': async (side, backend) => {
    const id = Number(side.other.cycles[0]);
    const [before] = await backend.db.select().from(schema.cycles).where(eq(schema.cycles.id, id));
    expect((await side.client.request('PATCH', `/cycles/${id}`, { data: { type: 'cycles', attributes: { abbreviation: 'X' } } })).status).toBe(404);
    expect((await backend.db.select().from(schema.cycles).where(eq(schema.cycles.id, id)))[0]).toEqual(before);
  },
  'DELETE /cycles/:id': async (side, backend) => {
    const [cycle] = await backend.db.insert(schema.cycles).values({ organizationId: side.otherOrganization, name: `Unused ${side.username}`, abbreviation: 'U' }).returning();
    expect((await side.client.delete(`/cycles/${cycle!.id}`)).status).toBe(404);
    expect(await backend.db.select().from(schema.cycles).where(eq(schema.cycles.id, cycle!.id))).toHaveLength(1);
  },
  'GET /organizations/:organizationId/regions/:regionId': async (side) => {
    for (const id of side.other.regions) {
      expect((await side.client.get(`/organizations/${side.otherOrganization}/regions/${id}`)).status).toBe(404);
      expect((await side.client.get(`/organizations/${ownOrganizationOf(side)}/regions/${id}`)).status).toBe(404);
    }
  },
  'POST /organizations/:organizationId/regions': async (side, backend) => {
    const before = await backend.db.select({ id: schema.regions.id }).from(schema.regions);
    expect((await side.client.post(`/organizations/${side.otherOrganization}/regions`, { data: { attributes: { name: 'Taken Over', parentId: null } } })).status).toBe(404);
    const under = await side.client.post(`/organizations/${ownOrganizationOf(side)}/regions`, { data: { attributes: { name: 'Taken Over', parentId: Number(side.other.regions[0]) } } });
    expect([403, 422]).toContain(under.status);
    expect(await backend.db.select({ id: schema.regions.id }).from(schema.regions)).toEqual(before);
  },
  'PATCH /regions/:id': async (side, backend) => {
    const id = Number(side.other.regions[0]);
    expect((await side.client.request('PATCH', `/regions/${id}`, { data: { attributes: { name: 'Taken Over' } } })).status).toBe(404);
    expect((await backend.db.select({ name: schema.regions.name }).from(schema.regions).where(eq(schema.regions.id, id)))[0]!.name).not.toBe('Taken Over');
  },
  'DELETE /organizations/:organizationId/regions/:regionId': async (side, backend) => {
    const [region] = await backend.db.insert(schema.regions).values({ organizationId: side.otherOrganization, name: `Empty ${side.username}` }).returning();
    expect((await side.client.delete(`/organizations/${side.otherOrganization}/regions/${region!.id}`)).status).toBe(404);
    expect(await backend.db.select().from(schema.regions).where(eq(schema.regions.id, region!.id))).toHaveLength(1);
  },
  'GET /cycle-overrides': async (side, backend) => {
    const [override] = await backend.db
      .insert(schema.cycleOverrides)
      .values({ regionId: Number(side.other.regions[0]), cycleId: Number(side.other.cycles[0]), sunday: false })
      .onConflictDoNothing()
      .returning();
    const otherIds = (await backend.db.select({ id: schema.cycleOverrides.id }).from(schema.cycleOverrides).where(inArray(schema.cycleOverrides.regionId, side.other.regions.map(Number)))).map((o) => String(o.id));
    expect(otherIds.length).toBeGreaterThan(0);
    for (const id of ids((await side.client.get('/cycle-overrides')).body)) expect(otherIds).not.toContain(id);
    none((await side.client.get(`/cycle-overrides?filter[region]=${side.other.regions.join(',')}&filter[ancestors]=true`)).body);
    expect(override === undefined || otherIds.includes(String(override.id))).toBe(true);
  },
  'GET /cycle-overrides/:id': async (side, backend) => {
    const others = await backend.db.select({ id: schema.cycleOverrides.id }).from(schema.cycleOverrides).where(inArray(schema.cycleOverrides.regionId, side.other.regions.map(Number)));
    expect(others.length).toBeGreaterThan(0);
    for (const { id } of others) expect((await side.client.get(`/cycle-overrides/${id}`)).status).toBe(404);
  },
  'POST /cycle-overrides': async (side, backend) => {
    const before = await backend.db.select({ id: schema.cycleOverrides.id }).from(schema.cycleOverrides);
    const body = (region: string, cycle: string) => ({
      data: { type: 'cycle-overrides', attributes: { monday: false }, relationships: { region: { data: { type: 'regions', id: region } }, cycle: { data: { type: 'cycles', id: cycle } } } },
    });
    expect((await side.client.post('/cycle-overrides', body(side.other.regions[0]!, side.other.cycles[1]!))).status).toBe(404);
    expect([403, 422]).toContain((await side.client.post('/cycle-overrides', body(side.own.regions[0]!, side.other.cycles[1]!))).status);
    expect(await backend.db.select({ id: schema.cycleOverrides.id }).from(schema.cycleOverrides)).toEqual(before);
  },
  'PATCH /cycle-overrides/:id': async (side, backend) => {
    const others = await backend.db.select().from(schema.cycleOverrides).where(inArray(schema.cycleOverrides.regionId, side.other.regions.map(Number)));
    for (const o of others) {
      expect((await side.client.request('PATCH', `/cycle-overrides/${o.id}`, { data: { attributes: { monday: !o.monday } } })).status).toBe(404);
      expect((await backend.db.select().from(schema.cycleOverrides).where(eq(schema.cycleOverrides.id, o.id)))[0]).toEqual(o);
    }
  },
  'DELETE /cycle-overrides/:id': async (side, backend) => {
    const others = await backend.db.select({ id: schema.cycleOverrides.id }).from(schema.cycleOverrides).where(inArray(schema.cycleOverrides.regionId, side.other.regions.map(Number)));
    expect(others.length).toBeGreaterThan(0);
    for (const { id } of others) expect((await side.client.delete(`/cycle-overrides/${id}`)).status).toBe(404);
    expect(await backend.db.select({ id: schema.cycleOverrides.id }).from(schema.cycleOverrides).where(inArray(schema.cycleOverrides.regionId, side.other.regions.map(Number)))).toEqual(others);
  },
  // Report definitions and booklet templates administration (issue 14): another organization's are not found, take no edit, and get no new record.
  'GET /report-definitions/:id': async (side, backend) => {
    const [d] = await backend.db.select().from(schema.reportDefinitions).where(eq(schema.reportDefinitions.organizationId, side.otherOrganization)).limit(1);
    expect((await side.client.get(`/report-definitions/${d!.id}`)).status).toBe(404);
  },
  'POST /report-definitions': async (side, backend) => {
    const [cycle] = await backend.db.select().from(schema.cycles).where(eq(schema.cycles.organizationId, side.otherOrganization)).limit(1);
    const name = `Tenancy report by ${side.username}`;
    const answer = await side.client.post('/report-definitions', {
      data: {
        attributes: { name, sections: [{ detail: 'group', title: 'All' }] },
        relationships: { organization: { data: { type: 'organizations', id: String(side.otherOrganization) } }, cycle: { data: { type: 'cycles', id: String(cycle!.id) } } },
      },
    });
    expect([403, 404]).toContain(answer.status);
    // Into one's own organization with the other's cycle: refused at the cycle.
    const own = await side.client.post('/report-definitions', { data: { attributes: { name, sections: [{ detail: 'group', title: 'All' }] }, relationships: { cycle: { data: { type: 'cycles', id: String(cycle!.id) } } } } });
    expect([403, 422]).toContain(own.status);
    expect(await backend.db.select().from(schema.reportDefinitions).where(eq(schema.reportDefinitions.name, name))).toEqual([]);
  },
  'PATCH /report-definitions/:id': async (side, backend) => {
    const [d] = await backend.db.select().from(schema.reportDefinitions).where(eq(schema.reportDefinitions.organizationId, side.otherOrganization)).limit(1);
    expect((await side.client.patch(`/report-definitions/${d!.id}`, { data: { attributes: { name: 'Taken over', isActive: false } } })).status).toBe(404);
    expect((await backend.db.select().from(schema.reportDefinitions).where(eq(schema.reportDefinitions.id, d!.id)))[0]).toEqual(d);
  },
  'GET /report-booklet-templates/:id': async (side, backend) => {
    const [t] = await backend.db.select().from(schema.reportBookletTemplates).where(eq(schema.reportBookletTemplates.organizationId, side.otherOrganization)).limit(1);
    if (t) expect((await side.client.get(`/report-booklet-templates/${t.id}`)).status).toBe(404);
    const [d] = await backend.db.select().from(schema.reportDefinitions).where(eq(schema.reportDefinitions.organizationId, side.otherOrganization)).limit(1);
    const [made] = await backend.db.insert(schema.reportBookletTemplates).values({ organizationId: side.otherOrganization, name: `Tenancy booklet for ${side.username}`, reportDefinitionIds: [d!.id] }).returning();
    expect((await side.client.get(`/report-booklet-templates/${made!.id}`)).status).toBe(404);
  },
  'POST /report-booklet-templates': async (side, backend) => {
    const [d] = await backend.db.select().from(schema.reportDefinitions).where(eq(schema.reportDefinitions.organizationId, side.otherOrganization)).limit(1);
    const name = `Tenancy booklet by ${side.username}`;
    const reports = { data: [{ type: 'report-definitions', id: String(d!.id) }] };
    const answer = await side.client.post('/report-booklet-templates', {
      data: { attributes: { name }, relationships: { organization: { data: { type: 'organizations', id: String(side.otherOrganization) } }, reportDefinitions: reports } },
    });
    expect([403, 404]).toContain(answer.status);
    // Into one's own organization with the other's report: refused at the reports.
    const own = await side.client.post('/report-booklet-templates', { data: { attributes: { name }, relationships: { reportDefinitions: reports } } });
    expect([403, 422]).toContain(own.status);
    expect(await backend.db.select().from(schema.reportBookletTemplates).where(eq(schema.reportBookletTemplates.name, name))).toEqual([]);
  },
  'PATCH /report-booklet-templates/:id': async (side, backend) => {
    const [d] = await backend.db.select().from(schema.reportDefinitions).where(eq(schema.reportDefinitions.organizationId, side.otherOrganization)).limit(1);
    const [t] = await backend.db.insert(schema.reportBookletTemplates).values({ organizationId: side.otherOrganization, name: `Tenancy booklet to edit by ${side.username}`, reportDefinitionIds: [d!.id] }).returning();
    expect((await side.client.patch(`/report-booklet-templates/${t!.id}`, { data: { attributes: { name: 'Taken over' } } })).status).toBe(404);
    expect((await backend.db.select().from(schema.reportBookletTemplates).where(eq(schema.reportBookletTemplates.id, t!.id)))[0]).toEqual(t);
  },
  'GET /cycles/:cycleId/organizations/:organizationId/reports/equipments': async (side) => {
    for (const cycle of side.other.cycles) expect((await side.client.get(`/cycles/${cycle}/organizations/${side.otherOrganization}/reports/equipments`)).status).toBe(404);
    // One's own organization with the other's cycle: no cycle of it.
    expect((await side.client.get(`/cycles/${side.other.cycles[0]}/organizations/${ownOrganizationOf(side)}/reports/equipments`)).status).toBe(404);
  },
  'GET /cycles/:cycleId/regions/:regionId/reports/equipments': async (side) => {
    for (const region of side.other.regions) expect((await side.client.get(`/cycles/${side.own.cycles[0]}/regions/${region}/reports/equipments`)).status).toBe(404);
  },
  'GET /openapi.json': async (side, backend) => {
    // The API's description holds no organization's data.
    const text = (await backend.app.inject({ method: 'GET', url: '/openapi.json' })).body;
    expect(text).not.toContain('Northwind');
    expect(text).not.toContain('Harbour Strata');
    expect(side.username).toBeTruthy();
  },
};

describe.each(databases)('tenancy on %s', (database) => {
  let backend: TestBackend;
  const sides: Side[] = [];

  beforeAll(async () => {
    backend = await startTestBackend({ database });
    const demo = await demoIds(backend);
    const northwind = demo.byOrganization(demo.northwind);
    const harbour = demo.byOrganization(demo.harbour);
    sideOrganizations.set('harbour', demo.harbour).set('manager', demo.northwind);
    sides.push(
      { username: 'harbour', client: await signedIn(backend, 'harbour'), own: harbour, other: northwind, otherOrganization: demo.northwind },
      { username: 'manager', client: await signedIn(backend, 'manager'), own: northwind, other: harbour, otherOrganization: demo.harbour },
    );
  });
  afterAll(() => backend?.close());

  it('has a tenancy case for every route of the app', () => {
    const routes = backend.app.routeList.map((r) => `${r.method} ${r.url}`).sort();
    expect(Object.keys(cases).sort()).toEqual(routes);
  });

  for (const [route, check] of Object.entries(cases)) {
    it(`keeps each organization's records from the other on ${route}`, async () => {
      for (const side of sides) await check(side, backend);
    });
  }
});

/** A document of a building, straight in the database, on an upload of the building's organization (its file in the storage). */
async function documentOf(backend: TestBackend, buildingId: string): Promise<{ id: string; url: string }> {
  const [building] = await backend.db.select({ organizationId: schema.buildings.organizationId }).from(schema.buildings).where(eq(schema.buildings.id, Number(buildingId)));
  const key = `tenancy-document-${buildingId}-${Math.random().toString(36).slice(2)}`.padEnd(24, '0') + '.pdf';
  await backend.app.storage.put(key, Buffer.from('%PDF-1.4\n% tenancy\n'), 'application/pdf');
  const [upload] = await backend.db
    .insert(schema.uploads)
    .values({ key, mimetype: 'application/pdf', size: 20, organizationId: building!.organizationId, kind: 'document', pageCount: 1 })
    .returning({ id: schema.uploads.id });
  const [document] = await backend.db
    .insert(schema.documents)
    .values({ buildingId: Number(buildingId), name: 'Tenancy plan', category: 'Other', uploadId: upload!.id })
    .returning({ id: schema.documents.id });
  return { id: String(document!.id), url: `/files/${key}` };
}
