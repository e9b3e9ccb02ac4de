import { defineConfig } from 'vitest/config';

// End-to-end journeys drive a real Chromium against the real stack, and production/ starts the compiled servers:
// one file at a time, since this machine has two cores and each file starts its own backend and gateway.
export default defineConfig({
  test: {
    include: ['e2e/**/*.test.ts', 'production/**/*.test.ts', 'scripts/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
