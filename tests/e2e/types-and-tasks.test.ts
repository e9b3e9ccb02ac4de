/**
 * Issue 13 point 8, end to end in Chromium over the real stack: an administrator adds a type with a component and two
 * tasks groups in Manage Types, adds tasks of three task types for the Monthly cycle in Manage Tasks, puts the type at
 * a new location of the inspector's building, pauses one of the tasks at that building with a new short name, and presses
 * Create Current Walkabouts. The inspector's Monthly walkabout has the two other tasks and not the paused one; the
 * building overview shows the state of the new type; the types exported from Northwind and imported into Harbour Strata
 * Services give Harbour the same types.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { and, asc, eq } from 'drizzle-orm';
import { schema } from '@fsi/backend/testing';
import { choose, newPage, viewports } from './browser';
import type { Stack } from './stack';
import { BUILDING_NAME, entryCard, floorSelect, shoot, signIn, withStackAndBrowser } from './walkabout-journey';

const NORTHWIND = 'Northwind Property Management';
const HARBOUR = 'Harbour Strata Services';
const TYPE = 'Clean Agent System (E2E)';
const ALIAS = 'CAS';
const COMPONENT = 'Agent Cylinder';
const LOCATION = 'Clean Agent Room (E2E)';
/** The three tasks, one of each task type; the last is paused at the building. */
const TASKS = [
  { label: 'Cylinder pressure within range (E2E)', type: 'Boolean' },
  { label: 'Release signage posted (E2E)', type: 'YesNo' },
  { label: 'Discharge nozzles unobstructed (E2E)', type: 'YesNoNotApplicable' },
] as const;
const PAUSED = TASKS[2];

let stack: Stack;
let browser: Browser;

withStackAndBrowser((opened) => ({ stack, browser } = opened));

/** Each type row of Manage Types as it reads: its name line and its components and groups line. */
async function typeRows(page: Page): Promise<string[]> {
  const list = page.getByRole('list', { name: 'Types list' });
  await list.waitFor();
  return list.locator(':scope > li').evaluateAll((rows) =>
    rows.map((row) => Array.from(row.querySelectorAll('p'), (p) => p.textContent ?? '').slice(0, 2).join(' | ')),
  );
}

