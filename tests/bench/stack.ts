import { fork, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { gatewayNodeOptions } from '../../scripts/build.mjs';
import { startStack, webDist, type Stack } from '../e2e/stack';

/**
 * The environment of a production gateway (the gateway image, `NODE_ENV=production npm start`), which the bench
 * measures: NODE_ENV=production (graphql-js, for one, then checks its types by a plain instanceof rather than
 * with development diagnostics, measured here 15-20 % of the gateway's CPU for a large page) and Node's options
 * of scripts/build.mjs `gatewayNodeOptions`.
 */
const PRODUCTION_MARK = 'FSI_BENCH_PRODUCTION_PROCESS';

/**
 * Makes sure the bench runs as production runs the gateway: in a process started without the production
 * options, runs this same script again in a child that has them, and exits with its status (so the code after
 * this call runs only in a process that has them). `npm run bench` and each part run alone call it first.
 */
export function runAsProduction(): void {
  if (process.env[PRODUCTION_MARK]) return;
  const child = spawnSync(process.execPath, [...gatewayNodeOptions, ...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production', [PRODUCTION_MARK]: '1' },
  });
  process.exit(child.status ?? 1);
}

/** The files index.html loads from /assets, which a build in progress may not have written yet. */
function missingAssets(dist: string): string[] {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const assets = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1]!);
  return assets.filter((asset) => !existsSync(path.join(dist, asset)));
}

/**
 * A copy of web/dist taken once it is complete, so that a rebuild by someone else during the
 * bench (web/dist is shared) cannot leave the page half-loaded.
 */
async function snapshotWebDist(): Promise<string> {
  for (let attempt = 0; attempt < 60; attempt += 1) {
    if (existsSync(path.join(webDist, 'index.html'))) {
      const copy = mkdtempSync(path.join(tmpdir(), 'fsi-bench-web-'));
      cpSync(webDist, copy, { recursive: true });
      if (missingAssets(copy).length === 0) return copy;
      rmSync(copy, { recursive: true, force: true });
    }
    await sleep(2000);
  }
  throw new Error(`web/dist stayed incomplete for 2 minutes (${webDist}); run \`npm run build -w web\``);
}

/**
 * The stack of tests/e2e/stack.ts (backend on a fresh PGlite with the demo data, gateway serving
 * the web app on one origin), over a snapshot of web/dist.
 */
export async function startBenchStack(): Promise<Stack> {
  const dist = await snapshotWebDist();
  const stack = await startStack({ webDist: dist });
  return {
    ...stack,
    async close() {
      await stack.close();
      rmSync(dist, { recursive: true, force: true });
    },
  };
}

/** A gateway in a process of its own, so that its CPU is measured apart from the backend's and the client's. */
export type GatewayProcess = {
  /** The gateway's /graphql URL. */
  url: string;
  /** The gateway process's CPU time (user + system) since it started, in milliseconds. */
  cpuMs(): Promise<number>;
  close(): Promise<void>;
};

type GatewayProcessMessage = { kind: 'listening'; url: string } | { kind: 'cpu'; ms: number };

/**
 * Starts `createGateway` over `backendUrl` in a child process (this file, run by tsx), with the production
 * gateway's environment and Node options (`runAsProduction`).
 * `execArgv` adds Node flags to the child (e.g. `--cpu-prof` to see where the gateway's time goes).
 */
export async function startGatewayProcess(backendUrl: string, execArgv: string[] = []): Promise<GatewayProcess> {
  const child = fork(fileURLToPath(import.meta.url), [GATEWAY_PROCESS_ARG, backendUrl], {
    execArgv: ['--import', 'tsx', ...gatewayNodeOptions, ...execArgv],
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = <K extends GatewayProcessMessage['kind']>(kind: K) =>
    new Promise<Extract<GatewayProcessMessage, { kind: K }>>((resolve, reject) => {
      const onMessage = (message: GatewayProcessMessage) => {
        if (message.kind !== kind) return;
        child.off('message', onMessage).off('exit', onExit);
        resolve(message as Extract<GatewayProcessMessage, { kind: K }>);
      };
      const onExit = (code: number | null) => reject(new Error(`The gateway process exited (${code}) before answering ${kind}`));
      child.on('message', onMessage).once('exit', onExit);
    });
  const { url } = await next('listening');
  return {
    url,
    async cpuMs() {
      const answer = next('cpu');
      child.send('cpu');
      return (await answer).ms;
    },
    async close() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send('close');
      await exited;
    },
  };
}

const GATEWAY_PROCESS_ARG = '--bench-gateway-process';

if (process.argv[2] === GATEWAY_PROCESS_ARG && process.send) {
  const { createGateway } = await import('@fsi/gateway');
  const gateway = await createGateway({ backendUrl: process.argv[3]!, playground: false });
  const origin = await gateway.listen({ port: 0, host: '127.0.0.1' });
  process.on('message', (message) => {
    if (message === 'cpu') {
      const { user, system } = process.cpuUsage();
      process.send!({ kind: 'cpu', ms: (user + system) / 1000 } satisfies GatewayProcessMessage);
    } else if (message === 'close') {
      // Exiting (rather than only closing) lets --cpu-prof write its profile.
      void gateway.close().then(() => process.exit(0));
    }
  });
  process.send({ kind: 'listening', url: `${origin}/graphql` } satisfies GatewayProcessMessage);
}
