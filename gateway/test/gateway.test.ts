/**
 * The gateway over the real backend (fresh demo-seeded PGlite): what a client of
 * the GraphQL API sees for each demo user. Demo data: Northwind has 5 buildings
 * (regions Downtown ⊃ Harbourfront, Uptown), Harbour Strata has 1 (West End).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway } from '../src/app';
import { startStack, type Stack } from './stack';

let stack: Stack;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  stack = await startStack();
  for (const username of ['admin', 'manager', 'regional', 'inspector', 'viewer', 'harbour']) {
    tokens[username] = await stack.signIn(username);
  }
});

afterAll(async () => {
  await stack?.close();
});

const codesOf = (body: { errors?: Array<{ extensions?: { code?: string } }> }) => body.errors?.map((e) => e.extensions?.code);

describe('signing in', () => {
  const signIn = `mutation SignIn($username: String!, $password: String!) {
    signIn(username: $username, password: $password) {
      accessToken expiresAt errors { field message code }
      viewer { username isAdmin organization { name } }
    }
  }`;

  it('returns a token and the viewer, organization included, for the right password', async () => {
    const { body } = await stack.graphql(signIn, { variables: { username: 'manager', password: 'demo1234' } });
    expect(body.errors).toBeUndefined();
    expect(body.data).toMatchObject({
      signIn: {
        accessToken: expect.any(String),
        expiresAt: expect.any(String),
        errors: [],
        viewer: { username: 'manager', isAdmin: false, organization: { name: 'Northwind Property Management' } },
      },
    });
  });

  it('answers a wrong password with the payload error the web prints, and no token', async () => {
    const { body } = await stack.graphql(signIn, { variables: { username: 'manager', password: 'wrong' } });
    expect(body.errors).toBeUndefined();
    expect(body.data).toEqual({
      signIn: {
        accessToken: null,
        expiresAt: null,
        viewer: null,
        errors: [{ field: null, message: 'Username or password is incorrect.', code: 'INCORRECT_CREDENTIALS' }],
      },
    });
  });

  it("passes the backend's message once an account has too many failed attempts", async () => {
    let last: unknown;
    for (let attempt = 0; attempt < 11; attempt += 1) {
      const { body } = await stack.graphql<{ signIn: { errors: Array<{ message: string }> } }>(signIn, {
        variables: { username: 'nobody-at-all', password: 'wrong' },
      });
      last = body.data?.signIn.errors;
    }
    expect(last).toEqual([{ field: null, message: expect.stringMatching(/too many/i), code: 'RATE_LIMITED' }]);
  });

  it('signs out: the token stops working', async () => {
    const token = await stack.signIn('viewer');
    const signOut = await stack.graphql('mutation { signOut { ok } }', { token });
    expect(signOut.body).toEqual({ data: { signOut: { ok: true } } });
    const after = await stack.graphql('{ viewer { id } }', { token });
    expect(codesOf(after.body)).toEqual(['UNAUTHENTICATED']);
  });
});

describe('the viewer', () => {
  const viewerQuery = `{
    viewer {
      id username isAdmin firstName lastName debugModeEnabled networkSpeedMeasurementEnabled walkaboutAutoSavePeriodMins
      organization { name } region { name }
      permissions { canViewBuildings canManageBuildings canLockWalkabout canViewUsers canManageOrganization canDeleteLocation canViewSettings }
    }
  }`;

  it('is an administrator with every permission for admin', async () => {
    const { body } = await stack.graphql<{ viewer: { permissions: Record<string, boolean> } }>(
      '{ viewer { username isAdmin organization { id } permissions { canViewBuildings canManageOrganization canCreateUsers canViewSettings canHandleUnavailableQRCodes canDeleteLocation } } }',
      { token: tokens.admin },
    );
    expect(body.data?.viewer).toEqual({
      username: 'admin',
      isAdmin: true,
      organization: null,
      permissions: {
        canViewBuildings: true,
        canManageOrganization: true,
        canCreateUsers: true,
        canViewSettings: true,
        canHandleUnavailableQRCodes: true,
        canDeleteLocation: true,
      },
    });
  });

  it("has the Manager role's permissions for manager", async () => {
    const { body } = await stack.graphql(viewerQuery, { token: tokens.manager });
    expect(body.data?.viewer).toMatchObject({
      username: 'manager',
      isAdmin: false,
      organization: { name: 'Northwind Property Management' },
      region: null,
      permissions: {
        canViewBuildings: true,
        canManageBuildings: true,
        canLockWalkabout: true,
        canViewUsers: true,
        canManageOrganization: false,
        canDeleteLocation: false,
        canViewSettings: true,
      },
    });
  });

  it('may only view for viewer', async () => {
    const { body } = await stack.graphql(viewerQuery, { token: tokens.viewer });
    expect(body.data?.viewer).toMatchObject({
      username: 'viewer',
      isAdmin: false,
      permissions: {
        canViewBuildings: true,
        canManageBuildings: false,
        canLockWalkabout: false,
        canViewUsers: false,
        canManageOrganization: false,
        canDeleteLocation: false,
        canViewSettings: true,
      },
    });
  });

  it('names the region of a region user', async () => {
    const { body } = await stack.graphql('{ viewer { region { name level } } }', { token: tokens.regional });
    expect(body.data).toEqual({ viewer: { region: { name: 'Downtown', level: 0 } } });
  });

  it('answers every permission flag of the spec as a boolean', async () => {
    const fields = await stack.graphql<{ __type: { fields: Array<{ name: string }> } }>(
      '{ __type(name: "ViewerPermissions") { fields { name } } }',
    );
    const names = fields.body.data?.__type.fields.map((f) => f.name) ?? [];
    expect(names.length).toBe(39);
    const { body } = await stack.graphql<{ viewer: { permissions: Record<string, unknown> } }>(
      `{ viewer { permissions { ${names.join(' ')} } } }`,
      { token: tokens.inspector },
    );
    const values = Object.values(body.data?.viewer.permissions ?? {});
    expect(values).toHaveLength(39);
    expect(values.every((value) => typeof value === 'boolean')).toBe(true);
  });

  it('is UNAUTHENTICATED without a token', async () => {
    const { body } = await stack.graphql('{ viewer { id } }');
    expect(body.data).toBeNull();
    expect(codesOf(body)).toEqual(['UNAUTHENTICATED']);
  });

  it('is UNAUTHENTICATED with a token the backend does not know', async () => {
    const viewer = await stack.graphql('{ viewer { id } }', { token: 'not-a-real-token' });
    const buildings = await stack.graphql('{ buildings { pageInfo { totalCount } } }', { token: 'not-a-real-token' });
    expect(codesOf(viewer.body)).toEqual(['UNAUTHENTICATED']);
    expect(codesOf(buildings.body)).toEqual(['UNAUTHENTICATED']);
  });
});

describe('buildings', () => {
  const countQuery = '{ buildings { pageInfo { totalCount } nodes { name organization { name } } } }';
  type Buildings = { buildings: { pageInfo: { totalCount: number }; nodes: Array<{ id: string; name: string; organization: { name: string } }> } };

  it.each([
    ['admin', 6],
    ['manager', 5],
    ['regional', 2],
    ['inspector', 2],
    ['viewer', 5],
    ['harbour', 1],
  ])('are scoped to what %s may see (%i)', async (username, count) => {
    const { body } = await stack.graphql<Buildings>(countQuery, { token: tokens[username] });
    expect(body.errors).toBeUndefined();
    expect(body.data?.buildings.pageInfo.totalCount).toBe(count);
    expect(body.data?.buildings.nodes).toHaveLength(count);
  });

  it('pages with pageInfo', async () => {
    const { body } = await stack.graphql<{ buildings: { nodes: unknown[]; pageInfo: unknown } }>(
      '{ buildings(page: 2, pageSize: 4) { nodes { id } pageInfo { page pageSize totalCount hasNextPage } } }',
      { token: tokens.admin },
    );
    expect(body.data?.buildings.nodes).toHaveLength(2);
    expect(body.data?.buildings.pageInfo).toEqual({ page: 2, pageSize: 4, totalCount: 6, hasNextPage: false });
  });

  it('refuses a page size the backend does not serve', async () => {
    const { body } = await stack.graphql('{ buildings(pageSize: 501) { nodes { id } } }', { token: tokens.admin });
    expect(codesOf(body)).toEqual(['BAD_USER_INPUT']);
  });

  it('narrow to a region and its sub-regions', async () => {
    const regions = await stack.graphql<{ regions: Array<{ id: string; name: string }> }>('{ regions { id name } }', { token: tokens.manager });
    const downtown = regions.body.data?.regions.find((r) => r.name === 'Downtown');
    const { body } = await stack.graphql<Buildings>(`{ buildings(regionId: "${downtown?.id}") { nodes { name } } }`, { token: tokens.manager });
    expect(body.data?.buildings.nodes.map((b) => b.name).sort()).toEqual(["King Street Commerce Centre", "Queen's Quay Residences"]);
  });

  it("resolve their relationships, and carry the backend's offsets with the GraphQL enums", async () => {
    const { body } = await stack.graphql<{ buildings: { nodes: Array<Record<string, unknown> & { id: string; name: string }> } }>(
      `{ buildings(pageSize: 50) { nodes {
          id name floorDisplayName timeZone
          region { name parent { name } }
          buildingOffsets { cycle { id frequency } openOffsetValue openOffsetUnit closeOffsetValue closeOffsetUnit }
      } } }`,
      { token: tokens.manager },
    );
    const queensQuay = body.data?.buildings.nodes.find((b) => b.name === "Queen's Quay Residences");
    expect(queensQuay).toMatchObject({
      floorDisplayName: expect.any(String),
      timeZone: 'America/Toronto',
      region: { name: 'Harbourfront', parent: { name: 'Downtown' } },
    });

    const response = await fetch(`${stack.backend.url}/buildings/${queensQuay?.id}`, { headers: { authorization: `Bearer ${tokens.manager}` } });
    const rest = (await response.json()) as { data: { attributes: { buildingOffsets: Array<Record<string, string | number>> } } };
    const upper = (value: string | number | undefined) => String(value).toUpperCase();
    expect(rest.data.attributes.buildingOffsets.length).toBeGreaterThan(0);
    expect(queensQuay?.buildingOffsets).toEqual(
      rest.data.attributes.buildingOffsets.map((offset) => ({
        cycle: { id: String(offset.cycleId), frequency: expect.stringMatching(/^(DAILY|WEEKLY|MONTHLY|YEARLY)$/) },
        openOffsetValue: offset.openOffsetValue,
        openOffsetUnit: upper(offset.openOffsetUnit),
        closeOffsetValue: offset.closeOffsetValue,
        closeOffsetUnit: upper(offset.closeOffsetUnit),
      })),
    );
  });

  it('answers building(id) for a building in scope', async () => {
    const list = await stack.graphql<Buildings>('{ buildings { nodes { id name } } }', { token: tokens.harbour });
    const own = list.body.data?.buildings.nodes[0];
    const { body } = await stack.graphql(`{ building(id: "${own?.id}") { id name organization { name } } }`, { token: tokens.harbour });
    expect(body.data).toEqual({ building: { id: own?.id, name: own?.name, organization: { name: 'Harbour Strata Services' } } });
  });

  it("answers null, not an error, for another organization's building, exactly as for one that does not exist", async () => {
    const northwind = await stack.graphql<Buildings>('{ buildings { nodes { id } } }', { token: tokens.manager });
    const foreignId = northwind.body.data?.buildings.nodes[0]?.id;
    const foreign = await stack.graphql(`{ building(id: "${foreignId}") { id name } }`, { token: tokens.harbour });
    const missing = await stack.graphql('{ building(id: "999999") { id name } }', { token: tokens.harbour });
    const malformed = await stack.graphql('{ building(id: "not-an-id") { id name } }', { token: tokens.harbour });
    expect(foreign.body).toEqual({ data: { building: null } });
    expect(missing.body).toEqual({ data: { building: null } });
    expect(malformed.body).toEqual({ data: { building: null } });
  });
});

describe('organizations and regions', () => {
  it('lists every organization for admin and only their own for others', async () => {
    const query = '{ organizations { nodes { name status } pageInfo { totalCount } } }';
    const admin = await stack.graphql(query, { token: tokens.admin });
    expect(admin.body.data).toEqual({
      organizations: {
        nodes: [
          { name: 'Harbour Strata Services', status: 'Active' },
          { name: 'Northwind Property Management', status: 'Active' },
        ],
        pageInfo: { totalCount: 2 },
      },
    });
    const harbour = await stack.graphql(query, { token: tokens.harbour });
    expect(harbour.body.data).toEqual({
      organizations: { nodes: [{ name: 'Harbour Strata Services', status: 'Active' }], pageInfo: { totalCount: 1 } },
    });
  });

  it('gives each organization its top-level regions with their sub-regions', async () => {
    const { body } = await stack.graphql(
      '{ organizations { nodes { name regions { name level children { name level parent { name } children { name } } } } } }',
      { token: tokens.admin },
    );
    expect(body.data).toEqual({
      organizations: {
        nodes: [
          { name: 'Harbour Strata Services', regions: [{ name: 'West End', level: 0, children: [] }] },
          {
            name: 'Northwind Property Management',
            regions: [
              { name: 'Downtown', level: 0, children: [{ name: 'Harbourfront', level: 1, parent: { name: 'Downtown' }, children: [] }] },
              { name: 'Uptown', level: 0, children: [] },
            ],
          },
        ],
      },
    });
  });

  it("lists the regions of the viewer's scope, and their roots with topLevelOnly", async () => {
    const all = await stack.graphql('{ regions { name } }', { token: tokens.regional });
    expect(all.body.data).toEqual({ regions: [{ name: 'Downtown' }, { name: 'Harbourfront' }] });
    const roots = await stack.graphql('{ regions(topLevelOnly: true) { name children { name } } }', { token: tokens.manager });
    expect(roots.body.data).toEqual({ regions: [{ name: 'Downtown', children: [{ name: 'Harbourfront' }] }, { name: 'Uptown', children: [] }] });
  });
});

describe('cycles', () => {
  type Cycles = { cycles: Array<{ name: string; frequency: string | null; occurrence: string; organization: { name: string } }> };

  it("lists the cycles of the viewer's organization", async () => {
    const { body } = await stack.graphql<Cycles>('{ cycles { name frequency occurrence organization { name } } }', { token: tokens.manager });
    expect(body.data?.cycles.map((c) => c.name)).toEqual(['Daily', 'Weekly', 'Monthly', 'Yearly', 'Fire Watch', 'Pre-Occupancy Inspection']);
    expect(body.data?.cycles.every((c) => c.organization.name === 'Northwind Property Management')).toBe(true);
    expect(body.data?.cycles.find((c) => c.name === 'Fire Watch')).toMatchObject({ frequency: null, occurrence: 'On Demand' });
  });

  it('narrows to repeating or to non-repeating cycles', async () => {
    const repeating = await stack.graphql<Cycles>('{ cycles(repeating: true) { name frequency } }', { token: tokens.manager });
    expect(repeating.body.data?.cycles.map((c) => c.frequency)).toEqual(['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY']);
    const once = await stack.graphql<Cycles>('{ cycles(repeating: false) { name } }', { token: tokens.manager });
    expect(once.body.data?.cycles.map((c) => c.name)).toEqual(['Fire Watch', 'Pre-Occupancy Inspection']);
  });

  it("narrows to a building's organization for admin", async () => {
    const harbour = await stack.graphql<{ buildings: { nodes: Array<{ id: string }> } }>('{ buildings { nodes { id } } }', { token: tokens.harbour });
    const buildingId = harbour.body.data?.buildings.nodes[0]?.id;
    const all = await stack.graphql<Cycles>('{ cycles { name } }', { token: tokens.admin });
    const { body } = await stack.graphql<Cycles>(`{ cycles(buildingId: "${buildingId}") { organization { name } } }`, { token: tokens.admin });
    expect(all.body.data?.cycles).toHaveLength(12);
    expect(body.data?.cycles).toHaveLength(6);
    expect(new Set(body.data?.cycles.map((c) => c.organization.name))).toEqual(new Set(['Harbour Strata Services']));
  });
});

describe('passwords', () => {
  it('accepts a reset request whether or not the account exists', async () => {
    const mutation = 'mutation Reset($u: String!) { requestPasswordReset(usernameOrEmail: $u) { ok errors { field message } } }';
    const known = await stack.graphql(mutation, { variables: { u: 'manager' } });
    const unknown = await stack.graphql(mutation, { variables: { u: 'no-such-user@example.com' } });
    expect(known.body).toEqual({ data: { requestPasswordReset: { ok: true, errors: [] } } });
    expect(unknown.body).toEqual(known.body);
  });

  it('reports a mismatched confirmation as a field error of the payload', async () => {
    const { body } = await stack.graphql(
      'mutation { changePassword(token: "some-hash", password: "secret1", confirmation: "secret2") { ok errors { field message code } } }',
    );
    expect(body).toEqual({
      data: {
        changePassword: {
          ok: false,
          errors: [{ field: 'confirmation', message: 'The password and Confirm Password are not the same', code: 'VALIDATION_FAILED' }],
        },
      },
    });
  });

  it('reports an unknown reset link as a field error of the payload', async () => {
    const { body } = await stack.graphql(
      'mutation { changePassword(token: "not-a-reset-hash", password: "secret1", confirmation: "secret1") { ok errors { field message } } }',
    );
    expect(body).toEqual({
      data: { changePassword: { ok: false, errors: [{ field: 'token', message: 'The password reset link is invalid or has expired.' }] } },
    });
  });
});

describe('the deployment', () => {
  it('answers appInfo without sign-in', async () => {
    const { body } = await stack.graphql('{ appInfo { environment vendorWebsite } ok }');
    expect(body).toEqual({ data: { appInfo: { environment: 'production', vendorWebsite: null }, ok: true } });
  });

  it('names the environment and the vendor website it is configured with', async () => {
    const staging = await createGateway({ backendUrl: stack.backend.url, appEnv: 'staging', vendorWebsite: 'https://vendor.example' });
    try {
      const response = await staging.inject({ method: 'POST', url: '/graphql', payload: { query: '{ appInfo { environment vendorWebsite } }' } });
      expect(response.json()).toEqual({ data: { appInfo: { environment: 'staging', vendorWebsite: 'https://vendor.example' } } });
    } finally {
      await staging.close();
    }
  });
});
