import { Center, EmptyState } from '@mantine/core';
import { IconFileContract, IconSearch } from '../../ui/icons';

type ContractFields = { contractUrl?: string | null; contractAcceptedAt?: string | null };

/** A building's documents stay closed until its contract is accepted (inspection.md section 2; the backend answers CONTRACT_NOT_ACCEPTED). */
export function isContractAccepted(building: ContractFields): boolean {
  return Boolean(building.contractAcceptedAt);
}

/** What a documents screen shows in place of the documents while the building's contract is not accepted. */
export function ContractNotAccepted({ building }: { building: ContractFields }) {
  return (
    <Center py="xl">
      <EmptyState
        icon={<IconFileContract size={28} />}
        withIndicatorBackground
        title={building.contractUrl ? 'Contract not accepted' : 'Contract Missing'}
        description={
          building.contractUrl
            ? 'Documents open once a building administrator accepts the contract.'
            : 'This building has no contract yet, so its documents are unavailable.'
        }
      />
    </Center>
  );
}

export function NoSuchDocument() {
  return (
    <Center py="xl">
      <EmptyState icon={<IconSearch size={28} />} withIndicatorBackground title="No results found" description="This document does not exist or is not yours to see." />
    </Center>
  );
}
