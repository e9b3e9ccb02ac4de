import { preloadLazyPages, whenIdle } from './lazyPages';

/**
 * Registers the service worker (public/sw.js) in a production build, once the page has loaded: at once when it has
 * already (the app starts after the first paint, main.tsx, often after the load event).
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js').catch(() => {
      // Without a service worker the app still works online; nothing to tell the user.
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

let warming: Promise<unknown> | null = null;

/**
 * Once the service worker controls the page and the browser is idle, requests every file of the build through it
 * (precache.json, written by the build: the lazy screens, the scanner and its WebAssembly decoder), so that the app
 * works offline after one online visit (DESIGN.md "Field conditions") without these files on sign-in's critical path.
 * The files are fetched rather than imported: a chunk imported before the worker controlled the page would not be
 * requested again. Then the screens are loaded, so that none shows a loader later. Once per page load.
 */
export function warmOfflineCache(): void {
  if (warming || !import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  warming = new Promise<void>((resolve) => whenControlled(() => whenIdle(resolve)))
    .then(keepBuildFiles)
    .then(() => preloadLazyPages())
    .catch(() => undefined);
}

/**
 * Requests each file through the worker (cache first: a kept file costs nothing), one at a time: on a slow network
 * the whole takes as long either way, and one request in the background leaves the link to the screen's own.
 */
async function keepBuildFiles(): Promise<void> {
  const response = await fetch('/precache.json', { cache: 'no-cache' });
  if (!response.ok) return;
  for (const file of (await response.json()) as string[]) await fetch(file).catch(() => undefined);
}

/** Requests go through the worker only once it controls the page (at once after the first visit). */
function whenControlled(task: () => void): void {
  if (navigator.serviceWorker.controller) {
    task();
    return;
  }
  navigator.serviceWorker.addEventListener('controllerchange', () => task(), { once: true });
}
