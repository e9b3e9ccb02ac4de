import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text and WebAssembly compress well; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|wasm|webmanifest)$/;

/**
 * Writes a brotli `.br` and a gzip `.gz` copy beside every compressible file of the build, at
 * maximum compression, so that the gateway serves them as they are (@fastify/static's
 * `preCompressed`) instead of compressing each answer again: the cost is paid once, here.
 * No plugin of the registry is installed for this; node:zlib does it in a few lines.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'fsi:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      for (const file of await filesUnder(outDir)) {
        // The manifest under .vite/ is for the budget check, not served to browsers.
        if (!COMPRESSIBLE.test(file) || file.includes(`${path.sep}.vite${path.sep}`)) continue;
        const content = await readFile(file);
        await writeFile(
          `${file}.br`,
          brotliCompressSync(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
        );
        await writeFile(`${file}.gz`, gzipSync(content, { level: constants.Z_BEST_COMPRESSION }));
      }
    },
  };
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}
