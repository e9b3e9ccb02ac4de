/** The backend on its own: `npm start -w backend` (or `tsx src/server.ts`). */
import { readEnv } from './config';
import { DataFolderInUseError, demoUsers, startBackend } from './index';

const env = readEnv();
const backend = await startBackend({
  port: env.port,
  host: env.host,
  dataDir: env.dataDir,
  databaseUrl: env.databaseUrl,
  seedDemo: env.seedDemo,
  publicUrl: env.publicUrl,
  smtpUrl: env.smtpUrl,
  s3: env.s3,
  logger: true,
}).catch((error: unknown) => {
  // Another backend on the same data folder: said in one line, not as a stack trace.
  if (!(error instanceof DataFolderInUseError)) throw error;
  console.error(error.message);
  process.exit(1);
});
backend.app.log.info(`backend listening on ${backend.url} (OpenAPI at ${backend.url}/openapi.json)`);
if (!env.databaseUrl) {
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
