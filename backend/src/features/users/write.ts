/**
 * Creating and changing users (admin-people-schedules.md sections 5-7; issue 14 points 1-4). Who may change what is
 * the rules of @fsi/shared people.ts; the escalation rules are checked here against the database: a caller never
 * gives a role outside their assignable roles (unless administrator or organization manager), a building outside
 * their scope or a region outside their subtree, never touches a user of another organization (404: they do not
 * see them), and never raises their own rights by editing themself. Deactivating ends the user's sessions and API
 * tokens in the same transaction, so their very next request is a 401.
 */
import {
  AUTOMATIC_BOOKLETS_MESSAGE,
  AUTOMATIC_REPORTS_MESSAGE,
  BUILDING_OUT_OF_SCOPE_MESSAGE,
  canAssignAnyRole,
  canAssignAutomaticEmails,
  canChangePassword,
  canChooseRegion,
  canCreateUsers,
  canEditBuildings,
  canEditSignature,
  canEditUserFields,
  canLeaveRegionEmpty,
  canOnlyChangePassword,
  canSetActive,
  canToggleRoles,
  DEACTIVATE_SELF_MESSAGE,
  NO_REGION_NOT_ALLOWED_MESSAGE,
  NOT_ALLOWED_TO_CREATE_USERS_MESSAGE,
  NOT_ALLOWED_TO_UPDATE_USERS_MESSAGE,
  ONLY_PASSWORDS_MESSAGE,
  OWN_RIGHTS_MESSAGE,
  PASSWORD_MESSAGES,
  PASSWORD_MIN_LENGTH,
  REGION_OUT_OF_SCOPE_MESSAGE,
  regionAndDescendants,
  ROLE_NOT_ASSIGNABLE_MESSAGE,
  SECURITY_EMAIL_TAKEN_MESSAGE,
  SIGNATURE_ADMIN_ONLY_MESSAGE,
  STALE_EDIT_MESSAGE,
  USERNAME_TAKEN_MESSAGE,
  validateNewUser,
  validateText,
  type Actor,
} from '@fsi/shared';
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Static } from 'typebox';
import { hashPassword } from '../../auth/password-hash';
import type { Database } from '../../db/client';
import { apiTokens, buildings, equipmentTypes, regions, reportBookletTemplates, reportDefinitions, roles, sessions, userBuildings, userRoles, users } from '../../db/schema';
import { FieldErrors, forbidden, HttpError, notFound, type FieldError } from '../../jsonapi/errors';
import { buildingsInScope, usersInScope, type Scope } from '../../plugins/authorization';
import type { UserWriteAttributes, UserWriteRelationships } from './schemas';

type Attributes = Static<typeof UserWriteAttributes>;
type Relationships = Static<typeof UserWriteRelationships>;
export type UserWrite = { attributes?: Attributes; relationships?: Relationships };
type UserRow = typeof users.$inferSelect;

const A = '/data/attributes';
const R = '/data/relationships';
const TEXT_FIELDS = ['firstname', 'lastname', 'street1', 'street2', 'city', 'province', 'postalCode', 'email', 'phone', 'title', 'companyName', 'cfaaTechnicianNumber'] as const;

/** The caller as @fsi/shared's rules see them. */
export function actorOf(scope: Scope, regionId: number | null): Actor {
  return { isAdmin: scope.isAdmin, userId: scope.userId, regionId, permissions: scope.permissions };
}

const idsOf = (rel: { data: { id: string }[] } | undefined) => (rel ? [...new Set(rel.data.map((r) => Number(r.id)))] : undefined);
const sameSet = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((x) => b.includes(x));
/** Text as sent (kept byte for byte), an empty or blank value as null. */
const blankToNull = (value: string | null | undefined) => (value === undefined ? undefined : value?.trim() ? value : null);

/** The caller's assignable roles: the union of their roles' lists. */
async function assignableRoleIds(db: Database, scope: Scope): Promise<Set<number>> {
  if (!scope.roleIds.length) return new Set();
  const rows = await db.select({ ids: roles.assignableRoleIds }).from(roles).where(inArray(roles.id, scope.roleIds));
  return new Set(rows.flatMap((r) => r.ids));
}

