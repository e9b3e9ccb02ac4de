/**
 * The price of the gateway, part 1 of `npm run bench` (`npx tsx tests/bench/gateway.ts` runs it
 * alone). For a buildings query over 50 buildings with their relationships, it prints the REST
 * calls per GraphQL query, and the gateway's latency (p50/p95) and throughput as ratios to a
 * hand-written client making the same REST calls to the backend directly, in the same run, on
 * loopback, with bounded iteration counts.
 */
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { seed, signIn, startTestBackend } from '@fsi/backend/testing';
import { createGateway } from '@fsi/gateway';

const BUILDINGS = 50;
const WARMUP = 10;
const LATENCY_ITERATIONS = 100;
const THROUGHPUT_REQUESTS = 200;
const CONCURRENCY = 8;

export type GatewaySide = { p50: number; p95: number; throughput: number };
export type GatewayBench = { buildings: number; callsPerQuery: number; direct: GatewaySide; gateway: GatewaySide };

type Resource = { id: string; attributes: Record<string, unknown>; relationships?: Record<string, { data: unknown }> };
type ListDocument = { data: Resource[] };

const query = `query BenchBuildings($organizationId: ID, $pageSize: Int!) {
  buildings(organizationId: $organizationId, pageSize: $pageSize) {
    pageInfo { totalCount hasNextPage }
    nodes {
      id name timeZone floorDisplayName
      organization { id name regions { id name children { id name } } }
      region { id name parent { id name } children { id name } }
      fireWatchCycle { id name }
      buildingOffsets { openOffsetValue openOffsetUnit closeOffsetValue closeOffsetUnit cycle { id name frequency } }
      statuses { isLastWalkaboutComplete lockedAt cycle { id name } }
    }
  }
}`;

