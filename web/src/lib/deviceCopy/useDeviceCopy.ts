import { useEffect, useEffectEvent, useState } from 'react';
import type { ApolloError } from '@apollo/client';
import { serverAnswered } from '../connection';
import { onWindowEvent } from '../signal';
import { loadDeviceCopy, putDeviceCopy, sessionUserId } from './deviceCopies';

export type WithDeviceCopy<T> = {
  /** The server's answer, or else the device's last copy when the server could not be reached. */
  data: T | undefined;
  /** The data shown is the device's copy. */
  fromDevice: boolean;
  /** When the copy shown was loaded from the server (ISO). */
  savedAt: string | null;
};

/**
 * A page query's answer kept on the device, and shown from there when the server cannot be reached
 * (issue 9, point 12). The live answer always wins; while the copy is shown, the query is asked again
 * as soon as the network returns or any call gets an answer, so the copy gives way by itself.
 */
export function useDeviceCopy<T>({
  key,
  data,
  error,
  userIdOf,
  refetch,
}: {
  key: string;
  data: T | undefined;
  error: ApolloError | undefined;
  userIdOf: (data: T) => string | undefined;
  refetch: () => unknown;
}): WithDeviceCopy<T> {
  const [copy, setCopy] = useState<{ key: string; data: T; savedAt: string } | null>(null);
  const unreachable = error !== undefined && data === undefined && Boolean(error.networkError);

  const keep = useEffectEvent((answer: T) => {
    const userId = userIdOf(answer);
    if (!userId) return;
    void putDeviceCopy({ userId, key, data: answer, savedAt: new Date().toISOString() }).catch(() => undefined);
  });
  useEffect(() => {
    if (data !== undefined) keep(data);
  }, [data, key]);

  useEffect(() => {
    if (!unreachable) return;
    const userId = sessionUserId();
    if (!userId) return;
    let current = true;
    loadDeviceCopy<T>(userId, key).then(
      (found) => {
        if (current && found) setCopy({ key, data: found.data, savedAt: found.savedAt });
      },
      () => undefined, // No IndexedDB: the page says it could not load, as before.
    );
    return () => {
      current = false;
    };
  }, [unreachable, key]);

  const askAgain = useEffectEvent(() => {
    void Promise.resolve(refetch()).catch(() => undefined);
  });
  useEffect(() => {
    if (!unreachable) return;
    const stopOnline = onWindowEvent('online', askAgain);
    const stopAnswered = serverAnswered.subscribe(askAgain);
    return () => {
      stopOnline();
      stopAnswered();
    };
  }, [unreachable]);

  if (data !== undefined) return { data, fromDevice: false, savedAt: null };
  // Kept while the query is asked again, until the server's answer replaces it.
  if (copy?.key === key) return { data: copy.data, fromDevice: true, savedAt: copy.savedAt };
  return { data: undefined, fromDevice: false, savedAt: null };
}
