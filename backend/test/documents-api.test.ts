/**
 * Documents (issue 11; inspection.md sections 2-8): document uploads with a PDF's page count, the seven categories,
 * a building's documents with search and category, new documents of a building or of a failure item, bookmarks
 * against the page count, document e-mails with a signed link, the building's documentsCount and fire safety plan,
 * each under its permission, the caller's scope and the contract gate.
 */
import { DOCUMENT_CATEGORIES, DOCUMENT_NAME_REQUIRED_MESSAGE, DOCUMENT_CATEGORY_MESSAGE, BOOKMARKS_NEED_PDF_MESSAGE, HTML_TAGS_MESSAGE } from '@fsi/shared';
import { eq, gt } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACT_MISSING_MESSAGE, CONTRACT_NOT_ACCEPTED_MESSAGE } from '../src/features/buildings/contract';
import { ONE_TARGET_MESSAGE, UPLOAD_NOT_FOUND_MESSAGE, UPLOAD_REQUIRED_MESSAGE } from '../src/features/documents/routes';
import { NOT_A_DOCUMENT_MESSAGE, NOT_AN_IMAGE_MESSAGE, UNREADABLE_PDF_MESSAGE } from '../src/features/uploads/kinds';
import { seed, schema, signIn, type SeededOrganization, type TestBackend } from '../src/testing';
import { TEST_PASSWORD } from '../src/seed/test-seed';
import { databases, demoIds, ids, list, multipartFile, one, signedIn, startTestBackend, type Client, type JsonApiResource } from './helpers';
import { docx } from './office-files';

const PUBLIC_URL = 'https://inspections.example.org';

async function pdfOf(pages: number): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  for (let n = 1; n <= pages; n++) pdf.addPage([200, 200]).drawText(`Page ${n}`, { x: 20, y: 100, size: 12 });
  return Buffer.from(await pdf.save());
}

