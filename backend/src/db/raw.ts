/**
 * Raw SQL for the set-based statements Drizzle's builder cannot express (INSERT … SELECT with
 * window functions, UPDATE … FROM jsonb_to_recordset). Both drivers answer `{ rows }`.
 */
import type { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from './client';

export async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** A value of a prepared statement: integer lists and timestamps are all it takes. */
export type PreparedValue = number[] | Date;

/** The statements prepared on each PGlite database (its one session keeps them until it closes). */
const preparedOn = new WeakMap<object, Map<string, Promise<void>>>();

function literal(value: PreparedValue): string {
  if (value instanceof Date) return `'${value.toISOString()}'::timestamptz`;
  for (const n of value) if (!Number.isSafeInteger(n)) throw new TypeError(`Not an integer: ${n}`);
  return `'{${value.join(',')}}'::integer[]`;
}

/**
 * Runs a statement that is planned once per connection and reused (a prepared statement), for a
 * statement costly to plan and run often (issue 8: planning the buildings' derived fields took most
 * of the buildings screen's time on PGlite). `query` holds $1, $2, … where `values` go; its text
 * must not depend on them, and one name is one text. On PostgreSQL node-postgres prepares it on
 * each pooled connection the first time it runs there; on PGlite it is PREPAREd once and run with
 * EXECUTE, its values written as literals (integer lists and timestamps only, checked above).
 */
export async function preparedRows<T>(db: Database, name: string, query: SQL, values: PreparedValue[]): Promise<T[]> {
  const client = (db as unknown as { $client: object }).$client;
  const dialect = (db as unknown as { dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } } }).dialect;
  if (client instanceof pg.Pool) {
    const text = dialect.sqlToQuery(query).sql;
    const result = await client.query({ name, text, values: values.map((v) => (v instanceof Date ? v.toISOString() : v)) });
    return result.rows as T[];
  }
  const lite = client as PGlite;
  let prepared = preparedOn.get(lite);
  if (!prepared) preparedOn.set(lite, (prepared = new Map()));
  // The promise is kept, not the outcome: two requests that need the statement at once must not both PREPARE it
  // (the second failed with 'prepared statement already exists', a 500 for one of two concurrent presses).
  let preparing = prepared.get(name);
  if (!preparing) {
    const { sql: text, params } = dialect.sqlToQuery(query);
    if (params.length) throw new Error(`A prepared statement takes its values as $n, not as parameters: ${name}`);
    preparing = lite.exec(`prepare ${name} as ${text}`).then(() => undefined);
    prepared.set(name, preparing);
    preparing.catch(() => prepared.delete(name));
  }
  await preparing;
  const result = await lite.query<T>(`execute ${name}(${values.map(literal).join(', ')})`);
  return result.rows;
}
