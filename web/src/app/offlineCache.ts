import { loadLazyPagesOneByOne, whenIdle } from './lazyPages';

/** How long no request may end before the page counts as loaded (its screen's code and answers are in). */
const QUIET_MS = 1_000;
/** The longest wait for that quiet: a screen that polls each second (a report being generated) never has it. */
const MOST_MS = 15_000;

/**
 * Runs `task` once the page has loaded: after the load event, once no request has ended for QUIET_MS (the screen's
 * code and its first answers are in; on a phone on slow 4G they come well after the load event, since the app's code
 * loads by script), or MOST_MS after the load event whatever the requests, and the browser is idle. What it starts
 * (the service worker's install, the offline warm-up) then does not take the link or the main thread from the first
 * screen.
 */
export function whenPageSettled(task: () => void): void {
  const waitForQuiet = () => {
    const since = performance.now();
    let lastEnded = since;
    let observer: PerformanceObserver | null = null;
    if (typeof PerformanceObserver === 'function') {
      observer = new PerformanceObserver(() => {
        lastEnded = performance.now();
      });
      try {
        observer.observe({ type: 'resource' });
      } catch {
        observer = null;
      }
    }
    const check = () => {
      const quietFor = performance.now() - lastEnded;
      if (quietFor < QUIET_MS && performance.now() - since < MOST_MS) {
        window.setTimeout(check, QUIET_MS - quietFor);
        return;
      }
      observer?.disconnect();
      whenIdle(task);
    };
    window.setTimeout(check, QUIET_MS);
  };
  if (document.readyState === 'complete') waitForQuiet();
  else window.addEventListener('load', waitForQuiet, { once: true });
}

/**
 * Registers the service worker (public/sw.js) in a production build once the page has loaded (whenPageSettled): its
 * install fetches the app's shell and the files it names, which would otherwise compete with the first screen's.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  whenPageSettled(() => {
    navigator.serviceWorker.register('/sw.js').catch(() => {
      // Without a service worker the app still works online; nothing to tell the user.
    });
  });
}

let warming: Promise<unknown> | null = null;

/**
 * Once the service worker controls the page and the page has loaded (whenPageSettled), requests every file of the
 * build that it does not keep yet through it (precache.json, written by the build: the lazy screens, the scanner and
 * its WebAssembly decoder), so that the app works offline after one online visit (DESIGN.md "Field conditions")
 * without these files on the first screen's path. The files are fetched rather than imported: a chunk imported
 * before the worker controlled the page would not be requested again. Then the screens are loaded, one at a time at
 * idle, so that none shows a loader later and no long task blocks the page meanwhile. Once per page load.
 */
export function warmOfflineCache(): void {
  if (warming || !import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  warming = new Promise<void>((resolve) => whenControlled(() => whenPageSettled(resolve)))
    .then(keepBuildFiles)
    .then(() => loadLazyPagesOneByOne())
    .catch(() => undefined);
}

/**
 * Requests each file the worker does not keep yet through it, one at a time: on a slow network the whole takes as
 * long either way, and one request in the background leaves the link to the screen's own. The files it keeps already
 * (all of them, from the second page load of a build on) are not requested: each such request was answered from the
 * worker's cache, but the 164 of them still cost about 1.6 s of CPU after every page load on a desktop computer.
 */
export async function keepBuildFiles(): Promise<void> {
  const response = await fetch('/precache.json', { cache: 'no-cache' });
  if (!response.ok) return;
  const kept = await keptPaths();
  for (const file of (await response.json()) as string[]) {
    if (!kept.has(file)) await fetch(file).catch(() => undefined);
  }
}

/**
 * The paths the worker's caches hold (Cache Storage is the origin's: the page reads what the worker put there); none
 * where the page cannot read them, so that every file is requested as before.
 */
async function keptPaths(): Promise<Set<string>> {
  const kept = new Set<string>();
  if (typeof caches === 'undefined') return kept;
  try {
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) kept.add(new URL(request.url).pathname);
    }
  } catch {
    kept.clear();
  }
  return kept;
}

/** Requests go through the worker only once it controls the page (at once after the first visit). */
function whenControlled(task: () => void): void {
  if (navigator.serviceWorker.controller) {
    task();
    return;
  }
  navigator.serviceWorker.addEventListener('controllerchange', () => task(), { once: true });
}
