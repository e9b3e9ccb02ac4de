import type { RestClient } from '../../rest-client';
import type { RestBody } from '../../rest-types';
import { byIdLoader, memoizeByArgs, pageQuery, prime, toConnection, type PageArgs } from '../../loaders';
import { toOrganization, type OrganizationModel } from './model';
import { createContractMutations } from './mutations';

export function createOrganizationLoaders(rest: RestClient) {
  const byId = byIdLoader<RestBody<'/organizations'>, OrganizationModel>(rest, '/organizations', toOrganization);
  return {
    byId,
    /** The organization and contract mutations; organizations read earlier in the request are read again after one. */
    contracts: createContractMutations(rest, () => byId.clearAll()),
    /** The organizations the caller may see (all for administrators), sorted by name by the backend. */
    page: memoizeByArgs(async (args: PageArgs) => {
      const { page, pageSize, query } = pageQuery(args, 100);
      const document = await rest.get<RestBody<'/organizations'>>('/organizations', query);
      const connection = toConnection(document, page, pageSize, toOrganization);
      prime(byId, connection.nodes);
      return connection;
    }),
  };
}

export type OrganizationLoaders = ReturnType<typeof createOrganizationLoaders>;
