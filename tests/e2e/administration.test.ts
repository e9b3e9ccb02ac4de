/**
 * Issue 12 point 8, end to end in Chromium over the real stack, on a phone-sized page: an administrator adds a
 * building to Northwind in Manage Buildings, sets its region, an offset and a contract in its edit form, and the
 * manager accepts the contract on the building card; the administrator adds two floors and three locations with their
 * equipment (secondary data on one of them), then presses Create Current Walkabouts. The manager opens the building's
 * Monthly walkabout and finds the three locations' equipment as entries, on the two floors. The regional user
 * (Downtown and Harbourfront) sees the new Downtown building and its form, but not an Uptown building's form; the
 * viewer sees the form with every field disabled and no Save button.
 */
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { schema } from '@fsi/backend/testing';
import { choose, newPage, pickUpByKeyboard, viewports } from './browser';
import { contractPdf } from './contract-pdf';
import type { Stack } from './stack';
import { entryCard, floorSelect, shoot, signIn, withStackAndBrowser } from './walkabout-journey';

const ORGANIZATION = 'Northwind Property Management';
const BUILDING = 'Journey Tower (E2E)';
const UPTOWN_BUILDING = 'Yonge & Eglinton Tower';

/** The two floors and, on them, the three locations with the equipment each holds (every type has Monthly tasks). */
const FLOORS = ['Ground', 'Level 2'] as const;
const LOCATIONS = [
  { name: 'East Lobby', floor: 'Ground', equipment: ['Portable Fire Extinguisher', 'Exit Sign'] },
  { name: 'Stair A, Ground', floor: 'Ground', equipment: ['Fire Door'] },
  { name: 'Level 2 Corridor', floor: 'Level 2', equipment: ['Smoke Detector', 'Fire Door'] },
] as const;

let stack: Stack;
let browser: Browser;

withStackAndBrowser((opened) => ({ stack, browser } = opened));

/** The building form's page of a building. */
const formPath = (organizationId: string, buildingId: string) => `/manage/organization/${organizationId}/building/${buildingId}`;

/** The (location, equipment) pairs of the entry cards on the walkabout's floor now on screen, sorted. */
async function entriesOnScreen(page: Page): Promise<string[]> {
  const cards = page.locator('main section[aria-labelledby]').filter({ has: page.getByText(/^(Locked|Unlocked)$/) });
  await cards.first().waitFor();
  const pairs = await cards.evaluateAll((sections) =>
    sections.map((section) => {
      const title = section.querySelector('h2')?.textContent ?? '';
      const line = section.querySelector('h2')?.parentElement?.nextElementSibling?.textContent ?? '';
      return `${line} | ${title}`;
    }),
  );
  return pairs.sort();
}

