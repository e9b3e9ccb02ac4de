import { useCallback } from 'react';
import { useSaveWalkaboutMutation, type SaveWalkaboutInput } from '../../generated/graphql';
import type { OperationContext } from '../apollo/client';
import { classifyError, payloadErrorsMessage, type SendResult } from '../apollo/mutationOutcome';

/**
 * Sends one save of the walkabout (mutation saveWalkabout) with its device save id. The payload's
 * walkabout counts (marked, unsatisfactory, complete) update the cached walkabout, so the list shows
 * them without a refetch. The screen shows its own messages ('Network unavailable'), so the app's
 * error banner stays out of it.
 */
export function useSaveWalkabout(): (input: SaveWalkaboutInput) => Promise<SendResult> {
  const [mutate] = useSaveWalkaboutMutation({ context: { handlesErrors: true } satisfies OperationContext });
  return useCallback(
    async (input: SaveWalkaboutInput) => {
      try {
        const { data } = await mutate({ variables: { input } });
        const errors = data?.saveWalkabout.errors ?? [];
        if (errors.length > 0) return { status: 'refused', message: payloadErrorsMessage(errors) };
        if (!data) return { status: 'offline' };
        return { status: 'ok' };
      } catch (error) {
        return classifyError(error);
      }
    },
    [mutate],
  );
}
