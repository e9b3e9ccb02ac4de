/**
 * The real stack for a test file: a backend on its own fresh seeded PGlite
 * (`startTestBackend`) and the gateway over it, both on loopback ports. Every
 * REST call the gateway makes is recorded, for the batching assertions.
 */
import type { AddressInfo } from 'node:net';
import { startTestBackend, type TestBackend, type TestBackendOptions } from '@fsi/backend/testing';
import { createGateway, type GatewayOptions } from '../src/app';
import type { RestCall } from '../src/rest-client';

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
  const gateway = await createGateway({ backendUrl: backend.url, onRestRequest: (call) => restCalls.push(call), ...options });
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
