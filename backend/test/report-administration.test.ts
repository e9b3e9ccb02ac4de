/**
 * Report definitions and booklet templates administration (issue 14; admin-people-schedules.md sections 3-9): the
 * lists and their filters, one record, adding and editing (name taken in the organization, at least one section or
 * report, the section details, the Data counts of the cycle's frequency, the template name for administrators, the
 * cycle fixed after creation, the primary report one of the reports), 409 STALE, who may do each (section 6) and the
 * section editor's equipment pick lists. What is saved is what the report generation reads.
 */
import { STALE_EDIT_MESSAGE } from '@fsi/shared';
import { BOOKLET_PRIMARY_NOT_IN_REPORTS_MESSAGE, BOOKLET_REPORTS_REQUIRED_MESSAGE, NOT_ALLOWED_TO_ADD_REPORTS_MESSAGE, NOT_ALLOWED_TO_UPDATE_BOOKLETS_MESSAGE, NOT_ALLOWED_TO_UPDATE_REPORTS_MESSAGE, previousWalkaboutsMessage, REPORT_CYCLE_FIXED_MESSAGE, REPORT_NAME_REQUIRED_MESSAGE, REPORT_NAME_TAKEN_DETAIL, REPORT_REGION_NOT_IN_SCOPE_MESSAGE, REPORT_SECTIONS_REQUIRED_MESSAGE, REPORT_TEMPLATE_NAME_ADMIN_ONLY_MESSAGE, reportSectionDetailMessage } from '@fsi/shared/report-administration';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema, type TestBackend } from '../src/testing';
import { databases, demoIds, list, one, signedIn, startTestBackend, userWithGrants, type Client } from './helpers';

