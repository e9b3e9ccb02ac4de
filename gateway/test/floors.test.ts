/**
 * Floors and the building walkabout applicability through the gateway over the real backend (issue 12;
 * admin-organizations-buildings.md sections 2 and 4-8), as an integrator sees them: the floors with their version,
 * createFloor / renameFloor / reorderFloors returning what changed, a stale version as a STALE payload error, the
 * section 6 refusals as FORBIDDEN, and the applicability list and save (administrators only).
 */
import { FLOOR_NAME_REQUIRED_MESSAGE, STALE_EDIT_MESSAGE, STALE_ORDER_MESSAGE } from '@fsi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack, callersOf, type PayloadFieldErrors } from './stack';

let stack: Stack;
const tokens: Record<string, string> = {};
let building = '';
let otherBuilding = '';

type FieldErrors = PayloadFieldErrors;
type Floor = { id: string; name: string; order: number; version: number; buildingId: string; locationsCount: number };

const { run, ok } = callersOf(() => stack, tokens);

const floorFields = 'id name order version buildingId locationsCount';
const floorsQuery = `query ($id: ID!) { building(id: $id) { id floorsCount floors { ${floorFields} } } }`;
const createFloor = `mutation ($b: ID!, $name: String) { createFloor(buildingId: $b, name: $name) { floor { ${floorFields} } building { id floorsCount floors { id } } errors { field message code } } }`;
const renameFloor = `mutation ($b: ID!, $id: ID!, $name: String, $v: Int!) { renameFloor(buildingId: $b, id: $id, name: $name, version: $v) { floor { ${floorFields} } errors { field message code } } }`;
const reorderFloors = `mutation ($floors: [FloorOrderInput!]!) { reorderFloors(floors: $floors) { floors { ${floorFields} } errors { field message code } } }`;
const applicabilityQuery = `query ($id: ID!) { building(id: $id) { id walkaboutApplicability { id equipmentTypeId name status tasks { id taskId label cycleName applicable } } } }`;
const setApplicability = `mutation ($b: ID!, $types: [WalkaboutApplicabilityInput!]!) { setWalkaboutApplicability(buildingId: $b, types: $types) { types { id equipmentTypeId tasks { id taskId applicable } } errors { field message code } } }`;

type FloorPayload = { floor: Floor | null; building: { id: string; floorsCount: number; floors: Array<{ id: string }> } | null; errors: FieldErrors };
type ApplicabilityType = { id: string; equipmentTypeId: string; name: string; status: string; tasks: Array<{ id: string; taskId: string; label: string; cycleName: string; applicable: boolean }> };

const floorsOf = async (id: string, who = 'manager') => (await ok<{ building: { floorsCount: number; floors: Floor[] } }>(floorsQuery, { id }, who)).building;

beforeAll(async () => {
  stack = await startStack();
  for (const username of ['admin', 'manager', 'viewer', 'harbour']) tokens[username] = await stack.signIn(username);
  const { buildings } = await ok<{ buildings: { nodes: Array<{ id: string; name: string }> } }>('{ buildings(pageSize: 100) { nodes { id name } } }', {}, 'admin');
  building = buildings.nodes.find((b) => b.name === 'King Street Commerce Centre')!.id;
  otherBuilding = buildings.nodes.find((b) => b.name === 'Cedar Point Strata (BCS 4127)')!.id;
});
afterAll(() => stack?.close());

