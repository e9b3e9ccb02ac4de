/**
 * Manage Locations through the gateway over the real backend (issue 12; admin-organizations-buildings.md sections 2 to
 * 8), as an integrator sees them: a building's locations with their equipment and typed secondary data, the
 * mutations that return the changed objects, stale writes reported as STALE payload errors, the section 5 messages
 * under the inputs' own field names, and refusals by right (FORBIDDEN) and by scope (NOT_FOUND).
 */
import { LOCATION_NAME_REQUIRED_MESSAGE } from '@fsi/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@fsi/backend/testing';
import { startStack, type Stack, callersOf, type PayloadFieldErrors } from './stack';

let stack: Stack;
const tokens: Record<string, string> = {};
let building: string;

type FieldErrors = PayloadFieldErrors;
type Equipment = { equipmentId: string; name: string; status: string; typeOrder: number; secondaryData: Array<{ key: string; stringValue: string | null; numberValue: number | null; booleanValue: boolean | null }> };
type Location = { id: string; name: string; hint: string | null; floorId: string; order: number; version: number; equipment: Equipment[] };
type LocationPayload = { location: Location | null; errors: FieldErrors };

const { run, ok } = callersOf(() => stack, tokens);

const locationFields = 'id name hint floorId order version equipment { equipmentId name status typeOrder secondaryData { key stringValue numberValue booleanValue } }';
const createLocation = `mutation ($input: CreateLocationInput!) { createLocation(input: $input) { location { ${locationFields} } errors { field message code } } }`;
const updateLocation = `mutation ($id: ID!, $input: UpdateLocationInput!) { updateLocation(id: $id, input: $input) { location { ${locationFields} } errors { field message code } } }`;
const reorderLocations = `mutation ($b: ID!, $moves: [LocationOrderInput!]!) { reorderLocations(buildingId: $b, moves: $moves) { locations { ${locationFields} } errors { field message code } } }`;
const reorderEquipment = `mutation ($b: ID!, $moves: [LocationEquipmentOrderInput!]!) { reorderLocationEquipment(buildingId: $b, moves: $moves) { locations { ${locationFields} } errors { field message code } } }`;
const deleteLocation = 'mutation ($id: ID!) { deleteLocation(id: $id) { deletedLocationId errors { field message code } } }';

async function buildingData(who = 'admin') {
  return (
    await ok<{ building: { floors: Array<{ id: string }>; equipmentChoices: Array<{ id: string; name: string; status: string }>; locations: { nodes: Location[]; pageInfo: { totalCount: number } } } }>(
      `query ($id: ID!) { building(id: $id) { floors { id } equipmentChoices { id name status } locations { nodes { ${locationFields} } pageInfo { totalCount } } } }`,
      { id: building },
      who,
    )
  ).building;
}

beforeAll(async () => {
  stack = await startStack();
  for (const username of ['admin', 'manager', 'viewer', 'harbour']) tokens[username] = await stack.signIn(username);
  const [row] = await stack.backend.db.select().from(schema.buildings).where(eq(schema.buildings.name, 'Riverside Distribution Warehouse'));
  building = String(row!.id);
});
afterAll(() => stack?.close());

