import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import QRCode from 'qrcode';
import { asc, eq } from 'drizzle-orm';
import { DEMO_PASSWORD, schema } from '@fsi/backend/testing';
import { launchBrowser, newPage, viewports } from './browser';
import { startStack, type Stack } from './stack';

const WIDTH = 1280;
const HEIGHT = 720;

/**
 * One frame of a Y4M video (4:2:0) showing the QR code of `text`, black on white, centred with its
 * 4-module quiet zone. Chromium's fake camera loops the file, so one frame is a steady picture.
 */
function qrVideo(text: string): Buffer {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 4;
  const cells = modules.size + 2 * quiet;
  const scale = Math.floor((HEIGHT * 0.8) / cells);
  const side = cells * scale;
  const left = Math.floor((WIDTH - side) / 2);
  const top = Math.floor((HEIGHT - side) / 2);
  const luma = Buffer.alloc(WIDTH * HEIGHT, 235);
  for (let row = 0; row < modules.size; row += 1) {
    for (let col = 0; col < modules.size; col += 1) {
      if (!modules.get(row, col)) continue;
      for (let y = 0; y < scale; y += 1) {
        const offset = (top + (row + quiet) * scale + y) * WIDTH + left + (col + quiet) * scale;
        luma.fill(16, offset, offset + scale);
      }
    }
  }
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2), 128);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F30:1 Ip A1:1 C420jpeg\n`);
  return Buffer.concat([header, Buffer.from('FRAME\n'), luma, chroma, chroma]);
}

let stack: Stack;
let browser: Browser;
let videoDir: string;
let buildingId: number;
let location: { name: string; regularUuid: string };

beforeAll(async () => {
  stack = await startStack();
  const db = stack.backend.db;
  // A location in the first of the inspector's buildings (demo data: the inspector may see two).
  const [inspector] = await db.select().from(schema.users).where(eq(schema.users.username, 'inspector'));
  if (!inspector) throw new Error('the demo data has no inspector');
  const [permitted] = await db
    .select()
    .from(schema.userBuildings)
    .where(eq(schema.userBuildings.userId, inspector.id))
    .orderBy(asc(schema.userBuildings.buildingId));
  if (!permitted) throw new Error('the demo inspector has no building');
  buildingId = permitted.buildingId;
  const [first] = await db
    .select()
    .from(schema.locations)
    .where(eq(schema.locations.buildingId, buildingId))
    .orderBy(asc(schema.locations.id));
  if (!first) throw new Error(`building ${buildingId} has no location`);
  location = first;

  // The universal link a printed code carries (DESIGN.md "QR codes"); any host is accepted.
  videoDir = mkdtempSync(path.join(tmpdir(), 'fsi-scan-'));
  const video = path.join(videoDir, 'qr.y4m');
  writeFileSync(video, qrVideo(`https://inspections.example.com/q/${location.regularUuid}`));
  browser = await launchBrowser([
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-video-capture=${video}`,
  ]);
});

afterAll(async () => {
  await browser?.close();
  await stack?.close();
  if (videoDir) rmSync(videoDir, { recursive: true, force: true });
});

describe('Scanning a location with the camera', () => {
  it("reads a printed QR code offline and opens that location's off-cycle remarks", async () => {
    const { context, page, externalRequests } = await newPage(browser, stack.baseUrl, viewports.phone);
    await context.grantPermissions(['camera'], { origin: new URL(stack.baseUrl).origin });

    await page.goto('/signin');
    await page.getByLabel('Username', { exact: true }).fill('inspector');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/buildings');

    await page.goto(`/buildings/${buildingId}/walkabouts`);
    await page.getByRole('button', { name: 'Scan location' }).click();
    await page.getByRole('dialog', { name: 'Scan Location' }).waitFor();

    const remarks = page.getByRole('dialog', { name: 'Off-Cycle Remarks' });
    await remarks.getByRole('heading', { name: location.name }).waitFor({ timeout: 30_000 });
    expect(await remarks.getByRole('textbox', { name: 'Remarks' }).isVisible()).toBe(true);
    // The decoder came from our own origin, not a CDN: nothing left the local server.
    expect(externalRequests).toEqual([]);
    await context.close();
  });
});
