/**
 * Adding, renaming and reordering buildings (issue 12; admin-organizations-buildings.md sections 2, 5-7): one REST
 * call each. The user's mistakes and refusals (422, 409 STALE, and 404 for a record out of scope) are the payload's
 * errors; 401 and 403 stay GraphQL errors.
 */
import type { BuildingOrderInput, CreateBuildingInput } from '../../generated/resolvers';
import { withPayloadErrors, type FieldErrorRecord } from '../../errors';
import { isRestId } from '../../loaders';
import { RestError, type RestClient } from '../../rest-client';
import type { RestRoute } from '../../rest-types';
import { toBuilding, type BuildingModel } from '../buildings/model';

export type BuildingResult = { building: BuildingModel | null; errors: FieldErrorRecord[] };
export type ReorderResult = { buildings: BuildingModel[]; errors: FieldErrorRecord[] };

const noSuch = (field: string, what: string): FieldErrorRecord => ({ field, message: `There is no such ${what}.`, code: 'NOT_FOUND' });

/** Payload errors for 409 and 422, and a 404 as NOT_FOUND at `field`. */
async function refusable<T>(field: string, what: string, call: () => Promise<T>, failed: (errors: FieldErrorRecord[]) => T): Promise<T> {
  try {
    return await withPayloadErrors(call, failed);
  } catch (error) {
    if (error instanceof RestError && error.status === 404) return failed([noSuch(field, what)]);
    throw error;
  }
}

export function createBuildingMutations(rest: RestClient, afterChange: () => void) {
  const buildingFailed = (errors: FieldErrorRecord[]): BuildingResult => ({ building: null, errors });
  const reorderFailed = (errors: FieldErrorRecord[]): ReorderResult => ({ buildings: [], errors });

  return {
    /** POST /buildings. */
    create(input: CreateBuildingInput): Promise<BuildingResult> {
      if (!isRestId(input.organizationId)) return Promise.resolve(buildingFailed([noSuch('organizationId', 'organization')]));
      return refusable(
        'organizationId',
        'organization',
        async () => {
          const document = await rest.post<RestRoute<'/buildings', 'post'>>('/buildings', {
            data: { type: 'buildings', attributes: { name: input.name ?? null, organization_id: input.organizationId } },
          });
          afterChange();
          return { building: toBuilding(document.data), errors: [] };
        },
        buildingFailed,
      );
    },

    /** PUT /buildings/{id}/attributes with the version the user saw. */
    rename(id: string, name: string | null | undefined, version: number): Promise<BuildingResult> {
      if (!isRestId(id)) return Promise.resolve(buildingFailed([noSuch('id', 'building')]));
      return refusable(
        'id',
        'building',
        async () => {
          const document = await rest.put<RestRoute<'/buildings/{id}/attributes', 'put'>>(`/buildings/${id}/attributes`, {
            data: { id, type: 'buildings', attributes: { name: name ?? null, version } },
          });
          afterChange();
          return { building: toBuilding(document.data), errors: [] };
        },
        buildingFailed,
      );
    },

    /** PUT /buildings/batch-update with only the buildings whose order changed. */
    reorder(buildings: readonly BuildingOrderInput[]): Promise<ReorderResult> {
      if (buildings.some((b) => !isRestId(b.id))) return Promise.resolve(reorderFailed([noSuch('id', 'building')]));
      return refusable(
        'id',
        'building',
        async () => {
          const document = await rest.put<RestRoute<'/buildings/batch-update', 'put'>>('/buildings/batch-update', {
            batch_update_attributes: buildings.map((b) => ({ building_id: b.id, order: b.order, version: b.version })),
          });
          afterChange();
          return { buildings: document.data.map(toBuilding), errors: [] };
        },
        reorderFailed,
      );
    },
  };
}
