/**
 * Production runs compiled code: the commands of docker/*.Dockerfile and of `npm start` with NODE_ENV=production,
 * run here as they run there (no container engine on the development machines). scripts/build.mjs compiles the
 * backend and the gateway to dist/, then the built files are started as separate processes on a fresh database
 * and answer as the product: the web app's page, GraphQL over the backend, the first administrator.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '@fsi/backend/testing';
import { freePort } from '../../scripts/test-setup.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const folders: string[] = [];
const running: ChildProcess[] = [];

beforeAll(() => {
  for (const file of ['web/dist/index.html', 'gateway/playground-dist/index.html']) {
    if (!existsSync(path.join(root, file))) throw new Error(`${file} is missing: run \`npm run build\` first (npm test builds it).`);
  }
  const build = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: root, encoding: 'utf8' });
  expect(build.stderr + build.stdout).toMatch(/built backend\/dist\/server\.js.*\n.*built gateway\/dist\/server\.js/);
  expect(build.status).toBe(0);
});

afterEach(async () => {
  for (const child of running.splice(0)) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
});

afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function tempFolder(): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'fsi-compiled-'));
  folders.push(folder);
  return folder;
}

/** What a production process sees: none of this test run's own variables that would change what it opens. */
function productionEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const base = { ...process.env };
  for (const name of ['DATABASE_URL', 'BACKEND_URL', 'SEED_DEMO', 'S3_BUCKET', 'SMTP_URL', 'ADMIN_USERNAME', 'ADMIN_PASSWORD', 'ADMIN_EMAIL']) delete base[name];
  return { ...base, NODE_ENV: 'production', HOST: '127.0.0.1', ...env };
}

/** Starts `node <args>` and resolves with the first match of `ready` in its output. */
function startNode(args: string[], env: Record<string, string>, ready: RegExp): Promise<RegExpExecArray> {
  const child = spawn(process.execPath, args, { cwd: root, env: productionEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
  running.push(child);
  let output = '';
  return new Promise((resolve, reject) => {
    const check = () => {
      const match = ready.exec(output);
      if (match) resolve(match);
    };
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => ((output += chunk), check()));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => ((output += chunk), check()));
    child.once('exit', (code) => reject(new Error(`node ${args.join(' ')} exited (${code}) before it was ready:\n${output}`)));
  });
}

function createAdmin(env: Record<string, string>) {
  return spawnSync(process.execPath, ['backend/dist/create-admin.js'], { cwd: root, env: productionEnv(env), encoding: 'utf8' });
}

async function graphql(origin: string, query: string, token?: string) {
  const response = await fetch(`${origin}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { data?: Record<string, unknown>; errors?: unknown[] };
}

async function signInThroughGraphql(origin: string, username: string, password: string) {
  const answer = await graphql(origin, `mutation { signIn(username: ${JSON.stringify(username)}, password: ${JSON.stringify(password)}) { accessToken viewer { username isAdmin } errors { message } } }`);
  return answer.data?.signIn as { accessToken: string | null; viewer: { username: string; isAdmin: boolean } | null; errors: { message: string }[] };
}

async function expectWebApp(origin: string) {
  const page = await fetch(`${origin}/signin`, { headers: { accept: 'text/html' } });
  expect(page.status).toBe(200);
  expect(await page.text()).toMatch(/<div id="root"/);
}

describe('the compiled servers', () => {
  it('the built backend and the built gateway in front of it (BACKEND_URL), as the two images run them', { timeout: 120_000 }, async () => {
    const [, backendUrl] = await startNode(['backend/dist/server.js'], { DATA_DIR: path.join(tempFolder(), 'data'), PORT: '0' }, /backend listening on (http:\/\/[\d.:]+)/);
    const openapi = await fetch(`${backendUrl}/openapi.json`);
    expect(openapi.status).toBe(200);

    const port = await freePort();
    await startNode(['gateway/dist/server.js'], { BACKEND_URL: backendUrl!, PORT: String(port) }, /Fire-safety inspections: /);
    const origin = `http://127.0.0.1:${port}`;
    await expectWebApp(origin);
    expect((await fetch(`${origin}/playground`)).status).toBe(200);
    // A new data folder gets the demo: GraphQL, through the gateway, over the backend's REST.
    const session = await signInThroughGraphql(origin, 'admin', 'demo1234');
    expect(session.errors).toEqual([]);
    expect(session.viewer).toEqual({ username: 'admin', isAdmin: true });
  });
});

