import { useAcceptOrganizationContractSheetQuery } from './AcceptContract.generated';
import { ContractSheet } from './ContractSheet';
import { useAcceptOrganizationContract } from './useAcceptContract';

type Props = {
  organizationId: string;
  organizationName: string;
  onAccepted(): void;
  onClose(): void;
};

/**
 * Manage Organizations' accept-contract modal (admin-organizations-buildings.md section 2): the organization's
 * contract pages, then 'Press OK to accept the {name} Contract.'; accepting it accepts the contract of every
 * building it manages.
 */
export default function AcceptOrganizationContractSheet({ organizationId, organizationName, onAccepted, onClose }: Props) {
  const { data, error, refetch } = useAcceptOrganizationContractSheetQuery({
    variables: { organizationId },
    fetchPolicy: 'network-only',
    notifyOnNetworkStatusChange: true,
  });
  const organization = data?.organization;
  const { accept, accepting } = useAcceptOrganizationContract();

  const run = async () => {
    if (!organization) return null;
    const problem = await accept(organization.id);
    if (problem === null) onAccepted();
    return problem;
  };

  return (
    <ContractSheet
      name={organization?.name ?? organizationName}
      fileUrl={organization?.contractFileUrl ?? null}
      status={organization ? 'ready' : error ? 'failed' : data ? 'ready' : 'loading'}
      onRetry={() => void refetch().catch(() => undefined)}
      onAccept={run}
      accepting={accepting}
      onClose={onClose}
    />
  );
}
