/**
 * The service worker's offline cache as the e2e journeys see it: which build files exist (from web/dist's manifest)
 * and which the worker's caches hold. An inspector who goes into a basement after one online visit relies on the
 * app's files being kept; a journey that reopens the app offline waits for that first, as a device would have.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { webDist } from './stack';

/**
 * Every file of the web build under /assets that the worker keeps: all but pdfjs-dist's chunk and worker, which draw a
 * document's or contract's pages and come with the document from the network anyway (web/precacheList.ts leaves them out).
 */
export function buildFiles(): string[] {
  type Chunk = { file: string; css?: string[]; assets?: string[] };
  const manifest = JSON.parse(readFileSync(path.join(webDist, '.vite', 'manifest.json'), 'utf8')) as Record<string, Chunk>;
  const files = Object.entries(manifest)
    .filter(([source]) => !source.includes('node_modules/pdfjs-dist/'))
    .flatMap(([, chunk]) => [chunk.file, ...(chunk.css ?? []), ...(chunk.assets ?? [])]);
  return [...new Set(files)].filter((file) => file.startsWith('assets/') && !/\/pdf\.worker/.test(file)).map((file) => `/${file}`);
}

/** The paths the service worker's caches hold. */
export function cachedPaths(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) paths.push(new URL(request.url).pathname);
    }
    return paths;
  });
}

/** Waits until the worker keeps every build file (the warm-up after sign-in fetches them one at a time). */
export async function offlineCacheWarm(page: Page): Promise<void> {
  const files = buildFiles();
  await expect
    .poll(async () => {
      const cached = new Set(await cachedPaths(page));
      return files.filter((file) => !cached.has(file));
    }, { timeout: 30_000 })
    .toEqual([]);
}

/**
 * Chromium 150 under Playwright's offline emulation gives a document loaded while offline navigator.onLine true
 * (the network is cut all the same), which a phone without a network never does; setting the emulation again does
 * not change it, and turning it off and on would let the app send its work in between. So the page is told what a
 * device's would say: navigator.onLine false and an 'offline' event, until backOnline.
 */
export async function stillOffline(page: Page): Promise<void> {
  await page.evaluate(() => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    window.dispatchEvent(new Event('offline'));
  });
}

/** The network returns to a page that stillOffline told it was gone: the emulation off, then the browser's own answer and an 'online' event. */
export async function backOnline(page: Page): Promise<void> {
  await page.context().setOffline(false);
  await page.evaluate(() => {
    delete (navigator as { onLine?: boolean }).onLine;
    window.dispatchEvent(new Event('online'));
  });
}
