import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const require = createRequire(import.meta.url);

/**
 * Longest first. vitest orders the files of a run it has no timings of (a clean clone, CI) largest first, and a file's
 * size says little of its time: the four accessibility files are small and the longest, production/compiled.test.ts
 * is small and started last (at 370 s of a 443 s run, then 52 s alone on three workers' time). So the files known to
 * be long go first, longest first, by their seconds in a run of this suite on this machine (three at a time, two
 * cores; 2026-11-28), then the rest as vitest orders them. A file missing here only starts later; the list orders,
 * it does not select.
 */
const secondsInARun: Record<string, number> = {
  'e2e/accessibility-desktop-administration.test.ts': 167,
  'e2e/accessibility-phone-administration.test.ts': 165,
  'e2e/accessibility-desktop-screens.test.ts': 147,
  'e2e/accessibility-phone-screens.test.ts': 108,
  'production/compiled.test.ts': 88,
  'e2e/offline.test.ts': 46,
  'e2e/administration.test.ts': 43,
  'e2e/offline-calm.test.ts': 40,
  'e2e/types-and-tasks.test.ts': 40,
  'e2e/walkabout.test.ts': 33,
  'e2e/people-and-schedules.test.ts': 30,
  'e2e/reports.test.ts': 29,
  'e2e/sign-in.test.ts': 24,
};
const here = path.dirname(fileURLToPath(import.meta.url));
const secondsOf = (file: TestSpecification) => secondsInARun[path.relative(here, file.moduleId).split(path.sep).join('/')] ?? 0;

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // A stable sort: the files of equal seconds (the unlisted ones) keep vitest's order.
    return sorted.sort((a, b) => secondsOf(b) - secondsOf(a));
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
    // The files of a worker share one module graph, as in the backend's and the gateway's suites: the stack's modules
    // (backend and gateway) were loaded again for each of the 21 files, 5-20 s each on a loaded machine. So a file
    // leaves nothing behind (each closes its stack and browser in afterAll; accessibility.ts makes its data again per
    // file), and stubbed variables of the environment are restored after each test.
    isolate: false,
    unstubEnvs: true,
    unstubGlobals: true,
    sequence: { sequencer: LongestFirst },
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
