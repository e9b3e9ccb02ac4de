/**
 * A screen whose code cannot be fetched (offline before the app's files were kept, or a release that replaced them)
 * says so in place, inside the shell, and Try again fetches it again once it can be: the app never goes blank.
 */
import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { schema } from '@fsi/backend/testing';
import { newPage, viewports } from './browser';
import type { Stack } from './stack';
import { shoot, signIn, withStackAndBrowser } from './walkabout-journey';

let stack: Stack;
let browser: Browser;

withStackAndBrowser((opened) => ({ stack, browser } = opened));

describe('A screen whose code cannot be fetched', () => {
  it('says so inside the shell, and Try again opens it once its code can be fetched', async () => {
    const [northwind] = await stack.backend.db.select({ id: schema.organizations.id }).from(schema.organizations).where(eq(schema.organizations.name, 'Northwind Property Management'));
    const { context, page } = await newPage(browser, stack.baseUrl, viewports.phone);
    // The usage screen's chunk fails from the start, for the warm-up after sign-in as for the screen.
    let blocked = true;
    await page.route(/\/assets\/UsagePage-[^/]+\.js$/, (route) => (blocked ? route.abort('internetdisconnected') : route.continue()));
    await signIn(page, 'admin');
    await page.goto(`/manage/organization/${northwind!.id}/usage`);
    const alert = page.getByRole('alert').filter({ hasText: 'This screen could not be opened' });
    await alert.getByText('Its part of the app has not been downloaded yet.').waitFor();
    // The shell's toolbar is still there, and so is the session.
    await page.getByRole('link', { name: 'Manage', exact: true }).waitFor();
    expect(await alert.getByRole('link', { name: 'Go to Buildings' }).getAttribute('href')).toBe('/buildings');
    await shoot(page, 'screen-failure-1-unavailable');
    blocked = false;
    await alert.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('heading', { name: /usage/i }).first().waitFor();
    expect(await alert.count()).toBe(0);
    await shoot(page, 'screen-failure-2-opened');
    await context.close();
  });
});
