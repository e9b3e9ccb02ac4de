/**
 * Adding and editing organizations, their logo and contract, and accepting the contract
 * (admin-organizations-buildings.md sections 2, 4, 5, 6 and 7). An organization's contract is also
 * each of its buildings' (buildings.organization_contract: 'Contract is managed on organization
 * level.'), so it replaces their own contracts, which the user confirms first, and accepting it
 * accepts theirs.
 */
import {
  canAcceptOrganizationContract,
  canEditOrganization,
  contractOverrideQuestion,
  FILE_NOT_UPLOADED_MESSAGE,
  LOGO_NOT_IMAGE_MESSAGE,
  NO_ORGANIZATION_CONTRACT_MESSAGE,
  NOT_ALLOWED_TO_ACCEPT_ORGANIZATION_CONTRACT_MESSAGE,
  NOT_ALLOWED_TO_EDIT_ORGANIZATION_MESSAGE,
  ONLY_ADMINISTRATORS_SET_CONTRACTS_MESSAGE,
  organizationNameProblem,
} from '@fsi/shared';
import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { buildings, organizations } from '../../db/schema';
import { FieldErrors, forbidden, HttpError, notFound, type FieldError } from '../../jsonapi/errors';
import { organizationsInScope, requireAdmin, type Scope } from '../../plugins/authorization';
import { requireAcceptanceTime, requireContractFile, usernameOf } from '../buildings/contract';
import { isImageUpload, uploadOf } from '../uploads/stored';

const LOGO_POINTER = '/data/attributes/logoUrl';
const CONTRACT_POINTER = '/data/attributes/contractUrl';

/** A logo reference that was sent: an image upload; a user who is not an administrator may pass only their organization's uploads. */
async function logoProblem(db: Database, scope: Scope, reference: string): Promise<FieldError | null> {
  const upload = await uploadOf(db, reference);
  if (!upload || (!scope.isAdmin && upload.organizationId !== scope.organizationId)) return { pointer: LOGO_POINTER, detail: FILE_NOT_UPLOADED_MESSAGE };
  return isImageUpload(upload) ? null : { pointer: LOGO_POINTER, detail: LOGO_NOT_IMAGE_MESSAGE };
}

async function contractProblem(db: Database, reference: string): Promise<FieldError | null> {
  try {
    await requireContractFile(db, reference, CONTRACT_POINTER);
    return null;
  } catch (error) {
    if (error instanceof HttpError && error.status === 422) return { pointer: CONTRACT_POINTER, detail: error.detail };
    throw error;
  }
}

export type NewOrganization = { name?: string | null; logoUrl?: string | null; contractUrl?: string | null };

/** POST /organizations (administrators only): every mistake of the form in one 422. */
export async function createOrganization(db: Database, scope: Scope, input: NewOrganization): Promise<number> {
  requireAdmin(scope);
  const errors: FieldError[] = [];
  const nameProblem = organizationNameProblem(input.name);
  if (nameProblem) errors.push({ pointer: '/data/attributes/name', detail: nameProblem });
  const logo = input.logoUrl ? await logoProblem(db, scope, input.logoUrl) : null;
  if (logo) errors.push(logo);
  const contract = input.contractUrl ? await contractProblem(db, input.contractUrl) : null;
  if (contract) errors.push(contract);
  if (errors.length) throw new FieldErrors(errors);
  const [row] = await db
    .insert(organizations)
    .values({ name: input.name!.trim(), logoUrl: input.logoUrl || null, contractUrl: input.contractUrl || null })
    .returning({ id: organizations.id });
  return row!.id;
}

export type OrganizationChange = { logoUrl?: string | null; contractUrl?: string | null; overrideBuildingContracts?: boolean };

/**
 * PUT /organizations/{id}: the logo (administrators and canManageOrganization), the contract
 * (administrators only; the name is not edited, as the form shows it disabled). A new contract
 * awaits acceptance and becomes every building's; buildings with their own contracts are named in a
 * 409 until the save says overrideBuildingContracts. A cleared contract leaves the buildings that
 * had it without one. Answers the buildings whose own contracts were replaced.
 */
