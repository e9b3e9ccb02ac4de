import type { Resolvers } from '../../generated/resolvers';
import { loadOptional, loadRequired } from '../../loaders';

export const cycleResolvers: Resolvers = {
  Query: {
    cycles: (_parent, args, { data }) => data.cycles.list(args),
    cycle: (_parent, { id }, { data }) => loadOptional(data.cycles.byId, id),
  },
  Mutation: {
    createCycle: (_parent, { input }, { data }) => data.cycleMutations.create(input),
    updateCycle: (_parent, { id, input, version }, { data }) => data.cycleMutations.update(id, input, version),
    deleteCycle: (_parent, { id }, { data }) => data.cycleMutations.remove(id),
  },
  Organization: {
    cycles: (organization, { search }, { data }) => data.cycles.ofOrganization(organization.id, search),
  },
  // The REST spelling behind each GraphQL enum value (REST 'daily' is GraphQL DAILY).
  Frequency: { DAILY: 'daily', WEEKLY: 'weekly', MONTHLY: 'monthly', YEARLY: 'yearly' },
  // Plain fields are the model's properties (model.ts), read by the default resolver; relationships load here.
  Cycle: {
    organization: (cycle, _args, { data }) => loadRequired(data.organizations.byId, cycle.organizationId, 'organization'),
  },
};
