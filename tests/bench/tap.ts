/**
 * Tap to repaint in the walkabout edit page, part 3 of `npm run bench` (`npx tsx
 * tests/bench/tap.ts` runs it alone): headless Chromium over the real stack (backend, gateway and
 * web/dist on PGlite with the demo data). Two walkabouts of the same shape are made through the
 * backend: one floor of 2,000 conditions (25 locations × 80 tasks) and, as the baseline measured in
 * the same run, one floor of 20 conditions (1 location × 20 tasks). Their entries are unlocked in
 * the database (scannedAt), as a scan would. The admin opens both, each in its own page, and taps
 * one condition row repeatedly, the two pages in alternating blocks so that the machine's load
 * weighs on both alike.
 *
 * Each tap is measured in the page: from the pointerup event's timestamp (the input that makes the
 * click) to the second animation frame after a MutationObserver sees the row show its new answer,
 * that is, a frame after the one that painted it.
 */
import { pathToFileURL } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD, schema, signIn } from '@fsi/backend/testing';
import { seedLargeBuilding } from '@fsi/backend/seed/large-building';
import { launchBrowser, newPage, viewports } from '../e2e/browser';
import type { Stack } from '../e2e/stack';
import { startBenchStack } from './stack';

/** The responsiveness target for a tap on a phone. */
export const TAP_TARGET_MS = 100;

export type TapSide = { conditions: number; taps: number; p50Ms: number; p95Ms: number; domP50Ms: number; loadMs: number };
export type TapBench = { large: TapSide; small: TapSide; p50Ratio: number; p95Ratio: number };

type Sample = { inputAt: number; domAt: number; frameAt: number; nextFrameAt: number; satisfaction: string };
type BenchWindow = Window & { __tapBench?: Promise<Sample> };

const WARMUP_TAPS = 4;
const BLOCKS = 3;
const TAPS_PER_BLOCK = 10;

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
};
const round = (ms: number) => Math.round(ms * 10) / 10;

