/**
 * Telling the authentication cache (plugins/auth.ts) that who a caller is, or what they may see,
 * may have changed. Every statement this process sends passes the database client, so the client
 * is watched there: a write to the tables a caller and their scope are read from (users, roles,
 * user_roles, user_buildings, regions) or one that ends sessions or removes what scopes point at
 * (a delete of sessions, buildings or organizations) calls `changed` at once, and again when its
 * transaction ends (so that a caller loaded while it was open is not kept). Nothing escapes by
 * being written through another route or helper, seeds and tests included.
 *
 * Other replicas: on PostgreSQL such a write is followed, on the same connection and so in the same
 * transaction, by `pg_notify(CALLERS_CHANNEL)`, delivered to every listening process when it
 * commits; each replica listens on a connection of its own (listenForCallerChanges) and drops its
 * cache when told, and does not use the cache while that connection is down. A PGlite database
 * belongs to one process, so it has no other replica to tell.
 */
import type { PGlite, Transaction } from '@electric-sql/pglite';
import pg from 'pg';
import { clientOf, type Database } from './client';

export const CALLERS_CHANNEL = 'fsi_callers_changed';

const WRITE = /\b(insert\s+into|update|delete\s+from|truncate(?:\s+table)?)\s+(?:only\s+)?"?([a-z_]+)"?/gi;
const ANY_WRITE = new Set(['users', 'user_roles', 'user_buildings', 'roles', 'regions']);
const REMOVAL = new Set(['sessions', 'buildings', 'organizations']);
/** The sliding expiry of the auth plugin only moves a session's end later: nothing a cached caller depends on. */
/** The auth plugin's record of an API token's last use: nothing a cached caller depends on either. */
const API_TOKEN_TOUCH = /^\s*update\s+"api_tokens"\s+set\s+"last_used_at"\s*=\s*\$1\s+where\s+"api_tokens"\."id"\s*=\s*\$2\s*$/i;
const SESSION_TOUCH = /^\s*update\s+"sessions"\s+set\s+"last_used_at"\s*=\s*\$1,\s*"expires_at"\s*=\s*\$2\s+where\s+"sessions"\."id"\s*=\s*\$3\s*$/i;

/** Whether a statement may change a caller or their scope (exported for its test). */
export function changesCallers(text: string): boolean {
  if (SESSION_TOUCH.test(text) || API_TOKEN_TOUCH.test(text)) return false;
  for (const [, verb, table] of text.matchAll(WRITE)) {
    const name = table!.toLowerCase();
    if (ANY_WRITE.has(name)) return true;
    if (name === 'sessions' && verb!.toLowerCase() === 'update') return true;
    // Issue 14: revoking an API token (an update) or removing one counts on the very next request.
    if (name === 'api_tokens' && /^(update|delete|truncate)/i.test(verb!)) return true;
    if (REMOVAL.has(name) && /^(delete|truncate)/i.test(verb!)) return true;
  }
  return false;
}

const ENDS_TRANSACTION = /^\s*(commit|rollback|end|abort)\b/i;

type Query = (...args: unknown[]) => Promise<unknown>;
type Queryable = { query: Query };
const textOf = (arg: unknown) => (typeof arg === 'string' ? arg : typeof (arg as { text?: unknown })?.text === 'string' ? (arg as { text: string }).text : '');

/** The listeners of each client watched, so that two apps on one database (tests) both hear. */
const watched = new WeakMap<object, Set<() => void>>();

function wrapQuery(target: Queryable, notify: ((target: Queryable) => Promise<unknown>) | null, tell: () => void) {
  const original = target.query.bind(target) as Query;
  let pending = false;
  const run = async (text: string, changes: boolean, args: unknown[]) => {
    if (changes) tell();
    try {
      const result = await original(...args);
      if (changes) {
        pending = true;
        if (notify) await notify({ query: original });
      }
      return result;
    } finally {
      if (changes) tell();
      if (pending && ENDS_TRANSACTION.test(text)) {
        pending = false;
        tell();
      }
    }
  };
  target.query = (...args: unknown[]) => {
    const text = textOf(args[0]);
    const changes = changesCallers(text);
    // The pool's own query() passes a callback, and releases the client to the next caller when it is called: the
    // write is run in the promise form here and the callback called last, so that the notification follows the write
    // on the same connection and the second `tell` comes once the write is done (with a callback, the client answers
    // no promise, and both used to run at once, the notification queued behind the write).
    const callback = typeof args.at(-1) === 'function' ? (args.pop() as (error: unknown, result?: unknown) => void) : null;
    const answer = run(text, changes, args);
    if (!callback) return answer;
    answer.then(
      (result) => callback(undefined, result),
      (error: unknown) => callback(error),
    );
    return undefined as unknown as Promise<unknown>;
  };
}

