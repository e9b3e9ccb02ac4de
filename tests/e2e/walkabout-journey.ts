import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll } from 'vitest';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import type { Browser, Locator, Page } from 'playwright-core';
import { and, asc, desc, eq, gt, isNull, lte, or } from 'drizzle-orm';
import { DEMO_PASSWORD, schema } from '@fsi/backend/testing';
import { launchBrowser } from './browser';
import { startStack, type Stack } from './stack';

/** What the walkabout journeys share: signing in, finding today's Daily walkabout, scanning by typed code. */

// Set SCREENSHOT_DIR to keep a PNG of each key moment, to look at.
const screenshotDir = process.env.SCREENSHOT_DIR;
if (screenshotDir) mkdirSync(screenshotDir, { recursive: true });

export async function shoot(page: Page, name: string): Promise<void> {
  if (!screenshotDir) return;
  // A modal still fading in would be shot half transparent (spinners run for ever: not those).
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`) });
}

export async function signIn(page: Page, username: string): Promise<void> {
  await page.goto('/signin');
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/buildings');
}

/**
 * The demo building the inspector walks: one of the two they may inspect, in a region without
 * Daily blackout dates (Uptown), so that it has a Daily walkabout on any day.
 */
export const BUILDING_NAME = 'Yonge & Eglinton Tower';

export type DailyWalkabout = {
  buildingId: number;
  walkaboutId: number;
  timeZone: string;
  /** The walkabout's date as the list shows it: 'Month D' (inspection.md section 2). */
  dateLabel: string;
};

/**
 * Today's Daily walkabout of the building, read from the database. Two Daily walkabouts can be
 * open at once (the previous day's stays open for its close offset, until 06:00): the one opened
 * last is today's, and its date is today in the building's time zone.
 */
export async function todaysDailyWalkabout(stack: Stack): Promise<DailyWalkabout> {
  const db = stack.backend.db;
  const [building] = await db.select().from(schema.buildings).where(eq(schema.buildings.name, BUILDING_NAME));
  if (!building) throw new Error(`the demo data has no ${BUILDING_NAME}`);
  const now = new Date();
  const [walkabout] = await db
    .select({ id: schema.walkabouts.id, date: schema.walkabouts.date })
    .from(schema.walkabouts)
    .innerJoin(schema.cycles, eq(schema.cycles.id, schema.walkabouts.cycleId))
    .where(
      and(
        eq(schema.walkabouts.buildingId, building.id),
        eq(schema.cycles.name, 'Daily'),
        lte(schema.walkabouts.openedAt, now),
        or(isNull(schema.walkabouts.lockedAt), gt(schema.walkabouts.lockedAt, now)),
        or(isNull(schema.walkabouts.closedAt), gt(schema.walkabouts.closedAt, now)),
      ),
    )
    .orderBy(desc(schema.walkabouts.openedAt))
    .limit(1);
  if (!walkabout) throw new Error(`${BUILDING_NAME} has no open Daily walkabout`);
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: building.timeZone }).format(now);
  if (walkabout.date !== today) throw new Error(`the latest Daily walkabout is of ${walkabout.date}, not today (${today})`);
  const dateLabel = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'long', day: 'numeric' }).format(new Date(`${walkabout.date}T00:00:00Z`));
  return { buildingId: building.id, walkaboutId: walkabout.id, timeZone: building.timeZone, dateLabel };
}

/** Each location of the walkabout by name, with the universal link its printed QR code carries (DESIGN.md "QR codes"). */
export async function locationCodes(stack: Stack, buildingId: number): Promise<Map<string, string>> {
  const rows = await stack.backend.db
    .select({ name: schema.locations.name, uuid: schema.locations.regularUuid })
    .from(schema.locations)
    .where(eq(schema.locations.buildingId, buildingId))
    .orderBy(asc(schema.locations.id));
  return new Map(rows.map((row) => [row.name, `https://inspections.example.com/q/${row.uuid}`]));
}

/**
 * Opens the walkabouts list from the building's card and today's Daily walkabout from its row:
 * the row is found by its link and must read 'Daily Walkabout' and today's date.
 */
