/**
 * The contract gate (spec inspection.md sections 2 and 4): until a building's contract is accepted, its
 * walkabouts, documents and reports are closed, in the backend as on the card. Refused with 409
 * CONTRACT_NOT_ACCEPTED, never 403: only 401 and 403 end a session (DESIGN.md section 4).
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { buildings } from '../../db/schema';
import { HttpError, notFound } from '../../jsonapi/errors';

export const CONTRACT_NOT_ACCEPTED_MESSAGE = "This building's contract has not been accepted: a building administrator must accept it first.";
export const CONTRACT_MISSING_MESSAGE = 'This building has no contract yet (Contract Missing), so its walkabouts, documents and reports are unavailable.';

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
