import { useCallback } from 'react';
import type { FieldErrorCode } from '../../generated/schema';
import type { OperationContext } from '../../lib/apollo/client';
import { runMutation } from '../../lib/apollo/runMutation';
import { usePauseBuildingEquipmentTypeMutation, useReorderBuildingTypesMutation, useResumeBuildingEquipmentTypeMutation } from './BuildingTypesPage.generated';
import { usePauseBuildingTaskMutation, useResumeBuildingTaskMutation } from './BuildingTasksPage.generated';

export const STATUS_FAILED_MESSAGE = 'The status could not be saved. Check your connection and try again.';
export const REORDER_TYPES_FAILED_MESSAGE = 'The new order could not be saved. Check your connection and try again.';

export type Problem = { field: string | null; message: string; code: FieldErrorCode | null };
export type StatusResult = { status: 'saved' } | { status: 'refused'; errors: Problem[] } | { status: 'failed'; message: string } | { status: 'signedOut' };

const context = { handlesErrors: true } satisfies OperationContext;

type Payload = { errors: ReadonlyArray<{ field?: string | null; message: string; code: FieldErrorCode }> };

async function outcomeOf(send: () => Promise<Payload | null | undefined>): Promise<StatusResult> {
  const outcome = await runMutation(send);
  if (outcome.status === 'signedOut') return { status: 'signedOut' };
  if (outcome.status === 'offline') return { status: 'failed', message: STATUS_FAILED_MESSAGE };
  if (outcome.status === 'refused') return { status: 'refused', errors: outcome.errors.map((e) => ({ field: e.field ?? null, message: e.message, code: e.code })) };
  return { status: 'saved' };
}

export type Suspension = { shortName: string; description: string };

/**
 * Pausing and resuming an equipment type or a task at a building (admin-organizations-buildings.md section 4): a
 * pause creates a suspension with its short name and reason, setting it active again deletes it. Each answers the
 * changed item and the building's short names, so the normalized cache updates without a refetch.
 */
export function useBuildingStatus(buildingId: string) {
  const [pauseType] = usePauseBuildingEquipmentTypeMutation({ context });
  const [resumeType] = useResumeBuildingEquipmentTypeMutation({ context });
  const [pauseTask] = usePauseBuildingTaskMutation({ context });
  const [resumeTask] = useResumeBuildingTaskMutation({ context });
  return {
    pauseType: useCallback(
      (equipmentTypeId: string, s: Suspension) =>
        outcomeOf(async () => (await pauseType({ variables: { buildingId, equipmentTypeId, shortName: s.shortName, description: s.description || null } })).data?.pauseEquipmentType),
      [buildingId, pauseType],
    ),
    resumeType: useCallback(
      (suspensionId: string) => outcomeOf(async () => (await resumeType({ variables: { buildingId, suspensionId } })).data?.resumeEquipmentType),
      [buildingId, resumeType],
    ),
    pauseTask: useCallback(
      (taskId: string, s: Suspension) =>
        outcomeOf(async () => (await pauseTask({ variables: { buildingId, taskId, shortName: s.shortName, description: s.description || null } })).data?.pauseTask),
      [buildingId, pauseTask],
    ),
    resumeTask: useCallback(
      (suspensionId: string) => outcomeOf(async () => (await resumeTask({ variables: { buildingId, suspensionId } })).data?.resumeTask),
      [buildingId, resumeTask],
    ),
  };
}

export type TypeMove = { locationId: string; equipmentId: string; typeOrder: number; version: number };

/** Saves the types' new places at their locations: only the ones that moved, with their location's version. */
export function useReorderBuildingTypes(buildingId: string) {
  const [reorder] = useReorderBuildingTypesMutation({ context });
  return useCallback(
    async (moves: TypeMove[]): Promise<StatusResult> => {
      if (moves.length === 0) return { status: 'saved' };
      const result = await outcomeOf(async () => (await reorder({ variables: { buildingId, moves } })).data?.reorderLocationEquipment);
      return result.status === 'failed' ? { status: 'failed', message: REORDER_TYPES_FAILED_MESSAGE } : result;
    },
    [buildingId, reorder],
  );
}
