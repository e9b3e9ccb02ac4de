/**
 * pg-boss over PGlite (its `db` option). PGlite is one connection, shared with the app's queries;
 * each of its calls runs alone (PGlite's own lock), and its transactions hold that lock until they end.
 * pg-boss sends three kinds of SQL:
 * - one statement with parameters: PGlite's query();
 * - a script wrapped in BEGIN ... COMMIT (its schema creation and migrations, queue creation, under an
 *   advisory transaction lock): run as one PGlite transaction, so that a failing statement rolls the
 *   script back instead of leaving the shared connection inside an aborted transaction;
 * - other scripts without parameters: PGlite's exec().
 * Advisory locks and FOR UPDATE SKIP LOCKED work as on PostgreSQL (PGlite is PostgreSQL); with one
 * connection there is never anything to skip. Timestamps come back as Dates, as from node-postgres:
 * PGlite's own parsers, which the app's client leaves to Drizzle's reading as text (db/pglite-plans.ts).
 */
import type { PGlite } from '@electric-sql/pglite';
import type PgBoss from 'pg-boss';
import { pgliteParsers } from '../db/pglite-plans';

const WRAPPED = /^\s*BEGIN\s*;([\s\S]*?);?\s*COMMIT\s*;?\s*$/i;

type Result = { rows: any[] }; // eslint-disable-line @typescript-eslint/no-explicit-any

export function pgliteDb(client: PGlite): PgBoss.Db {
  return {
    async executeSql(text: string, values?: unknown[]): Promise<Result> {
      const options = { parsers: pgliteParsers(client) };
      if (values && values.length > 0) return client.query(text, values, options);
      const wrapped = WRAPPED.exec(text);
      if (wrapped) {
        const results = await client.transaction((tx) => tx.exec(wrapped[1]!, options));
        return results.at(-1) ?? { rows: [] };
      }
      const results = await client.exec(text, options);
      return results.at(-1) ?? { rows: [] };
    },
  };
}
