/**
 * Types and tasks at building level through the gateway over the real backend (issue 13 point 2;
 * admin-organizations-buildings.md sections 2-8), as an integrator sees them: Building.equipmentTypes with building
 * statuses and tasks, pause and resume returning the changed objects (so a normalized cache updates in place), the
 * short-name rules as payload errors on the arguments, FORBIDDEN for viewers, and 'Print Types' polled to its PDF.
 */
import { SHORT_NAME_IN_USE_MESSAGE, SHORT_NAME_REQUIRED_MESSAGE, SUSPENSION_DESCRIPTION_REQUIRED_MESSAGE, reservedShortNameMessage } from '@fsi/shared/suspensions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callersOf, startStack, type PayloadFieldErrors, type Stack } from './stack';

let stack: Stack;
const tokens: Record<string, string> = {};
let building = '';
let otherBuilding = '';

const { run, ok } = callersOf(() => stack, tokens);

type Task = { id: string; taskId: string; label: string; groupName: string | null; cycleName: string; buildingLevelStatus: string; suspensionId: string | null; suspensionShortName: string | null };
type EquipmentType = { id: string; equipmentTypeId: string; name: string; status: string; buildingLevelStatus: string; suspensionId: string | null; suspensionShortName: string | null; suspensionDescription: string | null; tasks: Task[] };
type ShortNames = Array<{ shortName: string; description: string | null }>;

const taskFields = 'id taskId label groupName cycleName buildingLevelStatus suspensionId suspensionShortName';
const typeFields = `id equipmentTypeId name status buildingLevelStatus suspensionId suspensionShortName suspensionDescription tasks { ${taskFields} }`;
const typesQuery = `query ($id: ID!) { building(id: $id) { id equipmentTypes { ${typeFields} } suspensionShortNames { shortName description } } }`;
const pauseType = `mutation ($b: ID!, $t: ID!, $s: String, $d: String) { pauseEquipmentType(buildingId: $b, equipmentTypeId: $t, shortName: $s, description: $d) { equipmentType { ${typeFields} } building { id suspensionShortNames { shortName description } } errors { field message code } } }`;
const resumeType = `mutation ($b: ID!, $s: ID!) { resumeEquipmentType(buildingId: $b, suspensionId: $s) { equipmentType { id buildingLevelStatus suspensionId } errors { field message code } } }`;
const pauseTask = `mutation ($b: ID!, $t: ID!, $s: String, $d: String) { pauseTask(buildingId: $b, taskId: $t, shortName: $s, description: $d) { task { ${taskFields} } errors { field message code } } }`;
const resumeTask = `mutation ($b: ID!, $s: ID!) { resumeTask(buildingId: $b, suspensionId: $s) { task { id buildingLevelStatus suspensionId } errors { field message code } } }`;
const startReport = `mutation ($b: ID!, $l: ID, $t: ID, $state: EquipmentStateFilter) { startTypesReport(buildingId: $b, locationId: $l, equipmentTypeId: $t, state: $state) { report { identificator status pdfUrl } errors { field message code } } }`;
const reportQuery = `query ($id: ID!) { typesReport(identificator: $id) { identificator status pdfUrl reportId } }`;

const typesOf = async (id: string, who = 'manager') => (await ok<{ building: { equipmentTypes: EquipmentType[]; suspensionShortNames: ShortNames } }>(typesQuery, { id }, who)).building;

beforeAll(async () => {
  stack = await startStack();
  for (const username of ['admin', 'manager', 'viewer', 'harbour']) tokens[username] = await stack.signIn(username);
  const { buildings } = await ok<{ buildings: { nodes: Array<{ id: string; name: string }> } }>('{ buildings(pageSize: 100) { nodes { id name } } }', {}, 'admin');
  building = buildings.nodes.find((b) => b.name === 'King Street Commerce Centre')!.id;
  otherBuilding = buildings.nodes.find((b) => b.name === 'Cedar Point Strata (BCS 4127)')!.id;
});
afterAll(() => stack?.close());