/** Calls `changed` whenever this process writes what a caller or their scope is read from (see above). */
export function watchCallerChanges(db: Database, changed: () => void): () => void {
  const client = clientOf(db);
  let listeners = watched.get(client);
  if (!listeners) {
    const all = new Set<() => void>();
    listeners = all;
    watched.set(client, all);
    const tell = () => all.forEach((listener) => listener());
    if (client instanceof pg.Pool) {
      const notify = (c: Queryable) => c.query(`select pg_notify('${CALLERS_CHANNEL}', '')`);
      const seen = new WeakSet<object>();
      // Every statement runs on a pooled client, a transaction's too: each is watched once, when first handed out.
      client.on('acquire', (pooled) => {
        if (seen.has(pooled)) return;
        seen.add(pooled);
        wrapQuery(pooled as unknown as Queryable, notify, tell);
      });
    } else {
      const lite = client as PGlite;
      wrapQuery(lite as unknown as Queryable, null, tell);
      const exec = lite.exec.bind(lite);
      lite.exec = async (query: string, options?: Parameters<PGlite['exec']>[1]) => {
        const changes = changesCallers(query);
        if (changes) tell();
        try {
          return await exec(query, options);
        } finally {
          if (changes) tell();
        }
      };
      const transaction = lite.transaction.bind(lite);
      lite.transaction = async <T>(fn: (tx: Transaction) => Promise<T>) => {
        let wrote = false;
        try {
          return await transaction((tx) => {
            wrapQuery(tx as unknown as Queryable, null, () => {
              wrote = true;
              tell();
            });
            return fn(tx);
          });
        } finally {
          if (wrote) tell();
        }
      };
    }
  }
  const listener = changed;
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * On PostgreSQL, listens on a connection of its own for the writes of other replicas. `onChange`
 * is called for each, `onListening(false)` when the connection is lost (then it reconnects), and
 * `onListening(true)` once it listens. Answers a function that stops listening. On PGlite, nothing
 * to listen to: it answers null.
 */
export function listenForCallerChanges(
  db: Database,
  onChange: () => void,
  onListening: (listening: boolean) => void,
): (() => Promise<void>) | null {
  const client = clientOf(db);
  if (!(client instanceof pg.Pool)) return null;
  const options = (client as unknown as { options: pg.ClientConfig }).options;
  let stopped = false;
  let current: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  const connect = async () => {
    if (stopped) return;
    const listener = new pg.Client(options);
    current = listener;
    const lost = () => {
      onListening(false);
      onChange();
      if (current === listener) current = null;
      listener.removeAllListeners();
      void listener.end().catch(() => undefined);
      if (!stopped) retry = setTimeout(() => void connect(), 1000).unref();
    };
    listener.on('error', lost);
    listener.on('end', () => !stopped && lost());
    listener.on('notification', (message) => message.channel === CALLERS_CHANNEL && onChange());
    try {
      await listener.connect();
      await listener.query(`listen ${CALLERS_CHANNEL}`);
      if (stopped) return void (await listener.end());
      // Whatever changed while not listening is unknown: start from an empty cache.
      onChange();
      onListening(true);
    } catch {
      if (current === listener) lost();
    }
  };
  void connect();
  return async () => {
    stopped = true;
    onListening(false);
    if (retry) clearTimeout(retry);
    const listener = current;
    current = null;
    if (listener) {
      listener.removeAllListeners();
      listener.on('error', () => undefined);
      await listener.end().catch(() => undefined);
    }
  };
}