describe('Administration of a building, end to end', () => {
  it('an administrator sets up a building, its floors and locations; its walkabouts show them; the regional user and the viewer see what they may', async () => {
    const { context, page, externalRequests } = await newPage(browser, stack.baseUrl, viewports.phone);

    // 1. The administrator finds Northwind through Settings, Manage Organizations, and adds the building.
    await signIn(page, 'admin');
    await page.goto('/settings');
    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: /Manage Organizations/ }).click();
    await page.getByRole('list', { name: 'Organizations' }).waitFor();
    await page.getByRole('heading', { name: ORGANIZATION }).getByRole('link').click();
    await page.waitForURL(/\/manage\/organization\/\d+$/);
    const organizationId = new URL(page.url()).pathname.split('/').pop()!;
    await page.getByRole('navigation', { name: 'Organization Settings' }).getByRole('link', { name: /^Buildings\b/ }).click();
    await page.waitForURL(`**/manage/organization/${organizationId}/buildings`);
    await page.getByRole('list', { name: 'Buildings' }).waitFor();
    await page.getByRole('button', { name: 'Add Building' }).click();
    const addModal = page.getByRole('dialog', { name: 'Add Building' });
    await addModal.getByRole('textbox', { name: 'Building Name' }).fill(BUILDING);
    await addModal.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: `${BUILDING} saved.` }).waitFor();
    await page.getByRole('list', { name: 'Buildings' }).getByRole('link', { name: BUILDING }).waitFor();
    await shoot(page, 'administration-1-building-added-phone');

    // 2. Its edit form, through the edit modal's link: region, an offset, the contract.
    await page.getByRole('button', { name: `Edit ${BUILDING}` }).click();
    await page.getByRole('dialog', { name: 'Edit Building' }).getByRole('link', { name: 'Building details' }).click();
    await page.waitForURL(new RegExp(`/manage/organization/${organizationId}/building/\\d+$`));
    const buildingId = new URL(page.url()).pathname.split('/').pop()!;
    const form = page.getByRole('form', { name: `Edit ${BUILDING}` });
    await form.waitFor();
    await form.getByText('Contract Missing', { exact: true }).waitFor();
    await choose(page, form.getByRole('combobox', { name: 'Region' }), 'Downtown');
    const daily = form.getByRole('group', { name: /^Daily\b.* offsets$/ });
    await daily.getByRole('textbox', { name: /Open Offset$/ }).fill('1');
    await choose(page, daily.getByRole('combobox', { name: /Open Offset unit$/ }), 'Hour');
    await form.locator('input[type="file"][accept="application/pdf"]').setInputFiles({ name: 'journey-tower.pdf', mimeType: 'application/pdf', buffer: await contractPdf(BUILDING) });
    await form.getByText('New contract: journey-tower.pdf').waitFor();
    await shoot(page, 'administration-2-building-form-phone');
    await form.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(`**/manage/organization/${organizationId}/buildings`);

    // The form shows what was saved: the region, the offset, a contract awaiting acceptance.
    await page.goto(formPath(organizationId, buildingId));
    await form.waitFor();
    expect(await form.getByRole('combobox', { name: 'Region' }).inputValue()).toBe('Downtown');
    expect(await daily.getByRole('textbox', { name: /Open Offset$/ }).inputValue()).toBe('1');
    expect(await daily.getByRole('combobox', { name: /Open Offset unit$/ }).inputValue()).toBe('Hour');
    await form.getByText('Contract has not been accepted.').waitFor();

    // The manager accepts the contract on the building card: walkabouts open.
    const manager = await newPage(browser, stack.baseUrl, viewports.phone);
    await signIn(manager.page, 'manager');
    const card = manager.page.getByRole('article', { name: BUILDING });
    await card.getByText('Contract not accepted').waitFor();
    await card.getByRole('button', { name: 'Accept Contract' }).click();
    const sheet = manager.page.getByRole('dialog', { name: 'Accept Contract' });
    await sheet.getByText(`Press OK to accept the ${BUILDING} Contract.`).waitFor();
    await sheet.getByRole('button', { name: 'OK' }).click();
    await sheet.waitFor({ state: 'detached' });
    await card.getByText('Contract accepted: walkabouts, documents and reports are open.').waitFor();

    // 3. Manage Floors: two floors.
    await page.goto(`/manage/building/${buildingId}/floors`);
    await page.getByText(BUILDING, { exact: true }).waitFor();
    for (const floor of FLOORS) {
      await page.getByRole('button', { name: /^Add / }).click();
      const modal = page.getByRole('dialog', { name: /^Add / });
      await modal.getByRole('textbox', { name: 'Floor name' }).fill(floor);
      await modal.getByRole('button', { name: 'Save' }).click();
      await modal.waitFor({ state: 'detached' });
      await page.getByRole('link', { name: floor, exact: true }).waitFor();
    }
    expect(await page.locator('main ol li').locator('a').allInnerTexts()).toEqual([...FLOORS]);

    // 4. Manage Locations: three locations with their equipment, secondary data on the extinguisher of the first.
    await page.goto(`/manage/building/${buildingId}/locations`);
    await page.getByRole('heading', { name: BUILDING }).waitFor();
    for (const [index, location] of LOCATIONS.entries()) {
      await page.getByRole('button', { name: 'Add Location' }).click();
      const modal = page.getByRole('dialog', { name: 'Add Location' });
      await modal.getByRole('textbox', { name: 'Location Name' }).fill(location.name);
      await choose(page, modal.getByRole('combobox', { name: 'Select Floor' }), location.floor);
      const equipment = modal.getByRole('combobox', { name: 'Assign Equipment' });
      for (const name of location.equipment) {
        await equipment.click();
        await equipment.fill(name);
        await page.getByRole('option', { name, exact: true }).click();
      }
      await modal.getByRole('textbox', { name: 'Location Name' }).click();
      if (index === 0) {
        await modal.getByRole('button', { name: 'Portable Fire Extinguisher' }).click();
        await modal.getByRole('textbox', { name: 'Manufacturer', exact: true }).fill('Amerex');
        await modal.getByRole('textbox', { name: 'Auto Evac Time', exact: true }).fill('5');
        await modal.getByRole('textbox', { name: 'Auto Evac Time unit', exact: true }).fill('min');
        await shoot(page, 'administration-4-location-secondary-data-phone');
      }
      await modal.getByRole('button', { name: 'Save', exact: true }).click();
      await modal.waitFor({ state: 'detached' });
      await page.getByRole('status').filter({ hasText: `${location.name} saved.` }).waitFor();
    }
    for (const floor of FLOORS) {
      const section = page.getByRole('region', { name: floor, exact: true });
      const names = await section.getByRole('row').locator('td:first-child p:first-child').allInnerTexts();
      expect(names).toEqual(LOCATIONS.filter((l) => l.floor === floor).map((l) => l.name));
    }
    // Stair A dragged by the keyboard above East Lobby: saved, and still first after a reload.
    const groundNames = () => page.getByRole('region', { name: 'Ground', exact: true }).getByRole('row').locator('td:first-child p:first-child').allInnerTexts();
    const stairHandle = page.getByRole('button', { name: `Drag ${LOCATIONS[1].name}` });
    await pickUpByKeyboard(page, stairHandle);
    await page.keyboard.press('ArrowUp');
    await page.getByRole('status').filter({ hasText: `${LOCATIONS[1].name} moved to position 1 of 2.` }).waitFor({ state: 'attached' });
    await page.keyboard.press('Space');
    await page.getByRole('status').filter({ hasText: `${LOCATIONS[1].name} moved up.` }).waitFor();
    expect(await groundNames()).toEqual([LOCATIONS[1].name, LOCATIONS[0].name]);
    await page.reload();
    await page.getByRole('heading', { name: BUILDING }).waitFor();
    await expect.poll(groundNames).toEqual([LOCATIONS[1].name, LOCATIONS[0].name]);
    // The secondary data was saved with the location.
    await page.getByRole('button', { name: `Edit ${LOCATIONS[0].name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Location' });
    await edit.getByRole('button', { name: 'Portable Fire Extinguisher' }).click();
    expect(await edit.getByRole('textbox', { name: 'Manufacturer', exact: true }).inputValue()).toBe('Amerex');
    expect(await edit.getByRole('textbox', { name: 'Auto Evac Time', exact: true }).inputValue()).toBe('5');
    expect(await edit.getByRole('textbox', { name: 'Auto Evac Time unit', exact: true }).inputValue()).toBe('min');
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await edit.waitFor({ state: 'detached' });

    // 5. Back to the building form: Create Current Walkabouts.
    await page.goto(formPath(organizationId, buildingId));
    await form.getByText(/^Contract accepted by manager on /).waitFor();
    const current = page.getByRole('group', { name: 'Current walkabouts' });
    const create = current.getByRole('button', { name: 'Create Current Walkabouts' });
    await expect.poll(() => create.isEnabled()).toBe(true);
    await create.click();
    await current.getByRole('status').filter({ hasText: /^Created \d+ walkabouts?\./ }).waitFor();
    await shoot(page, 'administration-5-current-walkabouts-phone');
    expect(externalRequests).toEqual([]);
    await context.close();

    // 6. The manager opens the building's Monthly walkabout: the three locations' equipment, on the two floors.
    await manager.page.goto(`/buildings/${buildingId}/walkabouts`);
    const list = manager.page.getByRole('region', { name: 'Open walkabouts' });
    await list.getByRole('link', { name: /Monthly Walkabout/ }).click();
    await manager.page.waitForURL(new RegExp(`/buildings/${buildingId}/walkabouts/\\d+`));
    const floors = floorSelect(manager.page);
    await floors.waitFor();
    expect(await floors.locator('option').allInnerTexts()).toEqual([...FLOORS]);
    for (const floor of FLOORS) {
      await floors.selectOption({ label: floor });
      const expected = LOCATIONS.filter((l) => l.floor === floor).flatMap((l) => l.equipment.map((name) => ({ location: l.name, name })));
      for (const { location } of expected) await entryCard(manager.page, location).first().waitFor();
      const shown = await entriesOnScreen(manager.page);
      expect(shown).toHaveLength(expected.length);
      expect(shown.map((pair) => pair.replace(/ \| (\S+ · )?(.+) \(\d+\)$/, ' | $2')).sort()).toEqual(expected.map((e) => `${e.location} | ${e.name}`).sort());
    }
    await shoot(manager.page, 'administration-6-monthly-walkabout-phone');
    expect(manager.externalRequests).toEqual([]);
    await manager.context.close();

    // 7. The regional user (Downtown and Harbourfront) sees the new building and opens its form; an Uptown building's form is not theirs.
    const regional = await newPage(browser, stack.baseUrl, viewports.phone);
    await signIn(regional.page, 'regional');
    await regional.page.getByRole('article', { name: BUILDING }).waitFor();
    await regional.page.goto(formPath(organizationId, buildingId));
    await regional.page.getByRole('form', { name: `Edit ${BUILDING}` }).waitFor();
    expect(await regional.page.getByRole('form', { name: `Edit ${BUILDING}` }).getByRole('combobox', { name: 'Region' }).inputValue()).toBe('Downtown');
    const [uptown] = await stack.backend.db.select({ id: schema.buildings.id }).from(schema.buildings).where(eq(schema.buildings.name, UPTOWN_BUILDING));
    expect(await regional.page.getByRole('article', { name: UPTOWN_BUILDING }).count()).toBe(0);
    await regional.page.goto(formPath(organizationId, String(uptown!.id)));
    await regional.page.getByText('This building does not exist or is not yours to see.').waitFor();
    expect(await regional.page.getByRole('form').count()).toBe(0);
    expect(regional.externalRequests).toEqual([]);
    await regional.context.close();

    // 8. The viewer sees the form with its fields disabled and no Save button.
    const viewer = await newPage(browser, stack.baseUrl, viewports.phone);
    await signIn(viewer.page, 'viewer');
    await viewer.page.goto(formPath(organizationId, buildingId));
    const viewed = viewer.page.getByRole('form', { name: `Edit ${BUILDING}` });
    await viewed.waitFor();
    await viewed.getByText("You can view this building's settings; only administrators and building managers can change them.").waitFor();
    expect(await viewed.getByRole('button', { name: 'Save' }).count()).toBe(0);
    await viewed.getByRole('button', { name: 'Back' }).waitFor();
    expect(await viewed.getByRole('combobox', { name: 'Region' }).isDisabled()).toBe(true);
    for (const name of ['Floor Label Name', 'Note 1', 'Address 1', 'Company Name']) {
      expect(await viewed.getByRole('textbox', { name, exact: true }).first().isDisabled()).toBe(true);
    }
    expect(await viewed.getByRole('textbox', { name: /^Daily\b.*Open Offset$/ }).isDisabled()).toBe(true);
    await shoot(viewer.page, 'administration-8-viewer-form-phone');
    expect(viewer.externalRequests).toEqual([]);
    await viewer.context.close();
  }, 240_000);
});
