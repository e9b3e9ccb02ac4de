import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const require = createRequire(import.meta.url);

/**
 * The accessibility checks first, then the rest behind them: vitest orders the files of a run it has no timings of
 * (a clean clone, CI) largest first, and these four small files, each over part of the checks in
 * e2e/accessibility.ts, are the longest (about 100 s each alone, 150-190 s three at a time, beside 10-80 s): last, they ran side by side after everything
 * else instead of beside it.
 */
class AccessibilityFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const first = (file: TestSpecification) => /accessibility-[\w-]+\.test\.ts$/.test(file.moduleId);
    return [...sorted.filter(first), ...sorted.filter((file) => !first(file))];
  }
}

// End-to-end journeys drive a real Chromium against the real stack, and production/ starts the compiled servers. Each
// file starts its own backend, gateway and browser, on ports of its own: three files at a time on this two-core
// machine, since a journey spends most of its time waiting on its page (one file alone keeps about 0.4 of a core
// busy: 58 s of CPU in 152 s for the accessibility checks at the phone size, when they were one file).
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
    maxWorkers: 3,
    sequence: { sequencer: AccessibilityFirst },
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
