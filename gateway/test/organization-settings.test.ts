/**
 * Organization Settings and Manage Buildings through the gateway over the real backend (issue 12;
 * admin-organizations-buildings.md sections 2, 3, 5-7), as an integrator sees them: an organization's buildings in
 * order, the typed counters of an organization and of a building, adding, renaming and reordering buildings with the
 * changed buildings in the payload, a stale version as a STALE payload error, and FORBIDDEN for users without the right.
 */
import { BUILDING_NAME_REQUIRED_MESSAGE, STALE_EDIT_MESSAGE, STALE_ORDER_MESSAGE } from '@fsi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack, callersOf, type PayloadFieldErrors } from './stack';

let stack: Stack;
const tokens: Record<string, string> = {};
let northwind = '';

type FieldErrors = PayloadFieldErrors;
type BuildingRow = { id: string; name: string; order: number; version: number };

const { run, ok } = callersOf(() => stack, tokens);

const buildingsOf = `query ($id: ID!) { organization(id: $id) { id buildings { id name order version } } }`;
const createBuilding = `mutation ($input: CreateBuildingInput!) { createBuilding(input: $input) { building { id name order version timeZone organization { id counters { buildingsCount } } } errors { field message code } } }`;
const renameBuilding = `mutation ($id: ID!, $name: String, $version: Int!) { renameBuilding(id: $id, name: $name, version: $version) { building { id name version } errors { field message code } } }`;
const reorderBuildings = `mutation ($buildings: [BuildingOrderInput!]!) { reorderBuildings(buildings: $buildings) { buildings { id order version } errors { field message code } } }`;

async function buildings(who = 'admin'): Promise<BuildingRow[]> {
  return (await ok<{ organization: { buildings: BuildingRow[] } }>(buildingsOf, { id: northwind }, who)).organization.buildings;
}

beforeAll(async () => {
  stack = await startStack();
  for (const username of ['admin', 'manager', 'viewer', 'inspector', 'harbour']) tokens[username] = await stack.signIn(username);
  const { organizations } = await ok<{ organizations: { nodes: Array<{ id: string; name: string }> } }>('{ organizations { nodes { id name } } }', {}, 'admin');
  northwind = organizations.nodes.find((o) => o.name.startsWith('Northwind'))!.id;
});
afterAll(() => stack?.close());

