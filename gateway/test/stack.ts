/**
 * The real stack for a test file: a backend on its own fresh seeded PGlite
 * (`startTestBackend`) and the gateway over it, both on loopback ports. Every
 * REST call the gateway makes is recorded, for the batching assertions.
 */
import type { AddressInfo } from 'node:net';
import { startTestBackend, type TestBackend, type TestBackendOptions } from '@fsi/backend/testing';
import { createGateway, type GatewayOptions } from '../src/app';
import type { RestCall } from '../src/rest-client';
import { expect } from 'vitest';

export type GraphQLBody<TData> = {
  data?: TData | null;
  errors?: Array<{ message: string; path?: Array<string | number>; extensions?: { code?: string } }>;
};

export type Stack = {
  /** The gateway's origin, e.g. http://127.0.0.1:40123. */
  url: string;
  backend: TestBackend;
  restCalls: RestCall[];
  graphql<TData = Record<string, unknown>>(
    query: string,
    options?: { variables?: Record<string, unknown>; token?: string | null },
  ): Promise<{ status: number; body: GraphQLBody<TData> }>;
  /** Signs in through the gateway's signIn mutation and returns the token. */
  signIn(username: string, password?: string): Promise<string>;
  close(): Promise<void>;
};

export const DEMO_PASSWORD = 'demo1234';

/** `backendOptions.database: 'postgres'` runs the backend on a fresh PostgreSQL database (TEST_DATABASE_URL). */
export async function startStack(options: Partial<GatewayOptions> = {}, backendOptions: TestBackendOptions = {}): Promise<Stack> {
  const backend = await startTestBackend(backendOptions);
  const restCalls: RestCall[] = [];
  // compileAfter 0: every query of the tests runs compiled (compiled-execution.ts), from its first run; graphql-js's
  // execution of a document's first run in production is compared with it in compiled-execution.test.ts.
  const gateway = await createGateway({ backendUrl: backend.url, onRestRequest: (call) => restCalls.push(call), compileAfter: 0, ...options });
  await gateway.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(gateway.server.address() as AddressInfo).port}`;

  const graphql: Stack['graphql'] = async (query, { variables, token } = {}) => {
    const response = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/graphql-response+json, application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify({ query, variables }),
    });
    return { status: response.status, body: (await response.json()) as GraphQLBody<never> };
  };

  return {
    url,
    backend,
    restCalls,
    graphql,
    async signIn(username, password = DEMO_PASSWORD) {
      const { body } = await graphql<{ signIn: { accessToken: string | null; errors: Array<{ message: string }> } }>(
        'mutation SignIn($username: String!, $password: String!) { signIn(username: $username, password: $password) { accessToken errors { message } } }',
        { variables: { username, password } },
      );
      const token = body.data?.signIn.accessToken;
      if (!token) throw new Error(`Sign-in of ${username} failed: ${JSON.stringify(body)}`);
      return token;
    },
    async close() {
      await gateway.close();
      await backend.close();
    },
  };
}

/** A mutation payload's field errors, as the gateway answers them. */
export type PayloadFieldErrors = Array<{ field: string | null; message: string; code: string }>;
/** GraphQL errors of an answer (FORBIDDEN, UNAUTHENTICATED… in extensions.code). */
export type GraphQLErrors = Array<{ message: string; extensions?: { code?: string } }> | undefined;

/**
 * Calls by caller name: `run` sends an operation with tokens[who] and wants HTTP 200 (GraphQL errors are the
 * caller's to read); `ok` also wants no errors and answers the data. `stack` is read at each call, so the helpers
 * can be made before beforeAll starts the stack.
 */
export function callersOf(stack: () => Stack, tokens: Record<string, string>) {
  async function run<T>(query: string, variables: Record<string, unknown>, who: string): Promise<{ data: T | null | undefined; errors: GraphQLErrors }> {
    const { status, body } = await stack().graphql<T>(query, { variables, token: tokens[who] });
    expect(status, JSON.stringify(body).slice(0, 400)).toBe(200);
    return { data: body.data, errors: body.errors };
  }
  async function ok<T>(query: string, variables: Record<string, unknown>, who: string): Promise<T> {
    const { data, errors } = await run<T>(query, variables, who);
    expect(errors, JSON.stringify(errors)).toBeUndefined();
    return data!;
  }
  return { run, ok };
}
