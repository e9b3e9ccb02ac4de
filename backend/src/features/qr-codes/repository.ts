import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { buildings, locations, organizations, unassignedQrCodes } from '../../db/schema';
import type { Page } from '../../jsonapi/query';
import { buildingsInScope, type Scope } from '../../plugins/authorization';

export type UnassignedQrCode = typeof unassignedQrCodes.$inferSelect;

export async function organizationName(db: Database, id: number): Promise<string | undefined> {
  const [row] = await db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, id));
  return row?.name;
}

/** The building, when the caller may see it. */
export async function buildingInScope(db: Database, scope: Scope, id: number) {
  const [row] = await db
    .select({ id: buildings.id, name: buildings.name, organizationId: buildings.organizationId, organizationName: organizations.name })
    .from(buildings)
    .innerJoin(organizations, eq(organizations.id, buildings.organizationId))
    .where(and(eq(buildings.id, id), buildingsInScope(scope)));
  return row;
}

export async function listUnassigned(db: Database, organizationId: number, page: Page, ids?: number[]) {
  const where = and(eq(unassignedQrCodes.organizationId, organizationId), ids ? inArray(unassignedQrCodes.id, ids.length ? ids : [-1]) : undefined);
  const [rows, [total]] = await Promise.all([
    db.select().from(unassignedQrCodes).where(where).orderBy(desc(unassignedQrCodes.id)).limit(page.size).offset(page.offset),
    db.select({ value: sql<number>`count(*)::int` }).from(unassignedQrCodes).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

/** `count` new codes of the organization, each a random (version 4) uuid, newest first as the list shows them. */
export async function createBatch(db: Database, organizationId: number, count: number): Promise<UnassignedQrCode[]> {
  const rows = await db
    .insert(unassignedQrCodes)
    .values(Array.from({ length: count }, () => ({ organizationId, uuid: randomUUID() })))
    .returning();
  return rows.sort((a, b) => b.id - a.id);
}

export async function findUnassigned(db: Database, organizationId: number, uuid: string): Promise<UnassignedQrCode | undefined> {
  const [row] = await db
    .select()
    .from(unassignedQrCodes)
    .where(and(eq(unassignedQrCodes.organizationId, organizationId), eq(unassignedQrCodes.uuid, uuid.toLowerCase())));
  return row;
}

/** The building's location whose regular uuid this is (any letter case). */
export async function locationByRegularUuid(db: Database, buildingId: number, uuid: string) {
  const [row] = await db
    .select({ id: locations.id, temporaryUuid: locations.temporaryUuid })
    .from(locations)
    // A deleted location takes no code (issue 12).
    .where(and(eq(locations.buildingId, buildingId), sql`lower(${locations.regularUuid}) = ${uuid.trim().toLowerCase()}`, isNull(locations.deletedAt)));
  return row;
}

export type AssignOutcome = 'assigned' | 'code-gone' | 'location-changed';

/**
 * Makes the unassigned code the location's temporary uuid, in one transaction: the code leaves the
 * organization's unassigned codes, and the location changes only if its temporary uuid is still `expected`
 * (null: none), so two people assigning at once cannot both win, nor one overwrite a code the other just set.
 */
export async function assignCode(
  db: Database,
  input: { organizationId: number; locationId: number; uuid: string; expected: string | null },
): Promise<AssignOutcome> {
  try {
    return await db.transaction(async (tx) => {
      const taken = await tx
        .delete(unassignedQrCodes)
        .where(and(eq(unassignedQrCodes.organizationId, input.organizationId), eq(unassignedQrCodes.uuid, input.uuid)))
        .returning({ id: unassignedQrCodes.id });
      if (!taken.length) throw new Outcome('code-gone');
      const current = input.expected === null ? isNull(locations.temporaryUuid) : sql`lower(${locations.temporaryUuid}) = ${input.expected.toLowerCase()}`;
      const changed = await tx
        .update(locations)
        .set({ temporaryUuid: input.uuid })
        .where(and(eq(locations.id, input.locationId), current))
        .returning({ id: locations.id });
      if (!changed.length) throw new Outcome('location-changed');
      return 'assigned' as const;
    });
  } catch (error) {
    if (error instanceof Outcome) return error.outcome;
    throw error;
  }
}

/** Rolls the transaction back with the reason. */
class Outcome extends Error {
  constructor(readonly outcome: Exclude<AssignOutcome, 'assigned'>) {
    super(outcome);
  }
}
