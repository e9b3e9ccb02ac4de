/**
 * Background jobs (DESIGN.md section 4, Background work): report generation, e-mail delivery and the
 * like run as jobs on pg-boss, in the backend's own database. On PostgreSQL the replicas share the
 * queue (pg-boss takes a job with FOR UPDATE SKIP LOCKED, so one replica runs it); on the embedded
 * PGlite the same pg-boss runs over the one PGlite connection (pglite-adapter.ts). See
 * docs/ARCHITECTURE.md, "Background jobs".
 *
 * Workers are registered while the app's plugins register (`app.jobs.work(queue, handler)`); pg-boss
 * starts when the app is ready, or at the first `enqueue` if that comes sooner. A handler that throws
 * is retried after a growing delay (retryDelaySeconds, doubled each time, with jitter) up to its
 * retry limit, then kept as failed with its error (`app.jobs.failed()`, GET /failed-jobs). Closing
 * the app stops taking jobs, waits up to stopTimeoutMs for running ones, and fails what is still
 * running so that it is retried at the next start: no job is lost.
 */
import { randomUUID } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import fp from 'fastify-plugin';
import PgBoss from 'pg-boss';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { clientOf, type Database } from '../db/client';
import { pgliteDb } from './pglite-adapter';

export type EnqueueOptions = {
  /**
   * While a job of this queue with this key waits, waits for a retry or runs, another with the same
   * key is not added (enqueue answers null). Put what makes the work different in the key (e.g. a
   * report's data version) when a change made during a run must be run again.
   */
  singletonKey?: string;
  /** How many times a failing job is retried before it is kept as failed (default: the plugin's retryLimit). */
  retryLimit?: number;
  /**
   * The answer of the request that queues the job (its raw response): the worker is woken when that answer has
   * closed (sent, or abandoned by the client) rather than at once, so that the job's work does not run while
   * the answer is made (issue 8: on PGlite the database is this process's own thread, and a save's notification
   * job ran its queries between the save's). Not woken, a job waits at most one polling interval.
   */
  wakeAfter?: { once(event: 'close', listener: () => void): unknown };
};

/** What a handler answers is kept as the job's output (readable through `byKey`). */
export type JobHandler = (data: any) => Promise<unknown>; // eslint-disable-line @typescript-eslint/no-explicit-any

export type FailedJob = {
  id: string;
  queue: string;
  data: Record<string, unknown>;
  /** The last error's message. */
  error: string;
  retryCount: number;
  createdAt: Date;
  failedAt: Date;
};

export type Jobs = {
  /** Adds a job; answers its id, or null when a job with the same singletonKey is already waiting or running. */
  enqueue(queue: string, data: Record<string, unknown>, options?: EnqueueOptions): Promise<string | null>;
  /**
   * Enqueueing inside one of the app's transactions: the job is added on the transaction's connection, with its writes,
   * so that it is there if and only if they commit. Resolves once the queue is ready, to the function to call inside the
   * transaction (ask before it begins: on PGlite, starting the queue needs the app's one connection, which an open
   * transaction holds). Its job is started once `wakeAfter` closes, or else at the worker's next poll.
   */
  inTransaction(queue: string): Promise<(tx: Database, data: Record<string, unknown>, options?: EnqueueOptions) => Promise<string | null>>;
  /** Runs handler for each job of this queue (call while the app's plugins register). */
  work(queue: string, handler: JobHandler): void;
  /** Waits until every job of the queues this app works has completed or failed (tests). */
  drain(options?: { timeoutMs?: number }): Promise<void>;
  /** Jobs kept as failed, newest first. */
  failed(page: { limit: number; offset: number }): Promise<{ jobs: FailedJob[]; total: number }>;
  /** A job's state as pg-boss keeps it (tests and operators). */
  state(queue: string, id: string): Promise<{ state: string; retryCount: number; output: unknown } | null>;
  /**
   * The newest job of this queue with this singleton key: its state, its data less the keys named in `omit`
   * (a large payload need not travel back on every poll) and its output (the handler's answer, or its error).
   */
  byKey(queue: string, singletonKey: string, omit?: string[]): Promise<{ state: string; data: Record<string, unknown>; output: unknown } | null>;
};

export type JobsOptions = {
  /** The first retry's delay in seconds; each next one doubles (default 30). */
  retryDelaySeconds?: number;
  /** Retries before a job is kept as failed (default 5). */
  retryLimit?: number;
  /** How often an idle worker looks for jobs another replica added (default 2 s; this app's own jobs start at once). */
  pollingIntervalSeconds?: number;
  /** How long closing the app waits for running jobs before failing them for a retry at the next start (default 30 s). */
  stopTimeoutMs?: number;
  /**
   * false: the queue is not started when the app is ready, only by a first enqueue (the OpenAPI document,
   * built with no database, registers the workers and never runs them). Default true.
   */
  startWhenReady?: boolean;
};

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

