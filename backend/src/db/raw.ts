/**
 * Raw SQL for the set-based statements Drizzle's builder cannot express (INSERT … SELECT with
 * window functions, UPDATE … FROM jsonb_to_recordset). Both drivers answer `{ rows }`.
 */
import type { PGlite } from '@electric-sql/pglite';
import { aliasedTable, Column, getTableColumns, is, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
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

/**
 * Rows as one JSON value (issue 8): for a statement that answers many rows, json_agg of one object per
 * row, keyed by the given property names, read back with rowFromJson. node-postgres and PGlite decode
 * each field and Drizzle maps each value, which for the 1,000 conditions of a save cost more than the
 * database's own work; one json_agg is one field and one native JSON.parse. Timestamp columns come
 * back as Dates; text, integers, booleans and jsonb come as JSON gives them, which is what Drizzle
 * maps them to. `fields` are columns (of a table or of an alias, columnsOf) or SQL values.
 */
export type JsonFields = Record<string, Column | SQL>;

export function jsonRows(fields: JsonFields): SQL<Record<string, unknown>[]> {
  const entries = Object.entries(fields);
  // json_build_object takes at most 100 arguments, a name and a value each.
  if (entries.length > 50) throw new Error(`json_build_object takes at most 50 fields, not ${entries.length}`);
  const pairs = entries.map(([key, value]) => {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(key)) throw new Error(`Not a property name: ${key}`);
    return sql`${sql.raw(`'${key}'`)}, ${value}`;
  });
  return sql<Record<string, unknown>[]>`coalesce(json_agg(json_build_object(${sql.join(pairs, sql`, `)})), '[]'::json)`;
}

/** The columns of `table` as the rows of `alias` (a CTE or subquery with the table's columns) name them. */
export function columnsOf<T extends PgTable>(table: T, alias: string): { [K in keyof T['_']['columns']]: Column } {
  const aliased = aliasedTable(table, alias) as unknown as Record<string, Column>;
  return Object.fromEntries(Object.keys(getTableColumns(table)).map((key) => [key, aliased[key]!])) as { [K in keyof T['_']['columns']]: Column };
}

export function rowFromJson<T>(fields: JsonFields, json: Record<string, unknown>): T {
  for (const [key, field] of Object.entries(fields)) {
    if (is(field, Column) && field.columnType === 'PgTimestamp' && typeof json[key] === 'string') json[key] = new Date(json[key]);
  }
  return json as T;
}
