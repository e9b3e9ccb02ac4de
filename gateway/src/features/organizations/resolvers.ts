import type { Resolvers } from '../../generated/resolvers';

export const organizationResolvers: Resolvers = {
  Query: {
    organizations: (_parent, args, { data }) => data.organizations.page(args),
    organization: (_parent, { id }, { data }) => data.organizations.byId.load(id),
  },
  Mutation: {
    createOrganization: (_parent, { input }, { data }) => data.organizations.contracts.create(input),
    // Both change the contracts of the organization's buildings: buildings read earlier in the request are read again.
    updateOrganization: async (_parent, { id, input }, { data }) => {
      const result = await data.organizations.contracts.update(id, input);
      data.buildings.byId.clearAll();
      return result;
    },
    acceptOrganizationContract: async (_parent, { id }, { data }) => {
      const result = await data.organizations.contracts.acceptOrganization(id);
      data.buildings.byId.clearAll();
      return result;
    },
  },
  // Plain fields are the model's properties (model.ts), read by the default resolver; relationships load here.
  Organization: {
    regions: (organization, _args, { data }) => data.regions.rootsOfOrganization.load(organization.id),
  },
};
