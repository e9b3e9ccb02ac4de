/**
 * Opens the database the backend runs on: PGlite in a data folder by default, or the
 * PostgreSQL server of a DATABASE_URL. Both get the same Drizzle API and the same migrations.
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import lockfile from 'proper-lockfile';
import { sendLongTextAsBytes } from './pglite-params';
import { keepPlans } from './pglite-plans';
import * as schema from './schema';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

/**
 * The driver's client under a Database: PGlite, or node-postgres's pool (the shared Database type cannot say which).
 * Per-client state (kept derived values, prepared statements, watched writes) is keyed by it.
 */
export function clientOf(db: Database): object {
  return (db as unknown as { $client: object }).$client;
}

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** True when the PGlite data folder did not exist before this start (used to seed demo data once). */
  isNewDataFolder: boolean;
  migrate(): Promise<void>;
  /**
   * Runs fn while no other backend process starting on this database runs its own (migrations and
   * the demo seed): replicas started together would otherwise both create the same tables.
   */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
};

/** A data folder's lock not refreshed for this long belongs to a backend that is gone (proper-lockfile's default). */
export const DATA_FOLDER_LOCK_STALE_MS = 10_000;

export class DataFolderInUseError extends Error {
  constructor(readonly dataDir: string) {
    super(`The data folder ${dataDir} is in use by another backend process. Stop that one first, or give this one its own DATA_DIR.`);
    this.name = 'DataFolderInUseError';
  }
}

/**
 * PGlite is one process's database: a second process writing the same folder would corrupt it.
 * The folder is locked for as long as the backend has it open (proper-lockfile: a directory made
 * atomically, its time refreshed while held). A backend that died without releasing it leaves a
 * lock that goes stale, so a restart waits a little longer than that before giving up.
 */
async function lockDataFolder(dataDir: string): Promise<() => Promise<void>> {
  try {
    return await lockfile.lock(dataDir, {
      lockfilePath: path.join(dataDir, 'backend.lock'),
      stale: DATA_FOLDER_LOCK_STALE_MS,
      retries: { retries: DATA_FOLDER_LOCK_STALE_MS / 1000 + 2, factor: 1, minTimeout: 1000, maxTimeout: 1000 },
      onCompromised: (error) => console.error(`The lock of the data folder ${dataDir} was lost: ${error.message}`),
    });
  } catch (error) {
    if ((error as { code?: string }).code === 'ELOCKED') throw new DataFolderInUseError(dataDir);
    throw error;
  }
}

export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

export type DatabaseOptions = { dataDir?: string; databaseUrl?: string };

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(path.resolve(options.dataDir ?? './data'));
}

async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  const isNewDataFolder = !existsSync(path.join(dataDir, 'PG_VERSION'));
  mkdirSync(dataDir, { recursive: true });
  const release = await lockDataFolder(dataDir);
  let client: PGlite;
  try {
    client = await PGlite.create(dataDir);
  } catch (error) {
    await release();
    throw error;
  }
  await keepPlans(client);
  sendLongTextAsBytes(client);
  const db = drizzlePglite({ client, schema, casing: 'snake_case' });
  return {
    db,
    kind: 'pglite',
    isNewDataFolder,
    migrate: () => migratePglite(db, { migrationsFolder }),
    // The folder's lock already keeps every other process out.
    exclusive: (fn) => fn(),
    close: async () => {
      try {
        await client.close();
      } finally {
        await release();
      }
    },
  };
}

async function openPostgres(databaseUrl: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  // An idle connection the server drops (a restart, a failover) must not take the process down:
  // the pool replaces it on the next query (node-postgres documents this listener as required).
  pool.on('error', (error) => console.error(`PostgreSQL connection lost while idle: ${error.message}`));
  // Fail at start, with the server's own message, rather than at the first request.
  const probe = await pool.connect();
  probe.release();
  const db = drizzlePostgres({ client: pool, schema, casing: 'snake_case' });
  return {
    db,
    kind: 'postgres',
    isNewDataFolder: false,
    migrate: () => migratePostgres(db, { migrationsFolder }),
    exclusive: async (fn) => {
      // A session-level advisory lock on a connection of its own, held while fn uses the others.
      const holder = await pool.connect();
      try {
        await holder.query(`select pg_advisory_lock(hashtext('fsi-backend-startup'))`);
        try {
          return await fn();
        } finally {
          await holder.query(`select pg_advisory_unlock(hashtext('fsi-backend-startup'))`);
        }
      } finally {
        holder.release();
      }
    },
    close: () => pool.end(),
  };
}
