import type { EquipmentStatus, Resolvers } from '../../generated/resolvers';
import { fromMetadata } from './loaders';

const status = (value: 'active' | 'paused' | 'disabled') => value.toUpperCase() as EquipmentStatus;

export const locationAdminResolvers: Resolvers = {
  Mutation: {
    createLocation: (_parent, { input }, { data }) => data.locationAdmin.create(input),
    updateLocation: (_parent, { id, input }, { data }) => data.locationAdmin.update(id, input),
    deleteLocation: (_parent, { id }, { data }) => data.locationAdmin.remove(id),
    reorderLocations: (_parent, { buildingId, moves }, { data }) => data.locationAdmin.reorder(buildingId, moves),
    reorderLocationEquipment: (_parent, { buildingId, moves }, { data }) => data.locationAdmin.reorderEquipment(buildingId, moves),
  },
  Building: {
    locations: (building, args, { data }) => data.locations.page({ ...args, buildingId: building.id }),
    equipmentStates: async (building, _args, { data }) =>
      (await data.locationAdmin.equipmentStates.load(building.id)).map((s) => ({
        locationId: String(s.attributes.location.id),
        equipmentId: String(s.attributes.equipment.id),
        cycleName: s.attributes.cycle_name,
        state: s.attributes.state.toUpperCase() as 'SATISFACTORY',
      })),
    equipmentChoices: async (building, _args, { data }) =>
      (await data.locationAdmin.equipmentChoices.load(building.id)).map((e) => ({
        id: e.id,
        name: e.attributes.name,
        aliasName: e.attributes.alias_name,
        order: e.attributes.order,
        status: status(e.attributes.status),
      })),
  },
  Location: {
    version: (location) => location.attributes.version,
    equipment: (location) =>
      location.attributes.location_equipments.map((link) => ({
        id: String(link.id),
        equipmentId: String(link.equipment.id),
        name: link.equipment.name,
        status: status(link.equipment.status),
        typeOrder: link.type_order,
        secondaryData: fromMetadata(link.metadata),
      })),
    equipmentBuildingStatuses: (location) =>
      location.attributes.equipment_building_statuses.map((s) => ({
        equipmentId: String(s.equipment_id),
        suspensionId: String(s.suspension_id),
        status: status(s.building_level_status),
        shortName: s.suspension_short_name,
        description: s.suspension_description,
      })),
  },
};
