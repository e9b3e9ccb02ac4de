import type { Resolvers } from '../../generated/resolvers';

export const applicabilityResolvers: Resolvers = {
  Mutation: {
    setWalkaboutApplicability: async (_parent, { buildingId, types }, { data }) => {
      const result = await data.applicability.set(buildingId, types);
      // The building's hasApplicableWalkaboutConditions may change with it.
      if (result.types.length) data.buildings.byId.clear(buildingId);
      return result;
    },
  },
  Building: {
    walkaboutApplicability: (building, _args, { data }) => data.applicability.ofBuilding.load(building.id),
  },
};
