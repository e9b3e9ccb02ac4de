import { Center, EmptyState, Group, Loader, Text } from '@mantine/core';
import { NOT_ALLOWED_TO_VIEW_OVERVIEW_MESSAGE, OVERVIEW_EMPTY_MESSAGE, OVERVIEW_LOADING_MESSAGE } from '@fsi/shared/overview';
import { IconChartBar, IconSearch } from '../../ui/icons';

/** 'Loading data, please wait...' (section 2), announced to screen readers. */
export function OverviewLoading() {
  return (
    <Group role="status" aria-live="polite" gap="sm" py="lg" justify="center">
      <Loader size="sm" />
      <Text>{OVERVIEW_LOADING_MESSAGE}</Text>
    </Group>
  );
}

export function OverviewEmpty({ description }: { description?: string }) {
  return (
    <Center py="xl">
      <EmptyState icon={<IconSearch size={28} />} withIndicatorBackground title={OVERVIEW_EMPTY_MESSAGE} description={description} />
    </Center>
  );
}

export function OverviewNotAllowed() {
  return (
    <Center py="xl">
      <EmptyState icon={<IconChartBar size={28} />} withIndicatorBackground title="Not available" description={NOT_ALLOWED_TO_VIEW_OVERVIEW_MESSAGE} />
    </Center>
  );
}
