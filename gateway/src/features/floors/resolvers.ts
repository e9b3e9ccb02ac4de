import type { Resolvers } from '../../generated/resolvers';
import { attributeResolvers } from '../../attribute-resolvers';
import type { FloorResource } from '../../rest-types';

export const floorResolvers: Resolvers = {
  Mutation: {
    createFloor: async (_parent, { buildingId, name }, { data }) => {
      const result = await data.floors.create(buildingId, name);
      if (!result.floor) return { ...result, building: null };
      // The building's floors and floorsCount, read again in this request.
      data.locations.floorsOfBuilding.clear(buildingId);
      data.buildings.byId.clear(buildingId);
      return { ...result, building: await data.buildings.byId.load(buildingId) };
    },
    renameFloor: async (_parent, { buildingId, id, name, version }, { data }) => {
      const result = await data.floors.rename(buildingId, id, name, version);
      if (!result.floor) return { ...result, building: null };
      data.locations.floorsOfBuilding.clear(buildingId);
      return { ...result, building: await data.buildings.byId.load(buildingId) };
    },
    reorderFloors: async (_parent, { floors }, { data }) => {
      const result = await data.floors.reorder(floors);
      for (const floor of result.floors) data.locations.floorsOfBuilding.clear(String(floor.attributes.buildingId));
      return result;
    },
  },
  Floor: {
    ...attributeResolvers<FloorResource>()(['locationsCount', 'version']),
    buildingId: (floor) => String(floor.attributes.buildingId),
  },
};
