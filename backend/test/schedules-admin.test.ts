/**
 * Regions, cycles and cycle overrides (issue 14 points 1-4 and 7; admin-people-schedules.md sections 3-9): adding,
 * changing and deleting each, the rules and messages of section 5, the locked fields of an existing cycle, the
 * 409 STALE of an older version, the literal cycle search, and who may do each (section 6), allowed and refused.
 */
import {
  BLACKOUT_DATE_MESSAGE,
  CYCLE_ALREADY_OVERRIDDEN_MESSAGE,
  CYCLE_FIELD_LOCKED_MESSAGE,
  CYCLE_HAS_WALKABOUTS_MESSAGE,
  CYCLE_NAME_REQUIRED_MESSAGE,
  NAME_TAKEN_MESSAGE,
  REGION_NAME_REQUIRED_MESSAGE,
  STALE_EDIT_MESSAGE,
  everyMessage,
} from '@fsi/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema, type TestBackend } from '../src/testing';
import { databases, demoIds, ids, list, one, signedIn, startTestBackend, userWithGrants, type Client } from './helpers';

describe.each(databases)('regions, cycles and cycle overrides on %s', (database) => {
  let backend: TestBackend;
  let northwind: number;
  let harbourOrg: number;
  let demo: Awaited<ReturnType<typeof demoIds>>;
  const as: Record<string, Client> = {};

  beforeAll(async () => {
    backend = await startTestBackend({ database });
    demo = await demoIds(backend);
    northwind = demo.northwind;
    harbourOrg = demo.harbour;
    for (const username of ['admin', 'manager', 'regional', 'inspector', 'viewer', 'harbour']) as[username] = await signedIn(backend, username);
    // An organization manager (canManageOrganization), and one limited to the Downtown region.
    as.orgManager = await userWithGrants(backend, northwind, 'orgmanager', { organizationPermissions: { manage: true } });
    await userWithGrants(backend, northwind, 'regionmanager', { organizationPermissions: { manage: true } });
    await backend.db.update(schema.users).set({ regionId: Number(demo.region('Downtown')) }).where(eq(schema.users.username, 'regionmanager'));
    as.regionManager = await signedIn(backend, 'regionmanager');
  });
  afterAll(() => backend?.close());

  const cycleBody = (attributes: Record<string, unknown>) => ({ data: { type: 'cycles', attributes } });
  const newCycle = (who: Client, attributes: Record<string, unknown>) =>
    who.post('/cycles', cycleBody({ abbreviation: 'Q', frequency: 'daily', every: 1, start: '2026-06-01', organizationId: northwind, ...attributes }));

  describe('cycles', () => {
    it('adds a cycle for administrators and organization managers, with its occurrence, version and isDeletable', async () => {
      const made = await newCycle(as.orgManager!, { name: 'Fortnightly Walk', frequency: 'weekly', every: 2 });
      expect(made.status).toBe(201);
      expect(one(made.body).attributes).toMatchObject({ name: 'Fortnightly Walk', occurrence: 'Every 2 Weeks', version: 1, isDeletable: true, organizationId: northwind });
      const byAdmin = await newCycle(as.admin!, { name: 'Quarterly Walk', frequency: 'monthly', every: 3 });
      expect(one(byAdmin.body).attributes.occurrence).toBe('Every 3 Months');
      const once = await newCycle(as.admin!, { name: 'Move-in Check', frequency: null, every: null, start: null });
      expect(one(once.body).attributes).toMatchObject({ frequency: null, every: null, start: null, occurrence: 'On Demand' });
    });

    it('refuses to add a cycle to users who cannot manage the organization, and in another organization', async () => {
      for (const who of ['manager', 'viewer', 'inspector', 'regional']) {
        const refused = await newCycle(as[who]!, { name: `Refused ${who}` });
        expect(refused.status).toBe(403);
        expect(refused.body.errors![0]!.code).toBe('FORBIDDEN');
      }
      expect((await newCycle(as.orgManager!, { name: 'Elsewhere', organizationId: harbourOrg })).status).toBe(404);
      const names = list((await as.admin!.get(`/cycles?all=true&organizationId=${northwind}`)).body).map((c) => c.attributes.name);
      expect(names.filter((n) => String(n).startsWith('Refused') || n === 'Elsewhere')).toEqual([]);
    });

    it("answers section 5's rules: a name, a name not taken in the organization, every within the frequency's options", async () => {
      const empty = await newCycle(as.admin!, { name: '  ' });
      expect(empty.status).toBe(422);
      expect(empty.body.errors![0]).toMatchObject({ detail: CYCLE_NAME_REQUIRED_MESSAGE, source: { pointer: '/data/attributes/name' } });
      const taken = await newCycle(as.admin!, { name: 'weekly' });
      expect(taken.status).toBe(422);
      expect(taken.body.errors![0]!.detail).toContain(NAME_TAKEN_MESSAGE);
      // The same name is free in another organization.
      expect((await newCycle(as.harbour!, { name: 'Fortnightly Walk', organizationId: harbourOrg })).status).toBe(201);
      for (const [frequency, every] of [['daily', 32], ['weekly', 53], ['monthly', 13], ['yearly', 11]] as const) {
        const wrong = await newCycle(as.admin!, { name: `Wrong ${frequency} ${every}`, frequency, every });
        expect(wrong.status).toBe(422);
        expect(wrong.body.errors![0]).toMatchObject({ detail: everyMessage(frequency), source: { pointer: '/data/attributes/every' } });
      }
      for (const [frequency, every] of [['daily', 31], ['weekly', 52], ['monthly', 12], ['yearly', 10]] as const) {
        expect((await newCycle(as.admin!, { name: `Longest ${frequency}`, frequency, every })).status).toBe(201);
      }
      expect((await newCycle(as.admin!, { name: 'Bad start', start: '2026-02-30' })).body.errors![0]!.source).toEqual({ pointer: '/data/attributes/start' });
      expect((await newCycle(as.admin!, { name: 'No every', every: 0 })).body.errors![0]!.source).toEqual({ pointer: '/data/attributes/every' });
    });

    it("keeps a repeating cycle's name, frequency, every and start, changes its abbreviation, and refuses a stale version", async () => {
      const made = one((await newCycle(as.admin!, { name: 'Locked Cycle' })).body);
      const patch = (who: Client, attributes: Record<string, unknown>) => who.request('PATCH', `/cycles/${made.id}`, cycleBody(attributes));
      const locked = await patch(as.orgManager!, { name: 'Renamed', frequency: 'weekly', every: 2, start: '2026-07-01' });
      expect(locked.status).toBe(422);
      expect(locked.body.errors!.map((e) => e.source?.pointer)).toEqual(['/data/attributes/name', '/data/attributes/frequency', '/data/attributes/every', '/data/attributes/start']);
      expect(locked.body.errors![0]!.detail).toBe(CYCLE_FIELD_LOCKED_MESSAGE);
      // The client sends every attribute back unchanged, with the new abbreviation.
      const changed = await patch(as.orgManager!, { name: 'Locked Cycle', abbreviation: 'LC', frequency: 'daily', every: 1, start: '2026-06-01', version: 1 });
      expect(changed.status).toBe(200);
      expect(one(changed.body).attributes).toMatchObject({ abbreviation: 'LC', version: 2 });
      const stale = await patch(as.admin!, { abbreviation: 'OLD', version: 1 });
      expect(stale.status).toBe(409);
      expect(stale.body.errors![0]).toMatchObject({ code: 'STALE', detail: STALE_EDIT_MESSAGE });
      for (const who of ['manager', 'viewer']) expect((await patch(as[who]!, { abbreviation: 'X' })).status).toBe(403);
      expect((await patch(as.harbour!, { abbreviation: 'X' })).status).toBe(404);
      // A cycle without a start is still being set up: all of it may change.
      const draft = one((await newCycle(as.admin!, { name: 'Draft', frequency: null, every: null, start: null })).body);
      const repeated = await as.admin!.request('PATCH', `/cycles/${draft.id}`, cycleBody({ name: 'Draft Weekly', frequency: 'weekly', every: 1, start: '2026-09-07' }));
      expect(one(repeated.body).attributes).toMatchObject({ name: 'Draft Weekly', occurrence: 'Weekly' });
    });

    it('deletes a cycle without walkabouts and refuses one with walkabouts in the words of section 5', async () => {
      const made = one((await newCycle(as.admin!, { name: 'Short-lived' })).body);
      expect((await as.viewer!.delete(`/cycles/${made.id}`)).status).toBe(403);
      expect((await as.harbour!.delete(`/cycles/${made.id}`)).status).toBe(404);
      expect((await as.orgManager!.delete(`/cycles/${made.id}`)).status).toBe(204);
      expect((await as.admin!.get(`/cycles/${made.id}`)).status).toBe(404);
      const weekly = demo.cycle(northwind, 'Weekly');
      expect(one((await as.admin!.get(`/cycles/${weekly}`)).body).attributes.isDeletable).toBe(false);
      const refused = await as.admin!.delete(`/cycles/${weekly}`);
      expect(refused.status).toBe(422);
      expect(refused.body.errors![0]!.detail).toBe(CYCLE_HAS_WALKABOUTS_MESSAGE);
      expect((await as.admin!.get(`/cycles/${weekly}`)).status).toBe(200);
    });

    it('searches cycle names case-insensitively and takes the text literally (point 7)', async () => {
      for (const name of ['Odd (Weekly)', 'Odd [A]', '100% Check', 'Star*Walk', 'Under_Score', 'Back\\Slash', 'UnderXScore']) {
        expect((await newCycle(as.admin!, { name })).status).toBe(201);
      }
      const search = async (text: string) =>
        list((await as.manager!.get(`/cycles?all=true&organizationId=${northwind}&filter[search]=${encodeURIComponent(text)}`)).body).map((c) => c.attributes.name);
      expect(await search('(week')).toEqual(['Odd (Weekly)']);
      expect(await search('[a')).toEqual(['Odd [A]']);
      expect(await search('%')).toEqual(['100% Check']);
      expect(await search('r*w')).toEqual(['Star*Walk']);
      expect(await search('_')).toEqual(['Under_Score']);
      expect(await search('\\')).toEqual(['Back\\Slash']);
      expect(await search('WEEKLY')).toEqual(expect.arrayContaining(['Weekly', 'Odd (Weekly)']));
      expect(await search('no such cycle')).toEqual([]);
    });
  });

  describe('regions', () => {
    const create = (who: Client, attributes: Record<string, unknown>, organizationId = northwind) =>
      who.post(`/organizations/${organizationId}/regions`, { data: { type: 'regions', attributes } });

    it('adds top-level regions and sub-regions for administrators and organization managers, with level, parentIds and children', async () => {
      const top = await create(as.orgManager!, { name: 'Midtown', parentId: null });
      expect(top.status).toBe(201);
      expect(one(top.body).attributes).toMatchObject({ name: 'Midtown', level: 0, parentIds: [], isDeletable: true, version: 1 });
      expect(top.body.included?.map((r) => r.type)).toEqual(['organizations']);
      const sub = await create(as.admin!, { name: 'Midtown East', parentId: Number(one(top.body).id) });
      expect(one(sub.body).attributes).toMatchObject({ level: 1, parentIds: [Number(one(top.body).id)] });
      const read = await as.viewer!.get(`/organizations/${northwind}/regions/${one(top.body).id}`);
      expect(read.status).toBe(200);
      expect(one(read.body).relationships!.children).toEqual({ data: [{ type: 'regions', id: one(sub.body).id }] });
      expect(one(read.body).attributes.isDeletable).toBe(false);
    });

    it('refuses regions to users who cannot manage the organization, and a region user a top-level region or one outside their region', async () => {
      for (const who of ['manager', 'viewer', 'inspector', 'regional']) expect((await create(as[who]!, { name: 'Nope', parentId: null })).status).toBe(403);
      expect((await create(as.harbour!, { name: 'Nope', parentId: null })).status).toBe(404);
      expect((await create(as.regionManager!, { name: 'Nope', parentId: null })).status).toBe(403);
      const inOwn = await create(as.regionManager!, { name: 'Harbourfront West', parentId: Number(demo.region('Harbourfront')) });
      expect(one(inOwn.body).attributes).toMatchObject({ level: 2, parentIds: [Number(demo.region('Downtown')), Number(demo.region('Harbourfront'))] });
      expect((await create(as.regionManager!, { name: 'Nope', parentId: Number(demo.region('Uptown')) })).status).toBe(422);
      const empty = await create(as.admin!, { name: ' ', parentId: null });
      expect(empty.body.errors![0]).toMatchObject({ detail: REGION_NAME_REQUIRED_MESSAGE, source: { pointer: '/data/attributes/name' } });
      // A region user sees only their region's subtree.
      expect((await as.regionManager!.get(`/organizations/${northwind}/regions/${demo.region('Uptown')}`)).status).toBe(404);
    });

    it('renames a region over its version, and refuses a stale version with 409 STALE', async () => {
      const region = one((await create(as.admin!, { name: 'Old Name', parentId: null })).body);
      const rename = (who: Client, attributes: Record<string, unknown>) => who.request('PATCH', `/regions/${region.id}`, { data: { type: 'regions', attributes } });
      expect((await rename(as.viewer!, { name: 'Viewer' })).status).toBe(403);
      expect((await rename(as.harbour!, { name: 'Harbour' })).status).toBe(404);
      const renamed = await rename(as.orgManager!, { name: 'New Name', version: 1 });
      expect(one(renamed.body).attributes).toMatchObject({ name: 'New Name', version: 2 });
      const stale = await rename(as.admin!, { name: 'Older', version: 1 });
      expect(stale.status).toBe(409);
      expect(stale.body.errors![0]!.code).toBe('STALE');
    });

    it('deletes an unused region, and refuses one in use naming what blocks it', async () => {
      const region = one((await create(as.admin!, { name: 'Temporary', parentId: null })).body);
      const remove = (who: Client, id: string) => who.delete(`/organizations/${northwind}/regions/${id}`);
      expect((await remove(as.viewer!, region.id)).status).toBe(403);
      expect((await remove(as.harbour!, region.id)).status).toBe(404);
      expect((await remove(as.orgManager!, region.id)).status).toBe(204);
      expect((await as.admin!.get(`/organizations/${northwind}/regions/${region.id}`)).status).toBe(404);
      const downtown = await remove(as.admin!, demo.region('Downtown'));
      expect(downtown.status).toBe(422);
      expect(downtown.body.errors![0]!.detail).toBe('Region cannot be deleted because it has sub-regions, users, buildings and reports.');
      expect((await as.admin!.get(`/organizations/${northwind}/regions/${demo.region('Downtown')}`)).status).toBe(200);
    });
    it('refuses a region with any one use on its own, naming it: sub-regions, users, buildings, reports, report booklets', async () => {
      const region = one((await create(as.admin!, { name: 'Single Use', parentId: null })).body);
      const regionId = Number(region.id);
      const remove = (id: string) => as.admin!.delete(`/organizations/${northwind}/regions/${id}`);
      const refusedFor = async (what: string) => {
        const refused = await remove(region.id);
        expect(refused.status).toBe(422);
        expect(refused.body.errors![0]!.detail).toBe(`Region cannot be deleted because it has ${what}.`);
      };
      const child = one((await create(as.admin!, { name: 'Single Use Child', parentId: region.id })).body);
      await refusedFor('sub-regions');
      expect((await remove(child.id)).status).toBe(204);
      // One row of each other kind moved into the region for its check, then back where it was.
      const db = backend.db;
      const uses = [
        { what: 'users', table: schema.users, where: eq(schema.users.username, 'viewer') },
        { what: 'buildings', table: schema.buildings, where: eq(schema.buildings.organizationId, northwind) },
        { what: 'reports', table: schema.reportDefinitions, where: eq(schema.reportDefinitions.organizationId, northwind) },
        { what: 'report booklets', table: schema.reportBookletTemplates, where: eq(schema.reportBookletTemplates.organizationId, northwind) },
      ];
      for (const { what, table, where } of uses) {
        const [row] = await db.select({ id: table.id, regionId: table.regionId }).from(table).where(where).limit(1);
        await db.update(table).set({ regionId }).where(eq(table.id, row!.id));
        await refusedFor(what);
        await db.update(table).set({ regionId: row!.regionId }).where(eq(table.id, row!.id));
      }
      // Nothing uses it any more: it goes.
      expect((await remove(region.id)).status).toBe(204);
    });
  });

  describe('cycle overrides', () => {
    const body = (regionId: string, cycleId: string, attributes: Record<string, unknown>) => ({
      data: { type: 'cycle-overrides', attributes, relationships: { region: { data: { type: 'regions', id: regionId } }, cycle: { data: { type: 'cycles', id: cycleId } } } },
    });

    it('overrides a cycle once per region, describes it, and shows the ancestors’ overrides of the region', async () => {
      const downtown = demo.region('Downtown');
      const harbourfront = demo.region('Harbourfront');
      const monthly = demo.cycle(northwind, 'Monthly');
      const made = await as.orgManager!.post('/cycle-overrides', body(downtown, monthly, { saturday: false, sunday: false, blackoutDates: ['2026-12-25', '2026-12-24'] }));
      expect(made.status).toBe(201);
      expect(one(made.body).attributes).toMatchObject({
        saturday: false,
        monday: true,
        blackoutDates: ['2026-12-24', '2026-12-25'],
        description: 'Skipped: Saturday, Sunday. Blackout Dates: 2026-12-24, 2026-12-25',
        regionName: 'Downtown',
        version: 1,
      });
      const twice = await as.admin!.post('/cycle-overrides', body(downtown, monthly, {}));
      expect(twice.status).toBe(422);
      expect(twice.body.errors![0]!.detail).toBe(CYCLE_ALREADY_OVERRIDDEN_MESSAGE);
      const own = await as.admin!.post('/cycle-overrides', body(harbourfront, monthly, { monday: false }));
      expect(own.status).toBe(201);
      expect(ids((await as.viewer!.get(`/cycle-overrides?filter[region]=${harbourfront}`)).body)).toEqual([one(own.body).id]);
      const withAncestors = list((await as.viewer!.get(`/cycle-overrides?filter[region]=${harbourfront}&filter[ancestors]=true&filter[cycle]=${monthly}`)).body);
      expect(withAncestors.map((o) => o.attributes.regionName).sort()).toEqual(['Downtown', 'Harbourfront']);
      expect((await as.admin!.post('/cycle-overrides', body(downtown, demo.cycle(harbourOrg, 'Monthly'), {}))).status).toBe(422);
      expect((await as.admin!.post('/cycle-overrides', body(downtown, monthly, { blackoutDates: ['tomorrow'] }))).body.errors![0]).toMatchObject({
        detail: BLACKOUT_DATE_MESSAGE,
        source: { pointer: '/data/attributes/blackoutDates' },
      });
    });

    it('lets only administrators and organization managers add, change and delete overrides, over the current version', async () => {
      const uptown = demo.region('Uptown');
      const weekly = demo.cycle(northwind, 'Weekly');
      for (const who of ['manager', 'viewer']) expect((await as[who]!.post('/cycle-overrides', body(uptown, weekly, {}))).status).toBe(403);
      // Uptown is outside the region user's region.
      expect((await as.regionManager!.post('/cycle-overrides', body(uptown, weekly, {}))).status).toBe(404);
      expect((await as.harbour!.post('/cycle-overrides', body(uptown, weekly, {}))).status).toBe(404);
      const made = one((await as.orgManager!.post('/cycle-overrides', body(uptown, weekly, {}))).body);
      const patch = (who: Client, attributes: Record<string, unknown>) => who.request('PATCH', `/cycle-overrides/${made.id}`, { data: { type: 'cycle-override', attributes } });
      expect((await patch(as.viewer!, { friday: false })).status).toBe(403);
      expect((await patch(as.harbour!, { friday: false })).status).toBe(404);
      const changed = await patch(as.orgManager!, { friday: false, blackoutDates: ['2027-01-01'], version: 1 });
      expect(one(changed.body).attributes).toMatchObject({ friday: false, blackoutDates: ['2027-01-01'], version: 2 });
      expect((await patch(as.admin!, { friday: true, version: 1 })).status).toBe(409);
      expect((await as.viewer!.get(`/cycle-overrides/${made.id}`)).status).toBe(200);
      expect((await as.harbour!.get(`/cycle-overrides/${made.id}`)).status).toBe(404);
      expect((await as.viewer!.delete(`/cycle-overrides/${made.id}`)).status).toBe(403);
      expect((await as.admin!.delete(`/cycle-overrides/${made.id}`)).status).toBe(204);
      expect((await as.admin!.get(`/cycle-overrides/${made.id}`)).status).toBe(404);
    });
  });
});
