import { useCallback } from 'react';
import { describeCurrentWalkaboutChanges } from '@fsi/shared';
import { useCreateCurrentWalkaboutsMutation } from './CreateCurrentWalkabouts.generated';
import type { OperationContext } from '../../lib/apollo/client';
import { runMutation } from '../../lib/apollo/runMutation';
import { refusalText } from '../../lib/outcome';

export const CREATE_CURRENT_WALKABOUTS_FAILED_MESSAGE = 'Current walkabouts could not be created. Check your connection and try again.';

/** What a press ended with: the sentence of what changed, or what went wrong (never a sign-out but for 401 and 403). */
export type CreateResult = { status: 'done'; message: string } | { status: 'failed'; message: string } | { status: 'signedOut' };

/**
 * Create Current Walkabouts (admin-organizations-buildings.md sections 2, 4 and 7). The payload's building and
 * walkabouts update the cache in place (their counts); the walkabouts' floors are dropped from the cache, since
 * their entries and conditions changed on the server and a walkabout screen must read them again.
 */
export function useCreateCurrentWalkabouts() {
  const [mutate, { loading }] = useCreateCurrentWalkaboutsMutation({
    context: { handlesErrors: true } satisfies OperationContext,
    update(cache, { data }) {
      for (const walkabout of data?.createCurrentWalkabouts.walkabouts ?? []) {
        cache.evict({ id: cache.identify({ __typename: 'Walkabout', id: walkabout.id }), fieldName: 'floors' });
      }
      cache.gc();
    },
  });
  const create = useCallback(
    async (buildingId: string): Promise<CreateResult> => {
      const outcome = await runMutation(async () => (await mutate({ variables: { buildingId } })).data?.createCurrentWalkabouts);
      if (outcome.status === 'signedOut') return { status: 'signedOut' };
      if (outcome.status === 'refused') return { status: 'failed', message: refusalText(outcome.errors) };
      if (outcome.status === 'offline' || !outcome.value.changes) return { status: 'failed', message: CREATE_CURRENT_WALKABOUTS_FAILED_MESSAGE };
      return { status: 'done', message: describeCurrentWalkaboutChanges(outcome.value.changes) };
    },
    [mutate],
  );
  return { create, creating: loading };
}
