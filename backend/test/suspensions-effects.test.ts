/**
 * What a building-level suspension does (admin-organizations-buildings.md sections 2 and 4, inspection.md section 9):
 * a type paused at one building shows P on that building's reports for every one of its tasks and an inactive type
 * X, and a paused task or type is left out of the walkabouts the schedule makes afterwards at once (no 'Create
 * Current Walkabouts' needed), at that building only, until its suspension is deleted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportSection } from '../src/seed/test-seed';
import { schema, type TestBackend } from '../src/testing';
import { databases, demoIds, list, one, signedIn, startTestBackend, tree, type Client, type JsonApiResource } from './helpers';
import { readPdfText } from './pdf-reading';

const KING = 'King Street Commerce Centre';
const YONGE = 'Yonge & Eglinton Tower';
const PAUSED_TYPE = 'Exit Sign';
const INACTIVE_TYPE = 'Fire Hose Cabinet';
const MARKS = ['S', 'U', 'P', 'X'];
const DAY = 86_400_000;

type Demo = Awaited<ReturnType<typeof demoIds>>;
type Tree = ReturnType<typeof tree>;

const pauseType = (who: Client, building: string, equipmentId: number, shortName: string) =>
  who.post('/building_equipment_suspensions', { building_id: Number(building), equipment_id: equipmentId, attributes: { short_name: shortName, description: 'Suspension effects' } });
const pauseTask = (who: Client, building: string, taskId: number, shortName: string) =>
  who.post('/building_condition_suspensions', { building_id: Number(building), equipment_condition_id: taskId, attributes: { short_name: shortName, description: 'Suspension effects' } });
const resumeType = (who: Client, building: string, suspension: Awaited<ReturnType<typeof pauseType>>) =>
  who.request('DELETE', `/building_equipment_suspensions/${one(suspension.body).attributes.suspension_id}`, { building_id: Number(building) });
const resumeTask = (who: Client, building: string, suspension: Awaited<ReturnType<typeof pauseTask>>) =>
  who.request('DELETE', `/building_condition_suspensions/${one(suspension.body).attributes.suspension_id}`, { building_id: Number(building) });

async function treeOf(who: Client, walkaboutId: string): Promise<Tree> {
  const answer = await who.get(`/walkabouts/${walkaboutId}`);
  expect(answer.status).toBe(200);
  return tree(answer.body);
}

const typeIdOf = (t: Tree, name: string) => {
  const entry = t.entries.find((e) => e.attributes.equipmentName === name);
  if (!entry) throw new Error(`No '${name}' in the walkabout`);
  return entry.attributes.equipmentTypeId as number;
};
const entriesOfType = (t: Tree, typeId: number) => t.entries.filter((e) => e.attributes.equipmentTypeId === typeId);
const conditionsOfType = (t: Tree, typeId: number) => {
  const entryIds = new Set(entriesOfType(t, typeId).map((e) => Number(e.id)));
  return t.conditions.filter((c) => entryIds.has(c.attributes.entryId as number));
};
const conditionsOfTask = (t: Tree, taskId: number) => t.conditions.filter((c) => c.attributes.taskId === taskId);

describe.each(databases)('the report marks of a building-level type suspension on %s', (database) => {
  let backend: TestBackend;
  let demo: Demo;
  const as: Record<string, Client> = {};

  beforeAll(async () => {
    backend = await startTestBackend({ database });
    demo = await demoIds(backend);
    for (const username of ['admin', 'manager']) as[username] = await signedIn(backend, username);
  });
  afterAll(() => backend?.close());

  /** The PDF of an on-demand report of a definition for a walkabout, as its requester downloads it. */
  async function reportPdf(building: string, walkaboutId: string, definitionId: number) {
    const started = await as.admin!.post('/on-demand-reports/init-creation', {
      data: { type: 'on-demand-reports', attributes: { building_id: Number(building), report_type: 'walkabout_reports', walkabout_id: Number(walkaboutId), report_definition_id: definitionId } },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    await backend.app.jobs.drain();
    const ready = await as.admin!.get(`/on-demand-reports/${one(started.body).attributes.report_identificator}`);
    expect(one(ready.body).attributes).toMatchObject({ status: 'ready', pdf_url: expect.any(String) });
    const download = await as.admin!.get(one(ready.body).attributes.pdf_url as string);
    expect(download.status).toBe(200);
    const file = await backend.app.inject({ method: 'GET', url: one(download.body).attributes.download_url as string });
    expect(file.statusCode).toBe(200);
    return readPdfText(new Uint8Array(file.rawPayload));
  }

  /** How many of each mark the report shows (each row of a condition section has at most one). */
  async function marksOf(building: string, walkaboutId: string, definitionId: number) {
    const pages = await reportPdf(building, walkaboutId, definitionId);
    const counts: Record<string, number> = { S: 0, U: 0, P: 0, X: 0 };
    for (const item of pages.flatMap((p) => p.items)) if (MARKS.includes(item.str)) counts[item.str]! += 1;
    return counts;
  }

  it('shows P for every task of a type paused at the building, X for every task of an inactive type, and no P at another building', async () => {
    const king = demo.building(KING);
    const yonge = demo.building(YONGE);
    const kingMonthly = await demo.walkabout(KING, 'Monthly');
    const yongeMonthly = await demo.walkabout(YONGE, 'Monthly');
    const kingTree = await treeOf(as.admin!, kingMonthly);
    const yongeTree = await treeOf(as.admin!, yongeMonthly);
    const pausedType = typeIdOf(kingTree, PAUSED_TYPE);
    const inactiveType = typeIdOf(kingTree, INACTIVE_TYPE);
    // Both types have several tasks at several locations of both buildings, none answered yet.
    for (const t of [kingTree, yongeTree]) {
      for (const typeId of [pausedType, inactiveType]) {
        expect(entriesOfType(t, typeId).length).toBeGreaterThanOrEqual(2);
        expect(new Set(conditionsOfType(t, typeId).map((c) => c.attributes.taskId)).size).toBeGreaterThanOrEqual(2);
        expect(conditionsOfType(t, typeId).every((c) => c.attributes.value === null)).toBe(true);
      }
    }
    // One definition of the organization (so it applies to both buildings): a condition section per type.
    const [definition] = await backend.db
      .insert(schema.reportDefinitions)
      .values({
        organizationId: demo.northwind,
        cycleId: Number(demo.cycle(demo.northwind, 'Monthly')),
        name: 'Suspension Marks',
        sections: [
          reportSection({ detail: 'condition', title: 'Exit signs', equipmentId: pausedType, includeMetadata: false }),
          reportSection({ detail: 'condition', title: 'Hose cabinets', equipmentId: inactiveType, includeMetadata: false }),
        ],
      })
      .returning({ id: schema.reportDefinitions.id });

    const paused = await pauseType(as.manager!, king, pausedType, 'ES');
    expect(paused.status).toBe(201);
    expect(one(paused.body).attributes).toMatchObject({ building_level_status: 'paused', suspension_short_name: 'ES' });
    // Inactive is set at organization level (the type's own status).
    const disabled = await as.admin!.request('PUT', `/equipments/${inactiveType}`, { organization_id: demo.northwind, equipment: { status: 'disabled' } });
    expect(disabled.status).toBe(200);
    expect(one(disabled.body).attributes).toMatchObject({ status: 'disabled' });

    // At the building: one P per task row of the paused type, one X per task row of the inactive type, nothing else.
    expect(await marksOf(king, kingMonthly, definition!.id)).toEqual({
      S: 0,
      U: 0,
      P: conditionsOfType(kingTree, pausedType).length,
      X: conditionsOfType(kingTree, inactiveType).length,
    });
    // At another building of the organization the pause does not apply; the inactive type is X there too.
    expect(await marksOf(yonge, yongeMonthly, definition!.id)).toEqual({ S: 0, U: 0, P: 0, X: conditionsOfType(yongeTree, inactiveType).length });

    expect((await resumeType(as.manager!, king, paused)).status).toBe(200);
    expect((await as.admin!.request('PUT', `/equipments/${inactiveType}`, { organization_id: demo.northwind, equipment: { status: 'active' } })).status).toBe(200);
  });
});

