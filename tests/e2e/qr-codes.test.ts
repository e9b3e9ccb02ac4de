import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { DEMO_PASSWORD, schema } from '@fsi/backend/testing';
import { launchBrowser, newPage, viewports } from './browser';
import { qrVideo } from './qr-video';
import { buildingOrganizationOn, graphqlOn, signInOn, startStack, type Stack } from './stack';

let stack: Stack;
let browser: Browser;
let videoDir: string;
let buildingId: number;
let buildingName: string;
let location: { name: string; label: string | null };
let sticker: { uuid: string; universalLink: string };

/** A GraphQL call on this file's stack (graphqlOn). */
const gql = <T>(token: string | null, query: string, variables?: Record<string, unknown>) => graphqlOn<T>(stack, token, query, variables);

beforeAll(async () => {
  stack = await startStack();
  const db = stack.backend.db;
  // A location without a sticker in the first of the inspector's buildings (demo data: the inspector may see two).
  const [inspector] = await db.select().from(schema.users).where(eq(schema.users.username, 'inspector'));
  if (!inspector) throw new Error('the demo data has no inspector');
  const [permitted] = await db.select().from(schema.userBuildings).where(eq(schema.userBuildings.userId, inspector.id)).orderBy(asc(schema.userBuildings.buildingId));
  if (!permitted) throw new Error('the demo inspector has no building');
  buildingId = permitted.buildingId;
  const [building] = await db.select().from(schema.buildings).where(eq(schema.buildings.id, buildingId));
  buildingName = building!.name;
  const [first] = await db
    .select()
    .from(schema.locations)
    .where(and(eq(schema.locations.buildingId, buildingId), isNull(schema.locations.temporaryUuid)))
    .orderBy(asc(schema.locations.id));
  if (!first) throw new Error(`building ${buildingId} has no location without a sticker`);
  location = first;

  // A new unassigned sticker of the building's organization, as an administrator prints it ahead of time.
  const signIn = await signInOn(stack, 'admin');
  const owner = await buildingOrganizationOn(stack, signIn.accessToken, buildingId);
  const { generateQrCodes } = await gql<{ generateQrCodes: { codes: { uuid: string; universalLink: string }[]; errors: unknown[] } }>(
    signIn.accessToken,
    'mutation ($id: ID!) { generateQrCodes(organizationId: $id, count: 1) { codes { uuid universalLink } errors { message } } }',
    { id: owner.organization.id },
  );
  expect(generateQrCodes.errors).toEqual([]);
  sticker = generateQrCodes.codes[0]!;

  // The camera shows the sticker, printed from another host in capitals (any host and letter case are accepted).
  videoDir = mkdtempSync(path.join(tmpdir(), 'fsi-qr-'));
  const video = path.join(videoDir, 'sticker.y4m');
  writeFileSync(video, qrVideo(`HTTPS://INSPECTIONS.EXAMPLE.COM/Q/${sticker.uuid.toUpperCase()}`));
  browser = await launchBrowser(['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${video}`]);
});

afterAll(async () => {
  await browser?.close();
  await stack?.close();
  if (videoDir) rmSync(videoDir, { recursive: true, force: true });
});

async function signIn(page: import('playwright-core').Page, username: string) {
  await page.goto('/signin');
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/buildings');
}

describe('A new QR code sticker', () => {
  it("is assigned to a location by scanning it on the building's QR codes list, and then opens that location when scanned", async () => {
    const name = location.label?.trim() || location.name;
    const admin = await newPage(browser, stack.baseUrl, viewports.desktop);
    await admin.context.grantPermissions(['camera'], { origin: new URL(stack.baseUrl).origin });
    await signIn(admin.page, 'admin');
    // From the building's card: the administrator's QR Codes link.
    await admin.page.getByRole('article', { name: buildingName }).getByRole('link', { name: 'QR Codes' }).click();
    await admin.page.waitForURL(`**/buildings/${buildingId}/locations`);
    const list = admin.page.getByRole('list', { name: 'Locations' });
    await list.waitFor();
    await admin.page.getByRole('button', { name: `Assign QR Code to ${name}`, exact: true }).click();
    const sheet = admin.page.getByRole('dialog', { name: 'Assign QR Code' });
    // The camera reads the sticker; the backend checks it and it is assigned (the location had none: no confirmation).
    await sheet.getByText(`QR code assigned to ${name}.`).waitFor({ timeout: 30_000 });
    await sheet.getByRole('button', { name: 'Done' }).click();
    await sheet.waitFor({ state: 'detached' });
    await list.getByRole('listitem').filter({ has: admin.page.getByRole('heading', { name, exact: true }) }).getByText('Sticker assigned').waitFor();
    const [stored] = await stack.backend.db.select().from(schema.locations).where(eq(schema.locations.temporaryUuid, sticker.uuid));
    expect(stored?.name).toBe(location.name);
    expect(admin.externalRequests).toEqual([]);
    await admin.context.close();

    // The inspector scans the same sticker from the walkabouts list: it opens that location's off-cycle remarks.
    const inspector = await newPage(browser, stack.baseUrl, viewports.phone);
    await inspector.context.grantPermissions(['camera'], { origin: new URL(stack.baseUrl).origin });
    await signIn(inspector.page, 'inspector');
    await inspector.page.goto(`/buildings/${buildingId}/walkabouts`);
    await inspector.page.getByRole('button', { name: 'Scan location' }).click();
    const remarks = inspector.page.getByRole('dialog', { name: 'Off-Cycle Remarks' });
    await remarks.getByRole('heading', { name: location.name }).waitFor({ timeout: 30_000 });
    expect(inspector.externalRequests).toEqual([]);
    await inspector.context.close();
  });
});
