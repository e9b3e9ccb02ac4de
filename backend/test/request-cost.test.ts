import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEST_PASSWORD } from '../src/seed/test-seed';
import { schema, seed, signIn, type SeededOrganization, type TestBackend } from '../src/testing';
import { openDatabase } from '../src/db/client';
import { watchCallerChanges } from '../src/db/caller-changes';
import { client, databases, ids, recordStatements, startTestBackend, type Client } from './helpers';

/**
 * What one REST call costs the database (issue 8 point 4): authentication and scope are one query
 * for a token not yet seen and none on the warm path (the caller cache of plugins/auth.ts), and each
 * route's total is pinned, so that a route that grows a query fails here. The cache must never be
 * why a change is missed: sign-out, role, region, building-permission and password changes and a
 * removed user count on the very next call. Counted at the
 * database client (PGlite's or the pg pool's query method), where every statement passes.
 */
describe.each(databases)('database queries per REST call on %s', (database) => {
  let backend: TestBackend;
  let organization: SeededOrganization;
  let statements: string[] = [];
  let restore: () => void;

  beforeAll(async () => {
    backend = await startTestBackend({ database });
    organization = await seed(backend.db).organization('Costly Towers', (o) =>
      o
        .region('Area')
        .region('East', { parent: 'Area' })
        .region('West')
        .cycle('Daily', { frequency: 'daily' })
        .building('East Tower', { region: 'East' })
        .building('Area House', { region: 'Area' })
        .building('West Hall', { region: 'West' })
        .role('Reader', { userPermissions: { view: true } })
        .user('area-user', { region: 'Area' })
        .user('east-user', { region: 'East' })
        .user('west-user', { region: 'West' }),
    );
    ({ statements, restore } = recordStatements(backend));
  });
  afterAll(async () => {
    restore?.();
    await backend?.close();
  });
  beforeEach(() => void (statements.length = 0));

  async function areaUser(): Promise<Client> {
    const { token } = await signIn(backend.url, 'area-user', TEST_PASSWORD);
    return client(backend.app, token);
  }

  /** Runs one call twice and answers the second's status with the statements it sent (a warm path: the caller is cached). */
  async function counted(api: Client, url: string) {
    // Warm: the caller is read now and cached (a fresh read, so that the cache's short lifetime cannot
    // end between the two calls on a slow machine); the session was just made, so no sliding-expiry write either.
    backend.app.callerCache.clear();
    await api.get(url);
    statements.length = 0;
    const { status, body } = await api.get(url);
    return { status, body, statements: [...statements] };
  }

  it('authenticates a new token with one query, then none on the warm path, and pins each buildings-screen call to its total', async () => {
    const api = await areaUser();
    statements.length = 0;
    expect((await api.get('/users/me')).status).toBe(200);
    // Cold: one statement reads the session, and with it the user and their grants; /users/me needs nothing else.
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/"sessions"/);

    const organizationId = organization.id;
    // The buildings' derived values are left out of the totals: read with the first call and kept, a repeated list
    // is its page alone while nothing is committed (building-views-cache.test.ts), and on the PostgreSQL server the
    // test files share another file's writes may have it read them again. At most one statement reads them.
    const routes: Array<[url: string, total: number]> = [
      ['/users/me', 0],
      [`/buildings?page[number]=1&page[size]=24&filter[organization]=${organizationId}`, 1],
      ['/current-user-buildings?page[number]=1&page[size]=24', 1],
      [`/organizations?filter[id]=${organizationId}&page[size]=500`, 1],
      [`/regions?filter[organization]=${organizationId}&page[size]=500`, 1],
      [`/cycles?filter[organization]=${organizationId}&page[size]=500`, 1],
    ];
    const totals: Array<[string, number]> = [];
    for (const [url] of routes) {
      const { status, statements: sent } = await counted(api, url);
      expect(status, url).toBe(200);
      // Warm: nothing reads the session, the caller's roles or their building permissions again
      // (serializing users may read those of a list of users: `user_id in (…)`).
      expect(sent.filter((s) => /"sessions"/.test(s)), url).toEqual([]);
      expect(
        sent.filter((s) => /"(user_roles|user_buildings)"\."user_id" = /.test(s)),
        url,
      ).toEqual([]);
      const derived = sent.filter((s) => /building_views|next_changes/.test(s)).length;
      expect(derived, url).toBeLessThanOrEqual(1);
      totals.push([url, sent.length - derived]);
    }
    expect(totals).toEqual(routes);
  });

  it('refuses an unknown token after one query, every time (a refusal is not cached)', async () => {
    const { status, statements: sent } = await counted(client(backend.app, 'not-a-token'), '/users/me');
    expect(status).toBe(401);
    expect(sent).toHaveLength(1);
  });

  it('never answers a token with another token\'s caller', async () => {
    const first = await areaUser();
    const again = await areaUser();
    const { token: eastToken } = await signIn(backend.url, 'east-user', TEST_PASSWORD);
    const east = client(backend.app, eastToken);
    const { token: adminToken } = await signIn(backend.url, 'admin', 'demo1234');
    const admin = client(backend.app, adminToken);
    const me = async (api: Client) => (await api.get('/users/me')).body.data as unknown as { id: string; attributes: { isAdmin: boolean } };
    for (let round = 0; round < 3; round += 1) {
      expect((await me(first)).id).toBe(String(organization.users['area-user']));
      expect((await me(east)).id).toBe(String(organization.users['east-user']));
      expect((await me(again)).id).toBe(String(organization.users['area-user']));
      const administrator = await me(admin);
      expect(administrator.attributes.isAdmin).toBe(true);
      expect(administrator.id).not.toBe(String(organization.users['area-user']));
    }
    // Another tenant's token sees its own scope, however warm this one is.
    expect(ids((await east.get(`/buildings?filter[organization]=${organization.id}`)).body)).toEqual([String(organization.buildings['East Tower'])]);
    expect(ids((await first.get(`/buildings?filter[organization]=${organization.id}`)).body).sort()).toEqual(
      [organization.buildings['East Tower'], organization.buildings['Area House']].map(String).sort(),
    );
    // Two sessions of one user are two entries: ending one leaves the other.
    expect((await again.delete('/sessions/current')).status).toBe(204);
    expect((await again.get('/users/me')).status).toBe(401);
    expect((await first.get('/users/me')).status).toBe(200);
  });

  it('refuses a removed user on the very next call', async () => {
    await seed(backend.db).organization('Leaving Ltd', (o) => o.region('Only').building('Only House', { region: 'Only' }).user('leaver', { region: 'Only' }));
    const { token } = await signIn(backend.url, 'leaver', TEST_PASSWORD);
    const api = client(backend.app, token);
    expect((await api.get('/users/me')).status).toBe(200);
    expect((await api.get('/users/me')).status).toBe(200);
    const [leaver] = await backend.db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.username, 'leaver'));
    await backend.db.delete(schema.users).where(eq(schema.users.id, leaver!.id));
    expect((await api.get('/users/me')).status).toBe(401);
  });

  it('sees a password change end the other sessions on the very next call', async () => {
    const westUser = async () => client(backend.app, (await signIn(backend.url, 'west-user', TEST_PASSWORD)).token);
    const api = await westUser();
    const other = await westUser();
    expect((await other.get('/users/me')).status).toBe(200);
    // Changing the password (here as the reset does it, in a transaction) ends every session of the user.
    await backend.db.transaction(async (tx) => {
      await tx.update(schema.users).set({ passwordHash: 'changed' }).where(eq(schema.users.id, organization.users['west-user']!));
      await tx.delete(schema.sessions).where(eq(schema.sessions.userId, organization.users['west-user']!));
    });
    expect((await other.get('/users/me')).status).toBe(401);
    expect((await api.get('/users/me')).status).toBe(401);
  });

  // Replicas share a PostgreSQL server; a PGlite database belongs to one process, so the case exists only there
  // (registered for PostgreSQL alone rather than reported as skipped on PGlite).
  if (database === 'postgres')
    it('drops its cached callers when another replica changes one, and hears it by NOTIFY', async () => {
    const api = await areaUser();
    expect((await api.get('/users/me')).status).toBe(200);
    expect(backend.app.callerCache.size).toBeGreaterThan(0);
    // Another replica: its own connections, watched as its auth plugin watches them.
    const second = await openDatabase({ databaseUrl: backend.databaseUrl! });
    const unwatch = watchCallerChanges(second.db, () => undefined);
    try {
      await second.db.delete(schema.sessions).where(eq(schema.sessions.userId, organization.users['area-user']!));
      // The notification travels over this replica's listening connection: wait for it to land.
      const deadline = Date.now() + 5_000;
      while (backend.app.callerCache.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(backend.app.callerCache.size).toBe(0);
      expect((await api.get('/users/me')).status).toBe(401);
    } finally {
      unwatch();
      await second.close();
    }
  });

  it('sees a building permission given or taken on the very next call', async () => {
    const api = await areaUser();
    const userId = organization.users['area-user']!;
    const url = `/buildings?filter[organization]=${organization.id}`;
    const all = [organization.buildings['East Tower'], organization.buildings['Area House']].map(String).sort();
    expect(ids((await api.get(url)).body).sort()).toEqual(all);

    await backend.db.insert(schema.userBuildings).values({ userId, buildingId: organization.buildings['East Tower']! });
    expect(ids((await api.get(url)).body)).toEqual([String(organization.buildings['East Tower'])]);

    await backend.db.delete(schema.userBuildings).where(eq(schema.userBuildings.userId, userId));
    expect(ids((await api.get(url)).body).sort()).toEqual(all);
  });

  it('sees a role given or taken, and a region moved, on the very next call', async () => {
    const api = await areaUser();
    const userId = organization.users['area-user']!;
    const roleId = organization.roles.Reader!;
    // Without a role that may view users, a user sees only themselves.
    expect(ids((await api.get('/users')).body)).toEqual([String(userId)]);

    await backend.db.insert(schema.userRoles).values({ userId, roleId });
    const visible = ids((await api.get('/users')).body);
    expect(visible).toContain(String(organization.users['east-user']));
    expect(visible).not.toContain(String(organization.users['west-user']));

    await backend.db.delete(schema.userRoles).where(and(eq(schema.userRoles.userId, userId), eq(schema.userRoles.roleId, roleId)));
    expect(ids((await api.get('/users')).body)).toEqual([String(userId)]);

    // A sub-region moved out of the user's region takes its buildings with it.
    await backend.db.update(schema.regions).set({ parentId: null }).where(eq(schema.regions.id, organization.regions.East!));
    expect(ids((await api.get(`/buildings?filter[organization]=${organization.id}`)).body)).toEqual([String(organization.buildings['Area House'])]);
    await backend.db
      .update(schema.regions)
      .set({ parentId: organization.regions.Area! })
      .where(eq(schema.regions.id, organization.regions.East!));
  });

  it('refuses a signed-out or revoked session on the very next call', async () => {
    const api = await areaUser();
    expect((await api.get('/users/me')).status).toBe(200);
    expect((await api.delete('/sessions/current')).status).toBe(204);
    expect((await api.get('/users/me')).status).toBe(401);

    // A session deleted through the database (a password change, a script on this process) counts too.
    const other = await areaUser();
    expect((await other.get('/users/me')).status).toBe(200);
    await backend.db.delete(schema.sessions).where(eq(schema.sessions.userId, organization.users['area-user']!));
    expect((await other.get('/users/me')).status).toBe(401);
  });
});