describe('Manage Locations through GraphQL', () => {
  it("lists a building's locations with their version and equipment, and the equipment the select offers", async () => {
    const data = await buildingData();
    expect(data.locations.nodes.length).toBe(data.locations.pageInfo.totalCount);
    expect(data.locations.nodes[0]).toMatchObject({ version: 1 });
    expect(data.locations.nodes[0]!.equipment.length).toBeGreaterThan(0);
    expect(data.equipmentChoices.map((e) => e.status)).toContain('ACTIVE');
  });

  it('creates a location with typed secondary data, and reports section 5 mistakes under the input field names', async () => {
    const data = await buildingData();
    const [first, second] = data.equipmentChoices;
    const input = {
      buildingId: building,
      floorId: data.floors[0]!.id,
      name: 'Generator Room',
      hint: 'Door code at security',
      equipment: [
        { equipmentId: first!.id, secondaryData: [{ key: 'equipmentManufacturer', stringValue: 'Acme' }, { key: 'fsHornDecibel', numberValue: 85 }, { key: 'criticalDeficiency', booleanValue: false }] },
        { equipmentId: second!.id },
      ],
    };
    const { createLocation: created } = await ok<{ createLocation: LocationPayload }>(createLocation, { input }, 'manager');
    expect(created.errors).toEqual([]);
    expect(created.location).toMatchObject({ name: 'Generator Room', hint: 'Door code at security', floorId: data.floors[0]!.id, version: 1 });
    expect(created.location!.equipment.map((e) => e.equipmentId)).toEqual([first!.id, second!.id]);
    // Stored as JSONB, whose keys keep no order: compared by key.
    expect([...created.location!.equipment[0]!.secondaryData].sort((p, q) => p.key.localeCompare(q.key))).toEqual([
      { key: 'criticalDeficiency', stringValue: null, numberValue: null, booleanValue: false },
      { key: 'equipmentManufacturer', stringValue: 'Acme', numberValue: null, booleanValue: null },
      { key: 'fsHornDecibel', stringValue: null, numberValue: 85, booleanValue: null },
    ]);

    const { createLocation: refused } = await ok<{ createLocation: LocationPayload }>(createLocation, { input: { ...input, name: ' ', equipment: [] } }, 'manager');
    expect(refused.location).toBeNull();
    expect(refused.errors).toEqual([
      { field: 'name', message: LOCATION_NAME_REQUIRED_MESSAGE, code: 'VALIDATION_FAILED' },
      { field: 'equipment', message: 'Please add equipment', code: 'VALIDATION_FAILED' },
    ]);
  });

  it('edits a location on its version and answers STALE for an older one, saving nothing', async () => {
    const location = (await buildingData()).locations.nodes.find((l) => l.name === 'Generator Room')!;
    const equipment = location.equipment.map((e) => ({ equipmentId: e.equipmentId }));
    const { updateLocation: edited } = await ok<{ updateLocation: LocationPayload }>(
      updateLocation,
      { id: location.id, input: { version: location.version, name: 'Generator Room A', hint: null, equipment } },
      'manager',
    );
    expect(edited.errors).toEqual([]);
    expect(edited.location).toMatchObject({ id: location.id, name: 'Generator Room A', hint: null, version: location.version + 1 });
    // Secondary data left out stays as it was.
    expect(edited.location!.equipment[0]!.secondaryData.length).toBe(3);

    const { updateLocation: stale } = await ok<{ updateLocation: LocationPayload }>(
      updateLocation,
      { id: location.id, input: { version: location.version, name: 'Generator Room B', equipment } },
      'manager',
    );
    expect(stale.location).toBeNull();
    expect(stale.errors.map((e) => [e.field, e.code])).toEqual([['version', 'STALE']]);
    expect((await buildingData()).locations.nodes.find((l) => l.id === location.id)!.name).toBe('Generator Room A');
  });

  it('reorders locations and equipment, returning the changed locations with their new versions', async () => {
    const nodes = (await buildingData()).locations.nodes;
    const floor = nodes[0]!.floorId;
    const [a, b] = nodes.filter((l) => l.floorId === floor);
    const { reorderLocations: moved } = await ok<{ reorderLocations: { locations: Location[]; errors: FieldErrors } }>(
      reorderLocations,
      { b: building, moves: [{ id: a!.id, order: b!.order, version: a!.version }, { id: b!.id, order: a!.order, version: b!.version }] },
      'manager',
    );
    expect(moved.errors).toEqual([]);
    expect(Object.fromEntries(moved.locations.map((l) => [l.id, [l.order, l.version]]))).toEqual({ [a!.id]: [b!.order, a!.version + 1], [b!.id]: [a!.order, b!.version + 1] });

    const { reorderLocations: stale } = await ok<{ reorderLocations: { locations: Location[]; errors: FieldErrors } }>(
      reorderLocations,
      { b: building, moves: [{ id: a!.id, order: 0, version: a!.version }] },
      'manager',
    );
    expect([stale.locations, stale.errors.map((e) => e.code)]).toEqual([[], ['STALE']]);

    const location = moved.locations.find((l) => l.id === a!.id)!;
    const [x, y] = location.equipment;
    if (x && y) {
      const { reorderLocationEquipment: types } = await ok<{ reorderLocationEquipment: { locations: Location[]; errors: FieldErrors } }>(
        reorderEquipment,
        {
          b: building,
          moves: [
            { locationId: location.id, equipmentId: x.equipmentId, typeOrder: y.typeOrder, version: location.version },
            { locationId: location.id, equipmentId: y.equipmentId, typeOrder: x.typeOrder, version: location.version },
          ],
        },
        'manager',
      );
      expect(types.errors).toEqual([]);
      expect(types.locations[0]!.equipment.slice(0, 2).map((e) => e.equipmentId)).toEqual([y.equipmentId, x.equipmentId]);
    }
  });

  it('refuses a delete without can-delete-location with FORBIDDEN, and another organization with NOT_FOUND; a delete removes the location from the list', async () => {
    const location = (await buildingData()).locations.nodes.find((l) => l.name === 'Generator Room A')!;
    const refused = await run<{ deleteLocation: unknown }>(deleteLocation, { id: location.id }, 'manager');
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const theirs = await ok<{ deleteLocation: { deletedLocationId: string | null; errors: FieldErrors } }>(deleteLocation, { id: location.id }, 'harbour');
    expect(theirs.deleteLocation).toEqual({ deletedLocationId: null, errors: [{ field: 'id', message: 'There is no such location.', code: 'NOT_FOUND' }] });
    const { updateLocation: foreign } = await ok<{ updateLocation: LocationPayload }>(
      updateLocation,
      { id: location.id, input: { version: location.version, name: 'Taken', equipment: [] } },
      'harbour',
    );
    expect(foreign.errors.map((e) => e.code)).toEqual(['NOT_FOUND']);

    const deleted = await ok<{ deleteLocation: { deletedLocationId: string | null; errors: FieldErrors } }>(deleteLocation, { id: location.id }, 'admin');
    expect(deleted.deleteLocation).toEqual({ deletedLocationId: location.id, errors: [] });
    expect((await buildingData()).locations.nodes.map((l) => l.id)).not.toContain(location.id);
    const { location: gone } = await ok<{ location: unknown }>('query ($id: ID!) { location(id: $id) { id } }', { id: location.id }, 'admin');
    expect(gone).toBeNull();
  });

  it("answers the building's equipment states", async () => {
    const { building: data } = await ok<{ building: { equipmentStates: Array<{ locationId: string; equipmentId: string; cycleName: string; state: string }> } }>(
      'query ($id: ID!) { building(id: $id) { equipmentStates { locationId equipmentId cycleName state } } }',
      { id: building },
      'manager',
    );
    for (const s of data.equipmentStates) expect(['SATISFACTORY', 'UNSATISFACTORY', 'NOT_APPLICABLE', 'INCOMPLETE']).toContain(s.state);
  });
});
