import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './precompress';
import { precacheList } from './precacheList';

/**
 * In development the gateway runs on its own port; proxying /graphql keeps the
 * browser on one origin, as it is in production where the gateway serves dist/.
 */
export default defineConfig({
  plugins: [react(), precacheList(), precompress()],
  server: {
    proxy: {
      '/graphql': { target: process.env.GATEWAY_URL ?? 'http://localhost:4000', changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // dist/.vite/manifest.json: each chunk's static and dynamic imports, read by scripts/check-budgets.mjs.
    manifest: true,
    rolldownOptions: {
      output: {
        // Libraries change far less often than the app: separate chunks stay cached across deployments.
        // Only libraries that sign-in itself needs are grouped; a group is one chunk, so a library used
        // only after sign-in (the scanner, the date pickers) would otherwise land on sign-in's critical path.
        codeSplitting: {
          groups: [
            { name: 'apollo', test: /node_modules[\\/](@apollo|graphql|@wry|optimism|zen-observable)/, priority: 2 },
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
});
