/**
 * Contracts of buildings and organizations (spec inspection.md sections 2, 4, 5 and 6;
 * admin-organizations-buildings.md sections 2, 4, 5 and 6): the words the web shows and the
 * backend answers, and the rules both apply. One implementation for the three tiers.
 */
import { validateText } from './text-rule';

/** A building name or an organization name is at most this long (admin-organizations-buildings.md section 9). */
export const ORGANIZATION_NAME_MAX_LENGTH = 256;

export const ORGANIZATION_NAME_REQUIRED_MESSAGE = 'Organization name is required field';
export const ORGANIZATION_NAME_TOO_LONG_MESSAGE = `Organization name must be at most ${ORGANIZATION_NAME_MAX_LENGTH} characters`;
/** "Contract upload accepts PDF only." */
export const CONTRACT_NOT_PDF_MESSAGE = 'Contract must be a PDF file';
/** "Logo accepts images." */
export const LOGO_NOT_IMAGE_MESSAGE = 'Logo must be an image';
/** A file reference that is not one of our uploads (`/files/{key}` from POST /uploads). */
export const FILE_NOT_UPLOADED_MESSAGE = 'Upload the file first and send the URL the upload answered';

/** The building form's contract block (admin-organizations-buildings.md section 2). */
export const CONTRACT_NOT_ACCEPTED_TEXT = 'Contract has not been accepted.';
export const CONTRACT_MANAGED_BY_ORGANIZATION_TEXT = 'Contract is managed on organization level.';
/** The building card without a contract (inspection.md section 2). */
export const CONTRACT_MISSING_TEXT = 'Contract Missing';

/** The gate (inspection.md section 2): walkabouts, documents and reports of a building whose contract is not accepted are refused with these. */
export const CONTRACT_NOT_ACCEPTED_MESSAGE = "This building's contract has not been accepted: a building administrator must accept it first.";
export const CONTRACT_MISSING_MESSAGE = 'This building has no contract yet (Contract Missing), so its walkabouts, documents and reports are unavailable.';

export const NO_BUILDING_CONTRACT_MESSAGE = 'This building has no contract to accept (Contract Missing).';
export const NO_ORGANIZATION_CONTRACT_MESSAGE = 'This organization has no contract to accept.';
export const BUILDING_CONTRACT_IS_ORGANIZATIONS_MESSAGE = `${CONTRACT_MANAGED_BY_ORGANIZATION_TEXT} It is accepted with the organization's contract.`;
export const CONTRACT_ACCEPTED_AT_INVALID_MESSAGE = 'contractAcceptedAt must be an ISO 8601 date and time';
export const ONLY_ADMINISTRATORS_SET_CONTRACTS_MESSAGE = 'Only administrators may upload or clear a contract.';
export const NOT_ALLOWED_TO_ACCEPT_BUILDING_CONTRACT_MESSAGE = "You are not allowed to accept this building's contract.";
export const NOT_ALLOWED_TO_ACCEPT_ORGANIZATION_CONTRACT_MESSAGE = "You are not allowed to accept this organization's contract.";
export const NOT_ALLOWED_TO_EDIT_ORGANIZATION_MESSAGE = 'You are not allowed to edit this organization.';

/** The question asked before a contract is accepted (inspection.md section 5). */
export function acceptContractQuestion(name: string): string {
  return `Press OK to accept the ${name} Contract.`;
}

/**
 * The confirmation asked before a new organization contract overrides the contracts of the
 * buildings that have their own (admin-organizations-buildings.md section 5), naming them.
 */
export function contractOverrideQuestion(buildingNames: readonly string[]): string {
  return `The contracts of these buildings will be overridden by the organization's contract: ${buildingNames.join(', ')}. Continue?`;
}

/** Who may accept a building's contract (inspection.md section 6): canAcceptBuildingContract (administrators have every flag). */
export function canAcceptBuildingContract(isAdmin: boolean, permissions: { canAcceptBuildingContract: boolean }): boolean {
  return isAdmin || permissions.canAcceptBuildingContract;
}

/** Who may accept an organization's contract (admin-organizations-buildings.md section 6). */
export function canAcceptOrganizationContract(isAdmin: boolean, permissions: { canAcceptOrganizationContract: boolean }): boolean {
  return isAdmin || permissions.canAcceptOrganizationContract;
}

/** Who may edit an organization's logo (admin-organizations-buildings.md section 6: organization managers or admins). */
export function canEditOrganization(isAdmin: boolean, permissions: { canManageOrganization: boolean }): boolean {
  return isAdmin || permissions.canManageOrganization;
}

/** The organization name's first failing message, or null (required, length, then the shared text rule's characters and tags). */
export function organizationNameProblem(name: string | null | undefined): string | null {
  const value = (name ?? '').trim();
  if (!value) return ORGANIZATION_NAME_REQUIRED_MESSAGE;
  if (value.length > ORGANIZATION_NAME_MAX_LENGTH) return ORGANIZATION_NAME_TOO_LONG_MESSAGE;
  return validateText(value);
}

/** The contract state of a building as its form and card describe it. */
export type BuildingContractState = 'missing' | 'not-accepted' | 'accepted';

export function buildingContractState(building: { contractUrl: string | null; contractAcceptedAt: string | null }): BuildingContractState {
  if (building.contractAcceptedAt) return 'accepted';
  return building.contractUrl ? 'not-accepted' : 'missing';
}
