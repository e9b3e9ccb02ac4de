import { describe, expect, it } from 'vitest';
import type { Browser, Request } from 'playwright-core';
import { and, eq, inArray } from 'drizzle-orm';
import { schema } from '@fsi/backend/testing';
import { newPage, viewports } from './browser';
import type { Stack } from './stack';
import { backOnline, buildFiles, cachedPaths, offlineCacheWarm, stillOffline } from './offline-cache';
import {
  BUILDING_NAME,
  entryCard,
  floorSelect,
  openFromBuildings,
  scanByTypedCode,
  shoot,
  signIn,
  withJourney,
  type DailyWalkabout,
} from './walkabout-journey';

let stack: Stack;
let browser: Browser;
let walkabout: DailyWalkabout;
let codes: Map<string, string>;
withJourney((journey) => ({ stack, browser, walkabout, codes } = journey));

/** The save id of a SaveWalkabout request (the device's idempotency key), or null for any other request. */
function saveIdOf(request: Request): string | null {
  if (!request.url().endsWith('/graphql') || request.method() !== 'POST') return null;
  const body = request.postDataJSON() as { operationName?: string; variables?: { input?: { saveId?: string } } } | null;
  return body?.operationName === 'SaveWalkabout' ? (body.variables?.input?.saveId ?? null) : null;
}

/** Every file of the build the app may load: each chunk's script, its stylesheets and assets (the scanner's WebAssembly). */
const REMARKS = 'Closer arm bent; the door stays ajar.';
const NO_CONNECTION = 'No connection: this is the walkabout as last loaded on this device, with your unsaved work.';

/** What the inspector marks with the network cut, by location and condition label, and what the server must then hold. */
const MARKS = [
  { location: 'Main Lobby', label: 'Panel shows normal (no trouble or alarm)', value: 'yes', remarks: null },
  { location: 'Main Lobby', label: 'Conditions shown on the panel', value: ['Normal', 'AC power on'], remarks: null },
  { location: 'Main Lobby', label: 'Time of panel check', value: '02:30', remarks: null },
  { location: 'Stair 1, Ground', label: 'Closes and latches fully', value: 'no', remarks: REMARKS },
  { location: 'Stair 1, Ground', label: 'Not wedged or held open', value: true, remarks: null },
] as const;

