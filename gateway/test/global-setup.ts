/**
 * The playground tests serve the built GraphiQL: build it once when it is
 * missing, so `npm test -w gateway` works on a fresh clone (`npm test` at the
 * root builds it beforehand anyway).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const gatewayDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export default async function setup() {
  if (existsSync(path.join(gatewayDir, 'playground-dist/index.html'))) return;
  await build({ configFile: path.join(gatewayDir, 'playground/vite.config.ts'), logLevel: 'warn' });
}
