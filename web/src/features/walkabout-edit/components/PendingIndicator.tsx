import { Group, Loader, Text } from '@mantine/core';
import { pendingInWords, pendingTotal, type PendingTally } from '../../../lib/outbox/pendingEdits';
import { IconCloudCheck, IconCloudOff } from '../../../ui/icons';
import type { SyncConnection } from '../hooks/useEditSync';

/** Said while the browser has no network. */
export const WHEN_ONLINE = 'will be saved when online';
/** Said while the browser has a network and the saves get no answer (issue 9, point 14). */
export const KEEPS_TRYING = 'the server cannot be reached; trying again';

/**
 * What is not on the server yet (DESIGN.md "Field conditions"), in the inspector's words: results,
 * scans and QR code reports counted apart, and one statement of when they will be saved, true to the
 * connection: when online (no network), the app keeps trying (a network, no answer), or saving now.
 */
export function PendingIndicator({
  tally,
  connection,
  saving,
  readOnly,
}: {
  tally: PendingTally;
  connection: SyncConnection;
  saving: boolean;
  readOnly: boolean;
}) {
  if (pendingTotal(tally) === 0) {
    return (
      <Group gap={6} c="var(--mantine-color-green-light-color)" role="status">
        <IconCloudCheck size={18} />
        <Text size="sm">All changes saved</Text>
      </Group>
    );
  }
  const what = pendingInWords(tally);
  let text = `${what} not saved yet`;
  // A retry while the server cannot be reached says the same as before it: no flicker of 'Saving…'.
  const busy = saving && connection === 'online';
  if (readOnly) text = `${what} could not be saved: this walkabout no longer takes results`;
  else if (connection === 'offline') text = `${what} not saved yet — ${WHEN_ONLINE}`;
  else if (connection === 'unreachable') text = `${what} not saved yet — ${KEEPS_TRYING}`;
  else if (busy) text = `Saving ${what}…`;
  return (
    <Group gap={6} c={readOnly ? 'red.9' : 'var(--mantine-color-orange-light-color)'} role="status" wrap="nowrap">
      {busy ? <Loader size={16} color="orange" /> : <IconCloudOff size={18} />}
      <Text size="sm">{text}</Text>
    </Group>
  );
}
