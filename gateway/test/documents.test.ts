/**
 * Documents through the gateway over the real backend (issue 11; inspection.md sections 2-8), read as an integrator
 * sees them: a PDF uploaded through the gateway's origin and made a document of King Street Commerce Centre, its
 * bookmarks against its page count, the building's documents, categories and fire safety plan, document e-mails, a
 * failure item's documents in its report, under the permissions of section 6 (the demo's viewer reads, the manager
 * manages), the contract gate (Lawrence Park's contract is set back to waiting here) and tenancy (Harbour Strata sees nothing of Northwind).
 */
import { eq, gt } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@fsi/backend/testing';
import { startStack, type Stack } from './stack';

let stack: Stack;
const tokens: Record<string, string> = {};
let kingStreet = '';
let lawrencePark = '';
let pdf: Buffer;

type FieldErrors = Array<{ field: string | null; message: string; code: string }>;
type DocumentFields = { id: string; name: string; category: string; url: string; mimetype: string; isPdf: boolean; pageCount: number | null; bookmarks: Array<{ label: string; page: number }> };

const DOCUMENT = 'id name category url mimetype isPdf pageCount bookmarks { label page } creatorUsername failureItemKind failureItemId building { id name }';

async function ok<T>(query: string, variables: Record<string, unknown>, who: string): Promise<T> {
  const { status, body } = await stack.graphql<T>(query, { variables, token: tokens[who] });
  expect(status, JSON.stringify(body).slice(0, 400)).toBe(200);
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data!;
}

/** POST /uploads?kind=document on the gateway's origin, as the web uploads: the upload's URL. */
async function uploadDocument(who: string, name: string, bytes: Buffer): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type: 'application/pdf' }), name);
  const response = await fetch(`${stack.url}/uploads?kind=document`, { method: 'POST', headers: { authorization: `Bearer ${tokens[who]}` }, body: form });
  const body = (await response.json()) as { data: { attributes: { url: string; kind: string; pageCount: number } } };
  expect(response.status, JSON.stringify(body)).toBe(201);
  expect(body.data.attributes).toMatchObject({ kind: 'document', pageCount: 2 });
  return body.data.attributes.url;
}

const CREATE = `mutation CreateDocument($input: CreateDocumentInput!) {
  createDocument(input: $input) { document { ${DOCUMENT} } errors { field message code } }
}`;
type CreateAnswer = { createDocument: { document: DocumentFields | null; errors: FieldErrors } };

async function createDocument(who: string, input: Record<string, unknown>) {
  return (await ok<CreateAnswer>(CREATE, { input: { category: 'Other', ...input } }, who)).createDocument;
}

beforeAll(async () => {
  stack = await startStack({}, { publicUrl: 'https://inspections.example.org' });
  for (const username of ['manager', 'viewer', 'harbour']) tokens[username] = await stack.signIn(username);
  const { buildings } = await ok<{ buildings: { nodes: Array<{ id: string; name: string }> } }>('{ buildings(pageSize: 100) { nodes { id name } } }', {}, 'manager');
  kingStreet = buildings.nodes.find((b) => b.name === 'King Street Commerce Centre')!.id;
  lawrencePark = buildings.nodes.find((b) => b.name === 'Lawrence Park Seniors Residence')!.id;
  // Every demo building's contract is accepted: Lawrence Park's is sent back to waiting for the gate's cases.
  await stack.backend.db.update(schema.buildings).set({ contractAcceptedAt: null, contractAccepterUsername: null }).where(eq(schema.buildings.id, Number(lawrencePark)));
  const document = await PDFDocument.create();
  document.addPage([200, 200]).drawText('Evacuation routes', { x: 20, y: 100, size: 12 });
  document.addPage([200, 200]).drawText('Exits', { x: 20, y: 100, size: 12 });
  pdf = Buffer.from(await document.save());
});
afterAll(() => stack?.close());

