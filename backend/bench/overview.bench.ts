/**
 * The overview dashboards' benchmark, part 9 of the root `npm run bench` (`npm run bench -- overview` runs it alone;
 * `OVERVIEW_BENCH_SIZES=10,100` picks the sizes), for issue 13 point 9: an organization of 10, then 100, then 1,000
 * buildings, each with a year of daily walkabouts (and a monthly cycle) of 10 locations × 3 tasks, about 11,000 results
 * a building (11 million at 1,000), generated on PostgreSQL with set-based SQL (generate_series), the organization
 * growing from one size to the next. At each size it times the organization overview
 * (GET /organizations/{id}/entry-state-counters) and entry-filtered-state-counters (half the buildings, the daily
 * cycle, incomplete walkabouts, one equipment type), beside a baseline measured in the same loop on the same backend:
 * GET /organizations/{id} (an authenticated call that reads one row). PostgreSQL only: ten million rows are not what
 * the embedded PGlite is for.
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/raw';
import { postgresAvailable, schema, signIn, startTestBackend, type TestBackend } from '../src/testing';

const DEFAULT_SIZES = [10, 100, 1_000];
const DAYS = 365;
const FLOORS = 2;
const LOCATIONS_PER_FLOOR = 5;
const ROUNDS = 15;

export type OverviewSize = {
  buildings: number;
  walkabouts: number;
  results: number;
  /** Seconds to generate the buildings added for this size (all rows, indexes and foreign keys included). */
  generationSeconds: number;
  countersP50Ms: number;
  filteredP50Ms: number;
  baselineP50Ms: number;
  /** Bytes of the organization overview's answer (its first page of 50 buildings). */
  countersBytes: number;
};
export type OverviewBenches = { sizes: OverviewSize[]; note: string | null };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const round = (ms: number) => Math.round(ms * 100) / 100;

type Fixture = { organizationId: number; dailyCycleId: number; monthlyCycleId: number; typeIds: number[] };

/** The organization, its three equipment types, two cycles and each type's tasks (three daily, one monthly). */
async function organization(backend: TestBackend): Promise<Fixture> {
  const [org] = await backend.db.insert(schema.organizations).values({ name: 'Overview Bench Organization', timeZone: 'UTC' }).returning({ id: schema.organizations.id });
  const organizationId = org!.id;
  // Non-repeating cycles: the schedule leaves them alone, so that only the generated walkabouts exist.
  const cycles = await backend.db
    .insert(schema.cycles)
    .values([
      { organizationId, name: 'Daily', abbreviation: 'D' },
      { organizationId, name: 'Monthly', abbreviation: 'M' },
    ])
    .returning({ id: schema.cycles.id });
  const types = await backend.db
    .insert(schema.equipmentTypes)
    .values(['Portable Fire Extinguisher', 'Exit Sign', 'Smoke Detector'].map((name, order) => ({ organizationId, name, order })))
    .returning({ id: schema.equipmentTypes.id });
  const typeIds = types.map((t) => t.id);
  await backend.db.insert(schema.tasks).values(
    typeIds.flatMap((equipmentTypeId) => [
      ...[1, 2, 3].map((n) => ({ organizationId, equipmentTypeId, cycleId: cycles[0]!.id, label: `Daily check ${n}`, type: 'boolean' as const, order: n })),
      { organizationId, equipmentTypeId, cycleId: cycles[1]!.id, label: 'Monthly check', type: 'boolean' as const, order: 10 },
    ]),
  );
  return { organizationId, dailyCycleId: cycles[0]!.id, monthlyCycleId: cycles[1]!.id, typeIds };
}

/**
 * Buildings `from`..`to` of the organization with their floors, locations and equipment, a year of daily walkabouts
 * (each locked 20 hours after it opened, today's still open) and twelve monthly ones, and their entries, sections and
 * results: per result 85 % satisfactory, 5 % unsatisfactory, 3 % N/A, 7 % unanswered; today's walkabout half answered.
 * One INSERT … SELECT per table over the whole range.
 */
