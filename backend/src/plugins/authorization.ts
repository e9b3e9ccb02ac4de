/**
 * Authorization, in one place (DESIGN.md section 4 "Identity and tenancy").
 *
 * A caller's Scope says what they may see: administrators everything; everyone else their
 * organization, narrowed to their region and its sub-regions (any depth) when they are a region
 * user, and to their permitted buildings when they have building permissions. Permission flags
 * come from their roles through derivePermissions (@fsi/shared). Repositories take a Scope and
 * add the conditions below to every query, so no route can read past it.
 */
import { canRecordWalkaboutResults, derivePermissions, type Permissions, type RolePermissions } from '@fsi/shared';
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import { buildings, cycles, floors, organizations, regions, roles, userBuildings, userRoles, users } from '../db/schema';
import { forbidden, unauthorized } from '../jsonapi/errors';
import type { UserRow } from './auth';

export type Scope = {
  userId: number;
  isAdmin: boolean;
  /** null for administrators (no organization) */
  organizationId: number | null;
  /** The region and all its sub-regions of a region user; null when not limited by region. */
  regionIds: number[] | null;
  /** The buildings of a user with building permissions; null when not limited by building. */
  buildingIds: number[] | null;
  roleIds: number[];
  permissions: Permissions;
  /**
   * The equipment types whose entries the user handles on walkabouts (their roles'
   * walkaboutEquipmentIds); null when not restricted: administrators, users without roles, and
   * users with a role whose list is empty (an empty list means all equipment).
   */
  walkaboutEquipmentTypeIds: number[] | null;
  /**
   * The report definitions and booklet templates whose reports the user's walkabout report permission shows: the
   * lists of their roles that grant it, together; null when not restricted (administrators, or a role granting it
   * whose list is empty, which means all). Audit and fire watch reports are not narrowed by them.
   */
  walkaboutReportDefinitionIds: number[] | null;
  walkaboutReportBookletIds: number[] | null;
};

declare module 'fastify' {
  interface FastifyRequest {
    scope: Scope | null;
  }
}

/** A region and every region below it, from the organization's regions. */
export function regionSubtree(all: ReadonlyArray<{ id: number; parentId: number | null }>, rootId: number): number[] {
  const children = new Map<number, number[]>();
  for (const r of all) {
    if (r.parentId === null) continue;
    children.set(r.parentId, [...(children.get(r.parentId) ?? []), r.id]);
  }
  const result: number[] = [];
  const queue = [rootId];
  while (queue.length) {
    const id = queue.shift()!;
    if (result.includes(id)) continue;
    result.push(id);
    queue.push(...(children.get(id) ?? []));
  }
  return result;
}

/**
 * What a user's scope is made of besides their own row: their roles, their building permissions and,
 * for a region user, their organization's region tree (to find the sub-regions of their region).
 */
export type ScopeGrants = {
  roles: Array<{ id: number; permissions: RolePermissions; walkaboutEquipmentIds: number[]; reportDefinitionIds: number[]; reportBookletTemplateIds: number[] }>;
  buildingIds: number[];
  regions: Array<{ id: number; parentId: number | null }>;
};

/**
 * The ScopeGrants of the user of the row being selected, as one JSON value: a select that joins
 * `users` adds this column so that authentication and scope cost one database query per request
 * (issue 8), read from the tables on every request, so that a change of roles, building
 * permissions or regions, made by this replica or another one, counts on the very next request.
 */
export function scopeGrantsColumn() {
  return sql<ScopeGrants>`json_build_object(
    'roles', coalesce((select json_agg(json_build_object('id', r.id, 'permissions', r.permissions, 'walkaboutEquipmentIds', r.walkabout_equipment_ids,
      'reportDefinitionIds', r.report_definition_ids, 'reportBookletTemplateIds', r.report_booklet_template_ids) order by r.id)
      from ${userRoles} ur join ${roles} r on r.id = ur.role_id where ur.user_id = ${users.id}), '[]'::json),
    'buildingIds', coalesce((select json_agg(ub.building_id order by ub.building_id) from ${userBuildings} ub where ub.user_id = ${users.id}), '[]'::json),
    'regions', case when ${users.regionId} is null or ${users.organizationId} is null or ${users.isAdmin} then '[]'::json
      else coalesce((select json_agg(json_build_object('id', g.id, 'parentId', g.parent_id)) from ${regions} g where g.organization_id = ${users.organizationId}), '[]'::json) end
  )`.mapWith((value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value) as ScopeGrants);
}

