import type { Resolvers } from '../../generated/resolvers';

export const currentWalkaboutResolvers: Resolvers = {
  Mutation: {
    createCurrentWalkabouts: (_parent, { buildingId }, { data }) => data.currentWalkabouts.create(buildingId),
  },
};
