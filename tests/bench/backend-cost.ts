/**
 * The backend's cost of one buildings screen, part of `npm run bench` (`npx tsx tests/bench/backend-cost.ts`
 * runs it alone). The web's BuildingsPage query (24 buildings, signed in as a region user) goes once through
 * the real gateway to learn which REST calls it makes; those calls are then replayed straight into the
 * backend (`app.inject`, same process, no gateway, no sockets), sequentially, with process.cpuUsage around
 * them, so the figure is the backend's own CPU for the screen. Each call's database queries are counted by
 * wrapping the database client's query method. The baseline, measured in the same run and interleaved,
 * is the CPU of one raw SQL statement reading the same 24 buildings with a count of their walkabouts.
 * PGlite runs in this process, so its CPU (about 1-2 ms per statement here) is part of the figure.
 */
import { pathToFileURL } from 'node:url';
import { seed, signIn, startTestBackend } from '@fsi/backend/testing';
import { TEST_PASSWORD } from '@fsi/backend/seed/test-seed';
import { createGateway, type RestCall } from '@fsi/gateway';
import { sql } from 'drizzle-orm';
import { buildingsPageDocument } from './buildings-page';

const BUILDINGS = 24;
const WARMUP = 20;
const ROUNDS = 200;
/** The target for the buildings screen's REST calls together (issue 8 point 4). */
export const BACKEND_CPU_TARGET_MS = 10;

export type RouteCost = { path: string; queries: number };
export type BackendCostBench = {
  buildings: number;
  calls: RouteCost[];
  /** Median over rounds of the backend CPU (user + system) for all the screen's REST calls. */
  cpuMs: number;
  /** Median CPU of the raw-SQL baseline for the same buildings. */
  baselineMs: number;
};


const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function cpuMsOf(run: () => Promise<unknown>): () => Promise<number> {
  return async () => {
    const start = process.cpuUsage();
    await run();
    const used = process.cpuUsage(start);
    return (used.user + used.system) / 1000;
  };
}

export async function benchBackendCost(): Promise<BackendCostBench> {
  const backend = await startTestBackend();
  const organization = await seed(backend.db).organization('Cost Property Group', (o) => {
    o.region('Area');
    for (let r = 0; r < 6; r += 1) o.region(`District ${r}`, { parent: 'Area' });
    o.cycle('Daily', { frequency: 'daily' }).cycle('Weekly', { frequency: 'weekly' }).cycle('Monthly', { frequency: 'monthly' });
    for (let b = 0; b < BUILDINGS; b += 1) o.building(`Tower ${b}`, { region: `District ${b % 6}` });
    o.role('Inspector', {});
    o.user('bench-regional', { region: 'Area', roles: ['Inspector'] });
    return o;
  });
  const { token } = await signIn(backend.url, 'bench-regional', TEST_PASSWORD);

  const calls: RestCall[] = [];
  const gateway = await createGateway({ backendUrl: backend.url, onRestRequest: (call) => void calls.push(call) });
  await gateway.listen({ port: 0, host: '127.0.0.1' });
  const address = gateway.server.address();
  const gatewayUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/graphql`;
  const response = await fetch(gatewayUrl, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({
      query: buildingsPageDocument(),
      variables: { organizationId: String(organization.id), page: 1, pageSize: BUILDINGS },
    }),
  });
  const body = (await response.json()) as { data?: { buildings: { nodes: unknown[] } }; errors?: unknown };
  await gateway.close();
  if (!body.data || body.errors) throw new Error(`The gateway failed: ${JSON.stringify(body.errors)}`);
  if (body.data.buildings.nodes.length !== BUILDINGS) throw new Error(`${body.data.buildings.nodes.length} buildings`);

  // Count what reaches the database client (PGlite or pg.Pool): every statement goes through query().
  const client = (backend.db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }).$client;
  const original = client.query.bind(client);
  let queries = 0;
  client.query = (...args: unknown[]) => {
    queries += 1;
    return original(...args);
  };

  const inject = async (call: RestCall) => {
    const answer = await backend.app.inject({ method: call.method as 'GET', url: call.path, headers: { authorization: `Bearer ${token}` } });
    if (answer.statusCode >= 400) throw new Error(`${call.method} ${call.path}: ${answer.statusCode}`);
  };
  const screen = async () => {
    for (const call of calls) await inject(call);
  };
  const baseline = () =>
    backend.db.execute(sql`select b.*, (select count(*) from walkabouts w where w.building_id = b.id) as walkabouts
      from buildings b where b.organization_id = ${organization.id} order by b.name limit ${BUILDINGS}`);

  for (let i = 0; i < WARMUP; i += 1) {
    await screen();
    await baseline();
  }
  const costs: RouteCost[] = [];
  for (const call of calls) {
    queries = 0;
    await inject(call);
    costs.push({ path: `${call.method} ${call.path}`, queries });
  }

  const screenCpu = cpuMsOf(screen);
  const baselineCpu = cpuMsOf(baseline);
  const screenSamples: number[] = [];
  const baselineSamples: number[] = [];
  for (let i = 0; i < ROUNDS; i += 1) {
    // Interleaved, so that the machine's load weighs on both alike.
    screenSamples.push(await screenCpu());
    baselineSamples.push(await baselineCpu());
  }
  client.query = original;
  await backend.close();
  return { buildings: BUILDINGS, calls: costs, cpuMs: median(screenSamples), baselineMs: median(baselineSamples) };
}

export function formatBackendCostBench(result: BackendCostBench): string {
  const total = result.calls.reduce((sum, c) => sum + c.queries, 0);
  return [
    '',
    `The web's BuildingsPage query, ${result.buildings} buildings: the backend's cost of its REST calls (replayed in process, sequential, ${ROUNDS} rounds, medians)`,
    `  REST calls per GraphQL query: ${result.calls.length}; database queries: ${total} (${(total / result.calls.length).toFixed(1)} per REST call)`,
    ...result.calls.map((c) => `    ${String(c.queries).padStart(3)} queries  ${c.path}`),
    `  backend CPU per buildings query: ${result.cpuMs.toFixed(2)} ms (target ≤ ${BACKEND_CPU_TARGET_MS} ms: ${result.cpuMs <= BACKEND_CPU_TARGET_MS ? 'met' : 'MISSED'})`,
    `  baseline, raw SQL for the same buildings: ${result.baselineMs.toFixed(2)} ms CPU; ratio ${(result.cpuMs / result.baselineMs).toFixed(1)}x`,
    '',
  ].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(formatBackendCostBench(await benchBackendCost()));
}
