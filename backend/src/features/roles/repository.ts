/**
 * Roles (admin-people-schedules.md sections 4-6; issue 14 point 4). Everyone of an organization reads its roles (the
 * User form toggles them); creating needs canCreateRoles, changing canUpdateRoles. A non-administrator never grants
 * a permission their own roles do not give, nor makes a role assign roles outside their own assignable roles (unless
 * organization manager); the role named Admin is locked; the name is unique within the organization.
 */
import {
  ADMIN_ROLE_LOCKED_MESSAGE,
  ADMIN_ROLE_NAME,
  canAssignAnyRole,
  canCreateRoles,
  canUpdateRoles,
  completeRolePermissions,
  NOT_ALLOWED_TO_CREATE_ROLES_MESSAGE,
  NOT_ALLOWED_TO_UPDATE_ROLES_MESSAGE,
  permissionGroups,
  permissionsBeyondHeld,
  PERMISSION_NOT_HELD_MESSAGE,
  ROLE_NAME_NOT_UNIQUE_DETAIL,
  ROLE_NOT_ASSIGNABLE_MESSAGE,
  STALE_EDIT_MESSAGE,
  validateReminderSubscriptions,
  validateRoleName,
  validateText,
  type Actor,
  type RolePermissions,
} from '@fsi/shared';
import { and, asc, count, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Static } from 'typebox';
import type { Database } from '../../db/client';
import { cycles, equipmentTypes, reportBookletTemplates, reportDefinitions, roles } from '../../db/schema';
import { FieldErrors, forbidden, HttpError, notFound, type FieldError } from '../../jsonapi/errors';
import type { Page } from '../../jsonapi/query';
import type { Scope } from '../../plugins/authorization';
import type { RoleWriteAttributes } from './schemas';

export type RoleRow = typeof roles.$inferSelect;
type Attributes = Static<typeof RoleWriteAttributes>;
export type RoleWrite = {
  attributes?: Attributes;
  relationships?: { organization?: { data: { id: string } }; walkaboutEquipment?: { data: { id: string }[] } };
};

const A = '/data/attributes';

/** Refused as a field error (422), so that the form keeps its input and says why. */
export const REPORTS_NOT_HELD_MESSAGE = 'Choose among the reports your own roles show: you cannot give a role other reports, or all of them.';

/** The roles of the caller's organization (administrators: all). */
export function rolesInScope(scope: Scope): SQL {
  if (scope.isAdmin) return sql`true`;
  if (scope.organizationId === null) return sql`false`;
  return eq(roles.organizationId, scope.organizationId);
}

