import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { eq, inArray } from 'drizzle-orm';
import { demoUsers, DEMO_PASSWORD, schema } from '@fsi/backend/testing';
import { launchBrowser, newPage, viewports } from './browser';
import { startStack, type Stack } from './stack';

let stack: Stack;
let browser: Browser;

beforeAll(async () => {
  stack = await startStack();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

/**
 * The buildings each user may see, read from the database by the scope rule of DESIGN.md
 * ("Identity and tenancy"), independently of the backend's own queries: administrators all;
 * others their organization, narrowed to their region and its sub-regions, then to their
 * building permissions when they have any.
 */
async function expectedBuildingNames(username: string): Promise<string[]> {
  const db = stack.backend.db;
  const [user] = await db.select().from(schema.users).where(eq(schema.users.username, username));
  if (!user) throw new Error(`no demo user ${username}`);
  let rows = await db.select().from(schema.buildings);
  if (!user.isAdmin) {
    rows = rows.filter((b) => b.organizationId === user.organizationId);
    if (user.regionId !== null) {
      const regions = await db.select().from(schema.regions).where(eq(schema.regions.organizationId, user.organizationId!));
      const inScope = new Set([user.regionId]);
      for (let grew = true; grew; ) {
        grew = false;
        for (const r of regions) {
          if (r.parentId !== null && inScope.has(r.parentId) && !inScope.has(r.id)) {
            inScope.add(r.id);
            grew = true;
          }
        }
      }
      rows = rows.filter((b) => b.regionId !== null && inScope.has(b.regionId));
    }
    const permitted = await db.select().from(schema.userBuildings).where(eq(schema.userBuildings.userId, user.id));
    if (permitted.length > 0) {
      const ids = new Set(permitted.map((p) => p.buildingId));
      rows = rows.filter((b) => ids.has(b.id));
    }
  }
  return rows.map((b) => b.name).sort();
}

async function signIn(page: Page, username: string, password: string) {
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

async function visibleBuildingNames(page: Page): Promise<string[]> {
  await page.locator('main article[aria-labelledby]').first().waitFor();
  const names = await page.$$eval('main article[aria-labelledby]', (cards) =>
    cards.map((card) => document.getElementById(card.getAttribute('aria-labelledby') ?? '')?.textContent?.trim() ?? ''),
  );
  return names.sort();
}

describe('signing in', () => {
  it('the demo data has users whose scopes differ', async () => {
    const all = await expectedBuildingNames('admin');
    const regional = await expectedBuildingNames('regional');
    const harbour = await expectedBuildingNames('harbour');
    expect(regional.length).toBeGreaterThan(0);
    expect(regional.length).toBeLessThan((await expectedBuildingNames('manager')).length);
    expect(harbour.length).toBeGreaterThan(0);
    expect(all.length).toBe((await expectedBuildingNames('manager')).length + harbour.length);
    const inspectorIds = await stack.backend.db
      .select()
      .from(schema.buildings)
      .where(inArray(schema.buildings.name, await expectedBuildingNames('inspector')));
    expect(inspectorIds.length).toBeGreaterThan(0);
  });

  for (const { username } of demoUsers) {
    it(`${username} signs in and sees exactly the buildings of their scope`, async () => {
      const { context, page, externalRequests } = await newPage(browser, stack.baseUrl);
      await page.goto('/');
      await page.waitForURL('**/signin');
      await signIn(page, username, DEMO_PASSWORD);
      await page.waitForURL('**/buildings');
      expect(await visibleBuildingNames(page)).toEqual(await expectedBuildingNames(username));
      expect(externalRequests).toEqual([]);
      await context.close();
    });
  }

  it('a wrong password shows that the username or password is incorrect', async () => {
    const { context, page } = await newPage(browser, stack.baseUrl, viewports.phone);
    await page.goto('/signin');
    await signIn(page, 'manager', 'not-the-password');
    await expect.poll(() => page.getByText('Could not sign in. Username or password is incorrect.').isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/signin');
    await context.close();
  });

  it('Sign Out returns to the sign-in page and the buildings are no longer reachable', async () => {
    const { context, page } = await newPage(browser, stack.baseUrl);
    await page.goto('/signin');
    await signIn(page, 'viewer', DEMO_PASSWORD);
    await page.waitForURL('**/buildings');
    const token = await page.evaluate(() => localStorage.getItem('fsi.accessToken'));
    expect(token).toBeTruthy();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL('**/signin**');
    expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('fsi.')))).toEqual([]);
    // The session ended on the server too: the old token no longer opens anything.
    const response = await fetch(`${stack.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query: '{ viewer { id } }' }),
    });
    const body = (await response.json()) as { errors?: Array<{ extensions?: { code?: string } }> };
    expect(body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    await page.goto('/buildings');
    await page.waitForURL('**/signin**');
    expect(new URL(page.url()).pathname).toBe('/signin');
    await context.close();
  });

  it('a deep link opened while signed out lands there after sign-in', async () => {
    const [building] = await stack.backend.db.select().from(schema.buildings).limit(1);
    const deepLink = `/buildings/${building!.id}/walkabouts`;
    const { context, page } = await newPage(browser, stack.baseUrl, viewports.phone);
    await page.goto(deepLink);
    await page.waitForURL('**/signin?**');
    expect(new URL(page.url()).searchParams.get('redirectUrl')).toBe(deepLink);
    await signIn(page, 'admin', DEMO_PASSWORD);
    await page.waitForURL(`**${deepLink}`);
    expect(new URL(page.url()).pathname).toBe(deepLink);
    await context.close();
  });
});