describe.each(databases)('report definitions and booklet templates administration on %s', (database) => {
  let backend: TestBackend;
  let demo: Awaited<ReturnType<typeof demoIds>>;
  let weekly: string;
  let daily: string;
  let extinguisher: number;
  const as: Record<string, Client> = {};

  beforeAll(async () => {
    backend = await startTestBackend({ database });
    demo = await demoIds(backend);
    weekly = demo.cycle(demo.northwind, 'Weekly');
    daily = demo.cycle(demo.northwind, 'Daily');
    const [type] = await backend.db
      .select({ id: schema.equipmentTypes.id })
      .from(schema.equipmentTypes)
      .where(and(eq(schema.equipmentTypes.organizationId, demo.northwind), eq(schema.equipmentTypes.name, 'Portable Fire Extinguisher')));
    extinguisher = type!.id;
    for (const username of ['admin', 'manager', 'regional', 'inspector', 'viewer', 'harbour']) as[username] = await signedIn(backend, username);
    as.organizationManager = await userWithGrants(backend, demo.northwind, 'report-org-manager', { organizationPermissions: { manage: true } });
    as.reportCreator = await userWithGrants(backend, demo.northwind, 'report-creator', { reportPermissions: { createWalkabout: true } });
  });
  afterAll(() => backend?.close());

  const section = (overrides: Record<string, unknown> = {}) => ({
    equipmentId: extinguisher,
    detail: 'condition',
    title: 'Extinguishers',
    includeMetadata: true,
    pageBreakAfter: true,
    applicableEquipmentConditionIds: [],
    applicableEquipmentIds: [],
    applicableGroupNames: [],
    ...overrides,
  });
  const createDefinition = (who: Client, attributes: Record<string, unknown>, relationships: Record<string, unknown> = {}) =>
    who.post('/report-definitions', {
      data: {
        type: 'report-definitions',
        attributes: { previousWalkaboutsCount: 0, sections: [section()], generateReport: true, ...attributes },
        relationships: { organization: { data: { type: 'organizations', id: String(demo.northwind) } }, cycle: { data: { type: 'cycles', id: weekly } }, region: { data: null }, ...relationships },
      },
    });
  const patchDefinition = (who: Client, id: string, attributes: Record<string, unknown>, relationships?: Record<string, unknown>) =>
    who.patch(`/report-definitions/${id}`, { data: { type: 'report-definitions', id, attributes, ...(relationships ? { relationships } : {}) } });
  const createBooklet = (who: Client, attributes: Record<string, unknown>, reportIds: string[], primary: string | null, region: string | null = null) =>
    who.post('/report-booklet-templates', {
      data: {
        type: 'report-booklet-templates',
        attributes: { displayType: 'default', ...attributes },
        relationships: {
          organization: { data: { type: 'organizations', id: String(demo.northwind) } },
          reportDefinitions: { data: reportIds.map((id) => ({ type: 'report-definitions', id })) },
          primaryReportDefinition: { data: primary ? { type: 'report-definitions', id: primary } : null },
          region: { data: region ? { type: 'regions', id: region } : null },
        },
      },
    });
  const names = async (who: Client, query: string) => list((await who.get(`/report-definitions?${query}`)).body).map((d) => d.attributes.name);

  it('lists the organization’s definitions by name with their sections, version and building names, filtered by region', async () => {
    const all = list((await as.manager!.get(`/report-definitions?filter[organization]=${demo.northwind}`)).body);
    expect(all.map((d) => d.attributes.name)).toEqual([...all.map((d) => d.attributes.name as string)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const monthly = all.find((d) => d.attributes.name === 'Monthly Fire Safety Inspection')!;
    expect(monthly.attributes).toMatchObject({ previousWalkaboutsCount: 2, templateName: 'default', version: 1, regionId: null, cycleFrequency: 'monthly' });
    expect((monthly.attributes.sections as unknown[]).length).toBe(6);
    const daily = all.find((d) => d.attributes.name === 'Daily Fire Alarm and Fire Door Log')!;
    expect(daily.attributes.buildingNames).toEqual(["Queen's Quay Residences"]);
    const noRegion = await names(as.manager!, `filter[organization]=${demo.northwind}&filter[region]=null`);
    expect(noRegion).toContain('Monthly Fire Safety Inspection');
    expect(noRegion).not.toContain('Weekly Sprinkler and Fire Pump Log');
    expect(await names(as.manager!, `filter[region]=${demo.region('Downtown')},${demo.region('Harbourfront')}`)).toEqual(['Weekly Sprinkler and Fire Pump Log']);
    expect((await as.manager!.get('/report-definitions?filter[region]=downtown')).status).toBe(400);
    const one_ = await as.inspector!.get(`/report-definitions/${monthly.id}`);
    expect(one(one_.body).attributes.name).toBe('Monthly Fire Safety Inspection');
    expect((await as.harbour!.get(`/report-definitions/${monthly.id}`)).status).toBe(404);
  });

  it('shows a region user their region subtree’s and the organization-wide definitions only', async () => {
    const [uptown] = await backend.db
      .insert(schema.reportDefinitions)
      .values({ organizationId: demo.northwind, regionId: Number(demo.region('Uptown')), cycleId: Number(weekly), name: 'Uptown Weekly', sections: [] })
      .returning();
    const seen = await names(as.regional!, 'page[size]=100');
    expect(seen).toContain('Weekly Sprinkler and Fire Pump Log');
    expect(seen).toContain('Monthly Fire Safety Inspection');
    expect(seen).not.toContain('Uptown Weekly');
    expect(await names(as.manager!, 'page[size]=100')).toContain('Uptown Weekly');
    expect((await as.regional!.get(`/report-definitions/${uptown!.id}`)).status).toBe(404);
    expect((await patchDefinition(as.regional!, String(uptown!.id), { name: 'Taken over' })).status).toBe(404);
    // filter[userId]: the regional user's region line and the organization-wide ones.
    const forRegional = await names(as.manager!, `filter[userId]=${demo.user('regional')}&page[size]=100`);
    expect(forRegional).toContain('Weekly Sprinkler and Fire Pump Log');
    expect(forRegional).not.toContain('Uptown Weekly');
    expect(await names(as.manager!, `filter[userId]=${demo.user('manager')}&page[size]=100`)).toContain('Uptown Weekly');
    expect(await names(as.harbour!, `filter[userId]=${demo.user('manager')}`)).toEqual([]);
  });

  it('adds a definition for users who can create walkabout reports, as the report generation reads it, and refuses the others', async () => {
    const created = await createDefinition(as.reportCreator!, { name: '  Extinguisher Check  ', previousWalkaboutsCount: 3 });
    expect(created.status).toBe(201);
    const attributes = one(created.body).attributes;
    expect(attributes).toMatchObject({ name: 'Extinguisher Check', previousWalkaboutsCount: 3, templateName: 'default', isActive: true, generateReport: true, version: 1, cycleId: Number(weekly) });
    const [row] = await backend.db.select().from(schema.reportDefinitions).where(eq(schema.reportDefinitions.id, Number(one(created.body).id)));
    expect(row!.sections).toEqual([section({ applicableEquipmentConditionIds: [] })]);
    for (const who of ['inspector', 'viewer', 'organizationManager']) {
      const refused = await createDefinition(as[who]!, { name: `By ${who}` });
      expect(refused.status).toBe(403);
      expect(refused.body.errors![0]).toMatchObject({ code: 'FORBIDDEN', detail: NOT_ALLOWED_TO_ADD_REPORTS_MESSAGE });
    }
    expect((await createDefinition(as.admin!, { name: 'By the administrator', templateName: 'log' })).status).toBe(201);
    expect((await createDefinition(as.harbour!, { name: 'Across' })).status).toBe(404);
  });

  it("answers the definition rules with the spec's words at their pointers", async () => {
    const taken = await createDefinition(as.manager!, { name: 'monthly fire safety inspection' });
    expect(taken.status).toBe(422);
    expect(taken.body.errors).toEqual([expect.objectContaining({ detail: REPORT_NAME_TAKEN_DETAIL, source: { pointer: '/data/attributes/name' } })]);
    // The same name in another organization is free.
    const harbourCycle = demo.cycle(demo.harbour, 'Monthly');
    const elsewhere = await as.harbour!.post('/report-definitions', {
      data: { attributes: { name: 'Monthly Fire Safety Inspection', sections: [section({ equipmentId: null, detail: 'group' })] }, relationships: { cycle: { data: { type: 'cycles', id: harbourCycle } } } },
    });
    expect(elsewhere.status).toBe(201);
    const bad = await createDefinition(as.manager!, { name: ' ', sections: [], templateName: 'fancy', previousWalkaboutsCount: 52 });
    expect(bad.status).toBe(422);
    const byPointer = Object.fromEntries(bad.body.errors!.map((e) => [e.source!.pointer, e.detail]));
    expect(byPointer).toEqual({
      '/data/attributes/name': REPORT_NAME_REQUIRED_MESSAGE,
      '/data/attributes/sections': REPORT_SECTIONS_REQUIRED_MESSAGE,
      '/data/attributes/templateName': REPORT_TEMPLATE_NAME_ADMIN_ONLY_MESSAGE,
      '/data/attributes/previousWalkaboutsCount': previousWalkaboutsMessage('weekly'),
    });
    expect((await createDefinition(as.manager!, { name: 'Daily 30', previousWalkaboutsCount: 30 }, { cycle: { data: { type: 'cycles', id: daily } } })).status).toBe(201);
    expect((await createDefinition(as.manager!, { name: 'Daily 31', previousWalkaboutsCount: 31 }, { cycle: { data: { type: 'cycles', id: daily } } })).status).toBe(422);
    const detail = await createDefinition(as.manager!, { name: 'Odd detail', sections: [section({ detail: 'pie_chart' })] });
    expect(detail.body.errors![0]).toMatchObject({ detail: reportSectionDetailMessage, source: { pointer: '/data/attributes/sections/0/detail' } });
    const foreignCycle = await createDefinition(as.manager!, { name: 'Foreign cycle' }, { cycle: { data: { type: 'cycles', id: harbourCycle } } });
    expect(foreignCycle.status).toBe(422);
    expect(foreignCycle.body.errors![0]!.source!.pointer).toBe('/data/relationships/cycle/data');
    const regional = await createDefinition(as.regional!, { name: 'Regional global' });
    expect(regional.body.errors![0]).toMatchObject({ detail: REPORT_REGION_NOT_IN_SCOPE_MESSAGE });
    expect((await createDefinition(as.regional!, { name: 'Regional Downtown' }, { region: { data: { type: 'regions', id: demo.region('Harbourfront') } } })).status).toBe(201);
  });

  it('edits a definition over its version, keeps the cycle, and refuses a stale version with 409 STALE', async () => {
    const created = one((await createDefinition(as.manager!, { name: 'To edit' })).body);
    const edited = await patchDefinition(as.manager!, created.id, {
      name: 'Edited',
      previousWalkaboutsCount: 1,
      isActive: false,
      generateReport: false,
      sections: [section({ detail: 'location', includeMetadata: null, applicableEquipmentConditionIds: null })],
      version: 1,
    });
    expect(edited.status).toBe(200);
    expect(one(edited.body).attributes).toMatchObject({ name: 'Edited', isActive: false, generateReport: false, previousWalkaboutsCount: 1, version: 2 });
    expect(await names(as.manager!, 'filter[active]=false&page[size]=100')).toContain('Edited');
    const stale = await patchDefinition(as.admin!, created.id, { name: 'Late', version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.errors![0]).toMatchObject({ code: 'STALE', detail: STALE_EDIT_MESSAGE });
    const cycle = await patchDefinition(as.manager!, created.id, { version: 2 }, { cycle: { data: { type: 'cycles', id: daily } } });
    expect(cycle.body.errors![0]).toMatchObject({ detail: REPORT_CYCLE_FIXED_MESSAGE, source: { pointer: '/data/relationships/cycle/data' } });
    expect((await patchDefinition(as.manager!, created.id, { version: 2 }, { cycle: { data: { type: 'cycles', id: weekly } }, region: { data: null } })).status).toBe(200);
    expect((await patchDefinition(as.manager!, created.id, { templateName: 'log' })).body.errors![0]!.detail).toBe(REPORT_TEMPLATE_NAME_ADMIN_ONLY_MESSAGE);
    expect(one((await patchDefinition(as.admin!, created.id, { templateName: 'log' })).body).attributes.templateName).toBe('log');
    expect((await patchDefinition(as.manager!, created.id, { name: 'Monthly Fire Safety Inspection' })).body.errors![0]!.detail).toBe(REPORT_NAME_TAKEN_DETAIL);
  });

  it('lets administrators, report updaters and organization managers edit, and refuses the others', async () => {
    const created = one((await createDefinition(as.manager!, { name: 'Who edits' })).body);
    expect((await patchDefinition(as.organizationManager!, created.id, { name: 'By the organization manager' })).status).toBe(200);
    expect((await patchDefinition(as.admin!, created.id, { name: 'Edited by the administrator' })).status).toBe(200);
    for (const who of ['inspector', 'viewer', 'reportCreator']) {
      const refused = await patchDefinition(as[who]!, created.id, { name: `By ${who}` });
      expect(refused.status).toBe(403);
      expect(refused.body.errors![0]).toMatchObject({ code: 'FORBIDDEN', detail: NOT_ALLOWED_TO_UPDATE_REPORTS_MESSAGE });
    }
    expect((await patchDefinition(as.harbour!, created.id, { name: 'Across' })).status).toBe(404);
    expect(one((await as.manager!.get(`/report-definitions/${created.id}`)).body).attributes.name).toBe('Edited by the administrator');
  });

  it('adds and edits booklets: at least one report, the primary one of them (the first by default), 409 STALE, and who may', async () => {
    const definitions = list((await as.manager!.get(`/report-definitions?filter[organization]=${demo.northwind}&filter[region]=null`)).body);
    const [a, b] = definitions.map((d) => d.id);
    const created = await createBooklet(as.manager!, { name: 'Quarterly Booklet', displayType: 'consolidated' }, [a!, b!], null);
    expect(created.status).toBe(201);
    const booklet = one(created.body);
    expect(booklet.attributes).toMatchObject({ name: 'Quarterly Booklet', displayType: 'consolidated', reportDefinitionIds: [Number(a), Number(b)], primaryReportDefinitionId: Number(a), version: 1, isActive: true });
    const none = await createBooklet(as.manager!, { name: ' ' }, [], null);
    expect(Object.fromEntries(none.body.errors!.map((e) => [e.source!.pointer, e.detail]))).toEqual({
      '/data/attributes/name': REPORT_NAME_REQUIRED_MESSAGE,
      '/data/relationships/reportDefinitions/data': BOOKLET_REPORTS_REQUIRED_MESSAGE,
    });
    const primary = await createBooklet(as.manager!, { name: 'Wrong primary' }, [a!], b!);
    expect(primary.body.errors![0]).toMatchObject({ detail: BOOKLET_PRIMARY_NOT_IN_REPORTS_MESSAGE, source: { pointer: '/data/relationships/primaryReportDefinition/data' } });
    expect((await createBooklet(as.manager!, { name: 'monthly report booklet' }, [a!], a!)).body.errors![0]!.detail).toBe(REPORT_NAME_TAKEN_DETAIL);
    expect((await createBooklet(as.manager!, { name: 'Bad type', displayType: 'fancy' }, [a!], a!)).status).toBe(422);
    expect((await createBooklet(as.inspector!, { name: 'By inspector' }, [a!], a!)).status).toBe(403);

    const patch = (who: Client, attributes: Record<string, unknown>, relationships?: Record<string, unknown>) =>
      who.patch(`/report-booklet-templates/${booklet.id}`, { data: { type: 'report-booklet-templates', id: booklet.id, attributes, ...(relationships ? { relationships } : {}) } });
    const edited = await patch(as.manager!, { name: 'Quarterly', isActive: false, version: 1 }, {
      reportDefinitions: { data: [{ type: 'report-definitions', id: b! }] },
      primaryReportDefinition: { data: { type: 'report-definitions', id: b! } },
    });
    expect(edited.status).toBe(200);
    expect(one(edited.body).attributes).toMatchObject({ name: 'Quarterly', isActive: false, reportDefinitionIds: [Number(b)], primaryReportDefinitionId: Number(b), version: 2 });
    expect((await patch(as.admin!, { name: 'Late', version: 1 })).body.errors![0]).toMatchObject({ code: 'STALE' });
    expect((await patch(as.manager!, {}, { reportDefinitions: { data: [] } })).body.errors![0]!.detail).toBe(BOOKLET_REPORTS_REQUIRED_MESSAGE);
    for (const who of ['inspector', 'viewer', 'reportCreator']) {
      expect((await patch(as[who]!, { name: 'Nope' })).body.errors![0]).toMatchObject({ code: 'FORBIDDEN', detail: NOT_ALLOWED_TO_UPDATE_BOOKLETS_MESSAGE });
    }
    expect((await patch(as.organizationManager!, { displayType: 'default' })).status).toBe(200);
    expect((await patch(as.harbour!, { name: 'Across' })).status).toBe(404);
    const read = await as.viewer!.get(`/report-booklet-templates/${booklet.id}`);
    expect(one(read.body).attributes).toMatchObject({ name: 'Quarterly', displayType: 'default', version: 3 });
    const inactive = list((await as.manager!.get('/report-booklet-templates?filter[active]=false&filter[region]=null')).body);
    expect(inactive.map((t) => t.attributes.name)).toEqual(['Quarterly']);
  });

  it("lists each equipment type's tasks of the cycle and their group names for the section editor", async () => {
    const answer = await as.manager!.get(`/cycles/${weekly}/organizations/${demo.northwind}/reports/equipments`);
    expect(answer.status).toBe(200);
    const types = list(answer.body);
    const valve = types.find((t) => t.attributes.name === 'Sprinkler Control Valve')!;
    const [tasks] = [await backend.db.select().from(schema.tasks).where(and(eq(schema.tasks.equipmentTypeId, Number(valve.id)), eq(schema.tasks.cycleId, Number(weekly)), eq(schema.tasks.status, 'active')))];
    expect((valve.attributes.conditions as Array<{ id: number }>).map((c) => c.id).sort()).toEqual(tasks.map((t) => t.id).sort());
    expect(valve.attributes.allLocationsGroupNames).toContain('Sprinkler');
    const region = await as.regional!.get(`/cycles/${weekly}/regions/${demo.region('Downtown')}/reports/equipments`);
    expect(list(region.body).map((t) => t.id)).toEqual(types.map((t) => t.id));
    expect((await as.regional!.get(`/cycles/${weekly}/regions/${demo.region('Uptown')}/reports/equipments`)).status).toBe(404);
    expect((await as.harbour!.get(`/cycles/${weekly}/organizations/${demo.northwind}/reports/equipments`)).status).toBe(404);
    expect((await as.harbour!.get(`/cycles/${weekly}/organizations/${demo.harbour}/reports/equipments`)).status).toBe(404);
  });
});