/** The Scope of a user from their row and their grants (no database access). */
export function scopeFrom(user: UserRow, grants: ScopeGrants): Scope {
  const roleRows = grants.roles;
  return {
    userId: user.id,
    isAdmin: user.isAdmin,
    organizationId: user.organizationId,
    regionIds: user.regionId !== null && !user.isAdmin ? regionSubtree(grants.regions, user.regionId) : null,
    buildingIds: grants.buildingIds.length && !user.isAdmin ? grants.buildingIds : null,
    roleIds: roleRows.map((r) => r.id),
    walkaboutEquipmentTypeIds:
      user.isAdmin || roleRows.length === 0 || roleRows.some((r) => r.walkaboutEquipmentIds.length === 0)
        ? null
        : [...new Set(roleRows.flatMap((r) => r.walkaboutEquipmentIds))],
    permissions: derivePermissions(
      roleRows.map((r) => r.permissions),
      user.isAdmin,
    ),
    walkaboutReportDefinitionIds: reportLimit(user.isAdmin, roleRows, 'reportDefinitionIds'),
    walkaboutReportBookletIds: reportLimit(user.isAdmin, roleRows, 'reportBookletTemplateIds'),
  };
}

/** The union of one list of the roles granting the walkabout report permission; null: not narrowed (an empty list, an administrator, or no such role). */
function reportLimit(isAdmin: boolean, roleRows: ScopeGrants['roles'], list: 'reportDefinitionIds' | 'reportBookletTemplateIds'): number[] | null {
  if (isAdmin) return null;
  const granting = roleRows.filter((r) => r.permissions.reportPermissions?.walkabout);
  // No role grants it: the permission itself refuses those reports (403), the lists have nothing to narrow.
  if (!granting.length || granting.some((r) => (r[list] ?? []).length === 0)) return null;
  return [...new Set(granting.flatMap((r) => r[list]))];
}

const nothing = sql`false`;
const everything = sql`true`;

function inIds(column: Parameters<typeof inArray>[0], ids: readonly number[]): SQL {
  return ids.length ? inArray(column, [...ids]) : nothing;
}

export function organizationsInScope(scope: Scope): SQL {
  if (scope.isAdmin) return everything;
  if (scope.organizationId === null) return nothing;
  return eq(organizations.id, scope.organizationId);
}

export function regionsInScope(scope: Scope): SQL {
  if (scope.isAdmin) return everything;
  if (scope.organizationId === null) return nothing;
  const organization = eq(regions.organizationId, scope.organizationId);
  return scope.regionIds ? and(organization, inIds(regions.id, scope.regionIds))! : organization;
}

export function buildingsInScope(scope: Scope): SQL {
  if (scope.isAdmin) return everything;
  if (scope.organizationId === null) return nothing;
  const conditions = [eq(buildings.organizationId, scope.organizationId)];
  if (scope.regionIds) conditions.push(inIds(buildings.regionId, scope.regionIds));
  if (scope.buildingIds) conditions.push(inIds(buildings.id, scope.buildingIds));
  return and(...conditions)!;
}

export function floorsInScope(scope: Scope, db: Database): SQL {
  if (scope.isAdmin) return everything;
  return inArray(floors.buildingId, db.select({ id: buildings.id }).from(buildings).where(buildingsInScope(scope)));
}

export function cyclesInScope(scope: Scope): SQL {
  if (scope.isAdmin) return everything;
  if (scope.organizationId === null) return nothing;
  return eq(cycles.organizationId, scope.organizationId);
}

/** Users with the user-view permission see the users of their scope; everyone sees themselves. */
export function usersInScope(scope: Scope): SQL {
  if (scope.isAdmin) return everything;
  const self = eq(users.id, scope.userId);
  if (!scope.permissions.canViewUsers || scope.organizationId === null) return self;
  const organization = eq(users.organizationId, scope.organizationId);
  const inRegion = scope.regionIds ? and(organization, inIds(users.regionId, scope.regionIds))! : organization;
  return or(self, inRegion)!;
}

/** Who may record walkabout results (save, scan): the rule of @fsi/shared, which the web shows too. */
export function canRecordWalkabouts(scope: Scope): boolean {
  return canRecordWalkaboutResults(scope.isAdmin, scope.permissions);
}

/** A 403 unless the caller has the flag (spec inspection.md section 6). */
export function requirePermission(scope: Scope, allowed: boolean, detail = 'You are not allowed to do this.'): void {
  if (!allowed && !scope.isAdmin) throw forbidden(detail);
}

export function requireAdmin(scope: Scope): void {
  if (!scope.isAdmin) throw forbidden('Only administrators may do this.');
}

/** The scope of the signed-in caller; routes without a session never reach a handler that calls this. */
export function scopeOf(request: FastifyRequest): Scope {
  if (!request.scope) throw unauthorized();
  return request.scope;
}

export default fp(
  async (app) => {
    app.decorateRequest('scope', null);
    // A cached caller (auth plugin) answers several requests; its Scope is derived once, frozen like it.
    const scopes = new WeakMap<object, Scope>();
    app.addHook('onRequest', async (request) => {
      // The auth plugin's one query brought the grants with the session and the user.
      const caller = request.caller;
      if (!caller) return;
      let scope = scopes.get(caller);
      if (!scope) {
        scope = scopeFrom(caller.user, caller.grants);
        if (Object.isFrozen(caller)) {
          Object.freeze(scope);
          for (const value of Object.values(scope)) if (value && typeof value === 'object') Object.freeze(value);
          scopes.set(caller, scope);
        }
      }
      request.scope = scope;
    });
  },
  { name: 'authorization', dependencies: ['auth'] },
);
