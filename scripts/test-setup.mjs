// What `npm test` needs from the machine beyond node_modules, and how scripts/test.mjs gets it: Chromium (the
// end-to-end suites), PostgreSQL (every backend suite runs on PGlite and, with TEST_DATABASE_URL, again on
// PostgreSQL) and poppler-utils (pdftoppm, for suites that look at the pages of generated PDFs). planSetup decides;
// the rest acts.
import { spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, closeSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The Debian package that brings each tool. */
export const PACKAGES = { chromium: 'chromium', postgres: 'postgresql', pdftoppm: 'poppler-utils' };

/** What is missing means for the run, said before it starts and again before its last line. */
export const CONSEQUENCES = {
  chromium: 'WILL FAIL: the end-to-end suites (tests/e2e) launch Chromium at /usr/bin/chromium (or CHROMIUM_PATH), which is missing',
  postgres:
    'NOT RUN: the PostgreSQL half of the backend suites (each runs on PGlite, and on PostgreSQL only with TEST_DATABASE_URL), of tests/production and of backend/test/processes.test.ts; and tests/scripts/test-setup.test.ts FAILS (no server to start); no PostgreSQL server binaries and TEST_DATABASE_URL is not set',
  pdftoppm: 'WILL FAIL: a suite that renders PDF pages with pdftoppm (poppler-utils), which is missing',
};

/**
 * Pure: from what the machine has, what to install, whether to start a PostgreSQL server, and what stays missing.
 * machine: { isRoot, aptGet, chromium, postgres, pdftoppm (booleans: present), testDatabaseUrl (string|undefined) }.
 * afterInstall: the machine as apt-get left it; what is still missing stays missing.
 */
export function planSetup(machine, { afterInstall = false } = {}) {
  const needed = ['chromium', 'postgres', 'pdftoppm'].filter((tool) => !machine[tool] && !(tool === 'postgres' && machine.testDatabaseUrl));
  const canInstall = Boolean(machine.isRoot && machine.aptGet) && !afterInstall;
  const install = canInstall ? needed.map((tool) => PACKAGES[tool]) : [];
  const absent = canInstall ? [] : needed;
  const reason = afterInstall ? 'apt-get did not install it' : !machine.aptGet ? 'no apt-get on this machine' : 'not running as root, so nothing is installed';
  const postgres = machine.testDatabaseUrl ? 'given' : absent.includes('postgres') ? 'none' : 'start';
  return { install, absent, postgres, warnings: absent.map((tool) => `${CONSEQUENCES[tool]} (${reason})`) };
}

function onPath(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/** The newest Debian PostgreSQL server's bin folder, or null. */
export function postgresBin() {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => existsSync(path.join(base, v, 'bin', 'postgres')) && existsSync(path.join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(a) - Number(b));
  return versions.length ? path.join(base, versions.at(-1), 'bin') : null;
}

export function probeMachine(env = process.env) {
  return {
    isRoot: process.getuid?.() === 0,
    aptGet: onPath('apt-get'),
    chromium: existsSync(env.CHROMIUM_PATH ?? '/usr/bin/chromium'),
    postgres: postgresBin() !== null,
    pdftoppm: onPath('pdftoppm'),
    testDatabaseUrl: env.TEST_DATABASE_URL || undefined,
  };
}

/** apt-get update, then install; true when it worked. Its output is kept short (it is not what the run is about). */
export function aptInstall(packages) {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update', '-qq'], ['install', '-y', '-qq', '--no-install-recommends', ...packages]]) {
    const result = spawnSync('apt-get', args, { env, stdio: ['ignore', 'ignore', 'inherit'] });
    if (result.status !== 0) return false;
  }
  return true;
}

const PORT_RANGE = '/proc/sys/net/ipv4/ip_local_port_range';

/**
 * A loopback port free when asked, for a server started by number (PostgreSQL here; `npm start`'s PORT and
 * BACKEND_PORT in tests/production) or for a port that nothing should answer. Chosen below the kernel's ephemeral
 * range (ip_local_port_range): a port of that range found free and released is soon handed to another bind(0) or
 * connect() of the run (the stacks and clients of the test files running beside), which once took one between the
 * check and the server's listen (EADDRINUSE). Below that range only servers given a number compete for it.
 */
export async function freePort() {
  const floor = existsSync(PORT_RANGE) ? Number(readFileSync(PORT_RANGE, 'utf8').trim().split(/\s+/)[0]) : 32768;
  for (;;) {
    const port = 10000 + Math.floor(Math.random() * (floor - 10000));
    const free = await new Promise((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A throw-away PostgreSQL server: initdb in a temporary folder (owned by the postgres user when this runs as root,
 * since the server refuses to run as root), a free port on 127.0.0.1, fsync off (nothing here needs to survive a
 * crash). Resolves once it accepts connections; stop() shuts it down and removes the folder.
 */
export async function startPostgres(bin) {
  const root = mkdtempSync(path.join(tmpdir(), 'fsi-test-pg-'));
  const data = path.join(root, 'data');
  const socket = path.join(root, 'socket');
  mkdirSync(data);
  mkdirSync(socket);
  let ids = {};
  if (process.getuid?.() === 0) {
    const uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout);
    const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout);
    if (!uid) throw new Error('running as root, and there is no postgres user to run the server as');
    ids = { uid, gid };
    for (const dir of [root, data, socket]) chownSync(dir, uid, gid);
  }
  const cleanup = () => rmSync(root, { recursive: true, force: true });
  const init = spawnSync(path.join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync'], {
    ...ids,
    cwd: root,
    encoding: 'utf8',
  });
  if (init.status !== 0) {
    cleanup();
    throw new Error(`initdb failed: ${(init.stderr || init.stdout).trim()}`);
  }
  const port = await freePort();
  const logFile = path.join(root, 'postgres.log');
  const log = openSync(logFile, 'a');
  if (ids.uid) chownSync(logFile, ids.uid, ids.gid);
  // max_connections: the suites run files in parallel, each backend with a pool of up to 10 connections and some
  // with processes of their own (replicas started together); the default 100 is reached under load.
  const settings = ['listen_addresses=127.0.0.1', 'fsync=off', 'synchronous_commit=off', 'full_page_writes=off', 'max_connections=300'];
  const server = spawn(path.join(bin, 'postgres'), ['-D', data, '-p', String(port), '-k', socket, ...settings.flatMap((s) => ['-c', s])], {
    ...ids,
    cwd: root,
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  const exited = new Promise((resolve) => server.once('exit', resolve));
  let running = true;
  void exited.then(() => (running = false));
  const stop = async () => {
    if (running) {
      server.kill('SIGINT'); // fast shutdown: ends the sessions, no checkpoint to wait for with fsync off
      const done = await Promise.race([exited.then(() => true), sleep(10_000).then(() => false)]);
      if (!done) server.kill('SIGKILL');
    }
    cleanup();
  };
  for (let waited = 0; ; waited += 200) {
    if (!running) {
      cleanup();
      throw new Error(`the PostgreSQL server stopped at start (its log: ${logFile})`);
    }
    if (spawnSync(path.join(bin, 'pg_isready'), ['-q', '-h', '127.0.0.1', '-p', String(port)]).status === 0) break;
    if (waited > 30_000) {
      await stop();
      throw new Error('the PostgreSQL server did not accept connections within 30 s');
    }
    await sleep(200);
  }
  const version = spawnSync(path.join(bin, 'postgres'), ['--version'], { encoding: 'utf8' }).stdout.trim().replace(/^postgres \(PostgreSQL\) /, '');
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    version,
    /** Its data, socket and log, removed by stop(). */
    folder: root,
    stop,
    /** For process 'exit': no waiting possible, the server is told to stop at once. */
    stopNow: () => {
      if (running) server.kill('SIGQUIT');
    },
  };
}
