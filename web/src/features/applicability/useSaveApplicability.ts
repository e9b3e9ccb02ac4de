import { useCallback } from 'react';
import { useSetWalkaboutApplicabilityMutation } from './WalkaboutApplicabilityPage.generated';
import type { WalkaboutApplicabilityInput } from '../../generated/schema';
import type { OperationContext } from '../../lib/apollo/client';
import { runMutation } from '../../lib/apollo/runMutation';

export const SAVE_APPLICABILITY_FAILED_MESSAGE = 'The walkabout conditions could not be saved. Check your connection and try again.';

export type ApplicabilitySaveResult = { status: 'saved' } | { status: 'failed'; message: string } | { status: 'signedOut' };

/**
 * Saves the ticked conditions of the types that changed (one transaction on the server). The answer's types carry
 * their new applicable flags into the normalized cache (their ids are per building), so nothing is read again.
 */
export function useSaveApplicability(buildingId: string) {
  const [save] = useSetWalkaboutApplicabilityMutation({ context: { handlesErrors: true } satisfies OperationContext });
  return useCallback(
    async (types: WalkaboutApplicabilityInput[]): Promise<ApplicabilitySaveResult> => {
      if (types.length === 0) return { status: 'saved' };
      const outcome = await runMutation(async () => (await save({ variables: { buildingId, types } })).data?.setWalkaboutApplicability);
      if (outcome.status === 'signedOut') return { status: 'signedOut' };
      if (outcome.status === 'offline') return { status: 'failed', message: SAVE_APPLICABILITY_FAILED_MESSAGE };
      if (outcome.status === 'refused') return { status: 'failed', message: outcome.errors.map((error) => error.message).join(' ') };
      return { status: 'saved' };
    },
    [buildingId, save],
  );
}
