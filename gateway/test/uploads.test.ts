/**
 * The one-origin promise (DESIGN.md "Files"): photos are uploaded and read back (through their signed URLs)
 * on the gateway's origin, passed to the backend unchanged; and the network speed check's payload.
 */
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@fsi/backend/testing';
import { startStack, type Stack } from './stack';

let stack: Stack;
let token: string;

// A 1×1 PNG.
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

function form(bytes: Buffer, name: string, type: string): FormData {
  const body = new FormData();
  body.append('file', new Blob([bytes], { type }), name);
  return body;
}

beforeAll(async () => {
  stack = await startStack();
  token = await stack.signIn('inspector');
});

afterAll(async () => {
  await stack?.close();
});

describe('uploads through the gateway', () => {
  it('stores a photo posted to the gateway, which reads it back only through the signed URL a save answers', async () => {
    const response = await fetch(`${stack.url}/uploads`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form(png, 'pixel.png', 'image/png'),
    });
    expect(response.status).toBe(201);
    const document = (await response.json()) as { data: { type: string; attributes: { url: string; mimetype: string; size: number } } };
    expect(document.data).toMatchObject({ type: 'uploads', attributes: { url: expect.stringMatching(/^\/files\//), mimetype: 'image/png', size: png.length } });
    // The upload's URL is the reference a save takes, not an address.
    expect((await fetch(`${stack.url}${document.data.attributes.url}`)).status).toBe(404);

    const [location] = await stack.backend.db
      .select({ id: schema.locations.id })
      .from(schema.locations)
      .innerJoin(schema.buildings, eq(schema.buildings.id, schema.locations.buildingId))
      .where(eq(schema.buildings.name, 'Yonge & Eglinton Tower'))
      .limit(1);
    const saved = await stack.graphql<{ addLocationComment: { comment: { photoUrl: string } | null; errors: unknown[] } }>(
      'mutation ($id: ID!, $url: String) { addLocationComment(locationId: $id, body: "Extinguisher missing", photoUrl: $url) { comment { photoUrl } errors { message } } }',
      { variables: { id: String(location!.id), url: document.data.attributes.url }, token },
    );
    const signed = saved.body.data!.addLocationComment.comment!.photoUrl;
    expect(signed).toMatch(/^\/signed-files\/[\w-]+\.png\?name=photo\.png&type=image%2Fpng&expires=\d+&signature=/);
    const file = await fetch(`${stack.url}${signed}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await file.arrayBuffer())).toEqual(png);
  });

  it('passes the kind with its query: a PDF uploaded as a document comes back with its page count', async () => {
    const pdf = await PDFDocument.create();
    for (let i = 0; i < 4; i++) pdf.addPage();
    const bytes = Buffer.from(await pdf.save());
    const response = await fetch(`${stack.url}/uploads?kind=document`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form(bytes, 'plan.pdf', 'application/pdf') });
    expect(response.status).toBe(201);
    expect(((await response.json()) as { data: { attributes: unknown } }).data.attributes).toMatchObject({ mimetype: 'application/pdf', kind: 'document', pageCount: 4 });
    // As a photo (no kind), the same PDF is refused.
    const asPhoto = await fetch(`${stack.url}/uploads`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form(bytes, 'plan.pdf', 'application/pdf') });
    expect(asPhoto.status).toBe(422);
  });

  it("passes the backend's JSON:API errors through as they are: 401 without a session, 422 for a file that is no image", async () => {
    const anonymous = await fetch(`${stack.url}/uploads`, { method: 'POST', body: form(png, 'pixel.png', 'image/png') });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ errors: [{ status: '401' }] });

    const text = await fetch(`${stack.url}/uploads`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form(Buffer.from('not a picture'), 'notes.png', 'image/png'),
    });
    expect(text.status).toBe(422);
    expect(await text.json()).toMatchObject({ errors: [{ status: '422', source: { pointer: '/file' } }] });
  });

  it("answers the backend's 403 for a signed link that names another key, and refuses a key that climbs out of /signed-files", async () => {
    const forged = await fetch(`${stack.url}/signed-files/no-such-key-0123456789.png?name=a.png&type=image%2Fpng&expires=9999999999&signature=x`);
    expect(forged.status).toBe(403);
    expect(await forged.json()).toMatchObject({ errors: [{ status: '403', detail: 'This download link is not valid.' }] });
    // The key is one path segment: `../users/me` is refused (400) before anything reaches the backend's /users/me.
    const traversal = await fetch(`${stack.url}/signed-files/..%2Fusers%2Fme`, { headers: { authorization: `Bearer ${token}` } });
    expect(traversal.status).toBe(400);
  });

  it("passes /signed-files with its query to the backend: an altered or unsigned link gets the backend's 403", async () => {
    const expires = Math.floor(Date.now() / 1000) + 300;
    const forged = await fetch(`${stack.url}/signed-files/report.pdf?name=report.pdf&type=application%2Fpdf&expires=${expires}&signature=00`);
    expect(forged.status).toBe(403);
    const unsigned = await fetch(`${stack.url}/signed-files/report.pdf`);
    expect(unsigned.status).toBe(403);
  });
});

describe('the network speed check', () => {
  it('downloads a fixed payload of 1003088 bytes that no cache keeps', async () => {
    const response = await fetch(`${stack.url}/speed-test?t=${Date.now()}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect((await response.arrayBuffer()).byteLength).toBe(1_003_088);
  });
});
