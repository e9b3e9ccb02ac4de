/**
 * POST /uploads by kind (issue 11 point 1): images for photos and logos, documents for a building's binder.
 * The type is read from the bytes whatever the name and the declared type say; a PDF's page count is read on
 * upload; what is not what it claims, or is over its kind's limit, gets a clear 422 or 413.
 */
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, type TestBackend } from '../src/testing';
import { NOT_A_DOCUMENT_MESSAGE, NOT_AN_IMAGE_MESSAGE, tooLargeMessage, UNREADABLE_PDF_MESSAGE } from '../src/features/uploads/kinds';
import { databases, multipartFile, startTestBackend } from './helpers';
import { docx } from './office-files';

const png = () => sharp({ create: { width: 4, height: 4, channels: 3, background: '#c00' } }).png().toBuffer();

async function pdfOf(pages: number): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  for (let i = 0; i < pages; i++) pdf.addPage([595, 842]);
  return Buffer.from(await pdf.save());
}

describe.each(databases)('POST /uploads by kind (%s)', (database) => {
  let backend: TestBackend;
  let token: string;

  beforeAll(async () => {
    backend = await startTestBackend({ database });
    ({ token } = await signIn(backend.url, 'manager', 'demo1234'));
  });
  afterAll(async () => {
    await backend?.close();
  });

  async function upload(query: string, name: string, declared: string, bytes: Buffer) {
    const body = multipartFile(name, declared, bytes);
    const response = await backend.app.inject({ method: 'POST', url: `/uploads${query}`, payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${token}` } });
    return { status: response.statusCode, body: response.json() as { data?: { attributes: Record<string, unknown> }; errors?: Array<{ detail: string; source?: { pointer?: string; parameter?: string } }> } };
  }

  it('takes an image by default, as photos always were', async () => {
    const { status, body } = await upload('', 'photo.png', 'image/png', await png());
    expect(status).toBe(201);
    expect(body.data!.attributes).toMatchObject({ mimetype: 'image/png', kind: 'image', pageCount: null, url: expect.stringMatching(/^\/files\/[\w-]+\.png$/) });
  });

  it("reads a PDF's page count on upload, whatever type the browser declared", async () => {
    const { status, body } = await upload('?kind=document', 'Fire Safety Plan.PDF', 'application/octet-stream', await pdfOf(3));
    expect(status).toBe(201);
    expect(body.data!.attributes).toMatchObject({ mimetype: 'application/pdf', kind: 'document', pageCount: 3, url: expect.stringMatching(/\.pdf$/) });
  });

  it('takes the office and image types of a fire-safety binder as documents', async () => {
    const word = await upload('?kind=document', 'Emergency procedures.docx', 'application/octet-stream', docx());
    expect(word.status).toBe(201);
    expect(word.body.data!.attributes).toMatchObject({ mimetype: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', kind: 'document', pageCount: null });
    const tiff = await upload('?kind=document', 'scan.tiff', 'image/tiff', await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } }).tiff().toBuffer());
    expect(tiff.status).toBe(201);
    expect(tiff.body.data!.attributes).toMatchObject({ mimetype: 'image/tiff', url: expect.stringMatching(/\.tif$/) });
    const photo = await upload('?kind=document', 'riser.png', 'image/png', await png());
    expect(photo.status).toBe(201);
    expect(photo.body.data!.attributes).toMatchObject({ mimetype: 'image/png', kind: 'document' });
  });

  it('refuses, with a 422 that says why, what is not what it claims or not a document at all', async () => {
    const renamed = await upload('?kind=document', 'plan.pdf', 'application/pdf', await png());
    expect(renamed.status).toBe(422);
    expect(renamed.body.errors).toEqual([
      expect.objectContaining({ detail: 'plan.pdf is named as a PDF, but its contents are a PNG image. Rename it or upload the right file.', source: { pointer: '/file' } }),
    ]);
    const text = await upload('?kind=document', 'notes.txt', 'text/plain', Buffer.from('Extinguisher in the lobby is missing.'));
    expect(text.status).toBe(422);
    expect(text.body.errors?.[0]?.detail).toBe(NOT_A_DOCUMENT_MESSAGE);
    const broken = await upload('?kind=document', 'broken.pdf', 'application/pdf', Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >>\n%%EOF'));
    expect(broken.status).toBe(422);
    expect(broken.body.errors?.[0]?.detail).toBe(UNREADABLE_PDF_MESSAGE);
    const pdfAsPhoto = await upload('?kind=image', 'photo.jpg', 'image/jpeg', await pdfOf(1));
    expect(pdfAsPhoto.status).toBe(422);
    expect(pdfAsPhoto.body.errors?.[0]?.detail).toBe(NOT_AN_IMAGE_MESSAGE);
  });

  it("refuses a file over its kind's limit with 413, and an unknown kind with 400", async () => {
    const big = Buffer.concat([await png(), Buffer.alloc(15 * 1024 * 1024)]);
    const tooBig = await upload('', 'huge.png', 'image/png', big);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.errors?.[0]?.detail).toBe(tooLargeMessage('image'));
    expect(tooLargeMessage('image')).toBe('A photo can be at most 15 MB; this file is larger.');
    const unknown = await upload('?kind=spreadsheet', 'a.png', 'image/png', await png());
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors?.[0]?.source).toEqual({ parameter: 'kind' });
  });
});
