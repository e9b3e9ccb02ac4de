import { useState } from 'react';
import { Alert, Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { CURRENT_WALKABOUTS_HELP_TEXT, NO_APPLICABLE_WALKABOUT_CONDITIONS_TEXT } from '@fsi/shared';
import { useCreateCurrentWalkaboutsBuildingQuery } from './CreateCurrentWalkabouts.generated';
import { useCreateCurrentWalkabouts } from './useCreateCurrentWalkabouts';

export const BUILDING_CONDITIONS_FAILED_MESSAGE = 'Could not check whether this building has walkabout conditions.';
export const NOT_ALLOWED_TEXT = 'Only administrators and managers of the organization or of its buildings can create current walkabouts.';

type Props = {
  buildingId: string;
  /** Admin, manage-organization or manage-buildings (section 6; @fsi/shared canCreateCurrentWalkabouts): otherwise read-only. */
  canCreate: boolean;
};

type Message = { kind: 'done' | 'failed'; text: string };

/**
 * The building form's 'Create Current Walkabouts' button (admin-organizations-buildings.md sections 2 and 4): disabled
 * unless the building has applicable walkabout conditions, when it says so with a Refresh link; a spinner while it
 * creates; then what changed, or what went wrong.
 */
export function CreateCurrentWalkabouts({ buildingId, canCreate }: Props) {
  const { data, loading, error, refetch, networkStatus } = useCreateCurrentWalkaboutsBuildingQuery({
    variables: { buildingId },
    notifyOnNetworkStatusChange: true,
  });
  const { create, creating } = useCreateCurrentWalkabouts();
  const [message, setMessage] = useState<Message | null>(null);
  const refreshing = networkStatus === 4;
  const applicable = data?.building?.hasApplicableWalkaboutConditions ?? false;

  const refresh = () => {
    setMessage(null);
    void refetch().catch(() => undefined);
  };

  const press = async () => {
    setMessage(null);
    const result = await create(buildingId);
    if (result.status === 'signedOut') return;
    setMessage({ kind: result.status, text: result.message });
  };

  const refreshLink = (
    <Anchor component="button" type="button" size="sm" onClick={refresh} disabled={refreshing} aria-label="Refresh walkabout conditions">
      Refresh
    </Anchor>
  );

  return (
    <Stack gap="xs" aria-labelledby="current-walkabouts-title" role="group">
      <Text id="current-walkabouts-title" fw={600}>
        Current walkabouts
      </Text>
      <Text size="sm" c="dimmed">
        {CURRENT_WALKABOUTS_HELP_TEXT}
      </Text>
      {loading && !data ? (
        <Group gap="xs" role="status">
          <Loader size="sm" />
          <Text size="sm">Loading data, please wait...</Text>
        </Group>
      ) : error && !data ? (
        <Alert color="red" role="alert" title={BUILDING_CONDITIONS_FAILED_MESSAGE}>
          <Group gap="xs">
            <Text size="sm">Check your connection, then</Text>
            {refreshLink}
          </Group>
        </Alert>
      ) : (
        <>
          <Group>
            <Button
              onClick={() => void press()}
              loading={creating}
              disabled={!canCreate || !applicable || refreshing}
              aria-describedby={!applicable ? 'current-walkabouts-none' : !canCreate ? 'current-walkabouts-not-allowed' : undefined}
            >
              Create Current Walkabouts
            </Button>
          </Group>
          {!applicable && (
            <Group gap="xs">
              <Text id="current-walkabouts-none" size="sm">
                {NO_APPLICABLE_WALKABOUT_CONDITIONS_TEXT}
              </Text>
              {refreshLink}
            </Group>
          )}
          {applicable && !canCreate && (
            <Text id="current-walkabouts-not-allowed" size="sm" c="dimmed">
              {NOT_ALLOWED_TEXT}
            </Text>
          )}
        </>
      )}
      {creating && (
        <Text size="sm" role="status">
          Creating current walkabouts...
        </Text>
      )}
      {message && (
        <Alert color={message.kind === 'done' ? 'green' : 'red'} role={message.kind === 'done' ? 'status' : 'alert'} withCloseButton onClose={() => setMessage(null)} closeButtonLabel="Dismiss">
          {message.text}
        </Alert>
      )}
    </Stack>
  );
}