describe.each(databases)('building-level suspensions and the walkabouts the schedule makes afterwards on %s', (database) => {
  let backend: TestBackend;
  let demo: Demo;
  const as: Record<string, Client> = {};
  /** The latest Monthly walkabout of each building so far (the schedule's next one starts on its endDate). */
  const latest: Record<string, JsonApiResource> = {};

  beforeAll(async () => {
    backend = await startTestBackend({ database });
    demo = await demoIds(backend);
    for (const username of ['admin', 'manager']) as[username] = await signedIn(backend, username);
    for (const name of [KING, YONGE]) latest[name] = one((await as.admin!.get(`/walkabouts/${await demo.walkabout(name, 'Monthly')}`)).body);
  });
  afterAll(() => backend?.close());

  /**
   * Runs the schedule as it would run a few days into the next monthly period, and answers each building's new
   * Monthly walkabout of that period (as GET /walkabouts lists it) with its tree.
   */
  async function nextMonthly(): Promise<Record<string, Tree>> {
    const start = String(latest[KING]!.attributes.endDate);
    expect(latest[YONGE]!.attributes.endDate).toBe(start);
    const run = await backend.app.runWalkaboutSchedule(new Date(Date.parse(`${start}T12:00:00Z`) + 5 * DAY));
    expect(run.created).toBeGreaterThan(0);
    const trees: Record<string, Tree> = {};
    for (const name of [KING, YONGE]) {
      const listed = list((await as.admin!.get(`/walkabouts?filter[building]=${demo.building(name)}&page[size]=100`)).body);
      const made = listed.filter((w) => w.attributes.cycleName === 'Monthly' && w.attributes.date === start);
      expect(made, name).toHaveLength(1);
      latest[name] = made[0]!;
      trees[name] = await treeOf(as.admin!, made[0]!.id);
    }
    return trees;
  }

  it('leaves a type paused at the building out of the next walkabout at once, keeps it at another building, and takes it again once active', async () => {
    const before = { king: await treeOf(as.admin!, latest[KING]!.id), yonge: await treeOf(as.admin!, latest[YONGE]!.id) };
    const typeId = typeIdOf(before.king, PAUSED_TYPE);
    const otherTypeId = typeIdOf(before.king, INACTIVE_TYPE);
    expect(entriesOfType(before.king, typeId).length).toBeGreaterThanOrEqual(2);
    expect(entriesOfType(before.yonge, typeId).length).toBeGreaterThanOrEqual(2);

    const paused = await pauseType(as.manager!, demo.building(KING), typeId, 'FT');
    expect(paused.status).toBe(201);
    const during = await nextMonthly();
    expect(entriesOfType(during[KING]!, typeId)).toEqual([]);
    expect(conditionsOfType(during[KING]!, typeId)).toEqual([]);
    // The rest of the building is still inspected, and the other building still inspects the type.
    expect(entriesOfType(during[KING]!, otherTypeId)).toHaveLength(entriesOfType(before.king, otherTypeId).length);
    expect(entriesOfType(during[YONGE]!, typeId)).toHaveLength(entriesOfType(before.yonge, typeId).length);
    expect(conditionsOfType(during[YONGE]!, typeId)).toHaveLength(conditionsOfType(before.yonge, typeId).length);

    expect((await resumeType(as.manager!, demo.building(KING), paused)).status).toBe(200);
    const after = await nextMonthly();
    expect(entriesOfType(after[KING]!, typeId)).toHaveLength(entriesOfType(before.king, typeId).length);
    expect(conditionsOfType(after[KING]!, typeId)).toHaveLength(conditionsOfType(before.king, typeId).length);
  });

  it('leaves a task paused at the building out of the next walkabout at once, keeps it at another building, and takes it again once active', async () => {
    const before = { king: await treeOf(as.admin!, latest[KING]!.id), yonge: await treeOf(as.admin!, latest[YONGE]!.id) };
    const typeId = typeIdOf(before.king, 'Portable Fire Extinguisher');
    const taskIds = [...new Set(conditionsOfType(before.king, typeId).map((c) => c.attributes.taskId as number))];
    expect(taskIds.length).toBeGreaterThanOrEqual(2);
    const [taskId, otherTaskId] = taskIds as [number, number];
    expect(conditionsOfTask(before.king, taskId).length).toBeGreaterThanOrEqual(2);
    expect(conditionsOfTask(before.yonge, taskId).length).toBeGreaterThanOrEqual(2);

    const paused = await pauseTask(as.manager!, demo.building(KING), taskId, 'FK');
    expect(paused.status).toBe(201);
    const during = await nextMonthly();
    expect(conditionsOfTask(during[KING]!, taskId)).toEqual([]);
    // The type's other tasks stay at each of its locations, and the other building still has the task.
    expect(entriesOfType(during[KING]!, typeId)).toHaveLength(entriesOfType(before.king, typeId).length);
    expect(conditionsOfTask(during[KING]!, otherTaskId)).toHaveLength(conditionsOfTask(before.king, otherTaskId).length);
    expect(conditionsOfTask(during[YONGE]!, taskId)).toHaveLength(conditionsOfTask(before.yonge, taskId).length);

    expect((await resumeTask(as.manager!, demo.building(KING), paused)).status).toBe(200);
    const after = await nextMonthly();
    expect(conditionsOfTask(after[KING]!, taskId)).toHaveLength(conditionsOfTask(before.king, taskId).length);
  });
});