describe('createDocument', () => {
  it("makes a building's document from a PDF uploaded through the gateway, whose signed URL opens on the gateway's origin", async () => {
    const url = await uploadDocument('manager', 'plan.pdf', pdf);
    const { document, errors } = await createDocument('manager', { buildingId: kingStreet, name: 'Evacuation plan', category: 'Fire Safety Plan', url });
    expect(errors).toEqual([]);
    expect(document).toMatchObject({
      name: 'Evacuation plan',
      category: 'Fire Safety Plan',
      mimetype: 'application/pdf',
      isPdf: true,
      pageCount: 2,
      bookmarks: [],
      creatorUsername: 'manager',
      failureItemKind: null,
      failureItemId: null,
      building: { id: kingStreet, name: 'King Street Commerce Centre' },
    });
    const served = await fetch(`${stack.url}${document!.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.compare(Buffer.from(await served.arrayBuffer()), pdf)).toBe(0);
  });

  it("answers the sheet's mistakes as field errors, the contract gate as CONTRACT_NOT_ACCEPTED, another organization's building as NOT_FOUND", async () => {
    const url = await uploadDocument('manager', 'plan.pdf', pdf);
    const invalid = await createDocument('manager', { buildingId: kingStreet, name: ' ', category: 'Blueprints', url: '' });
    expect(invalid.document).toBeNull();
    expect(invalid.errors.map((e) => [e.field, e.message, e.code])).toEqual([
      ['name', 'Name is required field', 'VALIDATION_FAILED'],
      ['category', 'Category must be one of: Fire Safety Plan, Inspections, Work Orders, Manuals, Policies and Procedures, Audits and Reviews, Other', 'VALIDATION_FAILED'],
      ['url', 'Upload the file first and pass the URL that POST /uploads answered.', 'VALIDATION_FAILED'],
    ]);
    const beyond = await createDocument('manager', { buildingId: kingStreet, name: 'Plan', url, bookmarks: [{ label: 'Appendix', page: 3 }] });
    expect(beyond.errors).toEqual([{ field: 'bookmarks', message: 'Page must be between 1 and 2', code: 'VALIDATION_FAILED' }]);
    const gated = await createDocument('manager', { buildingId: lawrencePark, name: 'Plan', url });
    expect(gated.errors.map((e) => e.code)).toEqual(['CONTRACT_NOT_ACCEPTED']);
    const foreign = await createDocument('harbour', { buildingId: kingStreet, name: 'Plan', url });
    expect(foreign.errors).toMatchObject([{ field: 'buildingId', code: 'NOT_FOUND' }]);
  });

  it('refuses a viewer without building management with FORBIDDEN', async () => {
    const url = await uploadDocument('manager', 'plan.pdf', pdf);
    const { body } = await stack.graphql(CREATE, { variables: { input: { buildingId: kingStreet, name: 'Plan', category: 'Other', url } }, token: tokens.viewer });
    expect(body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});

describe('updateDocument', () => {
  it('keeps bookmarks through a round trip, in page order, and refuses a page beyond the PDF', async () => {
    const url = await uploadDocument('manager', 'manual.pdf', pdf);
    const { document } = await createDocument('manager', { buildingId: kingStreet, name: 'Pump manual', category: 'Manuals', url });
    const UPDATE = `mutation UpdateDocument($id: ID!, $input: UpdateDocumentInput!) {
      updateDocument(id: $id, input: $input) { document { ${DOCUMENT} } errors { field message code } }
    }`;
    type Answer = { updateDocument: { document: DocumentFields | null; errors: FieldErrors } };
    const saved = await ok<Answer>(UPDATE, { id: document!.id, input: { bookmarks: [{ label: 'Exits', page: 2 }, { label: 'Cover', page: 1 }] } }, 'manager');
    expect(saved.updateDocument.document!.bookmarks).toEqual([{ label: 'Cover', page: 1 }, { label: 'Exits', page: 2 }]);
    const read = await ok<{ document: DocumentFields }>(`query ($id: ID!) { document(id: $id) { ${DOCUMENT} } }`, { id: document!.id }, 'viewer');
    expect(read.document.bookmarks).toEqual([{ label: 'Cover', page: 1 }, { label: 'Exits', page: 2 }]);

    const refused = await ok<Answer>(UPDATE, { id: document!.id, input: { name: '', bookmarks: [{ label: 'Far', page: 9 }] } }, 'manager');
    expect(refused.updateDocument).toEqual({
      document: null,
      errors: [
        { field: 'name', message: 'Name is required field', code: 'VALIDATION_FAILED' },
        { field: 'bookmarks', message: 'Page must be between 1 and 2', code: 'VALIDATION_FAILED' },
      ],
    });
    const renamed = await ok<Answer>(UPDATE, { id: document!.id, input: { name: 'Fire pump manual' } }, 'manager');
    expect(renamed.updateDocument.document).toMatchObject({ name: 'Fire pump manual', category: 'Manuals', bookmarks: [{ label: 'Cover', page: 1 }, { label: 'Exits', page: 2 }] });
    expect((await ok<Answer>(UPDATE, { id: document!.id, input: { name: 'Theirs' } }, 'harbour')).updateDocument.errors).toMatchObject([{ field: 'id', code: 'NOT_FOUND' }]);
  });
});

describe('a building', () => {
  it('lists its documents by category and search, counts them per category and links its latest fire safety plan', async () => {
    const url = await uploadDocument('manager', 'plan.pdf', pdf);
    const plan = (await createDocument('manager', { buildingId: kingStreet, name: 'Fire safety plan 2026', category: 'Fire Safety Plan', url })).document!;
    await createDocument('manager', { buildingId: kingStreet, name: 'Alarm inspection 2026', category: 'Inspections', url });
    type Answer = {
      building: {
        documentsCount: number;
        fireSafetyPlanId: string | null;
        fireSafetyPlan: DocumentFields | null;
        inspections: { nodes: DocumentFields[]; pageInfo: { totalCount: number } };
        search: { nodes: DocumentFields[] };
        documentCategoryCounts: Array<{ category: { id: string; name: string; isDefault: boolean }; documentsCount: number }>;
      };
      documentCategories: Array<{ id: string; name: string; order: number; isDefault: boolean }>;
    };
    const answer = await ok<Answer>(
      `query ($id: ID!) {
        building(id: $id) {
          documentsCount fireSafetyPlanId
          fireSafetyPlan { ${DOCUMENT} }
          inspections: documents(category: "Inspections") { nodes { ${DOCUMENT} } pageInfo { totalCount } }
          search: documents(search: "ALARM") { nodes { name } }
          documentCategoryCounts { category { id name isDefault } documentsCount }
        }
        documentCategories { id name order isDefault }
      }`,
      { id: kingStreet },
      'viewer',
    );
    const b = answer.building;
    expect(b.fireSafetyPlanId).toBe(plan.id);
    expect(b.fireSafetyPlan).toMatchObject({ id: plan.id, name: 'Fire safety plan 2026', isPdf: true });
    expect(b.inspections.nodes.map((d) => d.category)).toEqual(b.inspections.nodes.map(() => 'Inspections'));
    expect(b.inspections.nodes.map((d) => d.name)).toContain('Alarm inspection 2026');
    expect(b.search.nodes.map((d) => d.name)).toEqual(['Alarm inspection 2026']);
    expect(b.documentCategoryCounts.map((c) => c.category.name)).toEqual(answer.documentCategories.map((c) => c.name));
    expect(b.documentCategoryCounts.reduce((sum, c) => sum + c.documentsCount, 0)).toBe(b.documentsCount);
    expect(b.documentCategoryCounts.find((c) => c.category.name === 'Inspections')!.documentsCount).toBe(b.inspections.pageInfo.totalCount);
    expect(answer.documentCategories[0]).toEqual({ id: 'fire-safety-plan', name: 'Fire Safety Plan', order: 0, isDefault: true });
    expect(answer.documentCategories).toHaveLength(7);

    // Another organization sees none of it; a building whose contract waits lists nothing.
    const foreign = await stack.graphql<{ building: unknown; document: unknown }>(
      `query ($id: ID!, $doc: ID!) { building(id: $id) { id } document(id: $doc) { id } }`,
      { variables: { id: kingStreet, doc: plan.id }, token: tokens.harbour },
    );
    expect(foreign.body.data).toEqual({ building: null, document: null });
    const waiting = await ok<{ building: { documents: { nodes: unknown[] }; documentCategoryCounts: unknown[]; fireSafetyPlan: unknown } }>(
      'query ($id: ID!) { building(id: $id) { documents { nodes { id } } documentCategoryCounts { documentsCount } fireSafetyPlan { id } } }',
      { id: lawrencePark },
      'viewer',
    );
    expect(waiting.building).toEqual({ documents: { nodes: [] }, documentCategoryCounts: [], fireSafetyPlan: null });
  });

  it("loads the fire safety plans of a page of buildings in one REST call", async () => {
    const before = stack.restCalls.length;
    const answer = await ok<{ buildings: { nodes: Array<{ name: string; fireSafetyPlan: { name: string; building: { name: string } } | null }> } }>(
      '{ buildings(pageSize: 100) { nodes { name fireSafetyPlan { name building { name } } } } }',
      {},
      'manager',
    );
    const calls = stack.restCalls.slice(before).map((c) => `${c.method} ${c.path.replace(/\?.*/, '')}`);
    expect(calls).toEqual(['GET /buildings', 'GET /documents']);
    const king = answer.buildings.nodes.find((b) => b.name === 'King Street Commerce Centre')!;
    expect(king.fireSafetyPlan!.building.name).toBe('King Street Commerce Centre');
  });
});

describe('emailDocument', () => {
  it('sends each recipient a link, and answers mistakes at their field', async () => {
    const url = await uploadDocument('manager', 'plan.pdf', pdf);
    const plan = (await createDocument('manager', { buildingId: kingStreet, name: 'Plan to send', category: 'Fire Safety Plan', url })).document!;
    const EMAIL = `mutation EmailDocument($id: ID!, $recipients: [String!]!, $message: String) {
      emailDocument(documentId: $id, recipients: $recipients, message: $message) { email { recipients message document { id name } } errors { field message code } }
    }`;
    type Answer = { emailDocument: { email: { recipients: string[]; message: string | null; document: { id: string; name: string } } | null; errors: FieldErrors } };
    const [last] = await stack.backend.db.select({ id: schema.mailOutbox.id }).from(schema.mailOutbox).orderBy(schema.mailOutbox.id);
    const sent = await ok<Answer>(EMAIL, { id: plan.id, recipients: ['chief@fire.example'], message: 'For the inspection' }, 'viewer');
    expect(sent.emailDocument).toEqual({
      email: { recipients: ['chief@fire.example'], message: 'For the inspection', document: { id: plan.id, name: 'Plan to send' } },
      errors: [],
    });
    const mails = await stack.backend.db.select().from(schema.mailOutbox).where(gt(schema.mailOutbox.id, last?.id ?? 0));
    expect(mails.map((m) => m.to)).toEqual(['chief@fire.example']);
    expect(mails[0]!.text).toMatch(/https:\/\/inspections\.example\.org\/signed-files\/\S+/);

    const wrong = await ok<Answer>(EMAIL, { id: plan.id, recipients: ['not an address'] }, 'viewer');
    expect(wrong.emailDocument).toEqual({ email: null, errors: [{ field: 'recipients', message: "'not an address' is not an e-mail address.", code: 'VALIDATION_FAILED' }] });
    const foreign = await ok<Answer>(EMAIL, { id: plan.id, recipients: ['chief@fire.example'] }, 'harbour');
    expect(foreign.emailDocument.errors).toMatchObject([{ field: 'documentId', code: 'NOT_FOUND' }]);
  });
});

describe("a failure item's documents", () => {
  it('are attached with failureItemKind and failureItemId, and read with the item in its report', async () => {
    const [location] = await stack.backend.db.select({ id: schema.locations.id }).from(schema.locations).where(eq(schema.locations.buildingId, Number(kingStreet))).limit(1);
    const [remark] = await stack.backend.db
      .insert(schema.locationComments)
      .values({ locationId: location!.id, body: 'Exit sign out' })
      .returning({ id: schema.locationComments.id });
    const url = await uploadDocument('manager', 'invoice.pdf', pdf);
    const { document, errors } = await createDocument('manager', { failureItemKind: 'LOCATION_COMMENT', failureItemId: String(remark!.id), name: 'Repair invoice', category: 'Work Orders', url });
    expect(errors).toEqual([]);
    expect(document).toMatchObject({ failureItemKind: 'LOCATION_COMMENT', failureItemId: String(remark!.id), building: { id: kingStreet } });

    type Answer = { report: { rows: Array<{ item: { kind: string; modelId: string; documents: Array<{ id: string; name: string; isPdf: boolean }> } | null }> } };
    const items = [];
    for (const type of ['failure', 'notes']) {
      const { report } = await ok<Answer>(`query ($id: ID!) { report(id: $id) { rows { item { kind modelId documents { id name isPdf } } } } }`, { id: `${kingStreet}-summary-${type}` }, 'manager');
      items.push(...report.rows.flatMap((r) => (r.item?.kind === 'LOCATION_COMMENT' && r.item.modelId === String(remark!.id) ? [r.item] : [])));
    }
    expect(items).toHaveLength(1);
    expect(items[0]!.documents).toEqual([{ id: document!.id, name: 'Repair invoice', isPdf: true }]);
  });
});
