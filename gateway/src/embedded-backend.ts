/**
 * The embedded backend's thread (server.ts starts it through backend-thread.ts when BACKEND_URL is not set): the
 * backend with its own variables (DATABASE_URL, DATA_DIR, SEED_DEMO, ADMIN_*, SMTP_URL, S3_*…), read as the standalone
 * backend reads them; PORT and HOST are the gateway's, so the embedded backend stays on loopback (BACKEND_PORT).
 */
import { existsSync } from 'node:fs';
import { workerData } from 'node:worker_threads';
import { BackendRefusal, serveBackendThread } from './backend-thread';

export type EmbeddedBackendData = { publicUrl: string };

serveBackendThread(async () => {
  // Imported only here: fronting a remote backend loads neither PGlite nor the database driver (and, built, the
  // backend's code is a chunk of its own that is never read).
  const embedded = await import('@fsi/backend');
  if (!existsSync(embedded.migrationsFolder)) {
    // The gateway image carries no backend: it only fronts one.
    throw new BackendRefusal(`BACKEND_URL is not set, and this installation has no embedded backend (no ${embedded.migrationsFolder}): set BACKEND_URL.`);
  }
  const { publicUrl } = workerData as EmbeddedBackendData;
  try {
    const backend = await embedded.startBackend({ ...embedded.readEnv({ ...process.env, PORT: undefined, HOST: undefined }), publicUrl });
    // The demo's sign-ins are printed only when the database holds them (not for a production database started empty).
    return { url: backend.url, demoUsers: backend.demo ? embedded.demoUsers : [], close: () => backend.close() };
  } catch (error) {
    // Refusals of the person starting it (another `npm start` on the same data folder, ADMIN_* refused).
    if (error instanceof embedded.DataFolderInUseError || error instanceof embedded.AdministratorRefusedError) throw new BackendRefusal(error.message);
    throw error;
  }
});
