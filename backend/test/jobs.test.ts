/**
 * Background jobs (src/jobs): pg-boss on PGlite and on PostgreSQL behind app.jobs. A job runs once
 * even with two backends on one PostgreSQL database; a throwing job is retried with a growing delay
 * and then kept as failed with its error; a singleton key is not queued twice; a job waiting, or
 * running when the app closes, is run after a restart.
 */
import { randomBytes } from 'node:crypto';
import { cpSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import pg from 'pg';
import { EventEmitter } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import jobsPlugin, { type JobHandler, type JobsOptions } from '../src/jobs';
import dbPlugin from '../src/plugins/db';
import { pgliteTemplate } from '../src/testing';
import { databases } from './helpers';

/** Where a test's apps keep their jobs: a PGlite folder, or a PostgreSQL database of its own. */
type Place = { open(): Promise<DatabaseHandle>; drop(): Promise<void> };

async function newPlace(kind: 'pglite' | 'postgres'): Promise<Place> {
  if (kind === 'pglite') {
    const dataDir = path.join(os.tmpdir(), `fsi-jobs-test-${process.pid}-${randomBytes(4).toString('hex')}`);
    // A copy of the migrated template opens in well under a second; a new folder's initdb takes seconds.
    cpSync(await pgliteTemplate('none'), dataDir, { recursive: true });
    return { open: () => openDatabase({ dataDir }), drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `fsi_jobs_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    open: () => openDatabase({ databaseUrl: url.toString() }),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    },
  };
}

/** An app with only the database and the jobs plugin, whose workers are the given handlers. */
async function jobsApp(place: Place, workers: Record<string, JobHandler>, options: JobsOptions = {}): Promise<FastifyInstance> {
  const handle = await place.open();
  const app = Fastify();
  await app.register(dbPlugin, { db: handle.db });
  await app.register(jobsPlugin, { retryDelaySeconds: 1, retryLimit: 2, ...options });
  await app.register(
    fp(async (instance) => {
      for (const [queue, handler] of Object.entries(workers)) instance.jobs.work(queue, handler);
    }),
  );
  app.addHook('onClose', () => handle.close());
  await app.ready();
  return app;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean, what: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await sleep(20);
  }
}

describe.each(databases)('background jobs on %s', (kind) => {
  const places: Place[] = [];
  const apps: FastifyInstance[] = [];
  const place = async () => {
    const created = await newPlace(kind);
    places.push(created);
    return created;
  };
  const start = async (...args: Parameters<typeof jobsApp>) => {
    const app = await jobsApp(...args);
    apps.push(app);
    return app;
  };
  // The migrated template is built (once across test files) before the first test's clock starts.
  beforeAll(async () => {
    if (kind === 'pglite') await pgliteTemplate('none');
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const created of places) await created.drop();
  });

  it('runs a job with its data, and a throwing job again with a growing delay until it is kept as failed with its error', async () => {
    const seen: unknown[] = [];
    const attempts: number[] = [];
    const app = await start(await place(), {
      'test.ok': async (data) => {
        seen.push(data);
      },
      'test.broken': async () => {
        attempts.push(Date.now());
        throw new Error('The printer is on fire');
      },
    });
    const ok = await app.jobs.enqueue('test.ok', { report: 7, to: ['a@example.com'] });
    const broken = await app.jobs.enqueue('test.broken', { report: 8 });
    await app.jobs.drain();

    expect(seen).toEqual([{ report: 7, to: ['a@example.com'] }]);
    expect(await app.jobs.state('test.ok', ok!)).toMatchObject({ state: 'completed', retryCount: 0 });
    // Tried once and retried twice (retryLimit 2): first after 1-2 s, then after 2-4 s.
    expect(attempts).toHaveLength(3);
    expect(attempts[1]! - attempts[0]!).toBeGreaterThanOrEqual(900);
    expect(attempts[2]! - attempts[1]!).toBeGreaterThanOrEqual(1900);
    const state = await app.jobs.state('test.broken', broken!);
    expect(state).toMatchObject({ state: 'failed', retryCount: 2, output: { message: 'The printer is on fire' } });
    const failed = await app.jobs.failed({ limit: 10, offset: 0 });
    expect(failed.total).toBe(1);
    expect(failed.jobs).toEqual([
      expect.objectContaining({ id: broken, queue: 'test.broken', data: { report: 8 }, error: 'The printer is on fire', retryCount: 2 }),
    ]);
  });

  it('starts a job queued with wakeAfter when that answer has closed, not before and not a polling interval later', async () => {
    const seen: unknown[] = [];
    // Polling once a minute: only a wake can start the job within this test.
    const app = await start(await place(), { 'test.after': async (data) => void seen.push(data) }, { pollingIntervalSeconds: 60 });
    // A first job starts the queue and its worker; once it has run, the worker waits for its next poll or a wake.
    await app.jobs.enqueue('test.after', { n: 0 });
    await app.jobs.drain();
    await sleep(300);
    const answer = new EventEmitter();
    await app.jobs.enqueue('test.after', { n: 1 }, { wakeAfter: answer });
    await sleep(500);
    expect(seen).toEqual([{ n: 0 }]);
    answer.emit('close');
    await until(() => seen.length === 2, 'the job to run once its answer closed', 10_000);
    expect(seen).toEqual([{ n: 0 }, { n: 1 }]);
  });

  it('adds a job queued inside a transaction if and only if the transaction commits, and runs it once its answer has closed', async () => {
    const seen: unknown[] = [];
    const app = await start(await place(), { 'test.saved': async (data) => void seen.push(data) }, { pollingIntervalSeconds: 60 });
    const enqueue = await app.jobs.inTransaction('test.saved');
    const rolledBack = new Error('rolled back');
    await expect(
      app.db.transaction(async (tx) => {
        expect(await enqueue(tx, { n: 1, with: { nested: ['data'] } })).toEqual(expect.any(String));
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    const answer = new EventEmitter();
    const id = await app.db.transaction(async (tx) => {
      const added = await enqueue(tx, { n: 2, with: { nested: ['data'] } }, { wakeAfter: answer });
      // Not there for another connection before the commit (PGlite has one, which the transaction holds).
      if (kind === 'postgres') expect(await app.jobs.state('test.saved', added!)).toBeNull();
      return added;
    });
    expect(await app.jobs.state('test.saved', id!)).toMatchObject({ state: 'created' });
    answer.emit('close');
    await until(() => seen.length === 1, 'the committed job to run once its answer closed', 10_000);
    await app.jobs.drain();
    expect(seen).toEqual([{ n: 2, with: { nested: ['data'] } }]);
  });

  it('does not queue a job whose singleton key is already waiting or running', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const runs: string[] = [];
    const app = await start(await place(), {
      'test.report': async (data: { building: string }) => {
        runs.push(data.building);
        if (runs.length === 1) await released;
      },
    });
    const first = await app.jobs.enqueue('test.report', { building: 'A' }, { singletonKey: 'report:A' });
    expect(first).toEqual(expect.any(String));
    // Waiting or running: the same key is not added again; another key is.
    expect(await app.jobs.enqueue('test.report', { building: 'A again' }, { singletonKey: 'report:A' })).toBeNull();
    await until(() => runs.length === 1, 'the first run');
    expect(await app.jobs.enqueue('test.report', { building: 'A again' }, { singletonKey: 'report:A' })).toBeNull();
    expect(await app.jobs.enqueue('test.report', { building: 'B' }, { singletonKey: 'report:B' })).toEqual(expect.any(String));
    release();
    await app.jobs.drain();
    expect(runs).toEqual(['A', 'B']);
    // Once it has run, the key may be queued again.
    expect(await app.jobs.enqueue('test.report', { building: 'A later' }, { singletonKey: 'report:A' })).toEqual(expect.any(String));
    await app.jobs.drain();
    expect(runs).toEqual(['A', 'B', 'A later']);
  });

  it('runs after a restart what was waiting, and what was running when the app closed', async () => {
    const where = await place();
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const firstRuns: string[] = [];
    const first = await jobsApp(
      where,
      {
        'test.slow': async (data: { name: string }) => {
          firstRuns.push(data.name);
          await released;
        },
      },
      { stopTimeoutMs: 1000 },
    );
    const interrupted = await first.jobs.enqueue('test.slow', { name: 'interrupted' });
    await until(() => firstRuns.length === 1, 'the slow job to start');
    // Queued behind the running one (this app works one job of a queue at a time).
    const waiting = await first.jobs.enqueue('test.slow', { name: 'waiting' });
    await first.close();
    // The handler outlives the close; its job was already given back for a retry.
    release();
    expect(firstRuns).toEqual(['interrupted']);

    const secondRuns: string[] = [];
    const second = await start(where, {
      'test.slow': async (data: { name: string }) => {
        secondRuns.push(data.name);
      },
    });
    await second.jobs.drain();
    expect(secondRuns.sort()).toEqual(['interrupted', 'waiting']);
    expect(await second.jobs.state('test.slow', interrupted!)).toMatchObject({ state: 'completed', retryCount: 1 });
    expect(await second.jobs.state('test.slow', waiting!)).toMatchObject({ state: 'completed', retryCount: 0 });
  });

  // Two backends share a database only on PostgreSQL (a PGlite folder is one process's).
  if (kind === 'postgres') it('runs each job once with two backends working the same PostgreSQL database', async () => {
    const where = await place();
    const runs: { app: string; n: number }[] = [];
    const worker = (name: string) => ({
      'test.count': async (data: { n: number }) => {
        runs.push({ app: name, n: data.n });
        await sleep(20);
      },
    });
    const a = await start(where, worker('a'), { pollingIntervalSeconds: 0.5 });
    const b = await start(where, worker('b'), { pollingIntervalSeconds: 0.5 });
    for (let n = 0; n < 40; n++) await (n % 2 ? a : b).jobs.enqueue('test.count', { n });
    await Promise.all([a.jobs.drain(), b.jobs.drain()]);
    expect(runs.map((r) => r.n).sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, n) => n));
    // Both took part: each one's own enqueues wake it, and it polls for the other's.
    expect(new Set(runs.map((r) => r.app))).toEqual(new Set(['a', 'b']));
  });

  // Two replicas' first start on an empty database: each creates every queue it works. pg-boss's own
  // create_queue deadlocks when two connections create the same new queue at once (it inserts the queue's
  // row, then adds a foreign key to that table), which failed one replica's start.
  if (kind === 'postgres') it('starts two backends together on a database without queues, each queue created once', async () => {
    const where = await place();
    const queues = Array.from({ length: 12 }, (_, n) => `test.together-${n}`);
    const ran: string[] = [];
    const workers = Object.fromEntries(queues.map((queue) => [queue, async () => void ran.push(queue)]));
    const [a, b] = await Promise.all([start(where, workers), start(where, workers)]);
    for (const [n, queue] of queues.entries()) await (n % 2 ? a : b).jobs.enqueue(queue, {});
    await Promise.all([a.jobs.drain(), b.jobs.drain()]);
    expect(ran.sort()).toEqual([...queues].sort());
  });
});
