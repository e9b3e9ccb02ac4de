/**
 * Sign-in, sign-out and password reset (spec inspection.md sections 2, 5, 7; docs/REST.md).
 */
import { DEACTIVATED_ACCOUNT_MESSAGE, validateNewPassword } from '@fsi/shared';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { decoyHash, hashPassword, verifyPassword } from '../../auth/password-hash';
import { forbidden, HttpError, unauthorized, unprocessable } from '../../jsonapi/errors';
import { metaDocument, resource, singleDocumentWithMeta, toOne } from '../../jsonapi/serializer';
import { userViews } from '../users/repository';
import { userResource } from '../users/serialize';
import type { Static } from 'typebox';
import * as repo from './repository';
import { changePasswordSchema, forgotPasswordSchema, signInSchema, signOutSchema, type SessionResource } from './schemas';

export type SessionRoutesOptions = { publicUrl: string };

export const INCORRECT_CREDENTIALS = 'Username or password is incorrect.';
export const TOO_MANY_ATTEMPTS = 'Too many failed sign-in attempts. Wait 15 minutes, or reset your password, and try again.';
export const FORGOT_PASSWORD_MESSAGE =
  'If an account matches, an e-mail with a link to change the password is on its way. Check your e-mail.';
export const RESET_LINK_INVALID = 'The password reset link is invalid or has expired.';

const routes: FastifyPluginAsyncTypebox<SessionRoutesOptions> = async (app, options) => {
  app.post(
    '/sessions',
    { config: { public: true }, schema: signInSchema },
    async (request, reply) => {
      const { username: rawUsername, password } = request.body.data.attributes;
      const username = repo.normalizeUsername(rawUsername);
      if (await repo.isRateLimited(app.db, username, request.ip)) throw new HttpError(429, TOO_MANY_ATTEMPTS, undefined, 'RATE_LIMITED');
      const user = await repo.findUserByUsername(app.db, username);
      const valid = await verifyPassword(user?.passwordHash ?? (await decoyHash()), password);
      if (!user || !valid) {
        await repo.recordAttempt(app.db, username, request.ip, false);
        throw unprocessable(INCORRECT_CREDENTIALS, '/data/attributes/password', 'INCORRECT_CREDENTIALS');
      }
      // Told only to whoever knows the password: a deactivated account (issue 14) cannot sign in.
      if (!user.active) throw unprocessable(DEACTIVATED_ACCOUNT_MESSAGE, '/data/attributes/username', 'INCORRECT_CREDENTIALS');
      await repo.recordAttempt(app.db, username, request.ip, true);
      const session = await repo.createSession(app.db, user.id);
      const [view] = await userViews(app.db, [user]);
      const data = resource<Static<typeof SessionResource>>(
        'sessions',
        session.id,
        { accessToken: session.token, expiresAt: session.expiresAt.toISOString() },
        { user: toOne('users', user.id) },
      );
      return reply.code(201).send(singleDocumentWithMeta(data, { isAdmin: user.isAdmin }, [userResource(view!)]));
    },
  );

  app.delete(
    '/sessions/current',
    { schema: signOutSchema },
    async (request, reply) => {
      if (!request.caller) throw unauthorized();
      // An API token has no session to end: it is revoked (DELETE /api-tokens/{id}).
      if (request.caller.sessionId === null) throw forbidden('An API token is not signed out: revoke it instead.');
      await repo.deleteSession(app.db, request.caller.sessionId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/send-forgot-password-email',
    { config: { public: true }, schema: forgotPasswordSchema },
    async (request) => {
      const matches = await repo.findUsersForReset(app.db, request.body.data.attributes.searchterm);
      for (const user of matches) {
        if (!user.active) continue;
        const to = user.securityemail || user.email;
        if (!to) continue;
        const token = await repo.createResetToken(app.db, user.id);
        const link = `${options.publicUrl}/change-password?hash=${encodeURIComponent(token)}`;
        await app.mailer.send({
          to,
          subject: 'Change your password',
          text: [
            `Hello ${user.firstname ?? user.username},`,
            '',
            `Someone asked to change the password of the account "${user.username}".`,
            `To choose a new password, open this link within ${repo.RESET_TOKEN_TTL_MS / 3_600_000} hours (it works once):`,
            link,
            '',
            'If you did not ask for this, ignore this e-mail: your password stays as it is.',
          ].join('\n'),
        });
      }
      return metaDocument({ message: FORGOT_PASSWORD_MESSAGE });
    },
  );

  app.post(
    '/users/change-password',
    { config: { public: true }, schema: changePasswordSchema },
    async (request) => {
      const { token, password, confirmation } = request.body.data.attributes;
      const problem = validateNewPassword(password, confirmation);
      if (problem) throw unprocessable(problem.message, `/data/attributes/${problem.field}`);
      if (!token) throw unprocessable(RESET_LINK_INVALID, '/data/attributes/token');
      const changed = await repo.consumeResetToken(app.db, token, await hashPassword(password!));
      if (!changed) throw unprocessable(RESET_LINK_INVALID, '/data/attributes/token');
      return metaDocument({ message: 'Password Changed' });
    },
  );
};

export default routes;
