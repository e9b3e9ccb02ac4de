/**
 * The price of the gateway, part 1 of `npm run bench` (`npx tsx tests/bench/gateway.ts` runs it alone), for
 * the web's buildings screen: its BuildingsPage query as the web sends it, signed in as a region user, over
 * buildings that each have a Daily, a Weekly and a Monthly walkabout (three status badges).
 *
 * Every figure stands beside a baseline measured in the same run, interleaved with it, on loopback: a
 * hand-written client making the same REST calls to the backend directly (the very calls the gateway made for the
 * first query of that page size: the related records included, only the buildings' fields the screen reads), in
 * parallel, and joining their answers.
 * 1. 24 buildings, the screen's page: p50 and p95 with one connection, queries per second with ten.
 * 2. 6, 24 and 500 buildings in one page: p50 and the cost per building, which stays flat when nothing is
 *    done per building that could be done per query.
 * 3. The gateway's own CPU per query and per building, with the gateway in a process of its own
 *    (process.cpuUsage of that process, so neither the backend's CPU nor the client's is in it).
 * 1 and 2 run the gateway and the backend in one process, the backend in a thread of its own (gateway-backend.ts), as
 * `npm start` does. Every process has the production gateway's environment and Node options (NODE_ENV=production,
 * scripts/build.mjs `gatewayNodeOptions`).
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { signIn } from '@fsi/backend/testing';
import { TEST_PASSWORD } from '@fsi/backend/seed/test-seed';
import { createGateway } from '@fsi/gateway';
import { startBackendThread } from '@fsi/gateway/backend-thread';
import { gatewayNodeOptions } from '../../scripts/build.mjs';
import { buildingsPageDocument } from './buildings-page';
import { requestJson } from './http-client';
import type { GatewayBenchBackend, GatewayBenchData } from './gateway-backend';
import { runAsProduction, startGatewayProcess } from './stack';

/** The screen's page size (the web's BuildingsPage). */
const SCREEN = 24;
const SIZES = [6, SCREEN, 500] as const;
/**
 * Queries per side before part 1 measures: enough for the steady state a running server is in. After 20, both sides
 * were still warming up (just after seeding 500 buildings, V8 still optimizing and collecting): measured here in two
 * runs each, the screen's p50 11.6-12.4 ms through the gateway and 8.9-10.4 ms direct after 20, against 9.5-11.0 and
 * 7.6-8.6 ms after 200 (the ratio of the two stays 1.2-1.3x either way).
 */
const WARMUP = 200;
const LATENCY_ITERATIONS = 150;
/**
 * Queries per side with ten connections before the throughput is measured, and then measured. A server serves all
 * day, and its steady state is what the figure is about. Measured here (the gateway side alone, in a script of its own:
 * rounds of 800 queries with ten connections, each after 300 sequential ones), 200, 256, 288, 311, 308 and 327 queries
 * a second in the first six rounds: V8 and PGlite's WebAssembly compile their hot code over the first few thousand
 * queries. Before this warm-up each side has had 350 sequential queries (part 1's latencies).
 */
const THROUGHPUT_WARMUP = 2_400;
const THROUGHPUT_REQUESTS = 1_200;
const CONNECTIONS = 10;
/** Sequential queries per size for part 2 and for the gateway's CPU (fewer at 500, each a large answer). */
const ITERATIONS_OF_SIZE: Record<number, number> = { 6: 60, 24: 60, 500: 16 };
const CPU_QUERIES_OF_SIZE: Record<number, number> = { 6: 150, 24: 150, 500: 24 };
/**
 * The screen's queries (with ten connections) that the gateway's fresh process serves before its CPU is measured, as
 * the throughput is measured after its warm-up: a server's steady state. V8 optimizes the code that runs once per
 * query (HTTP, Apollo's request pipeline, the REST calls, the viewer's resolvers) only after thousands of queries.
 * Measured here in that process (the screen's query, batches of 200 after 300 sequential ones), its CPU per query went
 * down batch after batch, from 2.0-2.6 ms in the first batch (four runs) to 1.23-1.30 ms in the twelfth (2,700
 * queries; three runs); in a CPU profile, Node's HTTP client and server and the viewer's resolvers took a fifth to a
 * half of their first batch's time by then.
 */
