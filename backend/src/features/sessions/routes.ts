/**
 * Sign-in, sign-out and password reset (spec inspection.md sections 2, 5, 7; docs/REST.md).
 */
import { validateNewPassword } from '@fsi/shared';
import type { FastifyPluginAsync } from 'fastify';
import { decoyHash, hashPassword, verifyPassword } from '../../auth/password-hash';
import { HttpError, unauthorized, unprocessable } from '../../jsonapi/errors';
import {
  errorResponses,
  metaDocumentSchema,
  requestBodySchema,
  resourceSchema,
  singleDocumentSchema,
  str,
} from '../../jsonapi/schemas';
import { metaDocument, resource, singleDocument, toOne } from '../../jsonapi/serializer';
import { userViews } from '../users/repository';
import { userResource } from '../users/serialize';
import * as repo from './repository';

export type SessionRoutesOptions = { publicUrl: string };

const signInBody = requestBodySchema('sessions', {
  type: 'object',
  required: ['username', 'password'],
  properties: { username: { type: 'string', maxLength: 256 }, password: { type: 'string', maxLength: 1024 } },
});

const sessionDocument = singleDocumentSchema(
  resourceSchema('sessions', { accessToken: str, expiresAt: str }, ['user']),
  { type: 'object', properties: { isAdmin: { type: 'boolean' } } },
);

export const INCORRECT_CREDENTIALS = 'Username or password is incorrect.';
export const TOO_MANY_ATTEMPTS = 'Too many failed sign-in attempts. Wait 15 minutes, or reset your password, and try again.';
export const FORGOT_PASSWORD_MESSAGE =
  'If an account matches, an e-mail with a link to change the password is on its way. Check your e-mail.';
export const RESET_LINK_INVALID = 'The password reset link is invalid or has expired.';

const routes: FastifyPluginAsync<SessionRoutesOptions> = async (app, options) => {
  app.post<{ Body: { data: { attributes: { username: string; password: string } } } }>(
    '/sessions',
    {
      config: { public: true },
      schema: {
        tags: ['sessions'],
        summary: 'Sign in: returns an access token, the user and meta.isAdmin',
        security: [],
        body: signInBody,
        response: { 201: sessionDocument, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { username: rawUsername, password } = request.body.data.attributes;
      const username = repo.normalizeUsername(rawUsername);
      if (await repo.isRateLimited(app.db, username, request.ip)) throw new HttpError(429, TOO_MANY_ATTEMPTS);
      const user = await repo.findUserByUsername(app.db, username);
      const valid = await verifyPassword(user?.passwordHash ?? (await decoyHash()), password);
      if (!user || !valid) {
        await repo.recordAttempt(app.db, username, request.ip, false);
        throw unprocessable(INCORRECT_CREDENTIALS, '/data/attributes/password');
      }
      await repo.recordAttempt(app.db, username, request.ip, true);
      const session = await repo.createSession(app.db, user.id);
      const [view] = await userViews(app.db, [user]);
      const data = resource(
        'sessions',
        session.id,
        { accessToken: session.token, expiresAt: session.expiresAt.toISOString() },
        { user: toOne('users', user.id) },
      );
      return reply.code(201).send(singleDocument(data, { included: [userResource(view!)], meta: { isAdmin: user.isAdmin } }));
    },
  );

  app.delete(
    '/sessions/current',
    {
      schema: {
        tags: ['sessions'],
        summary: 'Sign out: ends the session of the bearer token',
        response: { 204: { type: 'null', description: 'Signed out' }, ...errorResponses },
      },
    },
    async (request, reply) => {
      if (!request.caller) throw unauthorized();
      await repo.deleteSession(app.db, request.caller.sessionId);
      return reply.code(204).send();
    },
  );

  app.post<{ Body: { data: { attributes: { searchterm: string } } } }>(
    '/send-forgot-password-email',
    {
      config: { public: true },
      schema: {
        tags: ['sessions'],
        summary: 'Mails a single-use change-password link to the user matching a username or e-mail; always the same answer',
        security: [],
        body: requestBodySchema('users', {
          type: 'object',
          required: ['searchterm'],
          properties: { searchterm: { type: 'string', maxLength: 320 } },
        }),
        response: { 200: metaDocumentSchema, ...errorResponses },
      },
    },
    async (request) => {
      const matches = await repo.findUsersForReset(app.db, request.body.data.attributes.searchterm);
      for (const user of matches) {
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

  app.post<{ Body: { data: { attributes: { token?: string; password?: string; confirmation?: string } } } }>(
    '/users/change-password',
    {
      config: { public: true },
      schema: {
        tags: ['sessions'],
        summary: 'Sets a new password with the token of a forgot-password link',
        security: [],
        body: requestBodySchema('users', {
          type: 'object',
          properties: {
            token: { type: 'string', maxLength: 256 },
            password: { type: 'string', maxLength: 1024 },
            confirmation: { type: 'string', maxLength: 1024 },
          },
        }),
        response: { 200: metaDocumentSchema, ...errorResponses },
      },
    },
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
