/**
 * Bearer-token authentication. Every route needs a valid session unless its config says
 * `public: true`; a missing, unknown or expired token is a 401.
 * Sessions slide: each use more than SESSION_TOUCH_MS after the last one pushes the expiry
 * SESSION_TTL_MS past now, so an active user stays signed in and an idle token dies in 30 days.
 */
import { and, eq, gt } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { hashToken } from '../auth/tokens';
import { sessions, users } from '../db/schema';
import { unauthorized } from '../jsonapi/errors';
import { scopeGrantsColumn, type ScopeGrants } from './authorization';

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const SESSION_TOUCH_MS = 60 * 60 * 1000;

export type UserRow = typeof users.$inferSelect;
export type Caller = { sessionId: number; user: UserRow; grants: ScopeGrants };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers without a session (sign-in, forgot password, the OpenAPI document). */
    public?: boolean;
  }
  interface FastifyRequest {
    caller: Caller | null;
  }
}

export default fp(
  async (app) => {
    app.decorateRequest('caller', null);
    app.addHook('onRequest', async (request) => {
      if (request.is404 || request.routeOptions.config.public) return;
      const header = request.headers.authorization ?? '';
      const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
      if (!match) throw unauthorized();
      const now = new Date();
      // One query for the session, its user and what their scope is made of (the authorization
      // plugin derives the Scope from it): nothing about the caller is cached between requests, so
      // a sign-out, an expiry or a change of roles, building permissions or regions counts on the
      // very next request, whichever replica made it.
      const [row] = await app.db
        .select({ session: { id: sessions.id, lastUsedAt: sessions.lastUsedAt }, user: users, grants: scopeGrantsColumn() })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.tokenHash, hashToken(match[1]!)), gt(sessions.expiresAt, now)))
        .limit(1);
      if (!row) throw unauthorized();
      if (now.getTime() - row.session.lastUsedAt.getTime() > SESSION_TOUCH_MS) {
        await app.db
          .update(sessions)
          .set({ lastUsedAt: now, expiresAt: new Date(now.getTime() + SESSION_TTL_MS) })
          .where(eq(sessions.id, row.session.id));
      }
      request.caller = { sessionId: row.session.id, user: row.user, grants: row.grants };
    });
  },
  { name: 'auth', dependencies: ['db'] },
);
