#!/usr/bin/env node
// `npm test`: every check, in the order that fails fastest. Each step's output is shown;
// the last line sums the tests of every vitest run ("N passed, N failed").
//
// First it sets the machine up (scripts/test-setup.mjs): as root with apt-get, it installs Chromium, PostgreSQL and
// poppler-utils when missing; unless TEST_DATABASE_URL is set, it starts a throw-away PostgreSQL server for the
// suites' PostgreSQL half and stops it at the end (also on a failure or Ctrl-C). What it did is said in one line;
// what it could not do, and which suites that leaves failing or not run, is said before the run and before the end.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { aptInstall, planSetup, postgresBin, probeMachine, startPostgres } from './test-setup.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const reports = mkdtempSync(path.join(tmpdir(), 'fsi-test-'));
const started = Date.now();
let passed = 0;
let failed = 0;
const failures = [];
const failedTests = [];
const warnings = [];
/** Each step's label and seconds, said again at the end (a CI log keeps its end). */
const timings = [];
let postgres = null;
let stopping = false;
/** The steps running now (two at a time where they can: one tsc uses one core of two); a signal is passed on to each. */
const running = new Set();

async function stopPostgres() {
  const server = postgres;
  postgres = null;
  if (server) await server.stop();
}
process.on('exit', () => postgres?.stopNow());
for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143]]) {
  process.on(signal, () => {
    stopping = true;
    // Ctrl-C in a terminal reaches the running step (and the server) itself; a signal to this process alone is
    // passed on. The step stops, the server is stopped and its folder removed, then this process ends.
    for (const child of running) child.kill(signal);
    console.log(`\n${signal}: stopping`);
    stopPostgres().finally(() => process.exit(code));
  });
}

// ---- set-up
const plan = planSetup(probeMachine());
const did = [];
if (plan.install.length) {
  console.log(`=== installing ${plan.install.join(', ')} (apt-get)`);
  if (aptInstall(plan.install)) did.push(`installed ${plan.install.join(', ')}`);
  else failures.push(`apt-get install ${plan.install.join(' ')}`);
}
// After an install, look again: what is still missing is what the run will miss.
const after = plan.install.length ? planSetup(probeMachine(), { afterInstall: true }) : plan;
warnings.push(...after.warnings);
if (after.postgres === 'given') {
  did.push('PostgreSQL from TEST_DATABASE_URL (not started here)');
} else if (after.postgres === 'start') {
  try {
    postgres = await startPostgres(postgresBin());
    process.env.TEST_DATABASE_URL = postgres.url;
    did.push(`started PostgreSQL ${postgres.version} on 127.0.0.1:${postgres.port} as TEST_DATABASE_URL (stopped at the end)`);
  } catch (error) {
    warnings.push(`NOT RUN: the PostgreSQL half of the suites; a PostgreSQL server could not be started: ${error.message}`);
  }
}
console.log(`Set-up: ${did.length ? did.join('; ') : 'nothing installed or started'}.`);
for (const warning of warnings) console.log(`  ${warning}`);

// ---- the steps
/** Runs a step; with `buffered`, its output is kept and shown in one piece when it ends (beside another step). */
function runStep(command, args, { buffered = false } = {}) {
  return new Promise((resolve) => {
    if (stopping) return; // the signal's handler ends the process
    const child = spawn(command, args, { cwd: root, stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: process.env });
    running.add(child);
    let output = '';
    if (buffered) {
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
    }
    const done = (code) => {
      running.delete(child);
      if (output) process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
      resolve(code);
    };
    child.once('error', () => done(1));
    child.once('exit', (code) => done(code ?? 1));
  });
}

async function step(label, command, args, { fatal = true, buffered = false } = {}) {
  const t0 = Date.now();
  console.log(`\n=== ${label}${buffered ? ' (its output when it ends)' : ''}`);
  const code = await runStep(command, args, { buffered });
  const ok = code === 0;
  const seconds = (Date.now() - t0) / 1000;
  timings.push(`${label} ${seconds.toFixed(0)} s`);
  console.log(`=== ${label}: ${ok ? 'ok' : 'FAILED'} (${seconds.toFixed(1)} s)`);
  if (!ok) {
    failures.push(label);
    if (fatal) await finish();
  }
  return ok;
}

async function vitest(workspace) {
  const out = path.join(reports, `${workspace}.json`);
  await step(`tests: ${workspace}`, npm, ['exec', '-w', workspace, '--', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${out}`], { fatal: false });
  if (!existsSync(out)) {
    failed += 1;
    return;
  }
  const report = JSON.parse(readFileSync(out, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests + (report.numTotalTestSuites > 0 && report.numTotalTests === 0 ? 1 : 0);
  // The end of the output is what a CI log keeps: name each failed test there, with the start of its message.
  for (const file of report.testResults ?? []) {
    const failedInFile = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failedInFile) {
      const message = (test.failureMessages ?? []).join('\n').split('\n').slice(0, 6).join('\n    ');
      failedTests.push(`${workspace}: ${path.relative(root, file.name)} > ${test.fullName}\n    ${message}`);
    }
    if (failedInFile.length === 0 && file.status === 'failed') failedTests.push(`${workspace}: ${path.relative(root, file.name)}\n    ${(file.message ?? '').split('\n').slice(0, 6).join('\n    ')}`);
  }
}

async function finish() {
  await stopPostgres();
  const minutes = ((Date.now() - started) / 60000).toFixed(1);
  if (failedTests.length) console.log(`\nFailed tests:\n${failedTests.map((t) => `  ${t}`).join('\n')}`);
  if (failures.length) console.log(`\nFailed steps: ${failures.join(', ')}`);
  if (warnings.length) console.log(`\nSet-up could not provide everything:\n${warnings.map((w) => `  ${w}`).join('\n')}`);
  console.log(`\nSteps: ${timings.join(', ')}`);
  console.log(`npm test took ${minutes} min`);
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failures.length || failed ? 1 : 0);
}

await step('codegen', npm, ['run', 'codegen', '--silent']);
// The type checks (one tsc per workspace: TypeScript 7's, scripts/tsc.mjs), the lint and the builds: two queues of
// them, one per core, of about the same length (alone on this machine: lint 22 s, tsc backend 7, gateway 6, web 5,
// tests 6, shared 1; build web 21, playground 2; TypeScript 5.9's tsc took 36, 45, 41, 39 and 5 s in CI). A failed
// step does not stop its queue (every error is said at once), except that the budgets need the web build.
const workspaces = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).workspaces;
const typecheck = (workspace) => [`typecheck ${workspace}`, npm, ['run', 'typecheck', '-w', workspace, '--silent']];
async function queue(steps) {
  for (const [label, command, args, needs] of steps) {
    if (needs && failures.includes(needs)) continue;
    await step(label, command, args, { buffered: true, fatal: false });
  }
}
await Promise.all([
  queue([['lint', npm, ['run', 'lint', '--silent']], typecheck('web'), typecheck('tests')]),
  queue([
    ...workspaces.filter((workspace) => !['web', 'tests'].includes(workspace)).map(typecheck),
    ['build web', npm, ['run', 'build', '-w', 'web', '--silent']],
    ['web budgets', process.execPath, ['scripts/check-budgets.mjs'], 'build web'],
    ['build playground', npm, ['run', 'build:playground', '-w', 'gateway', '--silent']],
  ]),
]);
if (failures.length) await finish();
for (const workspace of ['shared', 'backend', 'gateway', 'web', 'tests']) await vitest(workspace);
await finish();
