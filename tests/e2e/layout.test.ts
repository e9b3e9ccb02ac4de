import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD } from '@fsi/backend/testing';
import { launchBrowser, newPage, viewports } from './browser';
import { startStack, type Stack } from './stack';

// Set SCREENSHOT_DIR to keep a PNG of each page at each size, to look at.
const screenshotDir = process.env.SCREENSHOT_DIR;
let stack: Stack;
let browser: Browser;

beforeAll(async () => {
  stack = await startStack();
  browser = await launchBrowser();
  if (screenshotDir) mkdirSync(screenshotDir, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

async function shoot(page: Page, name: string) {
  if (screenshotDir) await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}

/** Nothing may stick out sideways: a phone user must never have to scroll horizontally. */
async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

for (const [size, viewport] of Object.entries(viewports)) {
  describe(`on a ${size} (${viewport.width}×${viewport.height})`, () => {
    it('the sign-in, forgot-password and change-password pages fit the screen', async () => {
      const { context, page, externalRequests } = await newPage(browser, stack.baseUrl, viewport);
      for (const [route, heading] of [
        ['/signin', 'Sign In'],
        ['/forgot-password', 'Forgot Password'],
        ['/change-password?hash=abc', 'Change Password'],
      ] as const) {
        await page.goto(route);
        await page.getByRole('heading', { name: heading }).first().waitFor();
        expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
        await shoot(page, `${size}-${route.slice(1).split('?')[0]}`);
      }
      expect(externalRequests).toEqual([]);
      await context.close();
    });

    it('the buildings and walkabouts pages fit the screen, and an unknown route says so', async () => {
      const { context, page, externalRequests } = await newPage(browser, stack.baseUrl, viewport);
      await page.goto('/signin');
      await page.getByLabel('Username', { exact: true }).fill('manager');
      await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.waitForURL('**/buildings');
      await page.locator('main article[aria-labelledby]').first().waitFor();
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      const signOut = await page.getByRole('button', { name: 'Sign Out' }).boundingBox();
      expect(signOut).not.toBeNull();
      expect(signOut!.y + signOut!.height).toBeLessThanOrEqual(viewport.height);
      const tutorial = page.getByRole('button', { name: 'Start Tutorial' });
      // The tutorial is for phones only (spec inspection.md section 2, Buildings).
      expect(await tutorial.isVisible()).toBe(size === 'phone');
      await shoot(page, `${size}-buildings`);
      await page.goto('/buildings/1/walkabouts');
      await page.getByText(/of \d+ answered/).first().waitFor();
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await shoot(page, `${size}-walkabouts`);
      await page.goto('/manage/organization/1/no-such-screen');
      await page.getByRole('heading').first().waitFor();
      expect(await page.locator('main').innerText()).toMatch(/page not found/i);
      await shoot(page, `${size}-not-found`);
      expect(externalRequests).toEqual([]);
      await context.close();
    });
  });
}
