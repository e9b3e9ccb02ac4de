import { useCallback } from 'react';
import type { CycleOverrideInput, FieldErrorCode } from '../../generated/schema';
import type { OperationContext } from '../../lib/apollo/client';
import { runMutation } from '../../lib/apollo/runMutation';
import {
  useCreateCycleOverrideMutation,
  useCreateRegionMutation,
  useDeleteCycleOverrideMutation,
  useDeleteRegionMutation,
  useRenameRegionMutation,
  useUpdateCycleOverrideMutation,
} from './RegionsPage.generated';

export const SAVE_FAILED_MESSAGE = 'The change could not be saved. Check your connection and try again.';

type Problem = { field: string | null; message: string; code: FieldErrorCode | null };
export type SaveResult = { status: 'saved'; id: string } | { status: 'refused'; errors: Problem[] } | { status: 'failed'; message: string } | { status: 'signedOut' };
export type DeleteResult = { status: 'deleted' } | { status: 'refused'; message: string } | { status: 'signedOut' };

const context = { handlesErrors: true } satisfies OperationContext;

/** One outcome per mutation: saved, refused with field errors, failed (said, the form keeps the input) or signed out. */
async function outcomeOf<P extends { errors: readonly { field?: string | null; message: string; code: FieldErrorCode }[] }>(
  send: () => Promise<P | null | undefined>,
  idOf: (payload: P) => string,
): Promise<SaveResult> {
  const outcome = await runMutation(send);
  if (outcome.status === 'signedOut') return { status: 'signedOut' };
  if (outcome.status === 'offline') return { status: 'failed', message: SAVE_FAILED_MESSAGE };
  if (outcome.status === 'refused') return { status: 'refused', errors: outcome.errors.map((e) => ({ field: e.field ?? null, message: e.message, code: e.code })) };
  return { status: 'saved', id: idOf(outcome.value) };
}

async function deletionOf<P extends { errors: readonly { message: string }[] }>(send: () => Promise<P | null | undefined>): Promise<DeleteResult> {
  const outcome = await runMutation(send as () => Promise<(P & { errors: readonly { field?: string | null; message: string; code: FieldErrorCode }[] }) | null | undefined>);
  if (outcome.status === 'signedOut') return { status: 'signedOut' };
  if (outcome.status === 'offline') return { status: 'refused', message: SAVE_FAILED_MESSAGE };
  if (outcome.status === 'refused') return { status: 'refused', message: outcome.errors.map((e) => e.message).join(' ') };
  return { status: 'deleted' };
}

/** Adds a region (parentId null) or a sub-region; the parent comes back with its children, the index is read again. */
export function useCreateRegion(organizationId: string) {
  const [create] = useCreateRegionMutation({ context, refetchQueries: ['RegionsPage'] });
  return useCallback(
    (name: string, parentId: string | null) =>
      outcomeOf(async () => (await create({ variables: { organizationId, name: name.trim(), parentId } })).data?.createRegion, (p) => p.region!.id),
    [create, organizationId],
  );
}

/** Renames a region over the version it was read at (STALE otherwise); the answer updates the cache. */
export function useRenameRegion() {
  const [rename] = useRenameRegionMutation({ context });
  return useCallback(
    (id: string, name: string, version: number) => outcomeOf(async () => (await rename({ variables: { id, name: name.trim(), version } })).data?.renameRegion, (p) => p.region!.id),
    [rename],
  );
}

/** Deletes a region; the cache forgets it and its parent comes back without it. */
export function useDeleteRegion(organizationId: string) {
  const [remove] = useDeleteRegionMutation({
    context,
    refetchQueries: ['RegionsPage'],
    update(cache, { data }) {
      const id = data?.deleteRegion.deletedRegionId;
      if (id) cache.evict({ id: cache.identify({ __typename: 'Region', id }) });
    },
  });
  return useCallback((id: string) => deletionOf(async () => (await remove({ variables: { organizationId, id } })).data?.deleteRegion), [remove, organizationId]);
}

/** Adds or changes a cycle override; the region comes back with its overrides, so its page updates without a refetch. */
export function useSaveCycleOverride(regionId: string) {
  const [create] = useCreateCycleOverrideMutation({ context });
  const [update] = useUpdateCycleOverrideMutation({ context });
  return useCallback(
    (input: CycleOverrideInput, target: { cycleId: string } | { id: string; version: number }) =>
      outcomeOf(
        async () =>
          'id' in target
            ? (await update({ variables: { id: target.id, input, version: target.version } })).data?.updateCycleOverride
            : (await create({ variables: { regionId, cycleId: target.cycleId, input } })).data?.createCycleOverride,
        (p) => p.cycleOverride!.id,
      ),
    [create, update, regionId],
  );
}

export function useDeleteCycleOverride() {
  const [remove] = useDeleteCycleOverrideMutation({
    context,
    update(cache, { data }) {
      const id = data?.deleteCycleOverride.deletedCycleOverrideId;
      if (id) cache.evict({ id: cache.identify({ __typename: 'CycleOverride', id }) });
    },
  });
  return useCallback((id: string) => deletionOf(async () => (await remove({ variables: { id } })).data?.deleteCycleOverride), [remove]);
}