const CPU_STEADY_WARMUP = 2_400;
/** Queries of each size before its CPU is measured, after the steady state's warm-up. */
const CPU_WARMUP_OF_SIZE: Record<number, number> = { 6: 100, 24: 100, 500: 30 };

/** The issue's targets (issue 8, points 5 and 6). */
export const GATEWAY_TARGETS = { p50Ms: 10, throughput: 300, p50Of500Ms: 60, cpuPerBuildingMs: 0.1, throughputRatio: 0.9 } as const;

export type GatewaySide = { p50: number; p95: number; throughput: number };
export type SizeCost = {
  buildings: number;
  /** p50 of the gateway and of direct REST for a page of this size, in ms. */
  gatewayP50: number;
  directP50: number;
  /** The gateway process's CPU per query of this size, in ms. */
  gatewayCpuMs: number;
};
export type GatewayBench = {
  /** The screen's buildings (part 1). */
  buildings: number;
  callsPerQuery: number;
  /** The REST calls (paths) of one screen's query, which the direct side makes too. */
  calls: string[];
  direct: GatewaySide;
  gateway: GatewaySide;
  sizes: SizeCost[];
  /** The gateway's CPU for each building more, between the smallest and the largest page, in ms. */
  marginalCpuPerBuildingMs: number;
};


type Resource = { id: string; attributes: Record<string, unknown>; relationships?: Record<string, { data: unknown }> };
type Document = { data: Resource | Resource[]; meta?: Record<string, unknown>; included?: Array<{ type: string; id: string; attributes: Record<string, unknown> }> };
type Run = () => Promise<number>;

const sortedOf = (values: number[]) => [...values].sort((a, b) => a - b);
const percentile = (values: number[], p: number) => {
  const sorted = sortedOf(values);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

/** Runs the sides one after the other, alternating which goes first, so the machine's load weighs on both alike. */
async function interleaved(runs: Run[], iterations: number, expected: number): Promise<number[][]> {
  const latencies = runs.map(() => [] as number[]);
  for (let i = 0; i < iterations; i += 1) {
    const order = i % 2 ? [...runs.keys()].reverse() : [...runs.keys()];
    for (const side of order) {
      const start = performance.now();
      const count = await runs[side]!();
      latencies[side]!.push(performance.now() - start);
      if (count !== expected) throw new Error(`side ${side} returned ${count} buildings, not ${expected}`);
    }
  }
  return latencies;
}

/** Rounds of each side, alternating which goes first, that the throughput's warm-up and measure are split into. */
const ROUNDS = 4;

/** `count` calls of `run` with `connections` of them in flight at any time. */
async function inFlight(run: Run, count: number, connections: number): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < count) {
        next += 1;
        await run();
      }
    }),
  );
}

/**
 * Queries per second of each side with `connections` clients in flight, in alternating rounds, after `warmup` queries
 * of each side made the same way and not timed.
 */
async function throughputs(runs: Run[], requests: number, connections: number, warmup: number): Promise<number[]> {
  const order = (round: number) => (round % 2 ? [...runs.keys()].reverse() : [...runs.keys()]);
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const side of order(round)) await inFlight(runs[side]!, warmup / ROUNDS, connections);
  }
  const seconds = runs.map(() => 0);
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const side of order(round)) {
      const start = performance.now();
      await inFlight(runs[side]!, requests / ROUNDS, connections);
      seconds[side]! += (performance.now() - start) / 1000;
    }
  }
  return seconds.map((s) => requests / s);
}

