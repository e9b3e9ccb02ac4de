import { useAcceptBuildingContractSheetQuery } from './AcceptContract.generated';
import { ContractSheet } from './ContractSheet';
import { useAcceptBuildingContract, useAcceptOrganizationContract } from './useAcceptContract';

type Props = {
  buildingId: string;
  /** The building's name as the card shows it, for the question while the sheet loads. */
  buildingName: string;
  onAccepted(): void;
  onClose(): void;
};

/**
 * The building card's accept contract sheet (inspection.md sections 2, 4 and 5), loaded with its code when first
 * opened. The contract is the building's own, accepted with acceptBuildingContract, or the organization's
 * ('Contract is managed on organization level.'), accepted with the organization's contract.
 */
export default function AcceptBuildingContractSheet({ buildingId, buildingName, onAccepted, onClose }: Props) {
  // The signed URL is good for minutes: asked for each time the sheet opens.
  const { data, error, refetch } = useAcceptBuildingContractSheetQuery({ variables: { buildingId }, fetchPolicy: 'network-only', notifyOnNetworkStatusChange: true });
  const building = data?.building;
  const ofBuilding = useAcceptBuildingContract();
  const ofOrganization = useAcceptOrganizationContract();

  const accept = async () => {
    if (!building) return null;
    const problem = building.organizationContract ? await ofOrganization.accept(building.organization.id) : await ofBuilding.accept(building.id);
    if (problem === null) onAccepted();
    return problem;
  };

  return (
    <ContractSheet
      name={building?.name ?? buildingName}
      fileUrl={building?.contractFileUrl ?? null}
      status={building ? 'ready' : error ? 'failed' : data ? 'ready' : 'loading'}
      onRetry={() => void refetch().catch(() => undefined)}
      onAccept={accept}
      accepting={ofBuilding.accepting || ofOrganization.accepting}
      onClose={onClose}
    />
  );
}
