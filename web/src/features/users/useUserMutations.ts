import { useCallback } from 'react';
import type { FieldErrorCode, UserInput } from '../../generated/schema';
import type { OperationContext } from '../../lib/apollo/client';
import { runMutation } from '../../lib/apollo/runMutation';
import { useChangeUserPasswordMutation, useCreateUserMutation, useSetUserActiveMutation, useUpdateUserMutation } from './Users.generated';

export const SAVE_USER_FAILED_MESSAGE = 'The user could not be saved. Check your connection and try again.';

export type Problem = { field: string | null; message: string; code: FieldErrorCode | null };
export type UserSaveResult = { status: 'saved'; id: string } | { status: 'refused'; errors: Problem[] } | { status: 'failed'; message: string } | { status: 'signedOut' };

const context = { handlesErrors: true } satisfies OperationContext;

/** One outcome for every user mutation: the payload's user lands in the normalized cache; refusals keep the form. */
type Sent = { user?: { id: string } | null; errors: readonly { field?: string | null; message: string; code: FieldErrorCode }[] };
async function outcomeOf(send: () => Promise<Sent | null | undefined>): Promise<UserSaveResult> {
  const outcome = await runMutation<Sent>(send);
  if (outcome.status === 'signedOut') return { status: 'signedOut' };
  if (outcome.status === 'offline') return { status: 'failed', message: SAVE_USER_FAILED_MESSAGE };
  if (outcome.status === 'refused') return { status: 'refused', errors: outcome.errors.map((e) => ({ field: e.field ?? null, message: e.message, code: e.code })) };
  return { status: 'saved', id: outcome.value.user?.id ?? '' };
}

/** createUser, updateUser, setUserActive and changeUserPassword, each answering the user as saved. */
export function useUserMutations() {
  const [create] = useCreateUserMutation({ context });
  const [update] = useUpdateUserMutation({ context });
  const [setActive] = useSetUserActiveMutation({ context });
  const [changePassword] = useChangeUserPasswordMutation({ context });
  return {
    create: useCallback((input: UserInput) => outcomeOf(async () => (await create({ variables: { input } })).data?.createUser), [create]),
    update: useCallback((id: string, input: UserInput, version: number) => outcomeOf(async () => (await update({ variables: { id, input, version } })).data?.updateUser), [update]),
    setActive: useCallback((id: string, active: boolean) => outcomeOf(async () => (await setActive({ variables: { id, active } })).data?.setUserActive), [setActive]),
    changePassword: useCallback((id: string, password: string) => outcomeOf(async () => (await changePassword({ variables: { id, password } })).data?.changeUserPassword), [changePassword]),
  };
}
