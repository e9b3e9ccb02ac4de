/**
 * Raw SQL for the set-based statements Drizzle's builder cannot express (INSERT … SELECT with
 * window functions, UPDATE … FROM jsonb_to_recordset). Both drivers answer `{ rows }`.
 */
import type { SQL } from 'drizzle-orm';
import type { Database } from './client';

export async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
