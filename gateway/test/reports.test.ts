/**
 * Reports through the gateway over the real backend (issue 10 point 8; inspection.md sections 2-7), read as an
 * integrator sees them, under the permissions of section 6 (the demo's viewer has walkabout reports only) and the
 * organization's tenancy (Harbour Strata sees nothing of Northwind): the walkabout reports of Yonge & Eglinton
 * Tower by group, the historical search and its 30-day rule, the latest reports, the signed download, on-demand
 * reports; a list of reports is one REST call whatever its length, and what its reports name one call per type.
 */
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema, seed } from '@fsi/backend/testing';
import { startStack, type Stack } from './stack';

let stack: Stack;
const tokens: Record<string, string> = {};
let building = '';
let cycle = '';
let monthlyWalkabout = '';
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
  monthlyWalkabout = monthly.id;

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

  it("opens a report's PDF through a signed link on the gateway's origin, without a session", async () => {
    const downloadQuery = 'query ($id: ID!) { walkaboutReportDownload(id: $id) { downloadUrl filename expiresAt } }';
    type Download = { walkaboutReportDownload: { downloadUrl: string; filename: string; expiresAt: string } | null };
    const download = (await ok<Download>(downloadQuery, { id: generated.october }, 'manager')).walkaboutReportDownload!;
    expect(download.filename).toMatch(/\.pdf$/);
    expect(new Date(download.expiresAt).getTime()).toBeGreaterThan(Date.now());
    expect(download.downloadUrl).toMatch(/^\/signed-files\//);
    // On the gateway's origin, as the browser opens it: no Authorization header.
    const file = await fetch(new URL(download.downloadUrl, stack.url));
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toMatch(/^application\/pdf/);
    expect(Buffer.from(await file.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
    // An altered signature is refused.
    const altered = await fetch(new URL(download.downloadUrl.replace(/signature=[^&]+/, 'signature=0000'), stack.url));
    expect(altered.status).toBe(403);
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

/*
 * Failure and notes reports: the manager records two failures and a note on King Street's Monthly walkabout and
 * locks it; the reports, their items and the follow-up mutations (acknowledge, comment, repair) follow. A report's
 * rows, items and comments cost no REST call of their own.
 */
const items = { blocked: '', empty: '', noted: '' };

type Item = {
  id: string;
  kind: string;
  modelId: string;
  cycleName: string | null;
  equipment: string | null;
  location: string;
  followUp: { id: string; state: string; acknowledgedNotes: string | null; acknowledgedUsername: string | null };
  comments: Array<{ body: string; creatorUsername: string | null }>;
  sections: Array<{ name: string; conditions: Array<{ label: string; result: string; remarks: string | null }> }>;
  remarks: string | null;
};
type ReportData = {
  id: string;
  name: string;
  type: string;
  cycleName: string | null;
  total: number;
  acknowledgedTotal: number;
  emptyMessage: string;
  headers: string[];
  building: { id: string; name: string };
  cycle: { id: string; name: string } | null;
  rows: Array<{ cells: string[]; item: Item | null }>;
};

const reportFields = `id name type cycleName date walkaboutIds total acknowledgedTotal emptyMessage headers
  building { id name } cycle { id name }
  rows { cells item { id kind modelId cycleName equipment equipmentTypeId location floor model equipmentId remarks photoUrl
    followUp { id state acknowledgedAt acknowledgedUsername acknowledgedNotes repairedAt }
    comments { id body creatorUsername createdAt }
    sections { name conditions { label result remarks photoUrl } } } }`;

const reportQuery = `query ($id: ID!) { report(id: $id) { ${reportFields} } }`;
const report = async (id: string, who = 'manager') => (await ok<{ report: ReportData | null }>(reportQuery, { id }, who)).report;

const acknowledge = `mutation ($kind: FailureItemKind!, $id: ID!, $at: String, $notes: String) {
  acknowledgeFailureItem(kind: $kind, id: $id, acknowledgedAt: $at, acknowledgedNotes: $notes) {
    followUp { id state acknowledgedAt acknowledgedUsername acknowledgedNotes } errors { field message code } } }`;
const repair = `mutation ($kind: FailureItemKind!, $id: ID!, $at: String, $comments: String) {
  repairFailureItem(kind: $kind, id: $id, repairedAt: $at, repairedComments: $comments) {
    followUp { id state repairedAt repairedUsername repairedComments } errors { field message code } } }`;
const addComment = `mutation ($kind: FailureItemKind!, $id: ID!, $body: String) {
  addComment(kind: $kind, id: $id, body: $body) { comment { id body creatorUsername createdAt } errors { field message code } } }`;

const counts = async () => {
  const { building: b } = await ok<{ building: Record<string, number> }>(
    `query ($id: ID!) { building(id: $id) { summaryFailureReportTotal summaryFailureReportAcknowledgedTotal summaryNotesReportTotal summaryNotesReportAcknowledgedTotal } }`,
    { id: building },
    'manager',
  );
  return [b.summaryFailureReportTotal, b.summaryFailureReportAcknowledgedTotal, b.summaryNotesReportTotal, b.summaryNotesReportAcknowledgedTotal];
};

describe('failure and notes reports through GraphQL', () => {
  beforeAll(async () => {
    type TreeData = {
      walkabout: { floors: Array<{ entries: Array<{ id: string; equipmentName: string; sections: Array<{ conditions: Array<{ id: string; label: string }> }> }> }> };
    };
    const tree = await ok<TreeData>(
      'query ($id: ID!) { walkabout(id: $id) { floors { entries { id equipmentName sections { conditions { id label } } } } } }',
      { id: monthlyWalkabout },
      'manager',
    );
    const extinguishers = tree.walkabout.floors.flatMap((f) => f.entries).filter((e) => e.equipmentName === 'Portable Fire Extinguisher').slice(0, 3);
    expect(extinguishers).toHaveLength(3);
    const accessible = (entry: (typeof extinguishers)[number]) => entry.sections.flatMap((s) => s.conditions).find((c) => c.label === 'Accessible and visible')!.id;
    [items.blocked, items.empty, items.noted] = extinguishers.map((e) => e.id) as [string, string, string];
    const condition = (entry: (typeof extinguishers)[number], value: boolean, remarks: string, minute: number) => ({
      id: accessible(entry),
      value: { boolean: value },
      remarks,
      hasSatisfactoryRemarks: value,
      editedAt: `2026-11-20T14:0${minute}:00Z`,
    });
    const saved = await ok<{ saveWalkabout: { errors: FieldErrors } }>(
      'mutation ($input: SaveWalkaboutInput!) { saveWalkabout(input: $input) { errors { field message code } } }',
      {
        input: {
          walkaboutId: monthlyWalkabout,
          saveId: 'reports-test-failures',
          entries: extinguishers.map((e) => ({ id: e.id, scannedAt: '2026-11-20T14:00:00Z' })),
          conditions: [
            condition(extinguishers[0]!, false, 'Blocked by a pallet', 1),
            condition(extinguishers[1]!, false, 'Bracket empty: extinguisher missing', 2),
            condition(extinguishers[2]!, true, 'Sign faded, still legible', 3),
          ],
        },
      },
      'manager',
    );
    expect(saved.saveWalkabout.errors).toEqual([]);
    const locked = await ok<{ lockWalkabout: { errors: FieldErrors } }>('mutation ($id: ID!) { lockWalkabout(id: $id) { errors { message } } }', { id: monthlyWalkabout }, 'manager');
    expect(locked.lockWalkabout.errors).toEqual([]);
  });

  it("lists a building's reports by permission, with their building and cycle", async () => {
    const list = async (who: string, cycleId?: string) =>
      (await ok<{ reports: Array<{ id: string; type: string; cycle: { id: string } | null; building: { name: string } }> }>(
        'query ($b: ID!, $c: ID) { reports(buildingId: $b, cycleId: $c) { id type cycle { id } building { name } } }',
        { b: building, c: cycleId ?? null },
        who,
      )).reports;
    const managers = await list('manager');
    expect(managers.slice(0, 2).map((r) => [r.id, r.type, r.cycle])).toEqual([
      [`${building}-summary-failure`, 'FAILURE', null],
      [`${building}-summary-notes`, 'NOTES', null],
    ]);
    expect(managers.find((r) => r.id === `${building}-${cycle}-default`)).toMatchObject({ type: 'DEFAULT', cycle: { id: cycle } });
    expect(managers.every((r) => r.building.name === 'King Street Commerce Centre')).toBe(true);
    expect((await list('manager', cycle)).map((r) => r.type)).toEqual(['FAILURE', 'NOTES', 'DEFAULT']);
    // The viewer (walkabout reports only) sees each cycle's default report and no summary.
    const viewers = await list('viewer');
    expect(viewers.length).toBeGreaterThan(0);
    expect(viewers.every((r) => r.type === 'DEFAULT')).toBe(true);
  });

  it('reads the failure summary: exactly the two unsatisfactory entries with their remarks, in the column order of section 3', async () => {
    const failure = (await report(`${building}-summary-failure`))!;
    expect(failure).toMatchObject({
      name: 'Summary Failure Report',
      type: 'FAILURE',
      cycleName: null,
      cycle: null,
      total: 2,
      acknowledgedTotal: 0,
      emptyMessage: 'No failures recorded in the latest walkabout(s).',
      building: { id: building, name: 'King Street Commerce Centre' },
    });
    expect(failure.headers).toEqual(['Cycle', 'Equipment', 'Location', 'Floor', 'Model', 'ID', 'Documents', 'Acknowledged', 'Comments', 'Sections', 'Photo']);
    expect(failure.rows.map((r) => r.item!.modelId).sort()).toEqual([items.blocked, items.empty].sort());
    const blocked = failure.rows.find((r) => r.item!.modelId === items.blocked)!;
    expect(blocked.item).toMatchObject({
      id: `entries-${items.blocked}`,
      kind: 'ENTRY',
      cycleName: 'Monthly',
      followUp: { id: `entries-${items.blocked}`, state: 'UNACKNOWLEDGED', acknowledgedNotes: null },
      comments: [],
      sections: [{ name: 'Portable Fire Extinguisher', conditions: [{ label: 'Accessible and visible', result: 'U', remarks: 'Blocked by a pallet' }] }],
    });
    expect(blocked.item!.equipment).toMatch(/^Portable Fire Extinguisher \(\d+\)$/);
    expect(blocked.cells).toHaveLength(failure.headers.length);
    expect(blocked.cells[9]).toBe('Portable Fire Extinguisher: Accessible and visible (U) - Blocked by a pallet');

    const notes = (await report(`${building}-summary-notes`))!;
    expect(notes.type).toBe('NOTES');
    expect(notes.rows.map((r) => [r.item!.modelId, r.item!.remarks])).toEqual([[items.noted, 'Sign faded, still legible']]);

    const monthly = (await report(`${building}-${cycle}-default`, 'viewer'))!;
    expect(monthly).toMatchObject({ type: 'DEFAULT', cycleName: 'Monthly', cycle: { id: cycle, name: 'Monthly' } });
    expect(monthly.headers).toEqual(['Floor', 'Location', 'Equipment', 'Section', 'Condition', 'Result', 'Remarks', 'Photo']);
    expect(monthly.rows.filter((r) => r.cells[5] === 'U').map((r) => r.cells[6]).sort()).toEqual(['Blocked by a pallet', 'Bracket empty: extinguisher missing']);
    expect(monthly.rows.every((r) => r.item === null)).toBe(true);
  });

  it('refuses a layout without its permission (FORBIDDEN) and answers null for ids that name no report', async () => {
    const { body } = await stack.graphql(reportQuery, { variables: { id: `${building}-summary-failure` }, token: tokens.viewer });
    expect(body.errors?.map((e) => [e.extensions?.code, e.path])).toEqual([['FORBIDDEN', ['report']]]);
    expect(await report(`${building}-999999-default`)).toBeNull();
    expect(await report(`${building}-summary-default`)).toBeNull();
    expect(await report('not a report')).toBeNull();
  });

  it('shows nothing of another organization: no reports, no report, no equipment, and its items are not found', async () => {
    const { reports } = await ok<{ reports: unknown[] }>('query ($b: ID!) { reports(buildingId: $b) { id } }', { b: building }, 'harbour');
    expect(reports).toEqual([]);
    expect(await report(`${building}-summary-failure`, 'harbour')).toBeNull();
    const { equipment } = await ok<{ equipment: unknown[] }>('query ($b: ID!) { equipment(buildingId: $b) { id } }', { b: building }, 'harbour');
    expect(equipment).toEqual([]);
    const refused = await ok<{ acknowledgeFailureItem: { followUp: null; errors: FieldErrors } }>(
      acknowledge,
      { kind: 'ENTRY', id: items.blocked, at: '2026-11-21T09:30', notes: 'Not ours' },
      'harbour',
    );
    expect(refused.acknowledgeFailureItem).toEqual({ followUp: null, errors: [{ field: 'id', message: 'There is no such failure or notes item.', code: 'NOT_FOUND' }] });
    const comment = await ok<{ addComment: { comment: null; errors: FieldErrors } }>(addComment, { kind: 'ENTRY', id: items.blocked, body: 'Not ours' }, 'harbour');
    expect(comment.addComment.errors.map((e) => e.code)).toEqual(['NOT_FOUND']);
  });

  it('acknowledges, comments and repairs through the mutations, with field errors, FORBIDDEN by permission, and the counts following', async () => {
    expect(await counts()).toEqual([2, 0, 1, 0]);
    // A comment before the acknowledgement is refused at the item.
    const early = await ok<{ addComment: { comment: null; errors: FieldErrors } }>(addComment, { kind: 'ENTRY', id: items.blocked, body: 'Moved the pallet' }, 'manager');
    expect(early.addComment).toEqual({
      comment: null,
      errors: [{ field: 'id', message: 'Only an acknowledged item can be commented on: acknowledge it first.', code: 'VALIDATION_FAILED' }],
    });
    // The viewer may not acknowledge: a GraphQL FORBIDDEN, as every refused permission is.
    const { body: viewerBody } = await stack.graphql(acknowledge, {
      variables: { kind: 'ENTRY', id: items.blocked, at: '2026-11-21T09:30', notes: 'Seen' },
      token: tokens.viewer,
    });
    expect(viewerBody.errors?.map((e) => e.extensions?.code)).toEqual(['FORBIDDEN']);
    const invalid = await ok<{ acknowledgeFailureItem: { followUp: null; errors: FieldErrors } }>(
      acknowledge,
      { kind: 'ENTRY', id: items.blocked, at: '2026-02-30T09:30', notes: 'Seen' },
      'manager',
    );
    expect(invalid.acknowledgeFailureItem).toEqual({
      followUp: null,
      errors: [{ field: 'acknowledgedAt', message: 'A valid acknowledged date is required.', code: 'VALIDATION_FAILED' }],
    });

    const acknowledged = await ok<{ acknowledgeFailureItem: { followUp: Record<string, unknown>; errors: FieldErrors } }>(
      acknowledge,
      { kind: 'ENTRY', id: items.blocked, at: '2026-11-21T09:30', notes: 'Facilities will move the pallet' },
      'manager',
    );
    expect(acknowledged.acknowledgeFailureItem.errors).toEqual([]);
    // Toronto is UTC-5 in November: the sheet's local time is the building's.
    expect(acknowledged.acknowledgeFailureItem.followUp).toEqual({
      id: `entries-${items.blocked}`,
      state: 'ACKNOWLEDGED',
      acknowledgedAt: '2026-11-21T14:30:00.000Z',
      acknowledgedUsername: 'manager',
      acknowledgedNotes: 'Facilities will move the pallet',
    });
    expect(await counts()).toEqual([2, 1, 1, 0]);

    const empty = await ok<{ addComment: { errors: FieldErrors } }>(addComment, { kind: 'ENTRY', id: items.blocked, body: '  ' }, 'manager');
    expect(empty.addComment.errors).toEqual([{ field: 'body', message: 'Comment body is required.', code: 'VALIDATION_FAILED' }]);
    const commented = await ok<{ addComment: { comment: { body: string; creatorUsername: string }; errors: FieldErrors } }>(
      addComment,
      { kind: 'ENTRY', id: items.blocked, body: 'Pallet moved to the loading dock' },
      'manager',
    );
    expect(commented.addComment).toMatchObject({ comment: { body: 'Pallet moved to the loading dock', creatorUsername: 'manager' }, errors: [] });

    // The report reads the follow-up and the comment on the item.
    const failure = (await report(`${building}-summary-failure`))!;
    const blocked = failure.rows.find((r) => r.item!.modelId === items.blocked)!.item!;
    expect(blocked.followUp).toMatchObject({ state: 'ACKNOWLEDGED', acknowledgedNotes: 'Facilities will move the pallet', acknowledgedUsername: 'manager' });
    expect(blocked.comments).toMatchObject([{ body: 'Pallet moved to the loading dock', creatorUsername: 'manager' }]);
    expect(failure.acknowledgedTotal).toBe(1);

    const { body: viewerRepair } = await stack.graphql(repair, { variables: { kind: 'ENTRY', id: items.empty, at: '2026-11-22T10:00' }, token: tokens.viewer });
    expect(viewerRepair.errors?.map((e) => e.extensions?.code)).toEqual(['FORBIDDEN']);
    const noDate = await ok<{ repairFailureItem: { errors: FieldErrors } }>(repair, { kind: 'ENTRY', id: items.empty, at: null, comments: 'Replaced' }, 'manager');
    expect(noDate.repairFailureItem.errors).toEqual([{ field: 'repairedAt', message: 'A valid repaired date is required.', code: 'VALIDATION_FAILED' }]);
    const repaired = await ok<{ repairFailureItem: { followUp: Record<string, unknown>; errors: FieldErrors } }>(
      repair,
      { kind: 'ENTRY', id: items.empty, at: '2026-11-22T10:00', comments: 'New extinguisher mounted' },
      'manager',
    );
    expect(repaired.repairFailureItem).toEqual({
      followUp: { id: `entries-${items.empty}`, state: 'REPAIRED', repairedAt: '2026-11-22T15:00:00.000Z', repairedUsername: 'manager', repairedComments: 'New extinguisher mounted' },
      errors: [],
    });
    // Closed as repaired, the item leaves the report and the counts.
    expect((await report(`${building}-summary-failure`))!.rows.map((r) => r.item!.modelId)).toEqual([items.blocked]);
    expect(await counts()).toEqual([1, 1, 1, 0]);
    const reopened = await ok<{ acknowledgeFailureItem: { errors: FieldErrors } }>(
      acknowledge,
      { kind: 'ENTRY', id: items.empty, at: '2026-11-23T09:00', notes: 'Again' },
      'manager',
    );
    expect(reopened.acknowledgeFailureItem.errors).toEqual([
      { field: null, message: 'This item is closed as repaired: it can no longer be acknowledged.', code: 'VALIDATION_FAILED' },
    ]);
    // An id that names no item, whatever its form.
    for (const id of ['999999', 'entries-1', '']) {
      const missing = await ok<{ acknowledgeFailureItem: { errors: FieldErrors } }>(acknowledge, { kind: 'ENTRY', id, at: '2026-11-23T09:00' }, 'manager');
      expect(missing.acknowledgeFailureItem.errors.map((e) => [e.field, e.code])).toEqual([['id', 'NOT_FOUND']]);
    }
  });

  it("lists the building's equipment types for the repair report; FORBIDDEN without canViewRepairReports", async () => {
    const { equipment } = await ok<{ equipment: Array<{ id: string; name: string; displayName: string }> }>(
      'query ($b: ID!) { equipment(buildingId: $b) { id name displayName order } }',
      { b: building },
      'manager',
    );
    const extinguisher = equipment.find((e) => e.name === 'Portable Fire Extinguisher')!;
    expect(extinguisher.displayName).toBe(`Portable Fire Extinguisher (${extinguisher.id})`);
    const { body } = await stack.graphql('query ($b: ID!) { equipment(buildingId: $b) { id } }', { variables: { b: building }, token: tokens.viewer });
    expect(body.errors?.map((e) => e.extensions?.code)).toEqual(['FORBIDDEN']);
  });

  it('opens the repair report as a signed PDF link without a session; its rules are field errors, FORBIDDEN without canViewRepairReports', async () => {
    const query = `query ($b: ID!, $s: Date, $e: Date, $q: [ID!]!) {
      repairReportDownload(buildingId: $b, startDate: $s, endDate: $e, equipmentIds: $q) { download { downloadUrl filename expiresAt } errors { field message code } } }`;
    type Repair = { repairReportDownload: { download: { downloadUrl: string; filename: string; expiresAt: string } | null; errors: FieldErrors } };
    const { equipment } = await ok<{ equipment: Array<{ id: string; name: string }> }>('query ($b: ID!) { equipment(buildingId: $b) { id name } }', { b: building }, 'manager');
    const extinguisher = equipment.find((e) => e.name === 'Portable Fire Extinguisher')!.id;
    const november = { b: building, s: '2026-11-01', e: '2026-11-30', q: [extinguisher] };
    const { repairReportDownload } = await ok<Repair>(query, november, 'manager');
    expect(repairReportDownload.errors).toEqual([]);
    const download = repairReportDownload.download!;
    expect(download.filename).toBe(`repair-report-${building}-2026-11-01-2026-11-30.pdf`);
    expect(download.downloadUrl).toMatch(/^\/signed-files\//);
    expect(new Date(download.expiresAt).getTime()).toBeGreaterThan(Date.now());
    // On the gateway's origin, as a new window opens it: no Authorization header.
    const file = await fetch(new URL(download.downloadUrl, stack.url));
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toMatch(/^application\/pdf/);
    expect(Buffer.from(await file.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');

    const refused = await ok<Repair>(query, { b: building, s: null, e: '2026-11-30', q: [] }, 'manager');
    expect(refused.repairReportDownload.download).toBeNull();
    expect(refused.repairReportDownload.errors).toEqual([
      { field: 'startDate', message: 'A valid start date is required.', code: 'VALIDATION_FAILED' },
      { field: 'equipmentIds', message: 'Choose at least one equipment.', code: 'VALIDATION_FAILED' },
    ]);
    const backwards = await ok<Repair>(query, { ...november, s: '2026-12-01' }, 'manager');
    expect(backwards.repairReportDownload.errors.map((e) => e.field)).toEqual(['endDate']);
    // Another organization's building answers no link and no error; the viewer may not see repair reports.
    expect(await ok<Repair>(query, november, 'harbour')).toEqual({ repairReportDownload: { download: null, errors: [] } });
    const { body } = await stack.graphql(query, { variables: november, token: tokens.viewer });
    expect(body.errors?.map((e) => e.extensions?.code)).toEqual(['FORBIDDEN']);
  });

  it('costs one REST call for a report list whatever its rows, items and comments, and one per type for their buildings and cycles', async () => {
    const before = stack.restCalls.length;
    const { reports } = await ok<{ reports: ReportData[] }>(
      `query ($b: ID!) { reports(buildingId: $b) { ${reportFields} building { organization { name } } } }`,
      { b: building },
      'manager',
    );
    const calls = stack.restCalls.slice(before).map((c) => `${c.method} ${c.path.replace(/\?.*/, '')}`);
    expect(reports.length).toBeGreaterThan(3);
    expect(reports.flatMap((r) => r.rows).length).toBeGreaterThan(10);
    // The list, then the building, its organization and the reports' cycles by id: one call each.
    expect(calls.sort()).toEqual(['GET /buildings', 'GET /cycles', 'GET /organizations', 'GET /reports'].sort());
  });
});

describe('report mutations through GraphQL: on-demand reports and e-mail', () => {
  const create = `mutation ($input: CreateOnDemandReportInput!) { createOnDemandReport(input: $input) {
    onDemandReport { id type status pdfUrl reportId building { id } } errors { field message code } } }`;
  const email = `mutation ($id: ID!, $to: [String!]!, $message: String) { emailWalkaboutReport(reportId: $id, recipients: $to, message: $message) {
    email { id recipients message createdAt reportId } errors { field message code } } }`;
  type Created = { createOnDemandReport: { onDemandReport: { id: string; type: string; status: string; pdfUrl: string | null; reportId: string | null } | null; errors: FieldErrors } };
  type Emailed = { emailWalkaboutReport: { email: { id: string; recipients: string[]; message: string | null; reportId: string } | null; errors: FieldErrors } };
  let kingDefinition = '';

  beforeAll(async () => {
    const { onDemandReportOptions } = await ok<{ onDemandReportOptions: { reportDefinitions: Array<{ id: string; isActive: boolean; cycle: { name: string } }> } }>(
      'query ($b: ID!) { onDemandReportOptions(buildingId: $b) { reportDefinitions { id isActive cycle { name } } } }',
      { b: building },
      'manager',
    );
    kingDefinition = onDemandReportOptions.reportDefinitions.find((d) => d.isActive && d.cycle.name === 'Monthly')!.id;
  });

  it('asks for a report on demand and polls it until its PDF is ready', async () => {
    const created = await ok<Created>(create, { input: { buildingId: building, type: 'WALKABOUT_REPORTS', reportDefinitionId: kingDefinition } }, 'manager');
    expect(created.createOnDemandReport.errors).toEqual([]);
    const request = created.createOnDemandReport.onDemandReport!;
    expect(request).toMatchObject({ type: 'WALKABOUT_REPORTS', status: 'PENDING', pdfUrl: null });
    await stack.backend.app.jobs.drain();
    const { onDemandReport } = await ok<{ onDemandReport: { status: string; pdfUrl: string | null; reportId: string | null } }>(
      'query ($id: ID!) { onDemandReport(id: $id) { status pdfUrl reportId } }',
      { id: request.id },
      'manager',
    );
    expect(onDemandReport.status).toBe('READY');
    expect(onDemandReport.pdfUrl).toMatch(new RegExp(`/walkabout-reports/${onDemandReport.reportId}/download$`));
  });

  it('refuses an on-demand report: a definition of no such building at its field, FORBIDDEN without the permission', async () => {
    const wrong = await ok<Created>(create, { input: { buildingId: building, type: 'WALKABOUT_REPORTS', reportDefinitionId: '999999' } }, 'manager');
    expect(wrong.createOnDemandReport).toEqual({
      onDemandReport: null,
      errors: [{ field: 'reportDefinitionId', message: 'This report definition does not apply to this building.', code: 'VALIDATION_FAILED' }],
    });
    const noBooklet = await ok<Created>(create, { input: { buildingId: building, type: 'REPORT_BOOKLETS' } }, 'manager');
    expect(noBooklet.createOnDemandReport.errors).toEqual([{ field: 'templateId', message: 'Choose the report booklet.', code: 'VALIDATION_FAILED' }]);
    const { body } = await stack.graphql(create, { variables: { input: { buildingId: building, type: 'WALKABOUT_REPORTS', reportDefinitionId: kingDefinition } }, token: tokens.viewer });
    expect(body.errors?.map((e) => e.extensions?.code)).toEqual(['FORBIDDEN']);
    const other = await ok<Created>(create, { input: { buildingId: building, type: 'WALKABOUT_REPORTS', reportDefinitionId: kingDefinition } }, 'harbour');
    expect(other.createOnDemandReport.errors.map((e) => e.code)).toEqual(['NOT_FOUND']);
  });

  it('e-mails a report to recipients split on commas, with field errors for the addresses and NOT_FOUND across organizations', async () => {
    const sent = await ok<Emailed>(email, { id: generated.october, to: ['fire.chief@example.com, ops@example.com', 'ops@example.com'], message: 'October report attached' }, 'manager');
    expect(sent.emailWalkaboutReport.errors).toEqual([]);
    expect(sent.emailWalkaboutReport.email).toMatchObject({
      recipients: ['fire.chief@example.com', 'ops@example.com'],
      message: 'October report attached',
      reportId: generated.october,
    });
    // Without SMTP_URL the message waits in the outbox, the PDF attached and the message in its text.
    const outbox = (await stack.backend.db.select().from(schema.mailOutbox)).filter((m) => /fire\.chief@|ops@/.test(m.to));
    expect(outbox.map((m) => m.to).join(',')).toMatch(/fire\.chief@example\.com/);
    expect(outbox.map((m) => m.to).join(',')).toMatch(/ops@example\.com/);
    for (const message of outbox) {
      expect(message.text).toContain('October report attached');
      expect(message.attachments.map((a) => a.contentType)).toEqual(['application/pdf']);
    }

    const empty = await ok<Emailed>(email, { id: generated.october, to: [' , '] }, 'manager');
    expect(empty.emailWalkaboutReport).toEqual({ email: null, errors: [{ field: 'recipients', message: 'Add at least one recipient.', code: 'VALIDATION_FAILED' }] });
    const wrong = await ok<Emailed>(email, { id: generated.october, to: ['ops@example.com', 'not an address'] }, 'manager');
    expect(wrong.emailWalkaboutReport.errors).toEqual([{ field: 'recipients', message: "'not an address' is not an e-mail address.", code: 'VALIDATION_FAILED' }]);
    const other = await ok<Emailed>(email, { id: generated.october, to: ['ops@example.com'] }, 'harbour');
    expect(other.emailWalkaboutReport.errors.map((e) => [e.field, e.code])).toEqual([['reportId', 'NOT_FOUND']]);
    const { body } = await stack.graphql(email, { variables: { id: generated['october-audit'], to: ['ops@example.com'] }, token: tokens.viewer });
    expect(body.errors?.map((e) => e.extensions?.code)).toEqual(['FORBIDDEN']);
  });
});

describe("the building card's report links and counts", () => {
  it('cost the same REST calls for 50 buildings as for 1: none beyond the buildings page', async () => {
    const organization = await seed(stack.backend.db).organization('Report Links Group', (o) => {
      o.region('North').cycle('Monthly', { frequency: 'monthly' });
      for (let b = 0; b < 50; b += 1) o.building(`Block ${String(b).padStart(2, '0')}`, { region: 'North' });
      return o;
    });
    const adminToken = await stack.signIn('admin');
    const cardQuery = `query ($o: ID, $size: Int!) { buildings(organizationId: $o, pageSize: $size) { nodes {
      id summaryFailureReportId summaryNotesReportId
      summaryFailureReportTotal summaryFailureReportAcknowledgedTotal summaryNotesReportTotal summaryNotesReportAcknowledgedTotal } } }`;
    const callsFor = async (size: number) => {
      const before = stack.restCalls.length;
      const { body } = await stack.graphql<{ buildings: { nodes: Array<Record<string, unknown> & { id: string }> } }>(cardQuery, {
        variables: { o: String(organization.id), size },
        token: adminToken,
      });
      expect(body.errors).toBeUndefined();
      const nodes = body.data!.buildings.nodes;
      expect(nodes).toHaveLength(size);
      for (const node of nodes) {
        expect(node).toMatchObject({ summaryFailureReportId: `${node.id}-summary-failure`, summaryNotesReportId: `${node.id}-summary-notes`, summaryFailureReportTotal: 0 });
      }
      return stack.restCalls.slice(before).map((c) => `${c.method} ${c.path.replace(/\?.*/, '')}`);
    };
    const one = await callsFor(1);
    const fifty = await callsFor(50);
    expect(one).toEqual(['GET /buildings']);
    expect(fifty).toEqual(one);
  });
});
