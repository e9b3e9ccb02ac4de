/**
 * Failure and notes follow-up (issue 10 points 4 and 5; inspection.md sections 2-8): the summary
 * reports list exactly the latest walkabouts' failures and notes, acknowledge, comment and repair
 * follow the spec's rules and permissions, and the building card's four counts follow them.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema, signIn, type TestBackend } from '../src/testing';
import { flatText, readPdfText } from './pdf-reading';
import { databases, demoIds, one, list, signedIn, startTestBackend, tree, type Client, type JsonApiResource, type Grants, userWithGrants } from './helpers';

const BUILDING = 'King Street Commerce Centre';

describe.each(databases)('failure and notes follow-up on %s', (database) => {
  let backend: TestBackend;
  let demo: Awaited<ReturnType<typeof demoIds>>;
  let building = '';
  let walkabout = '';
  let cycleId = '';
  const as: Record<string, Client> = {};
  /** The entries given results: two failures and one note. */
  const entries = { blocked: '', empty: '', noted: '' };
  let locationComment = '';

  /** A user of Northwind with one role of these grants (signed in with the demo password). */
  /** A Northwind user with one role of these grants. */
  const userWith = (username: string, grants: Grants) => userWithGrants(backend, demo.northwind, username, grants);

  const put = (who: Client, path: string, attributes: Record<string, unknown>) => who.request('PUT', path, { data: { type: path.split('/')[1], attributes } });
  const comment = (who: Client, relationship: string, id: string, body: unknown) =>
    who.post('/comments', { data: { type: 'comments', attributes: { body }, relationships: { [relationship]: { data: { type: relationship, id } } } } });
  const report = async (who: Client, id: string) => {
    const answer = await who.get(`/reports/${id}`);
    expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(200);
    return one(answer.body).attributes as {
      reportType: string;
      name: string;
      headers: string[];
      rows: Array<{ cells: string[]; item: Record<string, unknown> & { modelPath: string; modelId: number; state: string } }>;
      meta: { total: number; acknowledgedTotal: number; emptyMessage: string };
    };
  };
  const counts = async () => {
    const attributes = one((await as.manager!.get(`/buildings/${building}`)).body).attributes;
    return [
      attributes.summaryFailureReportTotal,
      attributes.summaryFailureReportAcknowledgedTotal,
      attributes.summaryNotesReportTotal,
      attributes.summaryNotesReportAcknowledgedTotal,
    ];
  };

  beforeAll(async () => {
    backend = await startTestBackend({ database });
    demo = await demoIds(backend);
    building = demo.building(BUILDING);
    cycleId = demo.cycle(demo.northwind, 'Monthly');
    for (const username of ['admin', 'manager', 'inspector', 'viewer', 'harbour']) as[username] = await signedIn(backend, username);
    as.failureReader = await userWith('failure-reader', { buildingPermissions: { view: true }, reportPermissions: { failure: true } });
    as.acknowledger = await userWith('acknowledger', { buildingPermissions: { view: true }, reportPermissions: { failure: true }, failureReportPermissions: { acknowledge: true } });
    as.commenter = await userWith('commenter', { buildingPermissions: { view: true }, reportPermissions: { failure: true }, failureReportPermissions: { comment: true } });
    as.repairer = await userWith('repairer', { buildingPermissions: { view: true }, reportPermissions: { failure: true }, failureReportPermissions: { repair: true } });
    as.repairReader = await userWith('repair-reader', { buildingPermissions: { view: true }, reportPermissions: { repair: true } });
    as.noReports = await userWith('no-reports', { buildingPermissions: { view: true } });

    // The inspector records two failures and a note on the building's Monthly walkabout, and the manager locks it.
    walkabout = await demo.walkabout(BUILDING, 'Monthly');
    const t = tree((await as.manager!.get(`/walkabouts/${walkabout}`)).body);
    const extinguishers = t.entries.filter((e) => e.attributes.equipmentName === 'Portable Fire Extinguisher').slice(0, 3);
    expect(extinguishers).toHaveLength(3);
    const accessible = (entry: JsonApiResource) =>
      t.conditions.find((c) => c.attributes.entryId === Number(entry.id) && c.attributes.label === 'Accessible and visible')!;
    [entries.blocked, entries.empty, entries.noted] = extinguishers.map((e) => e.id) as [string, string, string];
    const saved = await as.manager!.save('failures', {
      walkaboutToUpdateId: walkabout,
      data: {
        entries: extinguishers.map((e) => ({ id: e.id, scannedAt: '2026-11-20T14:00:00Z' })),
        conditions: [
          { id: accessible(extinguishers[0]!).id, value: false, remarks: 'Blocked by a pallet', editedAt: '2026-11-20T14:01:00Z' },
          { id: accessible(extinguishers[1]!).id, value: false, remarks: 'Bracket empty: extinguisher missing', editedAt: '2026-11-20T14:02:00Z' },
          { id: accessible(extinguishers[2]!).id, value: true, hasSatisfactoryRemarks: true, remarks: 'Sign faded, still legible', editedAt: '2026-11-20T14:03:00Z' },
        ],
      },
    });
    expect(saved.status, JSON.stringify(saved.body).slice(0, 400)).toBe(200);
    expect((await as.manager!.post(`/walkabouts/${walkabout}/lock`, {})).status).toBe(200);
  });
  afterAll(() => backend?.close());

  it('lists in the failure summary exactly the unsatisfactory entries of the locked walkabout, with their remarks, in the column order of section 3', async () => {
    const failure = await report(as.manager!, `${building}-summary-failure`);
    expect(failure).toMatchObject({ reportType: 'failure', name: 'Summary Failure Report' });
    expect(failure.headers).toEqual(['Cycle', 'Equipment', 'Location', 'Floor', 'Model', 'ID', 'Documents', 'Acknowledged', 'Comments', 'Sections', 'Photo']);
    // Exactly the entries with an unsatisfactory result in the reported walkabouts, read from the database.
    const unsatisfactory = await backend.db
      .selectDistinct({ entryId: schema.conditions.entryId })
      .from(schema.conditions)
      .innerJoin(schema.walkabouts, eq(schema.walkabouts.id, schema.conditions.walkaboutId))
      .where(and(eq(schema.walkabouts.buildingId, Number(building)), eq(schema.conditions.satisfaction, 'unsatisfactory')));
    expect(unsatisfactory.map((r) => String(r.entryId)).sort()).toEqual([entries.blocked, entries.empty].sort());
    expect(failure.rows.map((r) => String(r.item.modelId)).sort()).toEqual([entries.blocked, entries.empty].sort());
    const blocked = failure.rows.find((r) => String(r.item.modelId) === entries.blocked)!;
    expect(blocked.item).toMatchObject({ modelPath: 'entries', state: 'unacknowledged', cycleName: 'Monthly' });
    expect(blocked.cells[0]).toBe('Monthly');
    expect(blocked.cells[1]).toMatch(/^Portable Fire Extinguisher \(\d+\)$/);
    expect(blocked.cells[4]).toMatch(/^B(500|10M)$/);
    expect(blocked.cells[9]).toBe('Portable Fire Extinguisher: Accessible and visible (U) - Blocked by a pallet');
    expect(failure.meta).toMatchObject({ total: 2, acknowledgedTotal: 0, emptyMessage: 'No failures recorded in the latest walkabout(s).' });

    const notes = await report(as.manager!, `${building}-summary-notes`);
    expect(notes.headers.slice(-2)).toEqual(['Remarks', 'Photo']);
    expect(notes.rows.map((r) => [String(r.item.modelId), r.cells[9]])).toEqual([[entries.noted, 'Sign faded, still legible']]);
    expect(await counts()).toEqual([2, 0, 1, 0]);
  });

  it("lists the building's reports by permission: summaries with canViewFailureReport, each cycle's default report with canViewWalkaboutReports", async () => {
    const ids = async (who: Client, query = '') => {
      const answer = await who.get(`/reports?filter[building]=${building}${query}`);
      expect(answer.status).toBe(200);
      return list(answer.body).map((r) => r.id);
    };
    const managerIds = await ids(as.manager!);
    expect(managerIds.slice(0, 2)).toEqual([`${building}-summary-failure`, `${building}-summary-notes`]);
    expect(managerIds).toContain(`${building}-${cycleId}-default`);
    expect(await ids(as.failureReader!)).toEqual([`${building}-summary-failure`, `${building}-summary-notes`]);
    expect((await ids(as.viewer!)).every((id) => id.endsWith('-default'))).toBe(true);
    expect(await ids(as.manager!, `&filter[cycle]=${cycleId}`)).toEqual([`${building}-${cycleId}-failure`, `${building}-${cycleId}-notes`, `${building}-${cycleId}-default`]);
    expect((await as.noReports!.get(`/reports?filter[building]=${building}`)).status).toBe(403);
    // The default report of the cycle: every result of the locked walkabout, U and S where recorded.
    const weekly = await report(as.viewer!, `${building}-${cycleId}-default`);
    expect(weekly.headers).toEqual(['Floor', 'Location', 'Equipment', 'Section', 'Condition', 'Result', 'Remarks', 'Photo']);
    expect(weekly.rows.filter((r) => r.cells[5] === 'U').map((r) => r.cells[6]).sort()).toEqual(['Blocked by a pallet', 'Bracket empty: extinguisher missing']);
    expect(weekly.rows.every((r) => r.item === null)).toBe(true);
    expect((await as.viewer!.get(`/reports/${building}-summary-failure`)).status).toBe(403);
    expect((await as.failureReader!.get(`/reports/${building}-${cycleId}-default`)).status).toBe(403);
    expect((await as.manager!.get(`/reports/${building}-999999-default`)).status).toBe(404);
    expect((await as.manager!.get(`/reports/${building}-summary-default`)).status).toBe(404);
  });

  it('acknowledges with a valid date and canAcknowledgeFailureReport, then allows comments, and counts it', async () => {
    const path = `/entries/${entries.blocked}`;
    // A comment before the acknowledgement is refused: comments follow it.
    const early = await comment(as.manager!, 'entry', entries.blocked, 'Moved the pallet');
    expect(early.status).toBe(422);
    expect(early.body.errors![0]).toMatchObject({ detail: 'Only an acknowledged item can be commented on: acknowledge it first.', source: { pointer: '/data/relationships/entry' } });

    expect((await put(as.commenter!, path, { acknowledgedAt: '2026-11-21T09:30', acknowledgedNotes: 'Seen' })).status).toBe(403);
    const invalid = await put(as.acknowledger!, path, { acknowledgedAt: '2026-02-30T09:30', acknowledgedNotes: 'Seen' });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors![0]).toMatchObject({ detail: 'A valid acknowledged date is required.', source: { pointer: '/data/attributes/acknowledgedAt' } });
    const missing = await put(as.acknowledger!, path, { acknowledgedNotes: 'Seen' });
    expect(missing.body.errors![0]!.source).toEqual({ pointer: '/data/attributes/acknowledgedAt' });

    const acknowledged = await put(as.acknowledger!, path, { acknowledgedAt: '2026-11-21T09:30', acknowledgedNotes: 'Facilities will move the pallet', photoUrl: null });
    expect(acknowledged.status, JSON.stringify(acknowledged.body)).toBe(200);
    // Without an offset the sheet's time is the building's (Toronto: UTC-5 in November).
    expect(one(acknowledged.body).attributes).toMatchObject({
      state: 'acknowledged',
      acknowledgedAt: '2026-11-21T14:30:00.000Z',
      acknowledgedUsername: 'acknowledger',
      acknowledgedNotes: 'Facilities will move the pallet',
    });
    expect(await counts()).toEqual([2, 1, 1, 0]);

    expect((await comment(as.acknowledger!, 'entry', entries.blocked, 'Called facilities')).status).toBe(403);
    const empty = await comment(as.commenter!, 'entry', entries.blocked, '  ');
    expect(empty.status).toBe(422);
    expect(empty.body.errors![0]).toMatchObject({ detail: 'Comment body is required.', source: { pointer: '/data/attributes/body' } });
    const two = await as.commenter!.post('/comments', {
      data: { attributes: { body: 'x' }, relationships: { entry: { data: { id: entries.blocked } }, 'location-comment': { data: { id: entries.blocked } } } },
    });
    expect(two.status).toBe(422);
    expect(two.body.errors![0]!.source).toEqual({ pointer: '/data/relationships' });
    const added = await comment(as.commenter!, 'entry', entries.blocked, 'Pallet moved this morning');
    expect(added.status).toBe(201);
    expect(one(added.body).attributes).toMatchObject({ body: 'Pallet moved this morning', creatorUsername: 'commenter', entryId: Number(entries.blocked) });

    const row = (await report(as.failureReader!, `${building}-summary-failure`)).rows.find((r) => String(r.item.modelId) === entries.blocked)!;
    expect(row.item).toMatchObject({ state: 'acknowledged', acknowledgedUsername: 'acknowledger', comments: [expect.objectContaining({ body: 'Pallet moved this morning', creatorUsername: 'commenter' })] });
    expect(row.cells[7]).toBe('November 21, 2026 at 9:30 AM / acknowledger / Facilities will move the pallet');
    expect(row.cells[8]).toMatch(/^commenter \(.+\): Pallet moved this morning$/);
  });

  it('closes an item as repaired with canRepairFailureReport: it leaves the lists and the counts', async () => {
    const path = `/entries/${entries.empty}`;
    expect((await put(as.acknowledger!, path, { repairedAt: '2026-11-22T10:00', repairedComments: 'Replaced' })).status).toBe(403);
    const invalid = await put(as.repairer!, path, { repairedAt: 'yesterday', repairedComments: 'Replaced' });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors![0]).toMatchObject({ detail: 'A valid repaired date is required.', source: { pointer: '/data/attributes/repairedAt' } });
    const repaired = await put(as.repairer!, path, { repairedAt: '2026-11-22T10:00:00Z', repairedComments: 'New extinguisher mounted', photoUrl: '/files/new-extinguisher.jpg' });
    expect(repaired.status).toBe(200);
    expect(one(repaired.body).attributes).toMatchObject({ state: 'repaired', repairedUsername: 'repairer', repairedComments: 'New extinguisher mounted',
      // The stored photo comes back as its signed URL, for the caller who may see the item.
      repairedPhotoUrl: expect.stringMatching(/^\/signed-files\/new-extinguisher\.jpg\?name=photo\.jpg&type=image%2Fjpeg&expires=\d+&signature=[\w-]+$/),
    });
    const failure = await report(as.manager!, `${building}-summary-failure`);
    expect(failure.rows.map((r) => String(r.item.modelId))).toEqual([entries.blocked]);
    expect(await counts()).toEqual([1, 1, 1, 0]);
    // A closed item is not acknowledged again.
    const again = await put(as.acknowledger!, path, { acknowledgedAt: '2026-11-23T10:00' });
    expect(again.status).toBe(422);
    expect(again.body.errors![0]!.detail).toBe('This item is closed as repaired: it can no longer be acknowledged.');
  });

  it('counts an off-cycle location remark made since the lock as a note, and follows it up like an entry', async () => {
    const [location] = await backend.db.select({ id: schema.locations.id }).from(schema.locations).where(eq(schema.locations.buildingId, Number(building))).limit(1);
    const created = await as.manager!.post('/location-comments', {
      data: { attributes: { body: 'Stairwell door wedged open' }, relationships: { location: { data: { type: 'locations', id: String(location!.id) } } } },
    });
    expect(created.status).toBe(201);
    locationComment = one(created.body).id;
    expect(await counts()).toEqual([1, 1, 2, 0]);
    const notes = await report(as.manager!, `${building}-summary-notes`);
    const remark = notes.rows.find((r) => r.item.modelPath === 'location-comments')!;
    expect(remark.cells.slice(0, 2)).toEqual(['Off-cycle', '']);
    expect(remark.cells[9]).toBe('Stairwell door wedged open');
    expect((await put(as.manager!, `/location-comments/${locationComment}`, { acknowledgedAt: '2026-11-23T08:00' })).status).toBe(200);
    expect((await comment(as.manager!, 'location-comment', locationComment, 'Door closer ordered')).status).toBe(201);
    expect(await counts()).toEqual([1, 1, 2, 1]);
    expect((await put(as.manager!, `/location-comments/${locationComment}`, { repairedAt: '2026-11-23T12:00', repairedComments: 'Closer replaced' })).status).toBe(200);
    expect(await counts()).toEqual([1, 1, 1, 0]);
  });

  it('refuses to follow up an entry with no failure or note, and answers 404 outside the scope', async () => {
    const candidates = await backend.db.select({ id: schema.entries.id }).from(schema.entries).where(eq(schema.entries.walkaboutId, Number(walkabout)));
    const other = candidates.find((c) => ![entries.blocked, entries.empty, entries.noted].includes(String(c.id)))!;
    const answer = await put(as.manager!, `/entries/${other.id}`, { acknowledgedAt: '2026-11-23T08:00' });
    expect(answer.status).toBe(422);
    expect(answer.body.errors![0]!.detail).toBe('This entry has no failure or note to follow up.');
    expect((await put(as.harbour!, `/entries/${entries.blocked}`, { acknowledgedAt: '2026-11-23T08:00' })).status).toBe(404);
    expect((await comment(as.harbour!, 'entry', entries.blocked, 'x')).status).toBe(404);
    expect((await as.harbour!.get(`/reports/${building}-summary-failure`)).status).toBe(404);
  });

  it("lists the building's equipment types for the repair report with canViewRepairReports", async () => {
    const answer = await as.repairReader!.get(`/equipment?filter[building]=${building}`);
    expect(answer.status).toBe(200);
    const names = list(answer.body).map((e) => e.attributes.displayName as string);
    expect(names).toContainEqual(expect.stringMatching(/^Portable Fire Extinguisher \(\d+\)$/));
    expect((await as.failureReader!.get(`/equipment?filter[building]=${building}`)).status).toBe(403);
    expect((await as.harbour!.get(`/equipment?filter[building]=${building}`)).status).toBe(404);
  });

  it('makes the repair report PDF of the items repaired in the range for the chosen equipment, with canViewRepairReports', async () => {
    const [entry] = await backend.db.select({ type: schema.entries.equipmentTypeId }).from(schema.entries).where(eq(schema.entries.id, Number(entries.empty)));
    const download = async (username: string, query: string) => {
      const { token } = await signIn(backend.url, username, 'demo1234');
      return backend.app.inject({ method: 'GET', url: `/repair-reports?building_id=${building}&${query}`, headers: { authorization: `Bearer ${token}` } });
    };
    const november = `start_date=2026-11-01&end_date=2026-11-30&equipment_ids=[${entry!.type}]`;
    const pdf = await download('repair-reader', november);
    expect(pdf.statusCode, pdf.body.slice(0, 300)).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = (await readPdfText(new Uint8Array(pdf.rawPayload))).map(flatText).join('\n');
    for (const expected of ['Repair Report', BUILDING, 'November 1, 2026 – November 30, 2026', 'Bracket empty: extinguisher missing', 'New extinguisher mounted', 'repairer']) {
      expect(text).toContain(expected);
    }
    // The acknowledged failure that is not repaired is not in it.
    expect(text).not.toContain('Blocked by a pallet');
    const october = await download('repair-reader', `start_date=2026-10-01&end_date=2026-10-31&equipment_ids=${entry!.type}`);
    const octoberText = (await readPdfText(new Uint8Array(october.rawPayload))).map(flatText).join('\n');
    expect(octoberText).toContain('No repairs were recorded for this equipment in this period.');
    expect(octoberText).not.toContain('New extinguisher mounted');

    expect((await download('failure-reader', november)).statusCode).toBe(403);
    const invalid = await download('repair-reader', 'start_date=2026-13-01&equipment_ids=[]');
    expect(invalid.statusCode).toBe(422);
    expect(JSON.parse(invalid.body).errors).toEqual([
      expect.objectContaining({ detail: 'A valid start date is required.', source: { parameter: 'start_date' } }),
      expect.objectContaining({ detail: 'Choose at least one equipment.', source: { parameter: 'equipment_ids' } }),
    ]);
    expect((await download('harbour', november)).statusCode).toBe(404);
  });
  it('hands out a short-lived signed link to the same repair report PDF, which opens without a session, with the same rules', async () => {
    const [entry] = await backend.db.select({ type: schema.entries.equipmentTypeId }).from(schema.entries).where(eq(schema.entries.id, Number(entries.empty)));
    const link = async (username: string, query: string) => {
      const { token } = await signIn(backend.url, username, 'demo1234');
      return backend.app.inject({ method: 'GET', url: `/repair-report-downloads?building_id=${building}&${query}`, headers: { authorization: `Bearer ${token}` } });
    };
    const november = `start_date=2026-11-01&end_date=2026-11-30&equipment_ids=[${entry!.type}]`;
    const before = Date.now();
    const answer = await link('repair-reader', november);
    expect(answer.statusCode, answer.body.slice(0, 300)).toBe(200);
    const data = JSON.parse(answer.body).data;
    expect(data).toMatchObject({ type: 'repair-report-downloads', id: String(building), attributes: { filename: `repair-report-${building}-2026-11-01-2026-11-30.pdf` } });
    const url = data.attributes.download_url as string;
    expect(url).toMatch(/^\/signed-files\/[A-Za-z0-9_-]+\.pdf\?/);
    // Valid for five minutes, no more.
    const expiresAt = Date.parse(data.attributes.expiresAt);
    expect(expiresAt).toBeGreaterThan(before + 4 * 60_000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 5 * 60_000 + 1000);
    const parsed = new URL(url, 'http://x');
    const key = decodeURIComponent(parsed.pathname.slice('/signed-files/'.length));
    const query = Object.fromEntries(parsed.searchParams);
    expect(backend.app.urlSigner.check(key, query, expiresAt - 1000)).toBe('valid');
    expect(backend.app.urlSigner.check(key, query, expiresAt + 1000)).toBe('expired');

    // No bearer token: the signed URL alone serves the PDF.
    const pdf = await backend.app.inject({ method: 'GET', url });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = (await readPdfText(new Uint8Array(pdf.rawPayload))).map(flatText).join('\n');
    expect(text).toContain('New extinguisher mounted');
    expect(text).toContain('November 1, 2026 – November 30, 2026');
    const altered = url.replace(/expires=(\d+)/, (_m, n: string) => `expires=${Number(n) + 3600}`);
    expect((await backend.app.inject({ method: 'GET', url: altered })).statusCode).toBe(403);

    expect((await link('failure-reader', november)).statusCode).toBe(403);
    const invalid = await link('repair-reader', `start_date=&end_date=2026-11-30&equipment_ids=`);
    expect(invalid.statusCode).toBe(422);
    expect(JSON.parse(invalid.body).errors).toEqual([
      expect.objectContaining({ detail: 'A valid start date is required.', source: { parameter: 'start_date' } }),
      expect.objectContaining({ detail: 'Choose at least one equipment.', source: { parameter: 'equipment_ids' } }),
    ]);
    expect((await link('harbour', november)).statusCode).toBe(404);
  });
});
