/**
 * Report definitions and booklet templates through the gateway over the real backend (issue 14;
 * admin-people-schedules.md sections 2-9), as an integrator sees them: an organization's and a region's lists (a
 * region level's in one REST call), one record with its sections and cycle, the equipment pick lists, the four
 * mutations returning what changed, the user's mistakes and a stale version as payload errors at their input
 * fields, and the section 6 refusals as FORBIDDEN.
 */
import { REPORT_NAME_TAKEN_DETAIL, REPORT_SECTIONS_REQUIRED_MESSAGE, BOOKLET_PRIMARY_NOT_IN_REPORTS_MESSAGE } from '@fsi/shared/report-administration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callersOf, startStack, type PayloadFieldErrors, type Stack } from './stack';

let stack: Stack;
const tokens: Record<string, string> = {};
let organization = '';
let weekly = '';
let downtown = '';

const { run, ok } = callersOf(() => stack, tokens);

const definitionFields = `id name templateName previousWalkaboutsCount generateReport isActive cycleName cycleFrequency organizationId regionId buildingNames version
  cycle { id name } sections { equipmentId detail title includeMetadata pageBreakAfter applicableEquipmentConditionIds applicableEquipmentIds applicableGroupNames }`;
const bookletFields = 'id name templateName displayType reportDefinitionIds primaryReportDefinitionId isActive regionId buildingNames version reportDefinitions { id name }';
const createDefinition = `mutation ($input: CreateReportDefinitionInput!) { createReportDefinition(input: $input) { reportDefinition { ${definitionFields} } errors { field message code } } }`;
const updateDefinition = `mutation ($input: UpdateReportDefinitionInput!) { updateReportDefinition(input: $input) { reportDefinition { ${definitionFields} } errors { field message code } } }`;
const createBooklet = `mutation ($input: CreateReportBookletTemplateInput!) { createReportBookletTemplate(input: $input) { reportBookletTemplate { ${bookletFields} } errors { field message code } } }`;
const updateBooklet = `mutation ($input: UpdateReportBookletTemplateInput!) { updateReportBookletTemplate(input: $input) { reportBookletTemplate { ${bookletFields} } errors { field message code } } }`;

type Section = { equipmentId: string | null; detail: string; title: string; applicableEquipmentConditionIds: string[] | null };
type Definition = { id: string; name: string; version: number; isActive: boolean; regionId: string | null; cycle: { id: string }; cycleFrequency: string | null; buildingNames: string[]; sections: Section[] };
type Booklet = { id: string; name: string; displayType: string; reportDefinitionIds: string[]; primaryReportDefinitionId: string | null; version: number; reportDefinitions: Array<{ id: string }> };
type DefinitionPayload = { reportDefinition: Definition | null; errors: PayloadFieldErrors };
type BookletPayload = { reportBookletTemplate: Booklet | null; errors: PayloadFieldErrors };

const section = { detail: 'GROUP', title: 'Everything', pageBreakAfter: true, applicableGroupNames: [] };

beforeAll(async () => {
  stack = await startStack();
  for (const username of ['admin', 'manager', 'regional', 'viewer', 'harbour']) tokens[username] = await stack.signIn(username);
  const { viewer } = await ok<{ viewer: { organization: { id: string } } }>('{ viewer { organization { id } } }', {}, 'manager');
  organization = viewer.organization.id;
  const { cycles } = await ok<{ cycles: Array<{ id: string; name: string }> }>('query ($o: ID) { cycles(organizationId: $o) { id name } }', { o: organization }, 'manager');
  weekly = cycles.find((c) => c.name === 'Weekly')!.id;
  const { regions } = await ok<{ regions: Array<{ id: string; name: string }> }>('query ($o: ID) { regions(organizationId: $o) { id name } }', { o: organization }, 'manager');
  downtown = regions.find((r) => r.name === 'Downtown')!.id;
});
afterAll(() => stack?.close());