export async function benchGateway(): Promise<GatewayBench> {
  const backend = await startBackendThread(new URL('./gateway-backend.ts', import.meta.url), { workerData: { buildings: Math.max(...SIZES) } satisfies GatewayBenchData });
  const { organizationId } = backend.extra as GatewayBenchBackend;
  const { token } = await signIn(backend.url, 'bench-regional', TEST_PASSWORD);
  const headers = { authorization: `Bearer ${token}`, accept: 'application/json' };
  const query = buildingsPageDocument();

  let restPaths: string[] = [];
  const gateway = await createGateway({ backendUrl: backend.url, playground: false, onRestRequest: (call) => void restPaths.push(call.path) });
  const gatewayUrl = `${await gateway.listen({ port: 0, host: '127.0.0.1' })}/graphql`;

  const viaGateway = (url: string, pageSize: number): Run => {
    const body = JSON.stringify({ query, variables: { organizationId, page: 1, pageSize } });
    return async () => {
      const answer = (await requestJson(url, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body })).body as {
        data?: { buildings: { nodes: Array<{ statuses: unknown[] }> } };
        errors?: unknown;
      };
      if (!answer.data || answer.errors) throw new Error(`The gateway failed: ${JSON.stringify(answer.errors)}`);
      return answer.data.buildings.nodes.length;
    };
  };

  const get = async (route: string): Promise<Document> => {
    const answer = await requestJson(`${backend.url}${route}`, { headers });
    if (answer.status !== 200) throw new Error(`${route}: ${answer.status}`);
    return answer.body as Document;
  };
  const related = (resource: Resource, name: string) => (resource.relationships?.[name]?.data as { id: string } | null)?.id ?? null;

  /** The REST calls (paths) the gateway makes for a page of `pageSize`, read from a query of that size. */
  const gatewayCallsFor = async (pageSize: number) => {
    restPaths = [];
    await viaGateway(gatewayUrl, pageSize)();
    return [...restPaths];
  };

  /** The REST calls the gateway's loaders make (`paths`: the viewer, and the page with its related records included), joined by hand. */
  const direct = (paths: string[]): Run => async () => {
    const documents = await Promise.all(paths.map(get));
    const viewer = documents.find((document) => !Array.isArray(document.data));
    const buildings = documents.find((document) => Array.isArray(document.data));
    if (!viewer || !buildings || documents.length !== 2) throw new Error(`direct: not the viewer and a page of buildings: ${paths.join(' ')}`);
    const statusesOf = (b: Resource) => b.attributes.statuses as Array<{ cycleId: number }>;
    const byId = (type: string) => new Map([...(viewer.included ?? []), ...(buildings.included ?? [])].filter((r) => r.type === type).map((r) => [r.id, r.attributes]));
    const [organizationById, regionById, cycleById] = [byId('organizations'), byId('regions'), byId('cycles')];
    const me = viewer.data as Resource;
    const page = {
      viewer: { id: me.id, ...me.attributes, isAdmin: viewer.meta?.isAdmin, organization: organizationById.get(related(me, 'organization') ?? '') },
      nodes: (buildings.data as Resource[]).map((b) => ({
        id: b.id,
        ...b.attributes,
        organization: organizationById.get(related(b, 'organization') ?? ''),
        region: regionById.get(related(b, 'region') ?? ''),
        statuses: statusesOf(b).map((s) => ({ ...s, cycle: cycleById.get(String(s.cycleId)) })),
      })),
    };
    if (page.nodes.some((node) => !node.organization || node.statuses.some((status) => !status.cycle))) throw new Error('direct: a related record is missing');
    return page.nodes.length;
  };

  // The REST calls of one screen, and a check that the answer has what the card shows.
  restPaths = [];
  const first = await requestJson(gatewayUrl, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables: { organizationId, page: 1, pageSize: SCREEN } }),
  });
  const firstAnswer = first.body as { data?: { buildings: { nodes: Array<{ statuses: unknown[] }> } }; errors?: unknown };
  if (!firstAnswer.data || firstAnswer.errors) throw new Error(`The gateway failed: ${JSON.stringify(firstAnswer.errors)}`);
  if (firstAnswer.data.buildings.nodes.some((node) => node.statuses.length !== 3)) throw new Error('A building has not its three statuses');
  const screenCalls = [...restPaths];
  const callsPerQuery = screenCalls.length;

  // 1. The screen: one connection, then ten.
  const screenRuns = [direct(screenCalls), viaGateway(gatewayUrl, SCREEN)];
  await interleaved(screenRuns, WARMUP, SCREEN);
  const [directLatencies, gatewayLatencies] = await interleaved(screenRuns, LATENCY_ITERATIONS, SCREEN);
  const [directThroughput, gatewayThroughput] = await throughputs(screenRuns, THROUGHPUT_REQUESTS, CONNECTIONS, THROUGHPUT_WARMUP);
  const side = (latencies: number[], throughput: number): GatewaySide => ({
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    throughput,
  });

  // 2. The cost per building, from a small page to the largest.
  const sizeLatencies = new Map<number, { gatewayP50: number; directP50: number }>();
  for (const size of SIZES) {
    const runs = [direct(await gatewayCallsFor(size)), viaGateway(gatewayUrl, size)];
    await interleaved(runs, 3, size);
    const [d, g] = await interleaved(runs, ITERATIONS_OF_SIZE[size]!, size);
    sizeLatencies.set(size, { directP50: percentile(d!, 50), gatewayP50: percentile(g!, 50) });
  }
  await gateway.close();

  // 3. The gateway's own CPU, in a process of its own.
  const own = await startGatewayProcess(backend.url);
  const sizes: SizeCost[] = [];
  try {
    await inFlight(viaGateway(own.url, SCREEN), CPU_STEADY_WARMUP, CONNECTIONS);
    for (const size of SIZES) {
      const run = viaGateway(own.url, size);
      for (let i = 0; i < CPU_WARMUP_OF_SIZE[size]!; i += 1) await run();
      const queries = CPU_QUERIES_OF_SIZE[size]!;
      const before = await own.cpuMs();
      for (let i = 0; i < queries; i += 1) await run();
      const gatewayCpuMs = ((await own.cpuMs()) - before) / queries;
      sizes.push({ buildings: size, ...sizeLatencies.get(size)!, gatewayCpuMs });
    }
  } finally {
    await own.close();
    await backend.close();
  }
  const smallest = sizes[0]!;
  const biggest = sizes.at(-1)!;
  return {
    buildings: SCREEN,
    callsPerQuery,
    calls: screenCalls,
    direct: side(directLatencies!, directThroughput!),
    gateway: side(gatewayLatencies!, gatewayThroughput!),
    sizes,
    marginalCpuPerBuildingMs: (biggest.gatewayCpuMs - smallest.gatewayCpuMs) / (biggest.buildings - smallest.buildings),
  };
}