describe('floors through GraphQL', () => {
  it('adds a floor last and answers it with its building, whose floors and count are read again', async () => {
    const before = await floorsOf(building);
    const { createFloor: created } = await ok<{ createFloor: FloorPayload }>(createFloor, { b: building, name: 'Roof' }, 'manager');
    expect(created.errors).toEqual([]);
    expect(created.floor).toMatchObject({ name: 'Roof', order: before.floors.at(-1)!.order + 1, version: 1, buildingId: building, locationsCount: 0 });
    expect(created.building!.floorsCount).toBe(before.floorsCount + 1);
    expect(created.building!.floors.at(-1)!.id).toBe(created.floor!.id);
  });

  it("puts the user's mistakes and the other organization's building in the payload, and refuses viewers with FORBIDDEN", async () => {
    const empty = await ok<{ createFloor: FloorPayload }>(createFloor, { b: building, name: ' ' }, 'manager');
    expect(empty.createFloor).toEqual({ floor: null, building: null, errors: [{ field: 'name', message: FLOOR_NAME_REQUIRED_MESSAGE, code: 'VALIDATION_FAILED' }] });
    const foreign = await ok<{ createFloor: FloorPayload }>(createFloor, { b: otherBuilding, name: 'Attic' }, 'manager');
    expect(foreign.createFloor.errors).toEqual([{ field: 'buildingId', message: 'There is no such building.', code: 'NOT_FOUND' }]);
    const viewer = await run<{ createFloor: FloorPayload }>(createFloor, { b: building, name: 'Attic' }, 'viewer');
    expect(viewer.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('renames over the version read, and answers an older version with STALE', async () => {
    const [floor] = (await floorsOf(building)).floors;
    const { renameFloor: renamed } = await ok<{ renameFloor: FloorPayload }>(renameFloor, { b: building, id: floor!.id, name: 'Concourse', v: floor!.version }, 'manager');
    expect(renamed.floor).toMatchObject({ id: floor!.id, name: 'Concourse', version: floor!.version + 1 });
    const { renameFloor: stale } = await ok<{ renameFloor: FloorPayload }>(renameFloor, { b: building, id: floor!.id, name: 'Lobby', v: floor!.version }, 'admin');
    expect(stale).toEqual({ floor: null, errors: [{ field: 'version', message: STALE_EDIT_MESSAGE, code: 'STALE' }] });
  });

  it('reorders only the floors sent, answers them, and refuses a stale batch whole', async () => {
    const [a, b] = (await floorsOf(building)).floors;
    const { reorderFloors: moved } = await ok<{ reorderFloors: { floors: Floor[]; errors: FieldErrors } }>(
      reorderFloors,
      { floors: [{ id: a!.id, order: b!.order, version: a!.version }, { id: b!.id, order: a!.order, version: b!.version }] },
      'manager',
    );
    expect(moved.errors).toEqual([]);
    expect(moved.floors.map((f) => [f.id, f.order, f.version]).sort()).toEqual([[a!.id, b!.order, a!.version + 1], [b!.id, a!.order, b!.version + 1]].sort());
    expect((await floorsOf(building)).floors.slice(0, 2).map((f) => f.id)).toEqual([b!.id, a!.id]);
    const { reorderFloors: stale } = await ok<{ reorderFloors: { floors: Floor[]; errors: FieldErrors } }>(reorderFloors, { floors: [{ id: a!.id, order: 0, version: a!.version }] }, 'admin');
    expect(stale).toEqual({ floors: [], errors: [{ field: 'version', message: STALE_ORDER_MESSAGE, code: 'STALE' }] });
    const viewer = await run(reorderFloors, { floors: [{ id: a!.id, order: 0, version: a!.version + 1 }] }, 'viewer');
    expect(viewer.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});

describe('building walkabout applicability through GraphQL', () => {
  it('lists each type of the building with its tasks, all applicable, for administrators, and is FORBIDDEN to the others', async () => {
    const { building: answer } = await ok<{ building: { walkaboutApplicability: ApplicabilityType[] } }>(applicabilityQuery, { id: building }, 'admin');
    expect(answer.walkaboutApplicability.length).toBeGreaterThan(0);
    const [type] = answer.walkaboutApplicability;
    expect(type!.id).toBe(`${building}:${type!.equipmentTypeId}`);
    expect(type!.tasks.length).toBeGreaterThan(0);
    expect(type!.tasks.every((task) => task.applicable && task.id === `${building}:${task.taskId}`)).toBe(true);
    const manager = await run(applicabilityQuery, { id: building }, 'manager');
    expect(manager.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('saves the ticked tasks and answers the changed types, so a client cache updates without a refetch', async () => {
    const { building: answer } = await ok<{ building: { walkaboutApplicability: ApplicabilityType[] } }>(applicabilityQuery, { id: building }, 'admin');
    const type = answer.walkaboutApplicability.find((t) => t.tasks.length > 1)!;
    const [unticked, ...kept] = type.tasks;
    const { setWalkaboutApplicability: saved } = await ok<{ setWalkaboutApplicability: { types: ApplicabilityType[]; errors: FieldErrors } }>(
      setApplicability,
      { b: building, types: [{ equipmentTypeId: type.equipmentTypeId, applicableTaskIds: kept.map((task) => task.taskId) }] },
      'admin',
    );
    expect(saved.errors).toEqual([]);
    expect(saved.types).toHaveLength(1);
    expect(saved.types[0]!.id).toBe(type.id);
    expect(saved.types[0]!.tasks.find((task) => task.taskId === unticked!.taskId)!.applicable).toBe(false);
    expect(saved.types[0]!.tasks.filter((task) => task.applicable)).toHaveLength(kept.length);

    const foreign = await ok<{ setWalkaboutApplicability: { types: ApplicabilityType[]; errors: FieldErrors } }>(
      setApplicability,
      { b: building, types: [{ equipmentTypeId: type.equipmentTypeId, applicableTaskIds: ['999999'] }] },
      'admin',
    );
    expect(foreign.setWalkaboutApplicability.errors[0]).toMatchObject({ field: 'applicableWalkaboutEquipmentConditionIds', code: 'VALIDATION_FAILED' });
    const manager = await run(setApplicability, { b: building, types: [{ equipmentTypeId: type.equipmentTypeId, applicableTaskIds: [] }] }, 'manager');
    expect(manager.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});
