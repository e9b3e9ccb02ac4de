/**
 * Vacuuming and analyzing the embedded database. PostgreSQL's autovacuum is a process of the server's own, and PGlite
 * runs PostgreSQL without one: left alone, a PGlite database never removes a dead row version (each update of a
 * condition by an autosave leaves one, and a job's row several) and never gathers statistics, so its tables and
 * indexes grow without end and every plan rests on default guesses. PostgreSQL itself needs nothing of this (its
 * autovacuum runs); PGlite gets the same rule, applied by the backend (startEmbeddedMaintenance, from startBackend):
 * every minute the tables' counters (pg_stat_user_tables) are read, and a table is vacuumed when its dead rows pass
 * 50 + 20 % of its rows or the rows inserted since its last vacuum 1,000 + 20 %, and analyzed when the rows changed
 * since its last analysis pass 50 + 10 % (PostgreSQL's autovacuum defaults), or it was never analyzed. One table at a time, each a statement of
 * its own, so requests run between them (PGlite runs one statement at a time).
 */
import type { PGlite } from '@electric-sql/pglite';
import { clientOf, type Database } from './client';

/** PostgreSQL's defaults: autovacuum_{vacuum,vacuum_insert,analyze}_{threshold,scale_factor}. */
const RULE = { deadBase: 50, deadScale: 0.2, insertedBase: 1000, insertedScale: 0.2, changedBase: 50, changedScale: 0.1 } as const;

export type TableCounters = { rows: number; dead: number; insertedSinceVacuum: number; changedSinceAnalyze: number };
export type DueWork = { vacuum: boolean; analyze: boolean };
export type TableWork = DueWork & { table: string };

/** What the rule asks of a table with these counters (`rows` is pg_class.reltuples, -1 before its first vacuum or analysis). */
export function dueWork({ rows, dead, insertedSinceVacuum, changedSinceAnalyze }: TableCounters): DueWork {
  const known = Math.max(rows, 0);
  const vacuum = dead > RULE.deadBase + RULE.deadScale * known || insertedSinceVacuum > RULE.insertedBase + RULE.insertedScale * known;
  // Never analyzed (reltuples -1): the counters are kept in memory only, so rows written before the database was last
  // opened are not among the changes counted; analyzed once, the table follows the rule.
  return { vacuum, analyze: rows < 0 || changedSinceAnalyze > RULE.changedBase + RULE.changedScale * known };
}

type CounterRow = { schema: string; name: string; rows: number; dead: string; inserted: string; changed: string };

/** The tables of `client` the rule asks work of now. */
async function dueTables(client: PGlite): Promise<TableWork[]> {
  // A session reports its counters at most once a second; this has the next report made now, before they are read.
  await client.query('select pg_stat_force_next_flush()');
  const { rows } = await client.query<CounterRow>(
    `select s.schemaname as schema, s.relname as name, c.reltuples::float8 as rows, s.n_dead_tup::text as dead,
       s.n_ins_since_vacuum::text as inserted, s.n_mod_since_analyze::text as changed
     from pg_stat_user_tables s join pg_class c on c.oid = s.relid order by s.schemaname, s.relname`,
  );
  return rows.flatMap((row) => {
    const work = dueWork({ rows: row.rows, dead: Number(row.dead), insertedSinceVacuum: Number(row.inserted), changedSinceAnalyze: Number(row.changed) });
    if (!work.vacuum && !work.analyze) return [];
    return [{ table: `"${row.schema.replace(/"/g, '""')}"."${row.name.replace(/"/g, '""')}"`, ...work }];
  });
}

/** One round of the rule over the tables of a PGlite database: what it did, table by table. */
export async function maintainEmbeddedDatabase(db: Database): Promise<TableWork[]> {
  const client = clientOf(db) as PGlite;
  const done: TableWork[] = [];
  for (const work of await dueTables(client)) {
    await client.exec(`${work.vacuum ? (work.analyze ? 'vacuum (analyze)' : 'vacuum') : 'analyze'} ${work.table}`);
    done.push(work);
  }
  return done;
}

export type MaintenanceOptions = {
  intervalMs: number;
  /** Told of every round that did something, and of a round that failed (the next one runs all the same). */
  log: { info(message: string): void; error(message: string): void };
};

/** Runs maintainEmbeddedDatabase every `intervalMs` (never two rounds at once); the answer stops it, after the round under way. */
export function startEmbeddedMaintenance(db: Database, { intervalMs, log }: MaintenanceOptions): () => Promise<void> {
  let stopped = false;
  let round: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout;
  const schedule = () => {
    timer = setTimeout(() => {
      round = maintainEmbeddedDatabase(db).then(
        (done) => {
          if (done.length) log.info(`database maintenance: ${done.map((w) => `${w.table} ${[w.vacuum && 'vacuumed', w.analyze && 'analyzed'].filter(Boolean).join(' and ')}`).join(', ')}`);
        },
        (error: unknown) => log.error(`database maintenance failed: ${error instanceof Error ? error.message : String(error)}`),
      );
      void round.then(() => !stopped && schedule());
    }, intervalMs).unref();
  };
  schedule();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await round;
  };
}
