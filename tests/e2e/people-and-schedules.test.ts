/**
 * Issue 14 point 9, end to end in Chromium over the real stack: an administrator creates a region and, on its page, a
 * sub-region; on the sub-region's page a Daily cycle override with one blackout date a few days ahead; puts a demo
 * building into the sub-region with its building form's Region; creates a role that may view buildings and lock
 * walkabouts (nothing to manage, no settings, no reports) with a Daily reminder subscription; and creates a user of the
 * sub-region with that role. Signed out, then signed in as that user on a phone: the buildings screen lists the one
 * building of the sub-region with only the links the role allows, and the bottom toolbar shows Scan, Account and Sign Out
 * and nothing else. The walkabout schedule, run with the test's clock at noon of the day before the blackout date and
 * at noon of the blackout date, gives the moved building its Daily walkabout the day before and none on the blackout
 * date, while a building outside the region gets its Daily walkabout on both days.
 */
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { and, eq } from 'drizzle-orm';
import { schema } from '@fsi/backend/testing';
import { runWalkaboutSchedule } from '@fsi/backend/features/walkabouts/scheduler';
import { choose, newPage, viewports } from './browser';
import type { Stack } from './stack';
import { shoot, signIn, withStackAndBrowser } from './walkabout-journey';

const ORGANIZATION = 'Northwind Property Management';
const REGION = 'Port Lands (E2E)';
const SUB_REGION = 'Commissioners Yard (E2E)';
/** How the region pickers show the sub-region: one level down, indented with a dash and a space. */
const SUB_REGION_OPTION = `- ${SUB_REGION}`;
/** The demo building moved into the sub-region: it has no region yet, and Daily tasks (its fire doors, its alarm panel). */
const MOVED_BUILDING = 'Riverside Distribution Warehouse';
/** A demo building outside the new region (Uptown, whose Daily cycle has no override): its Daily walkabouts go on. */
const OTHER_BUILDING = 'Yonge & Eglinton Tower';
/** The demo buildings' time zone: the blackout date and the schedule's clock are read there. */
const TIME_ZONE = 'America/Toronto';
const ROLE = 'Yard Inspector (E2E)';
const USERNAME = 'yard.inspector';
const PASSWORD = 'yard-walk-2026';
const SECURITY_EMAIL = 'yard.inspector@northwindpm.example';
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

let stack: Stack;
let browser: Browser;

withStackAndBrowser((opened) => ({ stack, browser } = opened));

/** The last segment of the page's path: the id of the record the page shows. */
function idInUrl(page: Page): string {
  return new URL(page.url()).pathname.split('/').pop()!;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The local date (YYYY-MM-DD) of an instant in the zone. */
function localDate(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone }).format(instant);
}

/** A local date some days later (calendar arithmetic on the date alone). */
function addDays(date: string, days: number): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

/** The instant it is 12:00 on a local date in the zone. */
function noonOf(date: string, timeZone: string): Date {
  const guess = new Date(`${date}T12:00:00Z`);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
      .formatToParts(guess)
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
  const wallClockAsUtc = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  const noon = new Date(guess.getTime() - (wallClockAsUtc - guess.getTime()));
  const check = new Intl.DateTimeFormat('en-CA', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }).format(noon);
  if (check !== `${date}, 12:00`) throw new Error(`noon of ${date} in ${timeZone} came out as ${check}`);
  return noon;
}

async function signInAs(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/signin');
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/buildings');
}

