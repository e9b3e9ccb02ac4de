import { describe, expect, it, vi } from 'vitest';
import { keepBuildFiles } from './offlineCache';

const BUILD = ['/assets/start-a1.js', '/assets/ScanSheet-b2.js', '/assets/ScanSheet-c3.css', '/assets/zxing-d4.wasm'];

/** A fetch that answers /precache.json with BUILD and every other file with a body; what it was asked, in order. */
function network() {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      asked.push(input);
      return input === '/precache.json' ? Response.json(BUILD) : new Response('file');
    }),
  );
  return asked;
}

/** Cache Storage holding these paths, split over two caches (as an older worker's cache may linger). */
function cacheStorage(paths: string[]) {
  const caches = [paths.slice(0, 1), paths.slice(1)].map((held) => ({ keys: async () => held.map((path) => new Request(`http://localhost${path}`)) }));
  vi.stubGlobal('caches', { keys: async () => caches.map((_, index) => `cache-${index}`), open: async (name: string) => caches[Number(name.split('-')[1])]! });
}

describe('keepBuildFiles', () => {
  it('requests each file of the build that the worker does not keep, one after the other', async () => {
    const asked = network();
    cacheStorage(['/assets/start-a1.js', '/assets/ScanSheet-c3.css']);
    await keepBuildFiles();
    expect(asked).toEqual(['/precache.json', '/assets/ScanSheet-b2.js', '/assets/zxing-d4.wasm']);
  });

  it('requests none of them again once the worker keeps them all', async () => {
    const asked = network();
    cacheStorage(BUILD);
    await keepBuildFiles();
    expect(asked).toEqual(['/precache.json']);
  });

  it('requests them all where the page cannot read Cache Storage', async () => {
    const asked = network();
    vi.stubGlobal('caches', undefined);
    await keepBuildFiles();
    expect(asked).toEqual(['/precache.json', ...BUILD]);
  });

  it('requests them all when reading Cache Storage fails', async () => {
    const asked = network();
    vi.stubGlobal('caches', { keys: () => Promise.reject(new DOMException('The operation is insecure.', 'SecurityError')) });
    await keepBuildFiles();
    expect(asked).toEqual(['/precache.json', ...BUILD]);
  });
});
