/** Organization usage over REST (GET /organizations/{id}/usage, administrators only): a page of buildings' counts. */
import type { BuildingUsage } from '../../generated/resolvers';
import { isRestId, memoizeByArgs, pageQuery, toConnection, type ConnectionRecord, type PageArgs } from '../../loaders';
import { RestError, type RestClient } from '../../rest-client';
import type { RestBody } from '../../rest-types';

type UsageResource = RestBody<'/organizations/{id}/usage'>['data'][number];

const EMPTY: ConnectionRecord<BuildingUsage> = { nodes: [], pageInfo: { page: 1, pageSize: 0, totalCount: 0, hasNextPage: false } };

function usageModel(resource: UsageResource): BuildingUsage {
  const a = resource.attributes;
  return {
    id: resource.id,
    buildingName: a.building_name,
    floorDisplayName: a.floorDisplayName,
    floorsCount: a.floorsCount,
    usersCount: a.usersCount,
    usersWithNotificationsCount: a.usersWithNotificationsCount,
    locationsCount: a.locationsCount,
    unsatisfactoryPhotosCount: a.unsatisfactoryPhotosCount,
    documentsCount: a.documentsCount,
    fireSafetyPlanUrl: a.fireSafetyPlanUrl,
  };
}

export function createUsageLoaders(rest: RestClient) {
  return {
    /** One page of an organization's usage; an organization that does not exist has none. 403 stays a GraphQL error. */
    ofOrganization: memoizeByArgs(async (args: PageArgs & { organizationId: string }) => {
      const { page, pageSize, query } = pageQuery(args, 100);
      if (!isRestId(args.organizationId)) return EMPTY;
      try {
        const document = await rest.get<RestBody<'/organizations/{id}/usage'>>(`/organizations/${args.organizationId}/usage`, query);
        return toConnection(document, page, pageSize, usageModel);
      } catch (error) {
        if (error instanceof RestError && error.status === 404) return EMPTY;
        throw error;
      }
    }),
  };
}
