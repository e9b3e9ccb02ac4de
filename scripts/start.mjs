#!/usr/bin/env node
// `npm start`: runs the gateway, which starts the embedded backend unless BACKEND_URL is set.
//  - NODE_ENV=production: the compiled gateway, `node gateway/dist/server.js` (scripts/build.mjs), after
//    `npm run build` when a built file is missing or older than the sources it is built from.
//  - otherwise (development): the TypeScript sources through tsx; the generated types, the web app and the
//    playground are built again when missing or older than their sources, so a start never serves a stale screen.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync, utimesSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { gatewayNodeOptions } from './build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const production = process.env.NODE_ENV === 'production';

function run(label, args) {
  console.log(`> ${label}`);
  const result = spawnSync(npm, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const built = (file) => existsSync(path.join(root, file));

/** The newest modification time (ms) of the files under these paths; tests and generated, built and installed folders aside. */
function newestSource(paths, accept = (file) => !/\.test\.[jt]sx?$/.test(file)) {
  let newest = 0;
  const visit = (full) => {
    const stat = statSync(full, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) {
      for (const name of readdirSync(full)) {
        if (['node_modules', 'dist', 'playground-dist', 'generated'].includes(name)) continue;
        visit(path.join(full, name));
      }
    } else if (accept(full) && stat.mtimeMs > newest) newest = stat.mtimeMs;
  };
  for (const source of paths) visit(path.join(root, source));
  return newest;
}

/** Whether the output is missing or older than any of its sources (the files `accept` takes). */
const stale = (output, sources, accept) => !built(output) || statSync(path.join(root, output)).mtimeMs < newestSource(sources, accept);

const SCHEMA = ['schema', 'codegen.ts', 'backend/openapi.json'];
const WEB = ['web/src', 'web/public', 'web/index.html', 'web/vite.config.ts', 'web/precacheList.ts', 'web/precompress.ts', 'shared/src', ...SCHEMA];
const SERVER = ['backend/src', 'backend/drizzle', 'gateway/src', 'shared/src', ...SCHEMA];
const PLAYGROUND = ['gateway/playground'];
/** The sources each output is built from. */
const sourcesOf = (output) => (output.startsWith('web/') ? WEB : output.startsWith('gateway/playground-dist/') ? PLAYGROUND : SERVER);
let command;
if (production) {
  const outputs = ['web/dist/index.html', 'gateway/playground-dist/index.html', 'backend/dist/server.js', 'gateway/dist/server.js'];
  const outdated = outputs.filter((file) => stale(file, sourcesOf(file)));
  // The whole build: codegen first, and every output from the same sources.
  if (outdated.length) run(`building for production (missing or older than the sources: ${outdated.join(', ')})`, ['run', 'build']);
  command = ['--enable-source-maps', path.join(root, 'gateway/dist/server.js')];
} else {
  // The web's operations are its .graphql files (each generates the X.generated.tsx beside it, at the same run as
  // web/src/generated/schema.ts, which stands for them all); the schema's are every file of SCHEMA.
  const operationsChanged = stale('web/src/generated/schema.ts', ['web/src'], (file) => file.endsWith('.graphql'));
  if (operationsChanged || stale('web/src/generated/schema.ts', SCHEMA) || stale('gateway/src/generated/resolvers.ts', SCHEMA)) {
    run('generating GraphQL types', ['run', 'codegen']);
    // graphql-codegen leaves a file it would write the same untouched: mark them as made now, or every start would regenerate.
    const now = new Date();
    for (const file of ['web/src/generated/schema.ts', 'gateway/src/generated/resolvers.ts']) {
      if (built(file)) utimesSync(path.join(root, file), now, now);
    }
  }
  if (stale('web/dist/index.html', WEB)) run('building the web app (missing or older than its sources)', ['run', 'build', '-w', 'web']);
  if (!built('gateway/playground-dist/index.html')) run('building the GraphQL playground (first start only)', ['run', 'build:playground', '-w', 'gateway']);
  command = [path.join(root, 'node_modules/tsx/dist/cli.mjs'), path.join(root, 'gateway/src/server.ts')];
}

const child = spawn(process.execPath, [...gatewayNodeOptions, ...command], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