async function generate(backend: TestBackend, f: Fixture, from: number, to: number): Promise<void> {
  const db = backend.db;
  const mine = sql`b.organization_id = ${f.organizationId} and b."order" between ${from} and ${to}`;
  const types = sql.raw(`'{${f.typeIds.join(',')}}'::integer[]`);
  await db.execute(sql`insert into buildings (organization_id, name, "order", time_zone)
    select ${f.organizationId}::int, 'Bench Building ' || i, i, 'UTC' from generate_series(${from}::int, ${to}::int) i`);
  await db.execute(sql`insert into floors (building_id, name, "order")
    select b.id, 'Floor ' || n, n from buildings b cross join generate_series(1, ${FLOORS}::int) n where ${mine}`);
  await db.execute(sql`insert into locations (building_id, floor_id, name, "order", regular_uuid)
    select b.id, fl.id, fl.name || ' Room ' || n, fl."order" * 100 + n, gen_random_uuid()::text
    from buildings b join floors fl on fl.building_id = b.id cross join generate_series(1, ${LOCATIONS_PER_FLOOR}::int) n where ${mine}`);
  await db.execute(sql`insert into location_equipment (location_id, equipment_type_id)
    select l.id, (${types})[1 + l.id % 3] from buildings b join locations l on l.building_id = b.id where ${mine}`);
  await db.execute(sql`insert into walkabouts (building_id, cycle_id, period_key, date, opened_at, locked_at)
    select b.id, ${f.dailyCycleId}::int, 'bench-d-' || d, current_date - d, now() - d * interval '1 day' - interval '1 hour',
      case when d = 0 then null else now() - d * interval '1 day' + interval '19 hours' end
    from buildings b cross join generate_series(0, ${DAYS - 1}::int) d where ${mine}
    union all
    select b.id, ${f.monthlyCycleId}::int, 'bench-m-' || m, (date_trunc('month', current_date) - m * interval '1 month')::date,
      date_trunc('month', now()) - m * interval '1 month', case when m = 0 then null else date_trunc('month', now()) - (m - 1) * interval '1 month' end
    from buildings b cross join generate_series(0, 11) m where ${mine}`);
  await db.execute(sql`insert into walkabout_floors (walkabout_id, floor_id, name, "order")
    select w.id, fl.id, fl.name, fl."order" from buildings b join walkabouts w on w.building_id = b.id join floors fl on fl.building_id = b.id where ${mine}`);
  await db.execute(sql`insert into entries (walkabout_id, walkabout_floor_id, location_id, location_equipment_id, equipment_type_id, "order", label, equipment_name, scanned_at)
    select w.id, wf.id, l.id, le.id, le.equipment_type_id, l."order", l.name, et.name,
      case when (w.id + l.id) % 10 < 8 then w.opened_at + interval '2 hours' end
    from buildings b join walkabouts w on w.building_id = b.id
    join walkabout_floors wf on wf.walkabout_id = w.id
    join locations l on l.floor_id = wf.floor_id
    join location_equipment le on le.location_id = l.id
    join equipment_types et on et.id = le.equipment_type_id
    where ${mine}`);
  await db.execute(sql`insert into sections (walkabout_id, entry_id, equipment_type_id, component_id, name, order_on_walkabout)
    select e.walkabout_id, e.id, e.equipment_type_id, null, e.equipment_name, e."order"
    from buildings b join walkabouts w on w.building_id = b.id join entries e on e.walkabout_id = w.id where ${mine}`);
  await db.execute(sql`insert into conditions (walkabout_id, entry_id, section_id, task_id, label, type, order_on_walkabout, value, satisfaction)
    select s.walkabout_id, s.entry_id, s.id, t.id, t.label, t.type, t."order",
      case when r < 85 then 'true'::jsonb when r < 90 then 'false'::jsonb when r < 93 then '"na"'::jsonb end,
      case when r < 85 then 'satisfactory' when r < 90 then 'unsatisfactory' else 'neutral' end
    from buildings b join walkabouts w on w.building_id = b.id
    join sections s on s.walkabout_id = w.id
    join tasks t on t.equipment_type_id = s.equipment_type_id and t.cycle_id = w.cycle_id
    cross join lateral (select case when w.locked_at is null and (s.entry_id + t.id) % 2 = 0 then 100 else (s.entry_id * 7 + t.id * 13) % 100 end as r) v
    where ${mine}`);
  await db.execute(sql`analyze`);
}

