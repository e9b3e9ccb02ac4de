/**
 * `npm start` in development (gateway/src/server.ts under tsx) runs the embedded backend in a thread of its own
 * (backend-thread.ts): the stack answers through it, a second start on the same data folder is refused in one line,
 * and SIGTERM closes the gateway, then the backend and its database, and ends the process with 0, the data folder
 * free for the next start. (The built server's start is tests/production/compiled.test.ts's.)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/test-setup.mjs';

const gatewayDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const running: ChildProcess[] = [];
const folders: string[] = [];

afterEach(async () => {
  for (const child of running.splice(0)) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }
});

afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

type Stack = { origin: string; output: () => string; exited: Promise<number | null>; child: ChildProcess };

const withoutNodeEnv = ({ NODE_ENV: _nodeEnv, ...env }: NodeJS.ProcessEnv) => env;

/** `tsx src/server.ts` on this data folder; resolves once it has printed its banner (or has exited). */
async function start(dataDir: string): Promise<Stack> {
  const [port, backendPort] = [await freePort(), await freePort()];
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: gatewayDir,
    // As `npm start` in development runs it: without this test run's NODE_ENV=test (which, for one, turns Apollo's own
    // handling of SIGTERM off).
    env: { ...withoutNodeEnv(process.env), HOST: '127.0.0.1', PORT: String(port), BACKEND_PORT: String(backendPort), DATA_DIR: dataDir, SMTP_URL: '', BACKEND_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let output = '';
  for (const stream of [child.stdout, child.stderr]) stream.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await Promise.race([
    exited,
    new Promise<void>((resolve) => {
      const check = () => /Fire-safety inspections: .*\n[\s\S]*\n\n/.test(output) && resolve();
      child.stdout.on('data', check);
    }),
  ]);
  return { origin: `http://127.0.0.1:${port}`, output: () => output, exited, child };
}

async function signInThrough(origin: string): Promise<unknown> {
  const response = await fetch(`${origin}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: 'mutation { signIn(username: "manager", password: "demo1234") { viewer { username } } }' }),
  });
  return response.json();
}

describe('npm start in development, the backend in its thread', () => {
  it('answers through its backend, refuses a second start on its data folder, and stops cleanly on SIGTERM', { timeout: 120_000 }, async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'fsi-embedded-'));
    folders.push(folder);
    const dataDir = path.join(folder, 'data');

    const first = await start(dataDir);
    expect(first.output()).toMatch(/backend: +http:\/\/127\.0\.0\.1:\d+ \(embedded\)/);
    expect(first.output()).toContain('demo sign-ins');
    expect(await signInThrough(first.origin)).toEqual({ data: { signIn: { viewer: { username: 'manager' } } } });

    // The folder is the first one's: the second start says so in one line and ends with 1, the first still answers.
    const second = await start(dataDir);
    expect(await second.exited).toBe(1);
    expect(second.output().trim()).toBe(`The data folder ${dataDir} is in use by another backend process. Stop that one first, or give this one its own DATA_DIR.`);
    expect(await signInThrough(first.origin)).toEqual({ data: { signIn: { viewer: { username: 'manager' } } } });

    // SIGTERM: the gateway, then the backend and its database close; the process ends with 0 and frees the folder.
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(existsSync(path.join(dataDir, 'backend.lock'))).toBe(false);

    // The next start opens the same data at once (no lock to wait for), without seeding the demo again.
    const third = await start(dataDir);
    expect(await signInThrough(third.origin)).toEqual({ data: { signIn: { viewer: { username: 'manager' } } } });
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
  });
});