async function idsIn(db: Database, table: typeof reportDefinitions | typeof reportBookletTemplates | typeof equipmentTypes | typeof roles, organizationId: number, ids: number[]) {
  if (!ids.length) return new Set<number>();
  const rows = await db.select({ id: table.id }).from(table).where(and(inArray(table.id, ids), eq(table.organizationId, organizationId)));
  return new Set(rows.map((r) => r.id));
}

type Target = { id: number | null; organizationId: number; before: UserRow | null; roleIds: number[]; buildingIds: number[] };

/**
 * Checks what the body changes against the rules and the database, collecting 422s; a 403 is thrown at once.
 * Answers the region, building and role ids to store (undefined: unchanged).
 */
async function checkScopeChanges(db: Database, scope: Scope, actor: Actor, target: Target, body: UserWrite, errors: FieldError[]) {
  const rel = body.relationships ?? {};
  const self = target.id !== null && target.id === actor.userId;
  const result: { regionId?: number | null; buildingIds?: number[]; roleIds?: number[] } = {};

  if (rel.region) {
    const regionId = rel.region.data ? Number(rel.region.data.id) : null;
    if (regionId !== (target.before?.regionId ?? null) || target.id === null) {
      if (self && !actor.isAdmin) throw forbidden(OWN_RIGHTS_MESSAGE);
      if (!canChooseRegion(actor, target.id)) throw forbidden(NOT_ALLOWED_TO_UPDATE_USERS_MESSAGE);
      if (regionId === null) {
        if (!canLeaveRegionEmpty(actor)) errors.push({ pointer: `${R}/region`, detail: NO_REGION_NOT_ALLOWED_MESSAGE });
      } else {
        const [row] = await db.select({ id: regions.id }).from(regions).where(and(eq(regions.id, regionId), eq(regions.organizationId, target.organizationId)));
        if (!row || (scope.regionIds && !scope.regionIds.includes(regionId))) errors.push({ pointer: `${R}/region`, detail: REGION_OUT_OF_SCOPE_MESSAGE });
      }
      result.regionId = regionId;
    }
  }
  const regionId = result.regionId !== undefined ? result.regionId : (target.before?.regionId ?? null);

  const buildingIds = idsOf(rel.buildings);
  if (buildingIds && !sameSet(buildingIds, target.buildingIds)) {
    if (self && !actor.isAdmin) throw forbidden(OWN_RIGHTS_MESSAGE);
    if (!canEditBuildings(actor, target.id)) throw forbidden(NOT_ALLOWED_TO_UPDATE_USERS_MESSAGE);
    const added = buildingIds.filter((id) => !target.buildingIds.includes(id));
    if (added.length) {
      const conditions = [inArray(buildings.id, added), eq(buildings.organizationId, target.organizationId), buildingsInScope(scope)];
      if (regionId !== null) {
        const all = await db.select({ id: regions.id, parentId: regions.parentId }).from(regions).where(eq(regions.organizationId, target.organizationId));
        conditions.push(inArray(buildings.regionId, regionAndDescendants(all, regionId)));
      }
      const seen = await db.select({ id: buildings.id }).from(buildings).where(and(...conditions));
      if (seen.length !== added.length) errors.push({ pointer: `${R}/buildings`, detail: BUILDING_OUT_OF_SCOPE_MESSAGE });
    }
    result.buildingIds = buildingIds;
  } else if (result.regionId !== undefined && result.regionId !== null && target.buildingIds.length) {
    // A new region narrows the user's buildings to that region's subtree (section 4).
    const all = await db.select({ id: regions.id, parentId: regions.parentId }).from(regions).where(eq(regions.organizationId, target.organizationId));
    const kept = await db
      .select({ id: buildings.id })
      .from(buildings)
      .where(and(inArray(buildings.id, target.buildingIds), inArray(buildings.regionId, regionAndDescendants(all, result.regionId))));
    if (kept.length !== target.buildingIds.length) result.buildingIds = kept.map((b) => b.id);
  }

  const roleIds = idsOf(rel.roles);
  if (roleIds && !sameSet(roleIds, target.roleIds)) {
    if (self && !actor.isAdmin) throw forbidden(OWN_RIGHTS_MESSAGE);
    if (!canToggleRoles(actor, target.id)) throw forbidden(NOT_ALLOWED_TO_UPDATE_USERS_MESSAGE);
    const changed = [...roleIds.filter((id) => !target.roleIds.includes(id)), ...target.roleIds.filter((id) => !roleIds.includes(id))];
    const known = await idsIn(db, roles, target.organizationId, roleIds);
    if (known.size !== roleIds.length) errors.push({ pointer: `${R}/roles`, detail: 'Roles must be roles of the organization.' });
    if (!canAssignAnyRole(actor)) {
      const assignable = await assignableRoleIds(db, scope);
      if (changed.some((id) => !assignable.has(id))) throw forbidden(ROLE_NOT_ASSIGNABLE_MESSAGE);
    }
    result.roleIds = roleIds;
  }
  return result;
}

