import type { Organization } from '../../generated/resolvers';
import type { PlainFields } from '../../models';
import type { OrganizationResource } from '../../rest-types';

/** Status display of the spec (inspection.md section 3): active is Active, disabled is Inactive, paused is Paused. */
const statusLabels: Record<string, string> = { active: 'Active', disabled: 'Inactive', paused: 'Paused' };

function organizationStatusLabel(status: string): string {
  return statusLabels[status] ?? status;
}

/** An organization as GraphQL serves it (models.ts). */
export type OrganizationModel = PlainFields<
  Organization,
  | 'id' | 'name' | 'logoUrl' | 'displayLogoUrl' | 'contractUrl' | 'contractFileUrl' | 'contractAcceptedAt' | 'contractAcceptedBy' | 'status'
  | 'buildingsWithContracts'
>;

export function toOrganization(organization: OrganizationResource): OrganizationModel {
  const attributes = organization.attributes;
  return {
    id: organization.id,
    name: attributes.name,
    logoUrl: attributes.logoUrl,
    displayLogoUrl: attributes.displayLogoUrl,
    contractUrl: attributes.contractUrl,
    contractFileUrl: attributes.contractFileUrl,
    contractAcceptedAt: attributes.contractAcceptedAt,
    contractAcceptedBy: attributes.contractAcceptedBy,
    status: organizationStatusLabel(attributes.status),
    buildingsWithContracts: attributes.buildingsWithContracts.map((b) => ({ id: String(b.id), name: b.name })),
  };
}
