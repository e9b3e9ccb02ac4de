import { Link } from 'react-router-dom';
import { Badge, Group, Progress, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronRight, IconCloudOff } from '../../ui/icons';
import { pendingInWords, pendingTotal, type PendingTally } from '../../lib/outbox/pendingEdits';
import type { WalkaboutListItem } from './walkaboutList';
import classes from './WalkaboutsPage.module.css';

type WalkaboutRowProps = {
  buildingId: string;
  item: WalkaboutListItem;
  /** What is kept on this device that the server has not confirmed yet (results, scans, QR code reports). */
  pending?: PendingTally;
};

/** One open walkabout: '{cycle} Walkabout', its date label and how far it has been answered. */
export function WalkaboutRow({ buildingId, item, pending }: WalkaboutRowProps) {
  const { walkabout, title, dateLabel } = item;
  const { markedCount, conditionsCount, unsatisfactoryCount } = walkabout;
  const percent = conditionsCount > 0 ? Math.round((markedCount / conditionsCount) * 100) : 0;

  return (
    <UnstyledButton component={Link} to={`/buildings/${buildingId}/walkabouts/${walkabout.id}`} className={classes.row}>
      <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
        <Group gap="xs" wrap="nowrap" justify="space-between">
          <Text fw={600} truncate>
            {title}
          </Text>
          {walkabout.isComplete ? (
            <Badge color={unsatisfactoryCount > 0 ? 'red' : 'green'} variant="light">
              {unsatisfactoryCount > 0 ? `Complete · ${unsatisfactoryCount} U` : 'Complete'}
            </Badge>
          ) : (
            unsatisfactoryCount > 0 && (
              <Badge color="red" variant="light">
                {unsatisfactoryCount} U
              </Badge>
            )
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {dateLabel}
        </Text>
        {pending && pendingTotal(pending) > 0 && (
          <Group gap={6} c="var(--mantine-color-orange-light-color)" wrap="nowrap">
            <IconCloudOff size={16} />
            <Text size="xs">{pendingInWords(pending)} on this device not saved yet</Text>
          </Group>
        )}
        {conditionsCount > 0 && (
          <Group gap="xs" wrap="nowrap">
            <Progress value={percent} size="sm" style={{ flex: 1 }} aria-hidden />
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {markedCount} of {conditionsCount} answered
            </Text>
          </Group>
        )}
      </Stack>
      <IconChevronRight size={18} className={classes.chevron} />
    </UnstyledButton>
  );
}
