/**
 * Plans kept for PGlite's reads (issue 8 point 4). PGlite runs PostgreSQL in this process, and for
 * the small statements of a REST call planning costs more than running (a relation's and each of
 * its indexes' sizes are looked up in the data folder at every plan): about 1-2 ms of CPU for a
 * one-table select. So a read sent without a transaction is PREPAREd once per distinct text and
 * then run with EXECUTE, its values written as quoted literals (each becomes its parameter's type
 * by that type's own input function, as a bound value would). Statements with other values than
 * numbers, strings, booleans, dates and null, statements that write, and statements PostgreSQL
 * cannot prepare (a parameter of unknown type) run as they came. At most MAX_PREPARED texts are
 * kept; the least recently used is deallocated. PostgreSQL re-plans a prepared statement by itself
 * when a table it reads changes (DDL), and a statement whose result shape changed is prepared again.
 *
 * The EXECUTE goes by the simple query protocol (PGlite's exec: one call into PGlite and a sync)
 * rather than the extended one (its query: parse, describe, bind, describe, execute and sync, each
 * a call of its own), about 0.1 ms less per statement, whenever no value is a string holding a quote
 * or a backslash: then no literal can end early, whatever the escaping, and the text is one
 * statement. A value that has one keeps the extended protocol, which refuses a second statement.
 * An EXECUTE sent as such (preparedRows) goes the same way when every value it writes is so.
 *
 * Drizzle reads timestamps, dates and intervals (and some of their arrays) as PostgreSQL writes
 * them, so each of its statements brings parsers of its own for those types; PGlite then copies its
 * whole table of parsers (about 370, one per array type) into a new object for that statement, some
 * 0.1 ms each time. keepPlans makes those types read as text by the client itself, and a statement
 * that brings exactly Drizzle's parsers runs without them: the same parser for every type, no copy.
 * Whoever talks to the client directly and wants PGlite's own reading of those types passes
 * pgliteParsers(client) (as the pg-boss adapter does).
 */
import { createHash } from 'node:crypto';
import { types, type PGlite } from '@electric-sql/pglite';

const MAX_PREPARED = 256;
const READ = /^\s*(select|with)\b/i;
const WRITES = /\b(insert\s+into|update|delete\s+from|truncate|for\s+update|for\s+share|nextval|setval|pg_notify|pg_advisory)/i;

function literal(value: unknown): string | null {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number') return Number.isFinite(value) ? `'${value}'` : null;
  if (typeof value === 'bigint' || typeof value === 'boolean') return `'${value}'`;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : `'${value.toISOString()}'`;
  if (typeof value === 'string') return value.includes('\0') ? null : `'${value.replace(/'/g, "''")}'`;
  return null;
}

type Query = PGlite['query'];
type Exec = PGlite['exec'];
type Parsers = NonNullable<NonNullable<Parameters<Query>[2]>['parsers']>;

/** The types Drizzle's PGlite driver reads as text (drizzle-orm/pglite/session.js): timestamp, timestamptz, interval, date, and the arrays of numeric, timestamp, timestamptz, interval and date. */
const TEXT_TYPES = [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182];
/** The element type of each array type among them. */
const ELEMENT_TYPES: Record<number, number> = { 1231: types.NUMERIC, 1115: types.TIMESTAMP, 1185: types.TIMESTAMPTZ, 1187: types.INTERVAL, 1182: types.DATE };
const asText = (value: string) => value;
const PROBE = '2026-01-01 00:00:00+00';
const pgliteOwn = new WeakMap<PGlite, Parsers>();

/** PGlite's own parsers of the types keepPlans has the client read as text: for a direct user that wants Dates and arrays. */
export function pgliteParsers(client: PGlite): Parsers {
  return pgliteOwn.get(client) ?? {};
}

/** Whether `parsers` are Drizzle's: every one of TEXT_TYPES, and nothing else, read as text. */
function drizzleParsers(parsers: Parsers): boolean {
  return Object.keys(parsers).length === TEXT_TYPES.length && TEXT_TYPES.every((type) => parsers[type]?.(PROBE) === PROBE);
}