async function timed(backend: TestBackend, token: string, method: 'GET' | 'POST', url: string, payload?: unknown): Promise<{ ms: number; bytes: number }> {
  const start = performance.now();
  const response = await backend.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, ...(payload ? { 'content-type': 'application/json' } : {}) },
    payload: payload ? JSON.stringify(payload) : undefined,
  });
  const ms = performance.now() - start;
  if (response.statusCode !== 200) throw new Error(`${method} ${url} answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
  return { ms, bytes: response.body.length };
}

export function overviewBenchSizes(): number[] {
  const chosen = process.env.OVERVIEW_BENCH_SIZES?.split(',').map(Number).filter((n) => Number.isInteger(n) && n > 0);
  return chosen?.length ? [...chosen].sort((a, b) => a - b) : DEFAULT_SIZES;
}

export async function runOverviewBenches(sizes = overviewBenchSizes()): Promise<OverviewBenches> {
  if (!(await postgresAvailable())) {
    return { sizes: [], note: process.env.TEST_DATABASE_URL ? 'TEST_DATABASE_URL does not answer' : 'TEST_DATABASE_URL is not set (the overview bench runs on PostgreSQL)' };
  }
  const backend = await startTestBackend({ database: 'postgres' });
  try {
    const fixture = await organization(backend);
    const { token } = await signIn(backend.url, 'admin', 'demo1234');
    const results: OverviewSize[] = [];
    let built = 0;
    for (const size of sizes) {
      const t0 = performance.now();
      await generate(backend, fixture, built + 1, size);
      const generationSeconds = (performance.now() - t0) / 1000;
      built = size;
      const [counts] = await queryRows<{ walkabouts: number; results: number }>(
        backend.db,
        sql`select (select count(*)::int from walkabouts w join buildings b on b.id = w.building_id where b.organization_id = ${fixture.organizationId}) as walkabouts,
          (select count(*)::int from conditions c join walkabouts w on w.id = c.walkabout_id join buildings b on b.id = w.building_id where b.organization_id = ${fixture.organizationId}) as results`,
      );
      const ids = await queryRows<{ id: number }>(backend.db, sql`select id from buildings where organization_id = ${fixture.organizationId} order by "order"`);
      const filter = {
        building_ids: ids.filter((_, i) => i % 2 === 0).map((b) => b.id),
        walkabout_cycle_ids: [fixture.dailyCycleId],
        walkabout_types: ['incomplete'],
        equipment_ids: [{ id: fixture.typeIds[0], componentId: null }],
      };
      const org = fixture.organizationId;
      const times = { counters: [] as number[], filtered: [] as number[], baseline: [] as number[] };
      let countersBytes = 0;
      // Warm-up (plans, caches), then the three calls in turn so that all see the same load.
      for (let i = 0; i < ROUNDS + 2; i += 1) {
        const counters = await timed(backend, token, 'GET', `/organizations/${org}/entry-state-counters`);
        const filtered = await timed(backend, token, 'POST', `/organizations/${org}/entry-filtered-state-counters`, filter);
        const baseline = await timed(backend, token, 'GET', `/organizations/${org}`);
        if (i < 2) continue;
        times.counters.push(counters.ms);
        times.filtered.push(filtered.ms);
        times.baseline.push(baseline.ms);
        countersBytes = counters.bytes;
      }
      results.push({
        buildings: size,
        walkabouts: counts!.walkabouts,
        results: counts!.results,
        generationSeconds: Math.round(generationSeconds * 10) / 10,
        countersP50Ms: round(median(times.counters)),
        filteredP50Ms: round(median(times.filtered)),
        baselineP50Ms: round(median(times.baseline)),
        countersBytes,
      });
      console.log(formatOverviewSize(results.at(-1)!));
    }
    return { sizes: results, note: null };
  } finally {
    await backend.close();
  }
}

function formatOverviewSize(r: OverviewSize): string {
  return (
    `  ${r.buildings.toLocaleString('en-US')} buildings, ${r.walkabouts.toLocaleString('en-US')} walkabouts, ${r.results.toLocaleString('en-US')} results (generated in ${r.generationSeconds} s): ` +
    `entry-state-counters p50 ${r.countersP50Ms} ms = ${(r.countersP50Ms / r.baselineP50Ms).toFixed(1)}x GET /organizations/{id} (${r.baselineP50Ms} ms), ${(r.countersBytes / 1024).toFixed(0)} KiB; ` +
    `entry-filtered-state-counters p50 ${r.filteredP50Ms} ms = ${(r.filteredP50Ms / r.baselineP50Ms).toFixed(1)}x`
  );
}

export function summarizeOverviewBenches({ sizes, note }: OverviewBenches): string[] {
  if (note) return [`not measured: ${note}`];
  const lines = sizes.map(formatOverviewSize).map((line) => line.trim());
  const first = sizes[0];
  const last = sizes.at(-1);
  if (first && last && last !== first) {
    lines.push(
      `from ${first.buildings} to ${last.buildings} buildings (${(last.buildings / first.buildings).toFixed(0)}x): entry-state-counters ${(last.countersP50Ms / first.countersP50Ms).toFixed(1)}x, filtered ${(last.filteredP50Ms / first.filteredP50Ms).toFixed(1)}x; target under 1,000 ms at ${last.buildings}: ${last.countersP50Ms < 1000 ? 'met' : 'MISSED'}`,
    );
  }
  return lines;
}

export function formatOverviewBenches(result: OverviewBenches): string {
  return [`Overview dashboards on PostgreSQL, a year of daily walkabouts per building, medians of ${ROUNDS}:`, ...summarizeOverviewBenches(result).map((l) => `  ${l}`)].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(formatOverviewBenches(await runOverviewBenches()));
}
