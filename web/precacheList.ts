import type { Plugin, Rollup } from 'vite';

/**
 * Writes dist/precache.json: every script, stylesheet and WebAssembly file of the build under /assets/. After sign-in,
 * at idle, the page requests each through the service worker, which keeps them (src/app/offlineCache.ts); so a file
 * the page loaded before the worker controlled it is still kept, and the lazy screens, the scanner and its decoder
 * are on the device after one online visit. pdfjs (the PDF pages of documents and contracts, src/ui/PdfPages.tsx) is left
 * out: a document is fetched from the network anyway, and an inspector's phone need not hold 1.5 MB it may never use.
 */
export function precacheList(): Plugin {
  return {
    name: 'fsi:precache-list',
    apply: 'build',
    generateBundle(_options, bundle) {
      const files = Object.keys(bundle)
        .filter((fileName) => fileName.startsWith('assets/') && /\.(js|css|wasm)$/.test(fileName) && !isPdfjs(bundle[fileName]))
        .map((fileName) => `/${fileName}`)
        .sort();
      this.emitFile({ type: 'asset', fileName: 'precache.json', source: JSON.stringify(files) });
    },
  };
}

/** pdfjs-dist's own chunk (its modules all come from the package), or its worker. */
function isPdfjs(output: Rollup.OutputAsset | Rollup.OutputChunk | undefined): boolean {
  if (!output) return false;
  if (output.type === 'asset') return /pdf\.worker/.test(output.fileName);
  const modules = Object.keys(output.modules);
  return modules.length > 0 && modules.every((id) => /node_modules[\\/]pdfjs-dist[\\/]/.test(id));
}
