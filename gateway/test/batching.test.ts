/**
 * DataLoaders batch each relationship into one REST call per type and level:
 * a buildings query with nested relationships costs the same number of REST
 * calls for 1 building as for 50. The 50 buildings are spread over ten regions
 * (each with a parent and a sub-region) of a new organization with its cycles.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema, seed } from '@fsi/backend/testing';
import { startStack, type Stack } from './stack';

let stack: Stack;
let token: string;
let organizationId: string;

const MIDDLE_REGIONS = 10;
const BUILDINGS = 50;

beforeAll(async () => {
  stack = await startStack();
  const organization = await seed(stack.backend.db).organization('Batching Property Group', (o) => {
    o.region('North').region('South');
    for (let r = 0; r < MIDDLE_REGIONS; r += 1) {
      o.region(`District ${r}`, { parent: r % 2 ? 'North' : 'South' }).region(`Block ${r}`, { parent: `District ${r}` });
    }
    o.cycle('Daily', { frequency: 'daily' }).cycle('Weekly', { frequency: 'weekly' }).cycle('Monthly', { frequency: 'monthly' });
    o.cycle('Fire Watch', { frequency: null });
    for (let b = 0; b < BUILDINGS; b += 1) {
      o.building(`Tower ${String(b).padStart(2, '0')}`, { region: `District ${b % MIDDLE_REGIONS}` });
    }
    return o;
  });
  organizationId = String(organization.id);
  token = await stack.signIn('admin');
  // A completed walkabout report of each building's Weekly cycle, as the latest reports show them.
  await stack.backend.db.insert(schema.generatedReports).values(
    Object.entries(organization.buildings).map(([name, buildingId]) => ({
      kind: 'walkabout' as const,
      sourceKey: `batching:${buildingId}`,
      buildingId: buildingId!,
      cycleId: organization.cycles.Weekly!,
      name: `${name} weekly report`,
      status: 'ready' as const,
      uploadKey: `batching-report-${buildingId}`.padEnd(24, '0') + '.pdf',
      isInterim: false,
    })),
  );
});

afterAll(async () => {
  await stack?.close();
});

const buildingsQuery = `query Buildings($organizationId: ID, $pageSize: Int!) {
  buildings(organizationId: $organizationId, pageSize: $pageSize) {
    pageInfo { totalCount }
    nodes {
      id name
      organization { id name regions { id name children { id name } } }
      region { id name parent { id name } children { id name } }
      fireWatchCycle { id name }
      buildingOffsets { openOffsetValue openOffsetUnit cycle { id name frequency organization { id name } } }
      statuses { isLastWalkaboutComplete cycle { id name } }
    }
  }
}`;

async function restCallsFor(pageSize: number) {
  const before = stack.restCalls.length;
  const { body } = await stack.graphql<{ buildings: { nodes: Array<{ region: { parent: unknown; children: unknown[] } }> } }>(buildingsQuery, {
    variables: { organizationId, pageSize },
    token,
  });
  expect(body.errors).toBeUndefined();
  expect(body.data?.buildings.nodes).toHaveLength(pageSize);
  // Every building has the full shape, so both queries walk every level.
  expect(body.data?.buildings.nodes.every((b) => b.region.parent !== null && b.region.children.length === 1)).toBe(true);
  return stack.restCalls.slice(before).map((call) => `${call.method} ${call.path}`);
}

const latestReportsQuery = `query LatestReports($organizationId: ID, $pageSize: Int!) {
  buildings(organizationId: $organizationId, pageSize: $pageSize) {
    nodes {
      id name
      latestWalkaboutReports { walkaboutReports { id name building { id name } cycle { id name } } reportBooklets { id } }
    }
  }
}`;

type LatestNode = { id: string; name: string; latestWalkaboutReports: { walkaboutReports: Array<{ name: string; building: { id: string }; cycle: { name: string } }> } };

async function latestReportCallsFor(pageSize: number) {
  const before = stack.restCalls.length;
  const { body } = await stack.graphql<{ buildings: { nodes: LatestNode[] } }>(latestReportsQuery, { variables: { organizationId, pageSize }, token });
  expect(body.errors).toBeUndefined();
  const nodes = body.data!.buildings.nodes;
  expect(nodes).toHaveLength(pageSize);
  // Each building has its own report, with its building and cycle.
  for (const node of nodes) {
    expect(node.latestWalkaboutReports.walkaboutReports).toHaveLength(1);
    expect(node.latestWalkaboutReports.walkaboutReports[0]).toMatchObject({ name: `${node.name} weekly report`, building: { id: node.id }, cycle: { name: 'Weekly' } });
  }
  return stack.restCalls.slice(before).map((call) => `${call.method} ${call.path}`);
}

describe('batching', () => {
  it("asks for the latest reports of 50 buildings, with the reports' buildings and cycles, in as many calls as for 1", async () => {
    const one = await latestReportCallsFor(1);
    const fifty = await latestReportCallsFor(BUILDINGS);
    expect(fifty.length).toBe(one.length);
    expect(fifty.filter((call) => call.startsWith('GET /walkabout-reports/latest?'))).toHaveLength(1);
    expect(fifty.find((call) => call.startsWith('GET /walkabout-reports/latest?'))).toMatch(/filter\[building\]=(\d+,){49}\d+(&|$)/);
  });

  it('makes as many REST calls for 50 buildings as for 1', async () => {
    const one = await restCallsFor(1);
    const fifty = await restCallsFor(BUILDINGS);
    expect(fifty.length).toBe(one.length);
    // The buildings page with their organizations and regions (include); cycles by id; the organization's regions;
    // the regions' parents and children by id (the roots' children are already loaded by then).
    expect(one).toHaveLength(4);
  });

  it('asks for the related records of all 50 buildings in one call per type and level', async () => {
    const calls = await restCallsFor(BUILDINGS);
    // The ten districts, the organization and the statuses' cycles of the 50 buildings come with the page.
    const page = calls.filter((call) => call.startsWith('GET /buildings?'));
    expect(page).toHaveLength(1);
    expect(decodeURIComponent(page[0]!)).toMatch(/[?&]include=organization,region,statusCycles(&|$)/);
    expect(calls.filter((call) => call.startsWith('GET /organizations?filter[id]='))).toHaveLength(0);
    // The districts' parents and children, in one call.
    const regionsById = calls.filter((call) => call.startsWith('GET /regions?filter[id]='));
    expect(regionsById).toHaveLength(1);
    // The fire watch and offset cycles, in one call.
    expect(calls.filter((call) => call.startsWith('GET /cycles?filter[id]='))).toHaveLength(1);
  });

  it("reads the viewer's organization and region in GET /users/me's answer when the query asks for them", async () => {
    const regional = await stack.signIn('regional');
    const before = stack.restCalls.length;
    const { body } = await stack.graphql<{ viewer: { organization: { name: string } | null; region: { name: string } | null } }>(
      '{ viewer { id organization { id name } region { name } } }',
      { token: regional },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data?.viewer).toMatchObject({ organization: { name: 'Northwind Property Management' }, region: { name: 'Downtown' } });
    expect(stack.restCalls.slice(before).map((call) => decodeURIComponent(`${call.method} ${call.path}`))).toEqual(['GET /users/me?include=organization,region']);
  });

  it("answers the viewer's organization and region ids from the user's own record, loading neither where only their ids are read", async () => {
    const regional = await stack.signIn('regional');
    const ask = async (query: string) => {
      const before = stack.restCalls.length;
      const { body } = await stack.graphql<{ viewer: Record<string, { id?: string; name?: string } | null> }>(query, { token: regional });
      expect(body.errors).toBeUndefined();
      return { viewer: body.data!.viewer, calls: stack.restCalls.slice(before).map((call) => decodeURIComponent(`${call.method} ${call.path}`)) };
    };
    const loaded = await ask('{ viewer { organization { id name } region { id name } } }');
    const ids = await ask('{ viewer { organization { __typename id } region { id } } }');
    expect(ids.calls).toEqual(['GET /users/me']);
    expect(ids.viewer).toEqual({
      organization: { __typename: 'Organization', id: loaded.viewer.organization!.id },
      region: { id: loaded.viewer.region!.id },
    });
    // An alias that reads more than the id still brings the record, for that alias alone.
    const both = await ask('{ viewer { organization { id } named: organization { name } } }');
    expect(both.calls).toEqual(['GET /users/me?include=organization']);
    expect(both.viewer).toEqual({ organization: { id: loaded.viewer.organization!.id }, named: { name: loaded.viewer.organization!.name } });
    // An administrator has no organization: null, as when it is loaded.
    const admin = await stack.signIn('admin');
    const { body } = await stack.graphql<{ viewer: { organization: unknown } }>('{ viewer { organization { id } } }', { token: admin });
    expect(body).toEqual({ data: { viewer: { organization: null } } });
  });

  it('brings along only the relationships the query reads, aliased or in fragments', async () => {
    const read = async (query: string) => {
      const before = stack.restCalls.length;
      const { body } = await stack.graphql<{ page: { nodes: Array<{ id: string }> } }>(query, { variables: { organizationId }, token });
      expect(body.errors).toBeUndefined();
      expect(body.data?.page.nodes).toHaveLength(3);
      return stack.restCalls.slice(before).map((call) => decodeURIComponent(`${call.method} ${call.path}`));
    };
    const plain = await read('query ($organizationId: ID) { page: buildings(organizationId: $organizationId, pageSize: 3) { nodes { id name } } }');
    expect(plain).toHaveLength(1);
    expect(plain[0]).not.toMatch(/include=/);
    const inFragment = await read(`query ($organizationId: ID) { page: buildings(organizationId: $organizationId, pageSize: 3) { nodes { ...Card } } }
      fragment Card on Building { id owner: organization { name } }`);
    expect(inFragment).toHaveLength(1);
    expect(inFragment[0]).toMatch(/[?&]include=organization(&|$)/);
    const skipped = await read('query ($organizationId: ID) { page: buildings(organizationId: $organizationId, pageSize: 3) { nodes { id region @skip(if: true) { name } } } }');
    expect(skipped[0]).not.toMatch(/include=/);
    const badges = await read('query ($organizationId: ID) { page: buildings(organizationId: $organizationId, pageSize: 3) { nodes { id statuses { openedAt cycle { name } } } } }');
    expect(badges).toHaveLength(1);
    expect(badges[0]).toMatch(/[?&]include=statusCycles(&|$)/);
    const noCycle = await read('query ($organizationId: ID) { page: buildings(organizationId: $organizationId, pageSize: 3) { nodes { id statuses { openedAt } } } }');
    expect(noCycle[0]).not.toMatch(/include=/);
  });
});
