import type { Resolvers } from '../../generated/resolvers';

export const apiTokenResolvers: Resolvers = {
  Viewer: {
    apiTokens: (_viewer, args, { data }) => data.apiTokens.page(args),
  },
  Mutation: {
    createApiToken: (_parent, { input }, { data }) => data.apiTokens.create(input),
    revokeApiToken: (_parent, { id }, { data }) => data.apiTokens.revoke(id),
  },
};
