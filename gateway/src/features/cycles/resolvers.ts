import type { Resolvers } from '../../generated/resolvers';
import { loadRequired } from '../../loaders';

export const cycleResolvers: Resolvers = {
  Query: {
    cycles: (_parent, args, { data }) => data.cycles.list(args),
  },
  // The REST spelling behind each GraphQL enum value (REST 'daily' is GraphQL DAILY).
  Frequency: { DAILY: 'daily', WEEKLY: 'weekly', MONTHLY: 'monthly', YEARLY: 'yearly' },
  // Plain fields are the model's properties (model.ts), read by the default resolver; relationships load here.
  Cycle: {
    organization: (cycle, _args, { data }) => loadRequired(data.organizations.byId, cycle.organizationId, 'organization'),
  },
};
