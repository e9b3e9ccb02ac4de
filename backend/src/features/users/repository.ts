import { derivePermissions } from '@fsi/shared';
import { and, asc, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { roles, userBuildings, userRoles, users } from '../../db/schema';
import type { Page } from '../../jsonapi/query';
import { usersInScope, type Scope } from '../../plugins/authorization';
import type { UserView } from './serialize';

export type UserFilters = { ids?: number[]; organizationIds?: number[]; regionIds?: number[] };

/** Users with their derived permissions, role ids and building ids, in the order given. */
export async function userViews(db: Database, rows: (typeof users.$inferSelect)[]): Promise<UserView[]> {
  if (!rows.length) return [];
  const ids = rows.map((u) => u.id);
  const [roleRows, buildingRows] = await Promise.all([
    db
      .select({ userId: userRoles.userId, roleId: roles.id, permissions: roles.permissions })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(inArray(userRoles.userId, ids))
      .orderBy(asc(roles.id)),
    db.select().from(userBuildings).where(inArray(userBuildings.userId, ids)).orderBy(asc(userBuildings.buildingId)),
  ]);
  return rows.map((user) => {
    const own = roleRows.filter((r) => r.userId === user.id);
    return {
      user,
      permissions: derivePermissions(
        own.map((r) => r.permissions),
        user.isAdmin,
      ),
      roleIds: own.map((r) => r.roleId),
      buildingIds: buildingRows.filter((b) => b.userId === user.id).map((b) => b.buildingId),
    };
  });
}

export async function findUserView(db: Database, scope: Scope, id: number): Promise<UserView | undefined> {
  const rows = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), usersInScope(scope)));
  return (await userViews(db, rows))[0];
}

export async function listUsers(db: Database, scope: Scope, filters: UserFilters, page: Page) {
  const conditions: SQL[] = [usersInScope(scope)];
  if (filters.ids) conditions.push(inArray(users.id, filters.ids.length ? filters.ids : [-1]));
  if (filters.organizationIds) conditions.push(inArray(users.organizationId, filters.organizationIds.length ? filters.organizationIds : [-1]));
  if (filters.regionIds) conditions.push(inArray(users.regionId, filters.regionIds.length ? filters.regionIds : [-1]));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db.select().from(users).where(where).orderBy(asc(users.username)).limit(page.size).offset(page.offset),
    db.select({ value: count() }).from(users).where(where),
  ]);
  return { views: await userViews(db, rows), total: total?.value ?? 0 };
}
