/**
 * Adding, renaming and deleting regions through GraphQL (issue 14; admin-people-schedules.md sections 3-7): one REST
 * call each. The user's mistakes and refusals (409 STALE, 422, and 404 for a record out of scope) are the payload's
 * errors; 401 and 403 stay GraphQL errors. The regions read earlier in the request are read again after a change.
 */
import { withPayloadErrors, type FieldErrorRecord } from '../../errors';
import { isRestId, prime } from '../../loaders';
import { RestError, type RestClient } from '../../rest-client';
import type { RestRoute } from '../../rest-types';
import type { RegionLoaders } from './loaders';
import { toRegion, type RegionModel } from './model';

export type RegionResult = { region: RegionModel | null; errors: FieldErrorRecord[] };
export type DeleteRegionResult = { deletedRegionId: string | null; parentId: string | null; errors: FieldErrorRecord[] };

const noSuch = (what: string, field: string): FieldErrorRecord => ({ field, message: `There is no such ${what}.`, code: 'NOT_FOUND' });

async function onRecord<T>(what: string, field: string, ids: string[], call: () => Promise<T>, failed: (errors: FieldErrorRecord[]) => T): Promise<T> {
  if (ids.some((id) => !isRestId(id))) return failed([noSuch(what, field)]);
  try {
    return await withPayloadErrors(call, failed);
  } catch (error) {
    if (error instanceof RestError && error.status === 404) return failed([noSuch(what, field)]);
    throw error;
  }
}

export function createRegionMutations(rest: RestClient, regions: RegionLoaders) {
  const failed = (errors: FieldErrorRecord[]): RegionResult => ({ region: null, errors });
  /** Everything about regions read earlier in this request is read again (children, roots, lists). */
  const forget = () => {
    regions.byId.clearAll();
    regions.rootsOfOrganization.clearAll();
  };
  return {
    /** POST /organizations/{id}/regions. */
    create(organizationId: string, name: string | null | undefined, parentId: string | null | undefined): Promise<RegionResult> {
      return onRecord('organization or parent region', parentId ? 'parentId' : 'organizationId', parentId ? [organizationId, parentId] : [organizationId], async () => {
        const document = await rest.post<RestRoute<'/organizations/{organizationId}/regions', 'post'>>(`/organizations/${organizationId}/regions`, {
          data: { type: 'regions', attributes: { name: name ?? null, parentId: parentId ? Number(parentId) : null } },
        });
        forget();
        const [region] = prime(regions.byId, [toRegion(document.data)]);
        return { region: region!, errors: [] };
      }, failed);
    },
    /** PATCH /regions/{id} over the version it was read at. */
    rename(id: string, name: string | null | undefined, version: number): Promise<RegionResult> {
      return onRecord('region', 'id', [id], async () => {
        const document = await rest.patch<RestRoute<'/regions/{id}', 'patch'>>(`/regions/${id}`, { data: { type: 'regions', attributes: { name: name ?? null, version } } });
        forget();
        const [region] = prime(regions.byId, [toRegion(document.data)]);
        return { region: region!, errors: [] };
      }, failed);
    },
    /** DELETE /organizations/{id}/regions/{regionId}. */
    remove(organizationId: string, id: string): Promise<DeleteRegionResult> {
      const refused = (errors: FieldErrorRecord[]): DeleteRegionResult => ({ deletedRegionId: null, parentId: null, errors });
      return onRecord('region', 'id', [organizationId, id], async () => {
        const region = await regions.byId.load(id);
        if (!region) return refused([noSuch('region', 'id')]);
        await rest.delete(`/organizations/${organizationId}/regions/${id}`);
        forget();
        return { deletedRegionId: id, parentId: region.parentId, errors: [] };
      }, refused);
    },
  };
}

export type RegionMutations = ReturnType<typeof createRegionMutations>;
