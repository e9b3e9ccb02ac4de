import { useCallback } from 'react';
import { useSaveWalkaboutMutation, type SaveWalkaboutMutation } from './useSaveWalkabout.generated';
import type { SaveWalkaboutInput } from '../../generated/schema';
import type { OperationContext } from '../apollo/client';
import { runMutation } from '../apollo/runMutation';
import type { Outcome } from '../outcome';

export type SaveWalkaboutPayload = SaveWalkaboutMutation['saveWalkabout'];

/**
 * Sends one save of the walkabout (mutation saveWalkabout) with its device save id. The payload's
 * walkabout counts (marked, unsatisfactory, complete) update the cached walkabout, so the list shows
 * them without a refetch. The screen shows its own messages ('Network unavailable'), so the app's
 * error banner stays out of it.
 */
export function useSaveWalkabout(): (input: SaveWalkaboutInput) => Promise<Outcome<SaveWalkaboutPayload>> {
  const [mutate] = useSaveWalkaboutMutation({ context: { handlesErrors: true } satisfies OperationContext });
  return useCallback((input: SaveWalkaboutInput) => runMutation(async () => (await mutate({ variables: { input } })).data?.saveWalkabout), [mutate]);
}
