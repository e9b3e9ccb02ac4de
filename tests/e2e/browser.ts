import { onTestFailed } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Locator, type Page, type Request } from 'playwright-core';

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

/**
 * The Chromium features Playwright turns off (its chromiumSwitches.ts, playwright-core 1.65), then ours. Chromium reads
 * the last --disable-features of its command line only, so ours repeats Playwright's (browser.test.ts fails when
 * Playwright's list holds a feature this one lacks).
 */
const disabledFeatures = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
  // Ours: the address bar's popup, pages of Chromium's own (chrome://omnibox-popup.top-chrome/) that each new window
  // (each browser context) loads in a renderer of its own, though headless Chromium shows no address bar. About 0.65 s
  // of CPU per context on this two-core machine: a launch and ten contexts took 10.6 CPU-seconds with them, 3.9 without
  // (alternated, four rounds each); the administration's accessibility checks at the phone size, 125 and 129 against
  // 118 and 122.
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
];

/** Chromium as the journeys use it: no host name resolves but the loopback address the stack listens on (no internet). */
export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  const offline = '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1';
  const features = `--disable-features=${disabledFeatures.join(',')}`;
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: [...chromiumArgs, features, offline, ...extraArgs] });
}

/**
 * A fresh context whose `externalRequests` lists every request that leaves the local server (a journey expects it
 * empty): users may have no internet access, so the app must never depend on it. The browser cannot reach another
 * host anyway (no name but 127.0.0.1 resolves: `launchBrowser`). The requests are watched, not intercepted: a route on
 * every request sent each one through this process and turned Chromium's HTTP cache off, so that every screen opened
 * fetched and compiled the app's code again (the accessibility checks at the phone size took 188 s so, 162 s without).
 */
export async function newPage(browser: Browser, baseURL: string, viewport: { width: number; height: number } = viewports.desktop): Promise<{ context: BrowserContext; page: Page; externalRequests: string[] }> {
  const context = await browser.newContext({ baseURL, viewport });
  const externalRequests: string[] = [];
  const origin = new URL(baseURL).origin;
  context.on('request', (request) => {
    const url = request.url();
    if (!(url.startsWith(origin) || url.startsWith('data:') || url.startsWith('blob:'))) externalRequests.push(url);
  });
  const page = await context.newPage();
  explainFailure(page);
  return { context, page, externalRequests };
}

/**
 * What a failed test prints of its page, so that a failure seen once (in CI, say) says what the page was doing:
 * its URL, the dialogs open, the calls still waiting for their answer, and the last calls, errors and console
 * messages with their times since the page opened. Pages opened outside a test (in a beforeAll) print nothing.
 */
function explainFailure(page: Page): void {
  const opened = Date.now();
  const events: string[] = [];
  const waiting = new Map<Request, { label: string; at: number }>();
  const since = (at: number) => `+${((at - opened) / 1000).toFixed(1)}s`;
  const note = (text: string) => {
    events.push(`${since(Date.now())} ${text}`);
    if (events.length > 80) events.shift();
  };
  const label = (request: Request) => {
    const url = new URL(request.url());
    let operation = '';
    if (url.pathname === '/graphql') {
      try {
        operation = ` ${(request.postDataJSON() as { operationName?: string } | null)?.operationName ?? ''}`;
      } catch {
        operation = ' (unreadable body)';
      }
    }
    return `${request.method()} ${url.pathname}${operation}`;
  };
  // The service worker's precaching of the built files would fill the list: the app's calls and pages only.
  const calls = (request: Request) => ['fetch', 'xhr', 'document'].includes(request.resourceType()) && !new URL(request.url()).pathname.startsWith('/assets/');
  page.on('request', (request) => {
    if (!calls(request)) return;
    waiting.set(request, { label: label(request), at: Date.now() });
  });
  page.on('requestfinished', (request) => {
    const call = waiting.get(request);
    if (!call) return;
    waiting.delete(request);
    void request.response().then(
      (response) => note(`${call.label} answered ${response?.status() ?? '?'} after ${Date.now() - call.at} ms (sent ${since(call.at)})`),
      () => undefined,
    );
  });
  page.on('requestfailed', (request) => {
    const call = waiting.get(request);
    if (!call) return;
    waiting.delete(request);
    note(`${call.label} failed after ${Date.now() - call.at} ms: ${request.failure()?.errorText ?? 'unknown'}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') note(`console.${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => note(`page error: ${error.message}`));
  try {
    onTestFailed(async () => {
      if (page.isClosed()) return;
      const dialogs = await page
        .getByRole('dialog')
        .evaluateAll((elements) =>
          elements.map((element) => {
            const text = (element as HTMLElement).innerText.replace(/\s+/g, ' ').trim().slice(0, 300);
            // What its fields hold and which buttons are disabled: innerText shows neither.
            const fields = Array.from(element.querySelectorAll('input, textarea'), (field) => `${(field as HTMLInputElement).name || (field as HTMLInputElement).type}=${JSON.stringify((field as HTMLInputElement).value)}`);
            const disabled = Array.from(element.querySelectorAll('button:disabled'), (button) => (button as HTMLElement).innerText.trim()).filter(Boolean);
            return `${text} [fields: ${fields.join(', ') || 'none'}; disabled: ${disabled.join(', ') || 'none'}]`;
          }),
        )
        .catch((error: unknown) => [`(could not read: ${String(error)})`]);
      const now = Date.now();
      console.error(
        [
          `The page at the failure (${since(now)}): ${page.url()}`,
          `Dialogs open: ${dialogs.length ? dialogs.map((text) => `'${text}'`).join('; ') : 'none'}`,
          `Calls waiting for an answer: ${[...waiting.values()].map((call) => `${call.label} (sent ${since(call.at)})`).join('; ') || 'none'}`,
          'The last calls and messages:',
          ...events.map((event) => `  ${event}`),
        ].join('\n'),
      );
    });
  } catch {
    // Not inside a test: nothing to explain.
  }
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
