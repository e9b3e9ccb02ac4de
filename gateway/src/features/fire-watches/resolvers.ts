import type { Resolvers } from '../../generated/resolvers';
import { attributeResolvers } from '../../attribute-resolvers';
import { loadOptional } from '../../loaders';
import type { FireWatchResource } from '../../rest-types';

export const fireWatchResolvers: Resolvers = {
  Mutation: {
    startFireWatch: (_parent, { buildingId, comments }, { data }) => data.fireWatches.start(buildingId, comments),
    stopFireWatch: (_parent, { fireWatchId, comments }, { data }) => data.fireWatches.stop(fireWatchId, comments),
  },
  Building: {
    // fireWatchId is set while a fire watch is started (and only then).
    activeFireWatch: (building, _args, { data }) => loadOptional(data.fireWatches.byId, building.fireWatchId),
  },
  FireWatch: {
    id: (fireWatch) => fireWatch.id,
    ...attributeResolvers<FireWatchResource>()(['status', 'startComments', 'endComments', 'startedAt', 'endedAt']),
  },
};
