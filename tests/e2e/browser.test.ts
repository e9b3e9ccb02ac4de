/** The journeys' Chromium (launchBrowser) as it runs: the features it turns off, read back from Chromium itself. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

it("turns off Playwright's features and the address bar's popup: Chromium reads only the last --disable-features", async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('chrome://version');
  const commandLine = await page.locator('#command_line').innerText();
  const lists = [...commandLine.matchAll(/--disable-features=(\S+)/g)].map((match) => match[1]!.split(','));
  // Playwright's own list first, then launchBrowser's; the last is the one Chromium applies.
  expect(lists.length).toBeGreaterThanOrEqual(2);
  const applied = lists.at(-1)!;
  const dropped = lists.slice(0, -1).flat().filter((feature) => !applied.includes(feature));
  expect({ dropped }).toEqual({ dropped: [] });
  expect(applied).toEqual(expect.arrayContaining(['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup']));
  // And so no window loads the popup's pages.
  const cdp = await browser.newBrowserCDPSession();
  const { targetInfos } = await cdp.send('Target.getTargets');
  expect(targetInfos.filter((target) => target.url.startsWith('chrome://omnibox-popup'))).toEqual([]);
  expect(targetInfos.some((target) => target.type === 'page' && target.url === 'chrome://version/')).toBe(true);
  await context.close();
});
