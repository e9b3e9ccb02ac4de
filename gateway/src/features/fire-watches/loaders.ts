/** Fire watch start and stop over REST (inspection.md sections 4 and 7; docs/REST.md "Walkabout calls"). */
import type { RestClient } from '../../rest-client';
import type { FireWatchResource, RestBody, RestRoute } from '../../rest-types';
import type { BuildingModel } from '../buildings/model';
import { byIdLoader } from '../../loaders';
import { withPayloadErrors, type FieldErrorRecord } from '../../errors';
import type { DataSource } from '../../data-source';

export type FireWatchResult = { fireWatch: FireWatchResource | null; building: BuildingModel | null; errors: FieldErrorRecord[] };

const failed = (errors: FieldErrorRecord[]): FireWatchResult => ({ fireWatch: null, building: null, errors });

export function createFireWatchLoaders(rest: RestClient, buildings: DataSource['buildings']) {
  /** GET /fire-watches?filter[id]=…: one REST call for every Building.activeFireWatch of a request. */
  const byId = byIdLoader<RestBody<'/fire-watches'>>(rest, '/fire-watches');

  /** The fire watch as REST answered it, and its building read again (isFireWatchStarted, fireWatchId changed). */
  async function changed(fireWatch: FireWatchResource): Promise<FireWatchResult> {
    byId.clear(fireWatch.id).prime(fireWatch.id, fireWatch);
    const buildingId = String(fireWatch.attributes.buildingId);
    buildings.byId.clear(buildingId);
    return { fireWatch, building: await buildings.byId.load(buildingId), errors: [] };
  }

  return {
    byId,

    /** POST /fire-watches; 'Fire watch already started.' (422) is a payload error. */
    start(buildingId: string, comments: string | null | undefined) {
      return withPayloadErrors(async () => {
        const document = await rest.post<RestRoute<'/fire-watches', 'post'>>('/fire-watches', {
          data: {
            type: 'fire-watches',
            attributes: { status: 'started', startComments: comments ?? null },
            relationships: { building: { data: { type: 'buildings', id: buildingId } } },
          },
        });
        return changed(document.data);
      }, failed);
    },

    /** PATCH /fire-watches/{id}; one already ended (409) is a payload error. */
    stop(fireWatchId: string, comments: string | null | undefined) {
      return withPayloadErrors(async () => {
        const document = await rest.patch<RestRoute<'/fire-watches/{id}', 'patch'>>(`/fire-watches/${fireWatchId}`, {
          data: { type: 'fire-watches', attributes: { status: 'ended', endComments: comments ?? null } },
        });
        return changed(document.data);
      }, failed);
    },
  };
}

export type FireWatchLoaders = ReturnType<typeof createFireWatchLoaders>;
