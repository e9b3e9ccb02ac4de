import type { RestClient } from '../../rest-client';
import type { RestBody } from '../../rest-types';
import { byIdLoader, memoizeByArgs, pageQuery, prime, toConnection, type PageArgs } from '../../loaders';
import { toBuilding } from './model';

export type BuildingListArgs = PageArgs & { organizationId?: string | null; regionId?: string | null };

export function createBuildingLoaders(rest: RestClient) {
  const byId = byIdLoader<RestBody<'/buildings'>, ReturnType<typeof toBuilding>>(rest, '/buildings', toBuilding);
  return {
    byId,
    /** The caller's buildings, one page; the backend scopes them to what the caller may see. */
    page: memoizeByArgs(async (args: BuildingListArgs) => {
      const { page, pageSize, query } = pageQuery(args, 50);
      const document = await rest.get<RestBody<'/buildings'>>('/buildings', {
        ...query,
        'filter[organization]': args.organizationId,
        'filter[region]': args.regionId,
      });
      const connection = toConnection(document, page, pageSize, toBuilding);
      prime(byId, connection.nodes);
      return connection;
    }),
  };
}

export type BuildingLoaders = ReturnType<typeof createBuildingLoaders>;
