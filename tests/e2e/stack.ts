import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createGateway } from '@fsi/gateway';
import { DEMO_PASSWORD, startTestBackend, type TestBackend } from '@fsi/backend/testing';
import type { FastifyInstance } from 'fastify';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The built web app; WEB_DIST points the end-to-end tests at another build (one made from a work in progress, say). */
export const webDist = process.env.WEB_DIST ?? path.join(root, 'web/dist');

export type Stack = { baseUrl: string; backend: TestBackend; gateway: FastifyInstance; close(): Promise<void> };

/**
 * The whole product on loopback, as `npm start` runs it: the built web app and the gateway on one
 * origin, over the real backend on a fresh PGlite with the demo data. With smtpUrl, mail is delivered there
 * (else it stays in the database's outbox).
 */
export async function startStack(options: { webDist?: string; smtpUrl?: string } = {}): Promise<Stack> {
  const dist = options.webDist ?? webDist;
  if (!existsSync(path.join(dist, 'index.html'))) {
    throw new Error('web/dist is missing: run `npm run build -w web` before the end-to-end tests (npm test does).');
  }
  const backend = await startTestBackend({ seed: 'demo', smtpUrl: options.smtpUrl });
  const gateway = await createGateway({ backendUrl: backend.url, webDist: dist });
  const baseUrl = await gateway.listen({ port: 0, host: '127.0.0.1' });
  return {
    baseUrl,
    backend,
    gateway,
    async close() {
      await gateway.close();
      await backend.close();
    },
  };
}

/** A GraphQL call on the stack's gateway, as a signed-in user or none (the answer's data; an error fails the test). */
export async function graphqlOn<T>(stack: Pick<Stack, 'baseUrl'>, token: string | null, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const response = await fetch(new URL('/graphql', stack.baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const answer = (await response.json()) as { data?: T; errors?: unknown[] };
  if (answer.errors || !answer.data) throw new Error(JSON.stringify(answer.errors));
  return answer.data;
}

/** A demo user signed in through the stack's GraphQL (their access token). */
export async function signInOn(stack: Pick<Stack, 'baseUrl'>, username: string): Promise<{ accessToken: string }> {
  const { signIn } = await graphqlOn<{ signIn: { accessToken: string } }>(stack, null, 'mutation ($username: String!, $password: String!) { signIn(username: $username, password: $password) { accessToken } }', {
    username,
    password: DEMO_PASSWORD,
  });
  return signIn;
}

/** The organization of a building, as the signed-in user reads it through the stack's GraphQL. */
export async function buildingOrganizationOn(stack: Pick<Stack, 'baseUrl'>, token: string, buildingId: string | number): Promise<{ organization: { id: string } }> {
  const { building } = await graphqlOn<{ building: { organization: { id: string } } }>(stack, token, 'query ($id: ID!) { building(id: $id) { organization { id } } }', {
    id: String(buildingId),
  });
  return building;
}
