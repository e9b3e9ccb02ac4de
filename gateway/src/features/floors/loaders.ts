/**
 * Adding, renaming and reordering floors (issue 12; admin-organizations-buildings.md sections 2 and 4-7): one REST
 * call each. The user's mistakes and refusals (409 STALE, 422, and 404 for a record out of scope) are the payload's
 * errors; 401 and 403 stay GraphQL errors. Reading a building's floors is the locations feature's loader.
 */
import type { FloorOrderInput } from '../../generated/resolvers';
import { withPayloadErrors, type FieldErrorRecord } from '../../errors';
import { isRestId } from '../../loaders';
import { RestError, type RestClient } from '../../rest-client';
import type { FloorResource, RestRoute } from '../../rest-types';

export type FloorResult = { floor: FloorResource | null; errors: FieldErrorRecord[] };
export type ReorderResult = { floors: FloorResource[]; errors: FieldErrorRecord[] };

const noSuch = (what: string, field: string): FieldErrorRecord => ({ field, message: `There is no such ${what}.`, code: 'NOT_FOUND' });

/** Payload errors for 409 and 422, and for a record that does not exist or is out of scope (404). */
async function onRecord<T>(what: string, field: string, ids: string[], call: () => Promise<T>, failed: (errors: FieldErrorRecord[]) => T): Promise<T> {
  if (ids.some((id) => !isRestId(id))) return failed([noSuch(what, field)]);
  try {
    return await withPayloadErrors(call, failed);
  } catch (error) {
    if (error instanceof RestError && error.status === 404) return failed([noSuch(what, field)]);
    throw error;
  }
}

export function createFloorLoaders(rest: RestClient) {
  const floorFailed = (errors: FieldErrorRecord[]): FloorResult => ({ floor: null, errors });
  return {
    /** POST /buildings/{id}/floor: after the last floor. */
    create(buildingId: string, name: string | null | undefined): Promise<FloorResult> {
      return onRecord('building', 'buildingId', [buildingId], async () => {
        const document = await rest.post<RestRoute<'/buildings/{id}/floor', 'post'>>(`/buildings/${buildingId}/floor`, {
          data: { type: 'floors', attributes: { name: name ?? null, building_id: Number(buildingId), order: null } },
        });
        return { floor: document.data, errors: [] };
      }, floorFailed);
    },

    /** PUT /buildings/{id}/floor over the version the floor was read at. */
    rename(buildingId: string, id: string, name: string | null | undefined, version: number): Promise<FloorResult> {
      return onRecord('floor', 'id', [buildingId, id], async () => {
        const document = await rest.put<RestRoute<'/buildings/{id}/floor', 'put'>>(`/buildings/${buildingId}/floor`, {
          data: { type: 'floors', attributes: { id: Number(id), name: name ?? null, order: null, version } },
        });
        return { floor: document.data, errors: [] };
      }, floorFailed);
    },

    /** PUT /floors/batch-update with the floors that moved. */
    reorder(floors: readonly FloorOrderInput[]): Promise<ReorderResult> {
      const failed = (errors: FieldErrorRecord[]): ReorderResult => ({ floors: [], errors });
      if (floors.length === 0) return Promise.resolve({ floors: [], errors: [] });
      return onRecord('floor', 'floors', floors.map((floor) => floor.id), async () => {
        const document = await rest.put<RestRoute<'/floors/batch-update', 'put'>>('/floors/batch-update', {
          batch_update_attributes: floors.map((floor) => ({ floor_id: Number(floor.id), order: floor.order, version: floor.version })),
        });
        return { floors: document.data, errors: [] };
      }, failed);
    },
  };
}

export type FloorLoaders = ReturnType<typeof createFloorLoaders>;
