import type { Resolvers } from '../../generated/resolvers';

export const organizationSettingsResolvers: Resolvers = {
  Mutation: {
    createBuilding: async (_parent, { input }, { data }) => {
      const result = await data.organizationSettings.mutations.create(input);
      // The organization's buildings and counters read later in this request include the new one.
      data.organizationSettings.buildingsOfOrganization.clearAll();
      return result;
    },
    renameBuilding: async (_parent, { id, name, version }, { data }) => {
      const result = await data.organizationSettings.mutations.rename(id, name, version);
      data.buildings.byId.clear(id);
      return result;
    },
    reorderBuildings: async (_parent, { buildings }, { data }) => {
      const result = await data.organizationSettings.mutations.reorder(buildings);
      data.organizationSettings.buildingsOfOrganization.clearAll();
      for (const building of buildings) data.buildings.byId.clear(building.id);
      return result;
    },
  },
  Organization: {
    buildings: (organization, _args, { data }) => data.organizationSettings.buildingsOfOrganization.load(organization.id),
    counters: (organization, _args, { data }) => data.organizationSettings.organizationCounters.load(organization.id),
  },
  Building: {
    counters: (building, _args, { data }) => data.organizationSettings.buildingCounters.load(building.id),
  },
};