describe('organization settings through GraphQL', () => {
  it("answers an organization's buildings by order and its counters as a typed object", async () => {
    const { organization } = await ok<{
      organization: { buildings: BuildingRow[]; counters: Record<string, unknown> };
    }>(
      `query ($id: ID!) { organization(id: $id) { buildings { id name order version } counters {
        organizationName buildingName buildingsCount cyclesEquipmentConditionsCount conditionGroupsCount cyclesCount equipmentsCount
        unassignedQrCodesCount regionsCount usersCount rolesCount reportDefinitionsCount reportBookletTemplatesCount floorsCount } } }`,
      { id: northwind },
      'manager',
    );
    const orders = organization.buildings.map((b) => b.order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    expect(organization.counters).toMatchObject({
      organizationName: expect.stringContaining('Northwind'),
      buildingName: null,
      buildingsCount: organization.buildings.length,
      floorsCount: null,
    });
    for (const key of ['cyclesEquipmentConditionsCount', 'cyclesCount', 'equipmentsCount', 'regionsCount', 'usersCount', 'rolesCount']) {
      expect(organization.counters[key], key).toBeGreaterThan(0);
    }
  });

  it("answers a building's counters, and refuses them to nobody who may see the building", async () => {
    const [first] = await buildings('manager');
    const { building } = await ok<{ building: { counters: Record<string, unknown> } }>(
      'query ($id: ID!) { building(id: $id) { counters { organizationName buildingName floorsCount locationsCount typesCount tasksCount buildingsCount } } }',
      { id: first!.id },
      'viewer',
    );
    expect(building.counters).toMatchObject({ buildingName: first!.name, buildingsCount: null });
    expect(building.counters.floorsCount).toBeGreaterThan(0);
    expect(building.counters.locationsCount).toBeGreaterThan(0);
    expect(building.counters.tasksCount).toBeGreaterThan(0);
    // Harbour cannot see Northwind's building at all.
    expect((await ok<{ building: null }>('query ($id: ID!) { building(id: $id) { id } }', { id: first!.id }, 'harbour')).building).toBeNull();
  });

  it('adds a building last, answering it with its organization\'s new counters; refuses a missing name in the spec\'s words', async () => {
    const before = await buildings();
    const { createBuilding: added } = await ok<{
      createBuilding: { building: BuildingRow & { organization: { counters: { buildingsCount: number } } }; errors: FieldErrors };
    }>(createBuilding, { input: { organizationId: northwind, name: 'Gateway Tower' } }, 'admin');
    expect(added.errors).toEqual([]);
    expect(added.building).toMatchObject({ name: 'Gateway Tower', version: 1, order: Math.max(...before.map((b) => b.order)) + 1 });
    expect(added.building.organization.counters.buildingsCount).toBe(before.length + 1);
    expect((await buildings()).at(-1)!.id).toBe(added.building.id);

    const missing = await ok<{ createBuilding: { building: null; errors: FieldErrors } }>(createBuilding, { input: { organizationId: northwind, name: ' ' } }, 'admin');
    expect(missing.createBuilding).toEqual({ building: null, errors: [{ field: 'name', message: BUILDING_NAME_REQUIRED_MESSAGE, code: 'VALIDATION_FAILED' }] });

    // The manager manages buildings, not the organization: FORBIDDEN.
    const refused = await run(createBuilding, { input: { organizationId: northwind, name: 'Not Mine To Add' } }, 'manager');
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const elsewhere = await ok<{ createBuilding: { building: null; errors: FieldErrors } }>(createBuilding, { input: { organizationId: northwind, name: 'X' } }, 'harbour');
    expect(elsewhere.createBuilding.errors).toEqual([{ field: 'organizationId', message: 'There is no such organization.', code: 'NOT_FOUND' }]);
  });

  it('renames a building with the version the user saw, and answers a stale one with a STALE error', async () => {
    const target = (await buildings()).find((b) => b.name === 'Gateway Tower')!;
    const renamed = await ok<{ renameBuilding: { building: BuildingRow; errors: FieldErrors } }>(renameBuilding, { id: target.id, name: 'Gateway Plaza', version: target.version }, 'admin');
    expect(renamed.renameBuilding).toEqual({ building: { id: target.id, name: 'Gateway Plaza', version: target.version + 1 }, errors: [] });

    const stale = await ok<{ renameBuilding: { building: null; errors: FieldErrors } }>(renameBuilding, { id: target.id, name: 'Lost', version: target.version }, 'admin');
    expect(stale.renameBuilding).toEqual({ building: null, errors: [{ field: null, message: STALE_EDIT_MESSAGE, code: 'STALE' }] });
    const refused = await run(renameBuilding, { id: target.id, name: 'By the viewer', version: target.version + 1 }, 'viewer');
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('reorders only the changed buildings, answering them with their new order and version; a stale one refuses all', async () => {
    const [a, b] = await buildings();
    const swapped = await ok<{ reorderBuildings: { buildings: BuildingRow[]; errors: FieldErrors } }>(
      reorderBuildings,
      { buildings: [ { id: a!.id, order: b!.order, version: a!.version }, { id: b!.id, order: a!.order, version: b!.version } ] },
      'admin',
    );
    expect(swapped.reorderBuildings.errors).toEqual([]);
    expect(swapped.reorderBuildings.buildings.map((x) => [x.id, x.order, x.version]).sort()).toEqual(
      [
        [a!.id, b!.order, a!.version + 1],
        [b!.id, a!.order, b!.version + 1],
      ].sort(),
    );

    const stale = await ok<{ reorderBuildings: { buildings: BuildingRow[]; errors: FieldErrors } }>(
      reorderBuildings,
      { buildings: [ { id: a!.id, order: a!.order, version: a!.version } ] },
      'admin',
    );
    expect(stale.reorderBuildings).toEqual({ buildings: [], errors: [{ field: null, message: STALE_ORDER_MESSAGE, code: 'STALE' }] });
    const after = await buildings();
    expect(after.find((x) => x.id === a!.id)!.order).toBe(b!.order);

    const refused = await run(reorderBuildings, { buildings: [{ id: a!.id, order: 1, version: a!.version + 1 }] }, 'manager');
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});