export async function benchGateway(): Promise<GatewayBench> {
  const backend = await startTestBackend();
  const organization = await seed(backend.db).organization('Bench Property Group', (o) => {
    o.region('North').region('South');
    for (let r = 0; r < 10; r += 1) {
      o.region(`District ${r}`, { parent: r % 2 ? 'North' : 'South' }).region(`Block ${r}`, { parent: `District ${r}` });
    }
    o.cycle('Daily', { frequency: 'daily' }).cycle('Weekly', { frequency: 'weekly' }).cycle('Monthly', { frequency: 'monthly' });
    for (let b = 0; b < BUILDINGS; b += 1) o.building(`Tower ${b}`, { region: `District ${b % 10}` });
    return o;
  });
  let restCalls = 0;
  const gateway = await createGateway({ backendUrl: backend.url, onRestRequest: () => void (restCalls += 1) });
  await gateway.listen({ port: 0, host: '127.0.0.1' });
  const gatewayUrl = `http://127.0.0.1:${(gateway.server.address() as AddressInfo).port}/graphql`;
  const { token } = await signIn(backend.url, 'admin', 'demo1234');
  const headers = { authorization: `Bearer ${token}`, accept: 'application/json' };
  const variables = { organizationId: String(organization.id), pageSize: BUILDINGS };

  async function viaGateway(): Promise<number> {
    const response = await fetch(gatewayUrl, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await response.json()) as { data?: { buildings: { nodes: unknown[] } }; errors?: unknown };
    if (!body.data || body.errors) throw new Error(`The gateway failed: ${JSON.stringify(body.errors)}`);
    return body.data.buildings.nodes.length;
  }

  const get = async (path: string): Promise<Resource[]> => {
    const response = await fetch(`${backend.url}${path}`, { headers });
    if (!response.ok) throw new Error(`${path}: ${response.status}`);
    return ((await response.json()) as ListDocument).data;
  };
  const ids = (values: unknown[]) => [...new Set(values.filter((v) => v !== null && v !== undefined).map(String))].join(',');
  const related = (resource: Resource, name: string) => (resource.relationships?.[name]?.data as { id: string } | null)?.id ?? null;

  /** The same REST calls the gateway's loaders make, level by level, joined by hand. */
  async function direct(): Promise<number> {
    const buildings = await get(`/buildings?page[number]=1&page[size]=${BUILDINGS}&filter[organization]=${variables.organizationId}`);
    const cycleIds = buildings.flatMap((b) => [
      b.attributes.fireWatchCycleId,
      ...(b.attributes.buildingOffsets as Array<{ cycleId: number }>).map((o) => o.cycleId),
      ...(b.attributes.statuses as Array<{ cycleId: number }>).map((s) => s.cycleId),
    ]);
    const [organizations, regions, cycles] = await Promise.all([
      get(`/organizations?filter[id]=${ids(buildings.map((b) => related(b, 'organization')))}&page[size]=500`),
      get(`/regions?filter[id]=${ids(buildings.map((b) => related(b, 'region')))}&page[size]=500`),
      get(`/cycles?filter[id]=${ids(cycleIds)}&page[size]=500`),
    ]);
    const nextRegionIds = regions.flatMap((r) => [related(r, 'parent'), ...((r.relationships?.children?.data as Array<{ id: string }>) ?? []).map((c) => c.id)]);
    const [organizationRegions, moreRegions] = await Promise.all([
      get(`/regions?filter[organization]=${ids(organizations.map((o) => o.id))}&page[size]=500`),
      get(`/regions?filter[id]=${ids(nextRegionIds)}&page[size]=500`),
    ]);
    const regionById = new Map([...regions, ...moreRegions, ...organizationRegions].map((r) => [r.id, r]));
    const organizationById = new Map(organizations.map((o) => [o.id, o]));
    const cycleById = new Map(cycles.map((c) => [c.id, c]));
    const joined = buildings.map((b) => {
      const region = regionById.get(related(b, 'region') ?? '');
      return {
        ...b.attributes,
        organization: organizationById.get(related(b, 'organization') ?? ''),
        region: region && { ...region.attributes, parent: regionById.get(related(region, 'parent') ?? '') },
        buildingOffsets: (b.attributes.buildingOffsets as Array<{ cycleId: number }>).map((o) => ({ ...o, cycle: cycleById.get(String(o.cycleId)) })),
      };
    });
    return joined.length;
  }

  restCalls = 0;
  await viaGateway();
  const callsPerQuery = restCalls;

  type Side = { label: string; run: () => Promise<number>; latencies: number[]; seconds: number };
  const sides: Side[] = [
    { label: 'direct REST', run: direct, latencies: [], seconds: 0 },
    { label: 'gateway', run: viaGateway, latencies: [], seconds: 0 },
  ];

  for (const side of sides) for (let i = 0; i < WARMUP; i += 1) await side.run();

  // Interleaved, so that a change in the machine's load during the run weighs on both sides alike.
  for (let i = 0; i < LATENCY_ITERATIONS; i += 1) {
    for (const side of i % 2 ? [...sides].reverse() : sides) {
      const start = performance.now();
      const count = await side.run();
      side.latencies.push(performance.now() - start);
      if (count !== BUILDINGS) throw new Error(`${side.label} returned ${count} buildings`);
    }
  }

  const ROUNDS = 4;
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const side of round % 2 ? [...sides].reverse() : sides) {
      let next = 0;
      const start = performance.now();
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next < THROUGHPUT_REQUESTS / ROUNDS) {
            next += 1;
            await side.run();
          }
        }),
      );
      side.seconds += (performance.now() - start) / 1000;
    }
  }

  const summary = (side: Side): GatewaySide => {
    const sorted = [...side.latencies].sort((a, b) => a - b);
    const percentile = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
    return { p50: percentile(50), p95: percentile(95), throughput: THROUGHPUT_REQUESTS / side.seconds };
  };
  const [directResult, gatewayResult] = sides.map(summary) as [GatewaySide, GatewaySide];

  await gateway.close();
  await backend.close();
  return { buildings: BUILDINGS, callsPerQuery, direct: directResult, gateway: gatewayResult };
}

export function formatGatewayBench({ buildings, callsPerQuery, direct: directResult, gateway: gatewayResult }: GatewayBench): string {
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}x`;
  return [
    '',
    `Buildings query over ${buildings} buildings with organization, region (parent, children), the organization's region tree, cycles of offsets and statuses`,
    `  REST calls per GraphQL query: ${callsPerQuery}`,
    `  iterations per side: ${WARMUP} warm-up, ${LATENCY_ITERATIONS} sequential for latency, ${THROUGHPUT_REQUESTS} at concurrency ${CONCURRENCY} for throughput; interleaved; loopback`,
    '',
    '                 p50        p95        throughput',
    `  direct REST    ${ms(directResult.p50).padEnd(10)} ${ms(directResult.p95).padEnd(10)} ${directResult.throughput.toFixed(1)} queries/s`,
    `  gateway        ${ms(gatewayResult.p50).padEnd(10)} ${ms(gatewayResult.p95).padEnd(10)} ${gatewayResult.throughput.toFixed(1)} queries/s`,
    `  gateway/direct ${ratio(gatewayResult.p50, directResult.p50).padEnd(10)} ${ratio(gatewayResult.p95, directResult.p95).padEnd(10)} ${ratio(gatewayResult.throughput, directResult.throughput)} throughput`,
    '',
  ].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(formatGatewayBench(await benchGateway()));
}
