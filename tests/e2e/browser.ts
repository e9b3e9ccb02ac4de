import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

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
