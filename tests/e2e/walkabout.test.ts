import { describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { DEMO_PASSWORD, schema, signIn as signInOverHttp } from '@fsi/backend/testing';
import { signedPhotoUrl } from '@fsi/backend/storage/signed-urls';
import { newPage, viewports } from './browser';
import type { Stack } from './stack';
import {
  BUILDING_NAME,
  entryCard,
  floorSelect,
  openFromBuildings,
  scanByTypedCode,
  shoot,
  signIn,
  solidPng,
  withJourney,
  type DailyWalkabout,
} from './walkabout-journey';

let stack: Stack;
let browser: Browser;
let walkabout: DailyWalkabout;
let codes: Map<string, string>;
withJourney((journey) => ({ stack, browser, walkabout, codes } = journey));

/** inspection.md section 5, word for word. */
const FLOOR_CHANGE_MESSAGE =
  'All unsatisfactory conditions must include either remarks or a photo before the floor can be changed. Please correct or unmark the unsatisfactory conditions.';
const UNLOCK_MESSAGE =
  'All unsatisfactory conditions must include either remarks or a photo before another entry can be unlocked. Please correct or unmark the unsatisfactory conditions.';

const REMARKS = 'Closer arm bent: the door does not latch. Work order requested.';
const PHOTO = solidPng(32, 24, [200, 40, 40]);

/** The floors of the demo building's Daily walkabout after Ground, each with the two locations holding a fire door. */
const UPPER_FLOORS = [2, 3, 4, 5].map((n) => ({ name: `Floor ${n}`, locations: [`Exit Stair A, Floor ${n}`, `Electrical Room ${n}E`] }));
const LAST_LOCATION = UPPER_FLOORS.at(-1)!.locations.at(-1)!;

/** The building's card on the buildings screen and its status badges (inspection.md section 2, Buildings). */
function buildingCard(page: Page): Locator {
  return page.locator('main article[aria-labelledby]').filter({ has: page.getByRole('heading', { name: BUILDING_NAME }) });
}

async function badgeNames(page: Page): Promise<string[]> {
  const card = buildingCard(page);
  await card.waitFor();
  const badges = card.getByRole('list', { name: 'Open walkabouts' }).getByRole('listitem');
  return (await badges.evaluateAll((items) => items.map((item) => `${item.getAttribute('aria-label')} [${item.textContent}]`))).sort();
}

/** The text of a message dialog (title, text, buttons): its one paragraph. */
async function dialogText(dialog: Locator): Promise<string> {
  await dialog.waitFor();
  return (await dialog.locator('p').innerText()).trim();
}

function savedOn(kind: 'Complete walkabout', timeZone: string): string {
  const date = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'long', day: 'numeric' }).format(new Date());
  return `${kind} saved on ${date}.`;
}

/** The tap control of a yes/no or boolean condition, named by its label and its answer in words. */
function tapControl(card: Locator, label: string): Locator {
  return card.getByRole('button', { name: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) });
}

/** Taps each yes/no and boolean condition of an entry once: satisfactory. */
async function markSatisfactory(card: Locator, labels: string[]) {
  for (const label of labels) {
    const control = tapControl(card, label);
    await control.click();
    await expect.poll(() => control.innerText()).toMatch(/(^|\n)(Satisfactory|Yes, satisfactory)$/);
  }
}

const FIRE_DOOR = ['Closes and latches fully', 'Not wedged or held open'];

