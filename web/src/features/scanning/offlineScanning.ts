import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

/**
 * Registers the service worker (public/sw.js) in a production build and, once it controls the
 * page, fetches the scanner's chunk and its WebAssembly decoder while the browser is idle, so
 * that the cache holds them after the first visit even if the user did not scan then.
 */
export function enableOfflineScanning(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker
      .register('/sw.js')
      .then(() => whenControlled(() => whenIdle(warmScannerCache)))
      .catch(() => {
        // Without a service worker the app still works online; nothing to tell the user.
      });
  });
}

/** Requests go through the worker only once it controls the page (at once after the first visit). */
function whenControlled(task: () => void): void {
  if (navigator.serviceWorker.controller) {
    task();
    return;
  }
  navigator.serviceWorker.addEventListener('controllerchange', () => task(), { once: true });
}

function whenIdle(task: () => void): void {
  // Safari has no requestIdleCallback.
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(task, { timeout: 10_000 });
  else setTimeout(task, 3_000);
}

function warmScannerCache(): void {
  // Through the service worker, these land in its cache (cache first for /assets/).
  void fetch(wasmUrl).catch(() => undefined);
  void import('./QrCameraScanner').catch(() => undefined);
}
