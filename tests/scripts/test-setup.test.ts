/**
 * npm test's set-up (scripts/test-setup.mjs): what it installs and starts on which machine, and the throw-away
 * PostgreSQL server it runs the suites' PostgreSQL half on. The decision is a pure function, tested case by case
 * (an install cannot be undone here to test it for real); the server is started and stopped for real.
 */
import { existsSync } from 'node:fs';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { CONSEQUENCES, planSetup, postgresBin, startPostgres, type Machine } from '../../scripts/test-setup.mjs';

const everything: Machine = { isRoot: true, aptGet: true, chromium: true, postgres: true, pdftoppm: true, testDatabaseUrl: undefined };

describe('planSetup', () => {
  it('on a machine with everything: installs nothing and starts a PostgreSQL server', () => {
    expect(planSetup(everything)).toEqual({ install: [], absent: [], postgres: 'start', warnings: [] });
  });

  it('with TEST_DATABASE_URL: starts nothing, and needs no PostgreSQL server of its own', () => {
    expect(planSetup({ ...everything, postgres: false, testDatabaseUrl: 'postgres://db/x' })).toEqual({ install: [], absent: [], postgres: 'given', warnings: [] });
  });

  it('on a fresh Debian as root: installs the three packages, then starts PostgreSQL', () => {
    const plan = planSetup({ ...everything, chromium: false, postgres: false, pdftoppm: false });
    expect(plan).toEqual({ install: ['chromium', 'postgresql', 'poppler-utils'], absent: [], postgres: 'start', warnings: [] });
  });

  it('not as root: installs nothing and says what each missing tool leaves failing or not run', () => {
    const plan = planSetup({ ...everything, isRoot: false, chromium: false, postgres: false });
    expect(plan.install).toEqual([]);
    expect(plan.absent).toEqual(['chromium', 'postgres']);
    expect(plan.postgres).toBe('none');
    expect(plan.warnings).toEqual([
      `${CONSEQUENCES.chromium} (not running as root, so nothing is installed)`,
      `${CONSEQUENCES.postgres} (not running as root, so nothing is installed)`,
    ]);
    expect(plan.warnings[0]).toMatch(/^WILL FAIL: .*tests\/e2e/);
    expect(plan.warnings[1]).toMatch(/^NOT RUN: the PostgreSQL half/);
  });

  it('without apt-get: says so', () => {
    expect(planSetup({ ...everything, aptGet: false, pdftoppm: false }).warnings).toEqual([`${CONSEQUENCES.pdftoppm} (no apt-get on this machine)`]);
  });

  it('after an install that did not bring everything: what is missing stays missing, and is said', () => {
    const plan = planSetup({ ...everything, chromium: false }, { afterInstall: true });
    expect(plan.install).toEqual([]);
    expect(plan.warnings).toEqual([`${CONSEQUENCES.chromium} (apt-get did not install it)`]);
  });
});

describe('the throw-away PostgreSQL server', () => {
  const bin = postgresBin();
  it('is found on this machine (npm test installs it where it may)', () => {
    expect(bin).not.toBeNull();
  });

  it('starts on a free port of 127.0.0.1, answers, and is gone with its folder after stop()', { timeout: 60_000 }, async () => {
    const server = await startPostgres(bin!);
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    const { rows } = await client.query<{ fsync: string }>('show fsync');
    expect(rows[0]!.fsync).toBe('off');
    await client.end();
    expect(existsSync(server.folder)).toBe(true);
    await server.stop();
    const gone = new pg.Client({ connectionString: server.url, connectionTimeoutMillis: 2000 });
    await expect(gone.connect()).rejects.toThrow();
    expect(server.url).toMatch(/^postgres:\/\/postgres@127\.0\.0\.1:\d+\/postgres$/);
    expect(existsSync(server.folder)).toBe(false);
  });
});
