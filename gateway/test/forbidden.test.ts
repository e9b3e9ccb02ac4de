/**
 * FORBIDDEN mapping on a real 403 of the backend. No route of the foundation
 * refuses a signed-in caller yet (scoping answers 404 or an empty list), so this
 * builds the real backend app on a test database with one administrators-only
 * route guarded by the backend's own `requireAdmin`: its auth, authorization and
 * JSON:API error plugins produce the 403 the gateway's REST client receives.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { GraphQLError } from 'graphql';
import { buildApp } from '@fsi/backend';
import { requireAdmin, scopeOf } from '@fsi/backend/plugins/authorization';
import { signIn, startTestBackend, type TestBackend } from '@fsi/backend/testing';
import { formatGatewayError } from '../src/errors';
import { RestClient, RestError } from '../src/rest-client';

let backend: TestBackend;
let guarded: FastifyInstance;
let url: string;

beforeAll(async () => {
  backend = await startTestBackend();
  guarded = await buildApp({ db: backend.db });
  guarded.get('/administration-only', async (request) => {
    requireAdmin(scopeOf(request));
    return { meta: { ok: true } };
  });
  await guarded.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(guarded.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await guarded?.close();
  await backend?.close();
});

async function failureOf(token: string | null): Promise<RestError> {
  const rest = new RestClient({ baseUrl: url, token });
  const error = await rest.get('/administration-only').then(
    () => null,
    (failure: unknown) => failure,
  );
  if (!(error instanceof RestError)) throw new Error(`Expected a RestError, got ${String(error)}`);
  return error;
}

function reported(error: RestError) {
  // As Apollo hands a resolver's error to formatError: wrapped, with its path.
  const wrapped = new GraphQLError(error.message, { originalError: error, path: ['administration'] });
  return formatGatewayError({ message: error.message, path: ['administration'] }, wrapped);
}

describe('a REST 403', () => {
  it('reaches GraphQL clients as FORBIDDEN', async () => {
    const { token } = await signIn(backend.url, 'viewer', 'demo1234');
    const error = await failureOf(token);
    expect(error.status).toBe(403);
    expect(error.errors[0]).toMatchObject({ status: '403', detail: 'Only administrators may do this.' });
    expect(reported(error)).toEqual({
      message: 'You do not have permission to do this.',
      path: ['administration'],
      extensions: { code: 'FORBIDDEN' },
    });
  });

  it('is not what a caller without a session gets: that is UNAUTHENTICATED', async () => {
    const error = await failureOf(null);
    expect(error.status).toBe(401);
    expect(reported(error).extensions).toEqual({ code: 'UNAUTHENTICATED' });
  });

  it('is not what an administrator gets', async () => {
    const { token } = await signIn(backend.url, 'admin', 'demo1234');
    const rest = new RestClient({ baseUrl: url, token });
    await expect(rest.get('/administration-only')).resolves.toEqual({ meta: { ok: true } });
  });
});
