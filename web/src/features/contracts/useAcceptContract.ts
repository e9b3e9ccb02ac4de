import { useCallback } from 'react';
import type { ApolloCache } from '@apollo/client';
import { useAcceptBuildingContractMutation, useAcceptOrganizationContractMutation } from './AcceptContract.generated';
import type { OperationContext } from '../../lib/apollo/client';
import { runMutation } from '../../lib/apollo/runMutation';
import { refusalText } from '../../lib/outcome';

export const ACCEPT_CONTRACT_FAILED_MESSAGE = 'The contract could not be accepted. Check your connection and try again.';

/** null when the contract is accepted; otherwise what to tell the user (the sheet stays open). */
export type AcceptResult = string | null;

/**
 * The buildings in the cache whose contract is the organization's are accepted with it (the backend does the same):
 * their cards open at once, without asking the server again.
 */
function acceptOrganizationBuildings(cache: ApolloCache<unknown>, organizationId: string, acceptedAt: string, acceptedBy: string | null) {
  const organizationRef = cache.identify({ __typename: 'Organization', id: organizationId });
  const stored = cache.extract() as Record<string, { __typename?: string; organizationContract?: boolean; organization?: { __ref?: string } } | undefined>;
  for (const [id, entity] of Object.entries(stored)) {
    if (entity?.__typename !== 'Building' || entity.organizationContract !== true || entity.organization?.__ref !== organizationRef) continue;
    cache.modify({ id, fields: { contractAcceptedAt: () => acceptedAt, contractAccepterUsername: () => acceptedBy } });
  }
}

/** Accepts a building's own contract; the payload's building updates its card through the cache. */
export function useAcceptBuildingContract() {
  const [mutate, { loading }] = useAcceptBuildingContractMutation({ context: { handlesErrors: true } satisfies OperationContext });
  const accept = useCallback(
    async (buildingId: string): Promise<AcceptResult> => {
      const outcome = await runMutation(async () => (await mutate({ variables: { id: buildingId } })).data?.acceptBuildingContract);
      if (outcome.status === 'refused') return refusalText(outcome.errors);
      if (outcome.status !== 'done' || !outcome.value.building) return ACCEPT_CONTRACT_FAILED_MESSAGE;
      return null;
    },
    [mutate],
  );
  return { accept, accepting: loading };
}

/** Accepts an organization's contract, and with it the contract of every building it manages. */
export function useAcceptOrganizationContract() {
  const [mutate, { loading }] = useAcceptOrganizationContractMutation({
    context: { handlesErrors: true } satisfies OperationContext,
    update(cache, { data }) {
      const organization = data?.acceptOrganizationContract.organization;
      if (!organization?.contractAcceptedAt) return;
      acceptOrganizationBuildings(cache, organization.id, organization.contractAcceptedAt, organization.contractAcceptedBy ?? null);
    },
  });
  const accept = useCallback(
    async (organizationId: string): Promise<AcceptResult> => {
      const outcome = await runMutation(async () => (await mutate({ variables: { id: organizationId } })).data?.acceptOrganizationContract);
      if (outcome.status === 'refused') return refusalText(outcome.errors);
      if (outcome.status !== 'done' || !outcome.value.organization) return ACCEPT_CONTRACT_FAILED_MESSAGE;
      return null;
    },
    [mutate],
  );
  return { accept, accepting: loading };
}