/** A value whose literal cannot end before its closing quote, even if the escaping were wrong (see above). */
const inert = (value: unknown) => typeof value !== 'string' || !/['\\]/.test(value);

/** An EXECUTE written elsewhere (db/raw.ts preparedRows) whose every value is a quoted literal without a quote or a backslash. */
const INERT_EXECUTE = /^execute \w+(?:\('[^'\\]*'(?:::\w+(?:\[\])?)?(?:, '[^'\\]*'(?:::\w+(?:\[\])?)?)*\))?$/i;

/** What EXECUTE answers when its statement is gone or no longer fits: then the text runs as it came. */
const STALE = /cached plan must not change result type|prepared statement "fsi_\w+" does not exist/i;

/**
 * Makes `client.query` prepare its reads (see above), and has them run on their one generic plan
 * (plan_cache_mode): left to choose, PostgreSQL plans a prepared statement again at each of its
 * first runs and whenever a custom plan looks cheaper, which is the cost this saves.
 */
export async function keepPlans(client: PGlite): Promise<void> {
  // Values are written as literals with their quotes doubled, which is the whole escaping only while backslashes are
  // ordinary characters in a string: said here rather than left to the default.
  await client.exec('set standard_conforming_strings = on; set plan_cache_mode = force_generic_plan');
  const table = client.parsers as Parsers;
  // PGlite's own, each type given one (the text itself where it has none: interval); an array's elements by their
  // type's own parser, which PGlite's array parsers look up in the table at each call.
  const own: Parsers = Object.fromEntries(TEXT_TYPES.map((type) => [type, table[type] ?? asText]));
  for (const [array, element] of Object.entries(ELEMENT_TYPES)) {
    const parseElement = own[element] ?? table[element];
    own[Number(array)] = (value: string) => types.arrayParser(value, parseElement!, Number(array));
  }
  pgliteOwn.set(client, own);
  for (const type of TEXT_TYPES) table[type] = asText;
  const readsAsText = () => TEXT_TYPES.every((type) => table[type] === asText);
  const query = client.query.bind(client) as Query;
  const exec = client.exec.bind(client) as Exec;
  /**
   * Statement names by text, the most recently used last. The promise of the PREPARE is kept, not its outcome, so
   * that two first uses at once prepare once (a second PREPARE of the name would fail, and the text be refused).
   */
  const names = new Map<string, Promise<string | null>>();
  const refused = new Set<string>();
  const prepare = (text: string): Promise<string | null> => {
    const name = `fsi_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    return client.exec(`prepare ${name} as ${text}`).then(
      () => name,
      () => {
        refused.add(text);
        names.delete(text);
        return null;
      },
    );
  };
  const forget = (text: string) => {
    const naming = names.get(text);
    names.delete(text);
    void naming?.then((name) => (name ? client.exec(`deallocate ${name}`) : undefined)).catch(() => undefined);
  };
  client.query = (async (text: string, params?: unknown[], options?: Parameters<Query>[2]) => {
    if (options?.parsers && drizzleParsers(options.parsers) && readsAsText()) options = { ...options, parsers: undefined };
    const values = params ?? [];
    if (typeof text === 'string' && !values.length && INERT_EXECUTE.test(text)) return (await exec(text, options))[0]!;
    if (typeof text !== 'string' || !READ.test(text) || WRITES.test(text) || refused.has(text)) return query(text, params, options);
    const literals = values.map(literal);
    if (literals.some((l) => l === null)) return query(text, params, options);
    let naming = names.get(text);
    if (naming) names.delete(text);
    else naming = prepare(text);
    names.set(text, naming);
    if (names.size > MAX_PREPARED) forget(names.keys().next().value!);
    const name = await naming;
    if (!name) return query(text, params, options);
    const execute = `execute ${name}${literals.length ? `(${literals.join(', ')})` : ''}`;
    try {
      if (values.every(inert)) return (await exec(execute, options))[0]!;
      return await query(execute, [], options);
    } catch (error) {
      if (!STALE.test(String((error as Error).message))) throw error;
      if (names.get(text) === naming) forget(text);
      return query(text, params, options);
    }
  }) as Query;
}