export async function openFromBuildings(page: Page, walkabout: DailyWalkabout): Promise<void> {
  const card = page.locator('main article[aria-labelledby]').filter({ has: page.getByRole('heading', { name: BUILDING_NAME }) });
  // The link's name carries the count of open walkabouts ('Walkabouts 5').
  await card.getByRole('link', { name: /^Walkabouts\b/ }).click();
  await page.waitForURL(`**/buildings/${walkabout.buildingId}/walkabouts`);
  const row = page.locator(`a[href="/buildings/${walkabout.buildingId}/walkabouts/${walkabout.walkaboutId}"]`);
  await row.waitFor();
  const text = await row.innerText();
  if (!text.includes('Daily Walkabout') || !text.includes(walkabout.dateLabel)) {
    throw new Error(`the row of walkabout ${walkabout.walkaboutId} reads '${text}', not 'Daily Walkabout' of ${walkabout.dateLabel}`);
  }
  await row.click();
  await page.waitForURL(`**/buildings/${walkabout.buildingId}/walkabouts/${walkabout.walkaboutId}**`);
  await floorSelect(page).waitFor();
}

/** The floor selector (the demo building calls its floors 'Floor'). */
export function floorSelect(page: Page): Locator {
  return page.getByRole('combobox', { name: 'Floor', exact: true });
}

export function entryCard(page: Page, locationName: string): Locator {
  // The card's line is the location, then ' · ' and the equipment when the entry's title does not already name it.
  const escaped = locationName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return page.locator('main section[aria-labelledby]').filter({ has: page.getByText(new RegExp(`^${escaped}( · .*)?$`)) });
}

/**
 * Opens the scan sheet with the top bar's camera button and types the code printed with the QR code. The screen's
 * own answers to a scan ('not on this floor', 'not in this walkabout') are dialogs titled 'Scan Code' too: the sheet
 * is the dialog with Use Code, and a scan the screen refused fails here with what it said.
 */
export async function scanByTypedCode(page: Page, code: string): Promise<void> {
  await page.getByRole('button', { name: "Scan an entry's QR code" }).click();
  const sheet = page.getByRole('dialog', { name: 'Scan Code' }).filter({ has: page.getByRole('button', { name: 'Use Code' }) });
  await sheet.getByRole('textbox', { name: 'Code' }).fill(code);
  await sheet.getByRole('button', { name: 'Use Code' }).click();
  await sheet.waitFor({ state: 'detached' });
  const refusal = page.getByRole('dialog', { name: 'Scan Code' });
  if (await refusal.count()) throw new Error(`The scan of ${code} was refused: ${(await refusal.innerText()).replace(/\s+/g, ' ')}`);
}

/** A small PNG of a solid colour (RGB), made here so the test needs no image file. */
export function solidPng(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3).map((_, i) => [r, g, b][i % 3]!)]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** What a journey file starts with: the stack, a Chromium, today's Daily walkabout of the demo building and its locations' codes. */
export type Journey = { stack: Stack; browser: Browser; walkabout: DailyWalkabout; codes: Map<string, string> };

/** The file's stack and browser, started before its tests and closed after them (a journey without its walkabout). */
export function withStackAndBrowser(use: (opened: { stack: Stack; browser: Browser }) => void): void {
  const opened: { stack?: Stack; browser?: Browser } = {};
  beforeAll(async () => {
    opened.stack = await startStack();
    opened.browser = await launchBrowser();
    use({ stack: opened.stack, browser: opened.browser });
  });
  afterAll(() => closeJourney(opened));
}

/**
 * Opens the journey before the file's tests and closes it after them; `use` receives it once open
 * (a test file keeps the parts it needs in its own variables).
 */
export function withJourney(use: (journey: Journey) => void): void {
  let journey: Journey | undefined;
  beforeAll(async () => {
    journey = await openJourney();
    use(journey);
  });
  afterAll(() => closeJourney(journey));
}

async function openJourney(): Promise<Journey> {
  const stack = await startStack();
  const browser = await launchBrowser();
  const walkabout = await todaysDailyWalkabout(stack);
  return { stack, browser, walkabout, codes: await locationCodes(stack, walkabout.buildingId) };
}

async function closeJourney(journey: Partial<Journey> | undefined): Promise<void> {
  await journey?.browser?.close();
  await journey?.stack?.close();
}