describe('The daily walkabout of a demo building', () => {
  it('the viewer may open it read-only, with no Lock button, and the backend refuses the lock to that user', async () => {
    // The viewer has debug mode on (a user setting): the screen shows its log, which Save Logs saves as a file.
    await stack.backend.db.update(schema.users).set({ debugModeEnabled: true }).where(eq(schema.users.username, 'viewer'));
    const { context, page, externalRequests } = await newPage(browser, stack.baseUrl, viewports.phone);
    await signIn(page, 'viewer');
    await openFromBuildings(page, walkabout);
    // A viewer may not record results (the backend refuses their saves): nothing to scan or mark.
    await page.getByText('You may view this walkabout but not record results.').waitFor();
    const debugLog = page.getByRole('region', { name: /^Debug log/ });
    await debugLog.getByText(`opened walkabout ${walkabout.walkaboutId} (Daily, ${BUILDING_NAME}) from the server`, { exact: false }).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), debugLog.getByRole('button', { name: 'Save Logs' }).click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^walkabout-${walkabout.walkaboutId}-log-.+\\.txt$`));
    const logFile = await readFile(await download.path());
    expect(logFile.toString('utf8')).toMatch(
      new RegExp(`^Walkabout ${walkabout.walkaboutId}: Daily, ${BUILDING_NAME} \\(building ${walkabout.buildingId}\\)\n[\\s\\S]*Z opened walkabout ${walkabout.walkaboutId} .*read-only \\(view only\\)\n`),
    );
    expect(await page.getByRole('button', { name: "Scan an entry's QR code" }).count()).toBe(0);
    await floorSelect(page).selectOption({ label: 'Floor 5' });
    await entryCard(page, 'Electrical Room 5E').waitFor();
    await page.getByRole('button', { name: 'Done' }).waitFor();
    expect(await page.getByRole('button', { name: 'Next Floor' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Lock Walkabout' }).count()).toBe(0);
    expect(await entryCard(page, 'Electrical Room 5E').getByRole('button', { name: /^Closes and latches fully/ }).isDisabled()).toBe(true);
    await shoot(page, 'walkabout-0-viewer-last-floor');
    expect(externalRequests).toEqual([]);
    await context.close();

    // Not only hidden: the backend refuses the call itself (REST and GraphQL), and the walkabout stays open.
    const { token } = await signInOverHttp(stack.backend.url, 'viewer', DEMO_PASSWORD);
    const rest = await fetch(`${stack.backend.url}/walkabouts/${walkabout.walkaboutId}/lock`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/vnd.api+json' },
      body: '{}',
    });
    expect(rest.status).toBe(403);
    const graphql = await fetch(`${stack.baseUrl}/graphql`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'mutation ($id: ID!) { lockWalkabout(id: $id) { walkabout { id isLocked } errors { message } } }', variables: { id: String(walkabout.walkaboutId) } }),
    });
    const answer = (await graphql.json()) as { errors?: { extensions?: { code?: string } }[] };
    expect(answer.errors?.map((error) => error.extensions?.code)).toEqual(['FORBIDDEN']);
    const [row] = await stack.backend.db.select().from(schema.walkabouts).where(eq(schema.walkabouts.id, walkabout.walkaboutId));
    expect(row!.lockedBy).toBeNull();
    expect(row!.lockedAt!.getTime()).toBeGreaterThan(Date.now());
  });

  it('the inspector scans, marks, is stopped by the invalid-conditions rule, adds a remark and a photo, saves and locks', async () => {
    const { context, page, externalRequests } = await newPage(browser, stack.baseUrl, viewports.phone);
    await signIn(page, 'inspector');
    expect(await badgeNames(page)).toContain('Daily: incomplete [D]');
    await openFromBuildings(page, walkabout);

    // The parking level has no Daily task, so the walkabout starts on the ground floor.
    expect(await floorSelect(page).locator('option').allInnerTexts()).toEqual(['Ground', ...UPPER_FLOORS.map((floor) => floor.name)]);
    const lobby = entryCard(page, 'Main Lobby');
    const stair = entryCard(page, 'Stair 1, Ground');
    await lobby.waitFor();
    expect(await lobby.getByText('Locked', { exact: true }).isVisible()).toBe(true);

    // Scan (the code typed, as on a device without a camera) and mark a mix of results.
    await scanByTypedCode(page, codes.get('Main Lobby')!);
    await lobby.getByText('Unlocked', { exact: true }).waitFor();
    await markSatisfactory(lobby, ['Panel shows normal (no trouble or alarm)']);
    await lobby.getByRole('checkbox', { name: 'Normal' }).check();
    await lobby.getByRole('checkbox', { name: 'AC power on' }).check();
    await lobby.getByRole('textbox', { name: 'Time of panel check' }).fill('07:45');
    await scanByTypedCode(page, codes.get('Stair 1, Ground')!);
    await stair.getByText('Unlocked', { exact: true }).waitFor();
    const closes = tapControl(stair, 'Closes and latches fully');
    await closes.click();
    await closes.click();
    await expect.poll(() => closes.innerText()).toContain('No, unsatisfactory');
    await markSatisfactory(stair, ['Not wedged or held open']);
    await stair.getByText('Add remarks or a photo.').waitFor();
    await shoot(page, 'walkabout-1-unsatisfactory');

    // The invalid-conditions rule: no floor change, no other entry unlocked, until remarks or a photo.
    const invalid = page.getByRole('dialog', { name: 'Invalid Conditions' });
    await page.getByRole('button', { name: 'Next Floor' }).click();
    expect(await dialogText(invalid)).toBe(FLOOR_CHANGE_MESSAGE);
    await shoot(page, 'walkabout-2-floor-change-refused');
    await invalid.getByRole('button', { name: 'OK' }).click();
    await invalid.waitFor({ state: 'detached' });
    expect(await floorSelect(page).locator('option:checked').innerText()).toBe('Ground');
    // The first invalid condition is focused.
    await expect.poll(() => closes.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.getByRole('button', { name: "Scan an entry's QR code" }).click();
    expect(await dialogText(invalid)).toBe(UNLOCK_MESSAGE);
    await invalid.getByRole('button', { name: 'OK' }).click();
    await invalid.waitFor({ state: 'detached' });
    expect(await page.getByRole('dialog', { name: 'Scan Code' }).count()).toBe(0);

    await stair.getByRole('textbox', { name: 'Remarks for Closes and latches fully' }).fill(REMARKS);
    await stair.getByLabel('Choose photo for Closes and latches fully').setInputFiles({ name: 'door-closer.png', mimeType: 'image/png', buffer: PHOTO });
    await stair.getByRole('img', { name: 'Photo of Closes and latches fully' }).waitFor();
    expect(await stair.getByText('Add remarks or a photo.').count()).toBe(0);
    await shoot(page, 'walkabout-3-remarks-and-photo');

    // Now another entry unlocks, and the floors change.
    await scanByTypedCode(page, codes.get('Retail Concourse')!);
    const concourse = entryCard(page, 'Retail Concourse');
    await concourse.getByText('Unlocked', { exact: true }).waitFor();
    await markSatisfactory(concourse, FIRE_DOOR);
    for (const floor of UPPER_FLOORS) {
      await page.getByRole('button', { name: 'Next Floor' }).click();
      await expect.poll(() => floorSelect(page).locator('option:checked').innerText()).toBe(floor.name);
      for (const location of floor.locations) {
        await scanByTypedCode(page, codes.get(location)!);
        const card = entryCard(page, location);
        await card.getByText('Unlocked', { exact: true }).waitFor();
        if (location === LAST_LOCATION) {
          // Within 3 seconds the scan's location change saves what waits (inspection.md sections 4 and 9), and Save
          // reads Done; the marks made here after it are what the inspector's own Save sends. (Marked before that
          // autosave, they could all be sent by it, and Save would read Done.)
          await page.getByRole('button', { name: 'Done', exact: true }).waitFor();
        }
        await markSatisfactory(card, FIRE_DOOR);
      }
    }

    // The last floor: Lock Walkabout is there, for a user who may lock. Save first.
    expect(await page.getByRole('button', { name: 'Next Floor' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Lock Walkabout' }).waitFor();
    await page.getByText('4 of 4 marked', { exact: true }).waitFor(); // the floor's progress
    // Its label is read in full on a phone, not cut to 'Lock Walkabo…'.
    const lockLabel = page.getByRole('button', { name: 'Lock Walkabout' }).locator('.mantine-Button-label');
    expect(await lockLabel.evaluate((label) => label.scrollWidth <= label.clientWidth)).toBe(true);
    await shoot(page, 'walkabout-4-last-floor');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const saved = page.getByRole('dialog', { name: 'Walkabout saved' });
    // Every condition is marked: the save says the walkabout is complete (inspection.md section 8), and the
    // walkabouts list it returns to says it again.
    expect(await dialogText(saved)).toBe(savedOn('Complete walkabout', walkabout.timeZone));
    await saved.getByRole('button', { name: 'OK' }).click();
    await page.waitForURL(`**/buildings/${walkabout.buildingId}/walkabouts`);
    await page.getByText(savedOn('Complete walkabout', walkabout.timeZone), { exact: true }).waitFor();
    const row = page.locator(`a[href="/buildings/${walkabout.buildingId}/walkabouts/${walkabout.walkaboutId}"]`);
    await row.getByText('Complete · 1 U').waitFor();

    // The server has the marks, the remark and the photo.
    const db = stack.backend.db;
    const conditions = await db.select().from(schema.conditions).where(eq(schema.conditions.walkaboutId, walkabout.walkaboutId));
    expect(conditions).toHaveLength(23);
    expect(conditions.filter((condition) => condition.value === null)).toEqual([]);
    const unsatisfactory = conditions.filter((condition) => condition.satisfaction === 'unsatisfactory');
    expect(unsatisfactory.map(({ label, value, remarks, photoMimetype }) => ({ label, value, remarks, photoMimetype }))).toEqual([
      { label: 'Closes and latches fully', value: 'no', remarks: REMARKS, photoMimetype: 'image/png' },
    ]);
    const lobbyValues = Object.fromEntries(
      conditions.filter((condition) => condition.entryId === conditions.find((c) => c.label === 'Time of panel check')!.entryId).map((c) => [c.label, c.value]),
    );
    expect(lobbyValues).toEqual({
      'Panel shows normal (no trouble or alarm)': 'yes',
      'Conditions shown on the panel': ['Normal', 'AC power on'],
      'Time of panel check': '07:45',
    });
    // Kept as the upload's stored reference, served on the app's origin only through the signed URL the API hands out.
    const photoUrl = unsatisfactory[0]!.photoUrl!;
    expect(photoUrl).toMatch(/^\/files\//);
    const photo = await fetch(new URL(signedPhotoUrl(stack.backend.app.urlSigner, photoUrl)!, stack.baseUrl));
    expect(photo.status).toBe(200);
    expect(Buffer.from(await photo.arrayBuffer()).equals(PHOTO)).toBe(true);

    // Saved complete with one unsatisfactory result: the building's Daily badge says so.
    await page.getByRole('link', { name: 'Buildings' }).click();
    await page.waitForURL('**/buildings');
    await expect.poll(() => badgeNames(page)).toContain('Daily: complete with unsatisfactory results [D]');
    await buildingCard(page).scrollIntoViewIfNeeded();
    await shoot(page, 'walkabout-5-buildings-after-save');

    // Lock from the last floor, after the confirmation (inspection.md section 4).
    await openFromBuildings(page, walkabout);
    await floorSelect(page).selectOption({ label: 'Floor 5' });
    await page.getByRole('button', { name: 'Lock Walkabout' }).click();
    const confirm = page.getByRole('dialog', { name: 'Lock Walkabout' });
    expect(await dialogText(confirm)).toBe('Close Walkabout? This cannot be undone.');
    await shoot(page, 'walkabout-6-lock-confirm');
    await confirm.getByRole('button', { name: 'Lock Walkabout' }).click();
    expect(await dialogText(saved)).toBe(savedOn('Complete walkabout', walkabout.timeZone));
    await saved.getByRole('button', { name: 'OK' }).click();
    await page.waitForURL(`**/buildings/${walkabout.buildingId}/walkabouts`);
    await page.getByRole('region', { name: 'Open walkabouts' }).waitFor();
    expect(await row.count()).toBe(0);

    const [locked] = await db.select().from(schema.walkabouts).where(eq(schema.walkabouts.id, walkabout.walkaboutId));
    const [inspector] = await db.select().from(schema.users).where(eq(schema.users.username, 'inspector'));
    expect(locked!.lockedAt!.getTime()).toBeLessThanOrEqual(Date.now());
    expect({ lockedBy: locked!.lockedBy, finalIsComplete: locked!.finalIsComplete, finalUnsatisfactoryCount: locked!.finalUnsatisfactoryCount }).toEqual({
      lockedBy: inspector!.id,
      finalIsComplete: true,
      finalUnsatisfactoryCount: 1,
    });

    // A badge shows only for a walkabout still open (inspection.md section 2): today's Daily is locked now.
    await page.getByRole('link', { name: 'Buildings' }).click();
    await page.waitForURL('**/buildings');
    const afterLock = await badgeNames(page);
    expect(afterLock.filter((name) => name.startsWith('Daily:'))).toEqual([]);
    expect(afterLock.some((name) => name.startsWith('Weekly:'))).toBe(true);
    await buildingCard(page).scrollIntoViewIfNeeded();
    await shoot(page, 'walkabout-7-buildings-after-lock');
    expect(externalRequests).toEqual([]);
    await context.close();
  });
});
