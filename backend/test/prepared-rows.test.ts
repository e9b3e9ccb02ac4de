/**
 * preparedRows (db/raw.ts): a statement PREPAREd once per session and run with EXECUTE, on PostgreSQL on its generic
 * plan in the same round trip. What a caller sees must not change: the rows for the values given, at every run and
 * from every connection; a failed run leaves nothing behind (the next one answers); and the session's plan choice is
 * its own again afterwards, for every other statement (on PGlite the session's own is the generic plan, pglite-plans.ts).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparedRows, queryRows } from '../src/db/raw';
import type { TestBackend } from '../src/testing';
import { databases, startTestBackend } from './helpers';

describe.each(databases)('prepared statements on %s', (database) => {
  let backend: TestBackend;
  let sessionPlans: string;
  const planChoice = async () => (await queryRows<{ plan_cache_mode: string }>(backend.db, sql`show plan_cache_mode`))[0]!.plan_cache_mode;

  beforeAll(async () => {
    backend = await startTestBackend({ database, seed: 'none' });
    sessionPlans = await planChoice();
    expect(sessionPlans).toBe(database === 'pglite' ? 'force_generic_plan' : 'auto');
  });
  afterAll(async () => {
    await backend?.close();
  });

  const inverses = (values: number[], at: Date) =>
    preparedRows<{ v: number; q: number; at: string }>(
      backend.db,
      'test_inverses',
      sql`select v, 100 / v as q, to_char(${sql.raw('$2::timestamptz')} at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as at
        from unnest(${sql.raw('$1::integer[]')}) v order by v`,
      [values, at],
    );

  it('answers the rows of the values given at every run, also many at once, and leaves the plan choice as it was', async () => {
    const at = new Date('2026-11-27T01:02:03Z');
    expect(await inverses([4, 1], at)).toEqual([
      { v: 1, q: 100, at: '2026-11-27 01:02' },
      { v: 4, q: 25, at: '2026-11-27 01:02' },
    ]);
    const runs = await Promise.all([[1], [2, 5], [10], [20, 25, 50], []].map((values) => inverses(values, at)));
    expect(runs.map((rows) => rows.map((r) => r.q))).toEqual([[100], [50, 20], [10], [5, 4, 2], []]);
    expect(await planChoice()).toBe(sessionPlans);
  });

  it('answers again after a run that failed', async () => {
    const at = new Date('2026-11-27T01:02:03Z');
    await expect(inverses([0], at)).rejects.toThrow(/division by zero/);
    expect((await inverses([50], at)).map((r) => r.q)).toEqual([2]);
    expect(await planChoice()).toBe(sessionPlans);
  });

  it('refuses a value that is not an integer list or a time, before it reaches the database', async () => {
    await expect(inverses([1.5], new Date())).rejects.toThrow('Not an integer: 1.5');
  });
});
