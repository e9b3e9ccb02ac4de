/*
 * The app shell and its static assets, kept on the device so that the app opens and the QR
 * scanner (with its WebAssembly decoder) works where there is no network: stairwells, basements.
 *
 * - Pages: network first, falling back to the cached shell (index.html) when offline.
 * - /assets/*: file names carry a content hash, so a cached copy is always right: cache first.
 * - Everything else (/graphql, /uploads, /files, the playground) goes to the network untouched:
 *   data must never be served stale from here.
 */
const CACHE = 'fsi-shell-v1';
const SHELL = '/';
const NEVER_CACHED = /^\/(graphql|uploads|files|playground)(\/|$)/;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.add(new Request(SHELL, { cache: 'reload' })))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

async function pageFromNetwork(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    const isShell = response.ok && (response.headers.get('content-type') ?? '').includes('text/html');
    if (isShell) await cache.put(SHELL, response.clone());
    return response;
  } catch (error) {
    const shell = await cache.match(SHELL);
    if (shell) return shell;
    throw error;
  }
}

async function assetFromCache(request) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || NEVER_CACHED.test(url.pathname)) return;
  if (request.mode === 'navigate') {
    event.respondWith(pageFromNetwork(request));
    return;
  }
  if (url.pathname.startsWith('/assets/') || url.pathname === '/favicon.svg') {
    event.respondWith(assetFromCache(request));
  }
});
