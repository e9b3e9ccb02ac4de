/**
 * The embedded database is vacuumed and analyzed (db/maintenance.ts): PGlite runs no autovacuum of its own, so without
 * this a table's dead row versions were never removed (the table grew with every update) and no table ever had
 * statistics. PostgreSQL runs its own autovacuum and gets nothing from the backend.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend } from '../src/index';
import { dueWork, maintainEmbeddedDatabase } from '../src/db/maintenance';
import { seed, type TestBackend } from '../src/testing';
import { startTestBackend } from './helpers';

describe('the rule of PostgreSQL autovacuum that decides what a table needs', () => {
  const counters = { rows: 1_000, dead: 0, insertedSinceVacuum: 0, changedSinceAnalyze: 0 };
  it('vacuums past 50 + 20 % dead rows, or 1,000 + 20 % rows inserted since the last vacuum', () => {
    expect(dueWork({ ...counters, dead: 250 })).toEqual({ vacuum: false, analyze: false });
    expect(dueWork({ ...counters, dead: 251 }).vacuum).toBe(true);
    expect(dueWork({ ...counters, insertedSinceVacuum: 1_200 }).vacuum).toBe(false);
    expect(dueWork({ ...counters, insertedSinceVacuum: 1_201 }).vacuum).toBe(true);
  });
  it('analyzes past 50 + 10 % rows changed since the last analysis', () => {
    expect(dueWork({ ...counters, changedSinceAnalyze: 150 }).analyze).toBe(false);
    expect(dueWork({ ...counters, changedSinceAnalyze: 151 }).analyze).toBe(true);
  });
  it('analyzes a table never analyzed (reltuples -1), and counts its rows as none', () => {
    expect(dueWork({ rows: -1, dead: 0, insertedSinceVacuum: 0, changedSinceAnalyze: 0 })).toEqual({ vacuum: false, analyze: true });
    expect(dueWork({ rows: -1, dead: 51, insertedSinceVacuum: 0, changedSinceAnalyze: 0 })).toEqual({ vacuum: true, analyze: true });
  });
});

type TableState = { size: number; dead: number; vacuumed: boolean; analyzed: boolean };

async function buildingsTable(backend: Pick<TestBackend, 'db'>): Promise<TableState> {
  await backend.db.execute(sql`select pg_stat_force_next_flush()`);
  const result = await backend.db.execute(sql`select pg_relation_size('buildings')::int as size, s.n_dead_tup::int as dead,
      s.last_vacuum is not null as vacuumed, s.last_analyze is not null as analyzed
    from pg_stat_user_tables s where s.relname = 'buildings'`);
  return (result as unknown as { rows: TableState[] }).rows[0]!;
}

describe('maintaining the embedded database', () => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await startTestBackend({ database: 'pglite' });
    await seed(backend.db).organization('Churn Towers', (o) => {
      for (let b = 0; b < 300; b += 1) o.building(`Tower ${b}`);
      return o;
    });
  });
  afterAll(async () => {
    await backend?.close();
  });

  /** Every building of the organization written again, as edits and autosaves write rows again. */
  const churn = async (times: number) => {
    for (let i = 0; i < times; i += 1) await backend.db.execute(sql`update buildings set "order" = ${i} where name like ${"Tower %"}`);
  };

  it('removes the dead rows of a table written again and again, so that it stops growing', async () => {
    await maintainEmbeddedDatabase(backend.db);
    await churn(6);
    const churned = await buildingsTable(backend);
    expect(churned.dead).toBeGreaterThan(1_000);
    const done = await maintainEmbeddedDatabase(backend.db);
    expect(done).toContainEqual({ table: '"public"."buildings"', vacuum: true, analyze: true });
    const vacuumed = await buildingsTable(backend);
    expect(vacuumed).toMatchObject({ dead: 0, vacuumed: true, analyzed: true });
    // The same writes again fill the room the vacuum made instead of growing the table.
    for (let round = 0; round < 3; round += 1) {
      await churn(6);
      await maintainEmbeddedDatabase(backend.db);
    }
    expect((await buildingsTable(backend)).size).toBeLessThanOrEqual(churned.size);
  });

  it('does nothing to a table with nothing new since its last round', async () => {
    await maintainEmbeddedDatabase(backend.db);
    expect((await maintainEmbeddedDatabase(backend.db)).map((work) => work.table)).not.toContain('"public"."buildings"');
  });
});

describe('the embedded backend', () => {
  it('runs the maintenance by itself, every maintenanceIntervalMs, and stops it when closed', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'fsi-maintenance-'));
    const started = await startBackend({ port: 0, dataDir, seedDemo: false, maintenanceIntervalMs: 100, scheduleIntervalMs: 3_600_000 });
    try {
      const db = started.app.db;
      await seed(db).organization('Churn Towers', (o) => {
        for (let b = 0; b < 100; b += 1) o.building(`Tower ${b}`);
        return o;
      });
      for (let i = 0; i < 3; i += 1) await db.execute(sql`update buildings set "order" = ${i}`);
      const deadline = Date.now() + 10_000;
      let state = await buildingsTable({ db });
      while (!(state.vacuumed && state.analyzed) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        state = await buildingsTable({ db });
      }
      expect(state).toMatchObject({ dead: 0, vacuumed: true, analyzed: true });
    } finally {
      await started.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
