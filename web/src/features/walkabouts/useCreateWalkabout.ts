import {
  WalkaboutsPageDocument,
  useCreateWalkaboutMutation,
  type WalkaboutsPageQuery,
} from '../../generated/graphql';
import type { OperationContext } from '../../lib/apollo/client';
import { runMutation } from '../../lib/apollo/runMutation';
import { fieldErrorsOf } from '../../lib/outcome';
import { FIRE_WATCH_WALKABOUT_NO_LOCATIONS, WALKABOUT_CREATE_FAILED } from './messages';

export type CreateWalkaboutResult = { ok: true; walkaboutId: string } | { ok: false; message: string };

/**
 * Creates the walkabout of a non-repeating cycle, or of the fire watch cycle (which opens the
 * active fire watch walkabout when there is one), and adds it to the cached walkabouts list.
 * Messages of inspection.md section 8: a fire watch walkabout refused (REST 422) has no fire
 * watch locations; any other failure 'Walkabout could not be created due to an error.'
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
    const refused = fieldErrorsOf(outcome).length > 0;
    return { ok: false, message: fireWatch && refused ? FIRE_WATCH_WALKABOUT_NO_LOCATIONS : WALKABOUT_CREATE_FAILED };
  };

  return { create, creating: loading };
}
