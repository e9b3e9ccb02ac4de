/**
 * API tokens through the gateway over the real backend (issue 14 point 8): the viewer's tokens and what a new one may
 * have, createApiToken answering the secret once, revokeApiToken answering the revoked token, the user's mistakes as
 * payload errors, and a GraphQL request authorized with an API token, limited to the token's permissions.
 */
import { API_TOKEN_NAME_REQUIRED_MESSAGE, API_TOKEN_PERMISSION_NOT_HELD_MESSAGE } from '@fsi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callersOf, startStack, type PayloadFieldErrors, type Stack } from './stack';

let stack: Stack;
const tokens: Record<string, string> = {};
const { ok, run } = callersOf(() => stack, tokens);

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const TOKENS = `query { viewer { apiTokens { nodes { id name permissions createdAt expiresAt lastUsedAt revokedAt } pageInfo { totalCount } mayCreate grantablePermissions } } }`;
const CREATE = `mutation ($input: CreateApiTokenInput!) {
  createApiToken(input: $input) { secret apiToken { id name permissions expiresAt revokedAt } errors { field message code } }
}`;
const REVOKE = `mutation ($id: ID!) { revokeApiToken(id: $id) { apiToken { id revokedAt } errors { field message code } } }`;

type Token = { id: string; name: string; permissions: string[]; expiresAt: string; revokedAt: string | null; lastUsedAt?: string | null };
type Created = { createApiToken: { secret: string | null; apiToken: Token | null; errors: PayloadFieldErrors } };
type Listed = { viewer: { apiTokens: { nodes: Token[]; pageInfo: { totalCount: number }; mayCreate: boolean; grantablePermissions: string[] } } };

beforeAll(async () => {
  stack = await startStack();
  for (const username of ['manager', 'viewer']) tokens[username] = await stack.signIn(username);
});
afterAll(async () => {
  await stack?.close();
});

describe('API tokens', () => {
  it('creates a token with its secret once, lists it without the secret, and says what a new one may have', async () => {
    const before = await ok<Listed>(TOKENS, {}, 'manager');
    expect(before.viewer.apiTokens.mayCreate).toBe(true);
    expect(before.viewer.apiTokens.grantablePermissions).toContain('buildingPermissions.view');
    const { createApiToken } = await ok<Created>(CREATE, { input: { name: 'Reporting', expiresAt: inDays(90), permissions: ['buildingPermissions.view'] } }, 'manager');
    expect(createApiToken.errors).toEqual([]);
    expect(createApiToken.secret).toMatch(/^fsi_[A-Za-z0-9_-]{43}$/);
    expect(createApiToken.apiToken).toMatchObject({ name: 'Reporting', permissions: ['buildingPermissions.view'], revokedAt: null });
    const after = await ok<Listed>(TOKENS, {}, 'manager');
    expect(after.viewer.apiTokens.nodes[0]).toMatchObject({ id: createApiToken.apiToken!.id, name: 'Reporting', lastUsedAt: null });
    expect(JSON.stringify(after)).not.toContain(createApiToken.secret!);
    expect((await ok<Listed>(TOKENS, {}, 'viewer')).viewer.apiTokens).toMatchObject({ mayCreate: false, grantablePermissions: [] });
  });

  it("answers the user's mistakes as payload errors, and refuses those who may not create tokens with FORBIDDEN", async () => {
    const { createApiToken } = await ok<Created>(CREATE, { input: { name: ' ', expiresAt: inDays(30), permissions: ['rolePermissions.update'] } }, 'manager');
    expect(createApiToken.apiToken).toBeNull();
    expect(createApiToken.secret).toBeNull();
    expect(createApiToken.errors).toEqual([
      { field: 'name', message: API_TOKEN_NAME_REQUIRED_MESSAGE, code: 'VALIDATION_FAILED' },
      { field: 'permissions', message: API_TOKEN_PERMISSION_NOT_HELD_MESSAGE, code: 'VALIDATION_FAILED' },
    ]);
    const refused = await run<Created>(CREATE, { input: { name: 'Mine', expiresAt: inDays(30), permissions: ['buildingPermissions.view'] } }, 'viewer');
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('accepts a GraphQL request authorized with an API token, within its permissions, until it is revoked', async () => {
    const { createApiToken } = await ok<Created>(CREATE, { input: { name: 'Integration', expiresAt: inDays(30), permissions: ['buildingPermissions.view'] } }, 'manager');
    tokens.integration = createApiToken.secret!;
    const buildings = await ok<{ buildings: { nodes: Array<{ name: string }> } }>('query { buildings { nodes { name } } }', {}, 'integration');
    expect(buildings.buildings.nodes.map((b) => b.name)).toContain('King Street Commerce Centre');
    // The token may not create tokens, and its viewer's flags are cut to its permissions.
    const viewer = await ok<{ viewer: { username: string; permissions: { canViewBuildings: boolean; canManageBuildings: boolean } } }>(
      'query { viewer { username permissions { canViewBuildings canManageBuildings } } }',
      {},
      'integration',
    );
    expect(viewer.viewer).toEqual({ username: 'manager', permissions: { canViewBuildings: true, canManageBuildings: false } });

    const { revokeApiToken } = await ok<{ revokeApiToken: { apiToken: { id: string; revokedAt: string | null }; errors: PayloadFieldErrors } }>(
      REVOKE,
      { id: createApiToken.apiToken!.id },
      'manager',
    );
    expect(revokeApiToken.errors).toEqual([]);
    expect(revokeApiToken.apiToken.revokedAt).not.toBeNull();
    const after = await run('query { buildings { nodes { name } } }', {}, 'integration');
    expect(after.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it("answers NOT_FOUND for a token that is not the viewer's", async () => {
    const { createApiToken } = await ok<Created>(CREATE, { input: { name: 'Manager only', expiresAt: inDays(30), permissions: ['buildingPermissions.view'] } }, 'manager');
    const { revokeApiToken } = await ok<{ revokeApiToken: { apiToken: null; errors: PayloadFieldErrors } }>(REVOKE, { id: createApiToken.apiToken!.id }, 'viewer');
    expect(revokeApiToken).toEqual({ apiToken: null, errors: [{ field: 'id', message: 'There is no such API token.', code: 'NOT_FOUND' }] });
  });
});
