/**
 * Organization Settings (admin-organizations-buildings.md sections 2 and 3): GET /organizations/{id} with its buildings
 * included, and the organization's counters in one statement. Counts of what the caller's scope narrows (buildings,
 * regions, users) are of what the caller may see; the rest are the organization's.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { canViewOrganizationSettings } from '@fsi/shared';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Static } from 'typebox';
import type { Database } from '../../db/client';
import {
  buildings,
  cycles,
  equipmentTypes,
  organizations,
  regions,
  reportBookletTemplates,
  reportDefinitions,
  roles,
  taskGroups,
  tasks,
  unassignedQrCodes,
  users,
} from '../../db/schema';
import { forbidden, notFound } from '../../jsonapi/errors';
import { parseInclude } from '../../jsonapi/query';
import { resource, singleDocument } from '../../jsonapi/serializer';
import { buildingsInScope, organizationsInScope, regionsInScope, scopeOf, usersInScope, type Scope } from '../../plugins/authorization';
import { listBuildings } from '../buildings/repository';
import { buildingResource } from '../buildings/serialize';
import { findOrganization } from './repository';
import { OrganizationCountersResource, organizationCountersSchema, organizationIncludes, organizationWithBuildingsSchema } from './counters-schemas';
import { organizationResource } from './serialize';

type Counters = Static<typeof OrganizationCountersResource>['attributes'];

/** Every building of an organization fits one read: the spec's largest organization holds 1,000 (DESIGN.md "Scale"). */
const ALL_BUILDINGS = { number: 1, size: 5_000, offset: 0 };

const countOf = (table: PgTable, where: SQL) => sql<number>`(select count(*) from ${table} where ${where})::int`;

export async function organizationCounters(db: Database, scope: Scope, id: number): Promise<Counters> {
  const mine = (table: { organizationId: PgColumn }) => sql`${table.organizationId} = ${organizations.id}`;
  const [row] = await db
    .select({
      organization_name: organizations.name,
      buildings_count: countOf(buildings, sql`${mine(buildings)} and ${buildingsInScope(scope)}`),
      cycles_equipment_conditions_count: countOf(tasks, mine(tasks)),
      condition_groups_count: countOf(taskGroups, mine(taskGroups)),
      cycles_count: countOf(cycles, mine(cycles)),
      equipments_count: countOf(equipmentTypes, mine(equipmentTypes)),
      unassigned_qr_codes_count: countOf(unassignedQrCodes, mine(unassignedQrCodes)),
      regions_count: countOf(regions, sql`${mine(regions)} and ${regionsInScope(scope)}`),
      users_count: countOf(users, sql`${mine(users)} and ${usersInScope(scope)}`),
      roles_count: countOf(roles, mine(roles)),
      report_definitions_count: countOf(reportDefinitions, mine(reportDefinitions)),
      report_booklet_templates_count: countOf(reportBookletTemplates, mine(reportBookletTemplates)),
    })
    .from(organizations)
    .where(and(eq(organizations.id, id), organizationsInScope(scope)));
  if (!row) throw notFound('Organization');
  if (!canViewOrganizationSettings(scope.isAdmin, scope.permissions)) throw forbidden();
  return Object.fromEntries(Object.entries(row).map(([key, value]) => [key, key === 'organization_name' ? value : Number(value)])) as Counters;
}

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/organizations/:id', { schema: organizationWithBuildingsSchema }, async (request) => {
    const scope = scopeOf(request);
    const include = parseInclude(request.query.include, organizationIncludes);
    const organization = await findOrganization(app.db, scope, Number(request.params.id));
    if (!organization) throw notFound('Organization');
    const data = organizationResource(organization, app.urlSigner);
    if (!include.has('buildings')) return singleDocument(data);
    const { rows } = await listBuildings(app.db, scope, { organizationIds: [organization.id] }, ALL_BUILDINGS);
    // The spec's order: by order, then id (the list's own tie-break is the name).
    const ordered = [...rows].sort((a, b) => a.order - b.order || a.id - b.id);
    return singleDocument(data, { included: ordered.map((b) => buildingResource(b, app.urlSigner)) });
  });

  app.get('/organizations/:id/associations-counters', { schema: organizationCountersSchema }, async (request) => {
    const id = Number(request.params.id);
    const counters = await organizationCounters(app.db, scopeOf(request), id);
    return singleDocument(resource<Static<typeof OrganizationCountersResource>>('associations-counters', id, counters));
  });
};

export default routes;
