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
 */
import { createHash } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';

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

/**
 * Makes `client.query` prepare its reads (see above), and has them run on their one generic plan
 * (plan_cache_mode): left to choose, PostgreSQL plans a prepared statement again at each of its
 * first runs and whenever a custom plan looks cheaper, which is the cost this saves.
 */
export async function keepPlans(client: PGlite): Promise<void> {
  // Values are written as literals with their quotes doubled, which is the whole escaping only while backslashes are
  // ordinary characters in a string: said here rather than left to the default.
  await client.exec('set standard_conforming_strings = on; set plan_cache_mode = force_generic_plan');
  const query = client.query.bind(client) as Query;
  const names = new Map<string, string>();
  const refused = new Set<string>();
  client.query = (async (text: string, params?: unknown[], options?: Parameters<Query>[2]) => {
    const values = params ?? [];
    if (typeof text !== 'string' || !READ.test(text) || WRITES.test(text) || refused.has(text)) return query(text, params, options);
    const literals = values.map(literal);
    if (literals.some((l) => l === null)) return query(text, params, options);
    let name = names.get(text);
    if (name) {
      names.delete(text);
      names.set(text, name);
    } else {
      name = `fsi_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
      try {
        await client.exec(`prepare ${name} as ${text}`);
      } catch {
        refused.add(text);
        return query(text, params, options);
      }
      names.set(text, name);
      if (names.size > MAX_PREPARED) {
        const [oldText, oldName] = names.entries().next().value!;
        names.delete(oldText);
        await client.exec(`deallocate ${oldName}`).catch(() => undefined);
      }
    }
    const execute = `execute ${name}${literals.length ? `(${literals.join(', ')})` : ''}`;
    try {
      return await query(execute, [], options);
    } catch (error) {
      if (!/cached plan must not change result type/i.test(String((error as Error).message))) throw error;
      names.delete(text);
      await client.exec(`deallocate ${name}`).catch(() => undefined);
      return query(text, params, options);
    }
  }) as Query;
}
