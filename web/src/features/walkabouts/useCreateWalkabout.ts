import { WalkaboutsPageDocument, type WalkaboutsPageQuery } from './WalkaboutsPage.generated';
import { useCreateWalkaboutMutation } from './CreateWalkabout.generated';
import type { OperationContext } from '../../lib/apollo/client';
import { runMutation } from '../../lib/apollo/runMutation';
import { fieldErrorsOf } from '../../lib/outcome';
import { FIRE_WATCH_WALKABOUT_NO_LOCATIONS, WALKABOUT_CREATE_FAILED, WALKABOUT_CREATE_UNREACHABLE } from './messages';

export type CreateWalkaboutResult = { ok: true; walkaboutId: string } | { ok: false; message: string };

/**
 * Creates the walkabout of a non-repeating cycle, or of the fire watch cycle (which opens the
 * active fire watch walkabout when there is one), and adds it to the cached walkabouts list.
 * Messages (inspection.md section 8): the fire watch walkabout refused as invalid (REST 422) has no
 * fire watch locations; another walkabout refused as invalid says why in the server's words (no
 * location has a task of the cycle, a repeating cycle has no open period); no answer says the server
 * could not be reached; anything else 'Walkabout could not be created due to an error.'
 */
export function useCreateWalkabout(buildingId: string) {
  const [mutate, { loading }] = useCreateWalkaboutMutation({
    context: { handlesErrors: true } satisfies OperationContext,
    update(cache, { data }) {
      const created = data?.createWalkabout.walkabout;
      if (!created) return;
      cache.updateQuery<WalkaboutsPageQuery>({ query: WalkaboutsPageDocument, variables: { buildingId } }, (page) => {
        if (!page || page.walkabouts.some((walkabout) => walkabout.id === created.id)) return page;
        return { ...page, walkabouts: [...page.walkabouts, created] };
      });
    },
  });

  const create = async (cycleId: string, { fireWatch = false } = {}): Promise<CreateWalkaboutResult> => {
    const outcome = await runMutation(async () => (await mutate({ variables: { buildingId, cycleId } })).data?.createWalkabout);
    if (outcome.status === 'done' && outcome.value.walkabout) return { ok: true, walkaboutId: outcome.value.walkabout.id };
    if (outcome.status === 'offline') return { ok: false, message: WALKABOUT_CREATE_UNREACHABLE };
    const invalid = fieldErrorsOf(outcome).find((error) => error.code === 'VALIDATION_FAILED');
    if (invalid) return { ok: false, message: fireWatch ? FIRE_WATCH_WALKABOUT_NO_LOCATIONS : invalid.message };
    return { ok: false, message: WALKABOUT_CREATE_FAILED };
  };

  return { create, creating: loading };
}
