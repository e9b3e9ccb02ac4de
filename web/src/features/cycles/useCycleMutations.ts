import { useCallback } from 'react';
import type { CreateCycleInput, FieldErrorCode, UpdateCycleInput } from '../../generated/schema';
import type { OperationContext } from '../../lib/apollo/client';
import { runMutation } from '../../lib/apollo/runMutation';
import { useCreateCycleMutation, useDeleteCycleMutation, useUpdateCycleMutation } from './CyclesPage.generated';

export const SAVE_CYCLE_FAILED_MESSAGE = 'The cycle could not be saved. Check your connection and try again.';
export const DELETE_CYCLE_FAILED_MESSAGE = 'The cycle could not be deleted. Check your connection and try again.';

type Problem = { field: string | null; message: string; code: FieldErrorCode | null };
export type CycleResult = { status: 'saved'; id: string } | { status: 'refused'; errors: Problem[] } | { status: 'failed'; message: string } | { status: 'signedOut' };

const context = { handlesErrors: true } satisfies OperationContext;

/**
 * Adds or changes a cycle: the answer's cycle updates the normalized cache; a new cycle is added to the lists by
 * reading them again. Refusals (the spec's 422 words, STALE) come back with their fields; a lost connection is said;
 * only a refused session signs out (DESIGN.md section 4).
 */
export function useSaveCycle() {
  const [create] = useCreateCycleMutation({ context, refetchQueries: ['CyclesPage'] });
  const [update] = useUpdateCycleMutation({ context });
  return useCallback(
    async (input: CreateCycleInput, existing: { id: string; version: number } | null): Promise<CycleResult> => {
      const outcome = await runMutation(async () => {
        if (!existing) return (await create({ variables: { input } })).data?.createCycle;
        const { organizationId: _organizationId, ...changes } = input;
        return (await update({ variables: { id: existing.id, input: changes as UpdateCycleInput, version: existing.version } })).data?.updateCycle;
      });
      if (outcome.status === 'signedOut') return { status: 'signedOut' };
      if (outcome.status === 'offline') return { status: 'failed', message: SAVE_CYCLE_FAILED_MESSAGE };
      if (outcome.status === 'refused') return { status: 'refused', errors: outcome.errors.map((e) => ({ field: e.field ?? null, message: e.message, code: e.code })) };
      return { status: 'saved', id: outcome.value.cycle!.id };
    },
    [create, update],
  );
}

export type DeleteResult = { status: 'deleted' } | { status: 'refused'; message: string } | { status: 'signedOut' };

/** Deletes a cycle; the cache forgets it. A refusal ('Cycle cannot be deleted because …') is said, never a sign-out. */
export function useDeleteCycle() {
  const [remove] = useDeleteCycleMutation({
    context,
    update(cache, { data }) {
      const id = data?.deleteCycle.deletedCycleId;
      if (id) {
        cache.evict({ id: cache.identify({ __typename: 'Cycle', id }) });
        cache.gc();
      }
    },
  });
  return useCallback(
    async (id: string): Promise<DeleteResult> => {
      const outcome = await runMutation(async () => (await remove({ variables: { id } })).data?.deleteCycle);
      if (outcome.status === 'signedOut') return { status: 'signedOut' };
      if (outcome.status === 'offline') return { status: 'refused', message: DELETE_CYCLE_FAILED_MESSAGE };
      if (outcome.status === 'refused') return { status: 'refused', message: outcome.errors.map((e) => e.message).join(' ') };
      return { status: 'deleted' };
    },
    [remove],
  );
}
