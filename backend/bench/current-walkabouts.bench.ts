/**
 * Create Current Walkabouts and the Manage Locations screen on a building of 500 locations (issue 12 point 9), part 8
 * of the root `npm run bench` (`npm run bench -- current-walkabouts` runs this part alone; so does
 * `npx tsx backend/bench/current-walkabouts.bench.ts`). The building is made with bulk SQL inserts: 20 floors of 25
 * locations, each location with 1 to 3 pieces of equipment of three types (one with two components), 4 tasks per type and
 * component on a non-repeating cycle; its walkabout is open. Each round, on the same backend and interleaved so that
 * all see the same load:
 * - baseline: creating that walkabout from scratch (POST /walkabouts: the whole snapshot), after locking the last one;
 * - the press with nothing to change (POST /buildings/{id}/walkabouts: the second press of a user);
 * - the press after one floor's 25 locations lost (even rounds) or got back (odd rounds) their equipment;
 * - GET /buildings/{id} (a cheap authenticated call reading one building and its counts);
 * - the Manage Locations screen's query: GET /locations?filter[building]={id}&page[size]=500, every location in one call.
 * Each is one REST call. On PGlite, and on PostgreSQL when TEST_DATABASE_URL answers.
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import { queryRows } from '../src/db/raw';
import * as t from '../src/db/schema';
import { locationUuid } from '../src/seed/uuid';
import { postgresAvailable, signIn, startTestBackend, type TestBackend } from '../src/testing';
import { databaseLabel, type DatabaseKind } from './walkabouts.bench';

const LOCATIONS = 500;
const PER_FLOOR = 25;
const TASKS_PER_GROUP = 4;
const ROUNDS = 10;
const WARMUP = 2;

export type CurrentWalkaboutsBench = {
  kind: DatabaseKind;
  locations: number;
  entries: number;
  conditions: number;
  /** Entries the changing press removed or added (one floor's equipment). */
  changedEntries: number;
  createP50Ms: number;
  noChangeP50Ms: number;
  changeP50Ms: number;
  buildingP50Ms: number;
  locationsP50Ms: number;
  /** Locations the Manage Locations call answered. */
  locationsListed: number;
};
export type CurrentWalkaboutsBenches = { results: CurrentWalkaboutsBench[]; postgresNote: string | null };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const round = (ms: number) => Math.round(ms * 100) / 100;

type Big = { buildingId: number; cycleId: number; floorEquipment: number[] };

/** The building of 500 locations, with bulk inserts (a handful of statements). */
async function seedBuilding(db: Database, organizationId: number): Promise<Big> {
  const [building] = await db
    .insert(t.buildings)
    .values({ organizationId, name: 'Bench Tower (500 locations)', timeZone: 'America/Toronto', contractAcceptedAt: new Date() })
    .returning({ id: t.buildings.id });
  const [cycle] = await db.insert(t.cycles).values({ organizationId, name: 'Bench Survey', abbreviation: 'BS' }).returning({ id: t.cycles.id });
  const types = await db
    .insert(t.equipmentTypes)
    .values(['Bench Extinguisher', 'Bench Exit Sign', 'Bench Emergency Light'].map((name, order) => ({ organizationId, name, aliasName: `B${order}`, order })))
    .returning({ id: t.equipmentTypes.id });
  const components = await db
    .insert(t.equipmentComponents)
    .values(['Battery Unit', 'Remote Heads'].map((name, order) => ({ equipmentTypeId: types[2]!.id, name, order })))
    .returning({ id: t.equipmentComponents.id });
  const groups: { typeId: number; componentId: number | null }[] = [
    ...types.map((type) => ({ typeId: type.id, componentId: null })),
    ...components.map((component) => ({ typeId: types[2]!.id, componentId: component.id })),
  ];
  await db.insert(t.tasks).values(
    groups.flatMap((group, g) =>
      Array.from({ length: TASKS_PER_GROUP }, (_, i) => ({
        organizationId,
        equipmentTypeId: group.typeId,
        componentId: group.componentId,
        cycleId: cycle!.id,
        label: `Check ${g}.${i + 1}`,
        type: 'boolean' as const,
        typeSatisfactoryValue: 'true',
        typeUnsatisfactoryValue: 'false',
        order: i,
      })),
    ),
  );
  const floors = await db
    .insert(t.floors)
    .values(Array.from({ length: LOCATIONS / PER_FLOOR }, (_, i) => ({ buildingId: building!.id, name: `Level ${i + 1}`, order: i })))
    .returning({ id: t.floors.id });
  const locations = await db
    .insert(t.locations)
    .values(
      Array.from({ length: LOCATIONS }, (_, i) => ({
        buildingId: building!.id,
        floorId: floors[Math.floor(i / PER_FLOOR)]!.id,
        name: `Room ${i + 1}`,
        order: i % PER_FLOOR,
        regularUuid: locationUuid(),
      })),
    )
    .returning({ id: t.locations.id });
  const equipment = await db
    .insert(t.locationEquipment)
    .values(locations.flatMap((location, i) => Array.from({ length: 1 + (i % 3) }, (_, k) => ({ locationId: location.id, equipmentTypeId: types[k]!.id, typeOrder: k }))))
    .returning({ id: t.locationEquipment.id, locationId: t.locationEquipment.locationId });
  const firstFloor = new Set(locations.slice(0, PER_FLOOR).map((l) => l.id));
  return { buildingId: building!.id, cycleId: cycle!.id, floorEquipment: equipment.filter((e) => firstFloor.has(e.locationId)).map((e) => e.id) };
}

