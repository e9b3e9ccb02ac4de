import type { Resolvers } from '../../generated/resolvers';

export const overviewResolvers: Resolvers = {
  Organization: {
    overview: (organization, { filter, page, pageSize }, { data }) =>
      data.overview.counters.load({ organizationId: organization.id, filter, page: page ?? 1, pageSize: pageSize ?? 20 }),
    overviewFilters: (organization, _args, { data }) => data.overview.organizationFilters.load(organization.id),
  },
  Building: {
    overview: (building, { filter }, { data }) =>
      data.overview.counters.load({ organizationId: building.organizationId, filter: { ...filter, buildingIds: [building.id] }, page: 1, pageSize: 1 }),
    overviewFilters: (building, _args, { data }) => data.overview.buildingFilters.load(building.id),
  },
};
