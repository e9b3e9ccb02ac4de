import { useEffect } from 'react';
import { Group, Text } from '@mantine/core';
import { showingDeviceCopy, useConnection, useShowingDeviceCopy, type Connection } from '../lib/connection';
import { IconCloudOff } from './icons';

/** What the inspector is told of the connection, without alarm: nothing is lost, the app keeps trying. */
export const OFFLINE_NOTICE = 'No connection. What you record is kept on this device and saved when the connection returns.';
export const UNREACHABLE_NOTICE = 'The server cannot be reached. What you record is kept on this device; the app keeps trying.';

/** The first words of a screen shown from the device's copy, by what is known of the connection. */
export function deviceCopyLead(state: Connection): string {
  return state === 'unreachable' ? 'The server cannot be reached' : 'No connection';
}

/**
 * A calm line about the connection (issue 9, point 13): grey, an icon, a sentence, announced politely
 * (role status). Not an error: nothing the inspector did was lost.
 */
export function OfflineNotice({ children }: { children: string }) {
  return (
    <Group
      role="status"
      gap={8}
      wrap="nowrap"
      px="sm"
      py={8}
      bg="var(--mantine-color-gray-light)"
      c="var(--mantine-color-text)"
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
    >
      <IconCloudOff size={18} style={{ flexShrink: 0 }} />
      <Text size="sm">{children}</Text>
    </Group>
  );
}

/**
 * A screen shown from what the device last loaded says so, once: `what` completes the sentence
 * ('No connection: {what}'). While it shows, the shell's own connection notice stays away.
 */
export function DeviceCopyNotice({ what }: { what: string }) {
  const state = useConnection();
  useEffect(() => showingDeviceCopy(), []);
  return <OfflineNotice>{`${deviceCopyLead(state)}: ${what}`}</OfflineNotice>;
}

/**
 * The shell's notice while the server cannot be reached, unless the screen says it itself
 * (DeviceCopyNotice): one outage, one calm message.
 */
export function ConnectionNotice() {
  const state = useConnection();
  const screenSaysIt = useShowingDeviceCopy();
  if (state === 'online' || screenSaysIt) return null;
  return <OfflineNotice>{state === 'offline' ? OFFLINE_NOTICE : UNREACHABLE_NOTICE}</OfflineNotice>;
}
