/**
 * Lighthouse on /signin and on /buildings signed in, part 5 of `npm run bench` (`npx tsx
 * tests/bench/lighthouse.ts` runs it alone; `--dist <folder>` measures another build of the web, e.g.
 * the one before a change). Lighthouse 12.8's Node API with its default, mobile configuration: a
 * phone's screen and simulated slow 4G with a 4x slower CPU. Debian's Chromium is started here with
 * a remote-debugging port and a fresh profile; nothing leaves 127.0.0.1 (the host resolver maps every
 * other name to nothing). The stack is the production one: the gateway serving the built web app
 * (tests/bench/stack.ts) over the backend on PGlite with the demo data.
 *
 * /signin is measured cold. For /buildings, the admin signs in through the sign-in page first (playwright-core
 * on the same browser, so the same profile keeps the token in localStorage); then the service worker,
 * its caches and the HTTP cache are cleared, and Lighthouse runs with `disableStorageReset` so that
 * the session stays: the figures are a signed-in inspector's first load, nothing served from a cache.
 * Each page is measured RUNS times and the median run (Lighthouse's own choice) is reported; with
 * LIGHTHOUSE_REPORTS=<folder>, its whole result is written there as JSON, to read Lighthouse's details.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import lighthouse, { type Flags, type Result, type RunnerResult } from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { chromium, type BrowserContext } from 'playwright-core';
import { DEMO_PASSWORD } from '@fsi/backend/testing';
import { chromiumArgs } from '../e2e/browser';
import { startStack, type Stack } from '../e2e/stack';
import { runAsProduction, startBenchStack } from './stack';

/** The targets of issue 8 for both pages. */
export const LIGHTHOUSE_TARGETS = { performance: 90, lcpMs: 2500 } as const;
/**
 * Lighthouse's variability notes: the median of five runs roughly halves the spread of one. On this shared host one
 * page's runs spread over eight points and more (88 to 96 for /buildings), so three left the figure to chance.
 */
const RUNS = 5;

export type LighthousePage = {
  page: string;
  /** 0 to 100. */
  performance: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  /** Transferred bytes of JavaScript in the whole run, and of the scripts requested before the load event. */
  jsKiB: number;
  jsBeforeLoadKiB: number;
  /** Each run's score, to show the spread. */
  scores: number[];
  /**
   * Lighthouse's measure of the host's CPU in the median run (environment.benchmarkIndex): its 4x slowdown stands for a
   * mid-tier phone on a host of about 1,000 and more, and it warns below that (a slower host scores lower for the same
   * page). Printed so that runs on different days or machines can be told apart.
   */
  benchmarkIndex: number;
  /** What Lighthouse took for the largest contentful paint. */
  lcpElement: string;
  /** Lighthouse's opportunities and diagnostics that failed, with their estimated savings where given. */
  advice: string[];
};
export type LighthouseBench = { pages: LighthousePage[]; chromium: string; lighthouse: string };

type Browser = { process: ChildProcess; port: number; version: string; close(): Promise<void> };

