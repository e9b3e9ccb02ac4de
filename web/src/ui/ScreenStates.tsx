import { Alert, Button, Center, EmptyState, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconPlus, IconSearch, IconSettings } from './icons';

/** A list's placeholder while its data loads. */
export function ScreenLoading({ label }: { label: string }) {
  return (
    <Stack gap="sm" role="status" aria-busy="true" aria-label={label}>
      {Array.from({ length: 3 }, (_, index) => (
        <Skeleton key={index} height={84} radius="md" />
      ))}
    </Stack>
  );
}

/** A load that failed for another reason than the session (401/403 end it in the Apollo link). */
export function ScreenLoadError({ title, onRetry }: { title: string; onRetry: () => void }) {
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

/** Said instead of asking the server, whose FORBIDDEN would end the session. */
export function NotAvailable({ description }: { description: string }) {
  return (
    <Center py="xl">
      <EmptyState icon={<IconSettings size={28} />} withIndicatorBackground title="Not available" description={description} />
    </Center>
  );
}

type ScreenStatesProps = {
  /** What the screen shows, as its messages name it: 'types' reads 'Loading types' and 'The types could not be loaded'. */
  subject: string;
  /** The signed-in user as the screen's viewer query read them (undefined until it answers). */
  viewer: unknown;
  viewerLoading: boolean;
  /** Whether the viewer may see the screen; the screen's query runs only then. */
  allowed: boolean;
  /** The screen's answer (the last one, while a new one loads), its loading flag and its error. */
  data: unknown;
  loading: boolean;
  error: unknown;
  /** The record the screen is about, from the answer (undefined when there is no such record or it is not the viewer's). */
  found: unknown;
  onRetry(): void;
  /** Why a viewer who may not see the screen does not see it. */
  notAvailable: string;
  /** What 'No results found' says when the answer has no such record. */
  notFound?: string;
  /** The loading state's name when it is not 'Loading {subject}' ('Loading the cycle'). */
  loadingLabel?: string;
};

/**
 * The states a manage screen goes through before its content: the viewer being read, the screen not available to
 * them (decided here rather than asked of the server), its data loading or failed to load, and no such record.
 */
export function ScreenStates({ subject, viewer, viewerLoading, allowed, data, loading, error, found, onRetry, notAvailable, notFound, loadingLabel = `Loading ${subject}` }: ScreenStatesProps) {
  return (
    <>
      {viewerLoading && !viewer && <ScreenLoading label={loadingLabel} />}
      {Boolean(viewer) && !allowed && <NotAvailable description={notAvailable} />}
      {allowed && Boolean(error) && !data && <ScreenLoadError title={`The ${subject} could not be loaded`} onRetry={onRetry} />}
      {allowed && loading && !data && <ScreenLoading label={loadingLabel} />}
      {Boolean(data) && !found && (
        <Center py="xl">
          <EmptyState icon={<IconSearch size={28} />} withIndicatorBackground title="No results found" description={notFound} />
        </Center>
      )}
    </>
  );
}

/** What a screen says of the user's last change: green when done, orange when stale, red when refused or failed. */
export type Notice = { color: 'green' | 'red' | 'orange'; text: string };

/** The notice of the last change, dismissable; nothing without one. */
export function ScreenNotice({ notice, onClose }: { notice: Notice | null; onClose(): void }) {
  if (!notice) return null;
  return (
    <Alert role="alert" color={notice.color} variant="light" icon={notice.color === 'green' ? <IconCircleCheck /> : undefined} withCloseButton closeButtonLabel="Dismiss" onClose={onClose}>
      {notice.text}
    </Alert>
  );
}

/** The top bar's action of a manage screen that adds a record in a modal ('Add Type'). */
export function AddButton({ label, onClick }: { label: string; onClick(): void }) {
  return (
    <Button size="xs" leftSection={<IconPlus size={16} />} onClick={onClick} aria-haspopup="dialog">
      {label}
    </Button>
  );
}
