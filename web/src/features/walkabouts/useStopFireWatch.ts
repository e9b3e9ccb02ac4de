import { useStopFireWatchMutation } from './FireWatch.generated';
import type { OperationContext } from '../../lib/apollo/client';
import { runMutation } from '../../lib/apollo/runMutation';
import { fieldErrorsOf } from '../../lib/outcome';
import { FIRE_WATCH_STOP_FAILED } from './messages';
import type { FireWatchResult } from './useStartFireWatch';

/**
 * Ends the fire watch with the inspector's comments; the payload's building updates the cache.
 * Any failure reads 'There was an issue stopping the fire watch. Please try again.'
 * (inspection.md section 8), except a mistake in the comments, shown at the field.
 */
export function useStopFireWatch() {
  const [mutate, { loading }] = useStopFireWatchMutation({ context: { handlesErrors: true } satisfies OperationContext });

  const stop = async (fireWatchId: string, comments: string): Promise<FireWatchResult> => {
    const outcome = await runMutation(async () => (await mutate({ variables: { fireWatchId, comments: comments.trim() || null } })).data?.stopFireWatch);
    const commentsError = fieldErrorsOf(outcome).find((error) => error.field === 'comments');
    if (commentsError) return { ok: false, message: commentsError.message, field: 'comments' };
    if (outcome.status !== 'done' || !outcome.value.fireWatch) return { ok: false, message: FIRE_WATCH_STOP_FAILED };
    return { ok: true };
  };

  return { stop, stopping: loading };
}
