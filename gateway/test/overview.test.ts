/**
 * The overview dashboards through the gateway over the real backend (issue 13 point 3; admin-organizations-buildings.md
 * sections 2-7): Organization.overview with its totals, percentages rounded to 3 decimals (0 when the total is 0) and
 * paged buildings, the filters, Building.overview, the cross-linked overviewFilters, one REST call per overview, and
 * the section 6 refusal as FORBIDDEN.
 */
import { overviewPercentage } from '@fsi/shared/overview';
import { and, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@fsi/backend/testing';
import { callersOf, startStack, type Stack } from './stack';

let stack: Stack;
const tokens: Record<string, string> = {};
let northwind = '';
let harbour = '';
let king = '';

const { run, ok } = callersOf(() => stack, tokens);

const counts = 'total satisfactory unsatisfactory notApplicable incomplete unscanned satisfactoryPercentage unsatisfactoryPercentage notApplicablePercentage incompletePercentage unscannedPercentage';
const overviewFields = `counts { ${counts} } buildingsCount page pageSize buildings { buildingId name counts { ${counts} } equipment { equipmentTypeId name cycles { cycleId name status walkaboutId entries { ${counts} } } } }`;
const organizationOverview = `query ($id: ID!, $filter: OverviewFilter, $page: Int, $size: Int) { organization(id: $id) { id overview(filter: $filter, page: $page, pageSize: $size) { ${overviewFields} } } }`;
const buildingOverview = `query ($id: ID!, $filter: OverviewFilter) { building(id: $id) { id overview(filter: $filter) { ${overviewFields} } overviewFilters { buildings { buildingId } equipment { equipmentTypeId buildingIds } } } }`;
const filtersQuery = `query ($id: ID!) { organization(id: $id) { id overviewFilters {
  users { userId name username buildingIds } buildings { buildingId name regionId userIds equipmentTypeIds }
  regions { regionId name parentId buildingIds } cycles { cycleId name equipmentTypeIds }
  equipment { equipmentTypeId name aliasName status buildingIds cycleIds components { componentId name } } } } }`;

type Counts = Record<'total' | 'satisfactory' | 'unsatisfactory' | 'notApplicable' | 'incomplete' | 'unscanned', number> &
  Record<'satisfactoryPercentage' | 'unsatisfactoryPercentage' | 'notApplicablePercentage' | 'incompletePercentage' | 'unscannedPercentage', number>;
type OverviewBuilding = { buildingId: string; name: string; counts: Counts; equipment: Array<{ equipmentTypeId: string; name: string; cycles: Array<{ cycleId: string; name: string; status: string; walkaboutId: string; entries: Counts }> }> };
type Overview = { counts: Counts; buildingsCount: number; page: number; pageSize: number; buildings: OverviewBuilding[] };

function expectPercentages(c: Counts) {
  expect(c.satisfactoryPercentage).toBe(overviewPercentage(c.satisfactory, c.total));
  expect(c.unsatisfactoryPercentage).toBe(overviewPercentage(c.unsatisfactory, c.total));
  expect(c.notApplicablePercentage).toBe(overviewPercentage(c.notApplicable, c.total));
  expect(c.incompletePercentage).toBe(overviewPercentage(c.incomplete, c.total));
  expect(c.unscannedPercentage).toBe(overviewPercentage(c.unscanned, c.total));
  for (const key of ['satisfactoryPercentage', 'unscannedPercentage'] as const) expect(Math.round(c[key] * 1000) / 1000).toBe(c[key]);
}

beforeAll(async () => {
  stack = await startStack();
  for (const username of ['admin', 'manager', 'viewer', 'harbour']) tokens[username] = await stack.signIn(username);
  const { organizations } = await ok<{ organizations: { nodes: Array<{ id: string; name: string }> } }>('{ organizations { nodes { id name } } }', {}, 'admin');
  northwind = organizations.nodes.find((o) => o.name.startsWith('Northwind'))!.id;
  harbour = organizations.nodes.find((o) => o.name.startsWith('Harbour'))!.id;
  const { buildings } = await ok<{ buildings: { nodes: Array<{ id: string; name: string }> } }>('{ buildings(pageSize: 100) { nodes { id name } } }', {}, 'admin');
  king = buildings.nodes.find((b) => b.name === 'King Street Commerce Centre')!.id;
  // One entry of King Street answered as unsatisfactory, one as satisfactory: three states to count.
  const db = stack.backend.db;
  const entries = await db.select({ id: schema.entries.id }).from(schema.entries).innerJoin(schema.walkabouts, eq(schema.walkabouts.id, schema.entries.walkaboutId)).where(eq(schema.walkabouts.buildingId, Number(king)));
  const [bad, good] = entries;
  await db.update(schema.conditions).set({ value: false, satisfaction: 'unsatisfactory' }).where(eq(schema.conditions.entryId, bad!.id));
  await db.update(schema.conditions).set({ value: true, satisfaction: 'satisfactory' }).where(eq(schema.conditions.entryId, good!.id));
});
afterAll(() => stack?.close());

describe('overview dashboards through GraphQL', () => {
  it('answers the organization overview with totals, percentages rounded to 3 decimals and a page of buildings, in one REST call', async () => {
    const before = stack.restCalls.length;
    const { organization } = await ok<{ organization: { overview: Overview } }>(organizationOverview, { id: northwind, size: 2 }, 'manager');
    const counterCalls = stack.restCalls.slice(before).filter((c) => c.path.includes('state-counters'));
    expect(counterCalls).toHaveLength(1);
    const overview = organization.overview;
    expect(overview.page).toBe(1);
    expect(overview.pageSize).toBe(2);
    expect(overview.buildings).toHaveLength(2);
    expect(overview.buildingsCount).toBeGreaterThan(2);
    expect(overview.counts.total).toBeGreaterThan(0);
    expect(overview.counts.total).toBe(overview.counts.satisfactory + overview.counts.unsatisfactory + overview.counts.notApplicable + overview.counts.incomplete + overview.counts.unscanned);
    expectPercentages(overview.counts);
    for (const b of overview.buildings) {
      expectPercentages(b.counts);
      for (const e of b.equipment) for (const c of e.cycles) expectPercentages(c.entries);
    }
    const all = (await ok<{ organization: { overview: Overview } }>(organizationOverview, { id: northwind, size: 500 }, 'manager')).organization.overview;
    const second = (await ok<{ organization: { overview: Overview } }>(organizationOverview, { id: northwind, size: 2, page: 2 }, 'manager')).organization.overview;
    expect(second.buildings.map((b) => b.buildingId)).toEqual(all.buildings.slice(2, 4).map((b) => b.buildingId));
    expect(second.counts).toEqual(overview.counts);
  });

  it('narrows by building, cycle, completeness and equipment, and gives 0 percentages when nothing matches', async () => {
    // One unsatisfactory and one satisfactory equipment in King Street's current walkabout, whatever the hour: after
    // midnight in the demo's zone a new daily walkabout opens, with nothing recorded yet.
    const db = stack.backend.db;
    const [current] = await db
      .select({ id: schema.walkabouts.id })
      .from(schema.walkabouts)
      .innerJoin(schema.entries, eq(schema.entries.walkaboutId, schema.walkabouts.id))
      .where(and(eq(schema.walkabouts.buildingId, Number(king)), eq(schema.walkabouts.isFireWatch, false), lte(schema.walkabouts.openedAt, new Date()), or(isNull(schema.walkabouts.closedAt), gt(schema.walkabouts.closedAt, new Date()))))
      .groupBy(schema.walkabouts.id)
      .having(sql`count(*) >= 2`)
      .orderBy(desc(schema.walkabouts.openedAt), desc(schema.walkabouts.id))
      .limit(1);
    const [failed, passed] = await db.select({ id: schema.entries.id }).from(schema.entries).where(eq(schema.entries.walkaboutId, current!.id)).orderBy(schema.entries.id).limit(2);
    const [first] = await db.select({ id: schema.conditions.id }).from(schema.conditions).where(eq(schema.conditions.entryId, failed!.id)).limit(1);
    await db.update(schema.conditions).set({ value: 'no', satisfaction: 'unsatisfactory' }).where(eq(schema.conditions.id, first!.id));
    await db.update(schema.conditions).set({ value: 'yes', satisfaction: 'satisfactory' }).where(eq(schema.conditions.entryId, passed!.id));
    const { building } = await ok<{ building: { overview: Overview; overviewFilters: { buildings: Array<{ buildingId: string }>; equipment: Array<{ equipmentTypeId: string; buildingIds: string[] }> } } }>(
      buildingOverview,
      { id: king },
      'manager',
    );
    expect(building.overview.buildings.map((b) => b.buildingId)).toEqual([king]);
    expect(building.overview.counts.unsatisfactory).toBeGreaterThanOrEqual(1);
    expect(building.overview.counts.satisfactory).toBeGreaterThanOrEqual(1);
    expect(building.overviewFilters.buildings.map((b) => b.buildingId)).toEqual([king]);
    const [type] = building.overview.buildings[0]!.equipment;
    const [cycle] = type!.cycles;
    const narrowed = await ok<{ building: { overview: Overview } }>(buildingOverview, { id: king, filter: { cycleIds: [cycle!.cycleId], equipment: [{ equipmentTypeId: type!.equipmentTypeId }] } }, 'manager');
    const row = narrowed.building.overview.buildings[0]!;
    expect(row.equipment.map((e) => e.equipmentTypeId)).toEqual([type!.equipmentTypeId]);
    expect(row.equipment[0]!.cycles.map((c) => c.cycleId)).toEqual([cycle!.cycleId]);
    expect(narrowed.building.overview.counts.total).toBe(cycle!.entries.total);

    const statuses = await ok<{ organization: { overview: Overview } }>(organizationOverview, { id: northwind, size: 500, filter: { walkaboutStatuses: ['COMPLETE'] } }, 'manager');
    for (const b of statuses.organization.overview.buildings) for (const e of b.equipment) for (const c of e.cycles) expect(c.status).toBe('COMPLETE');

    const nothing = await ok<{ organization: { overview: Overview } }>(organizationOverview, { id: northwind, filter: { buildingIds: ['no-such-building'] } }, 'manager');
    expect(nothing.organization.overview.buildings).toEqual([]);
    expect(nothing.organization.overview.counts).toEqual({
      total: 0, satisfactory: 0, unsatisfactory: 0, notApplicable: 0, incomplete: 0, unscanned: 0,
      satisfactoryPercentage: 0, unsatisfactoryPercentage: 0, notApplicablePercentage: 0, incompletePercentage: 0, unscannedPercentage: 0,
    });
  });

  it('answers the cross-linked filter data', async () => {
    type Filters = {
      users: Array<{ username: string; buildingIds: string[] }>;
      buildings: Array<{ buildingId: string; regionId: string | null; userIds: string[]; equipmentTypeIds: string[] }>;
      regions: Array<{ regionId: string; name: string; buildingIds: string[] }>;
      cycles: Array<{ name: string; equipmentTypeIds: string[] }>;
      equipment: Array<{ equipmentTypeId: string; name: string; buildingIds: string[]; cycleIds: string[]; components: Array<{ name: string }> }>;
    };
    const { organization } = await ok<{ organization: { overviewFilters: Filters } }>(filtersQuery, { id: northwind }, 'manager');
    const f = organization.overviewFilters;
    expect(f.buildings.map((b) => b.buildingId)).toContain(king);
    expect(f.users.find((u) => u.username === 'inspector')!.buildingIds).toContain(king);
    expect(f.equipment.find((e) => e.name === 'Fire Pump')!.components.map((c) => c.name)).toEqual(['Driver', 'Controller', 'Jockey Pump']);
    for (const region of f.regions) for (const id of region.buildingIds) expect(f.buildings.map((b) => b.buildingId)).toContain(id);
    for (const cycle of f.cycles) for (const id of cycle.equipmentTypeIds) expect(f.equipment.map((e) => e.equipmentTypeId)).toContain(id);
  });

  it('lets an administrator see any organization, and refuses users without an overview permission with FORBIDDEN', async () => {
    const admin = await ok<{ organization: { overview: Overview } }>(organizationOverview, { id: harbour }, 'admin');
    expect(admin.organization.overview.buildingsCount).toBeGreaterThan(0);
    const viewer = await run(organizationOverview, { id: northwind }, 'viewer');
    expect(viewer.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const filters = await run(filtersQuery, { id: northwind }, 'viewer');
    expect(filters.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const other = await run<{ organization: unknown }>(organizationOverview, { id: northwind }, 'harbour');
    expect(other.data?.organization ?? null).toBeNull();
  });
});
