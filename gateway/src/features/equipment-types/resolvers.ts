import type { Resolvers } from '../../generated/resolvers';

export const equipmentTypeResolvers: Resolvers = {
  Query: {
    equipmentType: (_parent, { id }, { data }) => data.equipmentTypes.typeById.load(id),
  },
  Organization: {
    equipmentTypes: (organization, _args, { data }) => data.equipmentTypes.typesOfOrganization.load(organization.id),
    taskGroups: async (organization, _args, { data }) => (await data.equipmentTypes.groupsOfOrganization.load(organization.id)).groups,
    taskGroupChoices: async (organization, _args, { data }) => (await data.equipmentTypes.groupsOfOrganization.load(organization.id)).choices,
  },
  Mutation: {
    createEquipmentType: (_parent, { input }, { data }) => data.equipmentTypes.createType(input),
    updateEquipmentType: (_parent, { input }, { data }) => data.equipmentTypes.updateType(input.id, input.version, input.components),
    setEquipmentTypeStatus: (_parent, { id, status, version }, { data }) => data.equipmentTypes.setStatus(id, status, version),
    reorderEquipmentTypes: (_parent, { types }, { data }) => data.equipmentTypes.reorder(types),
    updateComponentTaskGroupOverrides: (_parent, { id, overrides }, { data }) => data.equipmentTypes.updateOverrides(id, overrides),
    createTaskGroup: async (_parent, { organizationId, input }, { data }) => {
      const result = await data.equipmentTypes.createGroup(organizationId, input);
      return { ...result, organization: result.taskGroup ? await data.organizations.byId.load(organizationId) : null };
    },
    updateTaskGroup: async (_parent, { organizationId, id, version, input }, { data }) => {
      const result = await data.equipmentTypes.updateGroup(organizationId, id, version, input);
      return { ...result, organization: result.taskGroup ? await data.organizations.byId.load(organizationId) : null };
    },
  },
};
