import { useBackgroundSync } from './useBackgroundSync';

/**
 * Mounted by the shell for the signed-in user, rendering nothing: the work left on the device for
 * walkabouts not on screen is saved wherever the user is in the app (useBackgroundSync).
 */
export function BackgroundSyncEffect({ userId }: { userId: string | undefined }) {
  useBackgroundSync(userId);
  return null;
}
