/**
 * Adding, changing and deleting cycles (admin-people-schedules.md sections 3-6 and 9; issue 14). Administrators and
 * users who can manage the organization do it. An existing repeating cycle keeps its name, frequency, every and
 * start (its walkabouts were made from them); only its abbreviation changes. A cycle with no start is still being
 * set up (the spec treats it as new), so all of it may change. Each change raises the version; an older version is
 * refused with 409 STALE.
 */
import {
  canManageSchedules,
  CYCLE_FIELD_LOCKED_MESSAGE,
  CYCLE_HAS_WALKABOUTS_MESSAGE,
  CYCLE_IS_FIRE_WATCH_CYCLE_MESSAGE,
  NAME_TAKEN_MESSAGE,
  NOT_ALLOWED_TO_MANAGE_SCHEDULES_MESSAGE,
  STALE_EDIT_MESSAGE,
  validateCycle,
  type CycleInput,
  type Frequency,
} from '@fsi/shared';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cycles, organizations } from '../../db/schema';
import { FieldErrors, HttpError, notFound, stale, type FieldError } from '../../jsonapi/errors';
import { organizationsInScope, requirePermission, type Scope } from '../../plugins/authorization';
import { cyclesByIds } from './repository';

const pointer = (field: string) => `/data/attributes/${field}`;

function requireManager(scope: Scope): void {
  requirePermission(scope, canManageSchedules(scope.isAdmin, scope.permissions), NOT_ALLOWED_TO_MANAGE_SCHEDULES_MESSAGE);
}

function check(input: CycleInput): void {
  const errors = validateCycle(input);
  if (errors.length) throw new FieldErrors(errors.map((e) => ({ pointer: pointer(e.field), detail: e.message })));
}

/** Section 5: 'Name has already been taken' within the organization (letter case aside). */
async function requireUniqueName(db: Database, organizationId: number, name: string, exceptId?: number): Promise<void> {
  const conditions = [eq(cycles.organizationId, organizationId), sql`lower(${cycles.name}) = lower(${name})`];
  if (exceptId !== undefined) conditions.push(ne(cycles.id, exceptId));
  const [taken] = await db.select({ id: cycles.id }).from(cycles).where(and(...conditions)).limit(1);
  if (taken) throw new FieldErrors([{ pointer: pointer('name'), detail: NAME_TAKEN_MESSAGE }]);
}

const repeat = (input: CycleInput) =>
  input.frequency == null ? { frequency: null, every: null, start: null } : { frequency: input.frequency as Frequency, every: input.every!, start: input.start! };

/** POST /cycles: the cycle of the caller's organization (administrators name one). Answers its id. */
export async function createCycle(db: Database, scope: Scope, input: CycleInput & { organizationId?: number | string | null }): Promise<number> {
  const organizationId = input.organizationId == null ? scope.organizationId : Number(input.organizationId);
  if (organizationId === null) throw new FieldErrors([{ pointer: pointer('organizationId'), detail: 'organizationId is required.' }]);
  const [organization] = await db.select({ id: organizations.id }).from(organizations).where(and(eq(organizations.id, organizationId), organizationsInScope(scope)));
  if (!organization) throw notFound('Organization');
  requireManager(scope);
  check(input);
  const name = input.name!.trim();
  await requireUniqueName(db, organizationId, name);
  const [row] = await db
    .insert(cycles)
    .values({ organizationId, name, abbreviation: input.abbreviation?.trim() ?? '', ...repeat(input) })
    .returning({ id: cycles.id });
  return row!.id;
}

/** The cycle of the path within the caller's scope (404 otherwise), and the right to change it (403). */
async function manageableCycle(db: Database, scope: Scope, id: number) {
  const [cycle] = await cyclesByIds(db, scope, [id]);
  if (!cycle) throw notFound('Cycle');
  requireManager(scope);
  return cycle;
}

/**
 * PATCH /cycles/{id}: the attributes sent replace the stored ones. On a repeating cycle, a name, frequency, every or
 * start that differs from the stored one is refused (422 at each field); the client sends them all, unchanged.
 */
export async function updateCycle(db: Database, scope: Scope, id: number, input: CycleInput & { version?: number }): Promise<number> {
  const cycle = await manageableCycle(db, scope, id);
  const merged: CycleInput = {
    name: input.name !== undefined ? input.name : cycle.name,
    abbreviation: input.abbreviation !== undefined ? input.abbreviation : cycle.abbreviation,
    frequency: input.frequency !== undefined ? input.frequency : cycle.frequency,
    every: input.every !== undefined ? input.every : cycle.every,
    start: input.start !== undefined ? input.start : cycle.start,
  };
  if (cycle.start !== null) {
    const locked: FieldError[] = [];
    if ((merged.name ?? '').trim() !== cycle.name) locked.push({ pointer: pointer('name'), detail: CYCLE_FIELD_LOCKED_MESSAGE });
    if (merged.frequency !== cycle.frequency) locked.push({ pointer: pointer('frequency'), detail: CYCLE_FIELD_LOCKED_MESSAGE });
    if (merged.every !== cycle.every) locked.push({ pointer: pointer('every'), detail: CYCLE_FIELD_LOCKED_MESSAGE });
    if (merged.start !== cycle.start) locked.push({ pointer: pointer('start'), detail: CYCLE_FIELD_LOCKED_MESSAGE });
    if (locked.length) throw new FieldErrors(locked);
  }
  check(merged);
  const name = merged.name!.trim();
  if (name.toLowerCase() !== cycle.name.toLowerCase()) await requireUniqueName(db, cycle.organizationId, name, id);
  const conditions = [eq(cycles.id, id)];
  if (input.version !== undefined) conditions.push(eq(cycles.version, input.version));
  const [updated] = await db
    .update(cycles)
    .set({ name, abbreviation: merged.abbreviation?.trim() ?? '', ...repeat(merged), version: sql`${cycles.version} + 1` })
    .where(and(...conditions))
    .returning({ id: cycles.id });
  if (!updated) throw stale(STALE_EDIT_MESSAGE);
  return id;
}

/**
 * DELETE /cycles/{id}: refused while walkabouts of it exist (section 5's words) or a building uses it for fire
 * watches; its tasks, report definitions, overrides and offsets go with it.
 */
export async function deleteCycle(db: Database, scope: Scope, id: number): Promise<void> {
  const cycle = await manageableCycle(db, scope, id);
  if (cycle.hasWalkabouts) throw new HttpError(422, CYCLE_HAS_WALKABOUTS_MESSAGE);
  if (cycle.isFireWatchCycle) throw new HttpError(422, CYCLE_IS_FIRE_WATCH_CYCLE_MESSAGE);
  // The check and the delete in one statement, so that a walkabout created meanwhile still blocks it.
  const deleted = await db
    .delete(cycles)
    .where(and(eq(cycles.id, id), sql`not exists (select 1 from walkabouts w where w.cycle_id = ${id})`))
    .returning({ id: cycles.id });
  if (!deleted.length) throw new HttpError(422, CYCLE_HAS_WALKABOUTS_MESSAGE);
}