/** The attribute values to store, with their checks (uniqueness, automatic delivery, signature, subscriptions). */
async function checkAttributes(db: Database, actor: Actor, target: Target, body: UserWrite, errors: FieldError[]) {
  const attributes = body.attributes ?? {};
  const rel = body.relationships ?? {};
  const values: Partial<typeof users.$inferInsert> = {};
  if (attributes.username !== undefined) {
    const username = attributes.username;
    if (!username.trim() || username !== username.trim()) {
      // A new user's are told by validateNewUser already.
      if (target.id !== null) errors.push({ pointer: `${A}/username`, detail: validateNewUser({ username, password: 'x' })[0]!.message });
    } else if (validateText(username, {})) {
      errors.push({ pointer: `${A}/username`, detail: validateText(username, {})! });
    } else if (username !== target.before?.username) {
      const clash = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(sql`lower(${users.username})`, username.toLowerCase()), target.id === null ? undefined : ne(users.id, target.id)));
      if (clash.length) errors.push({ pointer: `${A}/username`, detail: USERNAME_TAKEN_MESSAGE, code: 'CONFLICT' });
      values.username = username;
    }
  }
  const securityemail = blankToNull(attributes.securityemail);
  if (securityemail !== undefined) {
    const problem = securityemail === null ? null : validateText(securityemail, {});
    if (problem) errors.push({ pointer: `${A}/securityemail`, detail: problem });
    else if (securityemail !== null && securityemail.toLowerCase() !== target.before?.securityemail?.toLowerCase()) {
      const clash = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(sql`lower(${users.securityemail})`, securityemail.toLowerCase()), target.id === null ? undefined : ne(users.id, target.id)));
      if (clash.length) errors.push({ pointer: `${A}/securityemail`, detail: SECURITY_EMAIL_TAKEN_MESSAGE, code: 'CONFLICT' });
    }
    values.securityemail = securityemail;
  }
  for (const field of TEXT_FIELDS) {
    const value = blankToNull(attributes[field]);
    if (value === undefined) continue;
    // The shared text rule (inspection.md section 5): names and addresses are printed on reports.
    const problem = value === null ? null : validateText(value, {});
    if (problem) errors.push({ pointer: `${A}/${field}`, detail: problem });
    values[field] = value;
  }
  if (attributes.walkaboutAutoSavePeriodMins !== undefined) values.walkaboutAutoSavePeriodMins = attributes.walkaboutAutoSavePeriodMins;
  if (attributes.debugModeEnabled !== undefined) values.debugModeEnabled = attributes.debugModeEnabled;
  if (attributes.networkSpeedMeasurementEnabled !== undefined) values.networkSpeedMeasurementEnabled = attributes.networkSpeedMeasurementEnabled;

  const signature = blankToNull(attributes.signatureImageLink);
  if (signature !== undefined && signature !== (target.before?.signatureImageLink ?? null)) {
    if (!canEditSignature(actor)) throw forbidden(SIGNATURE_ADMIN_ONLY_MESSAGE);
    values.signatureImageLink = signature;
  }

  if (attributes.password !== undefined && (attributes.password !== '' || target.id !== null)) {
    if (attributes.password.length < PASSWORD_MIN_LENGTH) errors.push({ pointer: `${A}/password`, detail: PASSWORD_MESSAGES.tooShort });
    // Hashing is the costly part of a save: not for a body that is refused anyway.
    else if (!errors.length) values.passwordHash = await hashPassword(attributes.password);
  }

  if (attributes.subscriptions) {
    const current = target.before?.subscriptions ?? {
      incompleteWalkaboutReminderBuildingIds: [],
      incompleteWalkaboutNotificationsBuildingIds: [],
      unsatisfactoryEquipmentIds: [],
      notatedEquipmentIds: [],
    };
    const next = { ...current, ...Object.fromEntries(Object.entries(attributes.subscriptions).map(([k, v]) => [k, [...new Set(v)]])) };
    const buildingIds = [...new Set([...next.incompleteWalkaboutReminderBuildingIds, ...next.incompleteWalkaboutNotificationsBuildingIds])];
    if (buildingIds.length) {
      const seen = await db.select({ id: buildings.id }).from(buildings).where(and(inArray(buildings.id, buildingIds), eq(buildings.organizationId, target.organizationId)));
      if (seen.length !== buildingIds.length) errors.push({ pointer: `${A}/subscriptions`, detail: 'Subscribed buildings must be buildings of the organization.' });
    }
    const equipmentIds = [...new Set([...next.unsatisfactoryEquipmentIds, ...next.notatedEquipmentIds])];
    if ((await idsIn(db, equipmentTypes, target.organizationId, equipmentIds)).size !== equipmentIds.length) {
      errors.push({ pointer: `${A}/subscriptions`, detail: 'Subscribed equipment must be equipment of the organization.' });
    }
    values.subscriptions = next;
  }

  for (const [key, column, table, message] of [
    ['reportDefinitionsForAutomaticDelivery', 'reportDefinitionsForAutomaticDeliveryIds', reportDefinitions, AUTOMATIC_REPORTS_MESSAGE],
    ['reportBookletsForAutomaticDelivery', 'reportBookletsForAutomaticDeliveryIds', reportBookletTemplates, AUTOMATIC_BOOKLETS_MESSAGE],
  ] as const) {
    const ids = idsOf(rel[key]);
    if (!ids || sameSet(ids, target.before?.[column] ?? [])) continue;
    if (!canAssignAutomaticEmails(actor, target.id)) throw forbidden(message);
    if ((await idsIn(db, table, target.organizationId, ids)).size !== ids.length) errors.push({ pointer: `${R}/${key}`, detail: 'Each must be of the organization.' });
    values[column] = ids;
  }
  return values;
}

