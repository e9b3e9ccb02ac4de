import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { buildings, organizations } from '../../db/schema';
import type { Page } from '../../jsonapi/query';
import { buildingsInScope, organizationsInScope, type Scope } from '../../plugins/authorization';

export type OrganizationRow = typeof organizations.$inferSelect;
export type OrganizationView = OrganizationRow & { buildingsWithContracts: { id: number; name: string }[] };

export type OrganizationFilters = { ids?: number[]; status?: string };

/**
 * The buildings with a contract of their own (not the organization's) that the caller may see, per organization, as a column of a select from organizations.
 * The outer row is named in full ("organizations"."id"): Drizzle writes a one-table select's columns unqualified,
 * and inside the subquery an unqualified name is the buildings table's, as the scope's conditions mean it.
 */
function contractsColumn(scope: Scope) {
  return sql<{ id: number; name: string }[]>`coalesce((select json_agg(json_build_object('id', ${buildings.id}, 'name', ${buildings.name})
      order by ${buildings.name}) from ${buildings}
    where ${buildings.organizationId} = "organizations"."id" and ${buildings.contractUrl} is not null and not ${buildings.organizationContract}
      and ${buildingsInScope(scope)}), '[]'::json)`.mapWith(
    (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value) as { id: number; name: string }[],
  );
}

/**
 * Organizations matching `where` with their buildings under contract, one statement: a page also
 * carries the total of the filter (a window count), so a list costs one query (issue 8 point 4).
 */
async function selectOrganizations(db: Database, scope: Scope, where: SQL | undefined, page: Page | null) {
  const query = db
    .select({ organization: organizations, buildingsWithContracts: contractsColumn(scope), total: sql<number>`(count(*) over ())::int` })
    .from(organizations)
    .where(where)
    .orderBy(asc(organizations.name), asc(organizations.id));
  const rows = await (page ? query.limit(page.size).offset(page.offset) : query);
  return {
    rows: rows.map((r): OrganizationView => ({ ...r.organization, buildingsWithContracts: r.buildingsWithContracts })),
    total: rows[0]?.total,
  };
}

export async function listOrganizations(db: Database, scope: Scope, filters: OrganizationFilters, page: Page) {
  const conditions: SQL[] = [organizationsInScope(scope)];
  if (filters.ids) conditions.push(inArray(organizations.id, filters.ids.length ? filters.ids : [-1]));
  if (filters.status) conditions.push(eq(organizations.status, filters.status as OrganizationRow['status']));
  const where = and(...conditions);
  const { rows, total } = await selectOrganizations(db, scope, where, page);
  if (total !== undefined) return { rows, total };
  // A page past the end has no row to carry the total.
  const [counted] = page.offset ? await db.select({ value: count() }).from(organizations).where(where) : [];
  return { rows, total: counted?.value ?? 0 };
}

export async function findOrganization(db: Database, scope: Scope, id: number) {
  return (await selectOrganizations(db, scope, and(eq(organizations.id, id), organizationsInScope(scope)), null)).rows[0];
}

/** Organizations by id, for `included`; the caller has already been scoped through the primary data. */
export async function organizationsByIds(db: Database, scope: Scope, ids: number[]) {
  if (!ids.length) return [];
  return (await selectOrganizations(db, scope, and(inArray(organizations.id, [...new Set(ids)]), organizationsInScope(scope)), null)).rows;
}
