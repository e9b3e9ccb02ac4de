import type { Resolvers } from '../../generated/resolvers';
import { shortNamesOf } from './loaders';

export const buildingTypeResolvers: Resolvers = {
  Query: {
    typesReport: (_parent, { identificator }, { data }) => data.buildingTypes.report(identificator),
  },
  Mutation: {
    pauseEquipmentType: async (_parent, { buildingId, equipmentTypeId, shortName, description }, { data }) => {
      const result = await data.buildingTypes.pauseType(buildingId, equipmentTypeId, shortName, description);
      return { ...result, building: result.equipmentType ? await data.buildings.byId.load(buildingId) : null };
    },
    resumeEquipmentType: async (_parent, { buildingId, suspensionId }, { data }) => {
      const result = await data.buildingTypes.resumeType(buildingId, suspensionId);
      return { ...result, building: result.equipmentType ? await data.buildings.byId.load(buildingId) : null };
    },
    pauseTask: async (_parent, { buildingId, taskId, shortName, description }, { data }) => {
      const result = await data.buildingTypes.pauseTask(buildingId, taskId, shortName, description);
      return { ...result, building: result.task ? await data.buildings.byId.load(buildingId) : null };
    },
    resumeTask: async (_parent, { buildingId, suspensionId }, { data }) => {
      const result = await data.buildingTypes.resumeTask(buildingId, suspensionId);
      return { ...result, building: result.task ? await data.buildings.byId.load(buildingId) : null };
    },
    startTypesReport: (_parent, { buildingId, locationId, equipmentTypeId, state }, { data }) =>
      data.buildingTypes.startReport(buildingId, locationId, equipmentTypeId, state),
  },
  Building: {
    equipmentTypes: async (building, _args, { data }) => (await data.buildingTypes.ofBuilding.load(building.id)).types,
    suspensionShortNames: async (building, _args, { data }) => shortNamesOf(await data.buildingTypes.ofBuilding.load(building.id)),
  },
  BuildingEquipmentType: {
    tasks: async (type, _args, { data }) => {
      const { tasks } = await data.buildingTypes.ofBuilding.load(type.buildingId);
      return tasks.filter((task) => task.equipmentTypeId === type.equipmentTypeId);
    },
  },
};
