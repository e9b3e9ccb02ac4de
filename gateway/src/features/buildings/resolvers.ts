import type { Resolvers } from '../../generated/resolvers';
import { loadEach, loadOptional, loadRequired, required } from '../../loaders';
import { fieldsReadBelow } from '../../selection';
import type { BuildingInclude } from './loaders';
import { sparseFieldsFor } from './model';

const cycleIdOf = (record: { cycleId: number }) => String(record.cycleId);

export const buildingResolvers: Resolvers = {
  Query: {
    // The organizations, regions and status cycles the page's cards read come in the buildings' answer.
    buildings: (_parent, args, { data }, info) => {
      const read = fieldsReadBelow(info, ['nodes']);
      const include: BuildingInclude[] = (['organization', 'region'] as const).filter((name) => read.has(name));
      if (read.has('statuses') && fieldsReadBelow(info, ['nodes', 'statuses']).has('cycle')) include.push('statusCycles');
      return data.buildings.page({ ...args, include, fields: sparseFieldsFor(read) });
    },
    building: (_parent, { id }, { data }) => data.buildings.byId.load(id),
  },
  // The contract mutations live with the organization's (features/organizations/mutations.ts): one set of contract rules.
  // The building read earlier in the request is stale after one: it is read again.
  Mutation: {
    acceptBuildingContract: async (_parent, { id }, { data }) => {
      const result = await data.organizations.contracts.acceptBuilding(id);
      data.buildings.byId.clear(id);
      return result;
    },
    setBuildingContract: async (_parent, { id, contractUrl }, { data }) => {
      const result = await data.organizations.contracts.setBuilding(id, contractUrl ?? null);
      data.buildings.byId.clear(id);
      return result;
    },
  },
  // The REST spelling behind each GraphQL enum value (REST 'day' is GraphQL DAY).
  OffsetUnit: { NONE: 'none', MINUTE: 'minute', HOUR: 'hour', DAY: 'day', WEEK: 'week', MONTH: 'month' },
  // Plain fields are the model's properties (model.ts), read by the default resolver; relationships load here.
  Building: {
    organization: (building, _args, { data }) => loadRequired(data.organizations.byId, building.organizationId, 'organization'),
    region: (building, _args, { data }) => loadOptional(data.regions.byId, building.regionId),
    fireWatchCycle: (building, _args, { data }) => loadOptional(data.cycles.byId, building.fireWatchCycleId),
    statuses: (building, _args, { data }) => loadEach(data.cycles.byId, building.statuses, cycleIdOf, 'cycle'),
    buildingOffsets: (building, _args, { data }) => loadEach(data.cycles.byId, building.buildingOffsets, cycleIdOf, 'cycle'),
  },
  BuildingStatus: {
    cycle: (status) => required(status.cycle, cycleIdOf(status), 'cycle'),
  },
  BuildingOffset: {
    cycle: (offset) => required(offset.cycle, cycleIdOf(offset), 'cycle'),
  },
};
