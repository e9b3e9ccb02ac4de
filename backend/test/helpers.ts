/** What the backend's test files share: the databases to run on, a JSON:API-checking client and the schema validator. */
import { readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { signIn, startTestBackend, testDatabases, type TestBackend, type TestDatabaseKind } from '../src/testing';

export const databases: TestDatabaseKind[] = testDatabases();

// The JSON:API 1.0 response schema (a copy of shared/contracts/jsonapi-1.0-schema.json). It declares
// draft 2020-12 but uses draft-04 spellings (definitions, dependencies): Ajv2020 non-strict reads both.
const schema = JSON.parse(readFileSync(new URL('./fixtures/jsonapi-1.0-schema.json', import.meta.url), 'utf8')) as object;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
const validateDocument = ajv.compile(schema);

export function expectJsonApi(body: unknown): void {
  const valid = validateDocument(body);
  expect(valid ? [] : validateDocument.errors, JSON.stringify(body).slice(0, 500)).toEqual([]);
}

export type Answer = { status: number; body: Record<string, unknown> & JsonApiBody };
export type JsonApiResource = {
  type: string;
  id: string;
  attributes: Record<string, unknown>;
  relationships?: Record<string, { data: unknown }>;
};
export type JsonApiBody = {
  data?: JsonApiResource | JsonApiResource[] | null;
  included?: JsonApiResource[];
  meta?: Record<string, unknown>;
  links?: Record<string, string | null>;
  errors?: { status: string; title: string; detail: string; source?: { pointer?: string; parameter?: string } }[];
};

/** A client of the app that checks every answer (but 204s) against the JSON:API schema. */
export function client(app: FastifyInstance, token?: string) {
  async function request(method: 'GET' | 'POST' | 'DELETE' | 'PUT' | 'PATCH', url: string, payload?: unknown): Promise<Answer> {
    const response = await app.inject({
      method,
      url,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(payload !== undefined ? { 'content-type': 'application/vnd.api+json' } : {}),
      },
      payload: payload === undefined ? undefined : JSON.stringify(payload),
    });
    const body = response.body ? (JSON.parse(response.body) as Answer['body']) : ({} as Answer['body']);
    if (response.statusCode !== 204) expectJsonApi(body);
    return { status: response.statusCode, body };
  }
  return {
    get: (url: string) => request('GET', url),
    post: (url: string, payload: unknown) => request('POST', url, payload),
    delete: (url: string) => request('DELETE', url),
    request,
  };
}

export type Client = ReturnType<typeof client>;

export async function signedIn(backend: TestBackend, username: string, password = 'demo1234'): Promise<Client> {
  const { token } = await signIn(backend.url, username, password);
  return client(backend.app, token);
}

export const ids = (body: JsonApiBody) => (body.data as JsonApiResource[]).map((r) => r.id);
export const list = (body: JsonApiBody) => body.data as JsonApiResource[];
export const one = (body: JsonApiBody) => body.data as JsonApiResource;

export { startTestBackend };
