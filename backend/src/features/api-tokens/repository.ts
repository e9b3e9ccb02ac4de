/**
 * API tokens (issue 14 point 8; the api_tokens table of migration 0009). A token is 32 random bytes shown once and
 * kept as its SHA-256 hash; its permissions are a subset of its creator's role permissions, and at the time of use
 * they are intersected again with the owner's current ones (plugins/auth.ts), so a token never does more than its
 * scope nor more than its owner.
 */
import {
  API_TOKEN_CREATE_FORBIDDEN_MESSAGE,
  apiTokenExpiry,
  heldPermissionKeys,
  permissionKeysOf,
  rolePermissionsOf,
  validateApiToken,
} from '@fsi/shared';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { API_TOKEN_PREFIX, hashToken, newToken } from '../../auth/tokens';
import type { Database } from '../../db/client';
import { apiTokens } from '../../db/schema';
import { FieldErrors, forbidden, notFound } from '../../jsonapi/errors';
import type { Page } from '../../jsonapi/query';
import type { Caller } from '../../plugins/auth';
import type { Scope } from '../../plugins/authorization';

export type ApiTokenRow = typeof apiTokens.$inferSelect;

/** Who may create tokens: signed in with a session (a token does not make tokens), not an administrator, with canUpdateUsers. */
export function mayCreateTokens(caller: Caller, scope: Scope): boolean {
  return caller.apiTokenId === null && !scope.isAdmin && scope.permissions.canUpdateUsers;
}

export function requireTokenCreator(caller: Caller, scope: Scope): void {
  if (caller.apiTokenId !== null) throw forbidden('An API token cannot create API tokens: sign in to create one.');
  if (scope.isAdmin || !scope.permissions.canUpdateUsers) throw forbidden(API_TOKEN_CREATE_FORBIDDEN_MESSAGE);
}

export async function createApiToken(
  db: Database,
  caller: Caller,
  input: { name: string; expiresAt: string; permissions: string[] },
  now: Date,
): Promise<{ row: ApiTokenRow; secret: string }> {
  const held = heldPermissionKeys(caller.grants.roles.map((r) => r.permissions));
  const errors = validateApiToken(input, { now, held });
  if (errors.length) {
    throw new FieldErrors(
      errors.map((e) => ({ pointer: `/data/attributes/${e.field}${e.index === undefined ? '' : `/${e.index}`}`, detail: e.message })),
    );
  }
  const secret = `${API_TOKEN_PREFIX}${newToken()}`;
  const [row] = await db
    .insert(apiTokens)
    .values({
      userId: caller.user.id,
      // Kept without the white space around it, as floor and location names are.
      name: input.name.trim(),
      tokenHash: hashToken(secret),
      permissions: rolePermissionsOf([...new Set(input.permissions)]),
      expiresAt: apiTokenExpiry(input.expiresAt)!,
    })
    .returning();
  return { row: row!, secret };
}

export async function listApiTokens(db: Database, userId: number, page: Page, ids?: number[]): Promise<{ rows: ApiTokenRow[]; total: number }> {
  const where = and(eq(apiTokens.userId, userId), ids ? inArray(apiTokens.id, ids) : undefined);
  const [rows, [counted]] = await Promise.all([
    db.select().from(apiTokens).where(where).orderBy(desc(apiTokens.createdAt), desc(apiTokens.id)).limit(page.size).offset(page.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(apiTokens).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** Revokes one of the user's own tokens (another user's is not found); a revoked one keeps its first revocation time. */
export async function revokeApiToken(db: Database, userId: number, id: number, now: Date): Promise<ApiTokenRow> {
  const own = and(eq(apiTokens.id, id), eq(apiTokens.userId, userId));
  await db.update(apiTokens).set({ revokedAt: now }).where(and(own, sql`${apiTokens.revokedAt} is null`));
  const [row] = await db.select().from(apiTokens).where(own);
  if (!row) throw notFound('API token');
  return row;
}

export function apiTokenAttributes(row: ApiTokenRow) {
  return {
    name: row.name,
    permissions: permissionKeysOf(row.permissions),
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}
