import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { changesCallers, watchCallerChanges } from '../src/db/caller-changes';
import type { Database } from '../src/db/client';
import * as schema from '../src/db/schema';
import { CALLER_CACHE_TTL_MS, CallerCache, type Caller } from '../src/plugins/auth';

/** The statements as Drizzle writes them for this schema (snake_case), without a database. */
const db = drizzle.mock({ schema, casing: 'snake_case' });
const text = (query: { toSQL(): { sql: string } }) => query.toSQL().sql;

describe('which statements drop the caller cache', () => {
  it('drops it for writes to what callers and scopes are read from', () => {
    expect(changesCallers(text(db.update(schema.users).set({ passwordHash: 'x' }).where(eq(schema.users.id, 1))))).toBe(true);
    expect(changesCallers(text(db.delete(schema.users).where(eq(schema.users.id, 1))))).toBe(true);
    expect(changesCallers(text(db.insert(schema.userRoles).values({ userId: 1, roleId: 2 })))).toBe(true);
    expect(changesCallers(text(db.delete(schema.userBuildings).where(eq(schema.userBuildings.userId, 1))))).toBe(true);
    expect(changesCallers(text(db.update(schema.roles).set({ name: 'x' }).where(eq(schema.roles.id, 1))))).toBe(true);
    expect(changesCallers(text(db.insert(schema.regions).values({ organizationId: 1, name: 'x' })))).toBe(true);
    expect(changesCallers(text(db.delete(schema.sessions).where(eq(schema.sessions.id, 1))))).toBe(true);
    expect(changesCallers(text(db.delete(schema.buildings).where(eq(schema.buildings.id, 1))))).toBe(true);
    expect(changesCallers(text(db.delete(schema.organizations).where(eq(schema.organizations.id, 1))))).toBe(true);
    expect(changesCallers('truncate table users cascade')).toBe(true);
    expect(changesCallers('with gone as (delete from sessions where user_id = $1 returning id) select count(*) from gone')).toBe(true);
  });

  it('keeps it for reads, new sessions, the sliding expiry and unrelated writes', () => {
    const now = new Date();
    expect(changesCallers(text(db.select().from(schema.users).where(eq(schema.users.id, 1))))).toBe(false);
    expect(changesCallers(text(db.insert(schema.sessions).values({ userId: 1, tokenHash: 'h', expiresAt: now })))).toBe(false);
    // Exactly the statement of the auth plugin's sliding expiry.
    expect(changesCallers(text(db.update(schema.sessions).set({ lastUsedAt: now, expiresAt: now }).where(eq(schema.sessions.id, 1))))).toBe(false);
    expect(changesCallers(text(db.update(schema.sessions).set({ expiresAt: now }).where(eq(schema.sessions.userId, 1))))).toBe(true);
    expect(changesCallers(text(db.update(schema.buildings).set({ name: 'x' }).where(eq(schema.buildings.id, 1))))).toBe(false);
    expect(changesCallers(text(db.update(schema.conditions).set({ remarks: 'x' }).where(eq(schema.conditions.id, 1))))).toBe(false);
    expect(changesCallers('insert into walkabout_saves (walkabout_id, user_id, key) values ($1, $2, $3) on conflict (walkabout_id, user_id, key) do update set key = excluded.key')).toBe(false);
  });
});

/**
 * A connection of a real pg.Pool that answers each statement 5 ms later, as a server would, and records what it is
 * sent and whether a statement came while another was still running (what pg deprecates and pg@9 refuses).
 */
class RecordingClient {
  static sent: string[] = [];
  static overlapping: string[] = [];
  private busy = false;
  connect(callback: (error?: Error) => void) {
    setImmediate(() => callback());
  }
  query(config: string | { text: string }, values?: unknown, callback?: (error: Error | undefined, result?: unknown) => void) {
    const text = typeof config === 'string' ? config : config.text;
    const done = typeof values === 'function' ? (values as typeof callback) : callback;
    if (this.busy) RecordingClient.overlapping.push(text);
    this.busy = true;
    RecordingClient.sent.push(text);
    const answer = new Promise<{ rows: unknown[]; rowCount: number }>((resolve) =>
      setTimeout(() => {
        this.busy = false;
        resolve({ rows: [], rowCount: 0 });
      }, 5),
    );
    if (!done) return answer;
    void answer.then((result) => done(undefined, result));
    return undefined;
  }
  on() {
    return this;
  }
  once() {
    return this;
  }
  removeListener() {
    return this;
  }
  release() {}
  end(callback?: () => void) {
    callback?.();
  }
}

describe('the watch on a PostgreSQL pool', () => {
  it('tells of a write outside a transaction once it is done, and notifies other replicas on the same connection after it', async () => {
    const pool = new pg.Pool({ Client: RecordingClient as unknown as typeof pg.Client, max: 1 });
    const told: string[] = [];
    const unwatch = watchCallerChanges(drizzle(pool) as unknown as Database, () => told.push([...RecordingClient.sent].join(' | ')));
    try {
      // The pool's own query() (what a statement outside a transaction goes through) hands the connection a callback.
      await pool.query('delete from sessions where id = 1');
      await pool.query('select 1');
      expect(RecordingClient.sent).toEqual(["delete from sessions where id = 1", "select pg_notify('fsi_callers_changed', '')", 'select 1']);
      expect(RecordingClient.overlapping).toEqual([]);
      // Before the write, and once it and its notification are done.
      expect(told).toEqual(['', "delete from sessions where id = 1 | select pg_notify('fsi_callers_changed', '')"]);
    } finally {
      unwatch();
      await pool.end();
    }
  });
});

describe('the caller cache', () => {
  const caller = { sessionId: 1 } as Caller;
  const entry = (now: number) => ({ caller, lastUsedAt: now, expiresAt: now + 86_400_000, readAt: now });

  it('answers a token for a short time, and only that token', () => {
    const cache = new CallerCache();
    const now = 1_000_000;
    cache.set('a', entry(now), cache.mark());
    expect(cache.get('a', now + CALLER_CACHE_TTL_MS - 1)?.caller).toBe(caller);
    expect(cache.get('b', now)).toBeUndefined();
    expect(cache.get('a', now + CALLER_CACHE_TTL_MS)).toBeUndefined();
  });

  it('never answers past the session expiry', () => {
    const cache = new CallerCache();
    cache.set('a', { ...entry(0), expiresAt: 10 }, cache.mark());
    expect(cache.get('a', 9)).toBeDefined();
    expect(cache.get('a', 10)).toBeUndefined();
  });

  it('does not keep a caller read while a change was made', () => {
    const cache = new CallerCache();
    const generation = cache.mark();
    cache.clear();
    cache.set('a', entry(0), generation);
    expect(cache.get('a', 0)).toBeUndefined();
  });

  it('neither answers nor keeps while it cannot hear other replicas', () => {
    const cache = new CallerCache();
    cache.set('a', entry(0), cache.mark());
    cache.usable = false;
    expect(cache.get('a', 0)).toBeUndefined();
    cache.set('b', entry(0), cache.mark());
    cache.usable = true;
    expect(cache.get('b', 0)).toBeUndefined();
  });
});
