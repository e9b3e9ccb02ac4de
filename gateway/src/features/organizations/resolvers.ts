import type { Resolvers } from '../../generated/resolvers';
import type { OrganizationResource } from '../../rest-types';
import { attributeResolvers } from '../../attribute-resolvers';

/** Status display of the spec (inspection.md section 3): active is Active, disabled is Inactive, paused is Paused. */
const statusLabels: Record<string, string> = { active: 'Active', disabled: 'Inactive', paused: 'Paused' };

export function organizationStatusLabel(status: string): string {
  return statusLabels[status] ?? status;
}

export const organizationResolvers: Resolvers = {
  Query: {
    organizations: (_parent, args, { data }) => data.organizations.page(args),
    organization: (_parent, { id }, { data }) => data.organizations.byId.load(id),
  },
  Organization: {
    id: (organization) => organization.id,
    ...attributeResolvers<OrganizationResource>()(['name', 'logoUrl', 'contractUrl', 'contractAcceptedAt', 'contractAcceptedBy']),
    status: (organization) => organizationStatusLabel(organization.attributes.status),
    regions: (organization, _args, { data }) => data.regions.rootsOfOrganization.load(organization.id),
  },
};