/** Debian's Chromium with a remote-debugging port Lighthouse and playwright-core connect to. */
async function startChromium(): Promise<Browser> {
  const profile = mkdtempSync(path.join(tmpdir(), 'fsi-lighthouse-'));
  const executable = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  const child = spawn(
    executable,
    [
      ...chromiumArgs,
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      // No network beyond this machine: every name but the loopback resolves to nothing.
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let stderr = '';
    const timer = setTimeout(() => reject(new Error(`Chromium did not open its debugging port within 30 s:\n${stderr}`)), 30_000);
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(stderr);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once('exit', (code) => reject(new Error(`Chromium exited (${code}) before opening its debugging port:\n${stderr}`)));
    // A missing or unrunnable binary: this part fails with the reason, rather than the whole run on an unhandled 'error'.
    child.once('error', (error) => {
      clearTimeout(timer);
      rmSync(profile, { recursive: true, force: true });
      reject(new Error(`Chromium could not be started at ${executable} (${error.message}): install Debian's chromium (apt-get install -y chromium; npm test does so as root) or set CHROMIUM_PATH`));
    });
  });
  const version = ((await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as { Browser: string }).Browser;
  return {
    process: child,
    port,
    version,
    async close() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill();
      await exited;
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** playwright-core on the browser's own profile (its default context), disconnected after `task`. */
async function withDefaultContext(port: number, task: (context: BrowserContext) => Promise<void>): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    await task(browser.contexts()[0]!);
  } finally {
    // Disconnects; the browser started by startChromium keeps running.
    await browser.close();
  }
}

/** Signs the admin in through the sign-in page, so that the profile's localStorage holds the session. */
async function signIn(port: number, baseUrl: string): Promise<void> {
  await withDefaultContext(port, async (context) => {
    const page = await context.newPage();
    await page.goto(`${baseUrl}/signin`);
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${baseUrl}/buildings`);
    // Signed in as an inspector is: the Buildings screen shown, its answers in (the toolbar the shell keeps for the
    // next load, say), not left half-way through its first load when the page closes.
    await page.getByRole('article').first().getByRole('heading', { level: 2 }).waitFor();
    if (!(await page.evaluate(() => window.localStorage.getItem('fsi.accessToken')))) throw new Error('signing in stored no access token');
    await page.close();
  });
}

/**
 * Clears what a returning visit would be served from (the service worker, its caches, the HTTP cache) and keeps
 * localStorage, so the session: Lighthouse's own reset, run here because `disableStorageReset` turns it off.
 */
async function clearCachesKeepingSession(port: number, baseUrl: string): Promise<void> {
  await withDefaultContext(port, async (context) => {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Storage.clearDataForOrigin', { origin: new URL(baseUrl).origin, storageTypes: 'service_workers,cache_storage' });
    await cdp.send('Network.clearBrowserCache');
    await page.close();
  });
}

const kib = (bytes: number) => bytes / 1024;

type NetworkItem = { url: string; transferSize?: number; rendererStartTime?: number };

/** The figures of one Lighthouse result. */
function figures(page: string, lhr: Result, scores: number[]): LighthousePage {
  const numeric = (id: string) => {
    const value = lhr.audits[id]?.numericValue;
    if (typeof value !== 'number') throw new Error(`Lighthouse gave no ${id} for ${page}: ${lhr.audits[id]?.errorMessage ?? 'no audit'}`);
    return value;
  };
  // By the file, not Lighthouse's resource type: a module prefetched by index.html is 'Other', its import then a cache hit.
  const requests = ((lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? []).filter(
    (item) => /\.m?js$/.test(new URL(item.url).pathname),
  );
  const metrics = (lhr.audits.metrics?.details as { items?: Array<Record<string, number>> } | undefined)?.items?.[0] ?? {};
  const loadMs = metrics.observedLoad ?? Number.POSITIVE_INFINITY;
  const advice = Object.values(lhr.audits)
    .filter((audit) => audit.score !== null && audit.score < 0.9 && (audit.details?.type === 'opportunity' || audit.scoreDisplayMode === 'metricSavings'))
    .filter((audit) => !['largest-contentful-paint', 'first-contentful-paint', 'speed-index', 'total-blocking-time', 'cumulative-layout-shift', 'interactive', 'max-potential-fid'].includes(audit.id))
    .map((audit) => `${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
  const lcpItems = (lhr.audits['largest-contentful-paint-element']?.details as { items?: Array<{ items?: Array<{ node?: { nodeLabel?: string; selector?: string } }> }> } | undefined)?.items;
  const lcpNode = lcpItems?.[0]?.items?.[0]?.node;
  return {
    page,
    lcpElement: lcpNode ? `${lcpNode.selector ?? ''} "${(lcpNode.nodeLabel ?? '').slice(0, 60)}"` : 'none reported',
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: numeric('largest-contentful-paint'),
    fcpMs: numeric('first-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    jsKiB: kib(requests.reduce((sum, item) => sum + (item.transferSize ?? 0), 0)),
    jsBeforeLoadKiB: kib(requests.filter((item) => (item.rendererStartTime ?? 0) <= loadMs).reduce((sum, item) => sum + (item.transferSize ?? 0), 0)),
    scores,
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    advice,
  };
}

/** RUNS runs of one page (`beforeEach` before each), and the Lighthouse version that ran them. */
async function measure(port: number, url: string, label: string, flags: Flags, beforeEach?: () => Promise<void>): Promise<{ page: LighthousePage; version: string }> {
  const runs: Result[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    await beforeEach?.();
    const result: RunnerResult | undefined = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], ...flags });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    if (result.lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${result.lhr.runtimeError.message}`);
    runs.push(result.lhr);
  }
  const median = computeMedianRun(runs);
  if (process.env.LIGHTHOUSE_REPORTS) {
    mkdirSync(process.env.LIGHTHOUSE_REPORTS, { recursive: true });
    writeFileSync(path.join(process.env.LIGHTHOUSE_REPORTS, `${label.replace(/[^a-z]+/gi, '-').replace(/^-|-$/g, '')}.json`), JSON.stringify(median));
  }
  const scores = runs.map((lhr) => Math.round((lhr.categories.performance?.score ?? 0) * 100));
  return { page: figures(label, median, scores), version: median.lighthouseVersion };
}

/** Both pages, over the stack of tests/bench/stack.ts, or over another build's folder when `dist` is given. */
export async function benchLighthouse(options: { dist?: string } = {}): Promise<LighthouseBench> {
  const stack: Stack = options.dist ? await startStack({ webDist: path.resolve(options.dist) }) : await startBenchStack();
  let browser: Browser | null = null;
  try {
    browser = await startChromium();
    const port = browser.port;
    const signin = await measure(port, `${stack.baseUrl}/signin`, '/signin', {});
    await signIn(port, stack.baseUrl);
    // Each run registers the service worker again, which would serve the next run: cleared before every run.
    const buildings = await measure(port, `${stack.baseUrl}/buildings`, '/buildings (signed in)', { disableStorageReset: true }, () =>
      clearCachesKeepingSession(port, stack.baseUrl),
    );
    return { pages: [signin.page, buildings.page], chromium: browser.version, lighthouse: signin.version };
  } finally {
    await browser?.close();
    await stack.close();
  }
}

export function formatLighthouseBench(bench: LighthouseBench): string {
  const lines = [`Lighthouse ${bench.lighthouse}, mobile preset (simulated slow 4G, 4x CPU slowdown), ${bench.chromium}; median of ${RUNS} runs`];
  for (const page of bench.pages) {
    lines.push(
      `  ${page.page.padEnd(24)} performance ${String(page.performance).padStart(3)} (runs ${page.scores.join(', ')}), LCP ${(page.lcpMs / 1000).toFixed(2)} s, FCP ${(page.fcpMs / 1000).toFixed(2)} s, TBT ${page.tbtMs.toFixed(0)} ms, CLS ${page.cls.toFixed(3)}, JavaScript ${page.jsBeforeLoadKiB.toFixed(1)} KiB transferred by load (${page.jsKiB.toFixed(1)} KiB in the whole run)`,
    );
    lines.push(`    largest contentful paint: ${page.lcpElement}; host CPU benchmarkIndex ${page.benchmarkIndex}${page.benchmarkIndex < 1000 ? ' (below the 1,000 Lighthouse expects for its 4x slowdown: it warns that the score suffers)' : ''}`);
    if (page.advice.length) lines.push(`    Lighthouse's advice: ${page.advice.join('; ')}`);
  }
  return lines.join('\n');
}

/** Whether a page meets the targets of issue 8. */
export function meetsTargets(page: LighthousePage): boolean {
  return page.performance >= LIGHTHOUSE_TARGETS.performance && page.lcpMs <= LIGHTHOUSE_TARGETS.lcpMs;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runAsProduction();
  const distAt = process.argv.indexOf('--dist');
  const dist = distAt >= 0 ? process.argv[distAt + 1] : undefined;
  const bench = await benchLighthouse({ dist });
  console.log(formatLighthouseBench(bench));
  for (const page of bench.pages) {
    console.log(`${page.page}: target performance >= ${LIGHTHOUSE_TARGETS.performance} and LCP <= ${LIGHTHOUSE_TARGETS.lcpMs / 1000} s ${meetsTargets(page) ? 'met' : 'MISSED'}`);
  }
  process.exit(0);
}
