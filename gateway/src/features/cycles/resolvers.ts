import type { Resolvers } from '../../generated/resolvers';
import type { CycleResource } from '../../rest-types';
import { attributeResolvers } from '../../attribute-resolvers';
import { loadRequired } from '../../loaders';
import { occurrenceText } from '@fsi/shared';

export const cycleResolvers: Resolvers = {
  Query: {
    cycles: (_parent, args, { data }) => data.cycles.list(args),
  },
  // The REST spelling behind each GraphQL enum value (REST 'daily' is GraphQL DAILY).
  Frequency: { DAILY: 'daily', WEEKLY: 'weekly', MONTHLY: 'monthly', YEARLY: 'yearly' },
  Cycle: {
    id: (cycle) => cycle.id,
    ...attributeResolvers<CycleResource>()(['name', 'abbreviation', 'frequency', 'every', 'start']),
    occurrence: (cycle) => occurrenceText(cycle.attributes.frequency, cycle.attributes.every),
    organization: (cycle, _args, { data }) => loadRequired(data.organizations.byId, cycle.relationships.organization.data.id, 'organization'),
  },
};
