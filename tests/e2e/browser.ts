import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';

/** The flags this machine needs for a headless Chromium (see ../shared/notes/machine.md). */
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const viewports = {
  phone: { width: 375, height: 812 },
  desktop: { width: 1440, height: 900 },
} as const;

export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: [...chromiumArgs, ...extraArgs] });
}

/**
 * A fresh context whose page fails the test on any request that leaves the local server:
 * users may have no internet access, so the app must never depend on it.
 */
export async function newPage(browser: Browser, baseURL: string, viewport: { width: number; height: number } = viewports.desktop): Promise<{ context: BrowserContext; page: Page; externalRequests: string[] }> {
  const context = await browser.newContext({ baseURL, viewport });
  const externalRequests: string[] = [];
  const origin = new URL(baseURL).origin;
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(origin) || url.startsWith('data:') || url.startsWith('blob:')) return route.continue();
    externalRequests.push(url);
    return route.abort();
  });
  const page = await context.newPage();
  return { context, page, externalRequests };
}

/**
 * Picks a sortable row up by the keyboard (dnd-kit's keyboard sensor: focus its handle, Space) and returns once the
 * sensor listens for the arrows. The sensor adds its keydown listener in a setTimeout after the drag starts, which
 * can run after the handle already shows aria-pressed; an arrow pressed before it would be lost. A setTimeout queued
 * in the page now runs after the sensor's, so when it has run the next key reaches the sensor.
 */
export async function pickUpByKeyboard(page: Page, handle: Locator): Promise<void> {
  await handle.focus();
  await page.keyboard.press('Space');
  await handle.and(page.locator('[aria-pressed="true"]')).waitFor();
  await page.evaluate(() => new Promise<void>((resolve) => setTimeout(resolve)));
}

/** Picks an option of a Mantine select (its listbox opens below the input). */
export async function choose(page: Page, input: Locator, option: string): Promise<void> {
  await input.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}
