/**
 * Bearer-token authentication. Every route needs a valid session unless its config says
 * `public: true`; a missing, unknown or expired token is a 401.
 * Sessions slide: each use more than SESSION_TOUCH_MS after the last one pushes the expiry
 * SESSION_TTL_MS past now, so an active user stays signed in and an idle token dies in 30 days.
 *
 * The caller cache (issue 8 point 4). A token's caller (session, user row, scope grants) is read in
 * one query and then kept, keyed by the token's hash, for at most CALLER_CACHE_TTL_MS, so that the
 * REST calls of one screen cost no database query for authentication and scope. The rule:
 * - Keyed by the hash of the whole token: an entry only ever answers the token it was read for, so
 *   it is never another caller's, and never another tenant's.
 * - Dropped at once in this process by any write to what a caller or their scope is read from
 *   (db/caller-changes.ts watches the database client: users, roles, user_roles, user_buildings,
 *   regions, and deletions of sessions, buildings and organizations), before that write's answer
 *   and again when its transaction ends; so sign-out, a password change, a role or permission
 *   change, a move of regions, a user removed count on the very next request.
 * - Other replicas on PostgreSQL are told by NOTIFY on the writer's connection (delivered at
 *   commit) and drop theirs; a replica whose listening connection is down does not use the cache.
 *   A change made outside the application (by hand in psql) counts within CALLER_CACHE_TTL_MS.
 * - Never past the session's expiry, and a session due for its sliding-expiry write is read again.
 * - A caller read while a change was under way is not kept (a generation count).
 */
import { intersectPermissions } from '@fsi/shared';
import { and, eq, gt, isNull } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { API_TOKEN_PREFIX, hashToken } from '../auth/tokens';
import { listenForCallerChanges, watchCallerChanges } from '../db/caller-changes';
import { apiTokens, sessions, users } from '../db/schema';
import { unauthorized } from '../jsonapi/errors';
import { scopeGrantsColumn, type ScopeGrants } from './authorization';

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const SESSION_TOUCH_MS = 60 * 60 * 1000;

/** How long a cached caller may answer without reading the database again (see above). */
export const CALLER_CACHE_TTL_MS = 5_000;
const CALLER_CACHE_MAX = 10_000;

export type UserRow = typeof users.$inferSelect;
/**
 * Who calls: through a session (sessionId) or an API token (apiTokenId; issue 14 point 8), whose grants are its
 * owner's with each role's permissions cut to the token's, so the token never does more than its scope nor its owner.
 */
export type Caller = { sessionId: number | null; apiTokenId: number | null; user: UserRow; grants: ScopeGrants };
/** An API token's last use is written at most this often (it is shown to the minute). */
const API_TOKEN_TOUCH_MS = 60_000;

type CachedCaller = { caller: Caller; lastUsedAt: number; expiresAt: number; readAt: number };

/** The callers of this process by token hash (see the rule above). */
export class CallerCache {
  private entries = new Map<string, CachedCaller>();
  private generation = 0;
  /** False while a replica's listening connection is down (PostgreSQL): nothing is answered or kept. */
  usable = true;

  get(tokenHash: string, now: number): CachedCaller | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (!this.usable || now - entry.readAt >= CALLER_CACHE_TTL_MS || now >= entry.expiresAt || now - entry.lastUsedAt > SESSION_TOUCH_MS) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry;
  }

  /** The generation to give back to set: a caller read across a change is not kept. */
  mark(): number {
    return this.generation;
  }

  set(tokenHash: string, entry: CachedCaller, generation: number): void {
    if (!this.usable || generation !== this.generation) return;
    if (this.entries.size >= CALLER_CACHE_MAX) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(tokenHash, entry);
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value) && !(value instanceof Date)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers without a session (sign-in, forgot password, the OpenAPI document). */
    public?: boolean;
  }
  interface FastifyRequest {
    caller: Caller | null;
  }
  interface FastifyInstance {
    callerCache: CallerCache;
  }
}

