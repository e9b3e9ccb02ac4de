/**
 * Test support for this and other packages: a fresh, migrated (and optionally demo-seeded)
 * database per caller, fast. PGlite needs 3-4 s to initialise an empty database but 0.4 s to
 * open an existing folder, so one template folder is built per set of migrations and seed
 * sources (under a lock, so parallel workers don't race) and copied for each caller. On
 * PostgreSQL a template database plays the same part (CREATE DATABASE … TEMPLATE).
 */
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from './app';
import { installJobTables, type JobsOptions } from './jobs';
import { migrationsFolder, openDatabase, type Database, type DatabaseHandle } from './db/client';
import { runWalkaboutSchedule } from './features/walkabouts/scheduler';
import { seedDemo } from './seed/demo';
import { openStorage, type FileStorage, type S3Settings } from './storage';

export { seed, type SeededOrganization } from './seed/test-seed';
export { signIn } from './sign-in';
export { demoUsers, DEMO_PASSWORD } from './seed/demo';
export * as schema from './db/schema';

export type TestDatabaseKind = 'pglite' | 'postgres';
export type TestBackendOptions = {
  seed?: 'demo' | 'none';
  database?: TestDatabaseKind;
  publicUrl?: string;
  smtpUrl?: string;
  /** Keep uploads in this bucket (created if missing) instead of a temporary folder. */
  s3?: S3Settings;
  /** Background jobs' retry delay, retry limit and stop timeout (default: jobs/index.ts's, as in production). */
  jobs?: JobsOptions;
  /** Open this PostgreSQL database (e.g. another test backend's databaseUrl) instead of a fresh one; it is not dropped at close. */
  databaseUrl?: string;
};
export type TestBackend = {
  url: string;
  app: FastifyInstance;
  db: Database;
  /** The PostgreSQL database's URL (for a second backend on the same database); undefined on PGlite. */
  databaseUrl?: string;
  /** Where the backend keeps files (a temporary folder, or the bucket of options.s3). */
  storage: FileStorage;
  close(): Promise<void>;
};

/** True when TEST_DATABASE_URL is set and its server answers. */
export async function postgresAvailable(): Promise<boolean> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return false;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The databases the suites run on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export function testDatabases(): TestDatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

const here = path.dirname(fileURLToPath(import.meta.url));

/** Changes to the migrations or the demo seed give a new template; anything else reuses it. */
function templateKey(seedKind: 'demo' | 'none'): string {
  const hash = createHash('sha256');
  const files = [
    ...readdirSync(migrationsFolder, { recursive: true })
      .map(String)
      .sort()
      .map((f) => path.join(migrationsFolder, f)),
    path.join(here, 'seed', 'demo.ts'),
    path.join(here, 'seed', 'uuid.ts'),
    path.join(here, 'auth', 'password-hash.ts'),
    path.join(here, 'features', 'walkabouts', 'snapshot.ts'),
    path.join(here, 'jobs', 'index.ts'),
  ];
  for (const file of files) {
    if (statSync(file).isFile()) hash.update(file).update(readFileSync(file));
  }
  return `${hash.digest('hex').slice(0, 16)}-${seedKind}`;
}

