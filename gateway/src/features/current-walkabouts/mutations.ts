/**
 * Create Current Walkabouts (admin-organizations-buildings.md sections 2, 4, 6 and 7): one REST call,
 * POST /buildings/{buildingId}/walkabouts, whose answer is the walkabouts it touched with, in `included`, the building:
 * both fill this request's loaders, so the payload resolves without another call and the client's cache updates
 * the building and its walkabouts in place. 404, 409 and 422 are the payload's errors; 401 and 403 stay GraphQL errors.
 */
import { withPayloadErrors, type FieldErrorRecord } from '../../errors';
import { isRestId } from '../../loaders';
import { RestError, type RestClient } from '../../rest-client';
import type { BuildingResource, RestBody, RestRoute, WalkaboutResource } from '../../rest-types';
import type { DataSource } from '../../data-source';
import { toBuilding, type BuildingModel } from '../buildings/model';

type Route = RestRoute<'/buildings/{id}/walkabouts', 'post'>;
type Meta = RestBody<'/buildings/{id}/walkabouts', 'post'>['meta'];
export type CurrentWalkaboutChangesRecord = Meta['changes'];
type WalkaboutChangesRest = Meta['walkabouts'][number];
export type WalkaboutChangesRecord = Omit<WalkaboutChangesRest, 'walkaboutId'> & { walkabout: WalkaboutResource };

export type CreateCurrentWalkaboutsResult = {
  building: BuildingModel | null;
  walkabouts: WalkaboutResource[];
  changes: CurrentWalkaboutChangesRecord | null;
  walkaboutChanges: WalkaboutChangesRecord[];
  errors: FieldErrorRecord[];
};

const failed = (errors: FieldErrorRecord[]): CreateCurrentWalkaboutsResult => ({ building: null, walkabouts: [], changes: null, walkaboutChanges: [], errors });
const noSuchBuilding = failed([{ field: 'buildingId', message: 'There is no such building.', code: 'NOT_FOUND' }]);

export function createCurrentWalkaboutMutations(rest: RestClient, { buildings, walkabouts }: Pick<DataSource, 'buildings' | 'walkabouts'>) {
  return {
    async create(buildingId: string): Promise<CreateCurrentWalkaboutsResult> {
      if (!isRestId(buildingId)) return noSuchBuilding;
      try {
        return await withPayloadErrors(async () => {
          const document = await rest.post<Route>(`/buildings/${buildingId}/walkabouts`, undefined);
          for (const walkabout of document.data) walkabouts.byId.clear(walkabout.id).prime(walkabout.id, walkabout);
          const included = (document.included ?? []).find((r): r is BuildingResource => r.type === 'buildings' && r.id === buildingId);
          const building = included ? toBuilding(included) : null;
          if (building) buildings.byId.clear(building.id).prime(building.id, building);
          const byId = new Map(document.data.map((w) => [w.id, w]));
          return {
            building: building ?? (await buildings.byId.load(buildingId)),
            walkabouts: document.data,
            changes: document.meta.changes,
            walkaboutChanges: document.meta.walkabouts.flatMap(({ walkaboutId, ...counts }) => {
              const walkabout = byId.get(String(walkaboutId));
              return walkabout ? [{ ...counts, walkabout }] : [];
            }),
            errors: [],
          };
        }, failed);
      } catch (error) {
        if (error instanceof RestError && error.status === 404) return noSuchBuilding;
        throw error;
      }
    },
  };
}
