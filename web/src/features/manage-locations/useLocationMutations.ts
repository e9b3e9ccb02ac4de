import { useCallback } from 'react';
import { useCreateLocationMutation, useDeleteLocationMutation, useReorderLocationsMutation, useUpdateLocationMutation, type ManageLocations_LocationFragment } from './ManageLocationsPage.generated';
import type { CreateLocationInput, FieldErrorCode, UpdateLocationInput } from '../../generated/schema';
import type { QrCodeRow_LocationFragment } from '../qr-codes/QrCodesPage.generated';
import type { OperationContext } from '../../lib/apollo/client';
import { runMutation } from '../../lib/apollo/runMutation';

export const SAVE_LOCATION_FAILED_MESSAGE = 'The location could not be saved. Check your connection and try again.';
export const DELETE_LOCATION_FAILED_MESSAGE = 'The location could not be deleted. Check your connection and try again.';
export const REORDER_FAILED_MESSAGE = 'The new order could not be saved. Check your connection and try again.';

export type SavedLocation = ManageLocations_LocationFragment & QrCodeRow_LocationFragment;
export type Problem = { field: string | null; message: string; code: FieldErrorCode | null };

/** How a change ended: saved, refused (field errors), stale (someone else changed it: reload), failed (network), signed out. */
export type ChangeResult<T> =
  | { status: 'saved'; value: T }
  | { status: 'refused'; errors: Problem[] }
  | { status: 'stale' }
  | { status: 'failed'; message: string }
  | { status: 'signedOut' };

function ended<T>(outcome: Awaited<ReturnType<typeof runMutation>>, failedMessage: string): Exclude<ChangeResult<T>, { status: 'saved' }> | null {
  if (outcome.status === 'signedOut') return { status: 'signedOut' };
  if (outcome.status === 'offline') return { status: 'failed', message: failedMessage };
  if (outcome.status === 'refused') {
    if (outcome.errors.some((e) => e.code === 'STALE')) return { status: 'stale' };
    return { status: 'refused', errors: outcome.errors.map((e) => ({ field: e.field ?? null, message: e.message, code: e.code })) };
  }
  return null;
}

/**
 * The Manage Locations mutations (admin-organizations-buildings.md section 7). An edit and a reorder answer the changed
 * locations, which the normalized cache takes in; a new location is read again with the page, and a deleted one leaves
 * the cache. A STALE refusal is its own outcome: the screen reloads and says so, keeping nothing half-saved.
 */
export function useLocationMutations() {
  const context = { handlesErrors: true } satisfies OperationContext;
  const [create] = useCreateLocationMutation({ context, refetchQueries: ['ManageLocationsPage'], awaitRefetchQueries: true });
  const [update] = useUpdateLocationMutation({ context });
  const [remove] = useDeleteLocationMutation({
    context,
    update(cache, { data }) {
      const id = data?.deleteLocation.deletedLocationId;
      if (!id) return;
      cache.evict({ id: cache.identify({ __typename: 'Location', id }) });
      cache.gc();
    },
  });
  const [reorder] = useReorderLocationsMutation({ context });

  const save = useCallback(
    async (existing: { id: string } | null, input: CreateLocationInput | UpdateLocationInput): Promise<ChangeResult<SavedLocation>> => {
      const outcome = await runMutation(async () =>
        existing
          ? (await update({ variables: { id: existing.id, input: input as UpdateLocationInput } })).data?.updateLocation
          : (await create({ variables: { input: input as CreateLocationInput } })).data?.createLocation,
      );
      const failure = ended<SavedLocation>(outcome, SAVE_LOCATION_FAILED_MESSAGE);
      if (failure) return failure;
      const location = outcome.status === 'done' ? outcome.value.location : null;
      return location ? { status: 'saved', value: location } : { status: 'failed', message: SAVE_LOCATION_FAILED_MESSAGE };
    },
    [create, update],
  );

  const deleteLocation = useCallback(
    async (id: string): Promise<ChangeResult<string>> => {
      const outcome = await runMutation(async () => (await remove({ variables: { id } })).data?.deleteLocation);
      const failure = ended<string>(outcome, DELETE_LOCATION_FAILED_MESSAGE);
      if (failure) return failure;
      return { status: 'saved', value: id };
    },
    [remove],
  );

  const reorderLocations = useCallback(
    async (buildingId: string, moves: Array<{ id: string; order: number; version: number }>): Promise<ChangeResult<null>> => {
      const outcome = await runMutation(async () => (await reorder({ variables: { buildingId, moves } })).data?.reorderLocations);
      const failure = ended<null>(outcome, REORDER_FAILED_MESSAGE);
      return failure ?? { status: 'saved', value: null };
    },
    [reorder],
  );

  return { save, deleteLocation, reorderLocations };
}