export function formatGatewayBench(result: GatewayBench): string {
  const { buildings, callsPerQuery, calls, direct: directResult, gateway: gatewayResult, sizes, marginalCpuPerBuildingMs } = result;
  const ms = (value: number, digits = 1) => `${value.toFixed(digits)} ms`;
  const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}x`;
  const met = (ok: boolean) => (ok ? 'met' : 'MISSED');
  const screen = sizes.find((s) => s.buildings === buildings);
  const largest = sizes.at(-1)!;
  const targets = GATEWAY_TARGETS;
  const throughputRatio = gatewayResult.throughput / directResult.throughput;
  return [
    '',
    `The web's BuildingsPage query (viewer, ${buildings} buildings with organization, region and 3 status badges with their cycles), signed in as a region user`,
    `  REST calls per GraphQL query: ${callsPerQuery}: ${calls.map((path) => `GET ${decodeURIComponent(path)}`).join(', ')}`,
    `  baseline: direct REST, the same REST calls (related records included) joined by hand; interleaved; loopback; gateway and backend in one process (the backend in its thread) as npm start runs them, NODE_ENV=production and ${gatewayNodeOptions.join(' ')}`,
    `  iterations per side: ${WARMUP} warm-up, ${LATENCY_ITERATIONS} sequential (one connection), ${THROUGHPUT_REQUESTS} with ${CONNECTIONS} connections after ${THROUGHPUT_WARMUP} of warm-up with ${CONNECTIONS}`,
    '',
    '                 p50        p95        throughput (10 connections)',
    `  direct REST    ${ms(directResult.p50).padEnd(10)} ${ms(directResult.p95).padEnd(10)} ${directResult.throughput.toFixed(1)} queries/s`,
    `  gateway        ${ms(gatewayResult.p50).padEnd(10)} ${ms(gatewayResult.p95).padEnd(10)} ${gatewayResult.throughput.toFixed(1)} queries/s`,
    `  gateway/direct ${ratio(gatewayResult.p50, directResult.p50).padEnd(10)} ${ratio(gatewayResult.p95, directResult.p95).padEnd(10)} ${ratio(gatewayResult.throughput, directResult.throughput)} throughput`,
    '',
    `  cost per building, one page of each size (p50 over ${sizes.map((s) => ITERATIONS_OF_SIZE[s.buildings]).join('/')} sequential queries; gateway CPU in its own process over ${sizes.map((s) => CPU_QUERIES_OF_SIZE[s.buildings]).join('/')} queries after ${CPU_STEADY_WARMUP} of the screen's with ${CONNECTIONS} connections and ${sizes.map((s) => CPU_WARMUP_OF_SIZE[s.buildings]).join('/')} of the size):`,
    '  buildings   gateway p50   per building   direct p50   per building   gateway CPU/query   per building',
    ...sizes.map(
      (s) =>
        `  ${String(s.buildings).padStart(9)}   ${ms(s.gatewayP50).padStart(11)}   ${ms(s.gatewayP50 / s.buildings, 3).padStart(12)}   ${ms(s.directP50).padStart(10)}   ${ms(s.directP50 / s.buildings, 3).padStart(12)}   ${ms(s.gatewayCpuMs, 2).padStart(17)}   ${ms(s.gatewayCpuMs / s.buildings, 3).padStart(12)}`,
    ),
    `  gateway CPU for each building more (${sizes[0]!.buildings} to ${largest.buildings}): ${ms(marginalCpuPerBuildingMs, 3)}; the rest of a query's CPU is per query (HTTP, ${callsPerQuery} REST calls, compression)`,
    '',
    `  targets: p50 of ${buildings} buildings ≤ ${targets.p50Ms} ms: ${met(gatewayResult.p50 <= targets.p50Ms)}; ≥ ${targets.throughput}/s with ${CONNECTIONS} connections: ${met(gatewayResult.throughput >= targets.throughput)}; ${largest.buildings} buildings ≤ ${targets.p50Of500Ms} ms: ${met(largest.gatewayP50 <= targets.p50Of500Ms)}`,
    `           gateway CPU per building < ${targets.cpuPerBuildingMs} ms: ${met(marginalCpuPerBuildingMs < targets.cpuPerBuildingMs)} for each building more, ${met(largest.gatewayCpuMs / largest.buildings < targets.cpuPerBuildingMs)} at ${largest.buildings}${screen ? `, ${met(screen.gatewayCpuMs / screen.buildings < targets.cpuPerBuildingMs)} at ${screen.buildings} (per-query costs included)` : ''}; throughput within 10 % of direct REST: ${met(throughputRatio >= targets.throughputRatio)}`,
    '',
  ].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runAsProduction();
  console.log(formatGatewayBench(await benchGateway()));
}
