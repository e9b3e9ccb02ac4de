import type { Resolvers } from '../../generated/resolvers';

export const appResolvers: Resolvers = {
  Query: {
    ok: () => true,
    appInfo: (_parent, _args, { deployment }) => deployment,
  },
  Mutation: {
    ok: () => true,
  },
};
