import { useCallback } from 'react';
import { useCreateApiTokenMutation, useRevokeApiTokenMutation } from './ApiTokensPage.generated';
import type { FieldErrorCode } from '../../generated/schema';
import type { OperationContext } from '../../lib/apollo/client';
import { runMutation } from '../../lib/apollo/runMutation';

export const CREATE_TOKEN_FAILED_MESSAGE = 'The API token could not be created. Check your connection and try again.';
export const REVOKE_TOKEN_FAILED_MESSAGE = 'The API token could not be revoked. Check your connection and try again.';

type Problem = { field: string | null; message: string; code: FieldErrorCode | null };

export type CreateTokenResult =
  | { status: 'created'; secret: string }
  | { status: 'refused'; errors: Problem[] }
  | { status: 'failed'; message: string }
  | { status: 'signedOut' };

const context = { handlesErrors: true } satisfies OperationContext;

/** Creates a token (issue 14): the answer carries its secret, once; the list is read again to show the new token. */
export function useCreateApiToken() {
  const [create] = useCreateApiTokenMutation({ context, refetchQueries: ['ApiTokensPage'], awaitRefetchQueries: false });
  return useCallback(
    async (input: { name: string; expiresAt: string; permissions: string[] }): Promise<CreateTokenResult> => {
      const outcome = await runMutation(async () => (await create({ variables: { input } })).data?.createApiToken);
      if (outcome.status === 'signedOut') return { status: 'signedOut' };
      if (outcome.status === 'offline') return { status: 'failed', message: CREATE_TOKEN_FAILED_MESSAGE };
      if (outcome.status === 'refused') return { status: 'refused', errors: outcome.errors.map((e) => ({ field: e.field ?? null, message: e.message, code: e.code })) };
      if (!outcome.value.secret) return { status: 'failed', message: CREATE_TOKEN_FAILED_MESSAGE };
      return { status: 'created', secret: outcome.value.secret };
    },
    [create],
  );
}

export type RevokeTokenResult = { status: 'revoked' } | { status: 'failed'; message: string } | { status: 'signedOut' };

/** Revokes a token: the answer's token (revokedAt set) updates the normalized cache, with no refetch. */
export function useRevokeApiToken() {
  const [revoke] = useRevokeApiTokenMutation({ context });
  return useCallback(
    async (id: string): Promise<RevokeTokenResult> => {
      const outcome = await runMutation(async () => (await revoke({ variables: { id } })).data?.revokeApiToken);
      if (outcome.status === 'signedOut') return { status: 'signedOut' };
      if (outcome.status === 'offline') return { status: 'failed', message: REVOKE_TOKEN_FAILED_MESSAGE };
      if (outcome.status === 'refused') return { status: 'failed', message: outcome.errors.map((e) => e.message).join(' ') };
      return { status: 'revoked' };
    },
    [revoke],
  );
}
