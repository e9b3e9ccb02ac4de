import { useCallback } from 'react';
import { changedTaskOrders, type OrderedTask } from '@fsi/shared/tasks';
import {
  useCreateTaskMutation,
  useReorderTasksMutation,
  useSetTaskStatusMutation,
  useUpdateTaskMutation,
} from './ManageTasksPage.generated';
import type { CreateTaskInput, FieldErrorCode, TaskStatus, UpdateTaskInput } from '../../generated/schema';
import type { OperationContext } from '../../lib/apollo/client';
import { runMutation } from '../../lib/apollo/runMutation';

export const SAVE_TASK_FAILED_MESSAGE = 'The task could not be saved. Check your connection and try again.';
export const TASK_STATUS_FAILED_MESSAGE = 'The status could not be saved. Check your connection and try again.';
export const TASK_ORDER_FAILED_MESSAGE = 'The new order could not be saved. Check your connection and try again.';

export type Problem = { field: string | null; message: string; code: FieldErrorCode | null };

export type TaskSaveResult =
  | { status: 'saved' }
  | { status: 'refused'; errors: Problem[]; stale: boolean }
  | { status: 'failed'; message: string }
  | { status: 'signedOut' };

/** A change of one task or of an order: saved, refused because someone else changed it first (stale), or failed. */
export type TaskChangeResult = { status: 'saved' } | { status: 'stale'; message: string } | { status: 'failed'; message: string } | { status: 'signedOut' };

const context = { handlesErrors: true } satisfies OperationContext;

/** The list the screen shows, read again by createTask's answer so that the new task joins it in the cache. */
export type TaskListFilter = { cycleId: string | null; equipmentTypeId: string | null };

/**
 * Adds or edits a task (admin-organizations-buildings.md sections 2 and 5). An add answers the organization's task
 * list as the screen shows it, an edit the task: either way the normalized cache updates without a refetch. An edit
 * goes over the version the task was read at; a STALE refusal is said as such, and the screen reads the tasks again.
 */
export function useSaveTask(filter: TaskListFilter) {
  const [create] = useCreateTaskMutation({ context });
  const [update] = useUpdateTaskMutation({ context });
  return useCallback(
    async (change: { kind: 'create'; input: CreateTaskInput } | { kind: 'update'; id: string; input: UpdateTaskInput }): Promise<TaskSaveResult> => {
      const outcome = await runMutation(async () =>
        change.kind === 'create'
          ? (await create({ variables: { input: change.input, listCycleId: filter.cycleId, listEquipmentTypeId: filter.equipmentTypeId } })).data?.createTask
          : (await update({ variables: { id: change.id, input: change.input } })).data?.updateTask,
      );
      if (outcome.status === 'signedOut') return { status: 'signedOut' };
      if (outcome.status === 'offline') return { status: 'failed', message: SAVE_TASK_FAILED_MESSAGE };
      if (outcome.status === 'refused') {
        const errors = outcome.errors.map((error) => ({ field: error.field ?? null, message: error.message, code: error.code }));
        return { status: 'refused', errors, stale: errors.some((error) => error.code === 'STALE') };
      }
      return { status: 'saved' };
    },
    [create, update, filter.cycleId, filter.equipmentTypeId],
  );
}

function changeResult(outcome: Awaited<ReturnType<typeof runMutation>>, failedMessage: string): TaskChangeResult {
  if (outcome.status === 'signedOut') return { status: 'signedOut' };
  if (outcome.status === 'offline') return { status: 'failed', message: failedMessage };
  if (outcome.status === 'refused') {
    const stale = outcome.errors.find((error) => error.code === 'STALE');
    return stale ? { status: 'stale', message: stale.message } : { status: 'failed', message: outcome.errors.map((error) => error.message).join(' ') };
  }
  return { status: 'saved' };
}

/** Sets a task's status over the version it was read at; the answer's task carries the new status into the cache. */
export function useSetTaskStatus() {
  const [setStatus] = useSetTaskStatusMutation({ context });
  return useCallback(
    async (task: { id: string; version: number }, status: TaskStatus): Promise<TaskChangeResult> =>
      changeResult(await runMutation(async () => (await setStatus({ variables: { id: task.id, status, version: task.version } })).data?.setTaskStatus), TASK_STATUS_FAILED_MESSAGE),
    [setStatus],
  );
}

/**
 * Saves a group's arrangement (section 4): only the tasks whose order changed are sent, each with the version it was
 * read at. The answer's tasks carry their new order and version into the cache; a STALE refusal saved nothing.
 */
export function useReorderTasks() {
  const [reorder] = useReorderTasksMutation({ context });
  return useCallback(
    async (arranged: readonly OrderedTask[]): Promise<TaskChangeResult> => {
      const changes = changedTaskOrders(arranged);
      if (changes.length === 0) return { status: 'saved' };
      return changeResult(await runMutation(async () => (await reorder({ variables: { tasks: changes } })).data?.reorderTasks), TASK_ORDER_FAILED_MESSAGE);
    },
    [reorder],
  );
}
