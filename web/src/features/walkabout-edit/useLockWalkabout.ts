import { useCallback } from 'react';
import { useLockWalkaboutMutation } from '../../generated/graphql';
import type { OperationContext } from '../../lib/apollo/client';
import { classifyError, payloadErrorsMessage, type SendResult } from '../../lib/apollo/mutationOutcome';

/**
 * Locks the walkabout for good (mutation lockWalkabout); the payload's walkabout updates the cached
 * one (isLocked, isOpen, lockedAt), so the list drops it without a refetch.
 */
export function useLockWalkabout(): (walkaboutId: string) => Promise<SendResult> {
  const [mutate] = useLockWalkaboutMutation({ context: { handlesErrors: true } satisfies OperationContext });
  return useCallback(
    async (id: string) => {
      try {
        const { data } = await mutate({ variables: { id } });
        const errors = data?.lockWalkabout.errors ?? [];
        if (errors.length > 0) return { status: 'refused', message: payloadErrorsMessage(errors) };
        return data ? { status: 'ok' } : { status: 'offline' };
      } catch (error) {
        return classifyError(error);
      }
    },
    [mutate],
  );
}
