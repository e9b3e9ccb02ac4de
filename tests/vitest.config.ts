import { defineConfig } from 'vitest/config';

// End-to-end journeys drive a real Chromium against the real stack, and production/ starts the compiled servers:
// one file at a time, since this machine has two cores and each file starts its own backend and gateway.
export default defineConfig({
  test: {
    include: ['e2e/**/*.test.ts', 'production/**/*.test.ts', 'scripts/**/*.test.ts'],
    fileParallelism: false,
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
