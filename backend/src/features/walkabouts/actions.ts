/** Locking a walkabout and flagging unavailable QR codes (inspection.md sections 2, 4 and 6). */
import { validateQrUnavailability, type QrUnavailabilityKind } from '@fsi/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { buildings, entries, walkaboutEdits, walkabouts } from '../../db/schema';
import { FieldErrors, HttpError, notFound } from '../../jsonapi/errors';
import { buildingsInScope, requirePermission, type Scope } from '../../plugins/authorization';
import { equipmentInScope, findWalkabout, isClosedNow, isLockedNow, type WalkaboutView } from './repository';
import { CLOSED_MESSAGE, LOCKED_MESSAGE } from './save';
import { finalizeLocked } from './scheduler';
import { requireAcceptedContract, requireAcceptedContractOf } from '../buildings/contract';

function refuseUnlessOpen(walkabout: Pick<WalkaboutView, 'lockedAt' | 'closedAt'>, now: Date): void {
  if (isClosedNow(walkabout, now)) throw new HttpError(409, CLOSED_MESSAGE, undefined, 'CLOSED');
  if (isLockedNow(walkabout, now)) throw new HttpError(409, LOCKED_MESSAGE, undefined, 'LOCKED');
}

/** Locks for good (needs canLockWalkabout) and freezes the results at once, as the schedule would at the lock time. */
export async function lockWalkabout(db: Database, scope: Scope, id: number, now: Date): Promise<void> {
  const walkabout = await findWalkabout(db, scope, id);
  if (!walkabout) throw notFound('Walkabout');
  requirePermission(scope, scope.permissions.canLockWalkabout, 'You are not allowed to lock walkabouts.');
  await requireAcceptedContractOf(db, walkabout.buildingId);
  refuseUnlessOpen(walkabout, now);
  await db.transaction(async (tx) => {
    await tx.update(walkabouts).set({ lockedAt: now, lockedBy: scope.userId }).where(eq(walkabouts.id, id));
    await finalizeLocked(tx, now, id);
  });
}

export type QrUnavailabilityInput = { entry_ids: (string | number)[]; kind: unknown; comment?: string | null };

/**
 * Flags entries whose location QR code cannot be scanned (needs canHandleUnavailableQRCodes): a
 * known reason, and a comment for access_denied. The entries must be in one of the caller's open
 * walkabouts; each flag is kept in the edit trail.
 */
export async function flagUnavailableQrCode(db: Database, scope: Scope, input: QrUnavailabilityInput, now: Date): Promise<number[]> {
  requirePermission(scope, scope.permissions.canHandleUnavailableQRCodes, 'You are not allowed to flag unavailable QR codes.');
  const problems = validateQrUnavailability({ kind: input.kind, comment: input.comment });
  const errors = Object.entries(problems).map(([field, detail]) => ({ pointer: `/data/attributes/${field}`, detail }));
  if (errors.length) throw new FieldErrors(errors);
  const ids = [...new Set(input.entry_ids.map(Number))];
  const rows = await db
    .select({
      id: entries.id,
      walkaboutId: entries.walkaboutId,
      lockedAt: walkabouts.lockedAt,
      closedAt: walkabouts.closedAt,
      contractUrl: buildings.contractUrl,
      contractAcceptedAt: buildings.contractAcceptedAt,
    })
    .from(entries)
    .innerJoin(walkabouts, eq(walkabouts.id, entries.walkaboutId))
    .innerJoin(buildings, eq(buildings.id, walkabouts.buildingId))
    .where(and(inArray(entries.id, ids), buildingsInScope(scope), equipmentInScope(scope)));
  if (rows.length !== ids.length) throw notFound('Entry');
  for (const row of rows) requireAcceptedContract(row);
  for (const row of rows) refuseUnlessOpen(row, now);
  const kind = input.kind as QrUnavailabilityKind;
  const comment = input.comment?.trim() ? input.comment.trim() : null;
  await db.transaction(async (tx) => {
    await tx.update(entries).set({ qrUnavailabilityKind: kind, qrUnavailabilityComment: comment }).where(inArray(entries.id, ids));
    await tx.insert(walkaboutEdits).values(
      rows.map((row) => ({
        walkaboutId: row.walkaboutId,
        kind: 'qr-unavailable' as const,
        entryId: row.id,
        userId: scope.userId,
        // The trail keeps the reason and comment as the flag's remarks.
        remarks: comment ? `${kind}: ${comment}` : kind,
        editedAt: now,
      })),
    );
  });
  return ids;
}
