import { and, asc, count, eq, inArray, isNotNull, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { buildings, organizations } from '../../db/schema';
import type { Page } from '../../jsonapi/query';
import { buildingsInScope, organizationsInScope, type Scope } from '../../plugins/authorization';

export type OrganizationRow = typeof organizations.$inferSelect;
export type OrganizationView = OrganizationRow & { buildingsWithContracts: { id: number; name: string }[] };

export type OrganizationFilters = { ids?: number[]; status?: string };

async function withContracts(db: Database, scope: Scope, rows: OrganizationRow[]): Promise<OrganizationView[]> {
  if (!rows.length) return [];
  const contracted = await db
    .select({ id: buildings.id, name: buildings.name, organizationId: buildings.organizationId })
    .from(buildings)
    .where(
      and(
        inArray(
          buildings.organizationId,
          rows.map((r) => r.id),
        ),
        isNotNull(buildings.contractUrl),
        buildingsInScope(scope),
      ),
    )
    .orderBy(asc(buildings.name));
  return rows.map((row) => ({
    ...row,
    buildingsWithContracts: contracted.filter((b) => b.organizationId === row.id).map(({ id, name }) => ({ id, name })),
  }));
}

export async function listOrganizations(db: Database, scope: Scope, filters: OrganizationFilters, page: Page) {
  const conditions: SQL[] = [organizationsInScope(scope)];
  if (filters.ids) conditions.push(inArray(organizations.id, filters.ids.length ? filters.ids : [-1]));
  if (filters.status) conditions.push(eq(organizations.status, filters.status as OrganizationRow['status']));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db.select().from(organizations).where(where).orderBy(asc(organizations.name), asc(organizations.id)).limit(page.size).offset(page.offset),
    db.select({ value: count() }).from(organizations).where(where),
  ]);
  return { rows: await withContracts(db, scope, rows), total: total?.value ?? 0 };
}

export async function findOrganization(db: Database, scope: Scope, id: number) {
  const rows = await db
    .select()
    .from(organizations)
    .where(and(eq(organizations.id, id), organizationsInScope(scope)));
  return (await withContracts(db, scope, rows))[0];
}

/** Organizations by id, for `included`; the caller has already been scoped through the primary data. */
export async function organizationsByIds(db: Database, scope: Scope, ids: number[]) {
  if (!ids.length) return [];
  const rows = await db
    .select()
    .from(organizations)
    .where(and(inArray(organizations.id, [...new Set(ids)]), organizationsInScope(scope)));
  return withContracts(db, scope, rows);
}
