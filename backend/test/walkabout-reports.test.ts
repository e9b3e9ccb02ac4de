/**
 * Walkabout reports (issue 10 point 4; inspection.md sections 2, 3, 5, 6, 7 and 9): the reports list by group
 * with the historical 30-day rule, the latest completed reports, the download URL and its signed PDF URL,
 * on-demand reports and what a building offers on demand, each under its permission and the caller's scope.
 */
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { and, eq, gt, inArray } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { seed, schema, type SeededOrganization, type TestBackend } from '../src/testing';
import { TEST_PASSWORD } from '../src/seed/test-seed';
import { readUrlSigningSecret } from '../src/config';
import { SANDBOX_CSP, SIGNED_URL_TTL_SECONDS, UrlSigner } from '../src/storage/signed-urls';
import { onReportReady } from '../src/features/walkabout-reports/emails';
import { databases, demoIds, ids, list, one, signedIn, startTestBackend, type Client, type JsonApiResource } from './helpers';

dayjs.extend(utc);
dayjs.extend(timezone);

type Kind = 'walkabout' | 'audit' | 'booklet' | 'fire_watch' | 'adhoc';

async function pdfBytes(text: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.addPage([200, 200]).drawText(text, { x: 20, y: 100, size: 12 });
  return Buffer.from(await pdf.save());
}

describe('signed file URLs across replicas (URL_SIGNING_SECRET)', () => {
  it('refuses a secret shorter than 32 characters at start', () => {
    expect(() => readUrlSigningSecret({ URL_SIGNING_SECRET: 'short' })).toThrow('URL_SIGNING_SECRET must be at least 32 characters');
    expect(readUrlSigningSecret({ URL_SIGNING_SECRET: 'k'.repeat(40) })).toBe('k'.repeat(40));
    expect(readUrlSigningSecret({})).toBeUndefined();
  });

  it('accepts on one replica a URL signed by another with the same secret, and nowhere else', () => {
    const file = { key: `${'a'.repeat(32)}.pdf`, filename: 'Tower - Weekly.pdf', contentType: 'application/pdf' };
    const { url } = new UrlSigner('k'.repeat(40)).fileUrl(file);
    const query = Object.fromEntries(new URL(url, 'http://x').searchParams);
    expect(new UrlSigner('k'.repeat(40)).check(file.key, query)).toBe('valid');
    expect(new UrlSigner('q'.repeat(40)).check(file.key, query)).toBe('invalid');
    expect(new UrlSigner().check(file.key, query)).toBe('invalid');
  });
});

