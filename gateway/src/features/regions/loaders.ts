import type { RestClient } from '../../rest-client';
import type { RegionResource } from '../../resources';
import { byIdLoader, byName, groupLoader, prime } from '../../loaders';

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
  const byId = byIdLoader<RegionResource>(rest, '/regions');
  const childrenOf = groupLoader<RegionResource>(
    rest,
    '/regions',
    'parent',
    (region) => (region.attributes.parentId ? String(region.attributes.parentId) : null),
    (regions) => prime(byId, regions).sort(byName),
  );
  const rootsOfOrganization = groupLoader<RegionResource>(
    rest,
    '/regions',
    'organization',
    (region) => String(region.attributes.organizationId),
    (regions) => rootsOf(prime(byId, regions)),
  );
  return {
    byId,
    childrenOf,
    rootsOfOrganization,
    /** The regions the caller may see, sorted by name; topLevelOnly keeps the roots of that scope. */
    async list(args: { organizationId?: string | null; topLevelOnly?: boolean | null }) {
      const regions = prime(byId, await rest.getAll<RegionResource>('/regions', { 'filter[organization]': args.organizationId }));
      return args.topLevelOnly ? rootsOf(regions) : regions.sort(byName);
    },
  };
}

export type RegionLoaders = ReturnType<typeof createRegionLoaders>;
