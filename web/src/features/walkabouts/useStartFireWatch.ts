import { useStartFireWatchMutation } from './FireWatch.generated';
import type { OperationContext } from '../../lib/apollo/client';
import { runMutation } from '../../lib/apollo/runMutation';
import { fieldErrorsOf, refusalText } from '../../lib/outcome';
import { FIRE_WATCH_ALREADY_STARTED, FIRE_WATCH_START_FAILED, FIRE_WATCH_START_UNREACHABLE } from './messages';

export type FireWatchResult = { ok: true } | { ok: false; message: string; field?: 'comments' };

/**
 * Starts the building's fire watch with the inspector's comments. The payload's building updates
 * the cache (the fire watch card and the buildings page banner). 'Fire watch already started.'
 * (inspection.md section 8) is said only when the server refuses because one runs (code CONFLICT);
 * another refusal in the server's words, no answer as such, anything else as a failed start.
 */
export function useStartFireWatch(buildingId: string) {
  const [mutate, { loading }] = useStartFireWatchMutation({ context: { handlesErrors: true } satisfies OperationContext });

  const start = async (comments: string): Promise<FireWatchResult> => {
    const outcome = await runMutation(async () => (await mutate({ variables: { buildingId, comments: comments.trim() || null } })).data?.startFireWatch);
    const errors = fieldErrorsOf(outcome);
    const commentsError = errors.find((error) => error.field === 'comments');
    if (commentsError) return { ok: false, message: commentsError.message, field: 'comments' };
    if (outcome.status === 'done' && outcome.value.fireWatch) return { ok: true };
    if (errors.some((error) => error.code === 'CONFLICT')) return { ok: false, message: FIRE_WATCH_ALREADY_STARTED };
    if (outcome.status === 'refused') return { ok: false, message: refusalText(outcome.errors) };
    if (outcome.status === 'offline') return { ok: false, message: FIRE_WATCH_START_UNREACHABLE };
    return { ok: false, message: FIRE_WATCH_START_FAILED };
  };

  return { start, starting: loading };
}
