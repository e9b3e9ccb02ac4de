import { Group, Loader, Text } from '@mantine/core';
import { changesInWords } from '../../../lib/outbox/pendingEdits';
import { IconCloudCheck, IconCloudOff } from '../../../ui/icons';

/** What is not on the server yet (DESIGN.md "Field conditions"), in words. */
export function PendingIndicator({ count, offline, saving, readOnly }: { count: number; offline: boolean; saving: boolean; readOnly: boolean }) {
  if (count === 0) {
    return (
      <Group gap={6} c="var(--mantine-color-green-light-color)" role="status">
        <IconCloudCheck size={18} />
        <Text size="sm">All changes saved</Text>
      </Group>
    );
  }
  const changes = changesInWords(count);
  let text = `${changes} not saved yet`;
  if (readOnly) text = `${changes} could not be saved: this walkabout no longer takes results`;
  else if (saving) text = `Saving ${changes}…`;
  else if (offline) text = `${changes} not saved yet — will be saved when online`;
  return (
    <Group gap={6} c={readOnly ? 'red.9' : 'var(--mantine-color-orange-light-color)'} role="status" wrap="nowrap">
      {saving ? <Loader size={16} color="orange" /> : <IconCloudOff size={18} />}
      <Text size="sm">{text}</Text>
    </Group>
  );
}
