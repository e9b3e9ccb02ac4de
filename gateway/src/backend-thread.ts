/**
 * The embedded backend in a thread of its own (issue 8). `npm start` without BACKEND_URL runs the backend, and PGlite
 * with it, in this process: on the main thread, the gateway's work (GraphQL, its REST calls' answers, compression,
 * the web app's files) and the backend's (its routes, the database itself) took turns on one core of two, and a
 * long backend request (a report, a walkabout of 10,000 conditions) held every screen's answer behind it. In a worker
 * thread the backend and its database have the second core; the gateway reaches it over loopback HTTP as before.
 * Measured on this 2-core machine, ten connections on the buildings screen: 117-139 -> 185-207 queries per second.
 *
 * The two sides talk by messages: the thread answers `started` (its URL, the demo sign-ins to print) or `refused`
 * (a refusal for the person starting it: said in one line, not as a stack trace); on `close` it closes the backend
 * and answers `closed`. Any other failure of the thread is an error of the thread, with its stack.
 */
import { once } from 'node:events';
import { parentPort, Worker } from 'node:worker_threads';
import type { DemoUser } from '@fsi/backend';

/** A refusal of the start that its message says in full (another backend on the same data folder, ADMIN_* refused). */
export class BackendRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackendRefusal';
  }
}

type Started = { url: string; demoUsers?: readonly DemoUser[]; extra?: unknown; close(): Promise<void> };
type FromThread = { type: 'started'; url: string; demoUsers: DemoUser[]; extra: unknown } | { type: 'refused'; message: string } | { type: 'closed' };
type ToThread = { type: 'close' };

/** In the thread: starts the backend with `start` and serves the main thread's messages. */
export function serveBackendThread(start: () => Promise<Started>): void {
  const port = parentPort;
  if (!port) throw new Error('serveBackendThread runs in a worker thread (startBackendThread)');
  const send = (message: FromThread) => port.postMessage(message);
  start().then(
    (backend) => {
      port.on('message', (message: ToThread) => {
        if (message.type === 'close') void backend.close().then(() => send({ type: 'closed' }));
      });
      send({ type: 'started', url: backend.url, demoUsers: [...(backend.demoUsers ?? [])], extra: backend.extra ?? null });
    },
    (error: unknown) => {
      if (!(error instanceof BackendRefusal)) throw error;
      send({ type: 'refused', message: error.message });
    },
  );
}

export type BackendThread = {
  url: string;
  /** The demo's sign-ins when the database holds them (printed by `npm start`), else none. */
  demoUsers: readonly DemoUser[];
  /** What the thread's start answered besides (a benchmark's seeded ids). */
  extra: unknown;
  /** Closes the backend (its requests, jobs and database), then ends the thread. */
  close(): Promise<void>;
};

/**
 * Starts the module (a file: URL) in a worker thread, where it calls serveBackendThread, and resolves once its backend
 * listens. A TypeScript module (the sources, run by tsx) gets tsx's loader in the thread first; a built one runs as it is.
 * `onStop` hears of the thread ending other than by close(): its error, or its exit code.
 */
export async function startBackendThread(module: URL, options: { workerData?: unknown; onStop?: (reason: unknown) => void } = {}): Promise<BackendThread> {
  const worker = module.pathname.endsWith('.ts')
    ? new Worker(`import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(module.href)}); })`, {
        eval: true,
        workerData: options.workerData,
      })
    : new Worker(module, { workerData: options.workerData });
  let closing = false;
  const answer = await new Promise<FromThread>((resolve, reject) => {
    // Only these listeners are taken off again: the Worker's own (which let its messages through) stay.
    const settle = () => worker.off('message', onMessage).off('error', onError).off('exit', onExit);
    const onMessage = (message: FromThread) => (settle(), resolve(message));
    const onError = (error: Error) => (settle(), reject(error));
    const onExit = (code: number) => (settle(), reject(new Error(`The backend's thread ended (exit code ${code}) before its backend started`)));
    worker.once('message', onMessage).once('error', onError).once('exit', onExit);
  });
  if (answer.type !== 'started') {
    await worker.terminate();
    throw answer.type === 'refused' ? new BackendRefusal(answer.message) : new Error(`The backend's thread answered ${answer.type} to its start`);
  }
  let stopped: unknown = null;
  worker.on('error', (error) => {
    stopped = error;
    options.onStop?.(error);
  });
  worker.on('exit', (code) => {
    if (!closing && stopped === null) options.onStop?.(new Error(`The backend's thread ended (exit code ${code})`));
  });
  return {
    url: answer.url,
    demoUsers: answer.demoUsers,
    extra: answer.extra,
    async close() {
      closing = true;
      const closed = once(worker, 'message');
      worker.postMessage({ type: 'close' } satisfies ToThread);
      await closed;
      await worker.terminate();
    },
  };
}
