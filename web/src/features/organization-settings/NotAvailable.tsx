import { Center, EmptyState } from '@mantine/core';
import { IconSettings } from '../../ui/icons';

/** Said instead of asking the server, whose FORBIDDEN would end the session. */
export function NotAvailable({ description }: { description: string }) {
  return (
    <Center py="xl">
      <EmptyState icon={<IconSettings size={28} />} withIndicatorBackground title="Not available" description={description} />
    </Center>
  );
}
