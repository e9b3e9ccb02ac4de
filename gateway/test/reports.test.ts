/**
 * Reports through the gateway over the real backend (issue 10 point 8; inspection.md sections 2-7), read as an
 * integrator sees them, under the permissions of section 6 (the demo's viewer has walkabout reports only) and the
 * organization's tenancy (Harbour Strata sees nothing of Northwind): the walkabout reports of Yonge & Eglinton
 * Tower by group, the historical search and its 30-day rule, the latest reports, the signed download, on-demand
 * reports; a list of reports is one REST call whatever its length, and what its reports name one call per type.
 */
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@fsi/backend/testing';
import { startStack, type Stack } from './stack';

let stack: Stack;
const tokens: Record<string, string> = {};
let building = '';
let cycle = '';
/** Generated reports of Yonge & Eglinton Tower, by a short name (made in the database as the report jobs make them). */
const generated: Record<string, string> = {};
let yonge = '';
let yongeWalkabout = '';

type FieldErrors = Array<{ field: string | null; message: string; code: string }>;

async function ok<T>(query: string, variables: Record<string, unknown>, who: string): Promise<T> {
  const { status, body } = await stack.graphql<T>(query, { variables, token: tokens[who] });
  expect(status, JSON.stringify(body).slice(0, 400)).toBe(200);
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data!;
}

beforeAll(async () => {
  stack = await startStack();
  for (const username of ['manager', 'viewer', 'harbour']) tokens[username] = await stack.signIn(username);
  const { buildings } = await ok<{ buildings: { nodes: Array<{ id: string; name: string }> } }>('{ buildings(pageSize: 100) { nodes { id name } } }', {}, 'manager');
  building = buildings.nodes.find((b) => b.name === 'King Street Commerce Centre')!.id;
  const { walkabouts } = await ok<{ walkabouts: Array<{ id: string; cycle: { id: string; name: string } }> }>(
    'query ($b: ID!) { walkabouts(buildingId: $b) { id cycle { id name } } }',
    { b: building },
    'manager',
  );
  const monthly = walkabouts.find((w) => w.cycle.name === 'Monthly')!;
  cycle = monthly.cycle.id;

  // Generated reports of another building, each with its PDF in the storage, as the report jobs leave them.
  yonge = buildings.nodes.find((b) => b.name === 'Yonge & Eglinton Tower')!.id;
  const pdf = await PDFDocument.create();
  pdf.addPage([200, 200]).drawText('Weekly Walkabout Report', { x: 20, y: 100, size: 12 });
  const bytes = Buffer.from(await pdf.save());
  const { walkabouts: yongeWalkabouts } = await ok<{ walkabouts: Array<{ id: string; cycle: { name: string } }> }>(
    'query ($b: ID!) { walkabouts(buildingId: $b) { id cycle { name } } }',
    { b: yonge },
    'manager',
  );
  yongeWalkabout = yongeWalkabouts.find((w) => w.cycle.name === 'Monthly')!.id;
  const make = async (
    name: string,
    kind: 'walkabout' | 'audit' | 'fire_watch',
    options: { interim?: boolean; start: string; end: string; ready?: boolean; walkabout?: string },
  ) => {
    const key = options.ready === false ? null : `gateway-report-${name}-000000000.pdf`;
    if (key) await stack.backend.app.storage.put(key, bytes, 'application/pdf');
    const [row] = await stack.backend.db
      .insert(schema.generatedReports)
      .values({
        kind,
        sourceKey: `gateway-test:${name}`,
        buildingId: Number(yonge),
        cycleId: Number(cycle),
        walkaboutId: options.walkabout ? Number(options.walkabout) : null,
        name: `Yonge ${name}`,
        isInterim: options.interim ?? false,
        status: key ? 'ready' : 'pending',
        uploadKey: key,
        pageCount: key ? 1 : null,
        startDate: options.start,
        endDate: options.end,
        lockedAt: options.interim ? null : new Date(`${options.end}T23:00:00Z`),
        generatedAt: key ? new Date() : null,
      })
      .returning({ id: schema.generatedReports.id });
    generated[name] = String(row!.id);
  };
  await make('october', 'walkabout', { start: '2026-10-01', end: '2026-10-31', walkabout: yongeWalkabout });
  await make('september', 'walkabout', { start: '2026-09-01', end: '2026-09-30' });
  await make('november-interim', 'walkabout', { interim: true, start: '2026-11-01', end: '2026-11-30' });
  await make('october-audit', 'audit', { start: '2026-10-01', end: '2026-10-31' });
  await make('october-fire-watch', 'fire_watch', { start: '2026-10-12', end: '2026-10-12' });
});

