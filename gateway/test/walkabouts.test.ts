/**
 * Walkabouts through the gateway over the real backend (fresh demo-seeded PGlite): reading the tree
 * with typed values, idempotent saves, locks, on-demand and fire watch walkabouts, fire watch start
 * and stop, QR code look-ups, entry comparisons, and the REST calls each costs. Demo data: the
 * inspector sees King Street Commerce Centre and Yonge & Eglinton Tower, whose Daily, Weekly, Monthly
 * and Yearly walkabouts are open; Harbour Strata is another organization.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@fsi/backend/testing';
import { MORE_THAN_ONE_VALUE_MESSAGE } from '@fsi/shared';
import { startStack, type Stack } from './stack';
import { webOperation } from './web-operations';

let stack: Stack;
const tokens: Record<string, string> = {};

type Typed = { __typename: string; id: string; type: string; isMarked: boolean; isSatisfactory: boolean | null } & Record<string, unknown>;
type TreeEntry = { id: string; locationId: string; scannedAt: string | null; sections: Array<{ conditions: Typed[] }> };
type Tree = { id: string; isLocked: boolean; markedCount: number; floors: Array<{ entries: TreeEntry[] }> };
type WalkaboutRow = { id: string; isFireWatch: boolean; cycle: { name: string } };
type FieldErrors = Array<{ field: string | null; message: string; code?: string }>;

const treeQuery = `query Tree($id: ID!) {
  walkabout(id: $id) {
    id isLocked isOpen conditionsCount markedCount
    cycle { id name }
    building { id name }
    floors { id name order entries { id locationId scannedAt sections { id name conditions {
      __typename id label type isMarked isSatisfactory editedAt editedVia remarks
      options { pattern disableUnsatisfactoryRemarks }
      ... on BooleanCondition { booleanValue }
      ... on YesNoCondition { yesNoValue }
      ... on YesNoNotApplicableCondition { yesNoNotApplicableValue }
      ... on NumberCondition { numberValue }
      ... on RangeCondition { rangeValue rangeFrom rangeTo }
      ... on StringCondition { stringValue satisfactoryValues }
      ... on TimeCondition { timeValue }
      ... on DropdownCondition { dropdownValue choices satisfactoryValues }
      ... on MultiselectCondition { multiselectValue choices recordValues }
    } } } }
  }
}`;

const saveMutation = `mutation Save($input: SaveWalkaboutInput!) {
  saveWalkabout(input: $input) {
    walkabout { id markedCount conditionsCount isComplete }
    conditions { __typename id isMarked editedAt ... on YesNoCondition { yesNoValue } }
    entries { id scannedAt }
    errors { field message code }
  }
}`;

const typeNames: Record<string, string> = {
  BOOLEAN: 'BooleanCondition',
  YESNO: 'YesNoCondition',
  YESNONOTAPPLICABLE: 'YesNoNotApplicableCondition',
  NUMBER: 'NumberCondition',
  RANGE: 'RangeCondition',
  STRING: 'StringCondition',
  TIME: 'TimeCondition',
  DROPDOWN: 'DropdownCondition',
  MULTISELECT: 'MultiselectCondition',
};

async function ok<TData>(query: string, username: string, variables?: Record<string, unknown>): Promise<TData> {
  const { body } = await stack.graphql<TData>(query, { token: tokens[username], variables });
  expect(body.errors).toBeUndefined();
  return body.data as TData;
}

async function openWalkabouts(buildingId: string, username = 'inspector'): Promise<WalkaboutRow[]> {
  const data = await ok<{ walkabouts: WalkaboutRow[] }>(
    'query($b: ID!) { walkabouts(buildingId: $b) { id isFireWatch cycle { name } } }',
    username,
    { b: buildingId },
  );
  return data.walkabouts;
}

async function tree(id: string, username = 'inspector'): Promise<Tree> {
  return (await ok<{ walkabout: Tree }>(treeQuery, username, { id })).walkabout;
}

const entriesOf = (walkabout: Tree) => walkabout.floors.flatMap((floor) => floor.entries);
const conditionsOf = (walkabout: Tree) => entriesOf(walkabout).flatMap((entry) => entry.sections.flatMap((s) => s.conditions));
const entryOf = (walkabout: Tree, conditionId: string) =>
  entriesOf(walkabout).find((entry) => entry.sections.some((s) => s.conditions.some((c) => c.id === conditionId)))!;

let saveCount = 0;
const newSaveId = () => `test-save-${Date.now()}-${(saveCount += 1)}`;

async function byName(buildingId: string, cycleName: string): Promise<Tree> {
  const row = (await openWalkabouts(buildingId)).find((w) => w.cycle.name === cycleName);
  expect(row).toBeDefined();
  return tree(row!.id);
}

beforeAll(async () => {
  stack = await startStack();
  for (const username of ['admin', 'manager', 'inspector', 'viewer', 'harbour']) tokens[username] = await stack.signIn(username);
});

afterAll(async () => {
  await stack?.close();
});

describe('reading walkabouts', () => {
  it("lists a building's open walkabouts, Daily first, and the non-repeating cycles without Fire Watch", async () => {
    const data = await ok<{ walkabouts: WalkaboutRow[]; notRepeatableCycles: Array<{ name: string }> }>(
      'query { walkabouts(buildingId: "2") { id isFireWatch cycle { name } } notRepeatableCycles(buildingId: "2") { name } }',
      'inspector',
    );
    // Distinct: in the hours after a period ends, its walkabout stays open beside the new one until its close offset passes.
    expect([...new Set(data.walkabouts.map((w) => w.cycle.name))]).toEqual(['Daily', 'Weekly', 'Monthly', 'Yearly']);
    expect(data.notRepeatableCycles.map((c) => c.name)).toEqual(['Pre-Occupancy Inspection']);
  });

  it('gives an inspector the demo daily walkabout with every condition typed by its type', async () => {
    const daily = await byName('2', 'Daily');
    const conditions = conditionsOf(daily);
    expect(daily.floors.length).toBeGreaterThan(0);
    expect(conditions.length).toBeGreaterThan(0);
    for (const condition of conditions) expect(condition.__typename).toBe(typeNames[condition.type]);
    const panel = conditions.find((c) => c.__typename === 'MultiselectCondition')!;
    expect(panel.choices).toContain('Normal');
    expect(conditions.find((c) => c.__typename === 'TimeCondition')).toMatchObject({ timeValue: null, isMarked: false, isSatisfactory: null });
  });

  it('answers walkabout(id) with its whole tree in one REST call, plus one each for its cycle and building', async () => {
    const monthly = (await openWalkabouts('2')).find((w) => w.cycle.name === 'Monthly')!;
    const before = stack.restCalls.length;
    const walkabout = await tree(monthly.id);
    const calls = stack.restCalls.slice(before).map((call) => `${call.method} ${call.path.split('?')[0]}`);
    expect(conditionsOf(walkabout).length).toBeGreaterThan(100);
    expect(calls.sort()).toEqual(['GET /buildings', 'GET /cycles', `GET /walkabouts/${monthly.id}`]);
  });

  it('answers a 2,000-condition walkabout in that same one call', async () => {
    const yearly = (await openWalkabouts('3')).find((w) => w.cycle.name === 'Yearly')!;
    const rows = (await stack.backend.db.select().from(schema.conditions)).filter((c) => c.walkaboutId === Number(yearly.id));
    const copies = Array.from({ length: 2_000 - rows.length }, (_, index) => {
      const { id: _id, ...row } = rows[index % rows.length]!;
      return { ...row, orderOnWalkabout: 1_000 + index };
    });
    for (let start = 0; start < copies.length; start += 400) {
      await stack.backend.db.insert(schema.conditions).values(copies.slice(start, start + 400));
    }
    const before = stack.restCalls.length;
    const walkabout = await tree(yearly.id);
    expect(conditionsOf(walkabout)).toHaveLength(2_000);
    expect(stack.restCalls.slice(before).filter((call) => call.path.startsWith('/walkabouts'))).toEqual([
      { method: 'GET', path: `/walkabouts/${yearly.id}` },
    ]);
    expect(stack.restCalls.length - before).toBe(3);
  });

  it('is null for an id that names no walkabout the caller may see', async () => {
    const daily = (await openWalkabouts('2')).find((w) => w.cycle.name === 'Daily')!;
    const data = await ok<{ mine: unknown; other: unknown; bad: unknown }>(
      'query($id: ID!) { mine: walkabout(id: $id) { id } other: walkabout(id: "999999") { id } bad: walkabout(id: "x") { id } }',
      'harbour',
      { id: daily.id },
    );
    expect(data).toEqual({ mine: null, other: null, bad: null });
  });

  it('batches Walkabout.cycle and building for a list into one call each', async () => {
    const before = stack.restCalls.length;
    await ok('query { walkabouts(buildingId: "2") { id cycle { name } building { name } } }', 'manager');
    const calls = stack.restCalls.slice(before).map((call) => call.path.split('?')[0]);
    expect(calls.sort()).toEqual(['/buildings', '/cycles', '/walkabouts']);
  });

  it("resolves a building's floors in order, one REST call per building (the backend lists floors per building only)", async () => {
    const before = stack.restCalls.length;
    const data = await ok<{ buildings: { nodes: Array<{ id: string; floors: Array<{ name: string; order: number }> }> } }>(
      'query { buildings { nodes { id floors { id name order } } } }',
      'manager',
    );
    const floorCalls = stack.restCalls.slice(before).filter((call) => /^\/buildings\/\d+\/floors/.test(call.path));
    expect(floorCalls).toHaveLength(data.buildings.nodes.length);
    for (const building of data.buildings.nodes) {
      expect(building.floors.length).toBeGreaterThan(0);
      expect(building.floors.map((f) => f.order)).toEqual([...building.floors.map((f) => f.order)].sort((a, b) => a - b));
    }
  });
});

describe('saving results', () => {
  it('records a typed value of every condition type and reads each back in its own field', async () => {
    const answers: Record<string, { value: Record<string, unknown>; field: string; expected: unknown; satisfactory?: boolean | null }> = {
      BooleanCondition: { value: { boolean: true }, field: 'booleanValue', expected: true, satisfactory: true },
      YesNoCondition: { value: { yesNo: 'NO' }, field: 'yesNoValue', expected: 'NO', satisfactory: false },
      YesNoNotApplicableCondition: { value: { yesNoNotApplicable: 'NA' }, field: 'yesNoNotApplicableValue', expected: 'NA', satisfactory: null },
      NumberCondition: { value: { number: 3.5 }, field: 'numberValue', expected: 3.5 },
      RangeCondition: { value: { number: 27 }, field: 'rangeValue', expected: 27 },
      // A certificate number: text that looks like a number stays text (it read back as no answer at all).
      StringCondition: { value: { text: '4512' }, field: 'stringValue', expected: '4512' },
      TimeCondition: { value: { text: '14:30' }, field: 'timeValue', expected: '14:30', satisfactory: true },
      DropdownCondition: { value: {}, field: 'dropdownValue', expected: null },
      MultiselectCondition: { value: {}, field: 'multiselectValue', expected: null },
    };
    const saved = new Map<string, { walkaboutId: string; conditionId: string }>();
    for (const name of ['Daily', 'Weekly', 'Monthly', 'Yearly']) {
      const walkabout = await byName('2', name);
      const picked = conditionsOf(walkabout).filter((c) => !saved.has(c.__typename) && !c.isMarked && answers[c.__typename]);
      const chosen = new Map(picked.map((c) => [c.__typename, c]));
      if (!chosen.size) continue;
      const conditions = [...chosen.values()].map((condition) => {
        const answer = answers[condition.__typename]!;
        const choices = (condition.choices as string[] | undefined) ?? [];
        if (condition.__typename === 'DropdownCondition') Object.assign(answer, { value: { text: choices[0] }, expected: choices[0] });
        if (condition.__typename === 'MultiselectCondition') Object.assign(answer, { value: { choices: choices.slice(0, 2) }, expected: choices.slice(0, 2) });
        saved.set(condition.__typename, { walkaboutId: walkabout.id, conditionId: condition.id });
        return { id: condition.id, value: answer.value, editedVia: 'input', editedAt: new Date().toISOString() };
      });
      const entries = [...new Set([...chosen.values()].map((c) => entryOf(walkabout, c.id).id))].map((id) => ({
        id,
        scannedAt: new Date().toISOString(),
      }));
      const data = await ok<{ saveWalkabout: { errors: FieldErrors; conditions: Array<{ id: string }>; entries: unknown[] } }>(
        saveMutation,
        'inspector',
        { input: { walkaboutId: walkabout.id, saveId: newSaveId(), entries, conditions } },
      );
      expect(data.saveWalkabout.errors).toEqual([]);
      expect(data.saveWalkabout.conditions.map((c) => c.id).sort()).toEqual(conditions.map((c) => c.id).sort());
      expect(data.saveWalkabout.entries).toHaveLength(entries.length);
    }
    expect([...saved.keys()].sort()).toEqual(Object.keys(answers).sort());
    for (const [typename, { walkaboutId, conditionId }] of saved) {
      const condition = conditionsOf(await tree(walkaboutId)).find((c) => c.id === conditionId)!;
      const answer = answers[typename]!;
      expect({ typename, value: condition[answer.field], isMarked: condition.isMarked }).toEqual({
        typename,
        value: answer.expected,
        isMarked: true,
      });
      if (answer.satisfactory !== undefined) expect({ typename, isSatisfactory: condition.isSatisfactory }).toEqual({ typename, isSatisfactory: answer.satisfactory });
    }
  });

  it('records a save sent twice with the same saveId once, and answers the second like the first', async () => {
    const weekly = await byName('3', 'Weekly');
    const condition = conditionsOf(weekly).find((c) => c.__typename === 'DropdownCondition' || c.__typename === 'YesNoCondition')!;
    const entry = entryOf(weekly, condition.id);
    const saveId = newSaveId();
    const first = { walkaboutId: weekly.id, saveId, entries: [{ id: entry.id, scannedAt: '2026-01-01T10:00:00.000Z' }] };
    const value = (text: string) => (condition.__typename === 'YesNoCondition' ? { yesNo: text === 'a' ? 'YES' : 'NO' } : { text: (condition.choices as string[])[text === 'a' ? 0 : 1] });
    const before = stack.restCalls.length;
    const one = await ok<{ saveWalkabout: unknown }>(saveMutation, 'inspector', {
      input: { ...first, conditions: [{ id: condition.id, value: value('a'), editedAt: new Date(Date.now() - 60_000).toISOString() }] },
    });
    // This operation reads the saved conditions and entries: whole records are asked for.
    expect(stack.restCalls.slice(before).map((call) => `${call.method} ${call.path}`)).toEqual(['PATCH /walkabout-data']);
    const again = await ok<{ saveWalkabout: unknown }>(saveMutation, 'inspector', {
      input: { ...first, conditions: [{ id: condition.id, value: value('b'), editedAt: new Date().toISOString() }] },
    });
    expect(again).toEqual(one);
    const stored = (await stack.backend.db.select().from(schema.conditions)).find((c) => c.id === Number(condition.id))!;
    expect(stored.value).toEqual(condition.__typename === 'YesNoCondition' ? 'yes' : (condition.choices as string[])[0]);
    const edits = (await stack.backend.db.select().from(schema.walkaboutEdits)).filter((e) => e.conditionId === Number(condition.id));
    expect(edits).toHaveLength(1);
    const saves = (await stack.backend.db.select().from(schema.walkaboutSaves)).filter((s) => s.key === saveId);
    expect(saves).toHaveLength(1);
  });

  it("costs one REST call for the web's SaveWalkabout, whose answer carries the walkabout's new counts and the building's statuses", async () => {
    const monthly = await byName('3', 'Monthly');
    const condition = conditionsOf(monthly).find((c) => c.__typename === 'BooleanCondition' && !c.isMarked)!;
    expect(condition).toBeDefined();
    const before = stack.restCalls.length;
    type Saved = {
      saveWalkabout: {
        walkabout: { id: string; markedCount: number; building: { id: string; statuses: Array<{ cycle: { name: string } }> } };
        errors: FieldErrors;
      };
    };
    const data = await ok<Saved>(webOperation('SaveWalkabout').source, 'inspector', {
      input: {
        walkaboutId: monthly.id,
        saveId: newSaveId(),
        entries: [{ id: entryOf(monthly, condition.id).id, scannedAt: new Date().toISOString() }],
        conditions: [{ id: condition.id, value: { boolean: true }, editedVia: 'tap', editedAt: new Date().toISOString() }],
      },
    });
    // It reads no saved condition or entry: the backend is asked for none of their fields (JSON:API sparse fieldsets).
    expect(stack.restCalls.slice(before).map((call) => `${call.method} ${decodeURIComponent(call.path)}`)).toEqual([
      'PATCH /walkabout-data?fields[conditions]=&fields[entries]=',
    ]);
    expect(data.saveWalkabout.errors).toEqual([]);
    expect(data.saveWalkabout.walkabout).toMatchObject({ id: monthly.id, markedCount: monthly.markedCount + 1 });
    expect(data.saveWalkabout.walkabout.building.statuses.map((status) => status.cycle.name)).toContain('Monthly');
  });

  it('asks for the fields of the saved entries alone when an operation reads their conditions only', async () => {
    const weekly = await byName('3', 'Weekly');
    const condition = conditionsOf(weekly).find((c) => c.__typename === 'YesNoCondition' && !c.isMarked)!;
    expect(condition).toBeDefined();
    const before = stack.restCalls.length;
    const data = await ok<{ saveWalkabout: { errors: FieldErrors; conditions: Array<{ id: string; isMarked: boolean; yesNoValue: string }> } }>(
      `mutation Save($input: SaveWalkaboutInput!) {
        saveWalkabout(input: $input) { conditions { id isMarked ... on YesNoCondition { yesNoValue } } errors { field message code } }
      }`,
      'inspector',
      {
        input: {
          walkaboutId: weekly.id,
          saveId: newSaveId(),
          entries: [{ id: entryOf(weekly, condition.id).id, scannedAt: new Date().toISOString() }],
          conditions: [{ id: condition.id, value: { yesNo: 'NO' }, remarks: 'Blocked', editedAt: new Date().toISOString() }],
        },
      },
    );
    expect(stack.restCalls.slice(before).map((call) => `${call.method} ${decodeURIComponent(call.path)}`)).toEqual(['PATCH /walkabout-data?fields[entries]=']);
    expect(data.saveWalkabout).toEqual({ conditions: [{ id: condition.id, isMarked: true, yesNoValue: 'NO' }], errors: [] });
  });

  it('reports a value with two fields set as a payload error, without calling the backend', async () => {
    const daily = await byName('2', 'Daily');
    const condition = conditionsOf(daily)[0]!;
    const before = stack.restCalls.length;
    const data = await ok<{ saveWalkabout: { errors: FieldErrors; walkabout: unknown } }>(saveMutation, 'inspector', {
      input: { walkaboutId: daily.id, saveId: newSaveId(), conditions: [{ id: condition.id, value: { boolean: true, text: 'x' }, editedAt: new Date().toISOString() }] },
    });
    expect(data.saveWalkabout).toMatchObject({
      walkabout: null,
      errors: [{ field: 'value', message: MORE_THAN_ONE_VALUE_MESSAGE, code: 'VALIDATION_FAILED' }],
    });
    expect(stack.restCalls.slice(before).filter((call) => call.method === 'PATCH')).toEqual([]);
  });

  it("passes the backend's field errors of an invalid save into the payload", async () => {
    const daily = await byName('2', 'Daily');
    const locked = conditionsOf(daily).find((c) => c.__typename === 'BooleanCondition' && entryOf(daily, c.id).scannedAt === null)!;
    const data = await ok<{ saveWalkabout: { errors: FieldErrors } }>(saveMutation, 'inspector', {
      input: { walkaboutId: daily.id, saveId: newSaveId(), conditions: [{ id: locked.id, value: { boolean: true }, editedAt: new Date().toISOString() }] },
    });
    expect(data.saveWalkabout.errors).toEqual([{ field: 'id', message: expect.stringMatching(/entry is locked/i), code: 'VALIDATION_FAILED' }]);
  });

  it('refuses FORBIDDEN a viewer, who may read walkabouts but not record results', async () => {
    const daily = (await openWalkabouts('2', 'viewer')).find((w) => w.cycle.name === 'Daily')!;
    const { body } = await stack.graphql(saveMutation, {
      token: tokens.viewer,
      variables: { input: { walkaboutId: daily.id, saveId: newSaveId(), entries: [], conditions: [] } },
    });
    expect(body.errors?.map((e) => e.extensions?.code)).toEqual(['FORBIDDEN']);
  });
});

describe('on-demand walkabouts, locks and comparisons', () => {
  const create = `mutation($b: ID!, $c: ID!) { createWalkabout(buildingId: $b, cycleId: $c) {
    walkabout { id isOpen isLocked isFireWatch endDate cycle { name } building { id hasActiveFireWatchWalkabout activeFireWatchWalkaboutId } }
    errors { field message }
  } }`;
  const lock = 'mutation($id: ID!) { lockWalkabout(id: $id) { walkabout { id isOpen isLocked lockedAt } errors { field message code } } }';
  type Created = { createWalkabout: { walkabout: { id: string; isOpen: boolean; isFireWatch: boolean; building: Record<string, unknown> } | null; errors: FieldErrors } };

  let cycleId: string;
  let firstId: string;

  beforeAll(async () => {
    const data = await ok<{ notRepeatableCycles: Array<{ id: string }> }>('query { notRepeatableCycles(buildingId: "2") { id } }', 'inspector');
    cycleId = data.notRepeatableCycles[0]!.id;
  });

  it('creates the walkabout of a non-repeating cycle, and gives the same open one when asked again', async () => {
    const first = await ok<Created>(create, 'inspector', { b: '2', c: cycleId });
    expect(first.createWalkabout.errors).toEqual([]);
    expect(first.createWalkabout.walkabout).toMatchObject({ isOpen: true, isLocked: false, endDate: null, cycle: { name: 'Pre-Occupancy Inspection' } });
    firstId = first.createWalkabout.walkabout!.id;
    const again = await ok<Created>(create, 'inspector', { b: '2', c: cycleId });
    expect(again.createWalkabout.walkabout?.id).toBe(firstId);
  });

  it("refuses the viewer's lock as FORBIDDEN and locks the inspector's for good", async () => {
    const refused = await stack.graphql(lock, { token: tokens.viewer, variables: { id: firstId } });
    expect(refused.body.errors?.map((e) => e.extensions?.code)).toEqual(['FORBIDDEN']);
    const locked = await ok<{ lockWalkabout: unknown }>(lock, 'inspector', { id: firstId });
    expect(locked.lockWalkabout).toMatchObject({ walkabout: { id: firstId, isOpen: false, isLocked: true, lockedAt: expect.any(String) }, errors: [] });
    const twice = await ok<{ lockWalkabout: unknown }>(lock, 'inspector', { id: firstId });
    expect(twice.lockWalkabout).toEqual({ walkabout: null, errors: [{ field: null, message: 'This walkabout is locked.', code: 'LOCKED' }] });
  });

  it("answers a save to a locked walkabout with the backend's message as a payload error, code LOCKED", async () => {
    const locked = await tree(firstId);
    const condition = conditionsOf(locked)[0]!;
    const data = await ok<{ saveWalkabout: unknown }>(saveMutation, 'inspector', {
      input: {
        walkaboutId: firstId,
        saveId: newSaveId(),
        entries: [{ id: entryOf(locked, condition.id).id, scannedAt: new Date().toISOString() }],
        conditions: [{ id: condition.id, value: null, editedAt: new Date().toISOString() }],
      },
    });
    expect(data.saveWalkabout).toEqual({
      walkabout: null,
      conditions: [],
      entries: [],
      errors: [{ field: null, message: 'This walkabout is locked.', code: 'LOCKED' }],
    });
  });

  it('pairs the entries of the locked walkabout and the new open one of the same location, per cycle', async () => {
    const next = await ok<Created>(create, 'inspector', { b: '2', c: cycleId });
    const nextId = next.createWalkabout.walkabout!.id;
    expect(nextId).not.toBe(firstId);
    const lockedEntry = entriesOf(await tree(firstId))[0]!;
    const activeEntry = entriesOf(await tree(nextId)).find((e) => e.locationId === lockedEntry.locationId)!;
    type Side = { id: string; walkaboutActive: boolean; sections: Array<{ conditions: Array<{ id: string; taskId: string | null; taskStatus: string | null }> }> };
    const data = await ok<{ entryComparisons: Array<{ cycleName: string; locked: Side | null; active: Side | null }> }>(
      `query($l: ID!) { entryComparisons(locationId: $l) {
        cycleName
        locked { id walkaboutActive sections { conditions { id isMarked taskId taskStatus } } }
        active { id walkaboutActive sections { conditions { id isMarked taskId taskStatus } } }
      } }`,
      'inspector',
      { l: lockedEntry.locationId },
    );
    const pair = data.entryComparisons.find((c) => c.cycleName === 'Pre-Occupancy Inspection');
    expect(pair).toMatchObject({ locked: { id: lockedEntry.id, walkaboutActive: false }, active: { id: activeEntry.id, walkaboutActive: true } });
    // Each condition says its task's status at the building now (the comparison's P and X): the demo's tasks here are active.
    const compared = [pair!.locked!, pair!.active!].flatMap((side) => side.sections.flatMap((section) => section.conditions));
    expect(compared.length).toBeGreaterThan(0);
    expect(compared.map((c) => c.taskStatus)).toEqual(compared.map(() => 'ACTIVE'));
    const elsewhere = await ok<{ entryComparisons: unknown[]; location: unknown }>(
      'query($l: ID!) { location(id: $l) { id } entryComparisons(locationId: $l) { cycleName } }',
      'harbour',
      { l: lockedEntry.locationId },
    );
    expect(elsewhere).toEqual({ location: null, entryComparisons: [] });
    for (const comparison of data.entryComparisons) {
      expect(comparison.active?.walkaboutActive ?? true).toBe(true);
      expect(comparison.locked === null || comparison.locked.id !== comparison.active?.id).toBe(true);
    }
  });
});

describe('fire watch', () => {
  const building = `id isFireWatchStarted fireWatchId hasActiveFireWatchWalkabout activeFireWatchWalkaboutId
    fireWatchCycle { id } activeFireWatch { id status startComments startedAt }`;
  const start = `mutation($b: ID!, $c: String) { startFireWatch(buildingId: $b, comments: $c) {
    fireWatch { id status startComments startedAt } building { ${building} } errors { field message } } }`;
  const stop = `mutation($id: ID!, $c: String) { stopFireWatch(fireWatchId: $id, comments: $c) {
    fireWatch { id status endComments endedAt } building { ${building} } errors { field message } } }`;
  type Payload = { fireWatch: { id: string; status: string } | null; building: Record<string, unknown> & { fireWatchCycle: { id: string } } | null; errors: FieldErrors };

  it('starts a fire watch, returning the building with its active fire watch, and refuses a second start', async () => {
    const started = (await ok<{ startFireWatch: Payload }>(start, 'inspector', { b: '3', c: 'Sprinklers shut down on floor 4' })).startFireWatch;
    expect(started.errors).toEqual([]);
    expect(started.fireWatch).toMatchObject({ status: 'started', startComments: 'Sprinklers shut down on floor 4' });
    expect(started.building).toMatchObject({
      id: '3',
      isFireWatchStarted: true,
      fireWatchId: started.fireWatch!.id,
      activeFireWatch: { id: started.fireWatch!.id, status: 'started', startComments: 'Sprinklers shut down on floor 4' },
    });
    const twice = (await ok<{ startFireWatch: Payload }>(start, 'inspector', { b: '3' })).startFireWatch;
    expect(twice).toEqual({ fireWatch: null, building: null, errors: [{ field: null, message: 'Fire watch already started.' }] });
  });

  it('opens the fire watch walkabout through createWalkabout, and the same one again', async () => {
    const cycle = (await ok<{ building: { fireWatchCycle: { id: string } } }>('query { building(id: "3") { fireWatchCycle { id } } }', 'inspector')).building
      .fireWatchCycle.id;
    const create = `mutation($b: ID!, $c: ID!) { createWalkabout(buildingId: $b, cycleId: $c) {
      walkabout { id isOpen isFireWatch building { id hasActiveFireWatchWalkabout activeFireWatchWalkaboutId } } errors { field message } } }`;
    const first = await ok<{ createWalkabout: { walkabout: { id: string } | null; errors: FieldErrors } }>(create, 'inspector', { b: '3', c: cycle });
    expect(first.createWalkabout).toMatchObject({
      errors: [],
      walkabout: { isOpen: true, isFireWatch: true, building: { id: '3', hasActiveFireWatchWalkabout: true } },
    });
    const again = await ok<{ createWalkabout: { walkabout: { id: string } | null } }>(create, 'inspector', { b: '3', c: cycle });
    expect(again.createWalkabout.walkabout?.id).toBe(first.createWalkabout.walkabout?.id);
  });

  it('stops the fire watch, returning the building without one', async () => {
    const before = (await ok<{ building: { fireWatchId: string } }>('query { building(id: "3") { fireWatchId } }', 'inspector')).building;
    const stopped = (await ok<{ stopFireWatch: Payload }>(stop, 'inspector', { id: before.fireWatchId, c: 'Sprinklers back in service' })).stopFireWatch;
    expect(stopped).toMatchObject({
      errors: [],
      fireWatch: { id: before.fireWatchId, status: 'ended', endComments: 'Sprinklers back in service', endedAt: expect.any(String) },
      building: { id: '3', isFireWatchStarted: false, fireWatchId: null, activeFireWatch: null },
    });
  });

  it('reads the started fire watch in later queries, one REST call for many buildings, and null once stopped', async () => {
    type ActiveFireWatch = { id: string; status: string; startComments: string | null; startedAt: string };
    type Read = { building: { id: string; isFireWatchStarted: boolean; activeFireWatch: ActiveFireWatch | null } | null };
    const read = `query($b: ID!) { building(id: $b) { id isFireWatchStarted activeFireWatch { id status startComments startedAt } } }`;
    const started: Record<string, ActiveFireWatch> = {};
    for (const b of ['2', '3']) {
      const payload = (await ok<{ startFireWatch: { fireWatch: ActiveFireWatch | null; errors: FieldErrors } }>(start, 'inspector', { b, c: `Alarm panel offline (${b})` }))
        .startFireWatch;
      expect(payload.errors).toEqual([]);
      started[b] = payload.fireWatch!;
    }

    // A new request (no loader primed by the mutation): read through GET /fire-watches, by the inspector and by a viewer.
    for (const username of ['inspector', 'viewer']) {
      const { body } = await stack.graphql<Read>(read, { token: tokens[username], variables: { b: '2' } });
      expect(body.errors).toBeUndefined();
      expect(body.data!.building).toEqual({
        id: '2',
        isFireWatchStarted: true,
        activeFireWatch: { id: started['2']!.id, status: 'started', startComments: 'Alarm panel offline (2)', startedAt: started['2']!.startedAt },
      });
    }
    // Another organization's user sees neither the building nor its fire watch.
    const harbour = await stack.graphql<Read>(read, { token: tokens.harbour, variables: { b: '2' } });
    expect(harbour.body.data?.building ?? null).toBeNull();

    const before = stack.restCalls.length;
    const list = await ok<{ buildings: { nodes: Array<{ id: string; activeFireWatch: { id: string } | null }> } }>(
      'query { buildings(pageSize: 50) { nodes { id activeFireWatch { id } } } }',
      'inspector',
    );
    expect(Object.fromEntries(list.buildings.nodes.map((n) => [n.id, n.activeFireWatch?.id ?? null]))).toEqual({ '2': started['2']!.id, '3': started['3']!.id });
    const fireWatchCalls = stack.restCalls.slice(before).filter((call) => call.path.split('?')[0] === '/fire-watches');
    expect(fireWatchCalls).toHaveLength(1);
    expect(fireWatchCalls[0]!.method).toBe('GET');
    const filtered = new URLSearchParams(fireWatchCalls[0]!.path.split('?')[1]).get('filter[id]')!.split(',').sort();
    expect(filtered).toEqual([started['2']!.id, started['3']!.id].sort());

    for (const b of ['2', '3']) {
      const stopped = (await ok<{ stopFireWatch: Payload }>(stop, 'inspector', { id: started[b]!.id, c: 'Panel restored' })).stopFireWatch;
      expect(stopped.errors).toEqual([]);
    }
    const { body } = await stack.graphql<Read>(read, { token: tokens.inspector, variables: { b: '2' } });
    expect(body.errors).toBeUndefined();
    expect(body.data!.building).toEqual({ id: '2', isFireWatchStarted: false, activeFireWatch: null });
  });

  it('refuses a fire watch to the viewer as FORBIDDEN', async () => {
    const { body } = await stack.graphql(start, { token: tokens.viewer, variables: { b: '2' } });
    expect(body.errors?.map((e) => e.extensions?.code)).toEqual(['FORBIDDEN']);
  });
});

describe('locations', () => {
  type Location = { id: string; name: string; regularUuid: string; universalLink: string; buildingId: string; floorName: string };
  const fields = 'id name regularUuid universalLink buildingId floorName';

  it("finds a scanned location by its uuid, whatever the letter case, and never another organization's", async () => {
    const page = await ok<{ locations: { nodes: Location[]; pageInfo: { totalCount: number } } }>(
      `query { locations(buildingId: "2", pageSize: 5) { nodes { ${fields} } pageInfo { totalCount } } }`,
      'inspector',
    );
    expect(page.locations.nodes).toHaveLength(5);
    const location = page.locations.nodes[0]!;
    expect(location.universalLink).toMatch(new RegExp(`/q/${location.regularUuid}$`));
    const query = `query($u: String!) { locationByUuid(uuid: $u) { ${fields} } }`;
    expect((await ok<{ locationByUuid: Location }>(query, 'inspector', { u: location.regularUuid.toUpperCase() })).locationByUuid).toEqual(location);
    expect((await ok<{ locationByUuid: null }>(query, 'harbour', { u: location.regularUuid })).locationByUuid).toBeNull();
    expect((await ok<{ locationByUuid: null }>(query, 'inspector', { u: 'not-a-uuid' })).locationByUuid).toBeNull();
    expect((await ok<{ location: Location }>(`query($id: ID!) { location(id: $id) { ${fields} } }`, 'inspector', { id: location.id })).location).toEqual(location);
  });

  it('adds an off-cycle comment, and reports an empty one as a payload error', async () => {
    const mutation = `mutation($l: ID!, $b: String) { addLocationComment(locationId: $l, body: $b) {
      comment { id body photoUrl createdAt creatorUsername } errors { field message } } }`;
    const page = await ok<{ locations: { nodes: Location[] } }>('query { locations(buildingId: "2", pageSize: 1) { nodes { id } } }', 'inspector');
    const locationId = page.locations.nodes[0]!.id;
    const added = await ok<{ addLocationComment: unknown }>(mutation, 'inspector', { l: locationId, b: 'Door closer leaking oil' });
    expect(added.addLocationComment).toMatchObject({ errors: [], comment: { body: 'Door closer leaking oil', creatorUsername: 'inspector', photoUrl: null } });
    const empty = await ok<{ addLocationComment: unknown }>(mutation, 'inspector', { l: locationId, b: '  ' });
    expect(empty.addLocationComment).toEqual({ comment: null, errors: [{ field: 'body', message: 'A location comment needs a body or a photo.' }] });
  });
});

describe('unavailable QR codes', () => {
  const report = `mutation($ids: [ID!]!, $kind: QrUnavailabilityKind!, $comment: String) {
    reportUnavailableQrCode(entryIds: $ids, kind: $kind, comment: $comment) {
      entries { id qrUnavailabilityReason { kind comment } sections { id conditions { id } } } errors { field message }
    }
  }`;

  it('asks for a comment when access was denied, and flags the entries with their reason', async () => {
    const weekly = await byName('2', 'Weekly');
    const entry = entriesOf(weekly)[0]!;
    const missing = await ok<{ reportUnavailableQrCode: unknown }>(report, 'inspector', { ids: [entry.id], kind: 'ACCESS_DENIED' });
    expect(missing.reportUnavailableQrCode).toEqual({ entries: [], errors: [{ field: 'comment', message: 'Comment is required field' }] });
    const flagged = await ok<{ reportUnavailableQrCode: { entries: Array<{ sections: unknown[] }> } }>(report, 'inspector', {
      ids: [entry.id],
      kind: 'ACCESS_DENIED',
      comment: 'Tenant unit locked',
    });
    expect(flagged.reportUnavailableQrCode).toMatchObject({
      errors: [],
      entries: [{ id: entry.id, qrUnavailabilityReason: { kind: 'ACCESS_DENIED', comment: 'Tenant unit locked' } }],
    });
    expect(flagged.reportUnavailableQrCode.entries[0]!.sections).toEqual(entry.sections.map((s) => ({ id: expect.any(String), conditions: s.conditions.map((c) => ({ id: c.id })) })));
  });
});
