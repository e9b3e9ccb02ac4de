import type { Resolvers } from '../../generated/resolvers';
import { loadOptional, loadRequired } from '../../loaders';

export const regionResolvers: Resolvers = {
  Query: {
    regions: (_parent, args, { data }) => data.regions.list(args),
  },
  // Plain fields are the model's properties (model.ts), read by the default resolver; relationships load here.
  Region: {
    organization: (region, _args, { data }) => loadRequired(data.organizations.byId, region.organizationId, 'organization'),
    parent: (region, _args, { data }) => loadOptional(data.regions.byId, region.parentId),
    children: (region, _args, { data }) => data.regions.childrenOf(region),
  },
};
