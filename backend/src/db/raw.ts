/**
 * Raw SQL for the set-based statements Drizzle's builder cannot express (INSERT … SELECT with
 * window functions, UPDATE … FROM json_to_recordset). Both drivers answer `{ rows }`.
 */
import type { PGlite } from '@electric-sql/pglite';
import { aliasedTable, Column, getTableColumns, is, sql, type SQL } from 'drizzle-orm';
import { PgDialect, type PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { clientOf, DATABASE_CASING, type Database } from './client';

export async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * `column = any('{1,2,3}'::integer[])`: a list of ids as one array value, one parameter however many ids. Drizzle's
 * inArray binds a parameter per id: for the 1,000 conditions of a save, building and binding 1,000 parameters cost more
 * than the lookup (measured here for the notifications that follow such a save: 31 against 25 ms of CPU on PGlite,
 * 21-22 against 16-19 ms on PostgreSQL). The ids must be integers.
 */
export function anyId(column: Column | SQL, ids: readonly number[]): SQL {
  return sql`${column} = any(${idArray(ids)})`;
}

/**
 * `column in (select unnest('{1,2,3}'::integer[]))`: anyId for a list that filters rows another condition finds (the
 * conditions of one walkabout, say). PGlite runs its reads on generic plans (pglite-plans.ts), where `= any($1)` as a
 * filter compares each row with each id in turn: for the 1,000 conditions of a save, a million comparisons (3 ms of
 * 10 to read their definitions); as a semi-join each row is one hash probe. On PostgreSQL the two take the same time.
 */
export function inIds(column: Column | SQL, ids: readonly number[]): SQL {
  return sql`${column} in (select unnest(${idArray(ids)}))`;
}

/** `'{1,2,3}'::integer[]`: a list of ids as one array value (see anyId). The ids must be integers. */
export function idArray(ids: readonly number[]): SQL {
  return sql`${idsText(ids)}::integer[]`;
}

/**
 * idArray written into the statement's text rather than bound: the planner sees a constant array, also in a generic
 * plan (PGlite plans its reads generically, pglite-plans.ts), and PostgreSQL tests `= any(…)` of a constant array of
 * nine ids or more with one hash lookup per row rather than a comparison with each id. For lists that filter many rows
 * (the overview's filters, the ids a statement read a moment ago). The ids must be integers.
 */
export function idArrayLiteral(ids: readonly number[]): SQL {
  return sql.raw(`'${idsText(ids)}'::integer[]`);
}

function idsText(ids: readonly number[]): string {
  for (const id of ids) if (!Number.isSafeInteger(id)) throw new TypeError(`Not an id: ${id}`);
  return `{${ids.join(',')}}`;
}

/** A value of a prepared statement: integer lists and timestamps are all it takes. */
export type PreparedValue = number[] | Date;

/** The statements prepared on each PGlite database (its one session keeps them until it closes). */
const preparedOn = new WeakMap<object, Map<string, Promise<void>>>();
/** The statements prepared on each PostgreSQL connection of a pool (its session keeps them until it closes). */
const preparedOnConnection = new WeakMap<pg.PoolClient, Set<string>>();

type Dialect = { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };

/** The text of a statement or part that has no values (a prepared statement takes them as $n; fixedSql none at all). */
function textOf(dialect: Dialect, query: SQL, name: string): string {
  const { sql: text, params } = dialect.sqlToQuery(query);
  if (params.length) throw new Error(`A statement written once takes no parameters (a prepared one takes its values as $n): ${name}`);
  return text;
}

function literal(value: PreparedValue): string {
  if (value instanceof Date) return `'${value.toISOString()}'::timestamptz`;
  for (const n of value) if (!Number.isSafeInteger(n)) throw new TypeError(`Not an integer: ${n}`);
  return `'{${value.join(',')}}'::integer[]`;
}

/**
 * Runs a statement that is planned once per connection and reused (a prepared statement), for a
 * statement costly to plan and run often (issue 8: planning the buildings' derived fields took most
 * of the buildings screen's time on PGlite). `query` holds $1, $2, … where `values` go; its text
 * must not depend on them, and one name is one text. It is PREPAREd once per session (on PostgreSQL
 * each pooled connection, the first time it runs there; on PGlite its one session) and run with
 * EXECUTE, its values written as literals (integer lists and timestamps only, checked above); on
 * PostgreSQL on its generic plan, in the same round trip.
 */
export async function preparedRows<T>(db: Database, name: string, query: SQL, values: PreparedValue[]): Promise<T[]> {
  const client = clientOf(db);
  const dialect = (db as unknown as { dialect: Dialect }).dialect;
  if (client instanceof pg.Pool) {
    const connection = await client.connect();
    let failed = false;
    try {
      let prepared = preparedOnConnection.get(connection);
      if (!prepared) preparedOnConnection.set(connection, (prepared = new Set()));
      const prepare = prepared.has(name) ? '' : `prepare ${name} as ${textOf(dialect, query, name)}; `;
      // One round trip, run on the statement's generic plan: PostgreSQL otherwise plans a custom one at every run
      // while that looks cheaper, as it does for one building (measured: ~6 ms of planning per GET /buildings/:id).
      const results = (await connection.query(
        `${prepare}set plan_cache_mode = force_generic_plan; execute ${name}(${values.map(literal).join(', ')}); reset plan_cache_mode`,
      )) as unknown as pg.QueryResult[];
      prepared.add(name);
      return results.at(-2)!.rows as T[];
    } catch (error) {
      failed = true;
      throw error;
    } finally {
      // A connection whose statements failed may hold the statement or not: it is closed rather than reused.
      connection.release(failed);
    }
  }
  const lite = client as PGlite;
  let prepared = preparedOn.get(lite);
  if (!prepared) preparedOn.set(lite, (prepared = new Map()));
  // The promise is kept, not the outcome: two requests that need the statement at once must not both PREPARE it
  // (the second failed with 'prepared statement already exists', a 500 for one of two concurrent presses).
  let preparing = prepared.get(name);
  if (!preparing) {
    preparing = lite.exec(`prepare ${name} as ${textOf(dialect, query, name)}`).then(() => undefined);
    prepared.set(name, preparing);
    preparing.catch(() => prepared.delete(name));
  }
  await preparing;
  const result = await lite.query<T>(`execute ${name}(${values.map(literal).join(', ')})`);
  return result.rows;
}

/**
 * Rows as one JSON value (issue 8): for a statement that answers many rows, json_agg of one array per
 * row, its values in the order of `fields`, read back with rowsFromJson. node-postgres and PGlite decode
 * each field and Drizzle maps each value, which for the 1,000 conditions of a save cost more than the
 * database's own work; one json_agg is one field and one native JSON.parse. Timestamp columns come
 * back as Dates; text, integers, booleans and jsonb come as JSON gives them, which is what Drizzle
 * maps them to. `fields` are columns (of a table or of an alias, columnsOf) or SQL values.
 * An array per row rather than an object: the names are not written and parsed again for every row, which halves the
 * JSON (1,000 conditions of 37 fields: 296 against 682 KB). Reading those 1,000 conditions with their task's status
 * (conditionViews), 100 alternated reads: 21.8 against 16.0 ms on PostgreSQL, 19.2 against 13.6 ms on PGlite (p50,
 * against the object per row that jsonRows wrote before, a record named by a one-row subquery, itself about half the
 * time of json_build_object). `orderBy` orders the rows in the value (an aggregate's input has no order of its own,
 * whatever the order of the rows it is given).
 */
export type JsonFields = Record<string, Column | SQL>;

/** A jsonRows value as the drivers give it: one array of values per row. */
export type JsonRows = unknown[][];

export function jsonRows(fields: JsonFields, orderBy?: SQL): SQL<JsonRows> {
  const values = Object.values(fields);
  // json_build_array is a function: PostgreSQL takes at most 100 arguments.
  if (values.length > 100) throw new Error(`jsonRows reads at most 100 fields, not ${values.length}`);
  const order = orderBy ? sql` order by ${orderBy}` : sql``;
  return sql<JsonRows>`coalesce(json_agg(json_build_array(${sql.join(values, sql`, `)})${order}), '[]'::json)`;
}

/** Writes fixedSql's texts as the database clients' dialect does (db/client.ts: snake_case names). */
const writer = new PgDialect({ casing: DATABASE_CASING });

/**
 * `part` written out once, as the text it always is: Drizzle writes a statement's text from its parts again at every
 * run, asking each part what it is, which for the 45 columns of a page of buildings (jsonRows) cost about 0.4 ms of a
 * GET /buildings (issue 8). For a part without values (columns, names, SQL words) that is the same at every run.
 */
export function fixedSql(part: SQL): SQL {
  return sql.raw(textOf(writer, part, 'fixedSql'));
}

/** The columns of `table` as the rows of `alias` (a CTE or subquery with the table's columns) name them. */
export function columnsOf<T extends PgTable>(table: T, alias: string): { [K in keyof T['_']['columns']]: Column } {
  const aliased = aliasedTable(table, alias) as unknown as Record<string, Column>;
  return Object.fromEntries(Object.keys(getTableColumns(table)).map((key) => [key, aliased[key]!])) as { [K in keyof T['_']['columns']]: Column };
}

/**
 * The rows of a jsonRows value as `T`: each row's values named by the keys of `fields`, in their order, and the
 * timestamp columns among them (found once per fields object, not per row nor per call: a save reads 1,000 rows of 37
 * fields, and asking each field what it is for each row cost more than the rest of the reading) turned from their
 * JSON strings into Dates.
 */
const shapeOf = new WeakMap<JsonFields, { keys: string[]; timestamps: number[] }>();

export function rowsFromJson<T>(fields: JsonFields, rows: JsonRows): T[] {
  let shape = shapeOf.get(fields);
  if (!shape) {
    const entries = Object.entries(fields);
    shape = {
      keys: entries.map(([key]) => key),
      timestamps: entries.flatMap(([, field], index) => (is(field, Column) && field.columnType === 'PgTimestamp' ? [index] : [])),
    };
    shapeOf.set(fields, shape);
  }
  const { keys, timestamps } = shape;
  return rows.map((values) => {
    for (const index of timestamps) {
      const value = values[index];
      if (typeof value === 'string') values[index] = new Date(value);
    }
    const row: Record<string, unknown> = {};
    for (let index = 0; index < keys.length; index += 1) row[keys[index]!] = values[index];
    return row as T;
  });
}
