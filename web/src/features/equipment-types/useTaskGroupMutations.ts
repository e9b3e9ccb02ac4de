import { useCallback } from 'react';
import { useCreateTaskGroupMutation, useUpdateTaskGroupMutation } from './ManageTaskGroupsPage.generated';
import type { OperationContext } from '../../lib/apollo/client';
import { runMutation } from '../../lib/apollo/runMutation';
import type { TypeSaveResult } from './useTypeMutations';

export const SAVE_GROUP_FAILED_MESSAGE = 'The tasks group could not be saved. Check your connection and try again.';

const context = { handlesErrors: true } satisfies OperationContext;

/**
 * Adds a tasks group or changes one over the version it was read at. The answer carries the organization's groups and
 * choices read again (tasks move between groups), so the normalized cache updates without a refetch.
 */
export function useSaveTaskGroup(organizationId: string) {
  const [create] = useCreateTaskGroupMutation({ context });
  const [update] = useUpdateTaskGroupMutation({ context });
  return useCallback(
    async (name: string, tasks: Array<{ id: string; order: number }>, existing: { id: string; version: number } | null): Promise<TypeSaveResult> => {
      const input = { name: name.trim(), tasks };
      const outcome = await runMutation(async () =>
        existing
          ? (await update({ variables: { organizationId, id: existing.id, version: existing.version, input } })).data?.updateTaskGroup
          : (await create({ variables: { organizationId, input } })).data?.createTaskGroup,
      );
      if (outcome.status === 'signedOut') return { status: 'signedOut' };
      if (outcome.status === 'offline') return { status: 'failed', message: SAVE_GROUP_FAILED_MESSAGE };
      if (outcome.status === 'refused') {
        const errors = outcome.errors.map((error) => ({ field: error.field ?? null, message: error.message, code: error.code }));
        return { status: 'refused', errors, stale: errors.some((error) => error.code === 'STALE') };
      }
      return { status: 'saved' };
    },
    [create, update, organizationId],
  );
}
