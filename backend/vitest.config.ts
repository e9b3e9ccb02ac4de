import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    // Each file opens its own databases; the first one may build the shared template (a few seconds).
    hookTimeout: 120_000,
    testTimeout: 30_000,
    pool: 'forks',
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
