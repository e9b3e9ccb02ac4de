import type { RestClient } from '../../rest-client';
import type { RegionResource, RestBody } from '../../rest-types';
import { byIdLoader, byName, groupLoader, memoizeByArgs, prime } from '../../loaders';

/**
 * The roots of what the caller sees: regions whose parent is not itself
 * visible. For an organization user these are the top-level regions; for a
 * region user, their own region (inspection.md section 2, Buildings filter).
 */
export function rootsOf(regions: RegionResource[]): RegionResource[] {
  const visible = new Set(regions.map((region) => region.id));
  return regions.filter((region) => !region.attributes.parentId || !visible.has(String(region.attributes.parentId))).sort(byName);
}


export function createRegionLoaders(rest: RestClient) {
  const byId = byIdLoader<RestBody<'/regions'>>(rest, '/regions');
  const rootsOfOrganization = groupLoader<RestBody<'/regions'>>(
    rest,
    '/regions',
    'organization',
    (region) => String(region.attributes.organizationId),
    (regions) => rootsOf(prime(byId, regions)),
  );
  return {
    byId,
    /**
     * The direct sub-regions, sorted by name. A region lists its children's ids
     * (`relationships.children`), so every region of one level asks for its
     * children through the same batched `filter[id]` call.
     */
    async childrenOf(region: RegionResource): Promise<RegionResource[]> {
      const ids = region.relationships.children.data.map((child) => child.id);
      if (!ids.length) return [];
      const children = await byId.loadMany(ids);
      return children.filter((child): child is RegionResource => child !== null && !(child instanceof Error)).sort(byName);
    },
    rootsOfOrganization,
    /** The regions the caller may see, sorted by name; topLevelOnly keeps the roots of that scope. */
    list: memoizeByArgs(async (args: { organizationId?: string | null; topLevelOnly?: boolean | null }) => {
      const regions = prime(byId, await rest.getAll<RestBody<'/regions'>>('/regions', { 'filter[organization]': args.organizationId }));
      return args.topLevelOnly ? rootsOf(regions) : regions.sort(byName);
    }),
  };
}

export type RegionLoaders = ReturnType<typeof createRegionLoaders>;
