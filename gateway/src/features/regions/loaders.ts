import type { RestClient } from '../../rest-client';
import type { RestBody } from '../../rest-types';
import { byIdLoader, byName, groupLoader, memoizeByArgs, prime } from '../../loaders';
import { toRegion, type RegionModel } from './model';

/**
 * The roots of what the caller sees: regions whose parent is not itself
 * visible. For an organization user these are the top-level regions; for a
 * region user, their own region (inspection.md section 2, Buildings filter).
 */
export function rootsOf(regions: RegionModel[]): RegionModel[] {
  const visible = new Set(regions.map((region) => region.id));
  return regions.filter((region) => !region.parentId || !visible.has(region.parentId)).sort(byName);
}

export function createRegionLoaders(rest: RestClient) {
  const byId = byIdLoader<RestBody<'/regions'>, RegionModel>(rest, '/regions', toRegion);
  const rootsOfOrganization = groupLoader<RestBody<'/regions'>, RegionModel>(
    rest,
    '/regions',
    'organization',
    toRegion,
    (region) => region.organizationId,
    (regions) => rootsOf(prime(byId, regions)),
  );
  return {
    byId,
    /**
     * The direct sub-regions, sorted by name. A region lists its children's ids
     * (`relationships.children`), so every region of one level asks for its
     * children through the same batched `filter[id]` call.
     */
    async childrenOf(region: RegionModel): Promise<RegionModel[]> {
      if (!region.childIds.length) return [];
      const children = await byId.loadMany(region.childIds);
      return children.filter((child): child is RegionModel => child !== null && !(child instanceof Error)).sort(byName);
    },
    rootsOfOrganization,
    /** The regions the caller may see, sorted by name; topLevelOnly keeps the roots of that scope. */
    list: memoizeByArgs(async (args: { organizationId?: string | null; topLevelOnly?: boolean | null }) => {
      const records = await rest.getAll<RestBody<'/regions'>>('/regions', { 'filter[organization]': args.organizationId });
      const regions = prime(byId, records.map(toRegion));
      return args.topLevelOnly ? rootsOf(regions) : regions.sort(byName);
    }),
  };
}

export type RegionLoaders = ReturnType<typeof createRegionLoaders>;