describe('Types and tasks, end to end', () => {
  it('an administrator adds a type, its tasks and a pause; the inspector walks them; the overview shows the type; an export of types imports into the second organization', async () => {
    const db = stack.backend.db;
    const [northwind] = await db.select().from(schema.organizations).where(eq(schema.organizations.name, NORTHWIND));
    const [harbour] = await db.select().from(schema.organizations).where(eq(schema.organizations.name, HARBOUR));
    const [building] = await db.select().from(schema.buildings).where(eq(schema.buildings.name, BUILDING_NAME));
    const groups = await db.select({ name: schema.taskGroups.name }).from(schema.taskGroups).where(eq(schema.taskGroups.organizationId, northwind!.id)).orderBy(asc(schema.taskGroups.name));
    const [floor] = await db.select({ name: schema.floors.name }).from(schema.floors).where(eq(schema.floors.buildingId, building!.id)).orderBy(asc(schema.floors.order), asc(schema.floors.id)).limit(1);
    expect(groups.length).toBeGreaterThanOrEqual(2);
    const [first, second] = [groups[0]!.name, groups[1]!.name];
    const organization = `/manage/organization/${northwind!.id}`;

    const { context, page, externalRequests } = await newPage(browser, stack.baseUrl, viewports.desktop);
    await signIn(page, 'admin');

    // 1. Manage Types: the type, with a component of two tasks groups.
    await page.goto(`${organization}/types`);
    await page.getByRole('list', { name: 'Types list' }).waitFor();
    await page.getByRole('button', { name: 'Add Type', exact: true }).click();
    const typeModal = page.getByRole('dialog', { name: 'Add New Type' });
    await typeModal.getByRole('textbox', { name: 'Equipment name' }).fill(TYPE);
    await typeModal.getByRole('textbox', { name: 'Alias name' }).fill(ALIAS);
    await typeModal.getByRole('button', { name: 'Add component' }).click();
    await typeModal.getByRole('textbox', { name: 'Component 1 name' }).fill(COMPONENT);
    await typeModal.getByRole('combobox', { name: 'Tasks group 1' }).selectOption({ label: first });
    await typeModal.getByRole('button', { name: 'Add group' }).click();
    await typeModal.getByRole('combobox', { name: 'Tasks group 2' }).selectOption({ label: second });
    await typeModal.getByRole('button', { name: 'Save', exact: true }).click();
    await typeModal.waitFor({ state: 'detached' });
    await page.getByRole('alert').filter({ hasText: `${TYPE} saved.` }).waitFor();
    expect(await typeRows(page)).toContain(`${TYPE} (${ALIAS}) | 1 components · 2 tasks groups`);
    await shoot(page, 'types-1-type-added');
    // 2. Manage Tasks: three tasks of three types, Monthly, on the new type.
    await page.goto(`${organization}/tasks`);
    await page.getByRole('button', { name: 'Add Task', exact: true }).waitFor();
    for (const task of TASKS) {
      await page.getByRole('button', { name: 'Add Task', exact: true }).click();
      const modal = page.getByRole('dialog', { name: 'Add Task' });
      await modal.getByRole('textbox', { name: 'Task name' }).fill(task.label);
      await modal.getByRole('combobox', { name: 'Cycle' }).selectOption({ label: 'Monthly' });
      await modal.getByRole('combobox', { name: 'Equipment type' }).selectOption({ label: TYPE });
      await modal.getByRole('combobox', { name: 'Task type' }).selectOption({ label: task.type });
      await modal.getByRole('button', { name: 'Save', exact: true }).click();
      await modal.waitFor({ state: 'detached' });
      await page.getByRole('alert').filter({ hasText: `${task.label} saved.` }).waitFor();
    }
    for (const task of TASKS) await page.getByText(task.label, { exact: true }).waitFor();
    await shoot(page, 'types-2-tasks-added');

    // The Inspector role walks only the equipment types it lists (admin-people-schedules.md, roles): the administrator
    // adds the new type to it on the role's page (User Roles, Walkabout Equipment Permissions).
    await page.goto(organization);
    await page.getByRole('navigation', { name: 'Organization Settings' }).getByRole('link', { name: /^User Roles\b/ }).click();
    await page.getByRole('navigation', { name: 'User Roles' }).getByRole('link', { name: 'Inspector', exact: true }).click();
    const roleForm = page.getByRole('form', { name: 'Role' });
    const walked = roleForm.getByRole('group', { name: 'Walkabout Equipment Permissions', exact: true });
    const typeBox = walked.getByRole('checkbox', { name: TYPE, exact: true });
    await typeBox.waitFor();
    expect(await typeBox.isChecked()).toBe(false);
    expect(await walked.getByRole('checkbox', { checked: true }).count()).toBeGreaterThan(0);
    await typeBox.check();
    await roleForm.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(`**${organization}/user-roles`);
    const [added] = await db.select({ id: schema.equipmentTypes.id }).from(schema.equipmentTypes).where(eq(schema.equipmentTypes.name, TYPE));
    const [inspectorRole] = await db.select().from(schema.roles).where(and(eq(schema.roles.organizationId, northwind!.id), eq(schema.roles.name, 'Inspector')));
    expect(inspectorRole!.walkaboutEquipmentIds).toContain(added!.id);

    // 3. The type at a new location on the building's first floor (Manage Locations' Add Location modal).
    await page.goto(`/manage/building/${building!.id}/locations`);
    await page.getByRole('button', { name: 'Add Location' }).click();
    const add = page.getByRole('dialog', { name: 'Add Location' });
    await add.getByRole('textbox', { name: 'Location Name' }).fill(LOCATION);
    await choose(page, add.getByRole('combobox', { name: 'Select Floor' }), floor!.name);
    const equipment = add.getByRole('combobox', { name: 'Assign Equipment' });
    await equipment.click();
    await equipment.fill(TYPE);
    await page.getByRole('option', { name: TYPE, exact: true }).click();
    await add.getByRole('textbox', { name: 'Location Name' }).click();
    await add.getByRole('button', { name: 'Save', exact: true }).click();
    await add.waitFor({ state: 'detached' });
    await page.getByRole('status').filter({ hasText: `${LOCATION} saved.` }).waitFor();

    // 4. Manage Tasks at the building: the third task paused with a new short name and its reason.
    await page.goto(`/manage/building/${building!.id}/tasks`);
    const pausedSwitch = page.getByRole('switch', { name: `Active: ${PAUSED.label}`, exact: true });
    await pausedSwitch.waitFor();
    expect(await pausedSwitch.isChecked()).toBe(true);
    await pausedSwitch.click();
    const shortName = page.getByRole('dialog', { name: 'Assign Short Name' });
    await shortName.getByRole('textbox', { name: 'Reporting Short Name (max 2 letters)' }).fill('CA');
    await shortName.getByRole('textbox', { name: 'Reason' }).fill('Agent refill under way');
    await shoot(page, 'types-4-short-name');
    await shortName.getByRole('button', { name: 'Save', exact: true }).click();
    await shortName.waitFor({ state: 'detached' });
    await expect.poll(() => pausedSwitch.isChecked()).toBe(false);
    for (const task of TASKS.filter((t) => t !== PAUSED)) expect(await page.getByRole('switch', { name: `Active: ${task.label}`, exact: true }).isChecked()).toBe(true);

    // 5. Create Current Walkabouts, on the building's form.
    await page.goto(`${organization}/building/${building!.id}`);
    const current = page.getByRole('group', { name: 'Current walkabouts' });
    const create = current.getByRole('button', { name: 'Create Current Walkabouts' });
    await expect.poll(() => create.isEnabled()).toBe(true);
    await create.click();
    // The building's open walkabouts take the new location's entry and its tasks.
    await current.getByRole('status').filter({ hasText: /\bUpdated \d+ walkabouts?: added \d+ (entry|entries) and \d+ conditions?/ }).waitFor();

    // 6. The building overview shows the new type's state in the Monthly cycle.
    await page.goto(`/overview/building/${building!.id}`);
    await page.getByRole('navigation', { name: 'Buildings' }).waitFor();
    await page.locator(`[aria-label^="${TYPE}, Monthly: "]`).first().waitFor();
    await shoot(page, 'types-6-building-overview');

    // 7. The types exported from Northwind and imported into Harbour: Harbour lists the same types.
    await page.goto(`${organization}/types`);
    const northwindTypes = await typeRows(page);
    await page.goto('/settings/export');
    await choose(page, page.getByRole('combobox', { name: 'Organization' }), NORTHWIND);
    await choose(page, page.getByRole('combobox', { name: 'Type' }), 'Equipment types');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    const csv = readFileSync((await download.path())!);
    expect(csv.toString('utf8')).toContain(TYPE);
    await page.goto('/settings/import');
    const form = page.getByRole('form', { name: 'Import a CSV file' });
    await choose(page, form.getByRole('combobox', { name: 'Organization' }), HARBOUR);
    await choose(page, form.getByRole('combobox', { name: 'Type' }), 'Equipment types');
    await form.locator('input[type="file"]').setInputFiles({ name: download.suggestedFilename(), mimeType: 'text/csv', buffer: csv });
    await form.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Import finished' }).waitFor({ timeout: 30_000 });
    await shoot(page, 'types-7-import-finished');
    await page.goto(`/manage/organization/${harbour!.id}/types`);
    const harbourTypes = await typeRows(page);
    expect(harbourTypes).toContain(`${TYPE} (${ALIAS}) | 1 components · 2 tasks groups`);
    expect(harbourTypes.map((row) => row.split(' | ')[0]).sort()).toEqual(expect.arrayContaining(northwindTypes.map((row) => row.split(' | ')[0])));
    expect(externalRequests).toEqual([]);
    await context.close();

    // 8. The inspector's Monthly walkabout: the new tasks at the location, not the paused one.
    const inspector = await newPage(browser, stack.baseUrl, viewports.phone);
    await signIn(inspector.page, 'inspector');
    await inspector.page.goto(`/buildings/${building!.id}/walkabouts`);
    await inspector.page.getByRole('region', { name: 'Open walkabouts' }).getByRole('link', { name: /Monthly Walkabout/ }).first().click();
    await inspector.page.waitForURL(new RegExp(`/buildings/${building!.id}/walkabouts/\\d+`));
    await floorSelect(inspector.page).waitFor();
    await floorSelect(inspector.page).selectOption({ label: floor!.name });
    const cards = entryCard(inspector.page, LOCATION).filter({ hasText: TYPE });
    await cards.first().waitFor();
    for (const task of TASKS.filter((t) => t !== PAUSED)) await cards.getByText(task.label, { exact: true }).first().waitFor();
    expect(await inspector.page.getByText(PAUSED.label, { exact: true }).count()).toBe(0);
    await shoot(inspector.page, 'types-8-monthly-walkabout-phone');
    expect(inspector.externalRequests).toEqual([]);
    await inspector.context.close();
  }, 300_000);
});
