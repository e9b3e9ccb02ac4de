/**
 * Report generation (issue 10 point 1) through real requests: a save with generateReport, the lock, the end of
 * a fire watch; the PDFs read back as a reader sees them (pdfjs-dist, test/pdf-reading.ts).
 */
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPLETED_SUBTITLE, displayDate, INTERIM_SUBTITLE } from '../src/features/reports/content';
import { AUDIT_REPORT_NAME, FIRE_WATCH_REPORT_NAME, generateReportNow, requestReport } from '../src/features/reports/generate';
import { PHOTO_UNAVAILABLE } from '../src/reports/pdf';
import { reportSection } from '../src/seed/test-seed';
import { schema, signIn, type TestBackend } from '../src/testing';
import { databases, demoIds, list, multipartFile, one, signedIn, startTestBackend, tree, type Client } from './helpers';
import { readPdfText, type PdfPageText } from './pdf-reading';

type Demo = Awaited<ReturnType<typeof demoIds>>;

const PUMP_TASKS = {
  runs: 'Pump runs for 10 minutes (diesel 30)',
  suction: 'Suction pressure (psi)',
  discharge: 'Discharge pressure at churn (psi)',
  drip: 'Packing gland drip rate (drops per minute)',
  controller: 'Controller shows power available; no alarms',
};
const REMARK = 'Pump did not start on the weekly churn test; contractor called (ticket 5521).';

