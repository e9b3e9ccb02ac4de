import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    // Each file opens its own databases; the first one may build the shared template (a few seconds).
    hookTimeout: 120_000,
    testTimeout: 30_000,
    pool: 'forks',
  },
});
