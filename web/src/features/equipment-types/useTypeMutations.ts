import { useCallback } from 'react';
import type { Reference } from '@apollo/client';
import {
  useCreateEquipmentTypeMutation,
  useReorderEquipmentTypesMutation,
  useSetEquipmentTypeStatusMutation,
  useUpdateComponentTaskGroupOverridesMutation,
  useUpdateEquipmentTypeMutation,
} from './ManageTypesPage.generated';
import type { ConditionOverridesInput, EquipmentComponentInput, EquipmentStatus, FieldErrorCode } from '../../generated/schema';
import type { OperationContext } from '../../lib/apollo/client';
import { runMutation } from '../../lib/apollo/runMutation';

export const SAVE_TYPE_FAILED_MESSAGE = 'The equipment type could not be saved. Check your connection and try again.';
export const TYPE_ORDER_FAILED_MESSAGE = 'The new order could not be saved. Check your connection and try again.';

export type Problem = { field: string | null; message: string; code: FieldErrorCode | null };
export type TypeSaveResult = { status: 'saved' } | { status: 'refused'; errors: Problem[]; stale: boolean } | { status: 'failed'; message: string } | { status: 'signedOut' };

const context = { handlesErrors: true } satisfies OperationContext;

type Outcome = Awaited<ReturnType<typeof runMutation<{ errors: ReadonlyArray<{ field?: string | null; message: string; code: FieldErrorCode }> }>>>;

function resultOf(outcome: Outcome, failedMessage: string): TypeSaveResult {
  if (outcome.status === 'signedOut') return { status: 'signedOut' };
  if (outcome.status === 'offline') return { status: 'failed', message: failedMessage };
  if (outcome.status === 'refused') {
    const errors = outcome.errors.map((error) => ({ field: error.field ?? null, message: error.message, code: error.code }));
    return { status: 'refused', errors, stale: errors.some((error) => error.code === 'STALE') };
  }
  return { status: 'saved' };
}

/**
 * Adds a type (appended to its organization's list in the cache) or sets an existing one's components over the
 * version it was read at (section 5: its name and alias stay as they are). Either answers the type as saved.
 */
export function useSaveEquipmentType(organizationId: string) {
  const [create] = useCreateEquipmentTypeMutation({ context });
  const [update] = useUpdateEquipmentTypeMutation({ context });
  return useCallback(
    async (form: { name: string; aliasName: string; components: EquipmentComponentInput[] }, existing: { id: string; version: number } | null): Promise<TypeSaveResult> => {
      const outcome = await runMutation(async () => {
        if (existing) return (await update({ variables: { input: { id: existing.id, version: existing.version, components: form.components } } })).data?.updateEquipmentType;
        const answer = await create({
          variables: { input: { organizationId, name: form.name.trim(), aliasName: form.aliasName.trim() || null, components: form.components } },
          update(cache, { data }) {
            const added = data?.createEquipmentType.equipmentType;
            if (!added) return;
            cache.modify({
              id: cache.identify({ __typename: 'Organization', id: organizationId }),
              fields: {
                equipmentTypes: (refs: readonly Reference[], { toReference }) => [...refs, toReference({ __typename: 'EquipmentType', id: added.id })!],
              },
            });
          },
        });
        return answer.data?.createEquipmentType;
      });
      return resultOf(outcome, SAVE_TYPE_FAILED_MESSAGE);
    },
    [create, update, organizationId],
  );
}

export function useSetEquipmentTypeStatus() {
  const [set] = useSetEquipmentTypeStatusMutation({ context });
  return useCallback(
    async (id: string, status: EquipmentStatus, version: number) =>
      resultOf(await runMutation(async () => (await set({ variables: { id, status, version } })).data?.setEquipmentTypeStatus), SAVE_TYPE_FAILED_MESSAGE),
    [set],
  );
}

/** Saves an arrangement (section 4): only the types whose position changed are sent, each with the version it was read at. */
export function useReorderEquipmentTypes() {
  const [reorder] = useReorderEquipmentTypesMutation({ context });
  return useCallback(
    async (arranged: ReadonlyArray<{ id: string; order: number; version: number }>): Promise<TypeSaveResult> => {
      const changes = arranged.flatMap((type, position) => (type.order === position ? [] : [{ id: type.id, order: position, version: type.version }]));
      if (changes.length === 0) return { status: 'saved' };
      return resultOf(await runMutation(async () => (await reorder({ variables: { types: changes } })).data?.reorderEquipmentTypes), TYPE_ORDER_FAILED_MESSAGE);
    },
    [reorder],
  );
}

export function useUpdateOverrides() {
  const [update] = useUpdateComponentTaskGroupOverridesMutation({ context });
  return useCallback(
    async (id: string, overrides: ConditionOverridesInput) =>
      resultOf(await runMutation(async () => (await update({ variables: { id, overrides } })).data?.updateComponentTaskGroupOverrides), SAVE_TYPE_FAILED_MESSAGE),
    [update],
  );
}
