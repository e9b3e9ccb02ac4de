/**
 * Issue 11 point 4, end to end in Chromium over the real stack: an administrator uploads a PDF as Harbour Strata
 * Services' contract in Manage Organizations, confirms that it overrides the contract of the building that had its
 * own (named in the question), and the organization's contract then awaits acceptance; the organization's manager
 * finds the building card blocked (no walkabouts, documents or reports), opens Accept Contract, sees the contract's
 * pages drawn, presses OK, and the card opens with its walkabouts and reports links.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, viewports } from './browser';
import { contractPdf } from './contract-pdf';
import { startStack, type Stack } from './stack';
import { shoot, signIn } from './walkabout-journey';

const ORGANIZATION = 'Harbour Strata Services';
const BUILDING = 'Cedar Point Strata (BCS 4127)';

let stack: Stack;
let browser: Browser;

/** Whether a canvas on the page has been drawn on (a page of the PDF, not a blank placeholder). */
async function drawnCanvases(page: Page, name: RegExp): Promise<number> {
  const canvases = page.getByRole('img', { name });
  const count = await canvases.count();
  let drawn = 0;
  for (let index = 0; index < count; index += 1) {
    const inked = await canvases.nth(index).evaluate((canvas: HTMLCanvasElement) => {
      if (canvas.width === 0 || canvas.height === 0) return false;
      const pixels = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
      for (let i = 0; i < pixels.length; i += 4) if (pixels[i]! < 128) return true;
      return false;
    });
    if (inked) drawn += 1;
  }
  return drawn;
}

beforeAll(async () => {
  stack = await startStack();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

describe('Contracts, end to end', () => {
  it("an administrator uploads an organization contract; the manager accepts it on the building card, which then opens", async () => {
    const { context, page, externalRequests } = await newPage(browser, stack.baseUrl, viewports.phone);

    // The administrator: Settings, Manage Organizations, Harbour's new contract.
    await signIn(page, 'admin');
    await page.goto('/settings');
    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: /Manage Organizations/ }).click();
    await page.getByRole('list', { name: 'Organizations' }).waitFor();
    await page.getByRole('button', { name: `Edit ${ORGANIZATION}` }).click();
    const modal = page.getByRole('dialog', { name: 'Edit Organization' });
    await expect.poll(() => modal.getByRole('textbox', { name: 'Organization Name' }).isDisabled()).toBe(true);
    await modal.locator('input[type="file"][accept="application/pdf"]').setInputFiles({ name: 'harbour-2026.pdf', mimeType: 'application/pdf', buffer: await contractPdf(ORGANIZATION) });
    await modal.getByText('New contract: harbour-2026.pdf').waitFor();
    await modal.getByRole('button', { name: 'Save' }).click();
    const question = page.getByRole('dialog', { name: 'Override Building Contracts' });
    await question.getByText(`The contracts of these buildings will be overridden by the organization's contract: ${BUILDING}. Continue?`).waitFor();
    await shoot(page, 'contracts-override-question-phone');
    await question.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('status').filter({ hasText: `${ORGANIZATION} saved. The contracts of ${BUILDING} were replaced by the organization's contract.` }).waitFor();
    const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: ORGANIZATION }) });
    await row.getByText('Contract has not been accepted.').waitFor();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL('**/signin*');

    // The organization's manager: the card is blocked until they accept.
    await signIn(page, 'harbour');
    const card = page.getByRole('article', { name: BUILDING });
    await card.getByText('Contract not accepted').waitFor();
    expect(await card.getByRole('link', { name: 'Walkabouts' }).count()).toBe(0);
    expect(await card.getByRole('link', { name: 'Reports' }).count()).toBe(0);
    await shoot(page, 'contracts-card-blocked-phone');
    await card.getByRole('button', { name: 'Accept Contract' }).click();
    const sheet = page.getByRole('dialog', { name: 'Accept Contract' });
    await sheet.getByRole('figure', { name: 'Page 1 of 2' }).waitFor();
    await sheet.getByText(`Press OK to accept the ${BUILDING} Contract.`).waitFor();
    await expect.poll(() => drawnCanvases(page, new RegExp(`^${BUILDING.replace(/[()]/g, '\\$&')} Contract, page 1 of 2$`)), { timeout: 15_000 }).toBe(1);
    await shoot(page, 'contracts-accept-sheet-phone');
    await sheet.getByRole('button', { name: 'OK' }).click();
    await sheet.waitFor({ state: 'detached' });
    await card.getByRole('link', { name: 'Walkabouts' }).waitFor();
    await card.getByRole('link', { name: 'Reports' }).waitFor();
    expect(await card.getByText('Contract not accepted').count()).toBe(0);
    await card.getByText('Contract accepted: walkabouts, documents and reports are open.').waitFor();
    await shoot(page, 'contracts-card-accepted-phone');

    // It holds after a reload: the acceptance is the server's, not only the cache's.
    await page.reload();
    await card.getByRole('link', { name: 'Walkabouts' }).waitFor();
    await card.getByRole('link', { name: 'Walkabouts' }).click();
    await page.getByRole('region', { name: 'Open walkabouts' }).or(page.getByText('No results found')).first().waitFor();
    expect(await page.getByText('Contract not accepted').count()).toBe(0);
    expect(externalRequests).toEqual([]);
    await context.close();
  });
});
