import { useEffect, useState } from 'react';
import { Affix, Alert } from '@mantine/core';
import { ERROR_BANNER_MS } from '@fsi/shared/constants';
import { appErrors, SERVER_UNREACHABLE } from '../lib/events';
import { IconAlertTriangle } from '../ui/icons';
import { onWindowEvent } from '../lib/signal';

/** Spec section 8: an unhandled error shows for 30 seconds, or until dismissed. */
export function AppErrorBanner() {
  // An object per report, so that the same text reported again restarts the 30 seconds.
  const [message, setMessage] = useState<{ text: string } | null>(null);

  useEffect(() => appErrors.subscribe((text) => setMessage({ text })), []);

  // "Could not be reached" is no longer true once the network is back.
  useEffect(() => onWindowEvent('online', () => setMessage((current) => (current?.text === SERVER_UNREACHABLE ? null : current))), []);

  useEffect(() => {
    if (message === null) return;
    const timer = window.setTimeout(() => setMessage(null), ERROR_BANNER_MS);
    return () => window.clearTimeout(timer);
  }, [message]);

  if (message === null) return null;
  return (
    // Below the top bar (60px high, Shell.tsx), so that its back link and actions stay usable.
    <Affix position={{ top: 72, left: 12, right: 12 }} zIndex={400}>
      <Alert
        role="alert"
        color="red"
        variant="filled"
        title="Something went wrong"
        icon={<IconAlertTriangle />}
        withCloseButton
        closeButtonLabel="Dismiss error"
        onClose={() => setMessage(null)}
        maw={640}
        mx="auto"
        style={{ boxShadow: 'var(--mantine-shadow-lg)' }}
      >
        {message.text}
      </Alert>
    </Affix>
  );
}
