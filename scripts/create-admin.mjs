#!/usr/bin/env node
// `npm run create-admin`: adds an administrator to the database `npm start` would open (DATABASE_URL, or the PGlite
// folder DATA_DIR, default ./data). Asks in the terminal, or reads ADMIN_USERNAME, ADMIN_PASSWORD and ADMIN_EMAIL.
// The compiled command (backend/dist/create-admin.js, what the backend image runs) when NODE_ENV=production and it
// is built; otherwise its TypeScript source through tsx.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const compiled = path.join(root, 'backend/dist/create-admin.js');
const command =
  process.env.NODE_ENV === 'production' && existsSync(compiled)
    ? [compiled]
    : [path.join(root, 'node_modules/tsx/dist/cli.mjs'), path.join(root, 'backend/src/admin/create-admin.ts')];

const child = spawn(process.execPath, command, { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
