import { Alert, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '../../../ui/icons';
import { TopBar } from '../../../ui/TopBar';
import type { EditData } from '../hooks/useWalkaboutEditData';

/** The walkabout while it loads, or why it could not be loaded (with Try again when the network failed). */
export function LoadingState({ loaded, listPath }: { loaded: Exclude<EditData, { status: 'ready' }>; listPath: string }) {
  const back = { label: 'Walkabouts', to: listPath };
  if (loaded.status === 'loading') {
    return (
      <>
        <TopBar title="Walkabout" back={back} />
        <Center py="xl" role="status" aria-busy="true" aria-label="Loading the walkabout">
          <Loader />
        </Center>
      </>
    );
  }
  return (
    <>
      <TopBar title="Walkabout" back={back} />
      <Stack p="md" maw={640} mx="auto">
        <Alert color="red" variant="light" icon={<IconAlertTriangle />} title={loaded.status === 'notFound' ? 'Walkabout not found' : 'The walkabout could not be loaded'}>
          {loaded.status === 'failed' ? (
            <Group justify="space-between">
              <Text size="sm">Check your connection and try again.</Text>
              <Button size="xs" variant="white" color="red" onClick={loaded.retry}>
                Try again
              </Button>
            </Group>
          ) : (
            <Text size="sm">It does not exist or is not one you may see.</Text>
          )}
        </Alert>
      </Stack>
    </>
  );
}