/** A walkabout of locations × tasks conditions on one floor, its entries unlocked as by a scan. */
async function largeWalkabout(stack: Stack, token: string, size: { locations: number; tasks: number }) {
  const db = stack.backend.db;
  const [organization] = await db.select({ id: schema.organizations.id }).from(schema.organizations).orderBy(schema.organizations.id).limit(1);
  if (!organization) throw new Error('the demo data has no organization');
  const building = await seedLargeBuilding(db, organization.id, size);
  const response = await stack.backend.app.inject({
    method: 'POST',
    url: '/walkabouts',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    payload: {
      data: { relationships: { building: { data: { id: String(building.buildingId) } }, cycle: { data: { id: String(building.cycleId) } } } },
    },
  });
  if (response.statusCode !== 201) throw new Error(`creating the walkabout answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
  const walkaboutId = Number((response.json() as { data: { id: string } }).data.id);
  await db.update(schema.entries).set({ scannedAt: new Date() }).where(eq(schema.entries.walkaboutId, walkaboutId));
  const [counts] = await db
    .select({ conditions: sql<number>`count(*)::int`, floors: sql<number>`count(distinct ${schema.entries.walkaboutFloorId})::int` })
    .from(schema.conditions)
    .innerJoin(schema.entries, eq(schema.entries.id, schema.conditions.entryId))
    .where(eq(schema.conditions.walkaboutId, walkaboutId));
  if (counts!.conditions !== size.locations * size.tasks || counts!.floors !== 1) {
    throw new Error(`expected ${size.locations * size.tasks} conditions on one floor, got ${JSON.stringify(counts)}`);
  }
  return { buildingId: building.buildingId, walkaboutId, conditions: counts!.conditions };
}

/** Arms the in-page measurement of the next tap on the row `rowId`. */
function arm(page: Page, rowId: string) {
  return page.evaluate((id) => {
    const row = document.getElementById(id);
    if (!row) throw new Error(`no row ${id}`);
    const before = row.dataset.satisfaction;
    (window as BenchWindow).__tapBench = new Promise<Sample>((resolve, reject) => {
      let inputAt: number | null = null;
      window.addEventListener('pointerup', (event) => void (inputAt = event.timeStamp), { capture: true, once: true });
      const timeout = window.setTimeout(() => reject(new Error(`row ${id} did not change within 10 s`)), 10_000);
      const observer = new MutationObserver(() => {
        if (inputAt === null || row.dataset.satisfaction === before) return;
        observer.disconnect();
        window.clearTimeout(timeout);
        const start = inputAt;
        const domAt = performance.now();
        requestAnimationFrame(() => {
          const frameAt = performance.now();
          requestAnimationFrame(() => resolve({ inputAt: start, domAt, frameAt, nextFrameAt: performance.now(), satisfaction: row.dataset.satisfaction ?? '' }));
        });
      });
      observer.observe(row, { attributes: true, childList: true, subtree: true, characterData: true });
    });
  }, rowId);
}

type OpenWalkabout = { label: string; page: Page; rowId: string; conditions: number; loadMs: number; times: number[]; domTimes: number[] };

async function open(browser: Browser, stack: Stack, walkabout: { buildingId: number; walkaboutId: number; conditions: number }, label: string): Promise<OpenWalkabout> {
  const { page } = await newPage(browser, stack.baseUrl, viewports.phone);
  await page.goto('/signin');
  await page.getByLabel('Username', { exact: true }).fill('admin');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/buildings');
  const started = Date.now();
  await page.goto(`/buildings/${walkabout.buildingId}/walkabouts/${walkabout.walkaboutId}`);
  await page.waitForFunction((n) => document.querySelectorAll('[data-condition-row]').length === n, walkabout.conditions, { timeout: 120_000 });
  const loadMs = Date.now() - started;
  const rows = page.locator('[data-condition-row]');
  // A row in the middle of the floor.
  const row = rows.nth(Math.floor(walkabout.conditions / 2));
  const rowId = await row.getAttribute('id');
  if (!rowId) throw new Error('a condition row has no id');
  if (await row.locator('[data-focus-target]').isDisabled()) throw new Error(`${label}: the entry is not unlocked`);
  return { label, page, rowId, conditions: walkabout.conditions, loadMs, times: [], domTimes: [] };
}

async function tap(side: OpenWalkabout, record: boolean) {
  const target = side.page.locator(`#${side.rowId} [data-focus-target]`);
  await target.scrollIntoViewIfNeeded();
  // Let the page settle (the previous tap's work, the scroll's paint) before arming.
  await side.page.evaluate(() => new Promise<void>((resolve) => setTimeout(() => requestAnimationFrame(() => requestAnimationFrame(() => resolve())), 100)));
  await arm(side.page, side.rowId);
  await target.click();
  const sample = await side.page.evaluate(() => (window as BenchWindow).__tapBench!);
  if (record) {
    side.times.push(sample.nextFrameAt - sample.inputAt);
    side.domTimes.push(sample.domAt - sample.inputAt);
  }
}

export async function benchTapToRepaint(): Promise<TapBench> {
  const stack = await startBenchStack();
  let browser: Browser | undefined;
  try {
    const { token } = await signIn(stack.backend.url, 'admin', DEMO_PASSWORD);
    const largeWalkaboutRef = await largeWalkabout(stack, token, { locations: 25, tasks: 80 });
    const smallWalkaboutRef = await largeWalkabout(stack, token, { locations: 1, tasks: 20 });
    browser = await launchBrowser();
    const large = await open(browser, stack, largeWalkaboutRef, '2,000 conditions');
    const small = await open(browser, stack, smallWalkaboutRef, '20 conditions');
    const sides = [large, small];
    // Warm-up taps (not counted) end on the same answer on both sides, so the counted taps
    // alternate Satisfactory and Unsatisfactory (with its remarks box) alike on both.
    for (const side of sides) {
      await side.page.bringToFront();
      for (let i = 0; i < WARMUP_TAPS; i += 1) await tap(side, false);
    }
    for (let block = 0; block < BLOCKS; block += 1) {
      for (const side of block % 2 ? [...sides].reverse() : sides) {
        await side.page.bringToFront();
        for (let i = 0; i < TAPS_PER_BLOCK; i += 1) await tap(side, true);
      }
    }
    const result = (side: OpenWalkabout): TapSide => ({
      conditions: side.conditions,
      taps: side.times.length,
      p50Ms: round(quantile(side.times, 0.5)),
      p95Ms: round(quantile(side.times, 0.95)),
      domP50Ms: round(quantile(side.domTimes, 0.5)),
      loadMs: side.loadMs,
    });
    const largeResult = result(large);
    const smallResult = result(small);
    return {
      large: largeResult,
      small: smallResult,
      p50Ratio: Math.round((largeResult.p50Ms / smallResult.p50Ms) * 100) / 100,
      p95Ratio: Math.round((largeResult.p95Ms / smallResult.p95Ms) * 100) / 100,
    };
  } finally {
    await browser?.close();
    await stack.close();
  }
}

export function formatTapBench(result: TapBench): string {
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const line = (side: TapSide) =>
    `  ${`${side.conditions.toLocaleString('en-US')} conditions`.padEnd(18)} ${ms(side.p50Ms).padEnd(10)} ${ms(side.p95Ms).padEnd(10)} ${ms(side.domP50Ms).padEnd(14)} ${(side.loadMs / 1000).toFixed(1)} s`;
  const verdict = result.large.p50Ms < TAP_TARGET_MS ? 'meets' : 'MISSES';
  return [
    '',
    'Walkabout edit in headless Chromium (phone viewport): tap on a condition to the frame after its repaint',
    `  ${result.large.taps} taps per side after ${WARMUP_TAPS} warm-up, one row tapped repeatedly (Satisfactory / Unsatisfactory), pages alternating in blocks of ${TAPS_PER_BLOCK}`,
    '',
    '                     p50        p95        DOM updated    page load',
    line(result.large),
    line(result.small),
    `  2,000 / 20         ${`${result.p50Ratio.toFixed(2)}x`.padEnd(10)} ${`${result.p95Ratio.toFixed(2)}x`.padEnd(10)}`,
    `  target: p50 under ${TAP_TARGET_MS} ms on 2,000 conditions: ${verdict} (${ms(result.large.p50Ms)})`,
    '',
  ].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(formatTapBench(await benchTapToRepaint()));
}
