import { useCallback } from 'react';
import { changedFloorOrders, type OrderedFloor } from '@fsi/shared';
import { useCreateFloorMutation, useRenameFloorMutation, useReorderFloorsMutation } from './ManageFloorsPage.generated';
import type { FieldErrorCode } from '../../generated/schema';
import type { OperationContext } from '../../lib/apollo/client';
import { runMutation } from '../../lib/apollo/runMutation';

export const SAVE_FLOOR_FAILED_MESSAGE = 'The floor could not be saved. Check your connection and try again.';
export const REORDER_FAILED_MESSAGE = 'The new order could not be saved. Check your connection and try again.';

type Problem = { field: string | null; message: string; code: FieldErrorCode | null };

export type FloorSaveResult =
  | { status: 'saved' }
  | { status: 'refused'; errors: Problem[]; stale: boolean }
  | { status: 'failed'; message: string }
  | { status: 'signedOut' };

const context = { handlesErrors: true } satisfies OperationContext;

/**
 * Adds or renames a floor (admin-organizations-buildings.md sections 2 and 5). An add answers the building with its
 * floors, a rename the floor: either way the normalized cache updates without a refetch. A rename goes over the
 * version the floor was read at; a STALE refusal is said as such, and the screen reads the floors again.
 */
export function useSaveFloor(buildingId: string) {
  const [create] = useCreateFloorMutation({ context });
  const [rename] = useRenameFloorMutation({ context });
  return useCallback(
    async (name: string, existing: { id: string; version: number } | null): Promise<FloorSaveResult> => {
      const outcome = await runMutation(async () =>
        existing
          ? (await rename({ variables: { buildingId, id: existing.id, name: name.trim(), version: existing.version } })).data?.renameFloor
          : (await create({ variables: { buildingId, name: name.trim() } })).data?.createFloor,
      );
      if (outcome.status === 'signedOut') return { status: 'signedOut' };
      if (outcome.status === 'offline') return { status: 'failed', message: SAVE_FLOOR_FAILED_MESSAGE };
      if (outcome.status === 'refused') {
        const errors = outcome.errors.map((error) => ({ field: error.field ?? null, message: error.message, code: error.code }));
        return { status: 'refused', errors, stale: errors.some((error) => error.code === 'STALE') };
      }
      return { status: 'saved' };
    },
    [buildingId, create, rename],
  );
}

export type ReorderResult = { status: 'saved' } | { status: 'stale'; message: string } | { status: 'failed'; message: string } | { status: 'signedOut' };

/**
 * Saves an arrangement (section 4): only the floors whose position changed are sent, each with the version it was
 * read at. The answer's floors carry their new order and version into the cache; a STALE refusal saved nothing.
 */
export function useReorderFloors() {
  const [reorder] = useReorderFloorsMutation({ context });
  return useCallback(
    async (arranged: readonly OrderedFloor[]): Promise<ReorderResult> => {
      const changes = changedFloorOrders(arranged);
      if (changes.length === 0) return { status: 'saved' };
      const outcome = await runMutation(async () => (await reorder({ variables: { floors: changes } })).data?.reorderFloors);
      if (outcome.status === 'signedOut') return { status: 'signedOut' };
      if (outcome.status === 'offline') return { status: 'failed', message: REORDER_FAILED_MESSAGE };
      if (outcome.status === 'refused') {
        const stale = outcome.errors.find((error) => error.code === 'STALE');
        return stale ? { status: 'stale', message: stale.message } : { status: 'failed', message: outcome.errors.map((error) => error.message).join(' ') };
      }
      return { status: 'saved' };
    },
    [reorder],
  );
}
