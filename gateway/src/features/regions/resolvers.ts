import type { Resolvers } from '../../generated/resolvers';
import { loadOptional, loadRequired } from '../../loaders';
import type { CycleOverrideModel } from './cycle-overrides';

export const regionResolvers: Resolvers = {
  Query: {
    regions: (_parent, args, { data }) => data.regions.list(args),
    region: (_parent, { id }, { data }) => loadOptional(data.regions.byId, id),
    cycleOverride: (_parent, { id }, { data }) => loadOptional(data.cycleOverrides.byId, id),
  },
  Mutation: {
    createRegion: async (_parent, { organizationId, name, parentId }, { data }) => {
      const result = await data.regionMutations.create(organizationId, name, parentId);
      return { ...result, parent: await loadOptional(data.regions.byId, result.region?.parentId) };
    },
    renameRegion: async (_parent, { id, name, version }, { data }) => ({ ...(await data.regionMutations.rename(id, name, version)), parent: null }),
    deleteRegion: async (_parent, { organizationId, id }, { data }) => {
      const { parentId, ...result } = await data.regionMutations.remove(organizationId, id);
      return { ...result, parent: await loadOptional(data.regions.byId, parentId) };
    },
    createCycleOverride: async (_parent, { regionId, cycleId, input }, { data }) => {
      const result = await data.cycleOverrides.create(regionId, cycleId, input);
      return { ...result, region: result.cycleOverride ? await loadOptional(data.regions.byId, regionId) : null };
    },
    updateCycleOverride: async (_parent, { id, input, version }, { data }) => {
      const result = await data.cycleOverrides.update(id, input, version);
      return { ...result, region: await loadOptional(data.regions.byId, result.cycleOverride?.regionId) };
    },
    deleteCycleOverride: async (_parent, { id }, { data }) => {
      const { regionId, ...result } = await data.cycleOverrides.remove(id);
      return { ...result, region: await loadOptional(data.regions.byId, regionId) };
    },
  },
  CycleOverride: {
    cycle: (override: CycleOverrideModel, _args, { data }) => loadRequired(data.cycles.byId, override.cycleId, 'cycle'),
  },
  // Plain fields are the model's properties (model.ts), read by the default resolver; relationships load here.
  Region: {
    organization: (region, _args, { data }) => loadRequired(data.organizations.byId, region.organizationId, 'organization'),
    parent: (region, _args, { data }) => loadOptional(data.regions.byId, region.parentId),
    children: (region, _args, { data }) => data.regions.childrenOf(region),
    cycleOverrides: (region, _args, { data }) => data.cycleOverrides.ownOf(region.id),
    inheritedCycleOverrides: (region, _args, { data }) => data.cycleOverrides.inheritedOf(region.id, region.ancestorIds),
  },
};
