/**
 * The failure summary's benchmark, part 7 of the root `npm run bench` (`npx tsx backend/bench/failure-summary.bench.ts`
 * runs it alone), for issue 10 point 11: GET /reports/{buildingId}-summary-failure of a building with a year of daily
 * walkabouts (365, each locked the next morning, about 5 % of their results unsatisfactory with remarks), beside
 * baselines measured in the same loop on the same backend: GET /buildings/{id} of that building (an authenticated
 * call that reads one building and its counts) and the same summary of a building with one walkabout. On PGlite,
 * and on PostgreSQL when TEST_DATABASE_URL answers.
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/raw';
import { seedLargeBuilding, type LargeBuilding } from '../src/seed/large-building';
import { postgresAvailable, schema, signIn, startTestBackend, type TestBackend } from '../src/testing';
import { databaseLabel, type DatabaseKind } from './walkabouts.bench';

const DAYS = 365;
const SIZE = { locations: 40, tasks: 3 };
const ROUNDS = 30;

export type FailureSummaryBench = {
  kind: DatabaseKind;
  walkabouts: number;
  conditions: number;
  /** The summary's rows (the unsatisfactory entries of the latest walkabout). */
  rows: number;
  p50Ms: number;
  /** The same summary of a building with one walkabout of the same size. */
  oneWalkaboutP50Ms: number;
  /** GET /buildings/{id} of the year's building. */
  buildingP50Ms: number;
};
export type FailureSummaryBenches = { results: FailureSummaryBench[]; postgresNote: string | null };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const round = (ms: number) => Math.round(ms * 100) / 100;

async function createWalkabout(backend: TestBackend, large: LargeBuilding, token: string): Promise<number> {
  const response = await backend.app.inject({
    method: 'POST',
    url: '/walkabouts',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    payload: { data: { relationships: { building: { data: { id: String(large.buildingId) } }, cycle: { data: { id: String(large.cycleId) } } } } },
  });
  if (response.statusCode !== 201) throw new Error(`create answered ${response.statusCode}: ${response.body}`);
  const id = Number((response.json() as { data: { id: string } }).data.id);
  // Locked, so that the next creation makes a new walkabout rather than opening this one.
  await backend.db.update(schema.walkabouts).set({ lockedAt: new Date(Date.now() - 1000) }).where(sql`id = ${id}`);
  return id;
}

/**
 * `days` walkabouts of the building, one a day up to yesterday, each locked 20 hours after it opened, with every
 * result marked: one in twenty unsatisfactory with remarks, the rest satisfactory.
 */
async function walkaboutsOfDays(backend: TestBackend, large: LargeBuilding, token: string, days: number): Promise<void> {
  for (let i = 0; i < days; i += 1) await createWalkabout(backend, large, token);
  await backend.db.execute(sql`
    with numbered as (
      select id, row_number() over (order by id desc) as n from walkabouts where building_id = ${large.buildingId}
    )
    update walkabouts w set
      date = (current_date - numbered.n::int),
      opened_at = now() - numbered.n * interval '1 day',
      locked_at = now() - numbered.n * interval '1 day' + interval '20 hours'
    from numbered where w.id = numbered.id`);
  await backend.db.execute(sql`
    update conditions c set
      value = case when c.id % 20 = 0 then 'false'::jsonb else 'true'::jsonb end,
      satisfaction = case when c.id % 20 = 0 then 'unsatisfactory' else 'satisfactory' end,
      remarks = case when c.id % 20 = 0 then 'Damaged: work order raised.' else null end
    from walkabouts w where w.id = c.walkabout_id and w.building_id = ${large.buildingId}`);
}

async function timedGet(backend: TestBackend, token: string, url: string): Promise<{ ms: number; body: string }> {
  const start = performance.now();
  const response = await backend.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  const ms = performance.now() - start;
  if (response.statusCode !== 200) throw new Error(`GET ${url} answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
  return { ms, body: response.body };
}

export async function benchFailureSummary(kind: DatabaseKind): Promise<FailureSummaryBench> {
  const backend = await startTestBackend({ database: kind });
  try {
    const [organization] = await backend.db.select({ id: schema.organizations.id }).from(schema.organizations).limit(1);
    const year = await seedLargeBuilding(backend.db, organization!.id, SIZE);
    const single = await seedLargeBuilding(backend.db, organization!.id, SIZE);
    const { token } = await signIn(backend.url, 'admin', 'demo1234');
    await walkaboutsOfDays(backend, year, token, DAYS);
    await walkaboutsOfDays(backend, single, token, 1);
    await backend.db.execute(sql`analyze`);
    const [counts] = await queryRows<{ walkabouts: number; conditions: number }>(
      backend.db,
      sql`select count(distinct w.id)::int as walkabouts, count(c.id)::int as conditions
        from walkabouts w join conditions c on c.walkabout_id = w.id where w.building_id = ${year.buildingId}`,
    );
    const summaryUrl = (building: LargeBuilding) => `/reports/${building.buildingId}-summary-failure`;
    const times = { summary: [] as number[], single: [] as number[], building: [] as number[] };
    let rows = 0;
    // Warm-up (statement preparation, caches), then the three calls in turn so that all see the same load.
    for (let i = 0; i < ROUNDS + 3; i += 1) {
      const summary = await timedGet(backend, token, summaryUrl(year));
      const one = await timedGet(backend, token, summaryUrl(single));
      const building = await timedGet(backend, token, `/buildings/${year.buildingId}`);
      if (i < 3) continue;
      times.summary.push(summary.ms);
      times.single.push(one.ms);
      times.building.push(building.ms);
      rows = (JSON.parse(summary.body) as { data: { attributes: { rows: unknown[] } } }).data.attributes.rows.length;
    }
    return {
      kind,
      walkabouts: counts!.walkabouts,
      conditions: counts!.conditions,
      rows,
      p50Ms: round(median(times.summary)),
      oneWalkaboutP50Ms: round(median(times.single)),
      buildingP50Ms: round(median(times.building)),
    };
  } finally {
    await backend.close();
  }
}

export async function runFailureSummaryBenches(): Promise<FailureSummaryBenches> {
  const postgres = await postgresAvailable();
  const kinds: DatabaseKind[] = postgres ? ['pglite', 'postgres'] : ['pglite'];
  const postgresNote = postgres ? null : process.env.TEST_DATABASE_URL ? 'TEST_DATABASE_URL does not answer' : 'TEST_DATABASE_URL is not set';
  const results: FailureSummaryBench[] = [];
  for (const kind of kinds) results.push(await benchFailureSummary(kind));
  return { results, postgresNote };
}

export function formatFailureSummaryBenches({ results, postgresNote }: FailureSummaryBenches): string {
  const lines = [`Failure summary (GET /reports/{id}-summary-failure) of a building with a year of daily walkabouts, medians of ${ROUNDS}:`];
  for (const r of results) {
    lines.push(
      `  ${databaseLabel(r.kind)}: ${r.walkabouts} walkabouts, ${r.conditions.toLocaleString('en-US')} results, ${r.rows} rows: p50 ${r.p50Ms} ms` +
        ` = ${(r.p50Ms / r.buildingP50Ms).toFixed(2)}x GET /buildings/{id} (${r.buildingP50Ms} ms)` +
        ` = ${(r.p50Ms / r.oneWalkaboutP50Ms).toFixed(2)}x the same summary with one walkabout (${r.oneWalkaboutP50Ms} ms)`,
    );
  }
  if (postgresNote) lines.push(`  PostgreSQL not measured: ${postgresNote}`);
  return lines.join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(formatFailureSummaryBenches(await runFailureSummaryBenches()));
}
