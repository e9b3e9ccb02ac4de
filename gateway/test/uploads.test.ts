/**
 * The one-origin promise (DESIGN.md "Files"): photos are uploaded and read back through the
 * gateway's origin, passed to the backend unchanged; and the network speed check's payload.
 */
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  it('stores a photo posted to the gateway and serves the same bytes at its /files URL', async () => {
    const response = await fetch(`${stack.url}/uploads`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form(png, 'pixel.png', 'image/png'),
    });
    expect(response.status).toBe(201);
    const document = (await response.json()) as { data: { type: string; attributes: { url: string; mimetype: string; size: number } } };
    expect(document.data).toMatchObject({ type: 'uploads', attributes: { url: expect.stringMatching(/^\/files\//), mimetype: 'image/png', size: png.length } });

    const file = await fetch(`${stack.url}${document.data.attributes.url}`);
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

  it("answers the backend's 404 for a file key that names nothing, and refuses a key that climbs out of /files", async () => {
    const missing = await fetch(`${stack.url}/files/no-such-key.png`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ errors: [{ status: '404', code: 'NOT_FOUND', title: 'Not Found', detail: 'File not found.' }] });
    // The key is one path segment: `../users/me` is refused (400) before anything reaches the backend's /users/me.
    const traversal = await fetch(`${stack.url}/files/..%2Fusers%2Fme`, { headers: { authorization: `Bearer ${token}` } });
    expect(traversal.status).toBe(400);
  });
});

describe('signed report links through the gateway', () => {
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