async function timed(backend: TestBackend, token: string, method: 'GET' | 'POST', url: string, payload?: unknown) {
  const start = performance.now();
  const response = await backend.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, ...(payload === undefined ? {} : { 'content-type': 'application/vnd.api+json' }) },
    payload: payload === undefined ? undefined : JSON.stringify(payload),
  });
  const ms = performance.now() - start;
  if (response.statusCode >= 300) throw new Error(`${method} ${url} answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
  return { ms, body: response.json() as { data: unknown; meta?: { changes?: { entriesAdded: number; entriesRemoved: number } } } };
}

export async function benchCurrentWalkabouts(kind: DatabaseKind): Promise<CurrentWalkaboutsBench> {
  const backend = await startTestBackend({ database: kind });
  try {
    const [organization] = await backend.db.select({ id: t.organizations.id }).from(t.organizations).limit(1);
    const big = await seedBuilding(backend.db, organization!.id);
    await backend.db.execute(sql`analyze`);
    const { token } = await signIn(backend.url, 'admin', 'demo1234');
    const create = { data: { relationships: { building: { data: { id: String(big.buildingId) } }, cycle: { data: { id: String(big.cycleId) } } } } };
    const times = { create: [] as number[], noChange: [] as number[], change: [] as number[], building: [] as number[], locations: [] as number[] };
    let changedEntries = 0;
    let locationsListed = 0;
    for (let i = 0; i < ROUNDS + WARMUP; i += 1) {
      await backend.db
        .update(t.walkabouts)
        .set({ lockedAt: new Date(Date.now() - 60_000) })
        .where(and(eq(t.walkabouts.buildingId, big.buildingId), sql`${t.walkabouts.lockedAt} is null`));
      const created = await timed(backend, token, 'POST', '/walkabouts', create);
      const noChange = await timed(backend, token, 'POST', `/buildings/${big.buildingId}/walkabouts`);
      await backend.db.update(t.locationEquipment).set({ disabled: i % 2 === 0 }).where(inArray(t.locationEquipment.id, big.floorEquipment));
      const change = await timed(backend, token, 'POST', `/buildings/${big.buildingId}/walkabouts`);
      const building = await timed(backend, token, 'GET', `/buildings/${big.buildingId}`);
      const locations = await timed(backend, token, 'GET', `/locations?filter[building]=${big.buildingId}&page[size]=500`);
      const noChangeCounts = noChange.body.meta!.changes!;
      if (noChangeCounts.entriesAdded + noChangeCounts.entriesRemoved !== 0) throw new Error(`The second press changed entries: ${JSON.stringify(noChangeCounts)}`);
      const counts = change.body.meta!.changes!;
      changedEntries = counts.entriesAdded + counts.entriesRemoved;
      if (changedEntries === 0) throw new Error('The press after a change changed nothing');
      locationsListed = (locations.body.data as unknown[]).length;
      if (i < WARMUP) continue;
      times.create.push(created.ms);
      times.noChange.push(noChange.ms);
      times.change.push(change.ms);
      times.building.push(building.ms);
      times.locations.push(locations.ms);
    }
    const [counts] = await queryRows<{ entries: number; conditions: number }>(
      backend.db,
      sql`select (select count(*) from entries e where e.walkabout_id = w.id)::int as entries,
          (select count(*) from conditions c where c.walkabout_id = w.id)::int as conditions
        from walkabouts w where w.building_id = ${big.buildingId} order by w.id limit 1`,
    );
    return {
      kind,
      locations: LOCATIONS,
      entries: counts!.entries,
      conditions: counts!.conditions,
      changedEntries,
      createP50Ms: round(median(times.create)),
      noChangeP50Ms: round(median(times.noChange)),
      changeP50Ms: round(median(times.change)),
      buildingP50Ms: round(median(times.building)),
      locationsP50Ms: round(median(times.locations)),
      locationsListed,
    };
  } finally {
    await backend.close();
  }
}

export async function runCurrentWalkaboutsBenches(): Promise<CurrentWalkaboutsBenches> {
  const postgres = await postgresAvailable();
  const kinds: DatabaseKind[] = postgres ? ['pglite', 'postgres'] : ['pglite'];
  const postgresNote = postgres ? null : process.env.TEST_DATABASE_URL ? 'TEST_DATABASE_URL does not answer' : 'TEST_DATABASE_URL is not set';
  const results: CurrentWalkaboutsBench[] = [];
  for (const kind of kinds) results.push(await benchCurrentWalkabouts(kind));
  return { results, postgresNote };
}

const x = (value: number) => `${value.toFixed(2)}x`;

/**
 * A press refreshes a walkabout that exists and does less than creating it (0.8-1.1x here): above this ratio a plan has
 * gone wrong, as after migration 0018 on PostgreSQL (9.7x, a per-section rescan of the walkabout's conditions), which
 * the figures showed and no line called out.
 */
export const PRESS_GUARD_RATIO = 1.5;
const guard = (r: CurrentWalkaboutsBench) => {
  const worst = Math.max(r.changeP50Ms, r.noChangeP50Ms) / r.createP50Ms;
  return `press ≤ ${PRESS_GUARD_RATIO}x creating from scratch: ${worst <= PRESS_GUARD_RATIO ? 'met' : 'MISSED'} (${x(worst)})`;
};

/** One line per database for the summary of `npm run bench`. */
export function summarizeCurrentWalkaboutsBenches({ results }: CurrentWalkaboutsBenches): string[] {
  return results.map(
    (r) =>
      `${databaseLabel(r.kind)}: press ${r.changeP50Ms} ms after a change (${x(r.changeP50Ms / r.createP50Ms)} creating the snapshot, ${x(r.changeP50Ms / r.buildingP50Ms)} GET /buildings/{id}), ` +
      `${r.noChangeP50Ms} ms with nothing to change (${x(r.noChangeP50Ms / r.createP50Ms)}); Manage Locations ${r.locationsP50Ms} ms (${x(r.locationsP50Ms / r.buildingP50Ms)} GET /buildings/{id}); 1 REST call each; ${guard(r)}`,
  );
}

export function formatCurrentWalkaboutsBenches(benches: CurrentWalkaboutsBenches): string {
  const lines = [`Create Current Walkabouts and Manage Locations on a building of ${LOCATIONS} locations, medians of ${ROUNDS} rounds, one REST call each:`];
  for (const r of benches.results) {
    lines.push(
      `  ${databaseLabel(r.kind)}: a walkabout of ${r.entries.toLocaleString('en-US')} entries and ${r.conditions.toLocaleString('en-US')} conditions`,
      `    POST /buildings/{id}/walkabouts after one floor changed (${r.changedEntries} entries): p50 ${r.changeP50Ms} ms = ${x(r.changeP50Ms / r.createP50Ms)} creating the walkabout from scratch (POST /walkabouts, ${r.createP50Ms} ms) = ${x(r.changeP50Ms / r.buildingP50Ms)} GET /buildings/{id} (${r.buildingP50Ms} ms)`,
      `    POST /buildings/{id}/walkabouts with nothing to change: p50 ${r.noChangeP50Ms} ms = ${x(r.noChangeP50Ms / r.createP50Ms)} creating from scratch`,
      `    Manage Locations, GET /locations?filter[building]={id}&page[size]=500 (${r.locationsListed} locations): p50 ${r.locationsP50Ms} ms = ${x(r.locationsP50Ms / r.buildingP50Ms)} GET /buildings/{id}`,
      `    guard: ${guard(r)}`,
    );
  }
  if (benches.postgresNote) lines.push(`  PostgreSQL not measured: ${benches.postgresNote}`);
  return lines.join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(formatCurrentWalkaboutsBenches(await runCurrentWalkaboutsBenches()));
}
