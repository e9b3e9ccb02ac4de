import { useCallback } from 'react';
import { useLockWalkaboutMutation, type LockWalkaboutMutation } from './useLockWalkabout.generated';
import type { OperationContext } from '../../../lib/apollo/client';
import { runMutation } from '../../../lib/apollo/runMutation';
import type { Outcome } from '../../../lib/outcome';

export type LockOutcome = Outcome<LockWalkaboutMutation['lockWalkabout']>;

/**
 * Locks the walkabout for good (mutation lockWalkabout); the payload's walkabout updates the cached
 * one (isLocked, isOpen, lockedAt), so the list drops it without a refetch.
 */
export function useLockWalkabout(): (walkaboutId: string) => Promise<LockOutcome> {
  const [mutate] = useLockWalkaboutMutation({ context: { handlesErrors: true } satisfies OperationContext });
  return useCallback((id: string) => runMutation(async () => (await mutate({ variables: { id } })).data?.lockWalkabout), [mutate]);
}
