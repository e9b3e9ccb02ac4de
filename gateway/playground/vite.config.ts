import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));

/** GraphiQL bundled with everything it needs: the playground works with no internet access. */
export default defineConfig({
  root: here,
  base: '/playground/',
  oxc: { jsx: { runtime: 'automatic' } },
  build: {
    outDir: path.resolve(here, '../playground-dist'),
    emptyOutDir: true,
    // Fonts and icons inline or as local files, never fetched from elsewhere.
    assetsInlineLimit: 4096,
    chunkSizeWarningLimit: 4096,
    rolldownOptions: {
      // GraphiQL's dependencies mark themselves "use client" for React Server Components; a plain SPA has no use for it.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
    },
  },
});
