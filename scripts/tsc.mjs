#!/usr/bin/env node
// `tsc` for the type checks (each workspace's `npm run typecheck`): TypeScript 7, the native compiler
// (package.json's "typescript-native"). The tools that use TypeScript's JavaScript API (typescript-eslint,
// openapi-typescript) keep TypeScript 5.9 ("typescript"), which TypeScript 7 does not offer. Both packages install a
// `tsc` command, and which of them node_modules/.bin/tsc is depends on the order of the install: this runs
// TypeScript 7's by its path. Its arguments are tsc's.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const tsc = path.join(path.dirname(require.resolve('typescript-native/package.json')), 'bin', 'tsc');
const result = spawnSync(process.execPath, [tsc, ...process.argv.slice(2)], { stdio: 'inherit' });
if (result.error) console.error(`Could not run TypeScript 7's tsc (${tsc}): ${result.error.message}`);
process.exit(result.status ?? 1);
