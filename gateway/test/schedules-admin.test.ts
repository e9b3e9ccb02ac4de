/**
 * Regions, cycles and cycle overrides through the gateway over the real backend (issue 14; admin-people-schedules.md
 * sections 3-9), as an integrator sees them: Organization.regions and Organization.cycles(search:), the mutations
 * returning what changed (so a normalized cache updates without a refetch), the spec's 422 words and STALE as payload
 * errors, and FORBIDDEN for users who may not manage the organization.
 */
import { CYCLE_ALREADY_OVERRIDDEN_MESSAGE, CYCLE_HAS_WALKABOUTS_MESSAGE, NAME_TAKEN_MESSAGE, REGION_NAME_REQUIRED_MESSAGE, STALE_EDIT_MESSAGE } from '@fsi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callersOf, startStack, type PayloadFieldErrors, type Stack } from './stack';

let stack: Stack;
const tokens: Record<string, string> = {};
let organization = '';
const { run, ok } = callersOf(() => stack, tokens);

type Cycle = { id: string; name: string; abbreviation: string; occurrence: string; isDeletable: boolean; version: number; frequency: string | null };
type Region = { id: string; name: string; level: number; version: number; isDeletable: boolean; parent: { id: string } | null; children: Array<{ id: string; name: string }> };
type Override = { id: string; regionId: string; regionName: string; saturday: boolean; blackoutDates: string[]; description: string; version: number; cycle: { id: string } };

const cycleFields = 'id name abbreviation occurrence isDeletable version frequency';
const regionFields = 'id name level version isDeletable parent { id } children { id name }';
const overrideFields = 'id regionId regionName saturday blackoutDates description version cycle { id }';
const errorFields = 'errors { field message code }';

beforeAll(async () => {
  stack = await startStack();
  for (const username of ['admin', 'manager', 'viewer', 'harbour']) tokens[username] = await stack.signIn(username);
  const { viewer } = await ok<{ viewer: { organization: { id: string } } }>('{ viewer { organization { id } } }', {}, 'manager');
  organization = viewer.organization.id;
});
afterAll(() => stack?.close());

describe('cycles through GraphQL', () => {
  const createCycle = `mutation ($input: CreateCycleInput!) { createCycle(input: $input) { cycle { ${cycleFields} } ${errorFields} } }`;
  const updateCycle = `mutation ($id: ID!, $input: UpdateCycleInput!, $v: Int!) { updateCycle(id: $id, input: $input, version: $v) { cycle { ${cycleFields} } ${errorFields} } }`;
  const deleteCycle = `mutation ($id: ID!) { deleteCycle(id: $id) { deletedCycleId ${errorFields} } }`;
  const cyclesOf = `query ($id: ID!, $search: String) { organization(id: $id) { id cycles(search: $search) { ${cycleFields} } } }`;

  it('adds, changes and deletes a cycle, answering the changed cycle and the payload errors of section 5', async () => {
    const input = { organizationId: organization, name: 'Every Other Week', abbreviation: 'EOW', frequency: 'WEEKLY', every: 2, start: '2026-06-01' };
    const { createCycle: made } = await ok<{ createCycle: { cycle: Cycle; errors: PayloadFieldErrors } }>(createCycle, { input }, 'admin');
    expect(made.errors).toEqual([]);
    expect(made.cycle).toMatchObject({ name: 'Every Other Week', occurrence: 'Every 2 Weeks', isDeletable: true, version: 1, frequency: 'WEEKLY' });
    const taken = await ok<{ createCycle: { cycle: Cycle | null; errors: PayloadFieldErrors } }>(createCycle, { input }, 'admin');
    expect(taken.createCycle).toEqual({ cycle: null, errors: [{ field: 'name', message: NAME_TAKEN_MESSAGE, code: 'VALIDATION_FAILED' }] });
    const refused = await run(createCycle, { input: { ...input, name: 'Manager cycle' } }, 'manager');
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');

    const { updateCycle: changed } = await ok<{ updateCycle: { cycle: Cycle; errors: PayloadFieldErrors } }>(updateCycle, { id: made.cycle.id, input: { abbreviation: 'E2W' }, v: 1 }, 'admin');
    expect(changed.cycle).toMatchObject({ id: made.cycle.id, abbreviation: 'E2W', version: 2 });
    const stale = await ok<{ updateCycle: { errors: PayloadFieldErrors } }>(updateCycle, { id: made.cycle.id, input: { abbreviation: 'OLD' }, v: 1 }, 'admin');
    expect(stale.updateCycle.errors).toEqual([expect.objectContaining({ code: 'STALE', message: STALE_EDIT_MESSAGE })]);
    const locked = await ok<{ updateCycle: { errors: PayloadFieldErrors } }>(updateCycle, { id: made.cycle.id, input: { every: 3 }, v: 2 }, 'admin');
    expect(locked.updateCycle.errors.map((e) => e.field)).toEqual(['every']);

    const { organization: org } = await ok<{ organization: { cycles: Cycle[] } }>(cyclesOf, { id: organization }, 'viewer');
    const names = org.cycles.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    const weekly = org.cycles.find((c) => c.name === 'Weekly')!;
    const notDeletable = await ok<{ deleteCycle: { deletedCycleId: string | null; errors: PayloadFieldErrors } }>(deleteCycle, { id: weekly.id }, 'admin');
    expect(notDeletable.deleteCycle).toEqual({ deletedCycleId: null, errors: [{ field: null, message: CYCLE_HAS_WALKABOUTS_MESSAGE, code: 'VALIDATION_FAILED' }] });
    const deleted = await ok<{ deleteCycle: { deletedCycleId: string | null } }>(deleteCycle, { id: made.cycle.id }, 'admin');
    expect(deleted.deleteCycle.deletedCycleId).toBe(made.cycle.id);
    const foreign = await ok<{ deleteCycle: { errors: PayloadFieldErrors } }>(deleteCycle, { id: weekly.id }, 'harbour');
    expect(foreign.deleteCycle.errors[0]!.code).toBe('NOT_FOUND');
  });

  it('searches the organization’s cycles by a part of the name, literally', async () => {
    await ok(createCycle, { input: { organizationId: organization, name: 'Odd (Pattern) 100%', frequency: 'DAILY', every: 1, start: '2026-06-01' } }, 'admin');
    const search = async (text: string) => (await ok<{ organization: { cycles: Cycle[] } }>(cyclesOf, { id: organization, search: text }, 'viewer')).organization.cycles.map((c) => c.name);
    expect(await search('(pattern')).toEqual(['Odd (Pattern) 100%']);
    expect(await search('0%')).toEqual(['Odd (Pattern) 100%']);
    expect(await search('.*')).toEqual([]);
  });
});

