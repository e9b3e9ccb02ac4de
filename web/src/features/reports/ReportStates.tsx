import { Alert, Button, Center, EmptyState, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconSearch } from '../../ui/icons';

/** The list's placeholder while its reports load. */
export function ReportsLoading({ label }: { label: string }) {
  return (
    <Stack gap="sm" role="status" aria-busy="true" aria-label={label}>
      {Array.from({ length: 3 }, (_, index) => (
        <Skeleton key={index} height={84} radius="md" />
      ))}
    </Stack>
  );
}

/** A load that failed for another reason than the session (401/403 end it in the Apollo link). */
export function ReportsLoadError({ title, onRetry }: { title: string; onRetry: () => void }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle />} title={title}>
      <Group justify="space-between" gap="sm">
        <Text size="sm">Check your connection and try again.</Text>
        <Button size="xs" variant="white" color="red" onClick={onRetry}>
          Try again
        </Button>
      </Group>
    </Alert>
  );
}

export function NoSuchBuilding() {
  return (
    <Center py="xl">
      <EmptyState icon={<IconSearch size={28} />} withIndicatorBackground title="No results found" description="This building does not exist or is not yours to see." />
    </Center>
  );
}
