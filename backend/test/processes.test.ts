/**
 * Backend processes sharing a database, as separate operating-system processes (`npm start -w
 * backend`): on PostgreSQL, replicas started together migrate and seed once and never run the
 * walkabout job twice; on PGlite, whose data folder belongs to one process, a second backend on the
 * same folder is refused before it touches it.
 *
 * The two databases' checks run side by side (describe.concurrent): each starts processes of its own on a database of
 * its own, and spends much of its time waiting on them (the PGlite one waits for a killed backend's lock to go stale).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { describe, expect, it, type TestContext } from 'vitest';
import { DATA_FOLDER_LOCK_STALE_MS } from '../src/db/client';
import { DEMO_PASSWORD, pgliteTemplate, signIn } from '../src/testing';
import { databases } from './helpers';

const backendDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

type Started = { url: string; lines: () => string[]; exited: Promise<number | null>; stop(): Promise<void>; kill(): Promise<void> };

/** A process left running when its test ends (a failure on the way), killed. */
async function killLeftOver(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGKILL');
  await new Promise((resolve) => child.once('exit', resolve));
}

/**
 * `tsx src/server.ts` with this environment; resolves with its address once it listens. Killed at the end of the test
 * that started it (`test`, its context: the tests run side by side, so an afterEach would kill the other's processes).
 */
function startProcess(test: TestContext, env: Record<string, string>): { ready: Promise<Started>; output: () => string; exited: Promise<number | null> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: backendDir,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', SMTP_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  test.onTestFinished(() => killLeftOver(child));
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const lines = () =>
    output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => String((JSON.parse(line) as { msg?: unknown }).msg ?? '') + ' ' + line);
  const ready = new Promise<Started>((resolve, reject) => {
    const check = () => {
      const match = /backend listening on (http:\/\/[\d.:]+)/.exec(output);
      if (match) {
        child.stdout.off('data', check);
        resolve({
          url: match[1]!,
          lines,
          exited,
          stop: async () => {
            child.kill('SIGTERM');
            await exited;
          },
          kill: async () => {
            child.kill('SIGKILL');
            await exited;
          },
        });
      }
    };
    child.stdout.on('data', check);
    void exited.then((code) => {
      // The error's own line first: 'error: …' or 'TypeError: …' (node prints the source line it points at first).
      const error = output.split('\n').find((line) => /^\w*(Error|error)(:| \[)/.test(line.trim())) ?? '';
      reject(new Error(`the backend exited (${code}) before listening: ${error.trim()}\n${output}`));
    });
  });
  return { ready, output: () => output, exited };
}

/** The walkabouts the job created, as each process's log says ('walkabout schedule round'). */
function createdInLog(started: Started): number {
  return started
    .lines()
    .filter((line) => line.startsWith('walkabout schedule round'))
    .reduce((sum, line) => sum + Number((JSON.parse(line.slice(line.indexOf('{'))) as { created: number }).created), 0);
}

describe.concurrent.each(databases)('Backend processes on one database (%s)', (kind) => {
  if (kind === 'postgres') {
    it('two replicas started together migrate and seed once, create each walkabout once, and both serve', { timeout: 120_000 }, async (test) => {
      const adminUrl = process.env.TEST_DATABASE_URL!;
      const name = `fsi_replicas_${randomBytes(5).toString('hex')}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`create database "${name}"`);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      try {
        // An empty database: both processes find every migration to apply and no demo data.
        const env = { DATABASE_URL: url.toString(), SEED_DEMO: 'true' };
        const [first, second] = await Promise.all([startProcess(test, env).ready, startProcess(test, env).ready]);
        for (const started of [first, second]) {
          const answer = await fetch(`${started.url}/openapi.json`);
          expect(answer.status).toBe(200);
        }
        const db = new pg.Client({ connectionString: url.toString() });
        await db.connect();
        try {
          const organizations = await db.query<{ n: number }>('select count(*)::int as n from organizations');
          expect(organizations.rows[0]!.n).toBe(2); // the demo's two, seeded once
          const users = await db.query<{ username: string; n: number }>('select username, count(*)::int as n from users group by username having count(*) > 1');
          expect(users.rows).toEqual([]);
          const duplicates = await db.query('select 1 from walkabouts group by building_id, cycle_id, period_key having count(*) > 1');
          expect(duplicates.rowCount).toBe(0);
          const walkabouts = await db.query<{ n: number }>('select count(*)::int as n from walkabouts');
          expect(walkabouts.rows[0]!.n).toBeGreaterThan(0);
          // Each walkabout was created by exactly one round of one process.
          expect(createdInLog(first) + createdInLog(second)).toBe(walkabouts.rows[0]!.n);
        } finally {
          await db.end();
        }
        await Promise.all([first.stop(), second.stop()]);
      } finally {
        await admin.query(`drop database if exists "${name}" with (force)`);
        await admin.end();
      }
    });
  } else {
    it('a second backend on the same data folder is refused, in one line, while the first goes on; the folder is free once the first stops, or soon after it is killed', { timeout: 120_000 }, async (test) => {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fsi-backend-folder-'));
      try {
        // A copy of the tests' demo database (testing.ts), as each test backend gets: the lock is what is checked here.
        // A new folder's making (initdb, the migrations, the demo seed: 4-5 s of the first start) is checked where
        // it is the point, in database.test.ts and in the compiled backend's start (tests/production).
        cpSync(await pgliteTemplate('demo'), dataDir, { recursive: true });
        const env = { DATA_DIR: dataDir, DATABASE_URL: '', SEED_DEMO: 'true' };
        const first = await startProcess(test, env).ready;

        const second = startProcess(test, env);
        second.ready.catch(() => undefined);
        expect(await second.exited).toBe(1);
        expect(second.output()).toContain(
          `The data folder ${dataDir} is in use by another backend process. Stop that one first, or give this one its own DATA_DIR.`,
        );
        expect(second.output()).not.toMatch(/\n\s+at /); // no stack trace

        // The first still answers, with its demo data.
        const session = await signIn(first.url, 'inspector', DEMO_PASSWORD);
        expect(session.token).toMatch(/\S{20,}/);

        // Stopped, it lets the folder go (its lock is gone, so the next backend need not wait for it to
        // go stale): the next backend opens it. Checked by the lock itself rather than by how fast the next
        // one starts, which says more about the machine's load than about the lock.
        const lock = path.join(dataDir, 'backend.lock');
        expect(existsSync(lock)).toBe(true);
        await first.stop();
        expect(existsSync(lock)).toBe(false);
        const third = await startProcess(test, env).ready;
        expect((await fetch(`${third.url}/openapi.json`)).status).toBe(200);

        // Killed, it cannot let it go: the lock goes stale and the next backend takes the folder over.
        await third.kill();
        expect(existsSync(lock)).toBe(true);
        const started = Date.now();
        const fourth = await startProcess(test, env).ready;
        expect(Date.now() - started).toBeGreaterThan(DATA_FOLDER_LOCK_STALE_MS / 2);
        await signIn(fourth.url, 'inspector', DEMO_PASSWORD);
        await fourth.stop();
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    });
  }
});
