/**
 * The lock of a PGlite data folder (db/client.ts), in one process: a second open of a folder whose backend is running
 * on this machine is refused at once, not after the wait a dead backend's lock needs to go stale (processes.test.ts
 * covers separate processes, and the takeover of a killed backend's folder after that wait).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DATA_FOLDER_LOCK_STALE_MS, DataFolderInUseError, openDatabase } from '../src/db/client';

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe('the data folder lock', () => {
  it('refuses a second open while the first is open, at once, and names its owner until it closes', { timeout: 60_000 }, async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fsi-lock-'));
    folders.push(dataDir);
    const first = await openDatabase({ dataDir });
    const owner = path.join(dataDir, 'backend.lock.owner');
    expect(JSON.parse(readFileSync(owner, 'utf8'))).toEqual({ host: os.hostname(), pid: process.pid });

    const started = Date.now();
    const refusal = await openDatabase({ dataDir }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(DataFolderInUseError);
    expect((refusal as Error).message).toBe(`The data folder ${dataDir} is in use by another backend process. Stop that one first, or give this one its own DATA_DIR.`);
    // Before, it was refused only after waiting out a stale lock's time (12 s): the owner is known to be running.
    expect(Date.now() - started).toBeLessThan(DATA_FOLDER_LOCK_STALE_MS);

    await first.close();
    expect(existsSync(owner)).toBe(false);
    expect(existsSync(path.join(dataDir, 'backend.lock'))).toBe(false);
    const again = await openDatabase({ dataDir });
    await again.close();
  });
});
