/**
 * Opens the database the backend runs on: PGlite in a data folder by default, or the
 * PostgreSQL server of a DATABASE_URL. Both get the same Drizzle API and the same migrations.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
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
/** How the clients name columns: the schema's camelCase properties as snake_case columns (schema.ts). */
export const DATABASE_CASING = 'snake_case';
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
 * lock that goes stale, so a restart waits a little longer than that before giving up. A lock
 * held by a backend that is running on this machine (its owner file names this host and a live
 * process) is refused at once rather than after that wait.
 */
async function lockDataFolder(dataDir: string): Promise<() => Promise<void>> {
  const options = {
    lockfilePath: path.join(dataDir, 'backend.lock'),
    stale: DATA_FOLDER_LOCK_STALE_MS,
    onCompromised: (error: Error) => console.error(`The lock of the data folder ${dataDir} was lost: ${error.message}`),
  };
  const owner = path.join(dataDir, 'backend.lock.owner');
  let release: () => Promise<void>;
  try {
    // A free or stale lock is taken at the first try.
    release = await lockfile.lock(dataDir, { ...options, retries: 0 });
  } catch (error) {
    if ((error as { code?: string }).code !== 'ELOCKED') throw error;
    if (heldByLiveProcess(owner)) throw new DataFolderInUseError(dataDir);
    try {
      release = await lockfile.lock(dataDir, { ...options, retries: { retries: DATA_FOLDER_LOCK_STALE_MS / 1000 + 2, factor: 1, minTimeout: 1000, maxTimeout: 1000 } });
    } catch (waited) {
      if ((waited as { code?: string }).code === 'ELOCKED') throw new DataFolderInUseError(dataDir);
      throw waited;
    }
  }
  // Beside the lock, not in it: proper-lockfile removes its directory with rmdir, which needs it empty.
  writeFileSync(owner, JSON.stringify({ host: os.hostname(), pid: process.pid }));
  return async () => {
    rmSync(owner, { force: true });
    await release();
  };
}

/**
 * Whether the owner file of a held lock names a process running on this machine. Only asked while the lock is fresh
 * (a stale one is taken over before), so a dead owner's process id given since to another process can refuse a start
 * only in the seconds before the lock goes stale. An owner on another machine (a shared folder) is not known: wait.
 */
function heldByLiveProcess(ownerFile: string): boolean {
  let owner: { host?: unknown; pid?: unknown };
  try {
    owner = JSON.parse(readFileSync(ownerFile, 'utf8')) as typeof owner;
  } catch {
    return false;
  }
  if (owner.host !== os.hostname() || typeof owner.pid !== 'number' || !Number.isSafeInteger(owner.pid) || owner.pid <= 0) return false;
  try {
    process.kill(owner.pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
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
  const db = drizzlePglite({ client, schema, casing: DATABASE_CASING });
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

/**
 * How long an idle connection of the pool is kept (issue 8). A connection is costly to start again: the connection
 * itself, then in its session the first call of each trigger function (compiled once per session) and the statements
 * prepared once per session (preparedRows: building_views takes 15 ms to plan). node-postgres closes a connection after
 * 10 idle seconds by default, so that an inspector saving one location at a time found a new connection at nearly
 * every save: a save of a location's 20 results took 47-71 ms after 11 idle seconds against 13-17 ms on a connection
 * in use (PostgreSQL, in process). Kept for ten minutes, the pool's connections last through a walkabout.
 */
export const POOL_IDLE_MS = 10 * 60_000;

async function openPostgres(databaseUrl: string): Promise<DatabaseHandle> {
  // allowExitOnIdle: idle connections do not keep a process alive (a script that opened the database and ended).
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, idleTimeoutMillis: POOL_IDLE_MS, allowExitOnIdle: true });
  // An idle connection the server drops (a restart, a failover) must not take the process down:
  // the pool replaces it on the next query (node-postgres documents this listener as required).
  pool.on('error', (error) => console.error(`PostgreSQL connection lost while idle: ${error.message}`));
  // Fail at start, with the server's own message, rather than at the first request.
  const probe = await pool.connect();
  probe.release();
  const db = drizzlePostgres({ client: pool, schema, casing: DATABASE_CASING });
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
