import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);

// End-to-end journeys drive a real Chromium against the real stack, and production/ starts the compiled servers. Each
// file starts its own backend, gateway and browser, on ports of its own: two files at a time, since a journey spends
// much of its time waiting on its page (about one core busy for one file at a time on this two-core machine).
export default defineConfig({
  resolve: {
    // graphql 16 ships index.mjs (picked by Vite for the gateway's sources and the ESM packages it inlines, such as
    // @graphql-tools/utils) and index.js (picked by Node, as in production, for Apollo Server): two copies break every
    // schema check ('Cannot use GraphQLNonNull "Viewer!" from another module or realm'), so the journeys load the one
    // Node loads, as gateway/vitest.config.ts does.
    alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }],
  },
  test: {
    include: ['e2e/**/*.test.ts', 'production/**/*.test.ts', 'scripts/**/*.test.ts'],
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // expect.poll waits for what the page shows next, as Playwright's own waits do (30 s by default); vitest's
    // default of 1 s turned those waits into a claim about this machine's speed: a loaded two-core machine took
    // up to 3 s to replace the walkabout editor's loader after its answers were released (accessibility e2e).
    expect: { poll: { timeout: 10_000 } },
    // A failed check prints what it found in full (an axe violation's elements, say), not '{ rule: …(3) }'.
    chaiConfig: { truncateThreshold: 0 },
  },
});
