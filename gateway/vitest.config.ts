import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);

export default defineConfig({
  resolve: {
    // graphql 16 ships index.mjs (picked by Vite) and index.js (picked by Node for Apollo Server):
    // two copies break `instanceof GraphQLError` and schema checks, so tests load the one Node loads.
    alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }],
  },
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts', 'playground/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // Each integration file starts its own backend on a fresh PGlite (3–5 s to create).
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // vitest's default is one worker fewer than the cores: one, on a two-core machine like CI's. Two files at a time
    // use both cores (and the time a file waits on a database, a server or the file system).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // The files of a worker share one module graph (not one per file): loading the backend's modules and building
    // its validators and serializers once per worker rather than once per file halved the suite's CPU. So a file
    // leaves nothing behind: each closes the servers it starts, restores real timers, and stubbed variables of the
    // environment are restored after each test.
    isolate: false,
    unstubEnvs: true,
    unstubGlobals: true,
  },
});
