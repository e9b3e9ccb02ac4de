/*
 * The app shell and its static assets, kept on the device so that the app opens and the QR
 * scanner (with its WebAssembly decoder) works where there is no network: stairwells, basements.
 *
 * - Pages: network first, falling back to the cached shell (index.html) when offline.
 * - The shell is cached together with the scripts and stylesheets it loads, at install and whenever
 *   a newer shell arrives: the page that installed the worker loaded them before the worker was
 *   there to see them, and a cached shell without them opens as a blank page.
 * - /assets/*: file names carry a content hash, so a cached copy is always right: cache first.
 *   The screens behind sign-in, the scanner and its decoder are lazy chunks that the shell does not
 *   name: once the user is signed in and the browser idle, the page requests every file listed
 *   in /precache.json (written by the build; src/app/offlineCache.ts) that these caches lack, and
 *   they land here, so that they open offline without ever having been opened online.
 * - Everything else (/graphql, /uploads, signed file links, QR images, the playground) goes to the network untouched:
 *   data must never be served stale from here.
 */
const CACHE = 'fsi-shell-v1';
const SHELL = '/';
const NEVER_CACHED = /^\/(graphql|uploads|signed-files|qr-code-images|playground)(\/|$)/;

/**
 * The same-origin files index.html loads: its module script and stylesheets, and the modules and stylesheets its
 * script in the head asks for (quoted paths in a list there).
 */
const SHELL_ASSET = /["'](\/assets\/[^"'?#]+)["']/g;

/** Keeps a shell with its assets; the shell goes last, so a cached shell always has its files. */
async function keepShell(cache, response) {
  const html = await response.clone().text();
  const assets = [...new Set([...html.matchAll(SHELL_ASSET)].map((match) => match[1]))];
  const missing = [];
  for (const asset of assets) {
    if (!(await cache.match(asset))) missing.push(asset);
  }
  await cache.addAll(missing);
  await cache.put(SHELL, response);
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const response = await fetch(new Request(SHELL, { cache: 'reload' }));
      if (!response.ok) throw new Error(`The app shell answered ${response.status}`);
      await keepShell(await caches.open(CACHE), response);
      await self.skipWaiting();
    })(),
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

async function pageFromNetwork(event) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(event.request);
    const isShell = response.ok && (response.headers.get('content-type') ?? '').includes('text/html');
    // In the background: the page need not wait for the assets of a newer shell to be cached.
    if (isShell) event.waitUntil(keepShell(cache, response.clone()).catch(() => undefined));
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
    event.respondWith(pageFromNetwork(event));
    return;
  }
  if (url.pathname.startsWith('/assets/') || url.pathname === '/favicon.svg') {
    event.respondWith(assetFromCache(request));
  }
});
