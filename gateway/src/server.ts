/**
 * `npm start`: the embedded stack on one origin (run by tsx in development, built to gateway/dist/server.js by
 * scripts/build.mjs in production). Unless BACKEND_URL points at a
 * running backend, the backend starts in a thread of this process (PGlite under DATA_DIR, or
 * DATABASE_URL; backend-thread.ts); then the gateway serves /graphql, /playground and the web app.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DemoUser } from '@fsi/backend';
import { createGateway } from './app';
import { BackendRefusal, startBackendThread, type BackendThread } from './backend-thread';
import { publicToolsFromEnv } from './config';
import type { EmbeddedBackendData } from './embedded-backend';

/** Set by scripts/build.mjs in the built server (gateway/dist): its modules are .js files there. */
declare const FSI_BUILT: boolean | undefined;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const env = process.env;
const port = Number(env.PORT ?? 4000);
const host = env.HOST ?? '127.0.0.1';

let backend: BackendThread | null = null;
let demoUsers: readonly DemoUser[] = [];
let backendUrl = env.BACKEND_URL;
if (!backendUrl) {
  // The embedded backend, in a thread of its own (backend-thread.ts).
  const module = typeof FSI_BUILT === 'undefined' ? new URL('./embedded-backend.ts', import.meta.url) : new URL('../dist/embedded-backend.js', import.meta.url);
  try {
    backend = await startBackendThread(module, {
      workerData: { publicUrl: env.PUBLIC_URL ?? `http://localhost:${port}` } satisfies EmbeddedBackendData,
      // The product is down without its backend: said, and the process ends rather than answering 502s.
      onStop: (reason) => {
        console.error('The embedded backend stopped:', reason);
        process.exit(1);
      },
    });
  } catch (error) {
    // Refusals of the person starting it: said in one line, not as a stack trace.
    if (!(error instanceof BackendRefusal)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  backendUrl = backend.url;
  demoUsers = backend.demoUsers;
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

// The gateway first, so no request reaches a backend that is already closing; then the backend, whose database is
// closed cleanly. A signal more while closing (a terminal's Ctrl-C reaches npm, tsx and this process) changes nothing.
let closing: Promise<void> | null = null;
const shutDown = () =>
  (closing ??= app
    .close()
    .then(() => backend?.close())
    .then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('Stopping failed:', error);
        process.exit(1);
      },
    ));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void shutDown());