export async function updateOrganization(db: Database, scope: Scope, id: number, change: OrganizationChange): Promise<{ id: number; name: string }[]> {
  const [organization] = await db.select().from(organizations).where(and(eq(organizations.id, id), organizationsInScope(scope)));
  if (!organization) throw notFound('Organization');
  if (!canEditOrganization(scope.isAdmin, scope.permissions)) throw forbidden(NOT_ALLOWED_TO_EDIT_ORGANIZATION_MESSAGE);
  const contractChanges = change.contractUrl !== undefined && change.contractUrl !== organization.contractUrl;
  if (contractChanges && !scope.isAdmin) throw forbidden(ONLY_ADMINISTRATORS_SET_CONTRACTS_MESSAGE);
  const errors: FieldError[] = [];
  const logoChanges = change.logoUrl !== undefined && change.logoUrl !== organization.logoUrl;
  const logo = logoChanges && change.logoUrl ? await logoProblem(db, scope, change.logoUrl) : null;
  if (logo) errors.push(logo);
  const contract = contractChanges && change.contractUrl ? await contractProblem(db, change.contractUrl) : null;
  if (contract) errors.push(contract);
  if (errors.length) throw new FieldErrors(errors);

  const ownContracts =
    contractChanges && change.contractUrl
      ? await db
          .select({ id: buildings.id, name: buildings.name })
          .from(buildings)
          .where(and(eq(buildings.organizationId, id), isNotNull(buildings.contractUrl), eq(buildings.organizationContract, false)))
          .orderBy(asc(buildings.name), asc(buildings.id))
      : [];
  if (ownContracts.length && change.overrideBuildingContracts !== true) {
    throw new HttpError(409, contractOverrideQuestion(ownContracts.map((b) => b.name)), { pointer: '/data/attributes/overrideBuildingContracts' });
  }
  await db.transaction(async (tx) => {
    if (logoChanges) await tx.update(organizations).set({ logoUrl: change.logoUrl || null }).where(eq(organizations.id, id));
    if (!contractChanges) return;
    const contractUrl = change.contractUrl || null;
    await tx.update(organizations).set({ contractUrl, contractAcceptedAt: null, contractAcceptedBy: null }).where(eq(organizations.id, id));
    const unaccepted = { contractAcceptedAt: null, contractAccepterUsername: null };
    if (contractUrl) {
      await tx.update(buildings).set({ contractUrl, organizationContract: true, ...unaccepted }).where(eq(buildings.organizationId, id));
    } else {
      await tx
        .update(buildings)
        .set({ contractUrl: null, organizationContract: false, ...unaccepted })
        .where(and(eq(buildings.organizationId, id), eq(buildings.organizationContract, true)));
    }
  });
  return ownContracts;
}

/**
 * PATCH /organizations/{id}/accept-contract (canAcceptOrganizationContract or administrators): accepted at
 * the server's time by the caller, and with it every building whose contract is the organization's.
 * Accepting an accepted contract keeps the first acceptance.
 */
export async function acceptOrganizationContract(
  db: Database,
  scope: Scope,
  id: number,
  accepted: { value: string | null | undefined; pointer: string },
  now: Date,
): Promise<void> {
  const [organization] = await db.select().from(organizations).where(and(eq(organizations.id, id), organizationsInScope(scope)));
  if (!organization) throw notFound('Organization');
  if (!canAcceptOrganizationContract(scope.isAdmin, scope.permissions)) throw forbidden(NOT_ALLOWED_TO_ACCEPT_ORGANIZATION_CONTRACT_MESSAGE);
  requireAcceptanceTime(accepted.value, accepted.pointer);
  if (!organization.contractUrl) throw new HttpError(409, NO_ORGANIZATION_CONTRACT_MESSAGE);
  if (organization.contractAcceptedAt) return;
  const username = await usernameOf(db, scope.userId);
  await db.transaction(async (tx) => {
    // Only a contract still unaccepted: of two acceptances at once, the first is kept.
    const [first] = await tx
      .update(organizations)
      .set({ contractAcceptedAt: now, contractAcceptedBy: username })
      .where(and(eq(organizations.id, id), isNull(organizations.contractAcceptedAt)))
      .returning({ id: organizations.id });
    if (!first) return;
    await tx
      .update(buildings)
      .set({ contractAcceptedAt: now, contractAccepterUsername: username })
      .where(and(eq(buildings.organizationId, id), eq(buildings.organizationContract, true)));
  });
}
