import { useEffect } from 'react';
import { warmOfflineCache } from '../offlineCache';

/**
 * Render-null: once signed in, the rest of the app is fetched in the background for offline use.
 * Not on /signin, so that sign-in's own files and answer never wait behind a megabyte of decoder.
 */
export function OfflineCacheEffect() {
  useEffect(() => warmOfflineCache(), []);
  return null;
}