describe.each(testDatabases())('A new production database on %s, entered through npm start with NODE_ENV=production', (kind) => {
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};

  beforeAll(async () => {
    if (kind !== 'postgres') return;
    const adminUrl = process.env.TEST_DATABASE_URL!;
    const name = `fsi_compiled_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    };
  });

  afterAll(() => dropDatabase());

  it(
    kind === 'postgres'
      ? 'create-admin makes the first administrator of an empty database (and refuses a weak password or a taken username); SEED_DEMO=true with DATABASE_URL loads the demo'
      : 'create-admin makes the first administrator of a new data folder (and refuses a weak password or a taken username), which then has no demo',
    { timeout: 120_000 },
    async () => {
      const database: Record<string, string> = databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: path.join(tempFolder(), 'data') };
      const weak = createAdmin({ ...database, ADMIN_USERNAME: 'chief', ADMIN_PASSWORD: 'abc' });
      expect(weak.stderr.trim()).toBe('create-admin: Password must be at least 4 characters.');
      expect(weak.status).toBe(1);
      const made = createAdmin({ ...database, ADMIN_USERNAME: 'chief', ADMIN_PASSWORD: 'a long passphrase', ADMIN_EMAIL: 'chief@example.com' });
      expect(made.stderr).toBe('');
      expect(made.stdout).toContain('Administrator "chief" created in');
      expect(made.status).toBe(0);
      const again = createAdmin({ ...database, ADMIN_USERNAME: 'Chief', ADMIN_PASSWORD: 'another passphrase' });
      expect(again.stderr.trim()).toBe('create-admin: The username "chief" exists already: choose another one.');
      expect(again.status).toBe(1);

      const [port, backendPort] = [await freePort(), await freePort()];
      const [, before = '', banner = ''] = await startNode(
        ['scripts/start.mjs'],
        { ...database, ...(databaseUrl ? { SEED_DEMO: 'true' } : {}), PORT: String(port), BACKEND_PORT: String(backendPort) },
        /^([\s\S]*?)(Fire-safety inspections: [\s\S]*?\n\n)/,
      );
      // Everything was built from the sources as they are (npm test builds the web app and the playground, the
      // beforeAll the servers): npm start builds nothing again. (It once rebuilt all, the web app included, whenever a
      // server source was newer than the playground, emptying web/dist under the journeys running beside this test.)
      expect(/^> building for production.*$/m.exec(before)?.[0] ?? null).toBeNull();
      // The demo's sign-ins are printed when the database holds them, and only then.
      expect(banner.includes('demo sign-ins')).toBe(Boolean(databaseUrl));
      const origin = `http://127.0.0.1:${port}`;
      await expectWebApp(origin);

      // The backend's REST, as the brief of an integrator would check it: 201 for the session, an administrator.
      const session = await fetch(`http://127.0.0.1:${backendPort}/sessions`, {
        method: 'POST',
        headers: { 'content-type': 'application/vnd.api+json' },
        body: JSON.stringify({ data: { type: 'sessions', attributes: { username: 'chief', password: 'a long passphrase' } } }),
      });
      expect(session.status).toBe(201);
      const token = ((await session.json()) as { data: { attributes: { accessToken: string } } }).data.attributes.accessToken;
      const me = await fetch(`http://127.0.0.1:${backendPort}/users/me`, { headers: { authorization: `Bearer ${token}` } });
      expect(me.status).toBe(200);
      const body = (await me.json()) as { data: { attributes: { username: string; email: string; isAdmin: boolean } }; meta: { isAdmin: boolean } };
      expect(body.data.attributes).toMatchObject({ username: 'chief', email: 'chief@example.com', isAdmin: true });
      expect(body.meta.isAdmin).toBe(true);

      const demo = await signInThroughGraphql(origin, 'manager', 'demo1234');
      if (databaseUrl) {
        expect(demo.errors).toEqual([]);
        expect(demo.viewer).toEqual({ username: 'manager', isAdmin: false });
      } else {
        expect(demo.accessToken).toBeNull();
      }
    },
  );
});