describe('regions and cycle overrides through GraphQL', () => {
  const createRegion = `mutation ($o: ID!, $name: String, $parent: ID) { createRegion(organizationId: $o, name: $name, parentId: $parent) { region { ${regionFields} } parent { ${regionFields} } ${errorFields} } }`;
  const renameRegion = `mutation ($id: ID!, $name: String, $v: Int!) { renameRegion(id: $id, name: $name, version: $v) { region { ${regionFields} } ${errorFields} } }`;
  const deleteRegion = `mutation ($o: ID!, $id: ID!) { deleteRegion(organizationId: $o, id: $id) { deletedRegionId parent { ${regionFields} } ${errorFields} } }`;
  const createOverride = `mutation ($r: ID!, $c: ID!, $input: CycleOverrideInput!) { createCycleOverride(regionId: $r, cycleId: $c, input: $input) { cycleOverride { ${overrideFields} } region { id cycleOverrides { id } } ${errorFields} } }`;
  const updateOverride = `mutation ($id: ID!, $input: CycleOverrideInput!, $v: Int!) { updateCycleOverride(id: $id, input: $input, version: $v) { cycleOverride { ${overrideFields} } ${errorFields} } }`;
  const deleteOverride = `mutation ($id: ID!) { deleteCycleOverride(id: $id) { deletedCycleOverrideId region { id cycleOverrides { id } } ${errorFields} } }`;
  const regionQuery = `query ($id: ID!) { region(id: $id) { ${regionFields} cycleOverrides { ${overrideFields} } inheritedCycleOverrides { ${overrideFields} } } }`;

  it('lists top-level regions by name, adds a region and a sub-region answered with its parent, renames and deletes', async () => {
    const { createRegion: top } = await ok<{ createRegion: { region: Region; errors: PayloadFieldErrors } }>(createRegion, { o: organization, name: 'Annex' }, 'admin');
    expect(top.region).toMatchObject({ name: 'Annex', level: 0, version: 1, isDeletable: true, parent: null });
    const { createRegion: sub } = await ok<{ createRegion: { region: Region; parent: Region } }>(createRegion, { o: organization, name: 'Annex North', parent: top.region.id }, 'admin');
    expect(sub.region).toMatchObject({ level: 1, parent: { id: top.region.id } });
    expect(sub.parent).toMatchObject({ id: top.region.id, isDeletable: false, children: [{ id: sub.region.id, name: 'Annex North' }] });
    const { organization: org } = await ok<{ organization: { regions: Region[] } }>(`query ($id: ID!) { organization(id: $id) { regions { ${regionFields} } } }`, { id: organization }, 'viewer');
    expect(org.regions.map((r) => r.name)).toEqual(['Annex', 'Downtown', 'Uptown']);

    const empty = await ok<{ createRegion: { region: Region | null; errors: PayloadFieldErrors } }>(createRegion, { o: organization, name: ' ' }, 'admin');
    expect(empty.createRegion.errors).toEqual([{ field: 'name', message: REGION_NAME_REQUIRED_MESSAGE, code: 'VALIDATION_FAILED' }]);
    expect((await run(createRegion, { o: organization, name: 'Nope' }, 'manager')).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');

    const renamed = await ok<{ renameRegion: { region: Region } }>(renameRegion, { id: sub.region.id, name: 'Annex South', v: 1 }, 'admin');
    expect(renamed.renameRegion.region).toMatchObject({ name: 'Annex South', version: 2 });
    const stale = await ok<{ renameRegion: { errors: PayloadFieldErrors } }>(renameRegion, { id: sub.region.id, name: 'Older', v: 1 }, 'admin');
    expect(stale.renameRegion.errors[0]!.code).toBe('STALE');

    const blocked = await ok<{ deleteRegion: { deletedRegionId: string | null; errors: PayloadFieldErrors } }>(deleteRegion, { o: organization, id: top.region.id }, 'admin');
    expect(blocked.deleteRegion).toEqual({ deletedRegionId: null, parent: null, errors: [{ field: null, message: 'Region cannot be deleted because it has sub-regions.', code: 'VALIDATION_FAILED' }] });
    const { deleteRegion: gone } = await ok<{ deleteRegion: { deletedRegionId: string; parent: Region } }>(deleteRegion, { o: organization, id: sub.region.id }, 'admin');
    expect(gone).toMatchObject({ deletedRegionId: sub.region.id, parent: { id: top.region.id, isDeletable: true, children: [] } });
  });

  it('overrides a cycle in a region, shows it with the ancestors’ overrides, and refuses a second one for the cycle', async () => {
    const { regions } = await ok<{ regions: Array<{ id: string; name: string }> }>('{ regions { id name } }', {}, 'admin');
    const downtown = regions.find((r) => r.name === 'Downtown')!.id;
    const harbourfront = regions.find((r) => r.name === 'Harbourfront')!.id;
    const { organization: org } = await ok<{ organization: { cycles: Cycle[] } }>(`query ($id: ID!) { organization(id: $id) { cycles { id name } } }`, { id: organization }, 'admin');
    const monthly = org.cycles.find((c) => c.name === 'Monthly')!.id;

    const { createCycleOverride: parent } = await ok<{ createCycleOverride: { cycleOverride: Override; region: { cycleOverrides: Array<{ id: string }> } } }>(
      createOverride,
      { r: downtown, c: monthly, input: { saturday: false, blackoutDates: ['2026-12-25'] } },
      'admin',
    );
    expect(parent.cycleOverride).toMatchObject({ regionName: 'Downtown', saturday: false, blackoutDates: ['2026-12-25'], description: 'Skipped: Saturday. Blackout Dates: 2026-12-25', version: 1 });
    expect(parent.region.cycleOverrides.map((o) => o.id)).toContain(parent.cycleOverride.id);
    const twice = await ok<{ createCycleOverride: { cycleOverride: null; errors: PayloadFieldErrors } }>(createOverride, { r: downtown, c: monthly, input: {} }, 'admin');
    expect(twice.createCycleOverride.errors).toEqual([{ field: 'cycle', message: CYCLE_ALREADY_OVERRIDDEN_MESSAGE, code: 'VALIDATION_FAILED' }]);
    expect((await run(createOverride, { r: harbourfront, c: monthly, input: {} }, 'manager')).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');

    const { createCycleOverride: own } = await ok<{ createCycleOverride: { cycleOverride: Override } }>(createOverride, { r: harbourfront, c: monthly, input: { blackoutDates: ['2027-01-01'] } }, 'admin');
    const { region } = await ok<{ region: { cycleOverrides: Override[]; inheritedCycleOverrides: Override[] } }>(regionQuery, { id: harbourfront }, 'viewer');
    expect(region.cycleOverrides.map((o) => o.id)).toEqual([own.cycleOverride.id]);
    // Downtown's overrides of every cycle (the demo has some of its own); this one among them.
    expect(region.inheritedCycleOverrides.map((o) => o.regionName)).toEqual(region.inheritedCycleOverrides.map(() => 'Downtown'));
    expect(region.inheritedCycleOverrides).toContainEqual(expect.objectContaining({ id: parent.cycleOverride.id, saturday: false, cycle: { id: monthly } }));

    const { updateCycleOverride: changed } = await ok<{ updateCycleOverride: { cycleOverride: Override } }>(updateOverride, { id: own.cycleOverride.id, input: { saturday: false }, v: 1 }, 'admin');
    expect(changed.cycleOverride).toMatchObject({ saturday: false, blackoutDates: ['2027-01-01'], version: 2 });
    const stale = await ok<{ updateCycleOverride: { errors: PayloadFieldErrors } }>(updateOverride, { id: own.cycleOverride.id, input: { saturday: true }, v: 1 }, 'admin');
    expect(stale.updateCycleOverride.errors[0]!.code).toBe('STALE');
    const { deleteCycleOverride: deleted } = await ok<{ deleteCycleOverride: { deletedCycleOverrideId: string; region: { id: string; cycleOverrides: unknown[] } } }>(
      deleteOverride,
      { id: own.cycleOverride.id },
      'admin',
    );
    expect(deleted).toEqual({ deletedCycleOverrideId: own.cycleOverride.id, region: { id: harbourfront, cycleOverrides: [] }, errors: [] });
    const foreign = await ok<{ deleteCycleOverride: { errors: PayloadFieldErrors } }>(deleteOverride, { id: parent.cycleOverride.id }, 'harbour');
    expect(foreign.deleteCycleOverride.errors[0]!.code).toBe('NOT_FOUND');
  });
});