describe.each(databases)('report generation on %s', (database) => {
  let backend: TestBackend;
  let demo: Demo;
  const as: Record<string, Client> = {};
  let weekly = 0;
  let pumpDefinition = 0;

  beforeAll(async () => {
    backend = await startTestBackend({ database });
    demo = await demoIds(backend);
    for (const username of ['manager', 'inspector']) as[username] = await signedIn(backend, username);
    weekly = Number(await demo.walkabout('Yonge & Eglinton Tower', 'Weekly'));
    const building = Number(demo.building('Yonge & Eglinton Tower'));
    const [pump] = await backend.db
      .select({ id: schema.equipmentTypes.id })
      .from(schema.equipmentTypes)
      .where(and(eq(schema.equipmentTypes.name, 'Fire Pump'), eq(schema.equipmentTypes.organizationId, demo.northwind)));
    const [definition] = await backend.db
      .insert(schema.reportDefinitions)
      .values({
        organizationId: demo.northwind,
        buildingId: building,
        cycleId: Number(demo.cycle(demo.northwind, 'Weekly')),
        name: 'Fire Pump Weekly Record',
        sections: [reportSection({ detail: 'condition', title: 'Fire Pump', equipmentId: pump!.id, includeMetadata: false })],
      })
      .returning({ id: schema.reportDefinitions.id });
    pumpDefinition = definition!.id;
    // At the building now: the drip-rate reading paused, the discharge reading inactive.
    const task = async (label: string) =>
      (await backend.db.select({ id: schema.tasks.id }).from(schema.tasks).where(and(eq(schema.tasks.label, label), eq(schema.tasks.organizationId, demo.northwind))))[0]!.id;
    await backend.db.insert(schema.buildingSuspensions).values([
      { buildingId: building, taskId: await task(PUMP_TASKS.drip), status: 'paused', shortName: 'Gauge' },
      { buildingId: building, taskId: await task(PUMP_TASKS.discharge), status: 'disabled', shortName: 'N/A' },
    ]);
  });
  afterAll(() => backend?.close());

  async function reportRow(where: Partial<{ walkaboutId: number; reportDefinitionId: number; bookletTemplateId: number; kind: string; fireWatchId: number }>) {
    const rows = await backend.db.select().from(schema.generatedReports);
    return rows.filter((r) => Object.entries(where).every(([k, v]) => r[k as keyof typeof r] === v));
  }

  async function pdfOf(uploadKey: string | null): Promise<PdfPageText[]> {
    const file = await backend.storage.get(uploadKey!);
    const chunks: Buffer[] = [];
    for await (const chunk of file!.body) chunks.push(Buffer.from(chunk as Uint8Array));
    return readPdfText(new Uint8Array(Buffer.concat(chunks)));
  }

  /** The texts on the line of a table cell, left to right. */
  function lineOf(pages: PdfPageText[], text: string): string[] {
    for (const page of pages) {
      // A long label wraps: its first line starts the row.
      const anchor = page.items.find((item) => item.str === text) ?? page.items.find((item) => item.str.length >= 10 && text.startsWith(item.str));
      if (anchor) return page.items.filter((item) => Math.abs(item.y - anchor.y) < 6).sort((a, b) => a.x - b.x).map((item) => item.str);
    }
    throw new Error(`'${text}' is not in the PDF`);
  }

  const pdfUploads = async () => (await backend.db.select({ n: sql<number>`count(*)::int` }).from(schema.uploads).where(eq(schema.uploads.mimetype, 'application/pdf')))[0]!.n;

  it('makes nothing for a save without generateReport', async () => {
    const monthly = await demo.walkabout('Yonge & Eglinton Tower', 'Monthly');
    const { body } = await as.inspector!.get(`/walkabouts/${monthly}`);
    const condition = tree(body).conditions.find((c) => c.attributes.label === 'Pin and tamper seal intact')!;
    const saved = await as.inspector!.save('no-report', {
      generateReport: false,
      walkaboutToUpdateId: monthly,
      data: { entries: [{ id: String(condition.attributes.entryId), scannedAt: new Date().toISOString() }], conditions: [{ id: condition.id, value: 'yes' }] },
    });
    expect(saved.status).toBe(200);
    await backend.app.jobs.drain();
    expect(await reportRow({ walkaboutId: Number(monthly) })).toEqual([]);
  });

  it("makes the interim reports of a Save with nothing left to send (autosave sent the results before it)", async () => {
    const monthly = await demo.walkabout('Yonge & Eglinton Tower', 'Monthly');
    const saved = await as.inspector!.save('report-only', { generateReport: true, walkaboutToUpdateId: monthly, data: { entries: [], conditions: [] } });
    expect(saved.status).toBe(200);
    await backend.app.jobs.drain();
    const reports = await reportRow({ walkaboutId: Number(monthly) });
    expect(reports.length).toBeGreaterThan(0);
    expect(reports.every((r) => r.isInterim && r.status === 'ready')).toBe(true);
  });

  it('makes the interim reports of a save with generateReport, with exactly the S, U, P and X marks and the remarks', async () => {
    const { body } = await as.inspector!.get(`/walkabouts/${weekly}`);
    const t = tree(body);
    const pump = t.entries.find((e) => e.attributes.equipmentName === 'Fire Pump')!;
    const of = (label: string) => t.conditions.find((c) => c.attributes.entryId === Number(pump.id) && c.attributes.label === label)!.id;
    // The inspector's photo of the failure, uploaded first as the device does.
    const { token } = await signIn(backend.url, 'inspector', 'demo1234');
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c33' } }).jpeg().toBuffer();
    const file = multipartFile('pump.jpg', 'image/jpeg', jpeg);
    const upload = await backend.app.inject({ method: 'POST', url: '/uploads', payload: file.payload, headers: { ...file.headers, authorization: `Bearer ${token}` } });
    expect(upload.statusCode).toBe(201);
    const photoUrl = (upload.json().data.attributes as { url: string }).url;
    const saved = await as.inspector!.save('pump-results', {
      generateReport: true,
      walkaboutToUpdateId: String(weekly),
      data: {
        entries: [{ id: pump.id, scannedAt: new Date().toISOString() }],
        conditions: [
          { id: of(PUMP_TASKS.runs), value: 'no', remarks: REMARK, photoUrl, photoMimetype: 'image/jpeg', editedVia: 'tap', editedAt: new Date().toISOString() },
          { id: of(PUMP_TASKS.controller), value: true, editedVia: 'tap', editedAt: new Date().toISOString() },
        ],
      },
    });
    expect(saved.status).toBe(200);
    await backend.app.jobs.drain();

    const [report] = await reportRow({ walkaboutId: weekly, reportDefinitionId: pumpDefinition });
    expect(report).toMatchObject({ kind: 'walkabout', status: 'ready', isInterim: true, name: 'Fire Pump Weekly Record' });
    expect(report!.pageCount).toBeGreaterThan(0);
    expect(report!.contentHash).toMatch(/^[0-9a-f]{64}$/);
    // Every active definition of the cycle that applies to the building was asked for, none other.
    const others = await reportRow({ walkaboutId: weekly });
    expect(others.map((r) => r.name).sort()).toEqual(['Fire Pump Weekly Record', 'Weekly Fire Safety Inspection']);

    const pages = await pdfOf(report!.uploadKey);
    const text = pages.map((p) => p.text).join('\n');
    expect(text).toContain('Northwind Property Management');
    expect(text).toContain('Yonge & Eglinton Tower');
    expect(text).toContain('2300 Yonge Street');
    expect(text).toContain(INTERIM_SUBTITLE);
    expect(text).toContain('Isaac Novak');
    const marks = (label: string) => lineOf(pages, label).filter((s) => ['S', 'U', 'P', 'X'].includes(s));
    expect(marks(PUMP_TASKS.runs)).toEqual(['U']);
    expect(marks(PUMP_TASKS.controller)).toEqual(['S']);
    expect(marks(PUMP_TASKS.drip)).toEqual(['P']);
    expect(marks(PUMP_TASKS.discharge)).toEqual(['X']);
    expect(marks(PUMP_TASKS.suction)).toEqual([]);
    expect(text.replace(/\s+/g, ' ')).toContain(REMARK);
    // The photo was read from the storage and drawn as a thumbnail.
    const [failed] = await backend.db.select({ photoUrl: schema.conditions.photoUrl }).from(schema.conditions).where(eq(schema.conditions.id, Number(of(PUMP_TASKS.runs))));
    expect(failed!.photoUrl).toBe(photoUrl);
    expect(text.replace(/\s+/g, '')).not.toContain(PHOTO_UNAVAILABLE.replace(/\s+/g, ''));
    const allMarks = pages.flatMap((p) => p.items.map((i) => i.str)).filter((s) => ['S', 'U', 'P', 'X'].includes(s));
    expect(allMarks.sort()).toEqual(['P', 'S', 'U', 'X']);
  });

  it('does not render a report again when nothing changed', async () => {
    const [before] = await reportRow({ walkaboutId: weekly, reportDefinitionId: pumpDefinition });
    const pdfs = await pdfUploads();
    await requestReport(backend.app, { kind: 'walkabout', walkaboutId: weekly, reportDefinitionId: pumpDefinition });
    await backend.app.jobs.drain();
    expect(await generateReportNow(backend.app, before!.id)).toEqual({ status: 'unchanged' });
    const [after] = await reportRow({ walkaboutId: weekly, reportDefinitionId: pumpDefinition });
    expect(after!.uploadKey).toBe(before!.uploadKey);
    expect(after!.generatedAt).toEqual(before!.generatedAt);
    expect(await pdfUploads()).toBe(pdfs);
  });

  it('replaces the interim report with the completed one when the walkabout locks, and makes its audit report', async () => {
    const [interim] = await reportRow({ walkaboutId: weekly, reportDefinitionId: pumpDefinition });
    expect((await as.inspector!.post(`/walkabouts/${weekly}/lock`, {})).status).toBe(200);
    await backend.app.jobs.drain();
    const rows = await reportRow({ walkaboutId: weekly, reportDefinitionId: pumpDefinition });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: interim!.id, status: 'ready', isInterim: false });
    expect(rows[0]!.uploadKey).not.toBe(interim!.uploadKey);
    expect(rows[0]!.lockedAt).not.toBeNull();
    const text = (await pdfOf(rows[0]!.uploadKey)).map((p) => p.text).join('\n');
    expect(text).toContain(COMPLETED_SUBTITLE);
    expect(text).not.toContain(INTERIM_SUBTITLE);

    const [audit] = await reportRow({ walkaboutId: weekly, kind: 'audit' });
    expect(audit).toMatchObject({ status: 'ready', isInterim: false, name: AUDIT_REPORT_NAME });
    const auditText = (await pdfOf(audit!.uploadKey)).map((p) => p.text).join('\n').replace(/\s+/g, ' ');
    expect(auditText).toContain(AUDIT_REPORT_NAME);
    expect(auditText).toContain('Isaac Novak');
    expect(auditText).toContain(PUMP_TASKS.runs);
    expect(auditText).toContain(REMARK);
    expect(auditText).toContain('Applied');
  });

  it('puts a booklet\'s primary report first, and a consolidated booklet under one header', async () => {
    const monthly = Number(await demo.walkabout('Yonge & Eglinton Tower', 'Monthly'));
    const definitions = await backend.db.select().from(schema.reportDefinitions).where(eq(schema.reportDefinitions.organizationId, demo.northwind));
    const id = (name: string) => definitions.find((d) => d.name === name)!.id;
    const [booklet] = await backend.db
      .insert(schema.reportBookletTemplates)
      .values({
        organizationId: demo.northwind,
        name: 'Inventory then Inspection',
        reportDefinitionIds: [id('Monthly Extinguisher Inventory'), id('Monthly Fire Safety Inspection')],
        primaryReportDefinitionId: id('Monthly Fire Safety Inspection'),
      })
      .returning({ id: schema.reportBookletTemplates.id });
    await requestReport(backend.app, { kind: 'booklet', walkaboutId: monthly, bookletTemplateId: booklet!.id });
    await backend.app.jobs.drain();
    const [row] = await reportRow({ walkaboutId: monthly, bookletTemplateId: booklet!.id });
    expect(row).toMatchObject({ kind: 'booklet', status: 'ready', isInterim: true });
    const pages = await pdfOf(row!.uploadKey);
    const firstPage = (title: string) => pages.findIndex((p) => p.items.some((i) => i.str === title));
    expect(firstPage('Monthly Fire Safety Inspection')).toBe(0);
    expect(firstPage('Monthly Extinguisher Inventory')).toBeGreaterThan(0);
    expect(row!.pageCount).toBe(pages.length);

    // Consolidated: the booklet's own title on one header, the primary's sections before the other's.
    const king = Number(await demo.walkabout('King Street Commerce Centre', 'Weekly'));
    const [consolidated] = await backend.db.select().from(schema.reportBookletTemplates).where(eq(schema.reportBookletTemplates.name, 'Weekly Consolidated Booklet'));
    await requestReport(backend.app, { kind: 'booklet', buildingId: Number(demo.building('King Street Commerce Centre')), bookletTemplateId: consolidated!.id });
    await backend.app.jobs.drain();
    const [merged] = await reportRow({ walkaboutId: king, bookletTemplateId: consolidated!.id });
    expect(merged).toMatchObject({ status: 'ready', name: 'Weekly Consolidated Booklet' });
    const text = (await pdfOf(merged!.uploadKey)).map((p) => p.text).join('\n');
    expect(text).toContain('Weekly Consolidated Booklet');
    expect(text).not.toContain('Weekly Sprinkler and Fire Pump Log');
    expect(text.indexOf('Sprinkler Control Valves')).toBeGreaterThan(-1);
    expect(text.indexOf('Sprinkler Control Valves')).toBeLessThan(text.indexOf('Fire Pump Weekly Test'));
  });

  it('shows the marks of earlier walkabouts of the cycle beside the reported one (previousWalkaboutsCount)', async () => {
    const building = demo.building('Yonge & Eglinton Tower');
    const cycle = demo.cycle(demo.northwind, 'Pre-Occupancy Inspection');
    const [definition] = await backend.db
      .insert(schema.reportDefinitions)
      .values({
        organizationId: demo.northwind,
        buildingId: Number(building),
        cycleId: Number(cycle),
        name: 'Pre-Occupancy Record',
        previousWalkaboutsCount: 1,
        sections: [reportSection({ detail: 'condition', title: 'Every Task', includeMetadata: false })],
      })
      .returning({ id: schema.reportDefinitions.id });
    const label = 'Self-closing device installed and adjusted';
    /** A new Pre-Occupancy walkabout whose first fire door gets `value`, then locked. */
    async function inspected(value: 'yes' | 'no', key: string) {
      const created = await as.manager!.post('/walkabouts', {
        data: { type: 'walkabouts', relationships: { building: { data: { type: 'buildings', id: building } }, cycle: { data: { type: 'cycles', id: cycle } } } },
      });
      expect(created.status).toBe(201);
      const id = one(created.body).id;
      const t = tree((await as.inspector!.get(`/walkabouts/${id}`)).body);
      const door = t.conditions.find((c) => c.attributes.label === label)!;
      const saved = await as.inspector!.save(key, {
        generateReport: false,
        walkaboutToUpdateId: id,
        data: {
          entries: [{ id: String(door.attributes.entryId), scannedAt: new Date().toISOString() }],
          conditions: [{ id: door.id, value, remarks: value === 'no' ? 'Closer arm missing' : null, editedVia: 'tap', editedAt: new Date().toISOString() }],
        },
      });
      expect(saved.status).toBe(200);
      expect((await as.inspector!.post(`/walkabouts/${id}/lock`, {})).status).toBe(200);
      await backend.app.jobs.drain();
      return Number(id);
    }
    await inspected('no', 'pre-occupancy-1');
    const second = await inspected('yes', 'pre-occupancy-2');
    const [row] = await reportRow({ walkaboutId: second, reportDefinitionId: definition!.id });
    expect(row).toMatchObject({ status: 'ready', isInterim: false });
    const pages = await pdfOf(row!.uploadKey);
    const [earlier] = await backend.db.select({ date: schema.walkabouts.date }).from(schema.walkabouts).where(sql`${schema.walkabouts.buildingId} = ${Number(building)} and ${schema.walkabouts.cycleId} = ${Number(cycle)} and ${schema.walkabouts.id} <> ${second}`);
    expect(pages[0]!.items.map((i) => i.str)).toContain(displayDate(earlier!.date));
    // This walkabout's S, then the earlier one's U, on the fire door's line.
    expect(lineOf(pages, label).filter((s) => ['S', 'U', 'P', 'X'].includes(s))).toEqual(['S', 'U']);
  });

  it('makes an on-demand report in its own row, beside the walkabout\'s', async () => {
    const requested = await requestReport(backend.app, { kind: 'adhoc', identificator: 'on-demand-test-1', walkaboutId: weekly, reportDefinitionId: pumpDefinition });
    expect(requested.sourceKey).toBe('adhoc:on-demand-test-1');
    await backend.app.jobs.drain();
    const [row] = await reportRow({ kind: 'adhoc', walkaboutId: weekly });
    expect(row).toMatchObject({ id: requested.id, status: 'ready', reportDefinitionId: pumpDefinition, name: 'Fire Pump Weekly Record', isInterim: false });
    const [walkaboutReport] = await reportRow({ kind: 'walkabout', walkaboutId: weekly, reportDefinitionId: pumpDefinition });
    expect(row!.contentHash).toBe(walkaboutReport!.contentHash);
  });

  it('makes the report of a fire watch when it ends', async () => {
    const building = demo.building('King Street Commerce Centre');
    const started = await as.manager!.post('/fire-watches', {
      data: { type: 'fire-watch', attributes: { status: 'started', startComments: 'Sprinkler system impaired for valve replacement' }, relationships: { building: { data: { type: 'buildings', id: building } } } },
    });
    expect(started.status).toBe(201);
    const fireWatchId = Number(one(started.body).id);
    expect((await as.manager!.patch(`/fire-watches/${fireWatchId}`, { data: { attributes: { status: 'ended', endComments: 'Valve replaced, system restored' } } })).status).toBe(200);
    await backend.app.jobs.drain();
    const [row] = await reportRow({ fireWatchId });
    expect(row).toMatchObject({ kind: 'fire_watch', status: 'ready', isInterim: false, name: FIRE_WATCH_REPORT_NAME });
    const text = (await pdfOf(row!.uploadKey)).map((p) => p.text).join('\n').replace(/\s+/g, ' ');
    expect(text).toContain('Sprinkler system impaired for valve replacement');
    expect(text).toContain('Valve replaced, system restored');
    expect(text).toContain('Morgan Reyes');
    expect(list((await as.manager!.get(`/fire-watches?filter[building]=${building}`)).body).length).toBeGreaterThan(0);
  });
});
