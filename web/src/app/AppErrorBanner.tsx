import { useEffect, useState } from 'react';
import { Affix, Alert } from '@mantine/core';
import { ERROR_BANNER_MS } from '@fsi/shared/constants';
import { appErrors, SERVER_UNREACHABLE } from '../lib/events';
import { IconAlertTriangle } from '../ui/icons';

/**
 * Spec section 8: an unhandled error shows for 30 seconds, or until dismissed. A call that got no answer
 * is not one: the shell's calm connection notice says that once per outage (ui/OfflineNotice), and the
 * screens show what the device holds (issue 9, point 13).
 */
export function AppErrorBanner() {
  // An object per report, so that the same text reported again restarts the 30 seconds.
  const [message, setMessage] = useState<{ text: string } | null>(null);

  useEffect(
    () =>
      appErrors.subscribe((text) => {
        if (text !== SERVER_UNREACHABLE) setMessage({ text });
      }),
    [],
  );

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
