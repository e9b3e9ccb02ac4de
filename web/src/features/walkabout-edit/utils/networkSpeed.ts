import { debugLog } from '../../../lib/debugLog';

/** inspection.md section 9: the network is slow if the test has no result within 4000 ms, polled every 200 ms. */
export const SPEED_TEST_TIMEOUT_MS = 4000;
export const SPEED_TEST_POLL_MS = 200;
/** The size of the test download (inspection.md section 9). */
export const SPEED_TEST_BYTES = 1_003_088;
/** A fixed payload of SPEED_TEST_BYTES served from the app's own origin. */
export const SPEED_TEST_PATH = '/speed-test';

/**
 * Downloads the test payload before a save (inspection.md section 4, "optional network speed check"):
 * 'ok' when it arrives in time, 'slow' when it does not (or fails), so that a save is not started on
 * a connection that would drop it halfway.
 */
export function measureNetworkSpeed(url: string = SPEED_TEST_PATH): Promise<'ok' | 'slow'> {
  const controller = new AbortController();
  let result: 'ok' | 'slow' | null = null;
  const started = Date.now();
  fetch(`${url}?t=${started}`, { cache: 'no-store', signal: controller.signal })
    .then(async (response) => {
      if (!response.ok) throw new Error(`speed test answered ${response.status}`);
      await response.arrayBuffer();
      result = 'ok';
    })
    .catch(() => {
      result ??= 'slow';
    });
  return new Promise((resolve) => {
    const timer = window.setInterval(() => {
      const timedOut = Date.now() - started >= SPEED_TEST_TIMEOUT_MS;
      if (result === null && !timedOut) return;
      window.clearInterval(timer);
      if (result === null) controller.abort();
      resolve(result ?? 'slow');
    }, SPEED_TEST_POLL_MS);
  });
}

/** The optional check before a save (inspection.md section 4), written to the debug log. */
export async function checkNetworkSpeed(): Promise<'ok' | 'slow'> {
  const speed = await measureNetworkSpeed();
  debugLog(`network speed check: ${speed}`);
  return speed;
}