describe('report definitions and booklets through GraphQL', () => {
  it("lists the organization's definitions without a region and each region's, with sections and cycle", async () => {
    const query = `query ($o: ID!) { organization(id: $o) { reportDefinitions { ${definitionFields} } reportBookletTemplates { ${bookletFields} } } regions(organizationId: $o) { id name reportDefinitions { id name regionId } reportBookletTemplates { id } } }`;
    stack.restCalls.length = 0;
    const data = await ok<{
      organization: { reportDefinitions: Definition[]; reportBookletTemplates: Booklet[] };
      regions: Array<{ id: string; name: string; reportDefinitions: Array<{ id: string; name: string; regionId: string }> }>;
    }>(query, { o: organization }, 'manager');
    const names = data.organization.reportDefinitions.map((d) => d.name);
    expect(names).toContain('Monthly Fire Safety Inspection');
    expect(names).not.toContain('Weekly Sprinkler and Fire Pump Log');
    expect(data.organization.reportDefinitions.every((d) => d.regionId === null)).toBe(true);
    const monthly = data.organization.reportDefinitions.find((d) => d.name === 'Monthly Fire Safety Inspection')!;
    expect(monthly).toMatchObject({ cycleFrequency: 'MONTHLY', version: 1 });
    expect(monthly.sections[0]).toMatchObject({ detail: 'CONDITION', title: 'Portable Fire Extinguishers' });
    expect(monthly.sections[1]!.applicableEquipmentConditionIds).toBeNull();
    expect(data.regions.find((r) => r.name === 'Downtown')!.reportDefinitions.map((d) => d.name)).toEqual(['Weekly Sprinkler and Fire Pump Log']);
    // Every region's definitions in one REST call.
    expect(stack.restCalls.filter((c) => c.path.startsWith('/report-definitions?') && c.path.includes('filter[region]=') && !c.path.includes('filter[region]=null')).length).toBe(1);
    const booklet = data.organization.reportBookletTemplates.find((t) => t.name === 'Monthly Report Booklet')!;
    expect(booklet.reportDefinitions.map((d) => d.id)).toEqual(booklet.reportDefinitionIds);
    expect(booklet.primaryReportDefinitionId).toBe(booklet.reportDefinitionIds[0]);
  });

  it('offers the equipment pick lists of a cycle by organization or region', async () => {
    const query = 'query ($c: ID!, $o: ID, $r: ID) { reportEquipments(cycleId: $c, organizationId: $o, regionId: $r) { id name conditions { id label groupName } allLocationsGroupNames } }';
    type Equipment = { id: string; name: string; conditions: Array<{ id: string }>; allLocationsGroupNames: string[] };
    const { reportEquipments: byOrganization } = await ok<{ reportEquipments: Equipment[] }>(query, { c: weekly, o: organization }, 'manager');
    const valve = byOrganization.find((e) => e.name === 'Sprinkler Control Valve')!;
    expect(valve.conditions.length).toBeGreaterThan(0);
    expect(valve.allLocationsGroupNames).toContain('Sprinkler');
    const { reportEquipments: byRegion } = await ok<{ reportEquipments: Equipment[] }>(query, { c: weekly, r: downtown }, 'regional');
    expect(byRegion.map((e) => e.id)).toEqual(byOrganization.map((e) => e.id));
    expect((await ok<{ reportEquipments: Equipment[] }>(query, { c: weekly, o: organization }, 'harbour')).reportEquipments).toEqual([]);
  });

  it('adds and edits a definition, answering the saved record; mistakes and a stale version are payload errors at their fields', async () => {
    const created = await ok<{ createReportDefinition: DefinitionPayload }>(createDefinition, { input: { organizationId: organization, cycleId: weekly, regionId: downtown, name: 'Downtown Weekly', previousWalkaboutsCount: 2, sections: [section] } }, 'manager');
    expect(created.createReportDefinition.errors).toEqual([]);
    const definition = created.createReportDefinition.reportDefinition!;
    expect(definition).toMatchObject({ name: 'Downtown Weekly', regionId: downtown, cycle: { id: weekly }, version: 1, sections: [{ detail: 'GROUP', title: 'Everything', equipmentId: null }] });

    const taken = await ok<{ createReportDefinition: DefinitionPayload }>(createDefinition, { input: { organizationId: organization, cycleId: weekly, name: 'Downtown Weekly', sections: [] } }, 'manager');
    expect(taken.createReportDefinition).toEqual({
      reportDefinition: null,
      errors: expect.arrayContaining([
        { field: 'name', message: REPORT_NAME_TAKEN_DETAIL, code: 'VALIDATION_FAILED' },
        { field: 'sections', message: REPORT_SECTIONS_REQUIRED_MESSAGE, code: 'VALIDATION_FAILED' },
      ]),
    });

    const edited = await ok<{ updateReportDefinition: DefinitionPayload }>(
      updateDefinition,
      { input: { id: definition.id, version: 1, name: 'Downtown Weekly Log', isActive: false, sections: [{ ...section, detail: 'LOCATION_X_TYPES' }] } },
      'manager',
    );
    expect(edited.updateReportDefinition.reportDefinition).toMatchObject({ id: definition.id, name: 'Downtown Weekly Log', isActive: false, version: 2, sections: [{ detail: 'LOCATION_X_TYPES' }] });
    const stale = await ok<{ updateReportDefinition: DefinitionPayload }>(updateDefinition, { input: { id: definition.id, version: 1, name: 'Late' } }, 'admin');
    expect(stale.updateReportDefinition.reportDefinition).toBeNull();
    expect(stale.updateReportDefinition.errors[0]).toMatchObject({ field: 'version', code: 'STALE' });
    const foreign = await ok<{ updateReportDefinition: DefinitionPayload }>(updateDefinition, { input: { id: definition.id, version: 2, name: 'Across' } }, 'harbour');
    expect(foreign.updateReportDefinition.errors).toEqual([{ field: 'id', message: 'There is no such report definition.', code: 'NOT_FOUND' }]);
    const viewer = await run<{ updateReportDefinition: DefinitionPayload }>(updateDefinition, { input: { id: definition.id, version: 2, name: 'Viewer' } }, 'viewer');
    expect(viewer.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const add = await run(createDefinition, { input: { organizationId: organization, cycleId: weekly, name: 'By viewer', sections: [section] } }, 'viewer');
    expect(add.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const region = await ok<{ region: null; organization: { reportDefinitions: Array<{ id: string }> } }>('query ($o: ID!, $r: ID) { organization(id: $o) { reportDefinitions(region: $r) { id } } }', { o: organization, r: downtown }, 'manager');
    expect(region.organization.reportDefinitions.map((d) => d.id)).toContain(definition.id);
  });

  it('adds and edits a booklet; the primary must be one of its reports', async () => {
    const { organization: org } = await ok<{ organization: { reportDefinitions: Definition[] } }>('query ($o: ID!) { organization(id: $o) { reportDefinitions { id name } } }', { o: organization }, 'manager');
    const [a, b] = org.reportDefinitions.map((d) => d.id);
    const created = await ok<{ createReportBookletTemplate: BookletPayload }>(createBooklet, { input: { organizationId: organization, name: 'Gateway Booklet', displayType: 'CONSOLIDATED', reportDefinitionIds: [a, b] } }, 'manager');
    expect(created.createReportBookletTemplate.errors).toEqual([]);
    const booklet = created.createReportBookletTemplate.reportBookletTemplate!;
    expect(booklet).toMatchObject({ name: 'Gateway Booklet', displayType: 'CONSOLIDATED', reportDefinitionIds: [a, b], primaryReportDefinitionId: a, version: 1 });
    const wrong = await ok<{ updateReportBookletTemplate: BookletPayload }>(updateBooklet, { input: { id: booklet.id, version: 1, reportDefinitionIds: [a], primaryReportDefinitionId: b } }, 'manager');
    expect(wrong.updateReportBookletTemplate.errors).toEqual([{ field: 'primaryReportDefinitionId', message: BOOKLET_PRIMARY_NOT_IN_REPORTS_MESSAGE, code: 'VALIDATION_FAILED' }]);
    const edited = await ok<{ updateReportBookletTemplate: BookletPayload }>(updateBooklet, { input: { id: booklet.id, version: 1, displayType: 'DEFAULT', reportDefinitionIds: [b], primaryReportDefinitionId: b } }, 'manager');
    expect(edited.updateReportBookletTemplate.reportBookletTemplate).toMatchObject({ displayType: 'DEFAULT', reportDefinitionIds: [b], primaryReportDefinitionId: b, version: 2, reportDefinitions: [{ id: b }] });
    expect((await ok<{ updateReportBookletTemplate: BookletPayload }>(updateBooklet, { input: { id: booklet.id, version: 1, name: 'Late' } }, 'admin')).updateReportBookletTemplate.errors[0]!.code).toBe('STALE');
    const viewer = await run(updateBooklet, { input: { id: booklet.id, version: 2, name: 'Viewer' } }, 'viewer');
    expect(viewer.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const { reportBookletTemplate } = await ok<{ reportBookletTemplate: Booklet | null }>(`query ($id: ID!) { reportBookletTemplate(id: $id) { ${bookletFields} } }`, { id: booklet.id }, 'viewer');
    expect(reportBookletTemplate).toMatchObject({ id: booklet.id, version: 2 });
    expect((await ok<{ reportBookletTemplate: Booklet | null }>('query ($id: ID!) { reportBookletTemplate(id: $id) { id } }', { id: booklet.id }, 'harbour')).reportBookletTemplate).toBeNull();
  });
});
