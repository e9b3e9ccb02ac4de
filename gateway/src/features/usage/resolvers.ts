import type { Resolvers } from '../../generated/resolvers';

export const usageResolvers: Resolvers = {
  Organization: {
    usage: (organization, { page, pageSize }, { data }) => data.usage.ofOrganization({ organizationId: organization.id, page, pageSize }),
  },
};