describe('types and tasks at building level through GraphQL', () => {
  it("lists the building's types with their building status and tasks to viewers too, in one REST call", async () => {
    stack.restCalls.length = 0;
    const { equipmentTypes, suspensionShortNames } = await typesOf(building, 'viewer');
    expect(equipmentTypes.length).toBeGreaterThan(2);
    expect(equipmentTypes[0]!.id).toBe(`${building}:${equipmentTypes[0]!.equipmentTypeId}`);
    expect(equipmentTypes.every((t) => t.buildingLevelStatus === 'ACTIVE' && t.suspensionId === null)).toBe(true);
    expect(equipmentTypes.flatMap((t) => t.tasks).length).toBeGreaterThan(equipmentTypes.length);
    expect(suspensionShortNames).toEqual([]);
    expect(stack.restCalls.filter((c) => c.path.startsWith('/equipment?')).length).toBe(1);
  });

  it('pauses a type with a short name, answering the type and the building with its short names, and resumes it', async () => {
    const [type] = (await typesOf(building)).equipmentTypes;
    const { pauseEquipmentType: paused } = await ok<{ pauseEquipmentType: { equipmentType: EquipmentType; building: { suspensionShortNames: ShortNames }; errors: PayloadFieldErrors } }>(
      pauseType,
      { b: building, t: type!.equipmentTypeId, s: 'RW', d: 'Roof works' },
      'manager',
    );
    expect(paused.errors).toEqual([]);
    expect(paused.equipmentType).toMatchObject({ id: type!.id, buildingLevelStatus: 'PAUSED', suspensionShortName: 'RW', suspensionDescription: 'Roof works' });
    expect(paused.building.suspensionShortNames).toEqual([{ shortName: 'RW', description: 'Roof works' }]);

    const viewer = await run(resumeType, { b: building, s: paused.equipmentType.suspensionId }, 'viewer');
    expect(viewer.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const { resumeEquipmentType: resumed } = await ok<{ resumeEquipmentType: { equipmentType: { id: string; buildingLevelStatus: string; suspensionId: string | null }; errors: PayloadFieldErrors } }>(
      resumeType,
      { b: building, s: paused.equipmentType.suspensionId },
      'manager',
    );
    expect(resumed).toEqual({ equipmentType: { id: type!.id, buildingLevelStatus: 'ACTIVE', suspensionId: null }, errors: [] });
  });

  it("answers the short name rules as payload errors on the arguments, and another organization's building as NOT_FOUND", async () => {
    const [, type] = (await typesOf(building)).equipmentTypes;
    type Answer = { pauseEquipmentType: { equipmentType: EquipmentType | null; building: unknown; errors: PayloadFieldErrors } };
    const empty = await ok<Answer>(pauseType, { b: building, t: type!.equipmentTypeId, s: '', d: '' }, 'manager');
    expect(empty.pauseEquipmentType).toEqual({
      equipmentType: null,
      building: null,
      errors: [
        { field: 'shortName', message: SHORT_NAME_REQUIRED_MESSAGE, code: 'VALIDATION_FAILED' },
        { field: 'description', message: SUSPENSION_DESCRIPTION_REQUIRED_MESSAGE, code: 'VALIDATION_FAILED' },
      ],
    });
    expect((await ok<Answer>(pauseType, { b: building, t: type!.equipmentTypeId, s: 'us', d: 'r' }, 'manager')).pauseEquipmentType.errors).toEqual([
      { field: 'shortName', message: reservedShortNameMessage('US'), code: 'VALIDATION_FAILED' },
    ]);
    expect((await ok<Answer>(pauseType, { b: otherBuilding, t: type!.equipmentTypeId, s: 'Z', d: 'r' }, 'manager')).pauseEquipmentType.errors[0]!.code).toBe('NOT_FOUND');
    const viewer = await run(pauseType, { b: building, t: type!.equipmentTypeId, s: 'Z', d: 'r' }, 'viewer');
    expect(viewer.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('pauses a task, picking an existing short name whose reason is reused, and resumes it', async () => {
    const types = (await typesOf(building)).equipmentTypes;
    const task = types[2]!.tasks[0]!;
    const first = await ok<{ pauseEquipmentType: { equipmentType: EquipmentType } }>(pauseType, { b: building, t: types[3]!.equipmentTypeId, s: 'EL', d: 'Elevator' }, 'admin');
    const clash = await ok<{ pauseTask: { task: Task | null; errors: PayloadFieldErrors } }>(pauseTask, { b: building, t: task.taskId, s: 'EL', d: 'Other reason' }, 'manager');
    expect(clash.pauseTask.errors).toEqual([{ field: 'shortName', message: SHORT_NAME_IN_USE_MESSAGE, code: 'VALIDATION_FAILED' }]);
    const { pauseTask: paused } = await ok<{ pauseTask: { task: Task; errors: PayloadFieldErrors } }>(pauseTask, { b: building, t: task.taskId, s: 'EL', d: null }, 'manager');
    expect(paused.task).toMatchObject({ id: task.id, buildingLevelStatus: 'PAUSED', suspensionShortName: 'EL' });
    const listed = (await typesOf(building, 'viewer')).equipmentTypes.flatMap((t) => t.tasks).find((t) => t.id === task.id)!;
    expect(listed.buildingLevelStatus).toBe('PAUSED');
    const { resumeTask: resumed } = await ok<{ resumeTask: { task: { id: string; buildingLevelStatus: string }; errors: PayloadFieldErrors } }>(resumeTask, { b: building, s: paused.task.suspensionId }, 'manager');
    expect(resumed.task).toMatchObject({ id: task.id, buildingLevelStatus: 'ACTIVE' });
    await ok(resumeType, { b: building, s: first.pauseEquipmentType.equipmentType.suspensionId }, 'admin');
  });

  it("starts 'Print Types' and polls it until its PDF's URL is set", async () => {
    const { startTypesReport } = await ok<{ startTypesReport: { report: { identificator: string; status: string; pdfUrl: string | null }; errors: PayloadFieldErrors } }>(
      startReport,
      { b: building, state: 'UNSCANNED' },
      'viewer',
    );
    expect(startTypesReport.errors).toEqual([]);
    expect(startTypesReport.report).toMatchObject({ status: 'PENDING', pdfUrl: null });
    await stack.backend.app.jobs.drain();
    const { typesReport } = await ok<{ typesReport: { status: string; pdfUrl: string | null; reportId: string | null } }>(reportQuery, { id: startTypesReport.report.identificator }, 'viewer');
    expect(typesReport).toMatchObject({ status: 'READY', reportId: expect.any(String) });
    const pdf = await fetch(`${stack.url}${typesReport.pdfUrl}`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
    expect((await ok<{ typesReport: unknown }>(reportQuery, { id: startTypesReport.report.identificator }, 'harbour')).typesReport).toBeNull();
    const foreign = await ok<{ startTypesReport: { report: unknown; errors: PayloadFieldErrors } }>(startReport, { b: building }, 'harbour');
    expect(foreign.startTypesReport).toEqual({ report: null, errors: [{ field: 'buildingId', message: 'There is no such building.', code: 'NOT_FOUND' }] });
  });
});