async function prepare(handle: DatabaseHandle, seedKind: 'demo' | 'none') {
  await handle.migrate();
  await installJobTables(handle.db);
  if (seedKind === 'demo') {
    await seedDemo(handle.db);
    // The demo's walkabouts of today; each test backend's own round then adds only what is due since.
    await runWalkaboutSchedule(handle.db);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `build` once across processes: the first to create the lock directory builds, others wait for `done`. */
async function once(lock: string, done: () => boolean, build: () => Promise<void>) {
  for (let waited = 0; !done(); waited += 100) {
    if (waited > 300_000) throw new Error(`Timed out waiting for ${lock}`);
    try {
      mkdirSync(lock);
    } catch {
      // Another worker is building. A lock older than two minutes belongs to a crashed run.
      if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > 120_000) rmSync(lock, { recursive: true, force: true });
      await sleep(100);
      continue;
    }
    try {
      if (!done()) await build();
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}

/** A migrated PGlite data folder to copy (built once per migrations and seed; do not open it itself). */
export async function pgliteTemplate(seedKind: 'demo' | 'none'): Promise<string> {
  const root = path.join(os.tmpdir(), 'fsi-backend-templates');
  mkdirSync(root, { recursive: true });
  const dir = path.join(root, templateKey(seedKind));
  await once(`${dir}.lock`, () => existsSync(path.join(dir, 'READY')), async () => {
    const building = `${dir}.building-${process.pid}`;
    rmSync(building, { recursive: true, force: true });
    const handle = await openDatabase({ dataDir: building });
    try {
      await prepare(handle, seedKind);
    } finally {
      await handle.close();
    }
    writeFileSync(path.join(building, 'READY'), new Date().toISOString());
    rmSync(dir, { recursive: true, force: true });
    renameSync(building, dir);
  });
  return dir;
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function postgresDatabase(seedKind: 'demo' | 'none'): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set: the postgres test database needs a server.');
  const template = `fsi_tpl_${templateKey(seedKind).replace(/-/g, '_')}`;
  const name = `fsi_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    // One creator at a time across workers: the template is built once, and CREATE DATABASE
    // refuses a template that another session is still connected to.
    await admin.query(`select pg_advisory_lock(hashtext('fsi-backend-test-template'))`);
    try {
      const exists = await admin.query('select 1 from pg_database where datname = $1', [template]);
      if (!exists.rowCount) {
        const building = `${template}_building`;
        await admin.query(`drop database if exists "${building}"`);
        await admin.query(`create database "${building}"`);
        const handle = await openDatabase({ databaseUrl: withDatabase(adminUrl, building) });
        try {
          await prepare(handle, seedKind);
        } finally {
          await handle.close();
        }
        await admin.query(`alter database "${building}" rename to "${template}"`);
      }
      await admin.query(`create database "${name}" template "${template}"`);
    } finally {
      await admin.query(`select pg_advisory_unlock(hashtext('fsi-backend-test-template'))`);
    }
  } finally {
    await admin.end();
  }
  return {
    url: withDatabase(adminUrl, name),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        // pg's pool.end() resolves once it has asked each connection to end, not once the server has let
        // them go: a forced drop in that instant terminates a closing connection, whose error then
        // surfaces in the test run. Wait (briefly) for the server to see them gone first.
        for (let waited = 0; waited < 5000; waited += 50) {
          const open = await client.query('select 1 from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]);
          if (!open.rowCount) break;
          await sleep(50);
        }
        await client.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** A backend on its own fresh database, listening on a free port of 127.0.0.1. */
export async function startTestBackend(options: TestBackendOptions = {}): Promise<TestBackend> {
  const seedKind = options.seed ?? 'demo';
  // Opened first, as startBackend does, so that a storage refused at start leaves no database behind.
  const filesDir = path.join(os.tmpdir(), `fsi-backend-files-${process.pid}-${randomBytes(4).toString('hex')}`);
  const storage = await openStorage({ s3: options.s3, folder: filesDir });
  let handle: DatabaseHandle;
  let cleanup: () => Promise<void>;
  let databaseUrl: string | undefined;
  if (options.databaseUrl) {
    databaseUrl = options.databaseUrl;
    handle = await openDatabase({ databaseUrl });
    cleanup = async () => undefined;
  } else if ((options.database ?? 'pglite') === 'postgres') {
    const database = await postgresDatabase(seedKind);
    databaseUrl = database.url;
    handle = await openDatabase({ databaseUrl: database.url });
    cleanup = database.drop;
  } else {
    const template = await pgliteTemplate(seedKind);
    const dataDir = path.join(os.tmpdir(), `fsi-backend-test-${process.pid}-${randomBytes(4).toString('hex')}`);
    cpSync(template, dataDir, { recursive: true });
    handle = await openDatabase({ dataDir });
    cleanup = async () => rmSync(dataDir, { recursive: true, force: true });
  }
  const app = await buildApp({
    db: handle.db,
    publicUrl: options.publicUrl ?? 'http://localhost:4000',
    smtpUrl: options.smtpUrl,
    storage,
    jobs: options.jobs,
  });
  // Closed after the app (not in an onClose hook of the root, which Fastify runs before the plugins' own): by then
  // the plugins have let go of the database (on PostgreSQL, the auth plugin's LISTEN connection), so the test
  // database is dropped at once instead of after waiting for that connection.
  const close = async () => {
    try {
      await app.close();
    } finally {
      await handle.close();
      await cleanup();
      storage.close?.();
      rmSync(filesDir, { recursive: true, force: true });
    }
  };
  if (seedKind === 'demo') await app.runWalkaboutSchedule();
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { url, app, db: handle.db, databaseUrl, storage, close };
}
