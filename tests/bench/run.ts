/**
 * `npm run bench`: every benchmark in one run, each figure against a baseline measured in the same
 * run (the machine is shared and noisy, so absolute figures alone say little):
 * 1. the gateway against direct REST calls (gateway.ts);
 * 2. the backend's walkabout saves and creation on PGlite, and on PostgreSQL when
 *    TEST_DATABASE_URL answers (backend/bench/walkabouts.bench.ts);
 * 3. tap to repaint in the walkabout edit page in headless Chromium, 2,000 conditions against 20 (tap.ts);
 * 4. the backend's cost of the buildings screen: database queries per REST call and backend CPU per
 *    GraphQL buildings query, against the raw SQL for the same rows (backend-cost.ts);
 * 5. Lighthouse (mobile, simulated slow 4G) on /signin and on /buildings signed in, against Debian's Chromium
 *    (lighthouse.ts): performance, LCP, TBT, CLS and the JavaScript transferred, against the targets of issue 8.
 * 6. the completed report PDF of a 2,000-condition walkabout with 100 photos: time and size, against pdf-lib writing
 *    the same number of blank pages (backend/bench/report-pdf.bench.ts).
 * 7. the failure summary of a building with a year of daily walkabouts, against GET /buildings/{id} and the same
 *    summary with one walkabout (backend/bench/failure-summary.bench.ts), on PGlite and PostgreSQL.
 * 8. Create Current Walkabouts and the Manage Locations query on a building of 500 locations, against creating its
 *    walkabout from scratch and GET /buildings/{id} (backend/bench/current-walkabouts.bench.ts), on PGlite and PostgreSQL.
 *    `npm run bench -- current-walkabouts` runs this part alone.
 * 9. The overview dashboards (entry-state-counters and entry-filtered-state-counters) on a generated organization of 10,
 *    100 and 1,000 buildings with a year of daily walkabouts (about 11 million results at 1,000), against
 *    GET /organizations/{id} (backend/bench/overview.bench.ts), on PostgreSQL. `npm run bench -- overview` runs it alone.
 * `npm run bench -- backend-cost lighthouse` runs parts 4 and 5 alone (either name alone runs that part).
 * Builds web/dist first when it is missing. Ends with a summary; exits 1 if a part failed.
 * Runs in a process with the production gateway's environment and Node options (stack.ts `runAsProduction`).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatCurrentWalkaboutsBenches, runCurrentWalkaboutsBenches, summarizeCurrentWalkaboutsBenches, type CurrentWalkaboutsBenches } from '../../backend/bench/current-walkabouts.bench';
import { formatFailureSummaryBenches, runFailureSummaryBenches, type FailureSummaryBenches } from '../../backend/bench/failure-summary.bench';
import { formatOverviewBenches, runOverviewBenches, summarizeOverviewBenches, type OverviewBenches } from '../../backend/bench/overview.bench';
import { benchReportPdf, formatReportPdfBench, type ReportPdfBench } from '../../backend/bench/report-pdf.bench';
import { databaseLabel, formatWalkaboutBenches, runWalkaboutBenches, walkaboutTargets, type WalkaboutBenches } from '../../backend/bench/walkabouts.bench';
import { BACKEND_CPU_TARGET_MS, benchBackendCost, formatBackendCostBench, type BackendCostBench } from './backend-cost';
import { benchGateway, formatGatewayBench, type GatewayBench } from './gateway';
import { benchLighthouse, formatLighthouseBench, LIGHTHOUSE_TARGETS, meetsTargets, type LighthouseBench } from './lighthouse';
import { runAsProduction } from './stack';
import { benchTapToRepaint, formatTapBench, TAP_TARGET_MS, type TapBench } from './tap';

runAsProduction();

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const started = Date.now();
const failures: string[] = [];

function newestFile(folder: string): number {
  let newest = 0;
  for (const entry of readdirSync(folder, { recursive: true })) {
    const stat = statSync(path.join(folder, String(entry)));
    if (stat.isFile()) newest = Math.max(newest, stat.mtimeMs);
  }
  return newest;
}

function ensureWebBuilt() {
  const index = path.join(root, 'web/dist/index.html');
  if (!existsSync(index)) {
    console.log('web/dist is missing: npm run build -w web');
    const build = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('npm run build -w web failed');
  } else if (newestFile(path.join(root, 'web/src')) > statSync(index).mtimeMs) {
    console.log('Note: web/src has changes newer than web/dist; parts 3 and 5 measure web/dist as built (`npm run build -w web` to rebuild).');
  }
}

async function part<T>(title: string, run: () => Promise<T>, format: (result: T) => string): Promise<T | null> {
  const t0 = Date.now();
  console.log(`\n=== ${title}`);
  try {
    const result = await run();
    console.log(format(result));
    console.log(`=== ${title}: ${((Date.now() - t0) / 1000).toFixed(0)} s`);
    return result;
  } catch (error) {
    console.error(error);
    console.log(`=== ${title}: FAILED`);
    failures.push(title);
    return null;
  }
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const x = (value: number, digits = 2) => `${value.toFixed(digits)}x`;

function summary(
  gateway: GatewayBench | null,
  walkabouts: WalkaboutBenches | null,
  tap: TapBench | null,
  cost: BackendCostBench | null,
  lighthouse: LighthouseBench | null,
  reportPdf: ReportPdfBench | null,
  failureSummary: FailureSummaryBenches | null,
  currentWalkabouts: CurrentWalkaboutsBenches | null,
  overview: OverviewBenches | null,
): string {
  const lines = ['', '=== Summary (ratios against baselines measured in this run)'];
  if (gateway) {
    lines.push(
      `  1 gateway, the web's buildings screen (${gateway.buildings} buildings): ${gateway.callsPerQuery} REST calls per query; p50 ${ms(gateway.gateway.p50)} (direct REST ${ms(gateway.direct.p50)}, ${x(gateway.gateway.p50 / gateway.direct.p50)}); ${gateway.gateway.throughput.toFixed(0)}/s with 10 connections = ${x(gateway.gateway.throughput / gateway.direct.throughput)} direct REST`,
      `    p50 by page size: ${gateway.sizes.map((s) => `${s.buildings}: ${ms(s.gatewayP50)} (direct ${ms(s.directP50)}, gateway CPU ${ms(s.gatewayCpuMs)})`).join('; ')}; gateway CPU per building more ${gateway.marginalCpuPerBuildingMs.toFixed(3)} ms`,
    );
  } else lines.push('  1 gateway: FAILED');
  if (walkabouts) {
    const save = walkabouts.save.map((r) => `${databaseLabel(r.kind)} ${r.round}, ${r.answer} answer p50 ${ms(r.p50Ms)} = ${x(r.p50Ratio, 0)} select 1`).join('; ');
    const create = walkabouts.create.map((r) => `${databaseLabel(r.kind)} ${ms(r.ms)} = ${x(r.ratio, 1)} one bulk insert of 10,000 rows`).join('; ');
    lines.push(`  2 save 1,000 conditions (PATCH /walkabout-data): ${save}`);
    lines.push(`    create a walkabout of 10,000 conditions: ${create}`);
    if (walkabouts.postgresNote) lines.push(`    PostgreSQL skipped: ${walkabouts.postgresNote}`);
    lines.push(`    targets: ${walkaboutTargets(walkabouts).join('; ')}`);
  } else lines.push('  2 backend walkabouts: FAILED');
  if (tap) {
    lines.push(
      `  3 tap to repaint, 2,000 conditions on one floor: p50 ${ms(tap.large.p50Ms)}, p95 ${ms(tap.large.p95Ms)}; against 20 conditions (p50 ${ms(tap.small.p50Ms)}): p50 ${x(tap.p50Ratio)}, p95 ${x(tap.p95Ratio)}`,
    );
    lines.push(`    target p50 under ${TAP_TARGET_MS} ms: ${tap.large.p50Ms < TAP_TARGET_MS ? 'met' : 'MISSED'}`);
  } else lines.push('  3 tap to repaint: FAILED');
  if (cost) {
    const queries = cost.calls.reduce((sum, c) => sum + c.queries, 0);
    lines.push(
      `  4 backend, buildings screen (${cost.buildings} buildings): ${cost.calls.length} REST calls, ${(queries / cost.calls.length).toFixed(1)} database queries per call (${cost.calls.map((c) => c.queries).join(' + ')}); backend CPU p50 ${ms(cost.cpuMs)} = ${x(cost.cpuMs / cost.baselineMs, 1)} the raw SQL for the same rows`,
    );
    lines.push(`    target backend CPU under ${BACKEND_CPU_TARGET_MS} ms: ${cost.cpuMs <= BACKEND_CPU_TARGET_MS ? 'met' : 'MISSED'}`);
  } else lines.push('  4 backend cost: FAILED');
  if (lighthouse) {
    const pages = lighthouse.pages.map(
      (page) =>
        `${page.page} performance ${page.performance}, LCP ${(page.lcpMs / 1000).toFixed(2)} s, TBT ${page.tbtMs.toFixed(0)} ms, CLS ${page.cls.toFixed(3)}, JS ${page.jsBeforeLoadKiB.toFixed(0)} KiB by load`,
    );
    lines.push(`  5 Lighthouse (mobile, simulated slow 4G): ${pages.join('; ')}`);
    const verdicts = lighthouse.pages.map((page) => `${page.page} ${meetsTargets(page) ? 'met' : 'MISSED'}`);
    lines.push(`    target performance >= ${LIGHTHOUSE_TARGETS.performance} and LCP <= ${LIGHTHOUSE_TARGETS.lcpMs / 1000} s: ${verdicts.join(', ')}`);
  } else lines.push('  5 Lighthouse: FAILED');
  if (reportPdf) {
    lines.push(
      `  6 report PDF, ${reportPdf.conditions.toLocaleString('en-US')} conditions and ${reportPdf.photos} photos (${reportPdf.pages} pages): ${ms(reportPdf.reportMs)}, ${(reportPdf.reportBytes / 1024).toFixed(0)} KiB = ${x(reportPdf.reportMs / reportPdf.blankMs, 0)} the time of pdf-lib writing ${reportPdf.pages} blank pages (${ms(reportPdf.blankMs)}); without the photos ${ms(reportPdf.withoutPhotosMs)}`,
    );
  } else lines.push('  6 report PDF: FAILED');
  if (failureSummary) {
    const figures = failureSummary.results.map(
      (r) => `${databaseLabel(r.kind)} p50 ${ms(r.p50Ms)} = ${x(r.p50Ms / r.buildingP50Ms)} GET /buildings/{id}, ${x(r.p50Ms / r.oneWalkaboutP50Ms)} the summary with one walkabout`,
    );
    lines.push(`  7 failure summary, a year of daily walkabouts (${failureSummary.results[0]?.walkabouts ?? 0} walkabouts): ${figures.join('; ')}`);
  } else lines.push('  7 failure summary: FAILED');
  if (currentWalkabouts) {
    lines.push('  8 Create Current Walkabouts and Manage Locations, a building of 500 locations:');
    for (const line of summarizeCurrentWalkaboutsBenches(currentWalkabouts)) lines.push(`    ${line}`);
  } else lines.push('  8 Create Current Walkabouts: FAILED');
  if (overview) {
    lines.push('  9 overview dashboards, a year of daily walkabouts per building (PostgreSQL):');
    for (const line of summarizeOverviewBenches(overview)) lines.push(`    ${line}`);
  } else lines.push('  9 overview dashboards: FAILED');
  lines.push(`  took ${((Date.now() - started) / 60000).toFixed(1)} min${failures.length ? `; failed: ${failures.join(', ')}` : ''}`);
  return lines.join('\n');
}

// `npm run bench -- current-walkabouts`: part 8 alone (issue 12), without the web build and the other parts.
if (process.argv.includes('current-walkabouts')) {
  const alone = await part('8 Create Current Walkabouts and Manage Locations, 500 locations (PGlite, PostgreSQL)', runCurrentWalkaboutsBenches, formatCurrentWalkaboutsBenches);
  if (alone) console.log(['', '=== Summary (ratios against baselines measured in this run)', ...summarizeCurrentWalkaboutsBenches(alone).map((line) => `  8 ${line}`)].join('\n'));
  process.exit(failures.length ? 1 : 0);
}

// `npm run bench -- overview`: part 9 alone (issue 13); OVERVIEW_BENCH_SIZES=10,100 picks the sizes.
if (process.argv.includes('overview')) {
  const alone = await part('9 overview dashboards, 10 to 1,000 buildings (PostgreSQL)', () => runOverviewBenches(), formatOverviewBenches);
  if (alone) console.log(['', '=== Summary (ratios against baselines measured in this run)', ...summarizeOverviewBenches(alone).map((line) => `  9 ${line}`)].join('\n'));
  process.exit(failures.length ? 1 : 0);
}

// `npm run bench -- backend-cost lighthouse`: parts 4 and/or 5 alone (issue 8's targets), against the same baselines.
const only = ['backend-cost', 'lighthouse'].filter((name) => process.argv.includes(name));
if (only.length) {
  ensureWebBuilt();
  const alone = [
    only.includes('backend-cost') ? await part('4 backend cost of the buildings screen', benchBackendCost, formatBackendCostBench) : null,
    only.includes('lighthouse') ? await part('5 Lighthouse on /signin and /buildings', () => benchLighthouse(), formatLighthouseBench) : null,
  ];
  console.log(`\n=== ${only.join(' and ')}: ${failures.length ? `failed: ${failures.join(', ')}` : 'done'} in ${((Date.now() - started) / 60000).toFixed(1)} min`);
  process.exit(failures.length || alone.every((r) => r === null) ? 1 : 0);
}

ensureWebBuilt();
const gateway = await part('1/7 gateway vs direct REST', benchGateway, formatGatewayBench);
const walkabouts = await part('2/7 backend walkabouts (PGlite, PostgreSQL)', runWalkaboutBenches, formatWalkaboutBenches);
const tap = await part('3/7 tap to repaint in Chromium', benchTapToRepaint, formatTapBench);
const cost = await part('4/7 backend cost of the buildings screen', benchBackendCost, formatBackendCostBench);
const lighthouse = await part('5/7 Lighthouse on /signin and /buildings', () => benchLighthouse(), formatLighthouseBench);
const reportPdf = await part('6/7 report PDF, 2,000 conditions with 100 photos', benchReportPdf, formatReportPdfBench);
const failureSummary = await part('7/7 failure summary over a year of daily walkabouts (PGlite, PostgreSQL)', runFailureSummaryBenches, formatFailureSummaryBenches);
const currentWalkabouts = await part('8 Create Current Walkabouts and Manage Locations, 500 locations (PGlite, PostgreSQL)', runCurrentWalkaboutsBenches, formatCurrentWalkaboutsBenches);
const overview = await part('9 overview dashboards, 10 to 1,000 buildings (PostgreSQL)', () => runOverviewBenches(), formatOverviewBenches);
console.log(summary(gateway, walkabouts, tap, cost, lighthouse, reportPdf, failureSummary, currentWalkabouts, overview));
process.exit(failures.length ? 1 : 0);
