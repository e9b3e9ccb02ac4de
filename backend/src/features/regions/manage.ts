/**
 * Adding, renaming and deleting regions (admin-people-schedules.md sections 3-6; issue 14). Administrators and users
 * who can manage the organization do it; a region user does it only inside their own region's subtree (they see
 * nothing else), so they add sub-regions but never a top-level region. A region is deleted only when nothing uses
 * it: no sub-regions, users, buildings, report definitions or booklet templates (the 422 names what blocks it).
 */
import {
  canManageSchedules,
  NOT_ALLOWED_TO_MANAGE_SCHEDULES_MESSAGE,
  REGION_ANCESTOR_LEVELS,
  regionDeletionBlockedMessage,
  STALE_EDIT_MESSAGE,
  TOP_LEVEL_REGION_FOR_REGION_USER_MESSAGE,
  validateRegionName,
} from '@fsi/shared';
import { and, count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { queryRows } from '../../db/raw';
import { buildings, organizations, regions, reportBookletTemplates, reportDefinitions, users } from '../../db/schema';
import { FieldErrors, forbidden, HttpError, notFound, stale } from '../../jsonapi/errors';
import { organizationsInScope, requirePermission, type Scope } from '../../plugins/authorization';
import { regionsByIds } from './repository';

const NAME_POINTER = '/data/attributes/name';
export const REGION_TOO_DEEP_MESSAGE = `Regions can be nested at most ${REGION_ANCESTOR_LEVELS} levels below a top-level region.`;
export const PARENT_NOT_OF_ORGANIZATION_MESSAGE = 'The parent region must be a region of this organization.';

function requireManager(scope: Scope): void {
  requirePermission(scope, canManageSchedules(scope.isAdmin, scope.permissions), NOT_ALLOWED_TO_MANAGE_SCHEDULES_MESSAGE);
}

function requireName(name: string | null | undefined): string {
  const problem = validateRegionName(name);
  if (problem) throw new FieldErrors([{ pointer: NAME_POINTER, detail: problem }]);
  return name!.trim();
}

/** The region of the path, in the caller's scope and of the organization of the path (404 otherwise). */
export async function regionOfOrganization(db: Database, scope: Scope, organizationId: number, regionId: number) {
  const [region] = await regionsByIds(db, scope, [regionId]);
  if (!region || region.organizationId !== organizationId) throw notFound('Region');
  return region;
}

/** POST /organizations/{id}/regions: a top-level region (parentId null) or a sub-region. Answers its id. */
export async function createRegion(
  db: Database,
  scope: Scope,
  organizationId: number,
  input: { name?: string | null; parentId?: number | string | null },
): Promise<number> {
  const [organization] = await db.select({ id: organizations.id }).from(organizations).where(and(eq(organizations.id, organizationId), organizationsInScope(scope)));
  if (!organization) throw notFound('Organization');
  requireManager(scope);
  const name = requireName(input.name);
  let parentId: number | null = null;
  if (input.parentId != null) {
    const [parent] = await regionsByIds(db, scope, [Number(input.parentId)]);
    if (!parent || parent.organizationId !== organizationId) {
      throw new FieldErrors([{ pointer: '/data/attributes/parentId', detail: PARENT_NOT_OF_ORGANIZATION_MESSAGE }]);
    }
    if (parent.level >= REGION_ANCESTOR_LEVELS) throw new FieldErrors([{ pointer: '/data/attributes/parentId', detail: REGION_TOO_DEEP_MESSAGE }]);
    parentId = parent.id;
  } else if (scope.regionIds && !scope.isAdmin) {
    throw forbidden(TOP_LEVEL_REGION_FOR_REGION_USER_MESSAGE);
  }
  const [row] = await db.insert(regions).values({ organizationId, parentId, name }).returning({ id: regions.id });
  return row!.id;
}

/** PATCH /regions/{id}: a new name; with a version, only over that version (409 STALE otherwise). */
export async function renameRegion(db: Database, scope: Scope, regionId: number, input: { name?: string | null; version?: number }): Promise<number> {
  const [region] = await regionsByIds(db, scope, [regionId]);
  if (!region) throw notFound('Region');
  requireManager(scope);
  const name = requireName(input.name);
  const conditions = [eq(regions.id, regionId)];
  if (input.version !== undefined) conditions.push(eq(regions.version, input.version));
  const [updated] = await db
    .update(regions)
    .set({ name, version: sql`${regions.version} + 1` })
    .where(and(...conditions))
    .returning({ id: regions.id });
  if (!updated) throw stale(STALE_EDIT_MESSAGE);
  return regionId;
}

/** DELETE /organizations/{id}/regions/{regionId}: refused (422) while anything uses the region, naming what. */
export async function deleteRegion(db: Database, scope: Scope, organizationId: number, regionId: number): Promise<void> {
  await regionOfOrganization(db, scope, organizationId, regionId);
  requireManager(scope);
  await db.transaction(async (tx) => {
    // Locks the region's row, so that nothing is attached to it between the count and the delete.
    await queryRows(tx, sql`select id from regions where id = ${regionId} for update`);
    const uses = async (table: typeof regions | typeof users | typeof buildings | typeof reportDefinitions | typeof reportBookletTemplates, column: Parameters<typeof eq>[0]) =>
      (await tx.select({ value: count() }).from(table).where(eq(column, regionId)))[0]!.value;
    const message = regionDeletionBlockedMessage({
      subRegions: await uses(regions, regions.parentId),
      users: await uses(users, users.regionId),
      buildings: await uses(buildings, buildings.regionId),
      reports: await uses(reportDefinitions, reportDefinitions.regionId),
      booklets: await uses(reportBookletTemplates, reportBookletTemplates.regionId),
    });
    if (message) throw new HttpError(422, message);
    await tx.delete(regions).where(eq(regions.id, regionId));
  });
}
