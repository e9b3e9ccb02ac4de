/**
 * API tokens (issue 14 point 8): who may create them, the secret shown once and kept hashed, and a token that never
 * does more than its scope nor more than its owner, refused once expired, revoked or its owner deactivated.
 */
import { createHash } from 'node:crypto';
import { API_TOKEN_CREATE_FORBIDDEN_MESSAGE, API_TOKEN_EXPIRY_TOO_LATE_MESSAGE, API_TOKEN_PERMISSION_NOT_HELD_MESSAGE } from '@fsi/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema, type TestBackend } from '../src/testing';
import { client, databases, demoIds, list, one, signedIn, startTestBackend, userWithGrants, type Client } from './helpers';

const DAY = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);
const body = (attributes: Record<string, unknown>) => ({ data: { type: 'api-tokens', attributes: { name: 'Integration', expiresAt: inDays(30), permissions: ['buildingPermissions.view'], ...attributes } } });

describe.each(databases)('API tokens on %s', (database) => {
  let backend: TestBackend;
  let demo: Awaited<ReturnType<typeof demoIds>>;
  let integrator: Client;
  let building: string;

  beforeAll(async () => {
    backend = await startTestBackend({ database });
    demo = await demoIds(backend);
    building = demo.building('King Street Commerce Centre');
    integrator = await userWithGrants(backend, demo.northwind, 'integrator', {
      userPermissions: { update: true },
      buildingPermissions: { view: true, manage: true },
    });
  });
  afterAll(() => backend?.close());

  const addFloor = (caller: Client, name: string) => caller.post(`/buildings/${building}/floor`, { data: { attributes: { name } } });

  it('lets users whose role updates users create tokens, and refuses others, administrators and tokens themselves', async () => {
    const manager = await signedIn(backend, 'manager');
    const created = await manager.post('/api-tokens', body({}));
    expect(created.status).toBe(201);
    for (const username of ['viewer', 'inspector', 'admin']) {
      const refused = await (await signedIn(backend, username)).post('/api-tokens', body({}));
      expect(refused.status, username).toBe(403);
      expect(refused.body.errors![0]!.detail).toBe(API_TOKEN_CREATE_FORBIDDEN_MESSAGE);
    }
    const withToken = client(backend.app, String(one(created.body).attributes.token));
    expect((await withToken.post('/api-tokens', body({}))).status).toBe(403);
    // The list says who may create and what a new token may have: the caller's own role permissions.
    const meta = (await manager.get('/api-tokens')).body.meta!;
    expect(meta.mayCreate).toBe(true);
    expect(meta.grantablePermissions).toEqual(expect.arrayContaining(['userPermissions.update', 'buildingPermissions.view']));
    expect(meta.grantablePermissions).not.toContain('rolePermissions.update');
    expect((await (await signedIn(backend, 'viewer')).get('/api-tokens')).body.meta).toMatchObject({ mayCreate: false, grantablePermissions: [] });
  });

  it('shows the secret once and keeps only its SHA-256 hash; the list never shows it', async () => {
    const created = await integrator.post('/api-tokens', body({ name: 'Once' }));
    const token = String(one(created.body).attributes.token);
    expect(token).toMatch(/^fsi_[A-Za-z0-9_-]{43}$/);
    const [row] = await backend.db.select().from(schema.apiTokens).where(eq(schema.apiTokens.id, Number(one(created.body).id)));
    expect(row!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);
    const listed = list((await integrator.get('/api-tokens')).body).find((t) => t.id === one(created.body).id)!;
    expect(listed.attributes).toMatchObject({ name: 'Once', permissions: ['buildingPermissions.view'], revokedAt: null, lastUsedAt: null });
    expect(listed.attributes).not.toHaveProperty('token');
    await client(backend.app, token).get('/buildings');
    const used = list((await integrator.get('/api-tokens')).body).find((t) => t.id === one(created.body).id)!;
    expect(used.attributes.lastUsedAt).not.toBeNull();
  });

  it('refuses permissions wider than the creator holds and an expiry more than a year ahead (422 with pointers)', async () => {
    const answer = await integrator.post('/api-tokens', body({ expiresAt: inDays(400), permissions: ['buildingPermissions.view', 'rolePermissions.update'] }));
    expect(answer.status).toBe(422);
    expect(answer.body.errors!.map((e) => [e.source?.pointer, e.detail])).toEqual([
      ['/data/attributes/expiresAt', API_TOKEN_EXPIRY_TOO_LATE_MESSAGE],
      ['/data/attributes/permissions/1', API_TOKEN_PERMISSION_NOT_HELD_MESSAGE],
    ]);
  });

  it('never does more than its scope: a permission its owner holds but it was not given is refused', async () => {
    const viewOnly = client(backend.app, String(one((await integrator.post('/api-tokens', body({ permissions: ['buildingPermissions.view'] }))).body).attributes.token));
    expect((await viewOnly.get(`/buildings/${building}`)).status).toBe(200);
    expect((await addFloor(viewOnly, 'By a view-only token')).status).toBe(403);
    expect((await addFloor(integrator, 'By the owner')).status).toBe(201);
  });

  it('never does more than its owner: a permission taken from the owner is taken from the token at once', async () => {
    const managing = client(backend.app, String(one((await integrator.post('/api-tokens', body({ permissions: ['buildingPermissions.view', 'buildingPermissions.manage'] }))).body).attributes.token));
    expect((await addFloor(managing, 'By a managing token')).status).toBe(201);
    const [role] = await backend.db.select().from(schema.roles).where(eq(schema.roles.name, 'integrator'));
    await backend.db
      .update(schema.roles)
      .set({ permissions: { ...role!.permissions, buildingPermissions: { ...role!.permissions.buildingPermissions, manage: false } } })
      .where(eq(schema.roles.id, role!.id));
    try {
      expect((await addFloor(managing, 'After the owner lost it')).status).toBe(403);
    } finally {
      await backend.db.update(schema.roles).set({ permissions: role!.permissions }).where(eq(schema.roles.id, role!.id));
    }
  });

  it('is refused (401) once revoked, once expired, and while its owner is deactivated', async () => {
    const make = async (name: string) => {
      const created = await integrator.post('/api-tokens', body({ name }));
      return { id: one(created.body).id, token: client(backend.app, String(one(created.body).attributes.token)) };
    };
    const revoked = await make('Revoked');
    expect((await revoked.token.get('/buildings')).status).toBe(200);
    const revocation = await integrator.delete(`/api-tokens/${revoked.id}`);
    expect(revocation.status).toBe(200);
    expect(one(revocation.body).attributes.revokedAt).not.toBeNull();
    expect((await revoked.token.get('/buildings')).status).toBe(401);

    const expired = await make('Expired');
    expect((await expired.token.get('/buildings')).status).toBe(200);
    await backend.db.update(schema.apiTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(schema.apiTokens.id, Number(expired.id)));
    expect((await expired.token.get('/buildings')).status).toBe(401);

    const owned = await make('Owner deactivated');
    expect((await owned.token.get('/buildings')).status).toBe(200);
    await backend.db.update(schema.users).set({ active: false }).where(eq(schema.users.username, 'integrator'));
    try {
      expect((await owned.token.get('/buildings')).status).toBe(401);
    } finally {
      await backend.db.update(schema.users).set({ active: true }).where(eq(schema.users.username, 'integrator'));
    }
    expect((await owned.token.get('/buildings')).status).toBe(200);
  });

  it("revokes only the caller's own tokens", async () => {
    const created = await integrator.post('/api-tokens', body({ name: 'Integrator only' }));
    const manager = await signedIn(backend, 'manager');
    expect((await manager.delete(`/api-tokens/${one(created.body).id}`)).status).toBe(404);
    expect(list((await manager.get('/api-tokens')).body).map((t) => t.attributes.name)).not.toContain('Integrator only');
  });
});
