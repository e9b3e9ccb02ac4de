import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestBackend } from '../src/testing';
import { databases, demoIds, ids, list, one, signedIn, startTestBackend, type Client } from './helpers';

const byName = (body: Parameters<typeof list>[0]) => list(body).map((r) => String(r.attributes.name)).sort();

describe.each(databases)('what each kind of user sees on %s', (database) => {
  let backend: TestBackend;
  let demo: Awaited<ReturnType<typeof demoIds>>;
  const as: Record<string, Client> = {};

  beforeAll(async () => {
    backend = await startTestBackend({ database });
    demo = await demoIds(backend);
    for (const username of ['admin', 'manager', 'regional', 'inspector', 'viewer', 'harbour']) {
      as[username] = await signedIn(backend, username);
    }
  });
  afterAll(() => backend?.close());

  it('shows a region user exactly the buildings of their region and its sub-regions', async () => {
    const expected = ["King Street Commerce Centre", "Queen's Quay Residences"];
    expect(byName((await as.regional!.get('/current-user-buildings')).body)).toEqual(expected);
    expect(byName((await as.regional!.get('/buildings')).body)).toEqual(expected);
    expect((await as.regional!.get(`/buildings/${demo.building('Yonge & Eglinton Tower')}`)).status).toBe(404);
    expect(byName((await as.regional!.get('/regions')).body)).toEqual(['Downtown', 'Harbourfront']);
  });

  it('narrows a user with building permissions to those buildings', async () => {
    expect(byName((await as.inspector!.get('/current-user-buildings')).body)).toEqual([
      'King Street Commerce Centre',
      'Yonge & Eglinton Tower',
    ]);
    expect((await as.inspector!.get(`/buildings/${demo.building("Queen's Quay Residences")}`)).status).toBe(404);
  });

  it("shows an organization user every building of their organization and an administrator everyone's", async () => {
    expect((await as.viewer!.get('/buildings')).body.meta!.total).toBe(5);
    expect((await as.admin!.get('/buildings')).body.meta!.total).toBe(6);
    const harbourOnly = await as.admin!.get(`/buildings?filter[organization]=${demo.harbour}`);
    expect(byName(harbourOnly.body)).toEqual(['Cedar Point Strata (BCS 4127)']);
    expect((await as.admin!.get('/organizations')).body.meta!.total).toBe(2);
  });

  it('filters buildings by region including its sub-regions', async () => {
    const downtown = await as.manager!.get(`/buildings?filter[region]=${demo.region('Downtown')}`);
    expect(byName(downtown.body)).toEqual(["King Street Commerce Centre", "Queen's Quay Residences"]);
    const uptown = await as.regional!.get(`/buildings?filter[region]=${demo.region('Uptown')}`);
    expect(list(uptown.body)).toEqual([]);
  });

  it('gives real floor, location and user counts on buildings', async () => {
    const { body } = await as.manager!.get('/buildings?page[size]=10');
    const get = (name: string) => list(body).find((b) => b.attributes.name === name)!.attributes;
    expect(get("Queen's Quay Residences")).toMatchObject({ floorsCount: 7, locationsCount: 21, usersCount: 3, usersWithNotificationsCount: 1 });
    expect(get('King Street Commerce Centre')).toMatchObject({ floorsCount: 5, locationsCount: 15, usersCount: 4, usersWithNotificationsCount: 1 });
    expect(get('Yonge & Eglinton Tower')).toMatchObject({ floorsCount: 6, locationsCount: 18, usersCount: 3, usersWithNotificationsCount: 0 });
    const floors = await as.manager!.get(`/buildings/${demo.building("Queen's Quay Residences")}/floors`);
    expect(list(floors.body).map((f) => f.attributes.name)).toEqual(['P1', 'Ground', 'Floor 2', 'Floor 3', 'Floor 4', 'Floor 5', 'Floor 6']);
  });

  it('gives every building field of the spec, empty where documents will fill them', async () => {
    const building = one((await as.manager!.get(`/buildings/${demo.building("Queen's Quay Residences")}`)).body).attributes;
    expect(building).toMatchObject({
      organizationName: 'Northwind Property Management',
      organization_id: demo.northwind,
      timeZone: 'America/Toronto',
      hasApplicableWalkaboutConditions: true,
      documentsCount: 0,
      isFireWatchStarted: false,
      fireSafetyPlanId: null,
      contractAccepterUsername: 'manager',
    });
    expect(building.information).toMatchObject({ occupancyType: 'Residential', addressInformation: { City: 'Toronto' } });
    expect((building.buildingOffsets as unknown[]).length).toBe(4);
    expect(building.buildingOffsets).toContainEqual(expect.objectContaining({ cycleName: 'Daily', closeOffsetValue: 6, closeOffsetUnit: 'hour' }));
  });

  it('lets only users with the user-view permission list other users', async () => {
    expect(ids((await as.viewer!.get('/users')).body)).toEqual([demo.user('viewer')]);
    expect((await as.manager!.get('/users')).body.meta!.total).toBe(4);
    expect((await as.viewer!.get(`/users/${demo.user('manager')}`)).status).toBe(404);
    const regional = (await as.regional!.get('/users')).body;
    expect(ids(regional)).toEqual([demo.user('regional')]);
  });

  it('answers the cycle queries of the spec', async () => {
    const names = async (query: string) => list((await as.manager!.get(`/cycles${query}`)).body).map((c) => c.attributes.name);
    expect(await names('?all=true')).toEqual(['Daily', 'Weekly', 'Monthly', 'Yearly', 'Fire Watch', 'Pre-Occupancy Inspection']);
    expect(await names('?filter[repeating]=true')).toEqual(['Daily', 'Weekly', 'Monthly', 'Yearly']);
    expect(await names('?filter[repeating]=false')).toEqual(['Fire Watch', 'Pre-Occupancy Inspection']);
    expect(await names(`?buildingId=${demo.building('King Street Commerce Centre')}`)).toHaveLength(6);
    expect(await names(`?organizationId=${demo.northwind}&page[size]=2`)).toEqual(['Daily', 'Weekly']);
  });

  it('pages lists with meta.total and links', async () => {
    const first = await as.manager!.get('/buildings?page[size]=2');
    expect(list(first.body)).toHaveLength(2);
    expect(first.body.meta!.total).toBe(5);
    expect(first.body.links!.prev).toBeNull();
    expect(first.body.links!.next).toContain('page%5Bnumber%5D=2');
    expect(first.body.links!.last).toContain('page%5Bnumber%5D=3');
    const last = await as.manager!.get('/buildings?page[size]=2&page[number]=3');
    expect(list(last.body)).toHaveLength(1);
    expect(last.body.links!.next).toBeNull();
    const all = [...ids(first.body), ...ids((await as.manager!.get('/buildings?page[size]=2&page[number]=2')).body), ...ids(last.body)];
    expect(new Set(all).size).toBe(5);
    expect((await as.manager!.get('/buildings?page[size]=501')).status).toBe(400);
  });

  it('returns the requested ids with filter[id], as the gateway batches', async () => {
    const wanted = [demo.building('Yonge & Eglinton Tower'), demo.building("Queen's Quay Residences")];
    const { body } = await as.manager!.get(`/buildings?filter[id]=${wanted.join(',')}`);
    expect(ids(body).sort()).toEqual([...wanted].sort());
    expect((await as.manager!.get(`/regions?filter[id]=${demo.region('Uptown')}`)).body.meta!.total).toBe(1);
  });

  it('adds the related records asked for with include', async () => {
    const { body } = await as.manager!.get('/buildings?include=organization,region,fireWatchCycle');
    const types = new Set(body.included!.map((r) => r.type));
    expect(types).toEqual(new Set(['organizations', 'regions', 'cycles']));
    expect(body.included!.find((r) => r.type === 'cycles')!.attributes.name).toBe('Fire Watch');
    const regions = await as.manager!.get(`/regions?filter[id]=${demo.region('Harbourfront')}&include=parent,organization`);
    expect(regions.body.included!.map((r) => `${r.type}:${r.attributes.name}`).sort()).toEqual([
      'organizations:Northwind Property Management',
      'regions:Downtown',
    ]);
    const bad = await as.manager!.get('/buildings?include=walkabouts');
    expect(bad.status).toBe(400);
    expect(bad.body.errors![0]!.source).toEqual({ parameter: 'include' });
    expect(bad.body.errors![0]!.code).toBe('BAD_REQUEST');
  });

  it("brings the cycles of the buildings' statuses with include=statusCycles, and the caller's organization and region to GET /users/me", async () => {
    const { body } = await as.manager!.get('/buildings?include=statusCycles');
    expect(body.included!.every((r) => r.type === 'cycles')).toBe(true);
    const wanted = new Set<string>();
    for (const building of list(body)) {
      const cycleIds = [...new Set((building.attributes.statuses as Array<{ cycleId: number }>).map((status) => String(status.cycleId)))];
      expect((building.relationships!.statusCycles as { data: Array<{ type: string; id: string }> }).data).toEqual(cycleIds.map((id) => ({ type: 'cycles', id })));
      for (const id of cycleIds) wanted.add(id);
    }
    expect(wanted.size).toBeGreaterThan(0);
    expect(body.included!.map((r) => r.id).sort()).toEqual([...wanted].sort());
    const me = await as.regional!.get('/users/me?include=organization,region');
    expect(me.status).toBe(200);
    expect(me.body.included!.map((r) => `${r.type}:${r.attributes.name}`).sort()).toEqual(['organizations:Northwind Property Management', 'regions:Downtown']);
    expect((await as.regional!.get('/users/me')).body.included).toBeUndefined();
    expect((await as.regional!.get('/users/me?include=roles')).status).toBe(400);
  });

  it('describes the region tree with parentIds, level and children', async () => {
    const { body } = await as.manager!.get('/regions');
    const harbourfront = list(body).find((r) => r.attributes.name === 'Harbourfront')!.attributes;
    expect(harbourfront).toMatchObject({ parentIds: [Number(demo.region('Downtown'))], level: 1, isDeletable: false });
    const downtown = list(body).find((r) => r.attributes.name === 'Downtown')!.attributes;
    expect(downtown.children_ids).toEqual([Number(demo.region('Harbourfront'))]);
    expect(downtown.cycleOverrides).toEqual([expect.objectContaining({ saturday: true, monday: true, blackoutDates: ['2026-01-01', '2026-07-01', '2026-12-25'] })]);
    const top = await as.manager!.get('/regions?filter[parent]=null');
    expect(byName(top.body)).toEqual(['Downtown', 'Uptown']);
  });
});
