import type { RestClient } from '../../rest-client';
import type { RestBody } from '../../rest-types';
import { byIdLoader, memoizeByArgs, pageQuery, prime, toConnection, type PageArgs } from '../../loaders';

export function createOrganizationLoaders(rest: RestClient) {
  const byId = byIdLoader<RestBody<'/organizations'>>(rest, '/organizations');
  return {
    byId,
    /** The organizations the caller may see (all for administrators), sorted by name by the backend. */
    page: memoizeByArgs(async (args: PageArgs) => {
      const { page, pageSize, query } = pageQuery(args, 100);
      const document = await rest.get<RestBody<'/organizations'>>('/organizations', query);
      prime(byId, document.data);
      return toConnection(document, page, pageSize);
    }),
  };
}

export type OrganizationLoaders = ReturnType<typeof createOrganizationLoaders>;