afterAll(() => stack?.close());

type WalkaboutReportData = {
  id: string;
  name: string;
  type: string;
  url: string;
  startDate: string | null;
  endDate: string | null;
  isInterim: boolean;
  status: string;
  building: { id: string };
  cycle: { id: string } | null;
  walkabout: { id: string } | null;
};
type ListData = { walkaboutReports: { nodes: WalkaboutReportData[]; pageInfo: { totalCount: number }; errors: FieldErrors } };

const listQuery = `query ($b: ID!, $group: WalkaboutReportGroup, $types: [WalkaboutReportType!], $from: Date, $to: Date) {
  walkaboutReports(buildingId: $b, group: $group, types: $types, dateFrom: $from, dateTo: $to) {
    nodes { id name type url startDate endDate cycleName lockedAt isInterim status pageCount generatedAt building { id } cycle { id } walkabout { id } }
    pageInfo { totalCount }
    errors { field message code }
  } }`;

describe('walkabout reports through GraphQL', () => {
  const list = async (who: string, variables: Record<string, unknown>) => (await ok<ListData>(listQuery, { b: yonge, ...variables }, who)).walkaboutReports;
  const ids = (names: string[]) => names.map((n) => generated[n]!).sort();

  it('lists the groups of the reports screen, each as the viewer may see it', async () => {
    const completed = await list('manager', { group: 'COMPLETED_WALKABOUT' });
    expect(completed.errors).toEqual([]);
    expect(completed.nodes.map((r) => r.id).sort()).toEqual(ids(['october', 'september']));
    const october = completed.nodes.find((r) => r.id === generated.october)!;
    expect(october).toMatchObject({
      name: 'Yonge october',
      type: 'WALKABOUT_REPORTS',
      startDate: '2026-10-01',
      endDate: '2026-10-31',
      isInterim: false,
      status: 'READY',
      building: { id: yonge },
      cycle: { id: cycle },
      walkabout: { id: yongeWalkabout },
    });
    expect(october.url).toMatch(new RegExp(`/walkabout-reports/${generated.october}/download$`));
    expect((await list('manager', { group: 'INTERIM' })).nodes.map((r) => r.id)).toEqual(ids(['november-interim']));
    expect((await list('manager', { group: 'AUDIT' })).nodes.map((r) => r.id)).toEqual(ids(['october-audit']));
    // The viewer has walkabout reports only: the audit group is refused, and the ungrouped list leaves audits and fire watches out.
    const { body } = await stack.graphql(listQuery, { variables: { b: yonge, group: 'AUDIT' }, token: tokens.viewer });
    expect(body.errors?.map((e) => e.extensions?.code)).toEqual(['FORBIDDEN']);
    expect((await list('viewer', {})).nodes.map((r) => r.id).sort()).toEqual(ids(['october', 'september', 'november-interim']));
  });

  it('searches historical reports by type and a date range of at most 30 days, the rule said at dateTo', async () => {
    const october = await list('manager', { group: 'HISTORICAL', from: '2026-10-05', to: '2026-10-20' });
    expect(october.errors).toEqual([]);
    expect(october.nodes.map((r) => r.id).sort()).toEqual(ids(['october', 'october-audit', 'october-fire-watch']));
    const walkaboutsOnly = await list('manager', { group: 'HISTORICAL', types: ['WALKABOUT_REPORTS'], from: '2026-09-20', to: '2026-10-10' });
    expect(walkaboutsOnly.nodes.map((r) => r.id).sort()).toEqual(ids(['october', 'september']));
    const tooLong = await list('manager', { group: 'HISTORICAL', from: '2026-09-01', to: '2026-10-15' });
    expect(tooLong.nodes).toEqual([]);
    expect(tooLong.errors).toEqual([
      {
        field: 'dateTo',
        message: 'Historical reports can be searched over at most 30 days: the end date is 44 days after the start date.',
        code: 'VALIDATION_FAILED',
      },
    ]);
    const notADate = await list('manager', { group: 'HISTORICAL', from: '2026-02-31', to: '2026-03-10' });
    expect(notADate.errors.map((e) => [e.field, e.code])).toEqual([['dateFrom', 'VALIDATION_FAILED']]);
    // The viewer may not search a type it may not see.
    const { body } = await stack.graphql(listQuery, { variables: { b: yonge, group: 'HISTORICAL', types: ['WALKABOUT_AUDIT_REPORTS'] }, token: tokens.viewer });
    expect(body.errors?.map((e) => e.extensions?.code)).toEqual(['FORBIDDEN']);
  });

  it('gets the latest completed reports by type, as the viewer may see them', async () => {
    const latestQuery = `query ($b: ID!) { latestWalkaboutReports(buildingId: $b) {
      walkaboutReports { id } walkaboutAuditReports { id } reportBooklets { id } fireWatchReports { id } adhocReports { id } } }`;
    type Latest = { latestWalkaboutReports: Record<string, Array<{ id: string }>> | null };
    const managers = (await ok<Latest>(latestQuery, { b: yonge }, 'manager')).latestWalkaboutReports!;
    expect(managers.walkaboutReports!.map((r) => r.id)).toContain(generated.october);
    expect(managers.walkaboutReports!.map((r) => r.id)).not.toContain(generated['november-interim']);
    expect(managers.walkaboutAuditReports!.map((r) => r.id)).toEqual([generated['october-audit']]);
    expect(managers.fireWatchReports!.map((r) => r.id)).toEqual([generated['october-fire-watch']]);
    const viewers = (await ok<Latest>(latestQuery, { b: yonge }, 'viewer')).latestWalkaboutReports!;
    expect(viewers.walkaboutAuditReports).toEqual([]);
    expect(viewers.fireWatchReports).toEqual([]);
    expect((await ok<Latest>(latestQuery, { b: yonge }, 'harbour')).latestWalkaboutReports).toBeNull();
  });

  it("opens a report's PDF through a signed link, without a session", async () => {
    const downloadQuery = 'query ($id: ID!) { walkaboutReportDownload(id: $id) { downloadUrl filename expiresAt } }';
    type Download = { walkaboutReportDownload: { downloadUrl: string; filename: string; expiresAt: string } | null };
    const download = (await ok<Download>(downloadQuery, { id: generated.october }, 'manager')).walkaboutReportDownload!;
    expect(download.filename).toMatch(/\.pdf$/);
    expect(new Date(download.expiresAt).getTime()).toBeGreaterThan(Date.now());
    expect(download.downloadUrl).toMatch(/^\/signed-files\//);
    // The backend serves signed files; the gateway's origin does not pass /signed-files through yet (its uploads routes pass /files).
    const file = await fetch(new URL(download.downloadUrl, stack.backend.url));
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toMatch(/^application\/pdf/);
    expect(Buffer.from(await file.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
    // Another organization's report, and an id that names none, are null; the audit report is FORBIDDEN to the viewer.
    expect((await ok<Download>(downloadQuery, { id: generated.october }, 'harbour')).walkaboutReportDownload).toBeNull();
    expect((await ok<Download>(downloadQuery, { id: 'x' }, 'manager')).walkaboutReportDownload).toBeNull();
    const { body } = await stack.graphql(downloadQuery, { variables: { id: generated['october-audit'] }, token: tokens.viewer });
    expect(body.errors?.map((e) => e.extensions?.code)).toEqual(['FORBIDDEN']);
  });

  it('shows nothing of another organization: its walkabout reports list none', async () => {
    const harbours = await list('harbour', {});
    expect(harbours).toEqual({ nodes: [], pageInfo: { totalCount: 0 }, errors: [] });
  });

  it("costs one REST call for a list of reports, and one per type for their buildings, cycles and walkabouts", async () => {
    const before = stack.restCalls.length;
    const all = await list('manager', {});
    expect(all.nodes.length).toBe(5);
    const calls = stack.restCalls.slice(before).map((c) => `${c.method} ${c.path.replace(/\?.*/, '')}`);
    expect(calls.sort()).toEqual(['GET /buildings', 'GET /cycles', 'GET /walkabout-reports', 'GET /walkabouts']);
  });
});

describe('on-demand reports through GraphQL', () => {
  const optionsQuery = `query ($b: ID!) { onDemandReportOptions(buildingId: $b) {
    reportDefinitions { id name isActive cycle { id name } }
    cycles { id name }
    walkabouts { id date startDate endDate lockedAt isLocked inspectorsPresent cycle { id name } }
    reportBookletTemplates { id name isActive primaryReportDefinitionId templateName cycle { id } } } }`;
  const pollQuery = 'query ($id: ID!) { onDemandReport(id: $id) { id type status pdfUrl reportId error createdAt building { id name } } }';
  type Options = {
    onDemandReportOptions: {
      reportDefinitions: Array<{ id: string; name: string; isActive: boolean; cycle: { id: string; name: string } }>;
      cycles: Array<{ id: string; name: string }>;
      walkabouts: Array<{ id: string; cycle: { name: string } }>;
      reportBookletTemplates: Array<{ id: string; name: string; primaryReportDefinitionId: string | null; cycle: { id: string } | null }>;
    } | null;
  };
  type Poll = { onDemandReport: { id: string; type: string; status: string; pdfUrl: string | null; reportId: string | null; building: { id: string } } | null };
  let definition = '';
  let booklet = '';

  beforeAll(async () => {
    const { building: b } = await ok<{ building: { organization: { id: string } } }>('query ($id: ID!) { building(id: $id) { organization { id } } }', { id: yonge }, 'manager');
    const organizationId = Number(b.organization.id);
    const [made] = await stack.backend.db
      .insert(schema.reportDefinitions)
      .values({ organizationId, buildingId: Number(yonge), cycleId: Number(cycle), name: 'Yonge monthly inspection' })
      .returning({ id: schema.reportDefinitions.id });
    definition = String(made!.id);
    const [template] = await stack.backend.db
      .insert(schema.reportBookletTemplates)
      .values({ organizationId, buildingId: Number(yonge), name: 'Yonge fire department booklet', reportDefinitionIds: [made!.id], primaryReportDefinitionId: made!.id })
      .returning({ id: schema.reportBookletTemplates.id });
    booklet = String(template!.id);
    await stack.backend.db.insert(schema.onDemandReports).values([
      { identificator: 'gateway-pending-0001', buildingId: Number(yonge), reportType: 'walkabout_reports', status: 'pending' },
      { identificator: 'gateway-ready-0001', buildingId: Number(yonge), reportType: 'report_booklets', status: 'ready', generatedReportId: Number(generated.october) },
    ]);
  });

  it("lists what a building offers on demand, with the cycles of its definitions, walkabouts and booklets", async () => {
    const options = (await ok<Options>(optionsQuery, { b: yonge }, 'manager')).onDemandReportOptions!;
    expect(options.reportDefinitions).toContainEqual({ id: definition, name: 'Yonge monthly inspection', isActive: true, cycle: { id: cycle, name: 'Monthly' } });
    expect(options.cycles.map((c) => c.name)).toEqual(expect.arrayContaining(['Daily', 'Weekly', 'Monthly']));
    expect(options.walkabouts.map((w) => w.id)).toContain(yongeWalkabout);
    expect(options.reportBookletTemplates).toContainEqual({
      id: booklet,
      name: 'Yonge fire department booklet',
      isActive: true,
      primaryReportDefinitionId: definition,
      templateName: 'default',
      cycle: { id: cycle },
    });
    // The viewer may not create reports; another organization sees no such building.
    const { body } = await stack.graphql(optionsQuery, { variables: { b: yonge }, token: tokens.viewer });
    expect(body.errors?.map((e) => e.extensions?.code)).toEqual(['FORBIDDEN']);
    expect((await ok<Options>(optionsQuery, { b: yonge }, 'harbour')).onDemandReportOptions).toBeNull();
  });

  it('answers the poll of an on-demand report: pdfUrl null while it is made, then set with its report', async () => {
    const pending = (await ok<Poll>(pollQuery, { id: 'gateway-pending-0001' }, 'manager')).onDemandReport!;
    expect(pending).toMatchObject({ id: 'gateway-pending-0001', type: 'WALKABOUT_REPORTS', status: 'PENDING', pdfUrl: null, reportId: null, building: { id: yonge } });
    const ready = (await ok<Poll>(pollQuery, { id: 'gateway-ready-0001' }, 'manager')).onDemandReport!;
    expect(ready).toMatchObject({ type: 'REPORT_BOOKLETS', status: 'READY', reportId: generated.october });
    expect(ready.pdfUrl).toMatch(new RegExp(`/walkabout-reports/${generated.october}/download$`));
    expect((await ok<Poll>(pollQuery, { id: 'gateway-ready-0001' }, 'harbour')).onDemandReport).toBeNull();
    expect((await ok<Poll>(pollQuery, { id: 'no such' }, 'manager')).onDemandReport).toBeNull();
    const { body } = await stack.graphql(pollQuery, { variables: { id: 'gateway-ready-0001' }, token: tokens.viewer });
    expect(body.errors?.map((e) => e.extensions?.code)).toEqual(['FORBIDDEN']);
  });
});
