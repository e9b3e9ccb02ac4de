import type { Resolvers } from '../../generated/resolvers';

export const organizationResolvers: Resolvers = {
  Query: {
    organizations: (_parent, args, { data }) => data.organizations.page(args),
    organization: (_parent, { id }, { data }) => data.organizations.byId.load(id),
  },
  // Plain fields are the model's properties (model.ts), read by the default resolver; relationships load here.
  Organization: {
    regions: (organization, _args, { data }) => data.regions.rootsOfOrganization.load(organization.id),
  },
};
