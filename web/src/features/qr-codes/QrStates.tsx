import { Button, Center, EmptyState, Group, Text } from '@mantine/core';
import { IconQrcode, IconSearch } from '../../ui/icons';

/** What a user who is not an administrator sees instead of the screen (its query, FORBIDDEN for them, is never sent). */
export function QrAdministratorsOnly() {
  return (
    <Center py="xl">
      <EmptyState icon={<IconQrcode size={28} />} withIndicatorBackground title="Administrators only" description="Only administrators can manage QR codes." />
    </Center>
  );
}

/** admin-organizations-buildings.md section 8: an empty table says 'No results found'. */
export function NoQrResults({ description }: { description?: string }) {
  return (
    <Center py="xl">
      <EmptyState icon={<IconSearch size={28} />} withIndicatorBackground title="No results found" description={description} />
    </Center>
  );
}

type PagerProps = { page: number; pages: number; hasNextPage: boolean; busy: boolean; onPage(page: number): void };

/** Previous and next pages of a long list, with where the user is said to screen readers. */
export function Pager({ page, pages, hasNextPage, busy, onPage }: PagerProps) {
  if (pages <= 1) return null;
  return (
    <Group justify="space-between">
      <Button variant="default" disabled={page <= 1 || busy} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <Text size="sm" aria-live="polite">
        Page {page} of {pages}
      </Text>
      <Button variant="default" disabled={!hasNextPage || busy} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </Group>
  );
}
