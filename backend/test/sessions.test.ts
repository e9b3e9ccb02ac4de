import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema, type TestBackend } from '../src/testing';
import { client, databases, one, signedIn, startTestBackend, type Client } from './helpers';

const signInBody = (username: string, password: string) => ({ data: { type: 'sessions', attributes: { username, password } } });

describe.each(databases)('sessions on %s', (database) => {
  let backend: TestBackend;
  let anonymous: Client;

  beforeAll(async () => {
    backend = await startTestBackend({ database });
    anonymous = client(backend.app);
  });
  afterAll(() => backend?.close());

  it('signs in and returns the access token, the user in included and meta.isAdmin', async () => {
    const { status, body } = await anonymous.post('/sessions', signInBody('manager', 'demo1234'));
    expect(status).toBe(201);
    const session = one(body);
    expect(session.type).toBe('sessions');
    expect(session.attributes.accessToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Date(String(session.attributes.expiresAt)).getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    expect(body.meta).toEqual({ isAdmin: false });
    const user = body.included!.find((r) => r.type === 'users')!;
    expect(user.attributes).toMatchObject({ username: 'manager', organizationId: expect.any(Number), regionId: null });
    expect(user.attributes.permissions).toMatchObject({ canViewBuildings: true, canManageOrganization: false });
    expect(session.relationships!.user!.data).toEqual({ type: 'users', id: user.id });
  });

  it('matches the username whatever its letter case and surrounding spaces', async () => {
    const { status } = await anonymous.post('/sessions', signInBody('  Manager ', 'demo1234'));
    expect(status).toBe(201);
  });

  it('tells an administrator apart through meta.isAdmin', async () => {
    const { body } = await anonymous.post('/sessions', signInBody('admin', 'demo1234'));
    expect(body.meta).toEqual({ isAdmin: true });
  });

  it('refuses a wrong password with 422 and the same message as an unknown username', async () => {
    const wrong = await anonymous.post('/sessions', signInBody('viewer', 'nope'));
    const unknown = await anonymous.post('/sessions', signInBody('nobody-here', 'demo1234'));
    expect(wrong.status).toBe(422);
    expect(unknown.status).toBe(422);
    expect(wrong.body.errors![0]!.detail).toBe('Username or password is incorrect.');
    expect(unknown.body.errors![0]!.detail).toBe('Username or password is incorrect.');
    expect([wrong.body.errors![0]!.code, unknown.body.errors![0]!.code]).toEqual(['INCORRECT_CREDENTIALS', 'INCORRECT_CREDENTIALS']);
  });

  it('answers a sign-in without a password with a 422 pointing at the field', async () => {
    const { status, body } = await anonymous.post('/sessions', { data: { type: 'sessions', attributes: { username: 'viewer' } } });
    expect(status).toBe(422);
    expect(body.errors![0]!.source).toEqual({ pointer: '/data/attributes/password' });
    expect(body.errors![0]!.code).toBe('VALIDATION_FAILED');
  });

  it('locks an account for 15 minutes after 10 failed sign-ins, even for the right password', async () => {
    for (let i = 0; i < 10; i += 1) {
      expect((await anonymous.post('/sessions', signInBody('inspector', `wrong-${i}`))).status).toBe(422);
    }
    const locked = await anonymous.post('/sessions', signInBody('inspector', 'demo1234'));
    expect(locked.status).toBe(429);
    expect(locked.body.errors![0]!.detail).toMatch(/Too many failed sign-in attempts/);
    expect(locked.body.errors![0]!.code).toBe('RATE_LIMITED');
    // Another account from the same address is not locked by these failures.
    expect((await anonymous.post('/sessions', signInBody('harbour', 'demo1234'))).status).toBe(201);
  });

  it('limits failures per client address across accounts', async () => {
    const from = (ip: string, username: string, password: string) =>
      backend.app.inject({
        method: 'POST',
        url: '/sessions',
        // The embedded gateway on loopback forwards the browser's address.
        headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
        payload: signInBody(username, password),
      });
    for (let i = 0; i < 50; i += 1) await from('203.0.113.9', `guess-${i}`, 'x');
    expect((await from('203.0.113.9', 'viewer', 'demo1234')).statusCode).toBe(429);
    expect((await from('198.51.100.4', 'viewer', 'demo1234')).statusCode).toBe(201);
  });

  it('answers GET /users/me with the user, every permission flag and meta.isAdmin', async () => {
    const me = await (await signedIn(backend, 'viewer')).get('/users/me');
    expect(me.status).toBe(200);
    const user = one(me.body);
    expect(user.attributes).toMatchObject({
      username: 'viewer',
      walkaboutAutoSavePeriodMins: 5,
      debugModeEnabled: false,
      networkSpeedMeasurementEnabled: false,
    });
    expect(Object.keys(user.attributes.permissions as object)).toContain('canViewSettings');
    expect(user.attributes.permissions).toMatchObject({ canViewBuildings: true, canLockWalkabout: false, canViewSettings: true });
    expect(me.body.meta).toEqual({ isAdmin: false });
  });

  it('answers 401 without a token, with an unknown token and with a malformed header', async () => {
    for (const headers of [{}, { authorization: 'Bearer not-a-real-token' }, { authorization: 'Basic abc' }]) {
      const response = await backend.app.inject({ method: 'GET', url: '/users/me', headers });
      expect(response.statusCode).toBe(401);
      expect(response.json().errors[0].status).toBe('401');
      expect(response.json().errors[0].code).toBe('UNAUTHENTICATED');
    }
  });

  it('answers 401 once the session has expired', async () => {
    const viewer = await signedIn(backend, 'viewer');
    expect((await viewer.get('/users/me')).status).toBe(200);
    const [user] = await backend.db.select().from(schema.users).where(eq(schema.users.username, 'viewer'));
    await backend.db.update(schema.sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(schema.sessions.userId, user!.id));
    expect((await viewer.get('/users/me')).status).toBe(401);
  });

  it('ends the session on DELETE /sessions/current', async () => {
    const manager = await signedIn(backend, 'manager');
    expect((await manager.delete('/sessions/current')).status).toBe(204);
    expect((await manager.get('/users/me')).status).toBe(401);
  });

  it('stores only the hash of the access token', async () => {
    const { body } = await anonymous.post('/sessions', signInBody('manager', 'demo1234'));
    const token = String(one(body).attributes.accessToken);
    const rows = await backend.db.select({ tokenHash: schema.sessions.tokenHash }).from(schema.sessions);
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.tokenHash))).toBe(true);
  });
});