describe.each(databases)('walkabout reports on %s', (database) => {
  let backend: TestBackend;
  let acme: SeededOrganization;
  const as: Record<string, Client> = {};
  /** The reports made for the tests, by a short name. */
  const reports: Record<string, number> = {};
  const definitions: Record<string, number> = {};
  let booklet = 0;
  let otherBooklet = 0;
  let pdf: Buffer;
  let tower = 0;
  const today = () => dayjs().tz('America/Toronto');

  async function report(
    name: string,
    spec: {
      kind: Kind;
      building?: number;
      definition?: string;
      booklet?: number;
      interim?: boolean;
      start?: string;
      end?: string;
      lockedAt?: string;
      pdf?: boolean;
      status?: 'pending' | 'ready' | 'failed';
    },
  ): Promise<number> {
    const key = spec.pdf === false ? null : `report-${name}-${Math.random().toString(36).slice(2)}`.replace(/[^A-Za-z0-9_-]/g, '-').padEnd(20, '0') + '.pdf';
    if (key) await backend.app.storage.put(key, pdf, 'application/pdf');
    const [row] = await backend.db
      .insert(schema.generatedReports)
      .values({
        kind: spec.kind,
        sourceKey: `test:${name}:${database}`,
        buildingId: spec.building ?? tower,
        cycleId: acme.cycles.Weekly,
        reportDefinitionId: spec.definition ? definitions[spec.definition]! : null,
        bookletTemplateId: spec.booklet ?? null,
        name: `Report ${name}`,
        isInterim: spec.interim ?? false,
        status: spec.status ?? (key ? 'ready' : 'pending'),
        uploadKey: key,
        pageCount: key ? 1 : null,
        startDate: spec.start ?? null,
        endDate: spec.end ?? null,
        lockedAt: spec.lockedAt ? new Date(spec.lockedAt) : null,
        generatedAt: key ? new Date() : null,
      })
      .returning({ id: schema.generatedReports.id });
    reports[name] = row!.id;
    return row!.id;
  }

  const reportIds = (names: string[]) => names.map((n) => String(reports[n])).sort();
  const sortedIds = (body: Parameters<typeof ids>[0]) => ids(body).sort();
  const listOf = (who: Client, query: string) => who.get(`/walkabout-reports?filter[building]=${tower}&${query}`);

  beforeAll(async () => {
    backend = await startTestBackend({ database });
    pdf = await pdfBytes('Weekly Walkabout Report');
    acme = await seed(backend.db).organization('Acme Reports', (o) =>
      o
        .region('North')
        .region('Harbour', { parent: 'North' })
        .region('South')
        .building('Tower', { region: 'Harbour' })
        .building('Annex', { region: 'South' })
        .cycle('Weekly', { frequency: 'weekly' })
        .cycle('Monthly', { frequency: 'monthly' })
        .role('Everything', { reportPermissions: { walkabout: true, createWalkabout: true, walkaboutAudit: true, fireWatch: true } })
        .role('Walkabout', { reportPermissions: { walkabout: true } })
        .role('Audit', { reportPermissions: { walkaboutAudit: true } })
        .role('FireWatch', { fireWatchPermissions: { viewReports: true } })
        .role('Creator', { reportPermissions: { createWalkabout: true, walkabout: true } })
        .role('CreatorOnly', { reportPermissions: { createWalkabout: true } })
        .role('Nothing', { buildingPermissions: { view: true } })
        .role('WeeklyOnly', { reportPermissions: { walkabout: true, createWalkabout: true } })
        .user('everything', { roles: ['Everything'] })
        .user('walker', { roles: ['Walkabout'] })
        .user('auditor', { roles: ['Audit'] })
        .user('firewatcher', { roles: ['FireWatch'] })
        .user('creator', { roles: ['Creator'] })
        .user('creatoronly', { roles: ['CreatorOnly'] })
        .user('nobody', { roles: ['Nothing'] })
        .user('weeklyonly', { roles: ['WeeklyOnly'] })
        .user('weeklyandall', { roles: ['WeeklyOnly', 'Walkabout'] })
        .user('southerner', { roles: ['Everything'], region: 'South' }),
    );
    tower = acme.buildings.Tower!;
    for (const username of ['everything', 'walker', 'auditor', 'firewatcher', 'creator', 'creatoronly', 'nobody', 'southerner', 'weeklyonly', 'weeklyandall']) {
      as[username] = await signedIn(backend, username, TEST_PASSWORD);
    }
    as.harbour = await signedIn(backend, 'harbour');
    as.admin = await signedIn(backend, 'admin');

    const define = async (name: string, values: { regionId?: number; buildingId?: number; cycle?: string; isActive?: boolean }) => {
      const [row] = await backend.db
        .insert(schema.reportDefinitions)
        .values({
          organizationId: acme.id,
          name,
          cycleId: acme.cycles[values.cycle ?? 'Weekly']!,
          regionId: values.regionId ?? null,
          buildingId: values.buildingId ?? null,
          isActive: values.isActive ?? true,
        })
        .returning({ id: schema.reportDefinitions.id });
      definitions[name] = row!.id;
    };
    await define('Organization weekly', {});
    await define('North monthly', { regionId: acme.regions.North, cycle: 'Monthly' });
    await define('Tower own', { buildingId: tower, isActive: false });
    await define('South only', { regionId: acme.regions.South });
    await define('Annex own', { buildingId: acme.buildings.Annex });
    const [b] = await backend.db
      .insert(schema.reportBookletTemplates)
      .values({
        organizationId: acme.id,
        regionId: acme.regions.Harbour,
        name: 'Harbour booklet',
        reportDefinitionIds: [definitions['Organization weekly']!, definitions['North monthly']!],
        primaryReportDefinitionId: definitions['North monthly']!,
      })
      .returning({ id: schema.reportBookletTemplates.id });
    booklet = b!.id;
    const [o] = await backend.db
      .insert(schema.reportBookletTemplates)
      .values({ organizationId: acme.id, buildingId: acme.buildings.Annex, name: 'Annex booklet', primaryReportDefinitionId: definitions['Annex own']! })
      .returning({ id: schema.reportBookletTemplates.id });
    otherBooklet = o!.id;

    await report('week1', { kind: 'walkabout', definition: 'Organization weekly', start: '2025-10-05', end: '2025-10-11', lockedAt: '2025-10-12T04:00:00Z' });
    await report('week2', { kind: 'walkabout', definition: 'Organization weekly', start: '2025-10-12', end: '2025-10-18', lockedAt: '2025-10-19T04:00:00Z' });
    await report('month', { kind: 'walkabout', definition: 'North monthly', start: '2025-10-01', end: '2025-10-31', lockedAt: '2025-11-01T04:00:00Z' });
    await report('interim', { kind: 'walkabout', definition: 'Organization weekly', interim: true, start: '2025-10-19', end: '2025-10-25' });
    await report('audit', { kind: 'audit', definition: 'Organization weekly', start: '2025-10-12', end: '2025-10-18', lockedAt: '2025-10-19T04:00:00Z' });
    await report('booklet', { kind: 'booklet', booklet, start: '2025-10-12', end: '2025-10-18', lockedAt: '2025-10-19T04:00:00Z' });
    await report('interimBooklet', { kind: 'booklet', booklet, interim: true, start: '2025-10-19', end: '2025-10-25' });
    await report('fireWatch', { kind: 'fire_watch', start: '2025-10-14', end: '2025-10-14', lockedAt: '2025-10-14T22:00:00Z' });
    await report('adhoc', { kind: 'adhoc', definition: 'North monthly', start: '2025-10-01', end: '2025-10-31', lockedAt: '2025-11-01T04:00:00Z' });
    await report('pending', { kind: 'walkabout', definition: 'North monthly', start: '2025-10-12', end: '2025-10-18', pdf: false });
    await report('annex', { kind: 'walkabout', building: acme.buildings.Annex, definition: 'Annex own', start: '2025-10-12', end: '2025-10-18', lockedAt: '2025-10-19T04:00:00Z' });
    const recent = today().subtract(5, 'day').format('YYYY-MM-DD');
    const old = today().subtract(40, 'day').format('YYYY-MM-DD');
    await report('recent', { kind: 'walkabout', definition: 'Organization weekly', start: recent, end: recent, lockedAt: new Date().toISOString() });
    await report('old', { kind: 'walkabout', definition: 'Organization weekly', start: old, end: old, lockedAt: dayjs().subtract(40, 'day').toISOString() });
  });
  afterAll(() => backend?.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  describe('GET /walkabout-reports', () => {
    it('lists the interim reports of a building (walkabouts and booklets still open), with the attributes of spec section 3', async () => {
      const answer = await listOf(as.walker!, 'filter[group]=interim');
      expect(answer.status).toBe(200);
      expect(sortedIds(answer.body)).toEqual(reportIds(['interim', 'interimBooklet']));
      const interim = list(answer.body).find((r) => r.id === String(reports.interim))!;
      expect(interim.attributes).toMatchObject({
        name: 'Report interim',
        url: `/walkabout-reports/${reports.interim}/download`,
        startDate: '2025-10-19',
        endDate: '2025-10-25',
        cycleName: 'Weekly',
        lockedAt: null,
        isInterim: true,
        building_id: tower,
        reportType: 'walkabout_reports',
      });
    });

    it('lists the completed walkabout reports, newest first, without reports still without a PDF or of another building', async () => {
      const answer = await listOf(as.walker!, 'filter[group]=completed-walkabout&page[size]=3');
      expect(answer.status).toBe(200);
      expect(answer.body.meta!.total).toBe(6);
      expect(ids(answer.body)).toEqual([reports.recent, reports.old, reports.month].map(String));
      const all = await listOf(as.walker!, 'filter[group]=completed-walkabout&page[size]=50');
      expect(sortedIds(all.body)).toEqual(reportIds(['week1', 'week2', 'month', 'booklet', 'recent', 'old']));
      expect(list(all.body)[0]!.attributes).toMatchObject({ isInterim: false, lockedAt: expect.any(String) });
    });

    it('needs canViewWalkaboutReports for interim and completed reports, and canViewWalkaboutAuditReports for audit reports', async () => {
      for (const group of ['interim', 'completed-walkabout']) {
        expect((await listOf(as.walker!, `filter[group]=${group}`)).status).toBe(200);
        const refused = await listOf(as.auditor!, `filter[group]=${group}`);
        expect(refused.status).toBe(403);
        expect(refused.body.errors![0]).toMatchObject({ code: 'FORBIDDEN', detail: 'You are not allowed to see walkabout reports.' });
      }
      const audit = await listOf(as.auditor!, 'filter[group]=audit');
      expect(audit.status).toBe(200);
      expect(ids(audit.body)).toEqual([String(reports.audit)]);
      expect(list(audit.body)[0]!.attributes.reportType).toBe('walkabout_audit_reports');
      const refused = await listOf(as.walker!, 'filter[group]=audit');
      expect(refused.status).toBe(403);
      expect(refused.body.errors![0]!.detail).toBe('You are not allowed to see walkabout audit reports.');
    });

    it('lists without a group only the kinds the caller may see, and refuses a caller who may see none', async () => {
      expect(sortedIds((await listOf(as.firewatcher!, '')).body)).toEqual(reportIds(['fireWatch']));
      expect(sortedIds((await listOf(as.auditor!, '')).body)).toEqual(reportIds(['audit']));
      const everything = await listOf(as.everything!, 'page[size]=100');
      expect(sortedIds(everything.body)).toEqual(
        reportIds(['week1', 'week2', 'month', 'interim', 'audit', 'booklet', 'interimBooklet', 'fireWatch', 'adhoc', 'recent', 'old']),
      );
      expect((await listOf(as.nobody!, '')).status).toBe(403);
      expect((await listOf(as.creatoronly!, '')).status).toBe(403);
    });

    it('searches historical reports by type and date range, completed reports only', async () => {
      const search = (who: Client, query: string) => listOf(who, `filter[group]=historical&${query}`);
      const october = 'filter[date_from]=2025-10-10&filter[date_to]=2025-10-20';
      expect(sortedIds((await search(as.everything!, `filter[type]=walkabout_reports&${october}`)).body)).toEqual(reportIds(['week1', 'week2', 'month']));
      expect(sortedIds((await search(as.everything!, `filter[type]=report_booklets,fire_watch_reports&${october}`)).body)).toEqual(
        reportIds(['booklet', 'fireWatch']),
      );
      expect(sortedIds((await search(as.everything!, `filter[type]=walkabout_audit_reports&${october}`)).body)).toEqual(reportIds(['audit']));
      expect(sortedIds((await search(as.everything!, `filter[type]=adhoc_reports&${october}`)).body)).toEqual(reportIds(['adhoc']));
      // A range that meets only the first week's last day.
      expect(sortedIds((await search(as.walker!, 'filter[type]=walkabout_reports&filter[date_from]=2025-09-20&filter[date_to]=2025-10-05')).body)).toEqual(
        reportIds(['week1', 'month']),
      );
      // Without a type: every kind the caller may see.
      expect(sortedIds((await search(as.walker!, october)).body)).toEqual(reportIds(['week1', 'week2', 'month', 'booklet', 'adhoc']));
    });

    it('searches the last 30 days at the building by default', async () => {
      const answer = await listOf(as.walker!, 'filter[group]=historical&filter[type]=walkabout_reports');
      expect(answer.status).toBe(200);
      expect(ids(answer.body)).toEqual([String(reports.recent)]);
    });

    it('refuses a historical range longer than 30 days, or ending before it starts, with 422 saying so', async () => {
      const search = (from: string, to: string) => listOf(as.walker!, `filter[group]=historical&filter[date_from]=${from}&filter[date_to]=${to}`);
      expect((await search('2025-10-01', '2025-10-31')).status).toBe(200);
      const long = await search('2025-10-01', '2025-11-01');
      expect(long.status).toBe(422);
      expect(long.body.errors![0]).toEqual({
        status: '422',
        title: 'Unprocessable Entity',
        code: 'VALIDATION_FAILED',
        detail: 'Historical reports can be searched over at most 30 days: the end date is 31 days after the start date.',
        source: { parameter: 'filter[date_to]' },
      });
      // Only an end date: the start is 30 days before it, so this is allowed; only a start, long ago, ends today.
      expect((await listOf(as.walker!, 'filter[group]=historical&filter[date_to]=2025-10-31')).status).toBe(200);
      expect((await listOf(as.walker!, 'filter[group]=historical&filter[date_from]=2020-01-01')).status).toBe(422);
      const backwards = await search('2025-10-20', '2025-10-10');
      expect(backwards.status).toBe(422);
      expect(backwards.body.errors![0]!.detail).toBe('The end date (2025-10-10) is before the start date (2025-10-20).');
    });

    it('refuses a historical type the caller may not see, an unknown type, a date that does not exist and dates outside the historical group', async () => {
      const audit = await listOf(as.walker!, 'filter[group]=historical&filter[type]=walkabout_audit_reports');
      expect(audit.status).toBe(403);
      expect(audit.body.errors![0]!.detail).toBe('You are not allowed to see walkabout audit reports.');
      const unknown = await listOf(as.walker!, 'filter[group]=historical&filter[type]=secret_reports');
      expect(unknown.status).toBe(400);
      expect(unknown.body.errors![0]!.source).toEqual({ parameter: 'filter[type]' });
      const date = await listOf(as.walker!, 'filter[group]=historical&filter[date_from]=2026-02-27&filter[date_to]=2026-02-31');
      expect(date.status).toBe(400);
      expect(date.body.errors![0]!.source).toEqual({ parameter: 'filter[date_to]' });
      const outside = await listOf(as.walker!, 'filter[group]=interim&filter[date_from]=2025-10-01');
      expect(outside.status).toBe(400);
      expect(outside.body.errors![0]!.source).toEqual({ parameter: 'filter[date_from]' });
      expect((await listOf(as.walker!, 'filter[group]=everything')).status).toBe(400);
      expect((await as.walker!.get('/walkabout-reports')).status).toBe(400);
    });

    it("answers 404 for a building outside the caller's scope", async () => {
      expect((await as.harbour!.get(`/walkabout-reports?filter[building]=${tower}`)).status).toBe(404);
      expect((await as.southerner!.get(`/walkabout-reports?filter[building]=${tower}`)).status).toBe(404);
      const south = await as.southerner!.get(`/walkabout-reports?filter[building]=${acme.buildings.Annex}`);
      expect(ids(south.body)).toEqual([String(reports.annex)]);
    });
  });

  describe('GET /walkabout-reports/latest/{buildingId}', () => {
    const latest = async (who: Client) => {
      const answer = await who.get(`/walkabout-reports/latest/${tower}`);
      expect(answer.status).toBe(200);
      const relationships = one(answer.body).relationships as Record<string, { data: { id: string }[] }>;
      const group = (name: string) => relationships[name]!.data.map((r) => r.id).sort();
      return {
        body: answer.body,
        walkaboutReports: group('walkaboutReports'),
        walkaboutAuditReports: group('walkaboutAuditReports'),
        reportBooklets: group('reportBooklets'),
        fireWatchReports: group('fireWatchReports'),
        adhocReports: group('adhocReports'),
      };
    };

    it('gives the latest completed report of each definition, booklet and kind, with the reports included', async () => {
      const all = await latest(as.everything!);
      expect(all).toMatchObject({
        walkaboutReports: reportIds(['recent', 'month']),
        walkaboutAuditReports: reportIds(['audit']),
        reportBooklets: reportIds(['booklet']),
        fireWatchReports: reportIds(['fireWatch']),
        adhocReports: reportIds(['adhoc']),
      });
      expect((all.body.included ?? []).map((r) => r.id).sort()).toEqual(reportIds(['recent', 'month', 'audit', 'booklet', 'fireWatch', 'adhoc']));
      for (const r of all.body.included!) expect(r.attributes.isInterim).toBe(false);
    });

    it('leaves out what the caller may not see, and refuses a caller who may see no report', async () => {
      expect(await latest(as.walker!)).toMatchObject({
        walkaboutReports: reportIds(['recent', 'month']),
        walkaboutAuditReports: [],
        reportBooklets: reportIds(['booklet']),
        fireWatchReports: [],
        adhocReports: reportIds(['adhoc']),
      });
      expect(await latest(as.auditor!)).toMatchObject({ walkaboutReports: [], walkaboutAuditReports: reportIds(['audit']), reportBooklets: [], fireWatchReports: [] });
      expect(await latest(as.firewatcher!)).toMatchObject({ walkaboutReports: [], walkaboutAuditReports: [], fireWatchReports: reportIds(['fireWatch']) });
      const refused = await as.nobody!.get(`/walkabout-reports/latest/${tower}`);
      expect(refused.status).toBe(403);
    });

    it("answers 404 for a building outside the caller's scope", async () => {
      expect((await as.harbour!.get(`/walkabout-reports/latest/${tower}`)).status).toBe(404);
      expect((await as.southerner!.get(`/walkabout-reports/latest/${tower}`)).status).toBe(404);
      expect((await as.everything!.get('/walkabout-reports/latest/999999')).status).toBe(404);
    });

  describe('GET /walkabout-reports/latest?filter[building]=…', () => {
    const groupsOf = (resource: { relationships?: Record<string, unknown> }) =>
      Object.fromEntries(
        Object.entries(resource.relationships as Record<string, { data: { id: string }[] }>).map(([name, r]) => [name, r.data.map((x) => x.id).sort()]),
      );

    it('answers the latest reports of several buildings in one call, each as the one-building call does, in the order asked', async () => {
      const annex = acme.buildings.Annex!;
      const both = await as.everything!.get(`/walkabout-reports/latest?filter[building]=${annex},${tower}`);
      expect(both.status).toBe(200);
      const data = both.body.data as Array<{ id: string; relationships?: Record<string, unknown> }>;
      expect(data.map((r) => r.id)).toEqual([String(annex), String(tower)]);
      for (const [building, resource] of [[tower, data[1]!], [annex, data[0]!]] as const) {
        const alone = await as.everything!.get(`/walkabout-reports/latest/${building}`);
        expect(groupsOf(resource)).toEqual(groupsOf(one(alone.body)));
      }
      expect((both.body.included ?? []).map((r) => r.id)).toEqual(expect.arrayContaining(reportIds(['recent', 'month', 'audit', 'booklet', 'fireWatch', 'adhoc', 'annex'])));
    });

    it('leaves out buildings the caller may not see and what the caller may not see of the others', async () => {
      const south = await as.southerner!.get(`/walkabout-reports/latest?filter[building]=${tower},${acme.buildings.Annex},999999`);
      expect((south.body.data as Array<{ id: string }>).map((r) => r.id)).toEqual([String(acme.buildings.Annex)]);
      const auditor = await as.auditor!.get(`/walkabout-reports/latest?filter[building]=${tower}`);
      expect(groupsOf((auditor.body.data as Array<{ relationships?: Record<string, unknown> }>)[0]!)).toMatchObject({ walkaboutReports: [], walkaboutAuditReports: reportIds(['audit']) });
      expect((await as.nobody!.get(`/walkabout-reports/latest?filter[building]=${tower}`)).status).toBe(403);
    });

    it('refuses more than 100 buildings, and a list that is not of ids', async () => {
      const many = Array.from({ length: 101 }, (_, i) => i + 1).join(',');
      const refused = await as.everything!.get(`/walkabout-reports/latest?filter[building]=${many}`);
      expect(refused.status).toBe(400);
      expect(refused.body.errors![0]!.detail).toBe('Ask for at most 100 buildings at once.');
      expect((await as.everything!.get('/walkabout-reports/latest?filter[building]=1,x')).status).toBe(400);
    });
  });
  });

  describe("the reports a role shows (the Role form's Walkabout Report and Booklet Permissions)", () => {
    beforeAll(async () => {
      // Set as the Role form does: the 'Organization weekly' definition and the Annex booklet only.
      const saved = await as.admin!.patch(`/roles/${acme.roles.WeeklyOnly}`, {
        data: { type: 'roles', attributes: { reportDefinitionIds: [definitions['Organization weekly']], reportBookletTemplateIds: [otherBooklet] } },
      });
      expect(saved.status).toBe(200);
    });

    it("lists, gives the latest of and downloads only the reports of the role's definitions and booklets", async () => {
      const walker = sortedIds((await listOf(as.walker!, 'filter[group]=completed-walkabout')).body);
      expect(walker).toEqual(expect.arrayContaining(reportIds(['month', 'booklet', 'week1'])));
      const weeklyOnly = sortedIds((await listOf(as.weeklyonly!, 'filter[group]=completed-walkabout')).body);
      expect(weeklyOnly).toEqual(walker.filter((id) => !reportIds(['month', 'booklet']).includes(id)));
      expect(sortedIds((await listOf(as.weeklyonly!, 'filter[group]=interim')).body)).toEqual(reportIds(['interim']));
      expect(sortedIds((await listOf(as.weeklyonly!, 'filter[type]=adhoc_reports')).body)).toEqual([]);

      const latest = await as.weeklyonly!.get(`/walkabout-reports/latest/${tower}`);
      const relationships = one(latest.body).relationships as Record<string, { data: { id: string }[] }>;
      expect(relationships.walkaboutReports!.data.map((r) => r.id)).toEqual(reportIds(['recent']));
      expect(relationships.reportBooklets!.data).toEqual([]);
      expect(relationships.adhocReports!.data).toEqual([]);
      const several = await as.weeklyonly!.get(`/walkabout-reports/latest?filter[building]=${tower}`);
      expect((several.body.included ?? []).map((r) => r.id).sort()).toEqual(reportIds(['recent']));

      const download = (name: string) => as.weeklyonly!.get(`/walkabout-reports/${reports[name]}/download`);
      expect((await download('week1')).status).toBe(200);
      expect((await download('month')).status).toBe(404);
      expect((await download('booklet')).status).toBe(404);
      const mail = await as.weeklyonly!.post('/walkabout-report-emails', { data: { type: 'walkabout-report-emails', attributes: { id: String(reports.month), recipients: ['a@example.com'] } } });
      expect(mail.status).toBe(404);
    });

    it('shows every report to a user with another role granting walkabout reports with empty lists (empty: all)', async () => {
      for (const group of ['completed-walkabout', 'interim']) {
        expect(sortedIds((await listOf(as.weeklyandall!, `filter[group]=${group}`)).body)).toEqual(sortedIds((await listOf(as.walker!, `filter[group]=${group}`)).body));
      }
      expect((await as.weeklyandall!.get(`/walkabout-reports/${reports.month}/download`)).status).toBe(200);
    });

    it("offers on demand only the role's definitions and booklets, and refuses the others with 422", async () => {
      const data = one((await as.weeklyonly!.get(`/on-demand-reports/building-data/${tower}`)).body).attributes as { report_definitions: { name: string }[]; report_booklet_templates: { name: string }[] };
      expect(data.report_definitions.map((d) => d.name)).toEqual(['Organization weekly']);
      expect(data.report_booklet_templates).toEqual([]);
      const refusedDefinition = await as.weeklyonly!.post('/on-demand-reports/init-creation', {
        data: { type: 'on-demand-reports', attributes: { building_id: tower, report_type: 'walkabout_reports', report_definition_id: definitions['North monthly'] } },
      });
      expect(refusedDefinition.status).toBe(422);
      expect(refusedDefinition.body.errors![0]!.detail).toBe('Your roles do not give you this report.');
    });
  });

  describe('the download URL', () => {
    const download = async (who: Client, name: string) => who.get(`/walkabout-reports/${reports[name]}/download`);
    const fetchFile = (url: string) => backend.app.inject({ method: 'GET', url });

    it('answers a short-lived signed URL that serves the PDF without a session, as a file that cannot act as a page', async () => {
      const answer = await download(as.walker!, 'week2');
      expect(answer.status).toBe(200);
      const attributes = one(answer.body).attributes as { download_url: string; filename: string; expiresAt: string };
      expect(one(answer.body).type).toBe('report-downloads');
      expect(attributes.filename).toBe('Tower - Report week2 - 2025-10-12 to 2025-10-18.pdf');
      expect(attributes.download_url).toMatch(/^\/signed-files\/[^?]+\?name=.+&type=application%2Fpdf&expires=\d+&signature=[\w-]+$/);
      const expires = new Date(attributes.expiresAt).getTime() - Date.now();
      expect(expires).toBeGreaterThan((SIGNED_URL_TTL_SECONDS - 5) * 1000);
      expect(expires).toBeLessThanOrEqual((SIGNED_URL_TTL_SECONDS + 1) * 1000);

      const file = await fetchFile(attributes.download_url);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.headers['content-disposition']).toBe(
        `inline; filename="Tower - Report week2 - 2025-10-12 to 2025-10-18.pdf"; filename*=UTF-8''Tower%20-%20Report%20week2%20-%202025-10-12%20to%202025-10-18.pdf`,
      );
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.headers['content-security-policy']).toBe(SANDBOX_CSP);
      expect(String(file.headers['content-security-policy'])).toMatch(/^sandbox;/);
      expect(file.rawPayload.equals(pdf)).toBe(true);
    });

    it('refuses a signed URL once it has expired, with 403', async () => {
      const { download_url: url } = one((await download(as.walker!, 'week1')).body).attributes as { download_url: string };
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + (SIGNED_URL_TTL_SECONDS - 30) * 1000);
      expect((await fetchFile(url)).statusCode).toBe(200);
      vi.setSystemTime(Date.now() + 31 * 1000);
      const expired = await fetchFile(url);
      expect(expired.statusCode).toBe(403);
      expect(expired.json().errors[0]).toMatchObject({ code: 'FORBIDDEN', detail: 'This download link has expired: open the report again for a new one.' });
    });

    it('refuses an altered signed URL with 403: another signature, expiry, file name, type or file', async () => {
      const { download_url: url } = one((await download(as.walker!, 'week1')).body).attributes as { download_url: string };
      const other = (one((await download(as.walker!, 'month')).body).attributes as { download_url: string }).download_url;
      const parsed = new URL(url, 'http://x');
      const change = (name: string, value: string) => {
        const copy = new URL(parsed);
        copy.searchParams.set(name, value);
        return `${copy.pathname}?${copy.searchParams.toString()}`;
      };
      const signature = parsed.searchParams.get('signature')!;
      const altered = [
        change('signature', `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`),
        change('expires', String(Number(parsed.searchParams.get('expires')) + 3600)),
        change('name', 'invoice.html'),
        change('type', 'text/html'),
        `${new URL(other, 'http://x').pathname}${parsed.search}`,
        parsed.pathname,
      ];
      for (const link of altered) {
        const answer = await fetchFile(link);
        expect(answer.statusCode, link).toBe(403);
        expect(answer.json().errors[0].detail).toBe('This download link is not valid.');
      }
    });

    it('needs the permission of the kind of report, and answers 409 while a report has no PDF yet', async () => {
      expect((await download(as.walker!, 'booklet')).status).toBe(200);
      expect((await download(as.walker!, 'adhoc')).status).toBe(200);
      expect((await download(as.walker!, 'audit')).status).toBe(403);
      expect((await download(as.auditor!, 'audit')).status).toBe(200);
      expect((await download(as.auditor!, 'week1')).status).toBe(403);
      expect((await download(as.firewatcher!, 'fireWatch')).status).toBe(200);
      expect((await download(as.walker!, 'fireWatch')).status).toBe(403);
      const pending = await download(as.walker!, 'pending');
      expect(pending.status).toBe(409);
      expect(pending.body.errors![0]!.detail).toBe('This report is still being generated: try again in a moment.');
    });

    it("answers 404 for a report of a building outside the caller's scope", async () => {
      expect((await download(as.harbour!, 'week1')).status).toBe(404);
      expect((await download(as.southerner!, 'week1')).status).toBe(404);
      expect((await download(as.southerner!, 'annex')).status).toBe(200);
      expect((await as.walker!.get('/walkabout-reports/999999/download')).status).toBe(404);
    });
  });

  describe('on-demand reports', () => {
    async function request(values: { status?: 'pending' | 'failed'; report?: number | null; reportType?: string; error?: string; building?: number }) {
      const identificator = `od-${Math.random().toString(36).slice(2)}-${Date.now()}`;
      await backend.db.insert(schema.onDemandReports).values({
        identificator,
        buildingId: values.building ?? tower,
        reportType: values.reportType ?? 'walkabout_reports',
        generatedReportId: values.report ?? null,
        status: values.status ?? 'pending',
        error: values.error ?? null,
      });
      return identificator;
    }

    it('answers pdf_url null while the report is being made, then its download URL path and report_id', async () => {
      const id = await request({ report: reports.pending! });
      const pending = await as.creator!.get(`/on-demand-reports/${id}`);
      expect(pending.status).toBe(200);
      expect(one(pending.body).attributes).toMatchObject({ report_identificator: id, status: 'pending', pdf_url: null, report_id: reports.pending, error: null });
      const ready = await request({ report: reports.month! });
      expect(one((await as.creator!.get(`/on-demand-reports/${ready}`)).body).attributes).toMatchObject({
        status: 'ready',
        pdf_url: `/walkabout-reports/${reports.month}/download`,
        report_id: reports.month,
        report_type: 'walkabout_reports',
        building_id: tower,
      });
    });

    it('says clearly when a report could not be made', async () => {
      const failedReport = await report('failed', { kind: 'adhoc', pdf: false, status: 'failed' });
      await backend.db.update(schema.generatedReports).set({ error: 'The walkabout has no results to report.' }).where(eq(schema.generatedReports.id, failedReport));
      const id = await request({ report: failedReport });
      expect(one((await as.creator!.get(`/on-demand-reports/${id}`)).body).attributes).toMatchObject({
        status: 'failed',
        pdf_url: null,
        error: 'The walkabout has no results to report.',
      });
      const refused = await request({ status: 'failed', error: 'The report definition is inactive.' });
      expect(one((await as.creator!.get(`/on-demand-reports/${refused}`)).body).attributes).toMatchObject({
        status: 'failed',
        report_id: null,
        error: 'The report definition is inactive.',
      });
    });

    it('needs canCreateWalkaboutReports, and the audit permission for an audit report', async () => {
      const id = await request({});
      expect((await as.creator!.get(`/on-demand-reports/${id}`)).status).toBe(200);
      expect((await as.walker!.get(`/on-demand-reports/${id}`)).status).toBe(403);
      const audit = await request({ reportType: 'walkabout_audit_reports' });
      expect((await as.creator!.get(`/on-demand-reports/${audit}`)).status).toBe(403);
      expect((await as.everything!.get(`/on-demand-reports/${audit}`)).status).toBe(200);
    });

    it("answers 404 for a request of a building outside the caller's scope, or one that does not exist", async () => {
      const id = await request({});
      expect((await as.harbour!.get(`/on-demand-reports/${id}`)).status).toBe(404);
      expect((await as.southerner!.get(`/on-demand-reports/${id}`)).status).toBe(404);
      expect((await as.creator!.get('/on-demand-reports/no-such-request')).status).toBe(404);
    });
  });

  describe('GET /on-demand-reports/building-data/{buildingId}', () => {
    it("lists the definitions and booklets that apply to the building, the organization's cycles and the building's walkabouts of the last year", async () => {
      const now = Date.now();
      const walkabout = async (date: string, daysAgo: number, lockedBy: number | null) => {
        const [row] = await backend.db
          .insert(schema.walkabouts)
          .values({
            buildingId: tower,
            cycleId: acme.cycles.Weekly!,
            periodKey: date,
            date,
            // As the scheduler stores it: the next period's first day (the answer's end_date is the last day).
            endDate: dayjs(date).add(7, 'day').format('YYYY-MM-DD'),
            openedAt: new Date(now - daysAgo * 86_400_000),
            lockedAt: lockedBy ? new Date(now - (daysAgo - 7) * 86_400_000) : new Date(now + 86_400_000),
            lockedBy,
          })
          .returning({ id: schema.walkabouts.id });
        return row!.id;
      };
      await backend.db.update(schema.users).set({ firstname: 'Wendy', lastname: 'Walker' }).where(eq(schema.users.id, acme.users.walker!));
      const locked = await walkabout('2026-01-05', 30, acme.users.walker!);
      const open = await walkabout('2026-02-05', 2, null);
      await walkabout('2024-01-01', 400, acme.users.walker!);

      const answer = await as.creator!.get(`/on-demand-reports/building-data/${tower}`);
      expect(answer.status).toBe(200);
      const data = one(answer.body);
      expect(data.type).toBe('on-demand-building-data');
      const attributes = data.attributes as {
        report_definitions: { id: number; name: string; cycle_id: number; is_active: boolean }[];
        cycles: { id: number; name: string }[];
        walkabouts: { id: number; cycle_id: number; date: string; start_date: string; end_date: string; isLocked: boolean; inspectors_present: string[] }[];
        report_booklet_templates: { id: number; name: string; is_active: boolean; primary_report_definition_id: number; template_name: string; cycle_id: number }[];
      };
      expect(attributes.report_definitions).toEqual([
        { id: definitions['North monthly'], name: 'North monthly', cycle_id: acme.cycles.Monthly, is_active: true },
        { id: definitions['Organization weekly'], name: 'Organization weekly', cycle_id: acme.cycles.Weekly, is_active: true },
        { id: definitions['Tower own'], name: 'Tower own', cycle_id: acme.cycles.Weekly, is_active: false },
      ]);
      expect(attributes.report_booklet_templates).toEqual([
        {
          id: booklet,
          name: 'Harbour booklet',
          is_active: true,
          primary_report_definition_id: definitions['North monthly'],
          template_name: 'default',
          cycle_id: acme.cycles.Monthly,
        },
      ]);
      expect(attributes.report_booklet_templates.map((b) => b.id)).not.toContain(otherBooklet);
      expect(attributes.cycles.map((c) => c.name)).toEqual(['Monthly', 'Weekly']);
      expect(attributes.walkabouts).toEqual([
        expect.objectContaining({ id: open, cycle_id: acme.cycles.Weekly, date: '2026-02-05', start_date: '2026-02-05', end_date: '2026-02-11', isLocked: false, inspectors_present: [] }),
        expect.objectContaining({ id: locked, date: '2026-01-05', isLocked: true, inspectors_present: ['Wendy Walker'] }),
      ]);
    });

    it('needs canCreateWalkaboutReports', async () => {
      expect((await as.creatoronly!.get(`/on-demand-reports/building-data/${tower}`)).status).toBe(200);
      const refused = await as.walker!.get(`/on-demand-reports/building-data/${tower}`);
      expect(refused.status).toBe(403);
      expect(refused.body.errors![0]!.detail).toBe('You are not allowed to create on-demand reports.');
    });

    it("answers 404 for a building outside the caller's scope", async () => {
      expect((await as.harbour!.get(`/on-demand-reports/building-data/${tower}`)).status).toBe(404);
      expect((await as.southerner!.get(`/on-demand-reports/building-data/${tower}`)).status).toBe(404);
      const annex = await as.southerner!.get(`/on-demand-reports/building-data/${acme.buildings.Annex}`);
      const names = (one(annex.body).attributes.report_definitions as { name: string }[]).map((d) => d.name);
      expect(names).toEqual(['Annex own', 'Organization weekly', 'South only']);
    });
  });

  describe('on-demand creation and report e-mails (demo organization)', () => {
    const KING = 'King Street Commerce Centre';
    let demo: Awaited<ReturnType<typeof demoIds>>;
    let kingStreet = '';
    let weeklyWalkabout = '';
    const northwindDefinitions: Record<string, number> = {};
    const northwindBooklets: Record<string, number> = {};
    let readyWeekly: { identificator: string; reportId: number } | undefined;

    const init = (who: Client, attributes: Record<string, unknown>) =>
      who.post('/on-demand-reports/init-creation', { data: { type: 'on-demand-reports', attributes: { building_id: kingStreet, ...attributes } } });
    const poll = async (who: Client, identificator: string) => {
      const answer = await who.get(`/on-demand-reports/${identificator}`);
      expect(answer.status).toBe(200);
      return one(answer.body).attributes as { status: string; pdf_url: string | null; report_id: number | null; error: string | null };
    };
    const email = (who: Client, attributes: Record<string, unknown>) =>
      who.post('/walkabout-report-emails', { data: { type: 'walkabout-report-emails', attributes } });
    const outboxSince = async (since: number) =>
      backend.db.select().from(schema.mailOutbox).where(gt(schema.mailOutbox.id, since)).orderBy(schema.mailOutbox.id);
    const lastOutboxId = async () => {
      const rows = await backend.db.select({ id: schema.mailOutbox.id }).from(schema.mailOutbox);
      return Math.max(0, ...rows.map((r) => r.id));
    };

    beforeAll(async () => {
      demo = await demoIds(backend);
      kingStreet = demo.building(KING);
      weeklyWalkabout = await demo.walkabout(KING, 'Weekly');
      for (const d of await backend.db.select().from(schema.reportDefinitions).where(eq(schema.reportDefinitions.organizationId, demo.northwind))) {
        northwindDefinitions[d.name] = d.id;
      }
      for (const b of await backend.db.select().from(schema.reportBookletTemplates).where(eq(schema.reportBookletTemplates.organizationId, demo.northwind))) {
        northwindBooklets[b.name] = b.id;
      }
      as.manager = await signedIn(backend, 'manager');
      as.viewer = await signedIn(backend, 'viewer');
    });

    it('makes an on-demand report that the client polls until pdf_url is set, then downloads', async () => {
      const created = await init(as.manager!, {
        report_type: 'walkabout_reports',
        report_definition_id: northwindDefinitions['Weekly Fire Safety Inspection'],
        walkabout_id: weeklyWalkabout,
        cycle_id: demo.cycle(demo.northwind, 'Weekly'),
      });
      expect(created.status).toBe(201);
      const attributes = one(created.body).attributes as { report_identificator: string; status: string; pdf_url: string | null; report_id: number };
      expect(attributes).toMatchObject({ status: 'pending', pdf_url: null, report_type: 'walkabout_reports', building_id: Number(kingStreet) });
      expect(attributes.report_identificator).toMatch(/^[0-9a-f-]{36}$/);
      expect(await poll(as.manager!, attributes.report_identificator)).toMatchObject({ status: 'pending', pdf_url: null });

      await backend.app.jobs.drain();
      const ready = await poll(as.manager!, attributes.report_identificator);
      expect(ready).toMatchObject({ status: 'ready', pdf_url: `/walkabout-reports/${attributes.report_id}/download`, error: null });
      readyWeekly = { identificator: attributes.report_identificator, reportId: attributes.report_id };

      const download = one((await as.manager!.get(ready.pdf_url!)).body).attributes as { download_url: string; filename: string };
      expect(download.filename).toMatch(/^King Street Commerce Centre - Weekly Fire Safety Inspection - \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}\.pdf$/);
      const file = await backend.app.inject({ method: 'GET', url: download.download_url });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      // The report is listed among the building's reports, as an on-demand (adhoc) one, interim while its walkabout is open.
      const listed = list((await as.manager!.get(`/walkabout-reports?filter[building]=${kingStreet}&page[size]=500`)).body).find((r) => r.id === String(attributes.report_id));
      expect(listed!.attributes).toMatchObject({ reportType: 'adhoc_reports', isInterim: true, name: 'Weekly Fire Safety Inspection' });
    });

    it('makes an on-demand booklet and audit report of the latest walkabout of their cycle', async () => {
      const booklet = await init(as.manager!, { report_type: 'report_booklets', template_id: northwindBooklets['Weekly Consolidated Booklet'] });
      expect(booklet.status).toBe(201);
      const audit = await init(as.manager!, { report_type: 'walkabout_audit_reports', walkabout_id: Number(weeklyWalkabout) });
      expect(audit.status).toBe(201);
      await backend.app.jobs.drain();
      for (const answer of [booklet, audit]) {
        expect(await poll(as.manager!, one(answer.body).attributes.report_identificator as string)).toMatchObject({ status: 'ready' });
      }
      const [row] = await backend.db.select().from(schema.onDemandReports).where(eq(schema.onDemandReports.identificator, one(booklet.body).attributes.report_identificator as string));
      expect(row!.walkaboutId).toBe(Number(weeklyWalkabout));
    });

    it('refuses a definition or booklet that does not apply to the building, and a walkabout of another building', async () => {
      const daily = await init(as.manager!, { report_type: 'walkabout_reports', report_definition_id: northwindDefinitions['Daily Fire Alarm and Fire Door Log'] });
      expect(daily.status).toBe(422);
      expect(daily.body.errors![0]).toMatchObject({ detail: 'This report definition does not apply to this building.', source: { pointer: '/data/attributes/report_definition_id' } });
      const none = await init(as.manager!, { report_type: 'walkabout_reports' });
      expect(none.body.errors![0]).toMatchObject({ detail: 'Choose the report definition.', source: { pointer: '/data/attributes/report_definition_id' } });
      const noBooklet = await init(as.manager!, { report_type: 'report_booklets', template_id: 999999 });
      expect(noBooklet.body.errors![0]).toMatchObject({ detail: 'This report booklet does not apply to this building.', source: { pointer: '/data/attributes/template_id' } });
      const otherWalkabout = await demo.walkabout("Queen's Quay Residences", 'Weekly');
      const elsewhere = await init(as.manager!, {
        report_type: 'walkabout_reports',
        report_definition_id: northwindDefinitions['Weekly Fire Safety Inspection'],
        walkabout_id: otherWalkabout,
      });
      expect(elsewhere.status).toBe(404);
      expect((await init(as.manager!, { report_type: 'fire_watch_reports' })).status).toBe(422);
    });

    it('needs canCreateWalkaboutReports, and the audit permission for an audit report; another organization gets 404', async () => {
      const refused = await init(as.viewer!, { report_type: 'walkabout_reports', report_definition_id: northwindDefinitions['Weekly Fire Safety Inspection'] });
      expect(refused.status).toBe(403);
      expect(refused.body.errors![0]!.detail).toBe('You are not allowed to create on-demand reports.');
      const audit = await as.creator!.post('/on-demand-reports/init-creation', {
        data: { attributes: { building_id: tower, report_type: 'walkabout_audit_reports', cycle_id: acme.cycles.Weekly } },
      });
      expect(audit.status).toBe(403);
      expect(audit.body.errors![0]!.detail).toBe('You are not allowed to see walkabout audit reports.');
      const other = await init(as.harbour!, { report_type: 'walkabout_reports', report_definition_id: northwindDefinitions['Weekly Fire Safety Inspection'] });
      expect(other.status).toBe(404);
    });

    it('e-mails a report to each recipient with its PDF attached, naming the report, building and period and adding the message', async () => {
      expect(readyWeekly).toBeDefined();
      const since = await lastOutboxId();
      const answer = await email(as.manager!, {
        id: String(readyWeekly!.reportId),
        recipients: [' chief@fire.example ', '', 'owner@example.com, Chief@fire.example'],
        message: 'Please file this with the fire department.\nThe original is in the office.',
      });
      expect(answer.status).toBe(201);
      expect(one(answer.body).attributes).toMatchObject({
        recipients: ['chief@fire.example', 'owner@example.com'],
        message: 'Please file this with the fire department.\nThe original is in the office.',
      });
      const [report] = await backend.db.select().from(schema.generatedReports).where(eq(schema.generatedReports.id, readyWeekly!.reportId));
      const rows = await outboxSince(since);
      expect(rows.map((r) => r.to)).toEqual(['chief@fire.example', 'owner@example.com']);
      const period = `${dayjs(report!.startDate!).format('MMMM D, YYYY')} – ${dayjs(report!.endDate!).format('MMMM D, YYYY')}`;
      const filename = `King Street Commerce Centre - Weekly Fire Safety Inspection - ${report!.startDate} to ${report!.endDate}.pdf`;
      for (const row of rows) {
        expect(row.subject).toBe(`Weekly Fire Safety Inspection – King Street Commerce Centre – ${period}`);
        expect(row.text).toContain('sent you the report "Weekly Fire Safety Inspection" of King Street Commerce Centre (Weekly), for ' + period);
        expect(row.text).toContain('Please file this with the fire department.\nThe original is in the office.');
        expect(row.attachments).toEqual([{ filename, uploadKey: report!.uploadKey, contentType: 'application/pdf' }]);
      }
      // The attached key is the report's PDF in the storage.
      const stored = await backend.app.storage.get(report!.uploadKey!);
      const chunks: Buffer[] = [];
      for await (const chunk of stored!.body) chunks.push(Buffer.from(chunk as Uint8Array));
      expect(Buffer.concat(chunks).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    });

    it('sends no message part when the message is empty', async () => {
      const since = await lastOutboxId();
      expect((await email(as.manager!, { id: readyWeekly!.reportId, recipients: ['chief@fire.example'], message: '   ' })).status).toBe(201);
      const [row] = await outboxSince(since);
      expect(row!.text).not.toContain('Message from');
    });

    it('refuses recipients that are missing or not addresses, with 422 and a pointer to each', async () => {
      const empty = await email(as.manager!, { id: readyWeekly!.reportId, recipients: ['  ', ''] });
      expect(empty.status).toBe(422);
      expect(empty.body.errors).toEqual([
        { status: '422', title: 'Unprocessable Entity', code: 'VALIDATION_FAILED', detail: 'Add at least one recipient.', source: { pointer: '/data/attributes/recipients' } },
      ]);
      const wrong = await email(as.manager!, { id: readyWeekly!.reportId, recipients: ['not-an-address', 'ok@example.com', 'a@b', 'x@y.example <script>'] });
      expect(wrong.status).toBe(422);
      expect(wrong.body.errors!.map((e) => e.source!.pointer)).toEqual(['/data/attributes/recipients/0', '/data/attributes/recipients/2', '/data/attributes/recipients/3']);
      expect(wrong.body.errors![0]!.detail).toBe("'not-an-address' is not an e-mail address.");
      const since = await lastOutboxId();
      expect(await outboxSince(since)).toEqual([]);
    });

    it('needs the permission of the kind of report; another organization gets 404; a report without its PDF yet 409', async () => {
      expect((await email(as.viewer!, { id: readyWeekly!.reportId, recipients: ['chief@fire.example'] })).status).toBe(201);
      expect((await email(as.auditor!, { id: reports.week1, recipients: ['chief@fire.example'] })).status).toBe(403);
      expect((await email(as.walker!, { id: reports.week1, recipients: ['chief@fire.example'] })).status).toBe(201);
      expect((await email(as.walker!, { id: reports.audit, recipients: ['chief@fire.example'] })).status).toBe(403);
      expect((await email(as.harbour!, { id: readyWeekly!.reportId, recipients: ['chief@fire.example'] })).status).toBe(404);
      expect((await email(as.walker!, { id: reports.pending, recipients: ['chief@fire.example'] })).status).toBe(409);
    });

    it('e-mails a completed report once, when its walkabout locks, to the users who chose it and may see it', async () => {
      const weekly = northwindDefinitions['Weekly Fire Safety Inspection']!;
      const booklet = northwindBooklets['Weekly Consolidated Booklet']!;
      // A Northwind user who chose it but may not see walkabout reports, and Harbour's user who chose it too.
      const [managerRow] = await backend.db.select().from(schema.users).where(eq(schema.users.username, 'manager'));
      const [role] = await backend.db.insert(schema.roles).values({ organizationId: demo.northwind, name: 'Building viewer only', permissions: (await import('@fsi/shared')).emptyRolePermissions() }).returning();
      const [blind] = await backend.db
        .insert(schema.users)
        .values({ username: 'blind', organizationId: demo.northwind, passwordHash: managerRow!.passwordHash, email: 'blind@example.com', reportDefinitionsForAutomaticDeliveryIds: [weekly] })
        .returning();
      await backend.db.insert(schema.userRoles).values({ userId: blind!.id, roleId: role!.id });
      // One who chose it and sees walkabout reports, but whose role shows only another definition's.
      const shared = await import('@fsi/shared');
      const narrowPermissions = shared.emptyRolePermissions();
      narrowPermissions.reportPermissions.walkabout = true;
      const otherDefinition = Object.values(northwindDefinitions).find((id) => id !== weekly)!;
      const [narrowRole] = await backend.db
        .insert(schema.roles)
        .values({ organizationId: demo.northwind, name: 'Other reports only', permissions: narrowPermissions, reportDefinitionIds: [otherDefinition] })
        .returning();
      const [narrow] = await backend.db
        .insert(schema.users)
        .values({ username: 'narrow', organizationId: demo.northwind, passwordHash: managerRow!.passwordHash, email: 'narrow@example.com', reportDefinitionsForAutomaticDeliveryIds: [weekly] })
        .returning();
      await backend.db.insert(schema.userRoles).values({ userId: narrow!.id, roleId: narrowRole!.id });
      await backend.db.update(schema.users).set({ reportDefinitionsForAutomaticDeliveryIds: [weekly] }).where(inArray(schema.users.username, ['manager', 'harbour']));
      await backend.db.update(schema.users).set({ reportBookletsForAutomaticDeliveryIds: [booklet] }).where(eq(schema.users.username, 'viewer'));
      const emails = Object.fromEntries(
        (await backend.db.select({ username: schema.users.username, email: schema.users.email }).from(schema.users).where(inArray(schema.users.username, ['manager', 'viewer', 'harbour']))).map((u) => [u.username, u.email!]),
      );
      const since = await lastOutboxId();

      expect((await as.manager!.post(`/walkabouts/${weeklyWalkabout}/lock`, {})).status).toBe(200);
      await backend.app.jobs.drain();
      await backend.app.jobs.drain();
      const rows = await outboxSince(since);
      const completed = await backend.db
        .select()
        .from(schema.generatedReports)
        .where(and(eq(schema.generatedReports.walkaboutId, Number(weeklyWalkabout)), eq(schema.generatedReports.isInterim, false), inArray(schema.generatedReports.kind, ['walkabout', 'booklet'])));
      const weeklyReport = completed.find((r) => r.kind === 'walkabout' && r.reportDefinitionId === weekly)!;
      const bookletReport = completed.find((r) => r.kind === 'booklet' && r.bookletTemplateId === booklet)!;
      expect(weeklyReport.status).toBe('ready');
      expect(bookletReport.status).toBe('ready');
      expect(rows.map((r) => [r.to, r.attachments[0]!.uploadKey]).sort()).toEqual(
        [
          [emails.manager, weeklyReport.uploadKey],
          [emails.viewer, bookletReport.uploadKey],
        ].sort(),
      );
      const toManager = rows.find((r) => r.to === emails.manager)!;
      expect(toManager.subject).toMatch(/^Weekly Fire Safety Inspection – King Street Commerce Centre – /);
      expect(toManager.text).toContain('because you chose to get this report by e-mail when its walkabout is locked');

      // Marked ready again (a retried job, the report asked for again): nobody gets it twice.
      await onReportReady(backend.app, weeklyReport.id);
      await onReportReady(backend.app, bookletReport.id);
      await backend.app.jobs.drain();
      expect(await outboxSince(rows.at(-1)!.id)).toEqual([]);
    });
  });

  it('lets an administrator see every kind of every organization', async () => {
    expect((await as.admin!.get(`/walkabout-reports?filter[building]=${tower}&filter[group]=audit`)).status).toBe(200);
    expect((await as.admin!.get(`/walkabout-reports/${reports.fireWatch}/download`)).status).toBe(200);
    expect(list((await as.admin!.get(`/walkabout-reports?filter[building]=${tower}`)).body).length).toBeGreaterThan(0);
    expect((list((await as.admin!.get(`/walkabout-reports?filter[building]=${tower}&page[size]=100`)).body) as JsonApiResource[]).length).toBe(11);
  });
});
