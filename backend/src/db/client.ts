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
import * as schema from './schema';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** True when the PGlite data folder did not exist before this start (used to seed demo data once). */
  isNewDataFolder: boolean;
  migrate(): Promise<void>;
  close(): Promise<void>;
};

export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

export type DatabaseOptions = { dataDir?: string; databaseUrl?: string };

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(path.resolve(options.dataDir ?? './data'));
}

async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  const isNewDataFolder = !existsSync(path.join(dataDir, 'PG_VERSION'));
  mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir);
  const db = drizzlePglite({ client, schema, casing: 'snake_case' });
  return {
    db,
    kind: 'pglite',
    isNewDataFolder,
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
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
    close: () => pool.end(),
  };
}
