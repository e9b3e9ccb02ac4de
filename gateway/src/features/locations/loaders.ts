/** Locations, a building's floors and off-cycle location comments over REST (docs/REST.md "Walkabout calls"). */
import DataLoader from 'dataloader';
import type { RestClient } from '../../rest-client';
import { byIdLoader, isRestId, memoizeByArgs, pageQuery, prime, toConnection, type PageArgs } from '../../loaders';
import { withPayloadErrors, type FieldErrorRecord } from '../../errors';
import type { LocationCommentResource, LocationResource, RestBody, RestRoute } from '../../rest-types';

export type CommentResult = { comment: LocationCommentResource | null; errors: FieldErrorRecord[] };

export type LocationListArgs = PageArgs & { buildingId: string; search?: string | null };

/** The backend's bound on `filter[uuid]`: a longer text is no uuid of ours. */
const UUID_MAX_LENGTH = 100;

export function createLocationLoaders(rest: RestClient) {
  const byId = byIdLoader<RestBody<'/locations'>>(rest, '/locations');
  return {
    byId,

    page: memoizeByArgs(async (args: LocationListArgs) => {
      const { page, pageSize, query } = pageQuery(args, 100);
      const document = await rest.get<RestBody<'/locations'>>('/locations', {
        ...query,
        'filter[building]': args.buildingId,
        'filter[search]': args.search?.trim() || undefined,
      });
      prime(byId, document.data);
      return toConnection(document, page, pageSize, (location) => location);
    }),

    /** The location of a scanned code (its regular or temporary uuid) within the caller's scope; null otherwise. */
    byUuid: memoizeByArgs(async (uuid: string): Promise<LocationResource | null> => {
      const text = uuid.trim();
      if (!text || text.length > UUID_MAX_LENGTH) return null;
      const document = await rest.get<RestBody<'/locations'>>('/locations', { 'filter[uuid]': text, 'page[size]': 1 });
      return prime(byId, document.data)[0] ?? null;
    }),

    /**
     * A building's floors, in order. The backend lists floors only per building (`GET /buildings/{id}/floors`,
     * no `/floors?filter[building]=`), so the buildings of one level are asked for in parallel, one call each.
     */
    floorsOfBuilding: new DataLoader<string, RestBody<'/buildings/{id}/floors'>['data']>((buildingIds) =>
      Promise.all(
        buildingIds.map((id) => (isRestId(id) ? rest.getAll<RestBody<'/buildings/{id}/floors'>>(`/buildings/${id}/floors`) : [])),
      ),
    ),

    /** POST /location-comments: an off-cycle remark; an empty one is a payload error. */
    addComment(locationId: string, body: string | null | undefined, photoUrl: string | null | undefined) {
      return withPayloadErrors(
        async () => {
          const document = await rest.post<RestRoute<'/location-comments', 'post'>>('/location-comments', {
            data: {
              type: 'location-comments',
              attributes: { body: body ?? null, photoUrl: photoUrl ?? null },
              relationships: { location: { data: { type: 'locations', id: locationId } } },
            },
          });
          return { comment: document.data, errors: [] } satisfies CommentResult;
        },
        (errors): CommentResult => ({ comment: null, errors }),
      );
    },
  };
}

export type LocationLoaders = ReturnType<typeof createLocationLoaders>;
