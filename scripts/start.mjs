#!/usr/bin/env node
// `npm start`: builds what is missing (generated types, the web app, the playground),
// then runs the gateway, which starts the embedded backend unless BACKEND_URL is set.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(label, args) {
  console.log(`> ${label}`);
  const result = spawnSync(npm, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (!existsSync(path.join(root, 'web/src/generated/graphql.tsx')) || !existsSync(path.join(root, 'gateway/src/generated/resolvers.ts'))) {
  run('generating GraphQL types', ['run', 'codegen']);
}
if (!existsSync(path.join(root, 'web/dist/index.html'))) run('building the web app (first start only)', ['run', 'build', '-w', 'web']);
if (!existsSync(path.join(root, 'gateway/playground-dist/index.html'))) {
  run('building the GraphQL playground (first start only)', ['run', 'build:playground', '-w', 'gateway']);
}

const tsx = path.join(root, 'node_modules/tsx/dist/cli.mjs');
const child = spawn(process.execPath, [tsx, path.join(root, 'gateway/src/server.ts')], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
