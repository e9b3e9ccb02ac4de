#!/usr/bin/env node
// `npm start`: runs the gateway, which starts the embedded backend unless BACKEND_URL is set.
//  - NODE_ENV=production: the compiled gateway, `node gateway/dist/server.js` (scripts/build.mjs), after
//    `npm run build` when a built file is missing. After an update, run `npm run build` again.
//  - otherwise (development): the TypeScript sources through tsx, building only what is missing (generated types,
//    the web app, the playground), so a change to the sources needs no build.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
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
let command;
if (production) {
  const outputs = ['web/dist/index.html', 'gateway/playground-dist/index.html', 'backend/dist/server.js', 'gateway/dist/server.js'];
  const missing = outputs.filter((file) => !built(file));
  // The whole build: codegen first, and every output from the same sources.
  if (missing.length) run(`building for production (missing ${missing.join(', ')})`, ['run', 'build']);
  command = ['--enable-source-maps', path.join(root, 'gateway/dist/server.js')];
} else {
  if (!built('web/src/generated/graphql.tsx') || !built('gateway/src/generated/resolvers.ts')) run('generating GraphQL types', ['run', 'codegen']);
  if (!built('web/dist/index.html')) run('building the web app (first start only)', ['run', 'build', '-w', 'web']);
  if (!built('gateway/playground-dist/index.html')) run('building the GraphQL playground (first start only)', ['run', 'build:playground', '-w', 'gateway']);
  command = [path.join(root, 'node_modules/tsx/dist/cli.mjs'), path.join(root, 'gateway/src/server.ts')];
}

const child = spawn(process.execPath, [...gatewayNodeOptions, ...command], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
