import { Link } from 'react-router-dom';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { formatDisplayDate } from '@fsi/shared';
import type { FireWatchCard_BuildingFragment } from './FireWatchCard.generated';
import { IconFlame } from '../../ui/icons';
import { formatDisplayTime } from '../locations/locationCommentMessage';
import classes from './WalkaboutsPage.module.css';

type FireWatchCardProps = {
  building: FireWatchCard_BuildingFragment;
  timeZone: string;
  canStart: boolean;
  canStop: boolean;
  onStart(): void;
  onStop(): void;
  /** Creates the fire watch walkabout ('Start New'). */
  onStartNew(): void;
};

/**
 * The fire watch of the building (inspection.md sections 2 and 4): Start Fire Watch or Stop
 * Fire Watch by permission, and while one runs, Start New (its walkabout) or View Fire Watch
 * Walkabout when that walkabout is already open.
 */
export function FireWatchCard({ building, timeZone, canStart, canStop, onStart, onStop, onStartNew }: FireWatchCardProps) {
  const fireWatch = building.activeFireWatch;
  const started = building.isFireWatchStarted && fireWatch !== null;
  const walkaboutId = building.hasActiveFireWatchWalkabout ? building.activeFireWatchWalkaboutId : null;
  const canStartNew = started && walkaboutId === null && building.fireWatchCycle !== null;
  const hasAction = (started ? canStop : canStart) || walkaboutId !== null || canStartNew;
  if (!started && !hasAction) return null;

  return (
    <Card withBorder radius="lg" padding="md" className={classes.fireWatch} data-started={started || undefined}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <IconFlame size={20} />
            <Title order={2} size="h4">
              Fire Watch
            </Title>
          </Group>
          <Badge color={started ? 'red' : 'gray'} variant={started ? 'filled' : 'light'}>
            {started ? 'In progress' : 'Not started'}
          </Badge>
        </Group>
        {started && fireWatch && (
          <Stack gap={2}>
            <Text size="sm">
              Started on {formatDisplayDate(fireWatch.startedAt, timeZone)} at {formatDisplayTime(fireWatch.startedAt, timeZone)}
            </Text>
            {fireWatch.startComments && (
              <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
                {fireWatch.startComments}
              </Text>
            )}
          </Stack>
        )}
        <Group gap="sm" grow className={classes.fireWatchActions}>
          {!started && canStart && (
            <Button color="red" onClick={onStart}>
              Start Fire Watch
            </Button>
          )}
          {started && canStop && (
            <Button color="red" variant="outline" onClick={onStop}>
              Stop Fire Watch
            </Button>
          )}
          {walkaboutId !== null && (
            <Button component={Link} to={`/buildings/${building.id}/walkabouts/${walkaboutId}`} variant="light">
              View Fire Watch Walkabout
            </Button>
          )}
          {canStartNew && (
            <Button variant="light" onClick={onStartNew}>
              Start New
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
