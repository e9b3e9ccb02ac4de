/** The backend on its own: `npm start -w backend` (tsx), or built, `node backend/dist/server.js` (scripts/build.mjs). */
import { AdministratorRefusedError } from './admin/administrator';
import { readEnv } from './config';
import { DataFolderInUseError, demoUsers, startBackend } from './index';

/** Mistakes of the person starting it (a folder in use, a refused ADMIN_*): said in one line, not as a stack trace. */
function stopOnRefusal(error: unknown): never {
  if (!(error instanceof DataFolderInUseError || error instanceof AdministratorRefusedError)) throw error;
  console.error(error.message);
  process.exit(1);
}

let env: ReturnType<typeof readEnv>;
try {
  env = readEnv();
} catch (error) {
  stopOnRefusal(error);
}
const backend = await startBackend({
  port: env.port,
  host: env.host,
  dataDir: env.dataDir,
  databaseUrl: env.databaseUrl,
  seedDemo: env.seedDemo,
  publicUrl: env.publicUrl,
  smtpUrl: env.smtpUrl,
  s3: env.s3,
  administrator: env.administrator,
  urlSigningSecret: env.urlSigningSecret,
  logger: true,
}).catch(stopOnRefusal);
backend.app.log.info(`backend listening on ${backend.url} (OpenAPI at ${backend.url}/openapi.json)`);
if (backend.demo) {
  backend.app.log.info(`demo sign-ins: ${demoUsers.map((u) => `${u.username} / ${u.password}`).join(', ')}`);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    backend.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
