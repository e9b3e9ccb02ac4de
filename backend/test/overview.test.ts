/**
 * The overview dashboards (issue 13 point 3; admin-organizations-buildings.md sections 2 to 7): the entry state
 * counters of each building's current walkabouts (one entry in each state, counted where it belongs), the filters of
 * entry-filtered-state-counters (buildings, cycles, walkabout completeness, equipment types and components), the
 * cross-linked filter data, paging, and who may see what (section 6): administrators any organization, overview users
 * their organization narrowed to their buildings, others refused.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema, type TestBackend } from '../src/testing';
import { databases, demoIds, list, one, signedIn, startTestBackend, type Client, type JsonApiResource } from './helpers';

const KING = 'King Street Commerce Centre';
type Counters = { total: number; satisfactory: number; unsatisfactory: number; not_applicable: number; incomplete: number; unscanned: number };
type CycleCounters = { id: number; name: string; status: string; walkabout_id: number; entries: Counters };
type EquipmentCounters = { id: number; name: string; cycles: CycleCounters[] };

describe.each(databases)('overview dashboards on %s', (database) => {
  let backend: TestBackend;
  let demo: Awaited<ReturnType<typeof demoIds>>;
  let king: string;
  let monthly: string;
  let weekly: string;
  let monthlyWalkabout: number;
  let weeklyWalkabout: number;
  /** The five entries of the Monthly walkabout given a state, and their types. */
  let crafted: Array<{ id: number; equipmentTypeId: number }> = [];
  const as: Record<string, Client> = {};

  const counters = (who: Client, organization: number | string, query = '') => who.get(`/organizations/${organization}/entry-state-counters${query}`);
  const filtered = (who: Client, organization: number | string, body: Record<string, unknown>, query = '') =>
    who.post(`/organizations/${organization}/entry-filtered-state-counters${query}`, body);
  const metaCounters = (body: { meta?: Record<string, unknown> }) => body.meta!.counters as Counters;

  beforeAll(async () => {
    backend = await startTestBackend({ database });
    demo = await demoIds(backend);
    king = demo.building(KING);
    monthly = demo.cycle(demo.northwind, 'Monthly');
    weekly = demo.cycle(demo.northwind, 'Weekly');
    monthlyWalkabout = Number(await demo.walkabout(KING, 'Monthly'));
    weeklyWalkabout = Number(await demo.walkabout(KING, 'Weekly'));
    for (const username of ['admin', 'manager', 'regional', 'inspector', 'viewer', 'harbour']) as[username] = await signedIn(backend, username);

    // A clean slate at King Street's Monthly walkabout, then five entries with two or more conditions given a state each.
    const db = backend.db;
    await db.update(schema.entries).set({ scannedAt: null }).where(eq(schema.entries.walkaboutId, monthlyWalkabout));
    await db.update(schema.conditions).set({ value: null, satisfaction: 'neutral' }).where(eq(schema.conditions.walkaboutId, monthlyWalkabout));
    const withConditions = await db
      .select({ id: schema.entries.id, equipmentTypeId: schema.entries.equipmentTypeId, count: sql<number>`count(*)::int` })
      .from(schema.entries)
      .innerJoin(schema.conditions, eq(schema.conditions.entryId, schema.entries.id))
      .where(eq(schema.entries.walkaboutId, monthlyWalkabout))
      .groupBy(schema.entries.id)
      .having(sql`count(*) >= 2`)
      .orderBy(asc(schema.entries.id));
    expect(withConditions.length).toBeGreaterThanOrEqual(5);
    crafted = withConditions.slice(0, 5).map(({ id, equipmentTypeId }) => ({ id, equipmentTypeId }));
    const [satisfactory, unsatisfactory, incomplete, notApplicable, scannedOnly] = crafted.map((e) => e.id) as [number, number, number, number, number];
    const conditionsOf = async (entryId: number) =>
      (await db.select({ id: schema.conditions.id }).from(schema.conditions).where(eq(schema.conditions.entryId, entryId)).orderBy(asc(schema.conditions.id))).map((c) => c.id);
    const answer = (ids: number[], value: unknown, satisfaction: 'satisfactory' | 'unsatisfactory' | 'neutral') =>
      db.update(schema.conditions).set({ value: value as never, satisfaction }).where(inArray(schema.conditions.id, ids));
    await answer(await conditionsOf(satisfactory), true, 'satisfactory');
    const failing = await conditionsOf(unsatisfactory);
    await answer(failing.slice(0, 1), false, 'unsatisfactory');
    await answer(failing.slice(1), true, 'satisfactory');
    await answer((await conditionsOf(incomplete)).slice(0, 1), true, 'satisfactory');
    await answer(await conditionsOf(notApplicable), 'na', 'neutral');
    await db.update(schema.entries).set({ scannedAt: new Date() }).where(eq(schema.entries.id, scannedOnly));
    // Every condition of King Street's Weekly walkabout answered: a complete walkabout.
    await db.update(schema.conditions).set({ value: true, satisfaction: 'satisfactory' }).where(eq(schema.conditions.walkaboutId, weeklyWalkabout));
  });
  afterAll(() => backend?.close());

  async function entriesOf(walkaboutId: number) {
    const rows = await backend.db
      .select({ id: schema.entries.id, equipmentTypeId: schema.entries.equipmentTypeId })
      .from(schema.entries)
      .innerJoin(schema.locations, eq(schema.locations.id, schema.entries.locationId))
      .where(and(eq(schema.entries.walkaboutId, walkaboutId), sql`${schema.locations.deletedAt} is null`));
    return rows;
  }

  it('counts each entry of the current Monthly walkabout by its state', async () => {
    const answer = await filtered(as.manager!, demo.northwind, { building_ids: [Number(king)], walkabout_cycle_ids: [Number(monthly)] });
    expect(answer.status).toBe(200);
    const total = (await entriesOf(monthlyWalkabout)).length;
    expect(metaCounters(answer.body)).toEqual({ total, satisfactory: 1, unsatisfactory: 1, incomplete: 2, not_applicable: 1, unscanned: total - 5 });
    const [building] = list(answer.body);
    expect(building!.id).toBe(king);
    expect(building!.attributes).toMatchObject({ name: KING, counters: metaCounters(answer.body) });
    const cycles = (building!.attributes.equipments as EquipmentCounters[]).flatMap((e) => e.cycles);
    expect(new Set(cycles.map((c) => c.name))).toEqual(new Set(['Monthly']));
    expect(cycles.every((c) => c.walkabout_id === monthlyWalkabout && c.status === 'incomplete')).toBe(true);
    expect(cycles.reduce((sum, c) => sum + c.entries.total, 0)).toBe(total);
  });

  it('narrows to the chosen equipment types and to one component of a type', async () => {
    const [first] = crafted;
    const ofType = (await entriesOf(monthlyWalkabout)).filter((e) => e.equipmentTypeId === first!.equipmentTypeId).length;
    const answer = await filtered(as.manager!, demo.northwind, {
      building_ids: [king],
      walkabout_cycle_ids: [monthly],
      equipment_ids: [{ id: first!.equipmentTypeId, componentId: null }],
    });
    expect(answer.status).toBe(200);
    expect(metaCounters(answer.body).total).toBe(ofType);
    const equipments = list(answer.body)[0]!.attributes.equipments as EquipmentCounters[];
    expect(equipments.map((e) => e.id)).toEqual([first!.equipmentTypeId]);

    // A component: only its entries count, by its own conditions.
    const [section] = await backend.db
      .select({ componentId: schema.sections.componentId, equipmentTypeId: schema.sections.equipmentTypeId })
      .from(schema.sections)
      .where(and(eq(schema.sections.walkaboutId, monthlyWalkabout), sql`${schema.sections.componentId} is not null`))
      .limit(1);
    expect(section).toBeDefined();
    const withComponent = await backend.db
      .selectDistinct({ entryId: schema.sections.entryId })
      .from(schema.sections)
      .innerJoin(schema.conditions, eq(schema.conditions.sectionId, schema.sections.id))
      .where(and(eq(schema.sections.walkaboutId, monthlyWalkabout), eq(schema.sections.componentId, section!.componentId!)));
    const byComponent = await filtered(as.manager!, demo.northwind, {
      building_ids: [king],
      walkabout_cycle_ids: [monthly],
      equipment_ids: [{ id: section!.equipmentTypeId, componentId: section!.componentId }],
    });
    expect(metaCounters(byComponent.body).total).toBe(withComponent.length);
  });

  it('says whether each cycle is complete, and filters by walkabout completeness', async () => {
    const both = list((await filtered(as.manager!, demo.northwind, { building_ids: [king], walkabout_cycle_ids: [monthly, weekly] })).body)[0]!;
    const cycles = (both.attributes.equipments as EquipmentCounters[]).flatMap((e) => e.cycles);
    expect(new Set(cycles.filter((c) => c.name === 'Weekly').map((c) => c.status))).toEqual(new Set(['complete']));
    expect(new Set(cycles.filter((c) => c.name === 'Monthly').map((c) => c.status))).toEqual(new Set(['incomplete']));

    const complete = await filtered(as.manager!, demo.northwind, { building_ids: [king], walkabout_cycle_ids: [monthly, weekly], walkabout_types: ['complete'] });
    const weeklyTotal = (await entriesOf(weeklyWalkabout)).length;
    expect(metaCounters(complete.body)).toEqual({ total: weeklyTotal, satisfactory: weeklyTotal, unsatisfactory: 0, incomplete: 0, not_applicable: 0, unscanned: 0 });
    const incomplete = await filtered(as.manager!, demo.northwind, { building_ids: [king], walkabout_cycle_ids: [monthly, weekly], walkabout_types: ['incomplete'] });
    expect(metaCounters(incomplete.body).total).toBe((await entriesOf(monthlyWalkabout)).length);
  });

  it('totals every building, and each building its types and cycles', async () => {
    const answer = await counters(as.manager!, demo.northwind, '?page[size]=500');
    expect(answer.status).toBe(200);
    const buildings = list(answer.body);
    expect(buildings.map((b) => b.id).sort()).toEqual([...demo.byOrganization(demo.northwind).buildings].sort());
    const sum = (rows: Counters[]) =>
      rows.reduce((acc, c) => Object.fromEntries(Object.entries(acc).map(([k, v]) => [k, v + c[k as keyof Counters]])) as Counters, {
        total: 0, satisfactory: 0, unsatisfactory: 0, not_applicable: 0, incomplete: 0, unscanned: 0,
      });
    expect(sum(buildings.map((b) => b.attributes.counters as Counters))).toEqual(metaCounters(answer.body));
    for (const b of buildings) {
      const cycles = (b.attributes.equipments as EquipmentCounters[]).flatMap((e) => e.cycles.map((c) => c.entries));
      expect(sum(cycles)).toEqual(b.attributes.counters);
    }
    expect(metaCounters(answer.body).total).toBeGreaterThan(0);
  });

  it('pages the buildings by order with links, keeping the totals of all of them', async () => {
    const all = await counters(as.manager!, demo.northwind, '?page[size]=500');
    const first = await counters(as.manager!, demo.northwind, '?page[size]=1');
    const second = await counters(as.manager!, demo.northwind, '?page[size]=1&page[number]=2');
    expect(first.body.meta).toEqual(all.body.meta);
    expect(list(first.body).map((b) => b.id)).toEqual([list(all.body)[0]!.id]);
    expect(list(second.body).map((b) => b.id)).toEqual([list(all.body)[1]!.id]);
    expect(first.body.links!.next).toContain('page%5Bnumber%5D=2');
    expect(first.body.links!.prev).toBeNull();
  });

  it('answers the cross-linked filter data of the organization and of a building', async () => {
    const answer = await as.manager!.get(`/organizations/${demo.northwind}/overview-filters`);
    expect(answer.status).toBe(200);
    const data = one(answer.body).attributes as {
      users: Array<{ id: number; username: string; building_ids: number[] }>;
      buildings: Array<{ id: number; region_id: number | null; user_ids: number[]; equipment_ids: number[] }>;
      regions: Array<{ id: number; name: string; building_ids: number[] }>;
      cycles: Array<{ id: number; name: string; equipment_ids: number[] }>;
      equipments: Array<{ id: number; name: string; building_ids: number[]; components: Array<{ name: string }> }>;
    };
    expect(data.buildings.map((b) => String(b.id)).sort()).toEqual([...demo.byOrganization(demo.northwind).buildings].sort());
    const inspector = data.users.find((u) => u.username === 'inspector')!;
    expect(inspector.building_ids.map(String).sort()).toEqual([demo.building(KING), demo.building('Yonge & Eglinton Tower')].sort());
    const kingRow = data.buildings.find((b) => String(b.id) === king)!;
    expect(kingRow.user_ids).toContain(inspector.id);
    const downtown = data.regions.find((r) => r.name === 'Downtown')!;
    const inDowntown = data.buildings.filter((b) => b.region_id !== null && downtown.building_ids.includes(b.id));
    expect(downtown.building_ids.length).toBe(inDowntown.length);
    expect(downtown.building_ids.length).toBeGreaterThan(0);
    const lighting = data.equipments.find((e) => e.name === 'Emergency Lighting')!;
    expect(lighting.components.map((c) => c.name)).toEqual(['Battery Unit', 'Remote Heads']);
    // A type's implicit component (a type without components keeps its task groups there) is no filter.
    expect(data.equipments.find((e) => e.name === 'Portable Fire Extinguisher')!.components).toEqual([]);
    for (const e of data.equipments) for (const b of e.building_ids) expect(data.buildings.find((x) => x.id === b)!.equipment_ids).toContain(e.id);
    expect(data.cycles.map((c) => c.name)).toContain('Monthly');

    const ofBuilding = await as.manager!.get(`/buildings/${king}/overview-filters`);
    expect(ofBuilding.status).toBe(200);
    const narrowed = one(ofBuilding.body).attributes as typeof data;
    expect(narrowed.buildings.map((b) => String(b.id))).toEqual([king]);
    expect(narrowed.equipments.every((e) => e.building_ids.map(String).join() === king)).toBe(true);
    expect(narrowed.users.map((u) => u.username)).toContain('inspector');
  });

  it('lets an administrator see any organization and overview users their own', async () => {
    expect((await counters(as.admin!, demo.harbour)).status).toBe(200);
    expect((await as.admin!.get(`/organizations/${demo.harbour}/overview-filters`)).status).toBe(200);
    expect((await counters(as.harbour!, demo.harbour)).status).toBe(200);
    expect((await counters(as.manager!, demo.northwind)).status).toBe(200);
  });

  it('narrows a region user to the buildings of their region, even when asked for others', async () => {
    const mine = await backend.db.select({ id: schema.buildings.id }).from(schema.buildings).where(eq(schema.buildings.regionId, Number(demo.region('Downtown'))));
    const regionIds = (await backend.db.select({ id: schema.regions.id, parentId: schema.regions.parentId }).from(schema.regions)).filter(
      (r) => r.parentId === Number(demo.region('Downtown')),
    );
    const sub = regionIds.length
      ? await backend.db.select({ id: schema.buildings.id }).from(schema.buildings).where(inArray(schema.buildings.regionId, regionIds.map((r) => r.id)))
      : [];
    const expected = [...mine, ...sub].map((b) => String(b.id)).sort();
    const answer = await counters(as.regional!, demo.northwind, '?page[size]=500');
    expect(answer.status).toBe(200);
    expect(list(answer.body).map((b: JsonApiResource) => b.id).sort()).toEqual(expected);
    const outside = demo.byOrganization(demo.northwind).buildings.find((id) => !expected.includes(id))!;
    const asked = await filtered(as.regional!, demo.northwind, { building_ids: [outside] });
    expect(list(asked.body)).toEqual([]);
    expect(metaCounters(asked.body).total).toBe(0);
    const filters = one((await as.regional!.get(`/organizations/${demo.northwind}/overview-filters`)).body).attributes as { buildings: Array<{ id: number }> };
    expect(filters.buildings.map((b) => String(b.id)).sort()).toEqual(expected);
    expect((await as.regional!.get(`/buildings/${outside}/overview-filters`)).status).toBe(404);
  });

  it('refuses users without an overview permission, and another organization finds nothing', async () => {
    for (const who of ['inspector', 'viewer']) {
      for (const answer of [
        await counters(as[who]!, demo.northwind),
        await filtered(as[who]!, demo.northwind, {}),
        await as[who]!.get(`/organizations/${demo.northwind}/overview-filters`),
        await as[who]!.get(`/buildings/${king}/overview-filters`),
      ]) {
        expect(answer.status).toBe(403);
        expect(answer.body.errors![0]!.code).toBe('FORBIDDEN');
      }
    }
    expect((await counters(as.harbour!, demo.northwind)).status).toBe(404);
    expect((await filtered(as.harbour!, demo.northwind, { building_ids: [king] })).status).toBe(404);
    expect((await as.harbour!.get(`/organizations/${demo.northwind}/overview-filters`)).status).toBe(404);
    expect((await as.harbour!.get(`/buildings/${king}/overview-filters`)).status).toBe(404);
  });
});