describe('Marking a walkabout without a network', () => {
  it('keeps the marks through a reload offline and records each of them once when the network returns', async () => {
    const { context, page, externalRequests } = await newPage(browser, stack.baseUrl, viewports.phone);
    const sentSaveIds: string[] = [];
    page.on('request', (request) => {
      const saveId = saveIdOf(request);
      if (saveId) sentSaveIds.push(saveId);
    });

    // Online: sign in (this first visit installs the service worker), then reach today's walkabout
    // by following links only, as an inspector would: the app's files were loaded once, never reloaded, and the
    // worker keeps them (the reload below is offline).
    await signIn(page, 'inspector');
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await offlineCacheWarm(page);
    await openFromBuildings(page, walkabout);
    await floorSelect(page).selectOption({ label: 'Ground' });
    const lobby = entryCard(page, 'Main Lobby');
    const stair = entryCard(page, 'Stair 1, Ground');
    await scanByTypedCode(page, codes.get('Main Lobby')!);
    await scanByTypedCode(page, codes.get('Stair 1, Ground')!);
    await lobby.getByText('Unlocked', { exact: true }).waitFor();
    await stair.getByText('Unlocked', { exact: true }).waitFor();
    // Scanning a new location is saved by the next 3-second autosave tick (spec section 4): the scans are on the server.
    await page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor();
    const onlineSaveIds = [...sentSaveIds];
    expect(onlineSaveIds.length).toBeGreaterThan(0);

    // The network goes. Each condition is marked once.
    await context.setOffline(true);
    await lobby.getByRole('button', { name: /^Panel shows normal/ }).click();
    await lobby.getByRole('checkbox', { name: 'Normal' }).check();
    await lobby.getByRole('checkbox', { name: 'AC power on' }).check();
    await lobby.getByRole('textbox', { name: 'Time of panel check' }).fill('02:30');
    const closes = stair.getByRole('button', { name: /^Closes and latches fully/ });
    await closes.click();
    await closes.click(); // a second tap: No, unsatisfactory
    await stair.getByRole('textbox', { name: 'Remarks for Closes and latches fully' }).fill(REMARKS);
    await stair.getByRole('button', { name: /^Not wedged or held open/ }).click();

    // The screen says what is not on the server yet: the 5 results.
    const pending = page.getByRole('status').filter({ hasText: /not saved yet/ });
    await expect.poll(() => pending.innerText()).toBe('5 results not saved yet — will be saved when online');
    expect(await page.getByText('Not saved yet', { exact: true }).count()).toBe(5);
    expect(await page.getByText('Scan not saved yet', { exact: true }).count()).toBe(0);

    // Save without a network: the tasks are not all answered (Continue), then 'Network unavailable'.
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const warning = page.getByRole('dialog', { name: 'Warning' });
    await warning.getByText('The tasks have not all been fully answered.').waitFor();
    await warning.getByRole('button', { name: 'Continue' }).click();
    const unavailable = page.getByRole('dialog', { name: 'Network unavailable' });
    await unavailable.getByText('Please go to an area where data is available and complete this walkabout.').waitFor();
    await shoot(page, 'offline-1-network-unavailable');
    await unavailable.getByRole('button', { name: 'OK' }).click();
    await shoot(page, 'offline-2-marked');

    // Reload with no network: the service worker serves the app, the walkabout opens from the device with the unsaved work.
    const reloaded = await page.reload();
    expect(reloaded?.fromServiceWorker()).toBe(true);
    await stillOffline(page);
    await page.getByText(NO_CONNECTION).waitFor();
    await expect.poll(() => pending.innerText()).toBe('5 results not saved yet — will be saved when online');
    expect(await floorSelect(page).locator('option:checked').innerText()).toBe('Ground');
    expect(await lobby.getByRole('button', { name: /^Panel shows normal/ }).innerText()).toContain('Yes, satisfactory');
    expect(await lobby.getByRole('checkbox', { name: 'Normal' }).isChecked()).toBe(true);
    expect(await lobby.getByRole('checkbox', { name: 'AC power on' }).isChecked()).toBe(true);
    expect(await lobby.getByRole('checkbox', { name: 'Trouble' }).isChecked()).toBe(false);
    expect(await closes.innerText()).toContain('No, unsatisfactory');
    expect(await stair.getByRole('textbox', { name: 'Remarks for Closes and latches fully' }).inputValue()).toBe(REMARKS);
    expect(await stair.getByRole('button', { name: /^Not wedged or held open/ }).innerText()).toContain('Satisfactory');
    expect(await page.getByText('Not saved yet', { exact: true }).count()).toBe(5);
    await shoot(page, 'offline-3-reloaded-offline');
    // Only the scans' saves made online are on the server.
    const savedOffline = await stack.backend.db.select().from(schema.walkaboutSaves).where(eq(schema.walkaboutSaves.walkaboutId, walkabout.walkaboutId));
    expect(new Set(savedOffline.map((save) => save.key))).toEqual(new Set(onlineSaveIds));

    // The network returns, and the answer to the first save is lost on the way back: the server
    // recorded it, the device does not know. The device sends the same save again.
    const lostAnswers: string[] = [];
    await page.route('**/graphql', async (route) => {
      const saveId = saveIdOf(route.request());
      if (saveId === null || lostAnswers.length > 0) return route.fallback();
      await route.fetch();
      lostAnswers.push(saveId);
      return route.abort('connectionreset');
    });
    await backOnline(page);
    await page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor({ timeout: 20_000 });
    expect(await page.getByText('Not saved yet', { exact: true }).count()).toBe(0);
    // With the work saved, the walkabout is loaded from the server again: no longer the device's copy.
    await page.getByText(NO_CONNECTION).waitFor({ state: 'detached' });
    expect(await closes.innerText()).toContain('No, unsatisfactory');
    expect(await stair.getByRole('textbox', { name: 'Remarks for Closes and latches fully' }).inputValue()).toBe(REMARKS);
    await shoot(page, 'offline-4-saved');

    // The server holds each mark with its value, once.
    const db = stack.backend.db;
    expect(lostAnswers).toHaveLength(1);
    const saves = await db.select().from(schema.walkaboutSaves).where(eq(schema.walkaboutSaves.walkaboutId, walkabout.walkaboutId));
    expect(new Set(saves.map((save) => save.key))).toEqual(new Set([...onlineSaveIds, ...lostAnswers]));
    expect(saves).toHaveLength(onlineSaveIds.length + 1);
    expect(new Set(sentSaveIds)).toEqual(new Set([...onlineSaveIds, ...lostAnswers]));
    expect(sentSaveIds.length).toBeGreaterThanOrEqual(onlineSaveIds.length + 2);
    const marksSave = saves.find((save) => save.key === lostAnswers[0])!;

    const conditionRows = await db
      .select({ condition: schema.conditions, location: schema.locations.name })
      .from(schema.conditions)
      .innerJoin(schema.entries, eq(schema.entries.id, schema.conditions.entryId))
      .innerJoin(schema.locations, eq(schema.locations.id, schema.entries.locationId))
      .where(eq(schema.conditions.walkaboutId, walkabout.walkaboutId));
    const marked = MARKS.map((mark) => {
      const row = conditionRows.find((candidate) => candidate.location === mark.location && candidate.condition.label === mark.label);
      if (!row) throw new Error(`no condition '${mark.label}' at ${mark.location}`);
      return { mark, condition: row.condition };
    });
    for (const { mark, condition } of marked) {
      expect({ label: condition.label, value: condition.value, remarks: condition.remarks }).toEqual({ label: mark.label, value: mark.value, remarks: mark.remarks });
    }
    // Nothing else was recorded.
    const markedIds = new Set(marked.map(({ condition }) => condition.id));
    expect(conditionRows.filter(({ condition }) => !markedIds.has(condition.id) && condition.value !== null)).toEqual([]);

    const edits = await db.select().from(schema.walkaboutEdits).where(eq(schema.walkaboutEdits.walkaboutId, walkabout.walkaboutId));
    for (const { mark, condition } of marked) {
      const trail = edits.filter((edit) => edit.kind === 'condition' && edit.conditionId === condition.id);
      expect(trail.map((edit) => ({ value: edit.value, remarks: edit.remarks, applied: edit.applied, saveId: edit.saveId }))).toEqual([
        { value: mark.value, remarks: mark.remarks, applied: true, saveId: marksSave.id },
      ]);
    }
    expect(edits.filter((edit) => edit.kind === 'condition')).toHaveLength(MARKS.length);
    const scannedEntries = await db
      .select({ id: schema.entries.id, scannerId: schema.entries.scannerId })
      .from(schema.entries)
      .innerJoin(schema.locations, eq(schema.locations.id, schema.entries.locationId))
      .where(and(eq(schema.entries.walkaboutId, walkabout.walkaboutId), inArray(schema.locations.name, ['Main Lobby', 'Stair 1, Ground'])));
    expect(scannedEntries).toHaveLength(2);
    const scanEdits = edits.filter((edit) => edit.kind === 'scan');
    expect(scanEdits.map((edit) => edit.entryId).sort()).toEqual(scannedEntries.map((entry) => entry.id).sort());
    expect(scannedEntries.every((entry) => entry.scannerId !== null)).toBe(true);

    expect(externalRequests).toEqual([]);
    await context.close();
  });

  it('saves the marks left on the device once the network is back, with the inspector already on the walkabouts list', async () => {
    const { context, page, externalRequests } = await newPage(browser, stack.baseUrl, viewports.phone);
    const saveRequests = { sent: 0, ended: 0, lastAt: 0 };
    page.on('request', (request) => {
      if (!saveIdOf(request)) return;
      saveRequests.sent += 1;
      saveRequests.lastAt = Date.now();
    });
    const ended = (request: Request) => {
      if (!saveIdOf(request)) return;
      saveRequests.ended += 1;
      saveRequests.lastAt = Date.now();
    };
    page.on('requestfailed', ended);
    page.on('requestfinished', ended);
    await signIn(page, 'inspector');
    await openFromBuildings(page, walkabout);
    await floorSelect(page).selectOption({ label: 'Floor 2' });
    const door = entryCard(page, 'Exit Stair A, Floor 2');
    await scanByTypedCode(page, codes.get('Exit Stair A, Floor 2')!);
    await door.getByText('Unlocked', { exact: true }).waitFor();
    // The scan of a new location is saved by the next autosave tick.
    await page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor();

    // Offline, one mark; then the inspector walks back to the list without saving.
    await context.setOffline(true);
    await door.getByRole('button', { name: /^Closes and latches fully/ }).click();
    const pending = page.getByRole('status').filter({ hasText: /not saved yet/ });
    await expect.poll(() => pending.innerText()).toBe('1 result not saved yet — will be saved when online');
    await page.goBack();
    await page.goBack();
    await page.waitForURL(`**/buildings/${walkabout.buildingId}/walkabouts`);
    const row = page.locator(`a[href="/buildings/${walkabout.buildingId}/walkabouts/${walkabout.walkaboutId}"]`);
    await row.getByText('1 result on this device not saved yet').waitFor();
    await shoot(page, 'offline-5-list-with-unsaved-work');
    // The walkabout screen tried to save on the way out (floor change, leaving) and failed: wait until
    // those attempts are over, so that what saves the work below can only be the app's background saving.
    await expect
      .poll(() => saveRequests.sent > 0 && saveRequests.ended === saveRequests.sent && Date.now() - saveRequests.lastAt > 1000, { timeout: 15_000 })
      .toBe(true);
    const attemptsOffline = saveRequests.sent;

    // The network returns while the list is on screen: the app saves the walkabout's work by itself.
    await context.setOffline(false);
    await row.getByText('1 result on this device not saved yet').waitFor({ state: 'detached', timeout: 20_000 });
    expect(saveRequests.sent).toBeGreaterThan(attemptsOffline);
    const [stored] = await stack.backend.db
      .select({ value: schema.conditions.value, scannerId: schema.entries.scannerId })
      .from(schema.conditions)
      .innerJoin(schema.entries, eq(schema.entries.id, schema.conditions.entryId))
      .innerJoin(schema.locations, eq(schema.locations.id, schema.entries.locationId))
      .where(
        and(
          eq(schema.conditions.walkaboutId, walkabout.walkaboutId),
          eq(schema.locations.name, 'Exit Stair A, Floor 2'),
          eq(schema.conditions.label, 'Closes and latches fully'),
        ),
      );
    expect(stored).toEqual({ value: 'yes', scannerId: expect.any(Number) });
    expect(externalRequests).toEqual([]);
    await context.close();
  });

  it('opens the walkabout editor from the files one online visit of sign-in and Buildings cached, and scans a typed code offline', async () => {
    const { context, page, externalRequests } = await newPage(browser, stack.baseUrl, viewports.phone);
    // The app's files fetched from the network, seen as the service worker fetches them (routing sees its requests).
    const fetchedAssets: string[] = [];
    await context.route('**/assets/**', (route) => {
      fetchedAssets.push(new URL(route.request().url()).pathname);
      return route.fallback();
    });

    // A cold device visits /signin and Buildings once. Sign-in loads none of the screens behind it; once the
    // user is signed in and the browser idle, the service worker fetches and keeps every screen, the scanner
    // and its decoder, although none of them was opened.
    await signIn(page, 'inspector');
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    const files = buildFiles();
    await expect
      .poll(async () => {
        const cached = new Set(await cachedPaths(page));
        return files.filter((file) => !cached.has(file));
      }, { timeout: 30_000 })
      .toEqual([]);
    // The editor was fetched by the worker without being opened (and this test sees the worker's requests).
    expect(fetchedAssets.some((file) => /\/WalkaboutEditPage-[^/]+\.js$/.test(file))).toBe(true);

    // From now on nothing of the app comes from the network: the walkabout editor opens from the cache.
    fetchedAssets.length = 0;
    await page.reload();
    await page.getByRole('heading', { name: BUILDING_NAME }).waitFor();
    await openFromBuildings(page, walkabout);
    await floorSelect(page).selectOption({ label: 'Floor 3' });
    await scanByTypedCode(page, codes.get('Exit Stair A, Floor 3')!);
    await entryCard(page, 'Exit Stair A, Floor 3').getByText('Unlocked', { exact: true }).waitFor();
    // The next floor while online: a floor change offline would also meet the 'Network unavailable' of its save.
    await floorSelect(page).selectOption({ label: 'Floor 4' });
    await page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor();

    // Without a network, a reload opens the app and the walkabout from the device, and a typed code still unlocks.
    await context.setOffline(true);
    const reloaded = await page.reload();
    expect(reloaded?.fromServiceWorker()).toBe(true);
    await stillOffline(page);
    await page.getByText(NO_CONNECTION).waitFor();
    expect(await floorSelect(page).locator('option:checked').innerText()).toBe('Floor 4');
    await scanByTypedCode(page, codes.get('Exit Stair A, Floor 4')!);
    await entryCard(page, 'Exit Stair A, Floor 4').getByText('Unlocked', { exact: true }).waitFor();
    await shoot(page, 'offline-6-cold-cache-scan');

    expect(fetchedAssets).toEqual([]);
    expect(externalRequests).toEqual([]);
    await context.close();
  });
});