describe.each(databases)('documents on %s', (database) => {
  let backend: TestBackend;
  let acme: SeededOrganization;
  const as: Record<string, Client> = {};
  const tokens: Record<string, string> = {};
  let tower = 0;
  let annex = 0;
  let sent = 0;
  let pdf: Buffer;

  /** POST /uploads as a user; answers the status and the upload's attributes. */
  async function upload(username: string, name: string, bytes: Buffer, kind?: 'document' | 'image') {
    const response = await backend.app.inject({
      method: 'POST',
      url: kind ? `/uploads?kind=${kind}` : '/uploads',
      ...withToken(multipartFile(name, 'application/octet-stream', bytes), tokens[username]!),
    });
    const body = response.json();
    return { status: response.statusCode, body, attributes: body.data?.attributes as { url: string; mimetype: string; kind: string; pageCount: number | null } };
  }

  const withToken = (request: { payload: Buffer; headers: Record<string, string> }, token: string) => ({
    payload: request.payload,
    headers: { ...request.headers, authorization: `Bearer ${token}` },
  });

  const create = (who: Client, attributes: Record<string, unknown>, relationships: Record<string, unknown>) =>
    who.post('/documents', { data: { type: 'documents', attributes, relationships } });
  const toBuilding = (id: number) => ({ building: { data: { type: 'buildings', id: String(id) } } });

  /** A document of the building made through the API by `manager`: its resource. */
  async function document(building: number, attributes: Record<string, unknown>, bytes = pdf, filename = 'file.pdf'): Promise<JsonApiResource> {
    const { attributes: file } = await upload('docmanager', filename, bytes, 'document');
    const answer = await create(as.docmanager!, { category: 'Other', ...attributes, url: file.url }, toBuilding(building));
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return one(answer.body);
  }

  const fetchSigned = (url: string) => backend.app.inject({ method: 'GET', url });

  beforeAll(async () => {
    backend = await startTestBackend({ database, publicUrl: PUBLIC_URL });
    pdf = await pdfOf(3);
    acme = await seed(backend.db).organization('Acme Documents', (o) =>
      o
        .building('Tower', { floors: [['Ground', ['Lobby']]] })
        .building('Annex')
        .building('Sent', { contractUrl: '/files/contract.pdf' })
        .role('Manager', { buildingPermissions: { view: true, manage: true } })
        .role('Viewer', { buildingPermissions: { view: true } })
        .role('Documenter', { failureReportPermissions: { document: true } })
        .role('FailureViewer', { reportPermissions: { failure: true } })
        .user('docmanager', { roles: ['Manager'], email: 'docmanager@acme.example' })
        .user('docviewer', { roles: ['Viewer'] })
        .user('documenter', { roles: ['Documenter'] })
        .user('failviewer', { roles: ['FailureViewer'] }),
    );
    tower = acme.buildings.Tower!;
    annex = acme.buildings.Annex!;
    sent = acme.buildings.Sent!;
    // Tower's contract is accepted; Annex has none ('Contract Missing'); Sent's waits for acceptance.
    await backend.db
      .update(schema.buildings)
      .set({ contractUrl: '/files/contract.pdf', contractAcceptedAt: new Date('2026-01-05T14:30:00Z'), contractAccepterUsername: 'manager' })
      .where(eq(schema.buildings.id, tower));
    await backend.db.update(schema.buildings).set({ contractUrl: null, contractAcceptedAt: null }).where(eq(schema.buildings.id, annex));
    await backend.db.update(schema.buildings).set({ contractAcceptedAt: null }).where(eq(schema.buildings.id, sent));
    for (const username of ['docmanager', 'docviewer', 'documenter', 'failviewer']) {
      as[username] = await signedIn(backend, username, TEST_PASSWORD);
      tokens[username] = (await signIn(backend.url, username, TEST_PASSWORD)).token;
    }
    as.harbour = await signedIn(backend, 'harbour');
    tokens.harbour = (await signIn(backend.url, 'harbour', 'demo1234')).token;
    as.admin = await signedIn(backend, 'admin');
    tokens.admin = (await signIn(backend.url, 'admin', 'demo1234')).token;
    as.manager = await signedIn(backend, 'manager');
    tokens.manager = (await signIn(backend.url, 'manager', 'demo1234')).token;
  });
  afterAll(() => backend?.close());

  describe('POST /uploads?kind=document', () => {
    it("accepts a PDF as a document and reads its page count from the file", async () => {
      const answer = await upload('docmanager', 'plan.pdf', pdf, 'document');
      expect(answer.status).toBe(201);
      expect(answer.attributes).toMatchObject({ mimetype: 'application/pdf', kind: 'document', pageCount: 3 });
      expect(answer.attributes.url).toMatch(/^\/files\/[\w-]+\.pdf$/);
    });

    it('accepts office files by their container and images, and refuses anything else', async () => {
      expect((await upload('docmanager', 'Procedures.docx', docx(), 'document')).attributes).toMatchObject({
        mimetype: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        pageCount: null,
      });
      const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#00c' } }).png().toBuffer();
      expect((await upload('docmanager', 'photo.png', png, 'document')).attributes).toMatchObject({ mimetype: 'image/png', kind: 'document' });
      const text = await upload('docmanager', 'notes.docx', Buffer.from('just some text, not a Word file'), 'document');
      expect(text.status).toBe(422);
      expect(text.body.errors[0].detail).toBe(NOT_A_DOCUMENT_MESSAGE);
      const damaged = await upload('docmanager', 'broken.pdf', Buffer.from('%PDF-1.7\nthis is no PDF body'), 'document');
      expect(damaged.status).toBe(422);
      expect(damaged.body.errors[0].detail).toBe(UNREADABLE_PDF_MESSAGE);
    });

    it('keeps photos to images when no kind is given', async () => {
      const answer = await upload('docmanager', 'plan.pdf', pdf);
      expect(answer.status).toBe(422);
      expect(answer.body.errors[0].detail).toBe(NOT_AN_IMAGE_MESSAGE);
    });
  });

  describe('GET /document-categories', () => {
    it('lists the seven categories in order, Fire Safety Plan first and default', async () => {
      const answer = await as.docviewer!.get('/document-categories');
      expect(answer.status).toBe(200);
      expect(list(answer.body).map((c) => c.attributes.name)).toEqual([...DOCUMENT_CATEGORIES]);
      expect(list(answer.body)[0]).toMatchObject({ id: 'fire-safety-plan', attributes: { isDefault: true, order: 0, documentsCount: null } });
      expect(list(answer.body).filter((c) => c.attributes.isDefault)).toHaveLength(1);
    });

    it("counts a building's documents per category, behind the contract gate", async () => {
      await document(tower, { name: 'Counted manual', category: 'Manuals' });
      const counts = list((await as.docviewer!.get(`/document-categories?filter[building]=${tower}`)).body);
      const manuals = counts.find((c) => c.attributes.name === 'Manuals')!;
      const rows = await backend.db.select().from(schema.documents).where(eq(schema.documents.buildingId, tower));
      expect(manuals.attributes.documentsCount).toBe(rows.filter((r) => r.category === 'Manuals' && r.entryId === null && r.locationCommentId === null).length);
      expect((await as.docviewer!.get(`/document-categories?filter[building]=${annex}`)).status).toBe(409);
      expect((await as.harbour!.get(`/document-categories?filter[building]=${tower}`)).status).toBe(404);
    });
  });

  describe('POST /documents', () => {
    it("makes a building's document from the organization's upload, with a signed URL to the file", async () => {
      const { attributes: file } = await upload('docmanager', 'plan.pdf', pdf, 'document');
      const answer = await create(as.docmanager!, { name: '  Evacuation plan  ', category: 'Fire Safety Plan', url: file.url, mimetype: 'text/plain' }, toBuilding(tower));
      expect(answer.status).toBe(201);
      const created = one(answer.body);
      expect(created.attributes).toMatchObject({
        name: 'Evacuation plan',
        category: 'Fire Safety Plan',
        // The stored type, not the one sent.
        mimetype: 'application/pdf',
        metadata: { pageCount: 3, bookmarks: [] },
        creatorUsername: 'docmanager',
        building_id: tower,
        entryId: null,
        locationCommentId: null,
      });
      expect(created.relationships!.building).toEqual({ data: { type: 'buildings', id: String(tower) } });
      const url = created.attributes.url as string;
      expect(url).toMatch(/^\/signed-files\/.+signature=/);
      const served = await fetchSigned(url);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('application/pdf');
      expect(Buffer.compare(served.rawPayload, pdf)).toBe(0);
    });

    it('checks the name, the category and the upload with the messages of the sheet', async () => {
      const answer = await create(as.docmanager!, { name: ' ', category: 'Blueprints', url: null }, toBuilding(tower));
      expect(answer.status).toBe(422);
      expect(answer.body.errors!.map((e) => [e.source?.pointer, e.detail])).toEqual([
        ['/data/attributes/name', DOCUMENT_NAME_REQUIRED_MESSAGE],
        ['/data/attributes/category', DOCUMENT_CATEGORY_MESSAGE],
        ['/data/attributes/url', UPLOAD_REQUIRED_MESSAGE],
      ]);
      const { attributes: file } = await upload('docmanager', 'plan.pdf', pdf, 'document');
      const tagged = await create(as.docmanager!, { name: 'Plan <img src=x>', category: 'Other', url: file.url }, toBuilding(tower));
      expect(tagged.body.errors!.map((e) => e.detail)).toEqual([HTML_TAGS_MESSAGE]);
    });

    it("refuses another organization's upload as one that does not exist", async () => {
      const { attributes: theirs } = await upload('harbour', 'theirs.pdf', pdf, 'document');
      const answer = await create(as.docmanager!, { name: 'Borrowed', category: 'Other', url: theirs.url }, toBuilding(tower));
      expect(answer.status).toBe(422);
      expect(answer.body.errors!.map((e) => e.detail)).toEqual([UPLOAD_NOT_FOUND_MESSAGE]);
      const unknown = await create(as.docmanager!, { name: 'Invented', category: 'Other', url: '/files/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.pdf' }, toBuilding(tower));
      expect(unknown.body.errors!.map((e) => e.detail)).toEqual([UPLOAD_NOT_FOUND_MESSAGE]);
    });

    it("lets an administrator use their own upload, or one of the building's organization, and no other", async () => {
      const own = await upload('admin', 'plan.pdf', pdf, 'document');
      const made = await create(as.admin!, { name: 'Admin plan', category: 'Other', url: own.attributes.url }, toBuilding(tower));
      expect(made.status).toBe(201);
      const { attributes: acmeFile } = await upload('docmanager', 'plan.pdf', pdf, 'document');
      expect((await create(as.admin!, { name: 'Acme plan', category: 'Other', url: acmeFile.url }, toBuilding(tower))).status).toBe(201);
      const { attributes: harbourFile } = await upload('harbour', 'plan.pdf', pdf, 'document');
      const refused = await create(as.admin!, { name: 'Harbour plan', category: 'Other', url: harbourFile.url }, toBuilding(tower));
      expect(refused.body.errors!.map((e) => e.detail)).toEqual([UPLOAD_NOT_FOUND_MESSAGE]);
    });

    it('needs exactly one relationship, a building in scope, and building management', async () => {
      const { attributes: file } = await upload('docmanager', 'plan.pdf', pdf, 'document');
      const body = { name: 'Plan', category: 'Other', url: file.url };
      const both = await create(as.docmanager!, body, { ...toBuilding(tower), entry: { data: { type: 'entries', id: '1' } } });
      expect(both.status).toBe(422);
      expect(both.body.errors![0]!.detail).toBe(ONE_TARGET_MESSAGE);
      expect((await create(as.docmanager!, body, {})).status).toBe(422);
      expect((await create(as.harbour!, body, toBuilding(tower))).status).toBe(404);
      const viewer = await create(as.docviewer!, body, toBuilding(tower));
      expect(viewer.status).toBe(403);
      expect(viewer.body.errors![0]!.detail).toBe("You are not allowed to manage this building's documents.");
      expect((await create(as.documenter!, body, toBuilding(tower))).status).toBe(403);
    });

    it("keeps a building's documents closed until its contract is accepted: 409, never 403", async () => {
      const { attributes: file } = await upload('docmanager', 'plan.pdf', pdf, 'document');
      const body = { name: 'Plan', category: 'Other', url: file.url };
      const missing = await create(as.docmanager!, body, toBuilding(annex));
      expect(missing.status).toBe(409);
      expect(missing.body.errors![0]).toMatchObject({ code: 'CONTRACT_NOT_ACCEPTED', detail: CONTRACT_MISSING_MESSAGE });
      const waiting = await create(as.docmanager!, body, toBuilding(sent));
      expect(waiting.status).toBe(409);
      expect(waiting.body.errors![0]).toMatchObject({ code: 'CONTRACT_NOT_ACCEPTED', detail: CONTRACT_NOT_ACCEPTED_MESSAGE });
      const listed = await as.docviewer!.get(`/documents?filter[building]=${sent}`);
      expect(listed.status).toBe(409);
      expect(listed.body.errors![0]!.code).toBe('CONTRACT_NOT_ACCEPTED');
    });
  });

  describe('GET /documents', () => {
    it("lists a building's documents by name, of a category and matching a search in any letter case", async () => {
      const names = ['Sprinkler 100% inspection', 'Alarm panel manual', 'sprinkler riser drawing'];
      await document(tower, { name: names[0], category: 'Inspections' });
      await document(tower, { name: names[1], category: 'Manuals' });
      await document(tower, { name: names[2], category: 'Inspections' });
      const all = await as.docviewer!.get(`/documents?filter[building]=${tower}&page[size]=500`);
      expect(all.status).toBe(200);
      const allNames = list(all.body).map((d) => d.attributes.name as string);
      expect(allNames).toEqual([...allNames].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
      expect(all.body.meta!.total).toBe(allNames.length);
      const search = await as.docviewer!.get(`/documents?filter[building]=${tower}&filter[search]=SPRINKLER`);
      expect(list(search.body).map((d) => d.attributes.name).sort()).toEqual([names[0], names[2]].sort());
      const percent = await as.docviewer!.get(`/documents?filter[building]=${tower}&filter[search]=${encodeURIComponent('100%')}`);
      expect(list(percent.body).map((d) => d.attributes.name)).toEqual([names[0]]);
      const manuals = await as.docviewer!.get(`/documents?filter[building]=${tower}&filter[category]=${encodeURIComponent('Manuals')}`);
      expect(list(manuals.body).every((d) => d.attributes.category === 'Manuals')).toBe(true);
      expect(list(manuals.body).map((d) => d.attributes.name)).toContain(names[1]);
      const paged = await as.docviewer!.get(`/documents?filter[building]=${tower}&page[size]=1&page[number]=2`);
      expect(ids(paged.body)).toEqual([list(all.body)[1]!.id]);
      expect((await as.docviewer!.get(`/documents?filter[building]=${tower}&filter[category]=Blueprints`)).status).toBe(400);
    });

    it('answers documents by id across buildings, leaving out what the caller may not see', async () => {
      const mine = await document(tower, { name: 'By id' });
      const [waiting] = await backend.db
        .insert(schema.documents)
        .values({ buildingId: sent, name: 'Closed by the contract', category: 'Other', uploadId: (await backend.db.select().from(schema.documents).where(eq(schema.documents.id, Number(mine.id))))[0]!.uploadId })
        .returning({ id: schema.documents.id });
      const answer = await as.docviewer!.get(`/documents?filter[id]=${mine.id},${waiting!.id},999999`);
      expect(answer.status).toBe(200);
      expect(ids(answer.body)).toEqual([mine.id]);
      expect(list((await as.harbour!.get(`/documents?filter[id]=${mine.id}`)).body)).toEqual([]);
      const neither = await as.docviewer!.get('/documents');
      expect(neither.status).toBe(400);
      expect(neither.body.errors![0]!.source).toEqual({ parameter: 'filter[building]' });
      await backend.db.delete(schema.documents).where(eq(schema.documents.id, waiting!.id));
    });

    it("shows another organization nothing", async () => {
      expect((await as.harbour!.get(`/documents?filter[building]=${tower}`)).status).toBe(404);
      const mine = await document(tower, { name: 'Private plan' });
      expect((await as.harbour!.get(`/documents/${mine.id}`)).status).toBe(404);
    });
  });

  describe('PATCH /documents/:id', () => {
    it('keeps bookmarks through a round trip, in page order, checked against the page count', async () => {
      const plan = await document(tower, { name: 'Bookmarked plan', category: 'Fire Safety Plan' });
      const patch = (who: Client, attributes: Record<string, unknown>) => who.patch(`/documents/${plan.id}`, { data: { type: 'documents', id: plan.id, attributes } });
      const saved = await patch(as.docmanager!, { metadata: { pageCount: 3, bookmarks: [{ label: ' Exits ', page: 3 }, { label: 'Cover', page: 1 }] } });
      expect(saved.status).toBe(200);
      expect(one(saved.body).attributes.metadata).toEqual({ pageCount: 3, bookmarks: [{ label: 'Cover', page: 1 }, { label: 'Exits', page: 3 }] });
      expect(one((await as.docviewer!.get(`/documents/${plan.id}`)).body).attributes.metadata).toEqual({
        pageCount: 3,
        bookmarks: [{ label: 'Cover', page: 1 }, { label: 'Exits', page: 3 }],
      });

      const beyond = await patch(as.docmanager!, { metadata: { bookmarks: [{ label: 'Appendix', page: 4 }, { label: '', page: 0 }] } });
      expect(beyond.status).toBe(422);
      expect(beyond.body.errors!.map((e) => [e.source?.pointer, e.detail])).toEqual([
        ['/data/attributes/metadata/bookmarks/0/page', 'Page must be between 1 and 3'],
        ['/data/attributes/metadata/bookmarks/1/label', 'Bookmark label is required field'],
        ['/data/attributes/metadata/bookmarks/1/page', 'Page must be between 1 and 3'],
      ]);
      const miscounted = await patch(as.docmanager!, { metadata: { pageCount: 5 } });
      expect(miscounted.body.errors!.map((e) => e.detail)).toEqual(['Page count must be 3: the PDF has 3 pages']);
      // Nothing of a refused change was kept.
      expect(one((await as.docviewer!.get(`/documents/${plan.id}`)).body).attributes.metadata).toMatchObject({ bookmarks: [{ label: 'Cover', page: 1 }, { label: 'Exits', page: 3 }] });

      const cleared = await patch(as.docmanager!, { metadata: { bookmarks: [] } });
      expect(one(cleared.body).attributes.metadata).toEqual({ pageCount: 3, bookmarks: [] });
    });

    it('renames and recategorizes with the same rules as the new-document sheet', async () => {
      const doc = await document(tower, { name: 'Draft' });
      const patch = (who: Client, attributes: Record<string, unknown>) => who.patch(`/documents/${doc.id}`, { data: { attributes } });
      const renamed = await patch(as.docmanager!, { name: 'Policy 2026', category: 'Policies and Procedures' });
      expect(one(renamed.body).attributes).toMatchObject({ name: 'Policy 2026', category: 'Policies and Procedures' });
      const refused = await patch(as.docmanager!, { name: '', category: 'Nope' });
      expect(refused.body.errors!.map((e) => e.detail)).toEqual([DOCUMENT_NAME_REQUIRED_MESSAGE, DOCUMENT_CATEGORY_MESSAGE]);
      expect((await patch(as.docviewer!, { name: 'Mine now' })).status).toBe(403);
      expect((await patch(as.harbour!, { name: 'Theirs now' })).status).toBe(404);
      expect(one((await as.docviewer!.get(`/documents/${doc.id}`)).body).attributes.name).toBe('Policy 2026');
    });

    it('refuses bookmarks on a document that is not a PDF', async () => {
      const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#0c0' } }).png().toBuffer();
      const picture = await document(tower, { name: 'Site photo' }, png, 'site.png');
      expect(picture.attributes.metadata).toEqual({ pageCount: null, bookmarks: [] });
      const answer = await as.docmanager!.patch(`/documents/${picture.id}`, { data: { attributes: { metadata: { bookmarks: [{ label: 'Top', page: 1 }] } } } });
      expect(answer.status).toBe(422);
      expect(answer.body.errors!.map((e) => e.detail)).toEqual([BOOKMARKS_NEED_PDF_MESSAGE]);
    });
  });

  describe("a failure item's documents", () => {
    let remark = 0;
    beforeAll(async () => {
      const [row] = await backend.db
        .insert(schema.locationComments)
        .values({ locationId: acme.locations['Tower/Ground/Lobby']!, body: 'Exit sign out' })
        .returning({ id: schema.locationComments.id });
      remark = row!.id;
    });

    it('are added with canDocumentFailureReport and seen with the failure report, not in the building list', async () => {
      const { attributes: file } = await upload('documenter', 'invoice.pdf', pdf, 'document');
      const toRemark = { 'location-comment': { data: { type: 'location-comments', id: String(remark) } } };
      const body = { name: 'Repair invoice', category: 'Work Orders', url: file.url };
      expect((await create(as.docmanager!, body, toRemark)).status).toBe(403);
      const answer = await create(as.documenter!, body, toRemark);
      expect(answer.status).toBe(201);
      const created = one(answer.body);
      expect(created.attributes).toMatchObject({ locationCommentId: remark, entryId: null, building_id: tower });
      expect(created.relationships!['location-comment']).toEqual({ data: { type: 'location-comments', id: String(remark) } });

      expect((await as.failviewer!.get(`/documents/${created.id}`)).status).toBe(200);
      expect((await as.docviewer!.get(`/documents/${created.id}`)).status).toBe(403);
      const listed = await as.docmanager!.get(`/documents?filter[building]=${tower}&page[size]=500`);
      expect(ids(listed.body)).not.toContain(created.id);
      expect((await create(as.harbour!, body, toRemark)).status).toBe(404);

      // The failure report's row of the item names its documents (the Documents column of inspection.md section 3).
      const rows = [];
      for (const type of ['failure', 'notes']) {
        const report = await as.failviewer!.get(`/reports/${tower}-summary-${type}`);
        expect(report.status).toBe(200);
        const attributes = one(report.body).attributes as { headers: string[]; rows: Array<{ cells: string[]; item: { modelPath: string; modelId: number; documents: unknown } | null }> };
        rows.push(...attributes.rows.filter((r) => r.item?.modelPath === 'location-comments' && r.item.modelId === remark).map((r) => ({ ...r, headers: attributes.headers })));
      }
      expect(rows).toHaveLength(1);
      expect(rows[0]!.item!.documents).toEqual([{ id: Number(created.id), name: 'Repair invoice' }]);
      expect(rows[0]!.cells[rows[0]!.headers.indexOf('Documents')]).toBe('Repair invoice');
    });
  });

  describe('the building card', () => {
    it("counts the building's documents and links its latest fire safety plan once the contract is accepted", async () => {
      const plan = await document(tower, { name: 'Fire safety plan 2026', category: 'Fire Safety Plan' });
      const building = one((await as.docviewer!.get(`/buildings/${tower}`)).body);
      const rows = await backend.db.select().from(schema.documents).where(eq(schema.documents.buildingId, tower));
      expect(building.attributes.documentsCount).toBe(rows.filter((r) => r.entryId === null && r.locationCommentId === null).length);
      expect(building.attributes).toMatchObject({ fireSafetyPlanId: Number(plan.id), fireSafetyPlanMimetype: 'application/pdf' });
      const served = await fetchSigned(building.attributes.fireSafetyPlanUrl as string);
      expect(served.statusCode).toBe(200);
      expect(Buffer.compare(served.rawPayload, pdf)).toBe(0);

      // A plan of a building whose contract waits shows no link: its documents are closed.
      await backend.db.insert(schema.documents).values({ buildingId: sent, name: 'Waiting plan', category: 'Fire Safety Plan', uploadId: rows[0]!.uploadId });
      const waiting = one((await as.docviewer!.get(`/buildings/${sent}`)).body);
      expect(waiting.attributes).toMatchObject({ documentsCount: 1, fireSafetyPlanId: null, fireSafetyPlanUrl: null, fireSafetyPlanMimetype: null });
      expect(one((await as.docviewer!.get(`/buildings/${annex}`)).body).attributes).toMatchObject({ documentsCount: 0, fireSafetyPlanId: null });
    });

    it("signs the plan's URL in the building a walkabout save answers too", async () => {
      const demo = await demoIds(backend);
      const kingStreet = demo.building('King Street Commerce Centre');
      const { attributes: file } = await upload('manager', 'plan.pdf', pdf, 'document');
      const created = await create(as.manager!, { name: 'King Street plan', category: 'Fire Safety Plan', url: file.url }, toBuilding(Number(kingStreet)));
      expect(created.status).toBe(201);
      const saved = await as.manager!.save('documents-plan-save', {
        walkaboutToUpdateId: await demo.walkabout('King Street Commerce Centre', 'Weekly'),
        data: { entries: [], conditions: [] },
      });
      expect(saved.status).toBe(200);
      const building = saved.body.included!.find((r) => r.type === 'buildings')!;
      expect(building.attributes.fireSafetyPlanId).toBe(Number(one(created.body).id));
      const served = await fetchSigned(building.attributes.fireSafetyPlanUrl as string);
      expect(served.statusCode).toBe(200);
      expect(Buffer.compare(served.rawPayload, pdf)).toBe(0);
    });
  });

  describe('POST /document-emails', () => {
    it('sends each recipient a link to the document that opens without a session', async () => {
      const plan = await document(tower, { name: 'Plan to share', category: 'Fire Safety Plan' });
      const [last] = await backend.db.select({ id: schema.mailOutbox.id }).from(schema.mailOutbox).orderBy(schema.mailOutbox.id);
      const since = last?.id ?? 0;
      const answer = await as.docviewer!.post('/document-emails', {
        data: { type: 'document-emails', attributes: { id: plan.id, recipients: ['chief@fire.example, deputy@fire.example', ' '], message: 'For the inspection' } },
      });
      expect(answer.status).toBe(201);
      expect(one(answer.body).attributes).toMatchObject({ recipients: ['chief@fire.example', 'deputy@fire.example'], message: 'For the inspection' });
      expect(one(answer.body).relationships!.document).toEqual({ data: { type: 'documents', id: plan.id } });
      const mails = await backend.db.select().from(schema.mailOutbox).where(gt(schema.mailOutbox.id, since)).orderBy(schema.mailOutbox.id);
      expect(mails.map((m) => m.to)).toEqual(['chief@fire.example', 'deputy@fire.example']);
      expect(mails[0]!.subject).toBe('Plan to share \u2013 Tower');
      expect(mails[0]!.text).toContain('For the inspection');
      const link = /https:\/\/inspections\.example\.org\/signed-files\/\S+/.exec(mails[0]!.text)?.[0];
      expect(link).toBeDefined();
      const url = new URL(link!);
      // Valid for days, not the few minutes of a screen's link.
      expect(Number(url.searchParams.get('expires')) * 1000).toBeGreaterThan(Date.now() + 6 * 24 * 3600 * 1000);
      const served = await fetchSigned(`${url.pathname}${url.search}`);
      expect(served.statusCode).toBe(200);
      expect(Buffer.compare(served.rawPayload, pdf)).toBe(0);
    });

    it('checks the recipients, the scope and the contract gate', async () => {
      const plan = await document(tower, { name: 'Another plan' });
      const send = (who: Client, id: string | number, recipients: string[]) => who.post('/document-emails', { data: { attributes: { id, recipients } } });
      const none = await send(as.docviewer!, plan.id, [' ']);
      expect(none.status).toBe(422);
      expect(none.body.errors![0]!.detail).toBe('Add at least one recipient.');
      expect((await send(as.docviewer!, plan.id, ['not an address'])).status).toBe(422);
      expect((await send(as.harbour!, plan.id, ['chief@fire.example'])).status).toBe(404);
      const [waiting] = await backend.db.select().from(schema.documents).where(eq(schema.documents.buildingId, sent));
      const gated = await send(as.docviewer!, waiting!.id, ['chief@fire.example']);
      expect(gated.status).toBe(409);
      expect(gated.body.errors![0]!.code).toBe('CONTRACT_NOT_ACCEPTED');
    });
  });
});
