#!/usr/bin/env node
// `npm test`: every check, in the order that fails fastest. Each step's output is shown;
// the last line sums the tests of every vitest run ("N passed, N failed").
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const reports = mkdtempSync(path.join(tmpdir(), 'fsi-test-'));
const started = Date.now();
let passed = 0;
let failed = 0;
const failures = [];

function step(label, command, args, { fatal = true } = {}) {
  const t0 = Date.now();
  console.log(`\n=== ${label}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  const ok = result.status === 0;
  console.log(`=== ${label}: ${ok ? 'ok' : 'FAILED'} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  if (!ok) {
    failures.push(label);
    if (fatal) finish();
  }
  return ok;
}

function vitest(workspace) {
  const out = path.join(reports, `${workspace}.json`);
  step(`tests: ${workspace}`, npm, ['exec', '-w', workspace, '--', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${out}`], { fatal: false });
  if (!existsSync(out)) {
    failed += 1;
    return;
  }
  const report = JSON.parse(readFileSync(out, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests + (report.numTotalTestSuites > 0 && report.numTotalTests === 0 ? 1 : 0);
}

function finish() {
  const minutes = ((Date.now() - started) / 60000).toFixed(1);
  if (failures.length) console.log(`\nFailed steps: ${failures.join(', ')}`);
  console.log(`\nnpm test took ${minutes} min`);
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failures.length || failed ? 1 : 0);
}

step('codegen', npm, ['run', 'codegen', '--silent']);
step('typecheck', npm, ['run', 'typecheck', '--silent']);
step('lint', npm, ['run', 'lint', '--silent']);
step('build web', npm, ['run', 'build', '-w', 'web', '--silent']);
step('build playground', npm, ['run', 'build:playground', '-w', 'gateway', '--silent']);
for (const workspace of ['shared', 'backend', 'gateway', 'web', 'tests']) vitest(workspace);
finish();
