import { Center, EmptyState } from '@mantine/core';
import { IconSearch } from '../../ui/icons';

/** The loading and failed states every list screen shares (web/src/ui/ScreenStates.tsx), under the names the report screens gave them first. */
export { ScreenLoading as ReportsLoading, ScreenLoadError as ReportsLoadError } from '../../ui/ScreenStates';

export function NoSuchBuilding() {
  return (
    <Center py="xl">
      <EmptyState icon={<IconSearch size={28} />} withIndicatorBackground title="No results found" description="This building does not exist or is not yours to see." />
    </Center>
  );
}
