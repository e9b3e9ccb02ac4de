import type { Plugin } from 'vite';

/**
 * Writes dist/precache.json: every script, stylesheet and WebAssembly file of the build under /assets/. After sign-in,
 * at idle, the page requests each through the service worker, which keeps them (src/app/offlineCache.ts); so a file
 * the page loaded before the worker controlled it is still kept, and the lazy screens, the scanner and its decoder
 * are on the device after one online visit.
 */
export function precacheList(): Plugin {
  return {
    name: 'fsi:precache-list',
    apply: 'build',
    generateBundle(_options, bundle) {
      const files = Object.keys(bundle)
        .filter((fileName) => fileName.startsWith('assets/') && /\.(js|css|wasm)$/.test(fileName))
        .map((fileName) => `/${fileName}`)
        .sort();
      this.emitFile({ type: 'asset', fileName: 'precache.json', source: JSON.stringify(files) });
    },
  };
}
