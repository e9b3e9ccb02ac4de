/**
 * `npm start`: the embedded stack on one origin (run by tsx in development, built to gateway/dist/server.js by
 * scripts/build.mjs in production). Unless BACKEND_URL points at a
 * running backend, the backend starts in this process (PGlite under DATA_DIR, or
 * DATABASE_URL); then the gateway serves /graphql, /playground and the web app.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DemoUser, RunningBackend } from '@fsi/backend';
import { createGateway } from './app';
import { publicToolsFromEnv } from './config';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const env = process.env;
const port = Number(env.PORT ?? 4000);
const host = env.HOST ?? '127.0.0.1';

let backend: RunningBackend | null = null;
let demoUsers: readonly DemoUser[] = [];
let backendUrl = env.BACKEND_URL;
if (!backendUrl) {
  // Imported only here: fronting a remote backend loads neither PGlite nor the database driver (and, built, the
  // backend's code is a chunk of its own that is never read).
  const embedded = await import('@fsi/backend');
  // Refusals of the person starting it (another `npm start` on the same data folder, ADMIN_* refused, a gateway
  // installed without the backend): said in one line, not as a stack trace.
  const stop: (error: unknown) => never = (error) => {
    if (!(error instanceof embedded.DataFolderInUseError || error instanceof embedded.AdministratorRefusedError)) throw error;
    console.error(error.message);
    process.exit(1);
  };
  if (!existsSync(embedded.migrationsFolder)) {
    // The gateway image carries no backend: it only fronts one.
    console.error(`BACKEND_URL is not set, and this installation has no embedded backend (no ${embedded.migrationsFolder}): set BACKEND_URL.`);
    process.exit(1);
  }
  try {
    // The backend's own variables (DATABASE_URL, DATA_DIR, SEED_DEMO, ADMIN_*, SMTP_URL, S3_*…), read as the
    // standalone backend reads them; PORT and HOST are the gateway's here, the embedded backend stays on loopback.
    const backendEnv = embedded.readEnv({ ...env, PORT: undefined, HOST: undefined });
    backend = await embedded.startBackend({
      ...backendEnv,
      publicUrl: env.PUBLIC_URL ?? `http://localhost:${port}`,
    });
  } catch (error) {
    stop(error);
  }
  backendUrl = backend.url;
  // Printed only when the database holds them (not for a production database started empty).
  if (backend.demo) demoUsers = embedded.demoUsers;
}

const webDist = path.resolve(env.WEB_DIST ?? path.join(root, 'web/dist'));
const tools = publicToolsFromEnv(env);
const app = await createGateway({
  backendUrl,
  ...tools,
  webDist: existsSync(path.join(webDist, 'index.html')) ? webDist : undefined,
  appEnv: env.APP_ENV || 'production',
  vendorWebsite: env.VENDOR_WEBSITE || null,
  trustProxy: ['true', '1'].includes((env.TRUST_PROXY ?? '').toLowerCase()),
});
await app.listen({ port, host });

const origin = `http://${host === '0.0.0.0' || host === '127.0.0.1' ? 'localhost' : host}:${port}`;
const lines = [
  '',
  `Fire-safety inspections: ${origin}`,
  `  GraphQL:    ${origin}/graphql${tools.playground ? `   playground: ${origin}/playground` : ''}`,
  `  backend:    ${backendUrl}${backend ? ' (embedded)' : ''}`,
];
if (!existsSync(path.join(webDist, 'index.html'))) lines.push(`  web app:    not built (${webDist}); run \`npm run build -w web\``);
if (demoUsers.length) {
  lines.push('  demo sign-ins:');
  for (const user of demoUsers) lines.push(`    ${user.username.padEnd(10)} ${user.password.padEnd(10)} ${user.description}`);
}
console.log(lines.join('\n') + '\n');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    // The gateway first, so no request reaches a backend that is already closing.
    app
      .close()
      .then(() => backend?.close())
      .then(
        () => process.exit(0),
        () => process.exit(1),
      );
  });
}
