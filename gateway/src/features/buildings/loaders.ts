import type { RestClient } from '../../rest-client';
import type { RestBody } from '../../rest-types';
import { primeIncluded, type IncludedLoaders } from '../../included';
import { byIdLoader, memoizeByArgs, pageQuery, prime, toConnection, type PageArgs } from '../../loaders';
import { toBuilding } from './model';

/** The relationships GET /buildings can bring along (`include`), which the page asks for when the query reads them. */
export type BuildingInclude = 'organization' | 'region' | 'statusCycles';
export type BuildingListArgs = PageArgs & {
  organizationId?: string | null;
  regionId?: string | null;
  include?: readonly BuildingInclude[];
  /** The REST fields to ask of each building (`fields[buildings]`, model.ts sparseFieldsFor); absent: whole records. */
  fields?: readonly string[] | null;
};

export function createBuildingLoaders(rest: RestClient, related: Required<IncludedLoaders>) {
  const byId = byIdLoader<RestBody<'/buildings'>, ReturnType<typeof toBuilding>>(rest, '/buildings', toBuilding);
  return {
    byId,
    /**
     * The caller's buildings, one page; the backend scopes them to what the caller may see. The organizations,
     * regions and status badges' cycles the query reads come in the same answer (`include`, scoped alike) and fill
     * their by-id loaders, so the screen costs one REST call for them instead of four. `fields` asks for only the
     * attributes and relationships the query reads (the buildings screen reads 14 of 46: its answer for 24 buildings
     * goes from 58,195 to 26,973 bytes).
     */
    page: memoizeByArgs(async ({ include = [], fields = null, ...args }: BuildingListArgs) => {
      const { page, pageSize, query } = pageQuery(args, 50);
      const document = await rest.get<RestBody<'/buildings'>>('/buildings', {
        ...query,
        'filter[organization]': args.organizationId,
        'filter[region]': args.regionId,
        include: include.length ? [...include].sort().join(',') : undefined,
        'fields[buildings]': fields?.join(','),
      });
      const connection = toConnection(document, page, pageSize, toBuilding);
      // A sparse record answers only this query's fields: another field reading the building by id reads it whole.
      if (!fields) prime(byId, connection.nodes);
      primeIncluded(document.included, related);
      return connection;
    }),
  };
}

export type BuildingLoaders = ReturnType<typeof createBuildingLoaders>;
