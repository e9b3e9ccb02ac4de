import type { Resolvers } from '../../generated/resolvers';
import type { BuildingResource } from '../../rest-types';
import { idOf } from '../../json-api';
import { attributeResolvers } from '../../attribute-resolvers';
import { loadOptional, loadRequired } from '../../loaders';

export const buildingResolvers: Resolvers = {
  Query: {
    buildings: (_parent, args, { data }) => data.buildings.page(args),
    building: (_parent, { id }, { data }) => data.buildings.byId.load(id),
  },
  // The REST spelling behind each GraphQL enum value (REST 'day' is GraphQL DAY).
  OffsetUnit: { NONE: 'none', MINUTE: 'minute', HOUR: 'hour', DAY: 'day', WEEK: 'week', MONTH: 'month' },
  Building: {
    id: (building) => building.id,
    ...attributeResolvers<BuildingResource>()([
      'name', 'photoUrl', 'order', 'timeZone', 'contractUrl', 'contractAccepterUsername', 'contractAcceptedAt',
      'hasApplicableWalkaboutConditions', 'buildingOffsets', 'statuses', 'summaryFailureReportTotal',
      'summaryFailureReportAcknowledgedTotal', 'summaryNotesReportTotal', 'summaryNotesReportAcknowledgedTotal',
      'walkaboutsCount', 'floorsCount', 'locationsCount', 'usersCount', 'usersWithNotificationsCount',
      'unsatisfactoryPhotosCount', 'documentsCount', 'fireSafetyPlanUrl', 'fireSafetyPlanMimetype',
      'isFireWatchStarted', 'hasActiveFireWatchWalkabout',
    ]),
    fireSafetyPlanId: (building) => idOf(building.attributes.fireSafetyPlanId),
    fireWatchId: (building) => idOf(building.attributes.fireWatchId),
    activeFireWatchWalkaboutId: (building) => idOf(building.attributes.activeFireWatchWalkaboutId),
    // The label of floors defaults to 'Floor' when empty (spec section 3).
    floorDisplayName: (building) => building.attributes.floorDisplayName || 'Floor',
    information: (building) => building.attributes.information,
    organization: (building, _args, { data }) =>
      loadRequired(data.organizations.byId, building.relationships.organization.data.id, 'organization'),
    region: (building, _args, { data }) => loadOptional(data.regions.byId, building.relationships.region.data?.id),
    fireWatchCycle: (building, _args, { data }) => loadOptional(data.cycles.byId, building.relationships.fireWatchCycle.data?.id),
  },
  BuildingStatus: {
    cycle: (status, _args, { data }) => loadRequired(data.cycles.byId, String(status.cycleId), 'cycle'),
  },
  BuildingOffset: {
    cycle: (offset, _args, { data }) => loadRequired(data.cycles.byId, String(offset.cycleId), 'cycle'),
  },
};