export async function listRoles(db: Database, scope: Scope, filters: { ids?: number[]; organizationIds?: number[] }, page: Page) {
  const conditions: SQL[] = [rolesInScope(scope)];
  if (filters.ids) conditions.push(inArray(roles.id, filters.ids.length ? filters.ids : [-1]));
  if (filters.organizationIds) conditions.push(inArray(roles.organizationId, filters.organizationIds.length ? filters.organizationIds : [-1]));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db.select().from(roles).where(where).orderBy(asc(sql`lower(${roles.name})`), asc(roles.id)).limit(page.size).offset(page.offset),
    db.select({ value: count() }).from(roles).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

export async function findRole(db: Database, scope: Scope, id: number): Promise<RoleRow | undefined> {
  const [row] = await db.select().from(roles).where(and(eq(roles.id, id), rolesInScope(scope)));
  return row;
}

/** The caller's roles' assignable lists, together. */
async function callerAssignable(db: Database, scope: Scope): Promise<Set<number>> {
  if (!scope.roleIds.length) return new Set();
  const rows = await db.select({ ids: roles.assignableRoleIds }).from(roles).where(inArray(roles.id, scope.roleIds));
  return new Set(rows.flatMap((r) => r.ids));
}

/** The permission groups of the body over the role's current ones (a new role: all off). */
function mergedPermissions(before: RolePermissions | null, attributes: Attributes): RolePermissions {
  const merged: Record<string, Record<string, boolean>> = {};
  for (const group of Object.keys(permissionGroups)) {
    merged[group] = { ...((before as Record<string, Record<string, boolean>> | null)?.[group] ?? {}), ...((attributes as Record<string, Record<string, boolean> | undefined>)[group] ?? {}) };
  }
  return completeRolePermissions(merged);
}

async function checked(db: Database, scope: Scope, actor: Actor, held: Set<string>, organizationId: number, before: RoleRow | null, body: RoleWrite) {
  const attributes = body.attributes ?? {};
  const errors: FieldError[] = [];
  const values: Partial<typeof roles.$inferInsert> = {};
  if (attributes.name !== undefined || !before) {
    const problem = validateRoleName(attributes.name) ?? validateText(attributes.name ?? '', {});
    const name = attributes.name ?? '';
    if (problem) errors.push({ pointer: `${A}/name`, detail: problem });
    else {
      const clash = await db
        .select({ id: roles.id })
        .from(roles)
        .where(and(eq(roles.organizationId, organizationId), eq(sql`lower(${roles.name})`, name.toLowerCase()), before ? ne(roles.id, before.id) : undefined));
      if (clash.length) errors.push({ pointer: `${A}/name`, detail: ROLE_NAME_NOT_UNIQUE_DETAIL, code: 'CONFLICT' });
      values.name = name;
    }
  }
  const permissions = mergedPermissions(before?.permissions ?? null, attributes);
  const beyond = permissionsBeyondHeld(held, permissions, before?.permissions ?? null, scope.isAdmin);
  if (beyond.length) throw forbidden(`${PERMISSION_NOT_HELD_MESSAGE} (${beyond.join(', ')})`);
  values.permissions = permissions;

  if (attributes.assignableRoleIds) {
    const ids = [...new Set(attributes.assignableRoleIds)];
    const known = ids.length ? await db.select({ id: roles.id }).from(roles).where(and(inArray(roles.id, ids), eq(roles.organizationId, organizationId))) : [];
    if (known.length !== ids.length) errors.push({ pointer: `${A}/assignableRoleIds`, detail: 'Assignable roles must be roles of the organization.' });
    const added = ids.filter((id) => !(before?.assignableRoleIds ?? []).includes(id));
    if (added.length && !canAssignAnyRole(actor)) {
      const mine = await callerAssignable(db, scope);
      if (added.some((id) => !mine.has(id))) throw forbidden(ROLE_NOT_ASSIGNABLE_MESSAGE);
    }
    values.assignableRoleIds = ids;
  }

  const equipment = body.relationships?.walkaboutEquipment;
  if (equipment) {
    const ids = [...new Set(equipment.data.map((r) => Number(r.id)))];
    const known = ids.length
      ? await db.select({ id: equipmentTypes.id }).from(equipmentTypes).where(and(inArray(equipmentTypes.id, ids), eq(equipmentTypes.organizationId, organizationId)))
      : [];
    if (known.length !== ids.length) errors.push({ pointer: '/data/relationships/walkaboutEquipment', detail: 'Equipment must be equipment of the organization.' });
    values.walkaboutEquipmentIds = ids;
  }

  for (const [key, table, noun] of [
    ['reportDefinitionIds', reportDefinitions, 'Reports'],
    ['reportBookletTemplateIds', reportBookletTemplates, 'Report booklets'],
  ] as const) {
    const asked = attributes[key];
    const ids = asked ? [...new Set(asked)] : (before?.[key] ?? []);
    if (asked) {
      const known = ids.length ? await db.select({ id: table.id }).from(table).where(and(inArray(table.id, ids), eq(table.organizationId, organizationId))) : [];
      if (known.length !== ids.length) errors.push({ pointer: `${A}/${key}`, detail: `${noun} must be ${noun.toLowerCase()} of the organization.` });
      values[key] = ids;
    }
    // A caller whose own roles show only some reports gives no more than those: neither others nor all (an empty list).
    const limit = key === 'reportDefinitionIds' ? scope.walkaboutReportDefinitionIds : scope.walkaboutReportBookletIds;
    if (limit !== null && permissions.reportPermissions.walkabout && (asked || !before)) {
      const added = ids.filter((id) => !(before?.[key] ?? []).includes(id));
      if (!ids.length || added.some((id) => !limit.includes(id))) errors.push({ pointer: `${A}/${key}`, detail: REPORTS_NOT_HELD_MESSAGE });
    }
  }

  const subscriptions = attributes.incompleteWalkaboutReminderSubscriptions;
  if (subscriptions) {
    const organizationCycles = await db.select({ id: cycles.id, frequency: cycles.frequency }).from(cycles).where(eq(cycles.organizationId, organizationId));
    for (const problem of validateReminderSubscriptions(subscriptions, organizationCycles)) {
      errors.push({ pointer: `${A}/incompleteWalkaboutReminderSubscriptions/${problem.index}/${problem.field}`, detail: problem.message });
    }
    values.incompleteWalkaboutReminderSubscriptions = subscriptions.map((s) => ({ cycleId: s.cycleId, offsetValue: s.offsetValue, offsetUnit: s.offsetUnit }));
  }
  if (errors.length) throw new FieldErrors(errors);
  return values;
}

/** POST /roles. Answers the new role's id. */
export async function createRole(db: Database, scope: Scope, actor: Actor, held: Set<string>, body: RoleWrite): Promise<number> {
  if (!canCreateRoles(actor)) throw forbidden(NOT_ALLOWED_TO_CREATE_ROLES_MESSAGE);
  const ref = body.relationships?.organization?.data;
  const organizationId = ref ? Number(ref.id) : scope.organizationId;
  if (organizationId === null) throw new FieldErrors([{ pointer: '/data/relationships/organization', detail: 'Organization is required.' }]);
  if (!scope.isAdmin && organizationId !== scope.organizationId) throw notFound('Organization');
  const values = await checked(db, scope, actor, held, organizationId, null, body);
  const [row] = await db
    .insert(roles)
    .values({ ...values, organizationId, name: values.name!, permissions: values.permissions! })
    .returning({ id: roles.id });
  return row!.id;
}

/** PATCH /roles/{id}. Answers the role's id. */
export async function updateRole(db: Database, scope: Scope, actor: Actor, held: Set<string>, id: number, body: RoleWrite): Promise<number> {
  const before = await findRole(db, scope, id);
  if (!before) throw notFound('Role');
  if (!canUpdateRoles(actor)) throw forbidden(NOT_ALLOWED_TO_UPDATE_ROLES_MESSAGE);
  if (before.name === ADMIN_ROLE_NAME) throw new HttpError(422, ADMIN_ROLE_LOCKED_MESSAGE, { pointer: `${A}/name` }, 'LOCKED');
  const values = await checked(db, scope, actor, held, before.organizationId, before, body);
  const conditions = [eq(roles.id, id)];
  const version = body.attributes?.version;
  if (version !== undefined) conditions.push(eq(roles.version, version));
  const [updated] = await db
    .update(roles)
    .set({ ...values, version: sql`${roles.version} + 1` })
    .where(and(...conditions))
    .returning({ id: roles.id });
  if (!updated) throw new HttpError(409, STALE_EDIT_MESSAGE, { pointer: `${A}/version` }, 'STALE');
  return id;
}
