/**
 * The first administrator of a new, empty database: create-admin's rules (admin/administrator.ts), and
 * ADMIN_USERNAME / ADMIN_PASSWORD honoured at start while the database has no administrator. Signed in over HTTP
 * as a client would: POST /sessions answers 201 and GET /users/me says administrator.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import {
  AdministratorRefusedError,
  administratorFromEnv,
  administratorInputProblem,
  createAdministrator,
  ensureAdministrator,
  hasAdministrator,
} from '../src/admin/administrator';
import { startBackend } from '../src/index';
import { signIn, startTestBackend } from '../src/testing';
import { databases } from './helpers';

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

async function me(url: string, username: string, password: string) {
  const session = await signIn(url, username, password);
  const answer = await fetch(`${url}/users/me`, { headers: { authorization: `Bearer ${session.token}` } });
  expect(answer.status).toBe(200);
  const body = (await answer.json()) as { data: { attributes: { username: string; email: string | null; isAdmin: boolean; organizationId: number | null } }; meta: { isAdmin: boolean } };
  return { ...body.data.attributes, metaIsAdmin: body.meta.isAdmin };
}

describe('what an administrator may be given', () => {
  it('refuses a password the change-password rules refuse, a confirmation that differs, no username, a wrong e-mail', () => {
    expect(administratorInputProblem({ username: 'chief', password: 'abc' })).toBe('Password must be at least 4 characters.');
    expect(administratorInputProblem({ username: 'chief', password: 'a long one', confirmation: 'a long 1' })).toBe('The password and Confirm Password are not the same.');
    expect(administratorInputProblem({ username: ' ', password: 'a long one' })).toBe('A username is required.');
    expect(administratorInputProblem({ username: 'the chief', password: 'a long one' })).toBe('A username has no spaces.');
    expect(administratorInputProblem({ username: 'chief', password: 'a long one', email: 'chief' })).toBe('"chief" is not an e-mail address.');
    expect(administratorInputProblem({ username: 'chief', password: 'a long one', email: 'chief@example.com' })).toBeNull();
  });

  it('reads ADMIN_USERNAME, ADMIN_PASSWORD and ADMIN_EMAIL; one of the first two without the other is refused', () => {
    expect(administratorFromEnv({})).toBeUndefined();
    expect(administratorFromEnv({ ADMIN_USERNAME: 'chief', ADMIN_PASSWORD: 'secret phrase', ADMIN_EMAIL: 'c@example.com' })).toEqual({
      username: 'chief',
      password: 'secret phrase',
      email: 'c@example.com',
    });
    expect(() => administratorFromEnv({ ADMIN_USERNAME: 'chief' })).toThrow(new AdministratorRefusedError('Set both ADMIN_USERNAME and ADMIN_PASSWORD (and ADMIN_EMAIL), or neither.'));
    expect(() => administratorFromEnv({ ADMIN_PASSWORD: 'secret phrase' })).toThrow(AdministratorRefusedError);
  });
});

describe.each(databases)('The first administrator (%s)', (kind) => {
  // A new database with every migration applied, as its siblings here: slow on a busy 2-core machine (13 s seen under load).
  it('is made in an empty database and signs in as an administrator; a taken username is refused whatever its case', { timeout: 120_000 }, async () => {
    const backend = await startTestBackend({ seed: 'none', database: kind });
    try {
      expect(await hasAdministrator(backend.db)).toBe(false);
      await createAdministrator(backend.db, { username: 'chief', password: 'a long passphrase', email: 'chief@example.com' });
      expect(await hasAdministrator(backend.db)).toBe(true);
      expect(await me(backend.url, 'chief', 'a long passphrase')).toMatchObject({ username: 'chief', email: 'chief@example.com', isAdmin: true, organizationId: null, metaIsAdmin: true });

      await expect(createAdministrator(backend.db, { username: 'CHIEF', password: 'another passphrase' })).rejects.toThrow(
        new AdministratorRefusedError('The username "chief" exists already: choose another one.'),
      );
      await expect(createAdministrator(backend.db, { username: 'deputy', password: 'abc' })).rejects.toThrow('Password must be at least 4 characters.');
      // At start, once there is an administrator, ADMIN_* are left alone.
      expect(await ensureAdministrator(backend.db, { username: 'deputy', password: 'a long passphrase' })).toBe('present');
      await expect(signIn(backend.url, 'deputy', 'a long passphrase')).rejects.toThrow(/Sign-in of deputy failed with 422/);
    } finally {
      await backend.close();
    }
  });

  it('is made at the first start from ADMIN_USERNAME/ADMIN_PASSWORD, and a later start with another password changes nothing', { timeout: 120_000 }, async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'fsi-first-admin-'));
    folders.push(folder);
    let databaseUrl: string | undefined;
    let drop = async () => {};
    if (kind === 'postgres') {
      const adminUrl = process.env.TEST_DATABASE_URL!;
      const name = `fsi_first_admin_${randomBytes(5).toString('hex')}`;
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`create database "${name}"`);
      await client.end();
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      databaseUrl = url.toString();
      drop = async () => {
        const c = new pg.Client({ connectionString: adminUrl });
        await c.connect();
        await c.query(`drop database if exists "${name}" with (force)`);
        await c.end();
      };
    }
    const start = (password: string) =>
      startBackend({ port: 0, dataDir: path.join(folder, 'data'), databaseUrl, seedDemo: false, administrator: { username: 'chief', password } });
    try {
      const first = await start('first passphrase');
      try {
        expect(await me(first.url, 'chief', 'first passphrase')).toMatchObject({ username: 'chief', isAdmin: true, metaIsAdmin: true });
      } finally {
        await first.close();
      }
      const second = await start('second passphrase');
      try {
        await signIn(second.url, 'chief', 'first passphrase');
        await expect(signIn(second.url, 'chief', 'second passphrase')).rejects.toThrow(/Sign-in of chief failed with 422/);
      } finally {
        await second.close();
      }
    } finally {
      await drop();
    }
  });
});