describe('People and schedules, end to end', () => {
  it('an administrator sets up a region, a sub-region with a blackout date, a role and a user; the user sees what the role allows; the schedule skips the blackout date', async () => {
    const db = stack.backend.db;
    const [northwind] = await db.select().from(schema.organizations).where(eq(schema.organizations.name, ORGANIZATION));
    const [moved] = await db.select().from(schema.buildings).where(eq(schema.buildings.name, MOVED_BUILDING));
    const [other] = await db.select().from(schema.buildings).where(eq(schema.buildings.name, OTHER_BUILDING));
    const [daily] = await db.select().from(schema.cycles).where(and(eq(schema.cycles.organizationId, northwind!.id), eq(schema.cycles.name, 'Daily')));
    expect(moved!.regionId).toBeNull();
    expect([moved!.timeZone, other!.timeZone]).toEqual([TIME_ZONE, TIME_ZONE]);
    const organization = `/manage/organization/${northwind!.id}`;
    // A blackout date a few days ahead in the buildings' zone, and the day before it, whose walkabout is not touched.
    const blackoutDate = addDays(localDate(new Date(), TIME_ZONE), 4);
    const dayBefore = addDays(blackoutDate, -1);

    const { context, page, externalRequests } = await newPage(browser, stack.baseUrl, viewports.desktop);
    await signIn(page, 'admin');

    // 1. Organization Settings, Regions: New Region names the region and opens its page.
    await page.goto(organization);
    await page.getByRole('navigation', { name: 'Organization Settings' }).getByRole('link', { name: /^Regions\b/ }).click();
    await page.waitForURL(`**${organization}/regions`);
    await page.getByRole('list', { name: 'Regions' }).waitFor();
    await page.getByRole('button', { name: 'New Region' }).click();
    const regionSheet = page.getByRole('dialog', { name: 'New Region' });
    await regionSheet.getByRole('textbox', { name: 'Name' }).fill(REGION);
    await regionSheet.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(new RegExp(`${organization}/region/\\d+$`));
    const regionId = idInUrl(page);
    await page.getByRole('heading', { level: 1, name: REGION, exact: true }).waitFor();

    // On its page, Add New Sub-Region… names the sub-region and opens the sub-region's page, whose way back is the region.
    await page.getByRole('button', { name: 'Add New Sub-Region…' }).click();
    const subRegionSheet = page.getByRole('dialog', { name: 'New Subregion' });
    await subRegionSheet.getByRole('textbox', { name: 'Name' }).fill(SUB_REGION);
    await subRegionSheet.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL((url) => /\/region\/\d+$/.test(url.pathname) && !url.pathname.endsWith(`/region/${regionId}`));
    const subRegionId = idInUrl(page);
    await page.getByRole('heading', { level: 1, name: SUB_REGION, exact: true }).waitFor();
    await page.getByRole('link', { name: REGION, exact: true }).waitFor();

    // On the sub-region's page, Add New Cycle Override…: the Daily cycle, every day on, one blackout date.
    await page.getByRole('button', { name: 'Add New Cycle Override…' }).click();
    const overrideSheet = page.getByRole('dialog', { name: 'New Cycle Override' });
    await overrideSheet.getByRole('combobox', { name: 'Cycle' }).selectOption({ label: 'Daily' });
    for (const day of WEEKDAYS) expect(await overrideSheet.getByRole('checkbox', { name: day, exact: true }).isChecked()).toBe(true);
    await overrideSheet.getByRole('button', { name: 'Add a date' }).click();
    await overrideSheet.getByLabel('Blackout date 1', { exact: true }).fill(blackoutDate);
    await shoot(page, 'people-1-cycle-override');
    await overrideSheet.getByRole('button', { name: 'Save', exact: true }).click();
    await overrideSheet.waitFor({ state: 'detached' });
    // The sub-region's Cycle Overrides list the Daily override, described by its blackout date.
    const overrideRow = page.getByRole('list', { name: 'Cycle Overrides' }).getByRole('link', { name: new RegExp(`^Daily\\s*Blackout Dates: ${blackoutDate}$`) });
    await overrideRow.waitFor();
    expect(await page.getByRole('list', { name: 'Cycle Overrides' }).getByRole('link').count()).toBe(1);

    // The override's page shows the same: every day on, and the one blackout date.
    await overrideRow.click();
    await page.waitForURL(new RegExp(`${organization}/region/${subRegionId}/cycle-override/\\d+$`));
    await page.getByRole('heading', { level: 1, name: 'Daily Override' }).waitFor();
    const blackout = page.getByLabel('Blackout date 1', { exact: true });
    await blackout.waitFor();
    expect(await blackout.inputValue()).toBe(blackoutDate);
    expect(await page.getByLabel(/^Blackout date \d+$/).count()).toBe(1);
    for (const day of WEEKDAYS) expect(await page.getByRole('checkbox', { name: day, exact: true }).isChecked()).toBe(true);
    const [override] = await db.select().from(schema.cycleOverrides).where(eq(schema.cycleOverrides.regionId, Number(subRegionId)));
    expect(override).toMatchObject({ cycleId: daily!.id, blackoutDates: [blackoutDate] });
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(`**${organization}/region/${subRegionId}`);

    // Back on the region's page, its Sub-Regions list the sub-region; the regions list has the region.
    await page.getByRole('link', { name: REGION, exact: true }).click();
    await page.waitForURL(`**${organization}/region/${regionId}`);
    await page.getByRole('list', { name: 'Sub-Regions' }).getByRole('link', { name: SUB_REGION, exact: true }).waitFor();
    await page.getByRole('link', { name: 'Regions', exact: true }).click();
    await page.waitForURL(`**${organization}/regions`);
    await page.getByRole('list', { name: 'Regions' }).getByRole('link', { name: REGION, exact: true }).waitFor();

    // 2. The building's form (issue 12): its Region is now the sub-region.
    await page.goto(`${organization}/building/${moved!.id}`);
    const buildingForm = page.getByRole('form', { name: `Edit ${MOVED_BUILDING}` });
    await buildingForm.waitFor();
    const buildingRegion = buildingForm.getByRole('combobox', { name: 'Region' });
    expect(await buildingRegion.inputValue()).toBe('None');
    await choose(page, buildingRegion, SUB_REGION_OPTION);
    await buildingForm.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(`**${organization}/buildings`);
    await page.goto(`${organization}/building/${moved!.id}`);
    await buildingForm.waitFor();
    expect(await buildingRegion.inputValue()).toBe(SUB_REGION_OPTION);

    // 3. User Roles: New Role holds the role's whole form (section 2): Building View and Walkabout Lock chosen there.
    // Nothing to manage, no settings, no reports. Its reminders are added on the saved role's page, which opens.
    await page.goto(organization);
    await page.getByRole('navigation', { name: 'Organization Settings' }).getByRole('link', { name: /^User Roles\b/ }).click();
    await page.waitForURL(`**${organization}/user-roles`);
    await page.getByRole('navigation', { name: 'User Roles' }).waitFor();
    await page.getByRole('button', { name: 'New Role' }).click();
    const roleSheet = page.getByRole('dialog', { name: 'New Role' });
    await roleSheet.getByRole('textbox', { name: 'Name' }).fill(ROLE);
    await roleSheet.getByRole('group', { name: 'Building', exact: true }).getByRole('checkbox', { name: 'View', exact: true }).check();
    await roleSheet.getByRole('group', { name: 'Walkabout Permissions', exact: true }).getByRole('checkbox', { name: 'Lock', exact: true }).check();
    await roleSheet.getByText('Reminders can be added once the role is saved.').waitFor();
    await roleSheet.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(new RegExp(`${organization}/user-roles/\\d+$`));
    const roleId = idInUrl(page);
    const roleForm = page.getByRole('form', { name: 'Role' });
    await roleForm.waitFor();
    expect(await roleForm.getByRole('textbox', { name: 'Name' }).inputValue()).toBe(ROLE);
    expect(await roleForm.getByRole('checkbox', { checked: true }).count()).toBe(2);

    // A reminder subscription: Daily, the default 8 hours before close.
    const reminders = roleForm.getByRole('group', { name: 'Incomplete Walkabout Reminder Subscriptions', exact: true });
    await reminders.getByText('No reminders.').waitFor();
    await reminders.getByRole('button', { name: 'Add Reminder' }).click();
    const reminderSheet = page.getByRole('dialog', { name: 'Reminder Subscription' });
    await choose(page, reminderSheet.getByRole('combobox', { name: 'Cycle' }), 'Daily');
    expect(await reminderSheet.getByRole('textbox', { name: 'Offset' }).inputValue()).toBe('8');
    expect(await reminderSheet.getByRole('combobox', { name: 'Unit' }).inputValue()).toBe('hour');
    await reminderSheet.getByRole('button', { name: 'Done' }).click();
    await reminderSheet.waitFor({ state: 'detached' });
    await reminders.getByText('Daily: 8 hour(s) before close', { exact: true }).waitFor();
    await shoot(page, 'people-3-role');
    await roleForm.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(`**${organization}/user-roles`);

    // The role, opened again from the list, has what was saved: those two permissions and the reminder.
    await page.getByRole('navigation', { name: 'User Roles' }).getByRole('link', { name: ROLE }).click();
    await page.waitForURL(`**${organization}/user-roles/${roleId}`);
    await roleForm.waitFor();
    await reminders.getByText('Daily: 8 hour(s) before close', { exact: true }).waitFor();
    expect(await roleForm.getByRole('group', { name: 'Building', exact: true }).getByRole('checkbox', { name: 'View', exact: true }).isChecked()).toBe(true);
    expect(await roleForm.getByRole('group', { name: 'Walkabout Permissions', exact: true }).getByRole('checkbox', { name: 'Lock', exact: true }).isChecked()).toBe(true);
    expect(await roleForm.getByRole('checkbox', { checked: true }).count()).toBe(2);
    const [role] = await db.select().from(schema.roles).where(eq(schema.roles.id, Number(roleId)));
    expect(role!.incompleteWalkaboutReminderSubscriptions).toEqual([{ cycleId: daily!.id, offsetValue: 8, offsetUnit: 'hour' }]);

    // 4. Users: New User (Login ID and password, as the sheet requires), then on the user's page the security e-mail,
    // the sub-region and the role.
    await page.goto(organization);
    await page.getByRole('navigation', { name: 'Organization Settings' }).getByRole('link', { name: /^Users\b/ }).click();
    await page.waitForURL(`**${organization}/users`);
    await page.getByRole('navigation', { name: 'Users' }).waitFor();
    await page.getByRole('button', { name: 'New User' }).click();
    const userSheet = page.getByRole('dialog', { name: 'New User' });
    await userSheet.getByRole('textbox', { name: 'Login ID' }).fill(USERNAME);
    await userSheet.getByLabel(/^Password\b/).fill(PASSWORD);
    await userSheet.getByRole('textbox', { name: 'First Name' }).fill('Yara');
    await userSheet.getByRole('textbox', { name: 'Last Name' }).fill('Okafor');
    await userSheet.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(new RegExp(`${organization}/user/\\d+$`));
    const userId = idInUrl(page);
    const userForm = page.getByRole('form', { name: 'User' });
    await userForm.waitFor();
    expect(await userForm.getByRole('textbox', { name: 'Login ID' }).inputValue()).toBe(USERNAME);
    await userForm.getByRole('textbox', { name: 'Security Email' }).fill(SECURITY_EMAIL);
    const userRegion = userForm.getByRole('combobox', { name: 'Region' });
    await choose(page, userRegion, SUB_REGION_OPTION);
    await userForm.getByRole('checkbox', { name: ROLE, exact: true }).check();
    await shoot(page, 'people-4-user');
    await userForm.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(`**${organization}/users`);

    // The user, opened again from the list, is of the sub-region with that one role.
    await page.getByRole('navigation', { name: 'Users' }).getByRole('link', { name: new RegExp(`^${escapeRegExp(USERNAME)}\\b`) }).click();
    await page.waitForURL(`**${organization}/user/${userId}`);
    await userForm.waitFor();
    expect(await userForm.getByRole('textbox', { name: 'Security Email' }).inputValue()).toBe(SECURITY_EMAIL);
    expect(await userRegion.inputValue()).toBe(SUB_REGION_OPTION);
    const roleNames = (await db.select({ name: schema.roles.name }).from(schema.roles).where(eq(schema.roles.organizationId, northwind!.id))).map((r) => r.name);
    expect(roleNames).toEqual(expect.arrayContaining(['Admin', 'Manager', 'Inspector', 'Viewer', ROLE]));
    for (const name of roleNames) expect(await userForm.getByRole('checkbox', { name, exact: true }).isChecked()).toBe(name === ROLE);
    const [user] = await db.select().from(schema.users).where(eq(schema.users.id, Number(userId)));
    expect(user).toMatchObject({ username: USERNAME, regionId: Number(subRegionId), organizationId: northwind!.id });
    expect(await db.select({ roleId: schema.userRoles.roleId }).from(schema.userRoles).where(eq(schema.userRoles.userId, Number(userId)))).toEqual([{ roleId: Number(roleId) }]);

    // 5. Sign Out, then the new user signs in on a phone.
    await page.getByRole('banner').getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL('**/signin');
    await page.setViewportSize(viewports.phone);
    await signInAs(page, USERNAME, PASSWORD);

    // The buildings screen lists the one building of the sub-region, and no other.
    const card = page.getByRole('article', { name: MOVED_BUILDING });
    await card.waitFor();
    await page.getByText('1 building', { exact: true }).waitFor();
    expect(await page.getByRole('main').getByRole('article').count()).toBe(1);
    await card.getByText(SUB_REGION, { exact: true }).waitFor();
    // Its links are those of a user who views buildings and does walkabouts: no reports, summaries, QR codes, overview or manage.
    const cardLinks = card.getByRole('group', { name: `${MOVED_BUILDING} links` }).getByRole('link');
    expect((await cardLinks.allInnerTexts()).map((text) => text.trim())).toEqual(['Walkabouts', 'Documents']);
    // No Settings under the cards either: the role gives none.
    expect(await page.getByRole('link', { name: 'Settings' }).count()).toBe(0);

    // The bottom toolbar is the new user's (Account leads to their own page, and back to Buildings after a save): Scan,
    // Account and Sign Out, no Overview or Manage.
    const footer = page.getByRole('contentinfo');
    const toolbar = footer.getByRole('navigation', { name: 'Main' });
    const account = toolbar.getByRole('link', { name: 'Account', exact: true });
    await expect.poll(() => account.getAttribute('href')).toBe(`${organization}/user/${userId}?backUrl=%2Fbuildings`);
    expect(await toolbar.locator('a, button').allInnerTexts()).toEqual(['Scan', 'Account', 'Sign Out']);
    await toolbar.getByRole('button', { name: 'Scan', exact: true }).waitFor();
    await toolbar.getByRole('button', { name: 'Sign Out', exact: true }).waitFor();
    expect(await toolbar.getByRole('link', { name: 'Overview' }).count()).toBe(0);
    expect(await toolbar.getByRole('link', { name: 'Manage' }).count()).toBe(0);
    expect(await page.getByRole('banner').getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    const footerBox = await footer.boundingBox();
    expect(Math.round(footerBox!.y + footerBox!.height)).toBe(viewports.phone.height);
    await shoot(page, 'people-5-buildings-phone');
    expect(externalRequests).toEqual([]);
    await context.close();

    // 6. The walkabout schedule with the test's clock. Neither building has a Daily walkabout of those days yet.
    const dailyWalkabouts = async (buildingId: number, date: string) =>
      (
        await db
          .select({ id: schema.walkabouts.id })
          .from(schema.walkabouts)
          .where(and(eq(schema.walkabouts.buildingId, buildingId), eq(schema.walkabouts.cycleId, daily!.id), eq(schema.walkabouts.date, date)))
      ).length;
    for (const building of [moved!, other!]) {
      for (const date of [dayBefore, blackoutDate]) expect(await dailyWalkabouts(building.id, date)).toBe(0);
    }
    // Noon of the day before the blackout date: both buildings get their Daily walkabout of that day.
    const before = await runWalkaboutSchedule(db, noonOf(dayBefore, TIME_ZONE));
    expect(before.ran).toBe(true);
    expect(await dailyWalkabouts(moved!.id, dayBefore)).toBe(1);
    expect(await dailyWalkabouts(other!.id, dayBefore)).toBe(1);
    // Noon of the blackout date: the building outside the region gets its Daily walkabout; the moved building gets none.
    const on = await runWalkaboutSchedule(db, noonOf(blackoutDate, TIME_ZONE));
    expect(on.ran).toBe(true);
    expect(await dailyWalkabouts(other!.id, blackoutDate)).toBe(1);
    expect(await dailyWalkabouts(moved!.id, blackoutDate)).toBe(0);
  }, 240_000);
});
