import { useCallback } from 'react';
import type { FieldErrorCode, RoleInput } from '../../generated/schema';
import type { OperationContext } from '../../lib/apollo/client';
import { runMutation } from '../../lib/apollo/runMutation';
import { useCreateRoleMutation, useUpdateRoleMutation } from './Roles.generated';

export const SAVE_ROLE_FAILED_MESSAGE = 'The role could not be saved. Check your connection and try again.';

type Problem = { field: string | null; message: string; code: FieldErrorCode | null };
export type RoleSaveResult = { status: 'saved'; id: string } | { status: 'refused'; errors: Problem[] } | { status: 'failed'; message: string } | { status: 'signedOut' };
type Sent = { role?: { id: string } | null; errors: readonly { field?: string | null; message: string; code: FieldErrorCode }[] };

const context = { handlesErrors: true } satisfies OperationContext;

async function outcomeOf(send: () => Promise<Sent | null | undefined>): Promise<RoleSaveResult> {
  const outcome = await runMutation<Sent>(send);
  if (outcome.status === 'signedOut') return { status: 'signedOut' };
  if (outcome.status === 'offline') return { status: 'failed', message: SAVE_ROLE_FAILED_MESSAGE };
  if (outcome.status === 'refused') return { status: 'refused', errors: outcome.errors.map((e) => ({ field: e.field ?? null, message: e.message, code: e.code })) };
  return { status: 'saved', id: outcome.value.role?.id ?? '' };
}

/** createRole and updateRole, each answering the role as saved (the normalized cache updates without a refetch). */
export function useRoleMutations() {
  const [create] = useCreateRoleMutation({ context });
  const [update] = useUpdateRoleMutation({ context });
  return {
    create: useCallback((input: RoleInput) => outcomeOf(async () => (await create({ variables: { input } })).data?.createRole), [create]),
    update: useCallback((id: string, input: RoleInput, version: number) => outcomeOf(async () => (await update({ variables: { id, input, version } })).data?.updateRole), [update]),
  };
}
