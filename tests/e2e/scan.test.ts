import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { asc, eq } from 'drizzle-orm';
import { DEMO_PASSWORD, schema } from '@fsi/backend/testing';
import { launchBrowser, newPage, viewports } from './browser';
import { qrVideo } from './qr-video';
import { startStack, type Stack } from './stack';

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
