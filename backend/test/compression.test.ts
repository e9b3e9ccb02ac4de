/**
 * Compressed answers (issue 8, point 1): REST answers of 1 KiB and more go out brotli- or gzip-compressed to a
 * client that accepts it, with Vary: Accept-Encoding, and decode to the very document a client without
 * Accept-Encoding gets; smaller answers, stored photos and HEADs are left as they are; error documents (404,
 * 400, 413) decode to valid JSON:API. Over the demo-seeded PGlite.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectJsonApi, multipartFile, startTestBackend } from './helpers';
import { DEMO_PASSWORD, signIn, type TestBackend } from '../src/testing';
import { signedPhotoUrl } from '../src/storage/signed-urls';

const BROWSER = 'gzip, deflate, br, zstd';

let backend: TestBackend;
let token: string;

beforeAll(async () => {
  backend = await startTestBackend();
  ({ token } = await signIn(backend.url, 'admin', DEMO_PASSWORD));
});

afterAll(async () => {
  await backend?.close();
});

type Request = { method?: 'GET' | 'HEAD' | 'POST'; url: string; encoding?: string; headers?: Record<string, string>; payload?: string | Buffer };

async function exchange({ method = 'GET', url, encoding, headers = {}, payload }: Request) {
  const response = await backend.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, ...(encoding ? { 'accept-encoding': encoding } : {}), ...headers },
    payload,
  });
  const raw = response.rawPayload;
  const contentEncoding = response.headers['content-encoding'];
  const body =
    contentEncoding === 'br' ? brotliDecompressSync(raw) : contentEncoding === 'gzip' ? gunzipSync(raw) : raw;
  return { status: response.statusCode, headers: response.headers, raw, body };
}

const varies = (headers: Record<string, unknown>) => /(^|,)\s*accept-encoding\s*(,|$)/i.test(String(headers.vary ?? ''));

describe('REST answers', () => {
  it.each([
    ['br', 'br'],
    ['gzip', 'gzip'],
    [BROWSER, 'br'],
  ])('a list of 1 KiB and more asked with Accept-Encoding %s comes as %s and decodes to the plain document', async (accept, encoding) => {
    const plain = await exchange({ url: '/buildings?page[size]=500' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.raw.length).toBeGreaterThan(1024);

    const answer = await exchange({ url: '/buildings?page[size]=500', encoding: accept });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe(encoding);
    expect(answer.headers['content-type']).toMatch(/json/);
    expect(varies(answer.headers)).toBe(true);
    expect(answer.raw.length).toBeLessThan(plain.raw.length / 3);
    expect(answer.body.toString()).toBe(plain.raw.toString());
    expectJsonApi(JSON.parse(answer.body.toString()));
  });

  it('the same list is plain to a client that asks for identity or for nothing the server offers', async () => {
    for (const encoding of ['identity', 'deflate']) {
      const answer = await exchange({ url: '/buildings?page[size]=500', encoding });
      expect(answer.headers['content-encoding']).toBeUndefined();
      expectJsonApi(JSON.parse(answer.raw.toString()));
    }
  });

  it('a page of tens of KiB is compressed in one piece, with its Content-Length; a larger answer streams', async () => {
    const page = await exchange({ url: '/buildings?page[size]=500', encoding: BROWSER });
    const plainPage = await exchange({ url: '/buildings?page[size]=500' });
    expect(plainPage.raw.length).toBeGreaterThan(8 * 1024);
    expect(plainPage.raw.length).toBeLessThanOrEqual(64 * 1024);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['content-length']).toBe(String(page.raw.length));
    expect(page.headers['transfer-encoding']).toBeUndefined();

    const document = await exchange({ url: '/openapi.json', encoding: BROWSER });
    const plainDocument = await exchange({ url: '/openapi.json' });
    expect(plainDocument.raw.length).toBeGreaterThan(64 * 1024);
    expect(document.headers['content-encoding']).toBe('br');
    expect(document.headers['content-length']).toBeUndefined();
    expect(document.headers['transfer-encoding']).toBe('chunked');
    expect(document.body.toString()).toBe(plainDocument.raw.toString());
  });

  it('an answer under 1 KiB is sent as it is', async () => {
    const answer = await exchange({ url: '/regions?page[size]=1', encoding: BROWSER });
    expect(answer.status).toBe(200);
    expect(answer.raw.length).toBeLessThan(1024);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expectJsonApi(JSON.parse(answer.raw.toString()));
  });

  it('a HEAD has the headers and no body', async () => {
    const answer = await exchange({ method: 'HEAD', url: '/buildings?page[size]=500', encoding: BROWSER });
    expect(answer.status).toBe(200);
    expect(answer.raw.length).toBe(0);
  });

  it('the OpenAPI document is compressed too', async () => {
    const plain = await exchange({ url: '/openapi.json' });
    const answer = await exchange({ url: '/openapi.json', encoding: 'gzip' });
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.body.toString()).toBe(plain.raw.toString());
  });
});

describe('error documents', () => {
  it.each(['br', 'gzip', undefined])('a 404, a 400 and a 413 (Accept-Encoding %s) decode to JSON:API error documents', async (encoding) => {
    const missing = await exchange({ url: '/no-such-route', encoding });
    expect(missing.status).toBe(404);
    expectJsonApi(JSON.parse(missing.body.toString()));

    const malformed = await exchange({
      method: 'POST',
      url: '/sessions',
      encoding,
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(malformed.status).toBe(400);
    expectJsonApi(JSON.parse(malformed.body.toString()));

    const tooLarge = await exchange({
      method: 'POST',
      url: '/sessions',
      encoding,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'x'.repeat(2 * 1024 * 1024), password: 'y' }),
    });
    expect(tooLarge.status).toBe(413);
    expectJsonApi(JSON.parse(tooLarge.body.toString()));
  });

  it('a compressed request body is not inflated: it is refused as a bad body, not read', async () => {
    const answer = await exchange({
      method: 'POST',
      url: '/sessions',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03]),
    });
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
  });
});

describe('stored files', () => {
  it('a photo is streamed back as its bytes, never re-encoded, also to a HEAD', async () => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c00' } }).png().toBuffer();
    const upload = multipartFile('red.png', 'image/png', png);
    const stored = await backend.app.inject({
      method: 'POST',
      url: '/uploads',
      payload: upload.payload,
      headers: { ...upload.headers, authorization: `Bearer ${token}`, 'accept-encoding': BROWSER },
    });
    expect(stored.statusCode).toBe(201);
    // Served through its signed URL, as the API hands it out.
    const url = signedPhotoUrl(backend.app.urlSigner, (stored.json() as { data: { attributes: { url: string } } }).data.attributes.url)!;

    for (const encoding of [BROWSER, undefined]) {
      const file = await exchange({ url, encoding });
      expect(file.status).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
      expect(file.headers['content-encoding']).toBeUndefined();
      expect(file.raw).toEqual(png);
    }
    const head = await exchange({ method: 'HEAD', url, encoding: BROWSER });
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBeUndefined();
    expect(head.raw.length).toBe(0);
  });
});
