/**
 * The contract gate (spec inspection.md sections 2 and 4): until a building's contract is accepted, its
 * walkabouts, documents and reports are closed, in the backend as on the card. Refused with 409
 * CONTRACT_NOT_ACCEPTED, never 403: only 401 and 403 end a session (DESIGN.md section 4).
 */
import {
  BUILDING_CONTRACT_IS_ORGANIZATIONS_MESSAGE,
  canAcceptBuildingContract,
  CONTRACT_ACCEPTED_AT_INVALID_MESSAGE,
  CONTRACT_MISSING_MESSAGE,
  CONTRACT_NOT_ACCEPTED_MESSAGE,
  CONTRACT_NOT_PDF_MESSAGE,
  FILE_NOT_UPLOADED_MESSAGE,
  NO_BUILDING_CONTRACT_MESSAGE,
  NOT_ALLOWED_TO_ACCEPT_BUILDING_CONTRACT_MESSAGE,
  ONLY_ADMINISTRATORS_SET_CONTRACTS_MESSAGE,
} from '@fsi/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { buildings, users } from '../../db/schema';
import { forbidden, HttpError, notFound, unprocessable } from '../../jsonapi/errors';
import { buildingsInScope, type Scope } from '../../plugins/authorization';
import { isPdfUpload, uploadOf } from '../uploads/stored';

// The gate's words live with the other contract rules in @fsi/shared (contracts.ts); re-exported for the routes that import them here.
export { CONTRACT_MISSING_MESSAGE, CONTRACT_NOT_ACCEPTED_MESSAGE };

/** Whether the building's contract is accepted (a building without a contract is not). */
export function contractAccepted(building: { contractAcceptedAt: Date | null }): boolean {
  return building.contractAcceptedAt !== null;
}

/** Throws 409 CONTRACT_NOT_ACCEPTED unless the building's contract is accepted. The caller has checked the building is in scope. */
export function requireAcceptedContract(building: { contractUrl: string | null; contractAcceptedAt: Date | null }): void {
  if (contractAccepted(building)) return;
  throw new HttpError(409, building.contractUrl ? CONTRACT_NOT_ACCEPTED_MESSAGE : CONTRACT_MISSING_MESSAGE, undefined, 'CONTRACT_NOT_ACCEPTED');
}

/** The same check by id, for routes that hold only the building's id. */
export async function requireAcceptedContractOf(db: Database, buildingId: number): Promise<void> {
  const [row] = await db
    .select({ contractUrl: buildings.contractUrl, contractAcceptedAt: buildings.contractAcceptedAt })
    .from(buildings)
    .where(eq(buildings.id, buildingId));
  if (!row) throw notFound('Building');
  requireAcceptedContract(row);
}

export type BuildingContractChange = { contractAcceptedAt?: string | null; contractUrl?: string | null };

/** The caller's username, kept with an acceptance (contractAccepterUsername, contractAcceptedBy). */
export async function usernameOf(db: Database, userId: number): Promise<string> {
  const [row] = await db.select({ username: users.username }).from(users).where(eq(users.id, userId));
  return row?.username ?? '';
}

/** A contractAcceptedAt that was sent: a valid ISO 8601 date and time, else a 422 at the field. */
export function requireAcceptanceTime(value: string | null | undefined, pointer = '/data/attributes/contractAcceptedAt'): void {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value))) return;
  throw unprocessable(CONTRACT_ACCEPTED_AT_INVALID_MESSAGE, pointer);
}

/** A contract reference that was sent: one of our uploads, a PDF (admin-organizations-buildings.md section 5), else a 422 at `pointer`. */
export async function requireContractFile(db: Database, reference: string, pointer: string): Promise<void> {
  const upload = await uploadOf(db, reference);
  if (!upload) throw unprocessable(FILE_NOT_UPLOADED_MESSAGE, pointer);
  if (!isPdfUpload(upload)) throw unprocessable(CONTRACT_NOT_PDF_MESSAGE, pointer);
}

/**
 * PATCH /buildings/{id} with contract attributes (inspection.md sections 4, 6 and 7; admin-organizations-buildings.md
 * sections 2 and 6): contractUrl sets (a PDF upload) or clears (null) the building's own contract, administrators
 * only, and a new one awaits acceptance again; contractAcceptedAt accepts it, for users with canAcceptBuildingContract.
 * The acceptance is recorded at the server's time with the caller's username; accepting an accepted contract keeps
 * the first acceptance. A contract the organization manages is accepted with the organization's (409 here).
 */
export async function changeBuildingContract(db: Database, scope: Scope, id: number, change: BuildingContractChange, now: Date): Promise<void> {
  const [building] = await db.select().from(buildings).where(and(eq(buildings.id, id), buildingsInScope(scope)));
  if (!building) throw notFound('Building');
  const next = {
    contractUrl: building.contractUrl,
    contractAcceptedAt: building.contractAcceptedAt,
    contractAccepterUsername: building.contractAccepterUsername,
    organizationContract: building.organizationContract,
  };
  const newContract = change.contractUrl;
  const contractChanges = newContract !== undefined && newContract !== building.contractUrl;
  if (contractChanges) {
    if (!scope.isAdmin) throw forbidden(ONLY_ADMINISTRATORS_SET_CONTRACTS_MESSAGE);
    if (newContract !== null) await requireContractFile(db, newContract, '/data/attributes/contractUrl');
    Object.assign(next, { contractUrl: newContract, contractAcceptedAt: null, contractAccepterUsername: null, organizationContract: false });
  }
  if (change.contractAcceptedAt !== undefined) {
    if (!canAcceptBuildingContract(scope.isAdmin, scope.permissions)) throw forbidden(NOT_ALLOWED_TO_ACCEPT_BUILDING_CONTRACT_MESSAGE);
    requireAcceptanceTime(change.contractAcceptedAt);
    if (!next.contractUrl) throw new HttpError(409, NO_BUILDING_CONTRACT_MESSAGE, { pointer: '/data/attributes/contractAcceptedAt' });
    if (next.organizationContract) throw new HttpError(409, BUILDING_CONTRACT_IS_ORGANIZATIONS_MESSAGE, { pointer: '/data/attributes/contractAcceptedAt' });
    if (!next.contractAcceptedAt) Object.assign(next, { contractAcceptedAt: now, contractAccepterUsername: await usernameOf(db, scope.userId) });
  }
  // An acceptance alone applies only to a contract still unaccepted: of two at once, the first is kept.
  const where = contractChanges ? eq(buildings.id, id) : and(eq(buildings.id, id), isNull(buildings.contractAcceptedAt));
  await db.update(buildings).set(next).where(where);
}