export default fp(
  async (app) => {
    app.decorateRequest('caller', null);
    const cache = new CallerCache();
    app.decorate('callerCache', cache);
    const unwatch = watchCallerChanges(app.db, () => cache.clear());
    // On PostgreSQL the cache is used only while this replica hears the others' changes.
    const stopListening = listenForCallerChanges(
      app.db,
      () => cache.clear(),
      (listening) => void (cache.usable = listening),
    );
    if (stopListening) cache.usable = false;
    app.addHook('onClose', async () => {
      unwatch();
      await stopListening?.();
    });

    /**
     * The caller of an API token: not revoked, not expired, its owner active and not an administrator (an
     * administrator's reach is not cut by permissions, so their tokens are refused; the creation route says so).
     */
    async function apiTokenCaller(tokenHash: string, now: Date, generation: number): Promise<Caller> {
      const [row] = await app.db
        .select({ token: { id: apiTokens.id, permissions: apiTokens.permissions, expiresAt: apiTokens.expiresAt, lastUsedAt: apiTokens.lastUsedAt }, user: users, grants: scopeGrantsColumn() })
        .from(apiTokens)
        .innerJoin(users, eq(users.id, apiTokens.userId))
        .where(and(eq(apiTokens.tokenHash, tokenHash), isNull(apiTokens.revokedAt), gt(apiTokens.expiresAt, now), eq(users.active, true), eq(users.isAdmin, false)))
        .limit(1);
      if (!row) throw unauthorized();
      const { token } = row;
      if (!token.lastUsedAt || now.getTime() - token.lastUsedAt.getTime() > API_TOKEN_TOUCH_MS) {
        await app.db.update(apiTokens).set({ lastUsedAt: now }).where(eq(apiTokens.id, token.id));
      }
      const grants: ScopeGrants = {
        ...row.grants,
        roles: row.grants.roles.map((role) => ({ ...role, permissions: token.permissions ? intersectPermissions(role.permissions, token.permissions) : role.permissions })),
      };
      const caller = deepFreeze({ sessionId: null, apiTokenId: token.id, user: row.user, grants });
      cache.set(tokenHash, { caller, lastUsedAt: now.getTime(), expiresAt: token.expiresAt.getTime(), readAt: now.getTime() }, generation);
      return caller;
    }

    app.addHook('onRequest', async (request) => {
      if (request.is404 || request.routeOptions.config.public) return;
      const header = request.headers.authorization ?? '';
      const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
      if (!match) throw unauthorized();
      const tokenHash = hashToken(match[1]!);
      const now = new Date();
      const cached = cache.get(tokenHash, now.getTime());
      if (cached) {
        request.caller = cached.caller;
        return;
      }
      // One query for the session (or the API token: its secret says which), its user and what their scope is made of
      // (the authorization plugin derives the Scope from it).
      const generation = cache.mark();
      if (match[1]!.startsWith(API_TOKEN_PREFIX)) {
        request.caller = await apiTokenCaller(tokenHash, now, generation);
        return;
      }
      const [row] = await app.db
        .select({ session: { id: sessions.id, lastUsedAt: sessions.lastUsedAt, expiresAt: sessions.expiresAt }, user: users, grants: scopeGrantsColumn() })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now), eq(users.active, true)))
        .limit(1);
      if (!row) throw unauthorized();
      let { lastUsedAt, expiresAt } = row.session;
      if (now.getTime() - lastUsedAt.getTime() > SESSION_TOUCH_MS) {
        lastUsedAt = now;
        expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
        await app.db.update(sessions).set({ lastUsedAt, expiresAt }).where(eq(sessions.id, row.session.id));
      }
      // Frozen: one caller object answers several requests, so no route may change it.
      const caller = deepFreeze({ sessionId: row.session.id, apiTokenId: null, user: row.user, grants: row.grants });
      cache.set(tokenHash, { caller, lastUsedAt: lastUsedAt.getTime(), expiresAt: expiresAt.getTime(), readAt: now.getTime() }, generation);
      request.caller = caller;
    });
  },
  { name: 'auth', dependencies: ['db'] },
);
