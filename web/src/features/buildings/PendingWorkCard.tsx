import { Link } from 'react-router-dom';
import { Anchor, Card, Group, Stack, Text } from '@mantine/core';
import { pendingInWords } from '../../lib/outbox/pendingEdits';
import { usePendingWalkabouts } from '../../lib/outbox/usePendingWalkabouts';
import { IconChevronRight, IconCloudOff } from '../../ui/icons';

/**
 * What waits on this device, at the top of Buildings (issue 9, point 12): each walkabout with work not
 * saved yet, in the inspector's words, linked, so that after a reload in a basement the walkabout is
 * one tap away without knowing its address. Nothing is shown when nothing waits.
 */
export function PendingWorkCard({ userId }: { userId: string | undefined }) {
  const pending = usePendingWalkabouts(userId);
  if (pending.length === 0) return null;
  return (
    <Card withBorder radius="lg" padding="sm" component="section" aria-label="Not saved yet on this device">
      <Group gap={6} mb={4} c="var(--mantine-color-orange-light-color)" wrap="nowrap">
        <IconCloudOff size={18} />
        <Text size="sm" fw={600}>
          Not saved yet on this device
        </Text>
      </Group>
      <Stack gap={4}>
        {pending.map((walkabout) => {
          const what = `${pendingInWords(walkabout.tally)} not saved yet`;
          const name = walkabout.buildingName ? `${walkabout.title}, ${walkabout.buildingName}` : walkabout.title;
          return walkabout.buildingId ? (
            <Anchor
              key={walkabout.walkaboutId}
              component={Link}
              to={`/buildings/${walkabout.buildingId}/walkabouts/${walkabout.walkaboutId}`}
              size="sm"
              mih={44}
              style={{ display: 'flex', alignItems: 'center', gap: 6 }}
            >
              <span style={{ flex: 1 }}>
                {name}: {what}
              </span>
              <IconChevronRight size={16} />
            </Anchor>
          ) : (
            <Text key={walkabout.walkaboutId} size="sm">
              {name}: {what}
            </Text>
          );
        })}
      </Stack>
    </Card>
  );
}
