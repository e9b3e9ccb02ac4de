import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

/**
 * Fetches the scanner's chunk and its WebAssembly decoder (about 1 MB), so that the service
 * worker's cache holds them after the first visit even if the user did not scan then. Called
 * when the browser is idle after sign-in (app/offlineCache.ts), never on sign-in's critical path.
 */
export function warmScannerCache(): Promise<unknown> {
  // Through the service worker, these land in its cache (cache first for /assets/).
  return Promise.allSettled([fetch(wasmUrl), import('./QrCameraScanner')]);
}
