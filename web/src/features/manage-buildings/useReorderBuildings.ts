import { useCallback } from 'react';
import type { Reference } from '@apollo/client';
import { moveInOrder, STALE_ORDER_MESSAGE } from '@fsi/shared';
import { useReorderBuildingsMutation, type ManageBuildings_BuildingFragment, type ReorderBuildingsMutation } from './ManageBuildingsPage.generated';
import type { OperationContext } from '../../lib/apollo/client';
import { runMutation } from '../../lib/apollo/runMutation';

export const REORDER_FAILED_MESSAGE = 'The new order could not be saved. Check your connection and try again.';

type Building = ManageBuildings_BuildingFragment;

export type ReorderResult = { status: 'saved' } | { status: 'stale' | 'failed'; message: string } | { status: 'signedOut' };

/**
 * Moves a building up or down (admin-organizations-buildings.md sections 2 and 4): only the buildings whose order
 * changed are sent, with the versions the user saw. The list moves at once (an optimistic answer that the cache sorts
 * in); a refusal takes the move back, and a stale order reloads the list and says STALE_ORDER_MESSAGE.
 */
export function useReorderBuildings(organizationId: string, reload: () => Promise<unknown>) {
  const context = { handlesErrors: true } satisfies OperationContext;
  const [reorder] = useReorderBuildingsMutation({
    context,
    update(cache) {
      const id = cache.identify({ __typename: 'Organization', id: organizationId });
      if (!id) return;
      cache.modify({
        id,
        fields: {
          buildings(value, { readField }) {
            const existing = Array.isArray(value) ? (value as readonly Reference[]) : [];
            const order = (ref: Reference) => readField<number>('order', ref) ?? 0;
            return [...existing].sort((a, b) => order(a) - order(b) || Number(readField<string>('id', a)) - Number(readField<string>('id', b)));
          },
        },
      });
    },
  });

  const move = useCallback(
    async (buildings: readonly Building[], index: number, direction: -1 | 1): Promise<ReorderResult> => {
      const { changed } = moveInOrder(buildings, index, direction);
      if (!changed.length) return { status: 'saved' };
      const original = new Map(buildings.map((b) => [b.id, b]));
      const outcome = await runMutation(async () => {
        const result = await reorder({
          variables: { buildings: changed.map((b) => ({ id: b.id, order: b.order, version: original.get(b.id)!.version })) },
          optimisticResponse: {
            reorderBuildings: {
              __typename: 'ReorderBuildingsPayload',
              buildings: changed.map((b) => ({ __typename: 'Building', id: b.id, order: b.order, version: original.get(b.id)!.version + 1 })),
              errors: [],
            },
          } as ReorderBuildingsMutation,
        });
        return result.data?.reorderBuildings;
      });
      if (outcome.status === 'signedOut') return { status: 'signedOut' };
      if (outcome.status === 'done') return { status: 'saved' };
      if (outcome.status === 'refused' && outcome.errors.some((error) => error.code === 'STALE')) {
        await reload().catch(() => undefined);
        return { status: 'stale', message: STALE_ORDER_MESSAGE };
      }
      if (outcome.status === 'refused') return { status: 'failed', message: outcome.errors[0]?.message ?? REORDER_FAILED_MESSAGE };
      return { status: 'failed', message: REORDER_FAILED_MESSAGE };
    },
    [reorder, reload],
  );

  return { move };
}