async function storeLinks(db: Database, userId: number, links: { buildingIds?: number[]; roleIds?: number[] }) {
  if (links.buildingIds) {
    await db.delete(userBuildings).where(eq(userBuildings.userId, userId));
    if (links.buildingIds.length) await db.insert(userBuildings).values(links.buildingIds.map((buildingId) => ({ userId, buildingId })));
  }
  if (links.roleIds) {
    await db.delete(userRoles).where(eq(userRoles.userId, userId));
    if (links.roleIds.length) await db.insert(userRoles).values(links.roleIds.map((roleId) => ({ userId, roleId })));
  }
}

/** A unique-index clash that slipped past the check (two saves at once): the same 422. */
function usernameRace(error: unknown): never {
  const cause = (error as { cause?: { code?: string } }).cause ?? error;
  if ((cause as { code?: string }).code === '23505') throw new FieldErrors([{ pointer: `${A}/username`, detail: USERNAME_TAKEN_MESSAGE, code: 'CONFLICT' }]);
  throw error;
}

/** POST /users. Answers the new user's id. */
export async function createUser(db: Database, scope: Scope, actor: Actor, body: UserWrite): Promise<number> {
  if (!canCreateUsers(actor)) throw forbidden(NOT_ALLOWED_TO_CREATE_USERS_MESSAGE);
  const attributes = body.attributes ?? {};
  const organizationRef = body.relationships?.organization?.data;
  const organizationId = organizationRef ? Number(organizationRef.id) : scope.organizationId;
  if (organizationId === null) throw new FieldErrors([{ pointer: `${R}/organization`, detail: 'Organization is required.' }]);
  if (!scope.isAdmin && organizationId !== scope.organizationId) throw notFound('Organization');
  const errors: FieldError[] = validateNewUser(attributes).map((p) => ({ pointer: `${A}/${p.field}`, detail: p.message }));
  const target: Target = { id: null, organizationId, before: null, roleIds: [], buildingIds: [] };
  const links = await checkScopeChanges(db, scope, actor, target, body, errors);
  if (!body.relationships?.region && !canLeaveRegionEmpty(actor)) {
    // A region user's new user is of their region unless they choose a sub-region.
    links.regionId = actor.regionId;
  }
  const values = await checkAttributes(db, actor, target, body, errors);
  if (errors.length) throw new FieldErrors(errors);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({ ...values, username: values.username!, passwordHash: values.passwordHash!, organizationId, regionId: links.regionId ?? null })
        .returning({ id: users.id });
      await storeLinks(tx as unknown as Database, row!.id, links);
      return row!.id;
    });
  } catch (error) {
    usernameRace(error);
  }
}

