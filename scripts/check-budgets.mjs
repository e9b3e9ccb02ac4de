#!/usr/bin/env node
// The web's JavaScript budgets (issue 8): the gzipped JavaScript each route loads before it is interactive,
// read from the build (web/dist, `npm run build -w web` first; another build's folder as the first argument). A
// route's critical path is the entry chunk, the app's start (src/app/startApp.tsx, which the entry imports after the
// first paint and index.html preloads) and the chunks of its screens, with everything they import statically, each
// counted once; dynamic imports (other screens, the scanner) load when needed and are not counted. Exits non-zero
// when a route is over its budget.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const KiB = 1024;

/** What every route opens: the entry and the app's start, which renders sign-in itself. */
const START = ['index.html', 'src/app/startApp.tsx'];
/** What every route behind sign-in opens besides: Apollo Client (app/ApolloGate.tsx) and the shell. */
const SIGNED_IN = [...START, 'src/app/ApolloArea.tsx', 'src/app/shell/Shell.tsx'];

/**
 * One table: each route, the manifest keys of what it opens (the entry, then the lazy screens it renders), and its
 * budget in KiB of gzipped JavaScript. Budgets sit a little above today's figures so that growth is caught.
 * /signin's target is 150 KiB (issue 8): it loads neither Apollo Client nor the screens behind sign-in.
 */
export const BUDGETS = [
  // 126: issue 13's overview screens: their route table entries and the regrouping of Mantine's shared chunks (23 -> 26
  // files on this path) once Table, MultiSelect, SimpleGrid and Loader are used by two more lazy screens (124.5 -> 125.6
  // KiB measured without and with them; importing the overview rules by file changed nothing). /buildings likewise
  // (261.3 -> 262.6: 263), the editor (279.7 -> 281.0: 282).
  // Issue 13's ten screens merged together (types, tasks, task groups, building types and tasks, overviews, usage,
  // import, export): their route table entries and preload lists in the start chunk, and Mantine's shared chunks
  // regrouped once more; each helper's branch fitted alone, all of them took /signin to 126.4, /buildings to 264.1 and
  // the editor to 282.4 KiB with the overview and import-export rules already imported by file. Issue 8 (open) takes
  // them back down: the route table's preload lists out of the start chunk.
  // 120: issue 8's modules grouped by page-load phase (web/chunkPhases.ts) and GraphQL documents parsed at build time
  // (web/precompileGql.ts): 116.8 KiB measured; /buildings 204.4 (208), the editor 263.0 (266).
  { route: '/signin', opens: START, budgetKiB: 120, targetKiB: 150 },
  // 253: the report screens (issue 10) share Card, Badge, dayjs and others with Buildings, which the build then puts in
  // chunks of their own (248.9 -> 251.6 KiB measured without and with them), no new code on this path.
  // 259: issue 11's screens: the QR code routes (253.1 -> 253.5 KiB), the card's Accept Contract with its lazy sheet's
  // preload list, the Manage Organizations route, the contract operations and rules (-> 255.6), the three documents
  // routes with their operations and rules (-> 257.5 KiB measured). Every operation's document sits in the one
  // generated module all routes load: splitting it per screen is the way back under, not yet done.
  // Documents beside their screens (near-operation-file) took it to 253.7. 262: issue 12's eleven administration
  // screens: their route table entries, their rules in @fsi/shared's one chunk (5.1 -> 6.3 KiB), and the regrouping of
  // Mantine's shared chunks once Accordion, Collapse, SimpleGrid and the Combobox are used by lazy screens (Modal's 25.4
  // KiB chunk became six; -> 261.2 KiB measured). Importing @fsi/shared by file, as the secondary data catalogue is, is
  // the next way back under.
  // 263: issue 13's usage, import and export screens: their route table entries and preload lists in the start chunk
  // (+0.3 KiB), their rules in @fsi/shared's chunk (+0.3); 262.6 KiB measured (the export reads through the client's
  // query rather than a lazy query hook, which would have added 0.9 KiB of Apollo to every route).
  { route: '/buildings', opens: [...SIGNED_IN, 'src/features/buildings/BuildingsPage.tsx'], budgetKiB: 208 },
  // 271: the failure item sheets (issue 10) share Modal, Textarea and the upload with the editor, which the build then
  // puts in chunks of their own (269.8 -> 270.1 KiB measured without and with them), no new code on this path.
  {
    route: '/buildings/:buildingId/walkabouts/:walkaboutId (the walkabout editor)',
    opens: [...SIGNED_IN, 'src/features/walkabout-edit/WalkaboutEditPage.tsx'],
    // 276: the QR code screens' route table entries and documents (271.2 -> 271.6 KiB), the contract and organization
    // operations, rules and route (-> 272.7), the documents screens' routes, operations and rules (issue 11; -> 274.4 KiB).
    // Documents beside their screens: 270.9. 281: issue 12's screens, as for /buildings above (-> 279.7 KiB measured).
    budgetKiB: 266,
  },
  { route: 'the camera scanner, when opened (its WebAssembly apart)', opens: ['src/features/scanning/QrCameraScanner.tsx'], budgetKiB: 60, only: true },
];

/**
 * The JavaScript files a route loads before it is interactive: the chunks of `opens` and, transitively, their static
 * imports, each once. With `only`, the chunks already on sign-in's critical path are left out.
 */
export function criticalFiles(manifest, opens) {
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the build's manifest has no chunk '${key}'`);
    if (files.has(chunk.file)) return;
    if (chunk.file.endsWith('.js')) files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of opens) visit(key);
  return files;
}

/** What a route costs against its budget; `sizeOf` gives a file's gzipped bytes. */
export function measure(manifest, budget, sizeOf) {
  let files = criticalFiles(manifest, budget.opens);
  if (budget.only) {
    // What sign-in loads; a manifest without the app's start (the unit test's) counts from its entry alone.
    const already = criticalFiles(manifest, START.filter((key) => manifest[key]));
    files = new Set([...files].filter((file) => !already.has(file)));
  }
  const bytes = [...files].reduce((sum, file) => sum + sizeOf(file), 0);
  return {
    route: budget.route,
    files: files.size,
    kib: bytes / KiB,
    budgetKiB: budget.budgetKiB,
    over: bytes > budget.budgetKiB * KiB,
    targetMissed: budget.targetKiB !== undefined && bytes > budget.targetKiB * KiB,
  };
}

const budgetOf = (route) => BUDGETS.find((budget) => budget.route === route);

function main() {
  const dist = process.argv[2] ? path.resolve(process.argv[2]) : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'web', 'dist');
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
  } catch (error) {
    console.error(`No build to measure (${error.message}): run \`npm run build -w web\` first.`);
    process.exit(1);
  }
  // Level 9, as the build's .gz copies: the figure does not depend on a server's settings.
  const sizeOf = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
  const results = BUDGETS.map((budget) => measure(manifest, budget, sizeOf));
  for (const result of results) {
    const verdict = result.over ? 'OVER BUDGET' : 'ok';
    const target = result.targetMissed ? `; target ${budgetOf(result.route).targetKiB} KiB not met yet` : '';
    console.log(`${result.kib.toFixed(1).padStart(7)} KiB of ${String(result.budgetKiB).padStart(3)} KiB  ${verdict.padEnd(11)} ${result.route} (${result.files} files, gzipped JS${target})`);
  }
  const over = results.filter((result) => result.over);
  if (over.length) {
    console.error(`\n${over.length} route(s) over their JavaScript budget: ${over.map((result) => result.route).join(', ')}`);
    process.exit(1);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
