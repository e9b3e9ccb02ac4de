import type { Resolvers } from '../../generated/resolvers';

export const organizationResolvers: Resolvers = {
  Query: {
    organizations: (_parent, args, { data }) => data.organizations.page(args),
    organization: (_parent, { id }, { data }) => data.organizations.byId.load(id),
  },
  Mutation: {
    createOrganization: (_parent, { input }, { data }) => data.organizations.contracts.create(input),
    updateOrganization: (_parent, { id, input }, { data }) => data.organizations.contracts.update(id, input),
    acceptOrganizationContract: (_parent, { id }, { data }) => data.organizations.contracts.acceptOrganization(id),
  },
  // Plain fields are the model's properties (model.ts), read by the default resolver; relationships load here.
  Organization: {
    regions: (organization, _args, { data }) => data.regions.rootsOfOrganization.load(organization.id),
  },
};
