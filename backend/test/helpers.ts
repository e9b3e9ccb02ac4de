/** What the backend's test files share: the databases to run on, a JSON:API-checking client and the schema validator. */
import { readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { emptyRolePermissions, type RolePermissions } from '@fsi/shared';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { expect } from 'vitest';
import { openAt } from '../src/features/walkabouts/repository';
import { schema, signIn, startTestBackend, testDatabases, type TestBackend, type TestDatabaseKind } from '../src/testing';

export const databases: TestDatabaseKind[] = testDatabases();

// The JSON:API 1.0 response schema (a copy of shared/contracts/jsonapi-1.0-schema.json). It declares
// draft 2020-12 but uses draft-04 spellings (definitions, dependencies): Ajv2020 non-strict reads both.
const jsonApiSchema = JSON.parse(readFileSync(new URL('./fixtures/jsonapi-1.0-schema.json', import.meta.url), 'utf8')) as object;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
const validateDocument = ajv.compile(jsonApiSchema);

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
  errors?: { status: string; title: string; detail: string; code?: string; source?: { pointer?: string; parameter?: string } }[];
};

/** A client of the app that checks every answer (but 204s) against the JSON:API schema. */
export function client(app: FastifyInstance, token?: string) {
  async function request(
    method: 'GET' | 'POST' | 'DELETE' | 'PUT' | 'PATCH',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer> {
    const response = await app.inject({
      method,
      url,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(payload !== undefined ? { 'content-type': 'application/vnd.api+json' } : {}),
        ...headers,
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
    patch: (url: string, payload: unknown, headers?: Record<string, string>) => request('PATCH', url, payload, headers),
    /** PATCH /walkabout-data with its Idempotency-Key (and a query string such as `?fields[conditions]=`). */
    save: (key: string, payload: unknown, query = '') => request('PATCH', `/walkabout-data${query}`, payload, { 'idempotency-key': key }),
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

/**
 * Records the text of every statement sent to the database into `statements`, until `restore` is called: at PGlite's
 * query method, or on PostgreSQL at the query method of each pooled connection as it is checked out (where the pool's
 * own queries pass too, and statements sent on a connection held for several, as a prepared statement's are).
 */
export function recordStatements(backend: TestBackend): { statements: string[]; restore: () => void } {
  const statements: string[] = [];
  type Queryable = { query: (...args: unknown[]) => Promise<unknown> };
  const record = (target: Queryable): (() => void) => {
    const original = target.query;
    target.query = function (this: unknown, ...args: unknown[]) {
      const [text] = args;
      statements.push(typeof text === 'string' ? text : String((text as { text?: string }).text));
      return original.apply(this, args);
    };
    return () => void (target.query = original);
  };
  const dbClient = (backend.db as unknown as { $client: Queryable }).$client;
  if (!(dbClient instanceof pg.Pool)) return { statements, restore: record(dbClient) };
  const restores = new Map<Queryable, () => void>();
  const onAcquire = (connection: Queryable) => {
    if (!restores.has(connection)) restores.set(connection, record(connection));
  };
  dbClient.on('acquire', onAcquire);
  return {
    statements,
    restore: () => {
      dbClient.off('acquire', onAcquire);
      for (const restoreOne of restores.values()) restoreOne();
    },
  };
}

/** Ids of the demo's records by name, read from the database. */
export async function demoIds(backend: TestBackend) {
  const db = backend.db;
  const [organizations, regions, buildings, users, cycles] = await Promise.all([
    db.select({ id: schema.organizations.id, name: schema.organizations.name }).from(schema.organizations),
    db.select({ id: schema.regions.id, name: schema.regions.name, organizationId: schema.regions.organizationId }).from(schema.regions),
    db.select({ id: schema.buildings.id, name: schema.buildings.name, organizationId: schema.buildings.organizationId }).from(schema.buildings),
    db.select({ id: schema.users.id, username: schema.users.username, organizationId: schema.users.organizationId }).from(schema.users),
    db.select({ id: schema.cycles.id, name: schema.cycles.name, organizationId: schema.cycles.organizationId }).from(schema.cycles),
  ]);
  const org = (name: string) => organizations.find((o) => o.name.startsWith(name))!.id;
  const northwind = org('Northwind');
  const harbour = org('Harbour');
  const of = <T extends { organizationId: number | null; id: number }>(rows: T[], organizationId: number) =>
    rows.filter((r) => r.organizationId === organizationId).map((r) => String(r.id));
  const buildingId = (name: string) => buildings.find((b) => b.name === name)!.id;
  return {
    northwind,
    harbour,
    cycle: (organizationId: number, name: string) => String(cycles.find((c) => c.organizationId === organizationId && c.name === name)!.id),
    /**
     * The current open walkabout of a building and cycle (the schedule made it when the backend started):
     * the latest opened, since the previous period's walkabout stays open until its close offset passes.
     */
    async walkabout(building: string, cycle: string): Promise<string> {
      const [row] = await db
        .select({ id: schema.walkabouts.id })
        .from(schema.walkabouts)
        .innerJoin(schema.cycles, eq(schema.cycles.id, schema.walkabouts.cycleId))
        .where(and(eq(schema.walkabouts.buildingId, buildingId(building)), eq(schema.cycles.name, cycle), openAt(new Date())))
        .orderBy(desc(schema.walkabouts.openedAt))
        .limit(1);
      if (!row) throw new Error(`No open ${cycle} walkabout at ${building}`);
      return String(row.id);
    },
    async location(building: string, name: string): Promise<string> {
      const [row] = await db
        .select({ id: schema.locations.id })
        .from(schema.locations)
        .where(and(eq(schema.locations.buildingId, buildingId(building)), eq(schema.locations.name, name)));
      return String(row!.id);
    },
    region: (name: string) => String(regions.find((r) => r.name === name)!.id),
    building: (name: string) => String(buildings.find((b) => b.name === name)!.id),
    user: (username: string) => String(users.find((u) => u.username === username)!.id),
    byOrganization: (organizationId: number) => ({
      regions: of(regions, organizationId),
      buildings: of(buildings, organizationId),
      users: of(users, organizationId),
      cycles: of(cycles, organizationId),
    }),
  };
}

/** A multipart/form-data body with one file, for POST /uploads. */
export function multipartFile(name: string, mimetype: string, bytes: Buffer) {
  const boundary = `----fsi${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${mimetype}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The conditions and entries of a walkabout document, by type. */
export function tree(body: JsonApiBody) {
  const included = body.included ?? [];
  return {
    floors: included.filter((r) => r.type === 'walkabout-floors'),
    entries: included.filter((r) => r.type === 'entries'),
    sections: included.filter((r) => r.type === 'sections'),
    conditions: included.filter((r) => r.type === 'conditions'),
  };
}

/** Which permissions of each group a role grants; the others are off. */
export type Grants = Partial<{ [G in keyof RolePermissions]: Partial<RolePermissions[G]> }>;

/** A new user of the organization with one role of these grants, signed in (with the demo manager's password). */
export async function userWithGrants(backend: TestBackend, organizationId: number, username: string, grants: Grants): Promise<Client> {
  const permissions = emptyRolePermissions();
  for (const [group, keys] of Object.entries(grants)) Object.assign((permissions as Record<string, object>)[group]!, keys);
  const [manager] = await backend.db.select().from(schema.users).where(eq(schema.users.username, 'manager'));
  const [role] = await backend.db.insert(schema.roles).values({ organizationId, name: username, permissions }).returning();
  const [user] = await backend.db
    .insert(schema.users)
    .values({ username, organizationId, passwordHash: manager!.passwordHash, email: `${username}@example.com` })
    .returning();
  await backend.db.insert(schema.userRoles).values({ userId: user!.id, roleId: role!.id });
  return signedIn(backend, username);
}
