import { useStopFireWatchMutation } from '../../generated/graphql';
import type { OperationContext } from '../../lib/apollo/client';
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
    try {
      const { data } = await mutate({ variables: { fireWatchId, comments: comments.trim() || null } });
      const payload = data?.stopFireWatch;
      const commentsError = payload?.errors.find((error) => error.field === 'comments');
      if (commentsError) return { ok: false, message: commentsError.message, field: 'comments' };
      if (!payload || payload.errors.length > 0 || !payload.fireWatch) return { ok: false, message: FIRE_WATCH_STOP_FAILED };
      return { ok: true };
    } catch {
      return { ok: false, message: FIRE_WATCH_STOP_FAILED };
    }
  };

  return { stop, stopping: loading };
}
