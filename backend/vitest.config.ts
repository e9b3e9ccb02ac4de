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
  },
});