/** PATCH /users/{id}. Answers the user's id. */
export async function updateUser(db: Database, scope: Scope, actor: Actor, id: number, body: UserWrite): Promise<number> {
  const [before] = await db.select().from(users).where(and(eq(users.id, id), usersInScope(scope)));
  if (!before || before.organizationId === null) throw notFound('User');
  const attributes = body.attributes ?? {};
  const onlyPassword = Object.keys(attributes).every((k) => k === 'password' || k === 'version') && !Object.keys(body.relationships ?? {}).length;
  if (!canEditUserFields(actor, id)) {
    if (!canChangePassword(actor, id)) throw forbidden(NOT_ALLOWED_TO_UPDATE_USERS_MESSAGE);
    if (!onlyPassword) throw forbidden(ONLY_PASSWORDS_MESSAGE);
  }
  if (canOnlyChangePassword(actor, id) && !onlyPassword) throw forbidden(ONLY_PASSWORDS_MESSAGE);
  const organizationRef = body.relationships?.organization?.data;
  if (organizationRef !== undefined && Number(organizationRef?.id) !== before.organizationId) {
    throw new FieldErrors([{ pointer: `${R}/organization`, detail: "A user's organization cannot be changed." }]);
  }
  const [roleRows, buildingRows] = await Promise.all([
    db.select({ id: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, id)),
    db.select({ id: userBuildings.buildingId }).from(userBuildings).where(eq(userBuildings.userId, id)),
  ]);
  const target: Target = { id, organizationId: before.organizationId, before, roleIds: roleRows.map((r) => r.id), buildingIds: buildingRows.map((b) => b.id) };
  const errors: FieldError[] = [];
  const links = await checkScopeChanges(db, scope, actor, target, body, errors);
  const values = await checkAttributes(db, actor, target, body, errors);
  if (links.regionId !== undefined) values.regionId = links.regionId;
  let deactivating = false;
  if (attributes.active !== undefined && attributes.active !== before.active) {
    if (id === actor.userId) errors.push({ pointer: `${A}/active`, detail: DEACTIVATE_SELF_MESSAGE });
    else if (!canSetActive(actor, id)) throw forbidden(NOT_ALLOWED_TO_UPDATE_USERS_MESSAGE);
    values.active = attributes.active;
    deactivating = !attributes.active;
  }
  if (errors.length) throw new FieldErrors(errors);
  try {
    await db.transaction(async (tx) => {
      const conditions = [eq(users.id, id)];
      if (attributes.version !== undefined) conditions.push(eq(users.version, attributes.version));
      const [updated] = await tx
        .update(users)
        .set({ ...values, version: sql`${users.version} + 1` })
        .where(and(...conditions))
        .returning({ id: users.id });
      if (!updated) throw new HttpError(409, STALE_EDIT_MESSAGE, { pointer: `${A}/version` }, 'STALE');
      await storeLinks(tx as unknown as Database, id, links);
      if (deactivating) {
        await tx.delete(sessions).where(eq(sessions.userId, id));
        await tx.update(apiTokens).set({ revokedAt: new Date() }).where(and(eq(apiTokens.userId, id), isNull(apiTokens.revokedAt)));
      }
    });
  } catch (error) {
    if (error instanceof HttpError || error instanceof FieldErrors) throw error;
    usernameRace(error);
  }
  return id;
}