const SCHEMA = 'pgboss';
/** The advisory lock that queue creations take in turn (see ensureQueue). */
const CREATE_QUEUE_LOCK = "hashtext('fsi-pgboss-create-queue')";

/** pg-boss's database: the app's own connection pool (PostgreSQL) or its PGlite. */
function bossDb(db: Database): PgBoss.Db {
  const client = clientOf(db);
  if (client instanceof PGlite) return pgliteDb(client);
  if (client instanceof pg.Pool) return { executeSql: (text, values) => client.query(text, values) };
  throw new Error('The jobs plugin needs a PGlite or node-postgres database.');
}

/**
 * pg-boss's database inside a transaction of the app's: its statements, their $n parameters bound as the app's are (an
 * undefined one as null, as node-postgres binds it: Drizzle would leave it out).
 */
function transactionDb(tx: Database): PgBoss.Db {
  return {
    async executeSql(text, values = []) {
      const parts = text.split(/\$(\d+)/);
      const statement = sql.join(parts.map((part, n) => (n % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1] ?? null}`)));
      return { rows: ((await tx.execute(statement)) as unknown as { rows: any[] }).rows }; // eslint-disable-line @typescript-eslint/no-explicit-any
    },
  };
}

/**
 * Creates pg-boss's tables (schema pgboss) now rather than at the app's first start; pg-boss
 * checks them at every start and migrates them when a newer pg-boss needs it. The test templates
 * (src/testing.ts) carry them, so that each test backend's start does not build them again.
 */
export async function installJobTables(db: Database): Promise<void> {
  const boss = new PgBoss({ db: bossDb(db), schema: SCHEMA, migrate: true, supervise: false, schedule: false });
  await boss.start();
  await boss.stop({ graceful: false, close: false });
}

export default fp<JobsOptions>(
  async (app, options) => {
    const retryDelay = options.retryDelaySeconds ?? 30;
    const retryLimit = options.retryLimit ?? 5;
    let database: PgBoss.Db | undefined;
    let stopped = false;
    // After the queue has stopped, a handler that outlived the stop timeout may still finish: its job was
    // already failed for a retry at the next start, and its late result is dropped instead of reaching a
    // database that may be closed by then (no result: what pg-boss's own pool answers once closed).
    const db: PgBoss.Db = {
      executeSql: (text, values) => {
        if (stopped) return Promise.resolve(undefined as unknown as { rows: [] });
        database ??= bossDb(app.db);
        return database.executeSql(text, values);
      },
    };
    const boss = new PgBoss({
      db,
      schema: SCHEMA,
      migrate: true,
      supervise: true,
      // Cron schedules are not used: the walkabout schedule has its own advisory lock (plugins/scheduler.ts).
      schedule: false,
      pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2,
      // Failed jobs stay readable in the job table for a month before pg-boss archives them.
      archiveFailedAfterSeconds: 30 * 24 * 3600,
    });
    boss.on('error', (error) => app.log.error({ err: error }, 'job queue error'));

    const handlers = new Map<string, JobHandler>();
    const workerIds = new Map<string, string>();
    const queues = new Map<string, Promise<void>>();
    let starting: Promise<void> | null = null;
    let closing = false;

    const start = () =>
      (starting ??= (async () => {
        await boss.start();
        for (const [queue, handler] of handlers) {
          await ensureQueue(queue);
          const id = await boss.work<Record<string, unknown>>(queue, async ([job]) => {
            if (job) return handler(job.data);
          });
          workerIds.set(queue, id);
        }
      })());

    // The 'stately' policy allows one waiting job per singleton key (a unique index), which closes the
    // race of two replicas adding the same key at once; enqueue's own check covers a running one.
    // pg-boss's create_queue inserts the queue's row and then adds a foreign key to that table: two replicas
    // creating the same new queue at once (a first start on an empty database) deadlock, and one of them
    // fails its start. An advisory lock taken in the same statement makes the creations take turns.
    const ensureQueue = (queue: string) => {
      let created = queues.get(queue);
      if (!created) {
        created = (async () => {
          if (await boss.getQueue(queue)) return;
          await db.executeSql(
            `WITH turn AS (SELECT pg_advisory_xact_lock(${CREATE_QUEUE_LOCK})) SELECT ${SCHEMA}.create_queue($1, $2) FROM turn`,
            [queue, JSON.stringify({ policy: 'stately' })],
          );
        })();
        queues.set(queue, created);
      }
      return created;
    };

    /** Adds the job through `database` (the app's, or a transaction's) to a queue that is ready. */
    const add = async (database: PgBoss.Db, queue: string, data: Record<string, unknown>, enqueueOptions: EnqueueOptions) => {
      const key = enqueueOptions.singletonKey;
      if (key !== undefined) {
        const { rows } = await database.executeSql(
          `SELECT 1 FROM ${SCHEMA}.job WHERE name = $1 AND singleton_key = $2 AND state < 'completed' LIMIT 1`,
          [queue, key],
        );
        if (rows.length > 0) return null;
      }
      const id = await boss.send(queue, data, {
        // Without a key of its own, every job gets a unique one: stately would otherwise keep one keyless job.
        singletonKey: key ?? `job:${randomUUID()}`,
        retryLimit: enqueueOptions.retryLimit ?? retryLimit,
        retryDelay,
        retryBackoff: true,
        db: database,
      });
      const worker = workerIds.get(queue);
      if (id && worker) {
        if (enqueueOptions.wakeAfter) enqueueOptions.wakeAfter.once('close', () => void (stopped || boss.notifyWorker(worker)));
        // A job added inside a transaction is not there for the worker before the commit: its next poll finds it.
        else if (database === db) boss.notifyWorker(worker);
      }
      return id;
    };

    const jobs: Jobs = {
      async enqueue(queue, data, enqueueOptions = {}) {
        await start();
        await ensureQueue(queue);
        return add(db, queue, data, enqueueOptions);
      },

      async inTransaction(queue) {
        await start();
        await ensureQueue(queue);
        return (tx, data, enqueueOptions = {}) => add(transactionDb(tx), queue, data, enqueueOptions);
      },

      work(queue, handler) {
        if (handlers.has(queue)) throw new Error(`A worker for the job queue '${queue}' is already registered.`);
        if (starting) throw new Error(`Register the worker of '${queue}' while the app's plugins register.`);
        handlers.set(queue, handler);
      },

      async drain({ timeoutMs = 60_000 } = {}) {
        await start();
        const names = [...handlers.keys()];
        const deadline = Date.now() + timeoutMs;
        for (;;) {
          const { rows } = await db.executeSql(
            `SELECT name, count(*)::int AS count FROM ${SCHEMA}.job WHERE name = ANY($1::text[]) AND state < 'completed' GROUP BY name`,
            [names],
          );
          if (rows.length === 0) return;
          if (Date.now() > deadline) {
            throw new Error(`Jobs still waiting or running after ${timeoutMs} ms: ${rows.map((r) => `${r.name} (${r.count})`).join(', ')}`);
          }
          for (const id of workerIds.values()) boss.notifyWorker(id);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      },

      async failed({ limit, offset }) {
        await start();
        const [{ rows }, { rows: counted }] = [
          await db.executeSql(
            `SELECT id, name, data, output, retry_count, created_on, completed_on FROM ${SCHEMA}.job
             WHERE state = 'failed' ORDER BY completed_on DESC, id DESC LIMIT $1 OFFSET $2`,
            [limit, offset],
          ),
          await db.executeSql(`SELECT count(*)::int AS count FROM ${SCHEMA}.job WHERE state = 'failed'`, []),
        ];
        return {
          total: Number(counted[0]?.count ?? 0),
          jobs: rows.map((row) => ({
            id: String(row.id),
            queue: String(row.name),
            data: (row.data ?? {}) as Record<string, unknown>,
            error: errorMessage(row.output),
            retryCount: Number(row.retry_count),
            createdAt: new Date(row.created_on),
            failedAt: new Date(row.completed_on),
          })),
        };
      },

      async state(queue, id) {
        await start();
        const job = await boss.getJobById(queue, id);
        return job ? { state: job.state, retryCount: job.retryCount, output: job.output } : null;
      },

      async byKey(queue, singletonKey, omit = []) {
        await start();
        const { rows } = await db.executeSql(
          `SELECT state, data - $3::text[] AS data, output FROM ${SCHEMA}.job WHERE name = $1 AND singleton_key = $2 ORDER BY created_on DESC LIMIT 1`,
          [queue, singletonKey, omit],
        );
        const row = rows[0];
        return row ? { state: String(row.state), data: (row.data ?? {}) as Record<string, unknown>, output: row.output ?? null } : null;
      },
    };
    app.decorate('jobs', jobs);

    app.addHook('onReady', async () => {
      if (options.startWhenReady !== false) await start();
    });
    // preClose: before the onClose hooks, of which one (startBackend's, the test backends') closes the database.
    app.addHook('preClose', async () => {
      if (closing || !starting) return;
      closing = true;
      await starting.catch(() => undefined);
      // graceful: running handlers get stopTimeoutMs to finish; what still runs is failed, hence retried at the next start.
      await boss.stop({ graceful: true, wait: true, close: false, timeout: options.stopTimeoutMs ?? 30_000 });
      stopped = true;
    });
  },
  { name: 'jobs', dependencies: ['db'] },
);

function errorMessage(output: unknown): string {
  if (output && typeof output === 'object' && 'message' in output) return String((output as { message: unknown }).message);
  return output === null || output === undefined ? '' : JSON.stringify(output);
}
