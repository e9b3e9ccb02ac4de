/**
 * The backend as a library: the gateway's `npm start` runs it in-process with startBackend;
 * other packages' tests use testing.ts (startTestBackend, signIn) and the schema.
 */
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { openDatabase, type Database } from './db/client';
import { startEmbeddedMaintenance } from './db/maintenance';
import { organizations } from './db/schema';
import { hashPassword } from './auth/password-hash';
import { DEMO_ORGANIZATION, DEMO_PASSWORD, seedDemo } from './seed/demo';
import { readS3Env, readUrlSigningSecret } from './config';
import { ensureAdministrator, type AdministratorInput } from './admin/administrator';
import { openStorage, type S3Settings } from './storage';

export { buildApp, type AppOptions } from './app';
export { DataFolderInUseError, migrationsFolder, openDatabase, type Database, type DatabaseHandle } from './db/client';
export { AdministratorRefusedError, createAdministrator, hasAdministrator, type AdministratorInput } from './admin/administrator';
export { readEnv, type BackendEnv } from './config';
export * as schema from './db/schema';
export { demoUsers, DEMO_PASSWORD, seedDemo, type DemoUser } from './seed/demo';
export { signIn } from './sign-in';

export type StartBackendOptions = {
  port?: number;
  host?: string;
  dataDir?: string;
  databaseUrl?: string;
  /** Load the demo organizations. Default: on for a new embedded data folder, off with a databaseUrl. */
  seedDemo?: boolean;
  logger?: boolean;
  publicUrl?: string;
  smtpUrl?: string;
  /** How often the walkabout job runs (default every minute). */
  scheduleIntervalMs?: number;
  /** How often an embedded (PGlite) database is checked for tables to vacuum and analyze (db/maintenance.ts; default every minute). */
  maintenanceIntervalMs?: number;
  /** Keep uploads in this S3 bucket (default: from S3_*; without S3_BUCKET, in `${dataDir}/files`). */
  s3?: S3Settings;
  /**
   * Made as an administrator when the database has none yet (ADMIN_USERNAME / ADMIN_PASSWORD); ignored once one
   * exists. A weak password or a username taken by another user stops the start (AdministratorRefusedError).
   */
  administrator?: AdministratorInput;
  /** The key of signed file URLs, shared by the replicas (default: URL_SIGNING_SECRET; without it, random per process). */
  urlSigningSecret?: string;
};

export type RunningBackend = {
  url: string;
  app: FastifyInstance;
  /** The database holds the demo organizations, so their sign-ins are worth printing. */
  demo: boolean;
  close(): Promise<void>;
};

export async function startBackend(options: StartBackendOptions = {}): Promise<RunningBackend> {
  // Storage first: a bucket that cannot be reached or opened stops the start before the database is touched.
  const storage = await openStorage({
    s3: options.s3 ?? readS3Env(),
    folder: path.join(path.resolve(options.dataDir ?? process.env.DATA_DIR ?? './data'), 'files'),
  });
  let handle;
  try {
    handle = await openDatabase({ dataDir: options.dataDir, databaseUrl: options.databaseUrl });
  } catch (error) {
    storage.close?.();
    throw error;
  }
  try {
    const database = handle;
    const administrator = await database.exclusive(async () => {
      await database.migrate();
      const seed = options.seedDemo ?? (database.kind === 'pglite' && database.isNewDataFolder);
      if (seed && (await isEmpty(database.db))) await seedDemo(database.db, { passwordHash: await hashPassword(DEMO_PASSWORD) });
      return ensureAdministrator(database.db, options.administrator);
    });
    const demo = await hasDemo(handle.db);
    const app = await buildApp({
      db: handle.db,
      logger: options.logger ?? false,
      publicUrl: options.publicUrl ?? process.env.PUBLIC_URL,
      smtpUrl: options.smtpUrl ?? (process.env.SMTP_URL || undefined),
      mailFrom: process.env.MAIL_FROM || undefined,
      // The first round runs before listen() resolves, so a fresh start already has open walkabouts.
      scheduleIntervalMs: options.scheduleIntervalMs ?? 60_000,
      storage,
      urlSigningSecret: options.urlSigningSecret ?? readUrlSigningSecret(),
    });
    app.log.info(`files kept in the ${storage.description}`);
    if (administrator === 'created') app.log.info(`administrator "${options.administrator!.username.trim()}" created (ADMIN_USERNAME): the database had none`);
    const url = await app.listen({ port: options.port ?? 4001, host: options.host ?? '127.0.0.1' });
    const stopMaintenance =
      database.kind === 'pglite' ? startEmbeddedMaintenance(database.db, { intervalMs: options.maintenanceIntervalMs ?? 60_000, log: app.log }) : null;
    // The database closes after the app, whose plugins' onClose hooks still use it (the LISTEN connection ends, the
    // scheduler's round finishes); an onClose hook of the root would run before theirs.
    const close = async () => {
      try {
        await app.close();
      } finally {
        await stopMaintenance?.();
        await database.close();
        storage.close?.();
      }
    };
    return { url, app, demo, close };
  } catch (error) {
    await handle.close();
    storage.close?.();
    throw error;
  }
}

async function hasDemo(db: Database): Promise<boolean> {
  const rows = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.name, DEMO_ORGANIZATION)).limit(1);
  return rows.length > 0;
}

/** Seeding twice would duplicate the demo: only an empty database gets it (SEED_DEMO=true on a used one is a no-op). */
async function isEmpty(db: Database): Promise<boolean> {
  const rows = await db.select({ id: organizations.id }).from(organizations).limit(1);
  return rows.length === 0;
}
