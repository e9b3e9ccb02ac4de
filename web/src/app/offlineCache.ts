import { warmScannerCache } from '../features/scanning/offlineScanning';
import { preloadLazyPages } from './lazyPages';

/** Registers the service worker (public/sw.js) in a production build, once the page has loaded. */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch(() => {
      // Without a service worker the app still works online; nothing to tell the user.
    });
  });
}

let warming: Promise<unknown> | null = null;

/**
 * Once the service worker controls the page and the browser is idle, fetches every lazy screen,
 * the scanner and its decoder through it, so that the app works offline after one online visit
 * (DESIGN.md "Field conditions") without these files on sign-in's critical path. Once per page load.
 */
export function warmOfflineCache(): void {
  if (warming || !import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  warming = new Promise<void>((resolve) => whenControlled(() => whenIdle(resolve))).then(() =>
    Promise.all([preloadLazyPages(), warmScannerCache()]),
  );
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
