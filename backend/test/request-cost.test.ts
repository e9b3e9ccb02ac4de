import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEST_PASSWORD } from '../src/seed/test-seed';
import { schema, seed, signIn, type SeededOrganization, type TestBackend } from '../src/testing';
import { client, databases, ids, startTestBackend, type Client } from './helpers';

/**
 * What one REST call costs the database (issue 8 point 4): authentication and scope are one query,
 * and each route's total is pinned, so that a route that grows a query fails here. Counted at the
 * database client (PGlite's or the pg pool's query method), where every statement passes.
 */
describe.each(databases)('database queries per REST call on %s', (database) => {
  let backend: TestBackend;
  let organization: SeededOrganization;
  const statements: string[] = [];
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
    const dbClient = (backend.db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }).$client;
    const original = dbClient.query;
    dbClient.query = function (this: unknown, ...args: unknown[]) {
      const [text] = args;
      statements.push(typeof text === 'string' ? text : String((text as { text?: string }).text));
      return original.apply(this, args);
    };
    restore = () => void (dbClient.query = original);
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

  /** Runs one call and answers its status with the statements it sent (the first one being authentication). */
  async function counted(api: Client, url: string) {
    await api.get(url); // warm: the session was just made, so there is no sliding-expiry write either
    statements.length = 0;
    const { status, body } = await api.get(url);
    return { status, body, statements: [...statements] };
  }

  it('authenticates and scopes each call with one query, and pins each buildings-screen call to its total', async () => {
    const api = await areaUser();
    const organizationId = organization.id;
    const routes: Array<[url: string, total: number]> = [
      ['/users/me', 3],
      [`/buildings?page[number]=1&page[size]=24&filter[organization]=${organizationId}`, 16],
      ['/current-user-buildings?page[number]=1&page[size]=24', 16],
      [`/organizations?filter[id]=${organizationId}&page[size]=500`, 4],
      [`/regions?filter[organization]=${organizationId}&page[size]=500`, 7],
      [`/cycles?filter[organization]=${organizationId}&page[size]=500`, 5],
    ];
    const totals: Array<[string, number]> = [];
    for (const [url] of routes) {
      const { status, statements: sent } = await counted(api, url);
      expect(status, url).toBe(200);
      // Exactly one statement reads the session, and with it the user and their grants; no other
      // statement loads the caller's roles or building permissions (serializing users may read
      // those of a list of users: `user_id in (…)`).
      expect(sent.filter((s) => /"sessions"/.test(s)), url).toHaveLength(1);
      expect(sent[0], url).toMatch(/"sessions"/);
      expect(
        sent.slice(1).filter((s) => /"(user_roles|user_buildings)"\."user_id" = /.test(s)),
        url,
      ).toEqual([]);
      totals.push([url, sent.length]);
    }
    expect(totals).toEqual(routes);
  });

  it('refuses an unknown token after one query', async () => {
    const { status, statements: sent } = await counted(client(backend.app, 'not-a-token'), '/users/me');
    expect(status).toBe(401);
    expect(sent).toHaveLength(1);
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

    // A session deleted by another replica (or by a password change there) is just a missing row here.
    const other = await areaUser();
    expect((await other.get('/users/me')).status).toBe(200);
    await backend.db.delete(schema.sessions).where(eq(schema.sessions.userId, organization.users['area-user']!));
    expect((await other.get('/users/me')).status).toBe(401);
  });
});
