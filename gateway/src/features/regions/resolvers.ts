import type { Resolvers } from '../../generated/resolvers';
import type { RegionResource } from '../../rest-types';
import { attributeResolvers } from '../../attribute-resolvers';
import { loadOptional, loadRequired } from '../../loaders';

export const regionResolvers: Resolvers = {
  Query: {
    regions: (_parent, args, { data }) => data.regions.list(args),
  },
  Region: {
    id: (region) => region.id,
    ...attributeResolvers<RegionResource>()(['name', 'level']),
    organization: (region, _args, { data }) => loadRequired(data.organizations.byId, region.relationships.organization.data.id, 'organization'),
    parent: (region, _args, { data }) => loadOptional(data.regions.byId, region.relationships.parent.data?.id),
    children: (region, _args, { data }) => data.regions.childrenOf(region),
  },
};
