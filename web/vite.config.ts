import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './precompress.ts';
import { precacheList } from './precacheList.ts';
import { chunkPhases } from './chunkPhases.ts';
import { preloadPageStart } from './preloadPageStart.ts';
import { precompileGql } from './precompileGql.ts';

const phases = chunkPhases(import.meta.dirname);

/**
 * The screens on an inspector's way (and the shell around them), whose JavaScript dependencies are fetched together
 * with the screen's own chunk when it is first opened (Vite's preload list). Other screens (reports, documents,
 * administration) fetch theirs when their chunk runs: one round trip more when one is opened before the idle warm-up
 * (lazyPages.ts) has loaded it, and their lists stay out of the app's start, which otherwise grows with every route.
 */
const SCREENS_WITH_PRELOAD = new Set(['Shell', 'BuildingsPage', 'WalkaboutsPage', 'LocationPage', 'LocationLinkPage', 'WalkaboutEditPage']);

/**
 * In development the gateway runs on its own port; proxying /graphql keeps the
 * browser on one origin, as it is in production where the gateway serves dist/.
 */
export default defineConfig(({ mode }) => ({
  plugins: [precompileGql(`${import.meta.dirname}/src`), react(), phases.plugin(), preloadPageStart(), precacheList(), precompress()],
  // Apollo Client 3 runs in development mode unless told otherwise (its "Reducing bundle size" page): the results it
  // reads deep-frozen, the values it writes deep-copied, warnings looked for. A production build turns that off.
  define: mode === 'production' ? { 'globalThis.__DEV__': 'false' } : {},
  server: {
    proxy: {
      '/graphql': { target: process.env.GATEWAY_URL ?? 'http://localhost:4000', changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    modulePreload: {
      // CSS is not in `deps`: a screen's stylesheets still load with it, whatever this answers.
      resolveDependencies(filename, deps) {
        const screen = /(?:^|\/)(\w+Page)-[\w-]+\.js$/.exec(filename)?.[1];
        return screen && !SCREENS_WITH_PRELOAD.has(screen) ? [] : deps;
      },
    },
    sourcemap: true,
    // dist/.vite/manifest.json: each chunk's static and dynamic imports, read by scripts/check-budgets.mjs.
    manifest: true,
    rolldownOptions: {
      output: {
        // Libraries change far less often than the app: separate chunks stay cached across deployments.
        // A group is one chunk, so a library in a group used only after sign-in (the scanner, the date
        // pickers) would land on sign-in's critical path: React is grouped, which sign-in needs, and Apollo
        // Client, which loads behind sign-in (app/ApolloGate.tsx). React first: a group takes the modules its
        // own modules import, and Apollo imports React, which would then drag Apollo onto sign-in's path.
        // Then the app's own and Mantine's modules by the phase of a page load that needs them (chunkPhases.ts): the
        // app's start (React Router with it: React's chunk, the largest a page waits for, is then about 58 KiB
        // rather than 70, which on slow 4G ends the wait for the first screen sooner), and the signed-in app.
        // Priorities are read unsigned: the lowest is 1.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 4 },
            { name: 'apollo', test: /node_modules[\\/](@apollo|graphql|@wry|optimism|zen-observable)/, priority: 3 },
            ...phases.groups(2),
          ],
        },
      },
    },
  },
}));
