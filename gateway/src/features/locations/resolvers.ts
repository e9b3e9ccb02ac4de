import type { Resolvers } from '../../generated/resolvers';
import { attributeResolvers } from '../../attribute-resolvers';
import type { FloorResource, LocationCommentResource, LocationResource } from '../../rest-types';

export const locationResolvers: Resolvers = {
  Query: {
    locations: (_parent, args, { data }) => data.locations.page(args),
    location: (_parent, { id }, { data }) => data.locations.byId.load(id),
    locationByUuid: (_parent, { uuid }, { data }) => data.locations.byUuid(uuid),
    // A location's entries are walkabout records: the walkabouts loaders hold them with their sections and conditions.
    entryComparisons: (_parent, { locationId }, { data }) => data.walkabouts.entryComparisons(locationId),
  },
  Mutation: {
    addLocationComment: (_parent, { locationId, body, photoUrl }, { data }) => data.locations.addComment(locationId, body, photoUrl),
  },
  Building: {
    floors: (building, _args, { data }) => data.locations.floorsOfBuilding.load(building.id),
  },
  Location: {
    id: (location) => location.id,
    ...attributeResolvers<LocationResource>()([
      'name', 'label', 'hint', 'url', 'universalLink', 'regularUuid', 'temporaryUuid', 'floorName', 'order',
    ]),
    floorId: (location) => String(location.attributes.floorId),
    buildingId: (location) => String(location.attributes.buildingId),
  },
  Floor: {
    id: (floor) => floor.id,
    ...attributeResolvers<FloorResource>()(['name', 'order']),
  },
  LocationComment: {
    id: (comment) => comment.id,
    ...attributeResolvers<LocationCommentResource>()(['body', 'photoUrl', 'createdAt', 'creatorUsername']),
  },
};
