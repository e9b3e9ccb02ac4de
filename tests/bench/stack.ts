import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { startStack, webDist, type Stack } from '../e2e/stack';

/** The files index.html loads from /assets, which a build in progress may not have written yet. */
function missingAssets(dist: string): string[] {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const assets = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1]!);
  return assets.filter((asset) => !existsSync(path.join(dist, asset)));
}

/**
 * A copy of web/dist taken once it is complete, so that a rebuild by someone else during the
 * bench (web/dist is shared) cannot leave the page half-loaded.
 */
async function snapshotWebDist(): Promise<string> {
  for (let attempt = 0; attempt < 60; attempt += 1) {
    if (existsSync(path.join(webDist, 'index.html'))) {
      const copy = mkdtempSync(path.join(tmpdir(), 'fsi-bench-web-'));
      cpSync(webDist, copy, { recursive: true });
      if (missingAssets(copy).length === 0) return copy;
      rmSync(copy, { recursive: true, force: true });
    }
    await sleep(2000);
  }
  throw new Error(`web/dist stayed incomplete for 2 minutes (${webDist}); run \`npm run build -w web\``);
}

/**
 * The stack of tests/e2e/stack.ts (backend on a fresh PGlite with the demo data, gateway serving
 * the web app on one origin), over a snapshot of web/dist.
 */
export async function startBenchStack(): Promise<Stack> {
  const dist = await snapshotWebDist();
  const stack = await startStack({ webDist: dist });
  return {
    ...stack,
    async close() {
      await stack.close();
      rmSync(dist, { recursive: true, force: true });
    },
  };
}
