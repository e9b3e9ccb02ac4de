/**
 * Compressed and cached delivery (issue 8, point 1), as a browser sees it over HTTP: each kind of answer is
 * requested with and without Accept-Encoding, its headers checked, and its decoded body compared with the
 * plain one. The web app is a small dist of this test's own (a hashed asset, index.html and sw.js, each with
 * `.br` and `.gz` beside it as the build writes them, and a favicon without), so nothing here depends on the
 * real build; one check at the end reads the real web/dist when `npm run build -w web` has precompressed it.
 */
import { existsSync, mkdtempSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_IN_ONE_CALL_BYTES, defaultPlaygroundDist } from '../src/app';
import { RestClient } from '../src/rest-client';
import { signedPhotoUrl } from '@fsi/backend/storage/signed-urls';
import { startStack, type Stack } from './stack';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const BROWSER = 'gzip, deflate, br, zstd';

type Answer = { status: number; headers: IncomingHttpHeaders; raw: Buffer; body: Buffer };

/** A raw HTTP exchange: no transparent decoding, so the test sees what went over the wire. */
function exchange(url: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { method: options.method ?? 'GET', headers: options.headers }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('error', reject);
      incoming.on('end', () => {
        const raw = Buffer.concat(chunks);
        try {
          resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, raw, body: decode(raw, incoming.headers['content-encoding']) });
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      });
    });
    outgoing.on('error', reject);
    outgoing.end(options.body);
  });
}

function decode(raw: Buffer, encoding: string | undefined): Buffer {
  // A HEAD or a 304 has no body to decode.
  if (raw.length === 0) return raw;
  if (encoding === 'br') return brotliDecompressSync(raw);
  if (encoding === 'gzip') return gunzipSync(raw);
  if (encoding === undefined) return raw;
  throw new Error(`Unexpected Content-Encoding ${encoding}`);
}

function varies(headers: IncomingHttpHeaders): boolean {
  return /(^|,)\s*accept-encoding\s*(,|$)/i.test(String(headers.vary ?? ''));
}

// Big enough that compression is worth it, repetitive enough that it shows.
const appJs = `${Array.from({ length: 200 }, (_, i) => `export const line${i} = "fire-safety inspection ${i}";`).join('\n')}\n`;
const indexHtml = `<!doctype html><html><head><title>Fire-safety inspections</title><script type="module" src="/assets/app-abc123.js"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(50)}</body></html>`;
const swJs = `self.addEventListener('install', () => self.skipWaiting());\n${'// precache list\n'.repeat(80)}`;
const favicon = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" fill="red"/></svg>';

function writePrecompressed(file: string, content: string) {
  writeFileSync(file, content);
  writeFileSync(`${file}.br`, brotliCompressSync(content));
  writeFileSync(`${file}.gz`, gzipSync(content));
}

let stack: Stack;
let dist: string;
let token: string;

beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'fsi-delivery-'));
  mkdirSync(path.join(dist, 'assets'));
  writePrecompressed(path.join(dist, 'assets/app-abc123.js'), appJs);
  writePrecompressed(path.join(dist, 'index.html'), indexHtml);
  writePrecompressed(path.join(dist, 'sw.js'), swJs);
  writeFileSync(path.join(dist, 'favicon.svg'), favicon);
  stack = await startStack({ webDist: dist });
  token = await stack.signIn('admin');
});

afterAll(async () => {
  await stack?.close();
  if (dist) rmSync(dist, { recursive: true, force: true });
});

describe('the web app: precompressed files', () => {
  it.each([
    ['br', 'br'],
    ['gzip', 'gzip'],
    [BROWSER, 'br'],
    ['gzip, br;q=0', 'gzip'],
  ])('a hashed asset asked with Accept-Encoding %s comes as %s, cached for a year as immutable', async (accept, encoding) => {
    const answer = await exchange(`${stack.url}/assets/app-abc123.js`, { headers: { 'accept-encoding': accept } });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe(encoding);
    expect(answer.headers['content-type']).toMatch(/javascript/);
    expect(answer.headers['cache-control']).toBe(IMMUTABLE);
    expect(varies(answer.headers)).toBe(true);
    expect(Number(answer.headers['content-length'])).toBe(answer.raw.length);
    expect(answer.raw.length).toBeLessThan(appJs.length / 4);
    expect(answer.body.toString()).toBe(appJs);
  });

  it('a hashed asset asked without Accept-Encoding (or with identity) comes plain, still immutable', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }] as Array<Record<string, string>>) {
      const answer = await exchange(`${stack.url}/assets/app-abc123.js`, { headers });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.headers['cache-control']).toBe(IMMUTABLE);
      expect(varies(answer.headers)).toBe(true);
      expect(answer.raw.toString()).toBe(appJs);
    }
  });

  it('a HEAD gives the headers of the file a GET would send, without its body', async () => {
    const answer = await exchange(`${stack.url}/assets/app-abc123.js`, { method: 'HEAD', headers: { 'accept-encoding': 'br' } });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(Number(answer.headers['content-length'])).toBe(readFileSync(path.join(dist, 'assets/app-abc123.js.br')).length);
    expect(answer.raw.length).toBe(0);
  });

  it.each([
    ['/', 'br'],
    ['/', 'gzip'],
    ['/', undefined],
    ['/buildings/12/walkabouts', 'br'],
    ['/buildings/12/walkabouts', 'gzip'],
    ['/buildings/12/walkabouts', undefined],
  ])('index.html at %s (Accept-Encoding %s) is revalidated on every load', async (url, encoding) => {
    const headers: Record<string, string> = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
    if (encoding) headers['accept-encoding'] = encoding;
    const answer = await exchange(`${stack.url}${url}`, { headers });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe(encoding);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(varies(answer.headers)).toBe(true);
    expect(answer.headers.etag).toBeTruthy();
    expect(answer.body.toString()).toBe(indexHtml);
  });

  it('revalidation of index.html answers 304 when it has not changed', async () => {
    const first = await exchange(`${stack.url}/`, { headers: { 'accept-encoding': 'br' } });
    const again = await exchange(`${stack.url}/`, { headers: { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) } });
    expect(again.status).toBe(304);
  });

  it.each(['br', 'gzip', undefined])('sw.js (Accept-Encoding %s) is revalidated on every load', async (encoding) => {
    const answer = await exchange(`${stack.url}/sw.js`, { headers: encoding ? { 'accept-encoding': encoding } : {} });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe(encoding);
    expect(answer.headers['content-type']).toMatch(/javascript/);
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(varies(answer.headers)).toBe(true);
    expect(answer.body.toString()).toBe(swJs);
  });

  it('a file without a precompressed copy is served plain, whatever the client accepts', async () => {
    const answer = await exchange(`${stack.url}/favicon.svg`, { headers: { 'accept-encoding': BROWSER } });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(answer.raw.toString()).toBe(favicon);
  });

  it('a missing hashed asset is still a 404, with or without Accept-Encoding', async () => {
    for (const headers of [{ accept: 'text/html' }, { accept: 'text/html', 'accept-encoding': BROWSER }] as Array<Record<string, string>>) {
      expect((await exchange(`${stack.url}/assets/gone-1234.js`, { headers })).status).toBe(404);
    }
  });
});

describe('the playground', () => {
  it('its hashed files are cached for a year as immutable, its page revalidated', async () => {
    const asset = readdirSync(path.join(defaultPlaygroundDist, 'assets')).find((name) => name.endsWith('.js'));
    expect(asset).toBeDefined();
    const file = await exchange(`${stack.url}/playground/assets/${asset}`);
    expect(file.status).toBe(200);
    expect(file.headers['cache-control']).toBe(IMMUTABLE);
    const page = await exchange(`${stack.url}/playground`);
    expect(page.headers['cache-control']).toBe('no-cache');
    const pageFile = await exchange(`${stack.url}/playground/index.html`);
    expect(pageFile.headers['cache-control']).toBe('no-cache');
  });
});

describe('GraphQL answers', () => {
  // Introspection of every type's name: a few KiB, well above the 1 KiB threshold.
  const large = '{ __schema { types { name description } } }';

  async function post(query: string, encoding?: string): Promise<Answer> {
    return exchange(`${stack.url}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/graphql-response+json, application/json',
        authorization: `Bearer ${token}`,
        ...(encoding ? { 'accept-encoding': encoding } : {}),
      },
      body: JSON.stringify({ query }),
    });
  }

  it.each([
    ['br', 'br'],
    ['gzip', 'gzip'],
    [BROWSER, 'br'],
  ])('a POST answer above 1 KiB asked with Accept-Encoding %s comes as %s', async (accept, encoding) => {
    const plain = await post(large);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.raw.length).toBeGreaterThan(1024);

    const answer = await post(large, accept);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe(encoding);
    expect(answer.headers['content-type']).toMatch(/^application\/graphql-response\+json/);
    expect(varies(answer.headers)).toBe(true);
    expect(answer.raw.length).toBeLessThan(plain.raw.length / 2);
    expect(answer.body.toString()).toBe(plain.raw.toString());
  });

  it("a screen's answer (8 to 64 KiB) is compressed in one piece, with its Content-Length; a larger one streams", async () => {
    // The names of every type's fields: a screen-sized answer. With their descriptions: above 64 KiB.
    const screenSized = '{ __schema { types { name fields { name } } } }';
    const larger = '{ __schema { types { name description fields { name description } } } }';
    const plain = await post(screenSized);
    expect(plain.raw.length).toBeGreaterThan(8 * 1024);
    expect(plain.raw.length).toBeLessThanOrEqual(COMPRESS_IN_ONE_CALL_BYTES);
    const answer = await post(screenSized, BROWSER);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-length']).toBe(String(answer.raw.length));
    expect(answer.headers['transfer-encoding']).toBeUndefined();
    expect(answer.body.toString()).toBe(plain.raw.toString());

    const plainLarger = await post(larger);
    expect(plainLarger.raw.length).toBeGreaterThan(COMPRESS_IN_ONE_CALL_BYTES);
    const streamed = await post(larger, BROWSER);
    expect(streamed.headers['content-encoding']).toBe('br');
    expect(streamed.headers['content-length']).toBeUndefined();
    expect(streamed.headers['transfer-encoding']).toBe('chunked');
    expect(streamed.body.toString()).toBe(plainLarger.raw.toString());
  });

  it('a POST answer below 1 KiB is sent as it is', async () => {
    const answer = await post('{ __typename }', BROWSER);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(answer.raw.toString())).toEqual({ data: { __typename: 'Query' } });
  });

  it('a GET answer above 1 KiB is compressed too, and a HEAD still has no body', async () => {
    const url = `${stack.url}/graphql?query=${encodeURIComponent(large)}`;
    const headers = { 'apollo-require-preflight': 'true', accept: 'application/graphql-response+json' };
    const plain = await exchange(url, { headers });
    expect(plain.status).toBe(200);
    const answer = await exchange(url, { headers: { ...headers, 'accept-encoding': 'gzip' } });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(varies(answer.headers)).toBe(true);
    expect(answer.body.toString()).toBe(plain.raw.toString());

    // Apollo Server answers GET and POST only (a HEAD is its 405); compression changes nothing about that.
    const plainHead = await exchange(url, { method: 'HEAD', headers });
    const head = await exchange(url, { method: 'HEAD', headers: { ...headers, 'accept-encoding': 'gzip' } });
    expect(head.status).toBe(plainHead.status);
    expect(head.raw.length).toBe(0);
  });

  it("an error answer (a syntax error's 400) decodes to the same document", async () => {
    const plain = await post(`{ viewer { id }${' '.repeat(2000)}`);
    const answer = await post(`{ viewer { id }${' '.repeat(2000)}`, 'br');
    expect(answer.status).toBe(400);
    expect(answer.body.toString()).toBe(plain.raw.toString());
  });

  it('the gateway asks the backend for uncompressed answers (the loopback hop is not worth the CPU)', async () => {
    const seen: IncomingHttpHeaders[] = [];
    const backend = createServer((incoming, outgoing) => {
      seen.push(incoming.headers);
      outgoing.setHeader('content-type', 'application/vnd.api+json');
      outgoing.end(JSON.stringify({ data: [], links: {} }));
    });
    await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve));
    try {
      const rest = new RestClient({ baseUrl: `http://127.0.0.1:${(backend.address() as AddressInfo).port}` });
      await rest.get('/buildings');
      expect(seen[0]?.['accept-encoding']).toBe('identity');
    } finally {
      await new Promise((resolve) => backend.close(resolve));
    }
  });

  it('a backend that compresses all the same is still read (a proxy in front of it, say)', async () => {
    const backend = createServer((_incoming, outgoing) => {
      outgoing.setHeader('content-type', 'application/vnd.api+json');
      outgoing.setHeader('content-encoding', 'gzip');
      outgoing.end(gzipSync(JSON.stringify({ data: [{ type: 'buildings', id: '7' }], links: {} })));
    });
    await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve));
    try {
      const rest = new RestClient({ baseUrl: `http://127.0.0.1:${(backend.address() as AddressInfo).port}` });
      expect(await rest.get('/buildings')).toEqual({ data: [{ type: 'buildings', id: '7' }], links: {} });
    } finally {
      await new Promise((resolve) => backend.close(resolve));
    }
  });

  describe('a backend that does not answer in full', () => {
    /** A backend that answers `respond` (or never), the RestClient's answer or error, and how long it took. */
    async function callAgainst(respond: (outgoing: import('node:http').ServerResponse) => void) {
      const backend = createServer((_incoming, outgoing) => respond(outgoing));
      await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve));
      const started = Date.now();
      try {
        const rest = new RestClient({ baseUrl: `http://127.0.0.1:${(backend.address() as AddressInfo).port}`, timeoutMs: 300 });
        const outcome = await rest.get('/buildings').then(
          () => null,
          (error: unknown) => error,
        );
        return { error: outcome, ms: Date.now() - started };
      } finally {
        backend.closeAllConnections();
        await new Promise((resolve) => backend.close(resolve));
      }
    }
    const unreachable = (detail: RegExp) => expect.objectContaining({ status: 502, message: expect.stringMatching(detail) });

    it('is given up after the timeout when it says nothing: a 502', async () => {
      const { error, ms } = await callAgainst(() => undefined);
      expect(error).toEqual(unreachable(/^The backend is unreachable: no answer within 300 ms$/));
      expect(ms).toBeGreaterThanOrEqual(290);
    });

    it('is given up after the timeout when it stops in the middle of its answer, compressed or not', async () => {
      for (const encoding of [null, 'gzip']) {
        const { error } = await callAgainst((outgoing) => {
          outgoing.setHeader('content-type', 'application/vnd.api+json');
          if (encoding) outgoing.setHeader('content-encoding', encoding);
          outgoing.write(encoding ? gzipSync(JSON.stringify({ data: [] })).subarray(0, 8) : '{"data": [');
        });
        expect(error).toEqual(unreachable(/no answer within 300 ms$/));
      }
    });

    it('is a 502 at once when its connection is cut in the middle of its answer', async () => {
      const { error, ms } = await callAgainst((outgoing) => {
        outgoing.setHeader('content-type', 'application/vnd.api+json');
        outgoing.setHeader('content-length', '1000');
        outgoing.write('{"data": [', () => outgoing.socket?.destroy());
      });
      expect(error).toEqual(unreachable(/^The backend is unreachable: /));
      expect(ms).toBeLessThan(290);
    });
  });

  it('are never kept by a cache: Cache-Control no-store, for data and for errors alike', async () => {
    expect((await post('{ __typename }')).headers['cache-control']).toBe('no-store');
    expect((await post(large, BROWSER)).headers['cache-control']).toBe('no-store');
    const failed = await post('{ viewer { id ');
    expect(failed.status).toBe(400);
    expect(failed.headers['cache-control']).toBe('no-store');
  });
});

describe('files and other answers that are not compressed again', () => {
  // A 1×1 PNG.
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

  it('an uploaded photo comes back through the gateway as its bytes, never re-encoded', async () => {
    const form = new FormData();
    form.append('file', new Blob([png], { type: 'image/png' }), 'pixel.png');
    const upload = await fetch(`${stack.url}/uploads`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    expect(upload.status).toBe(201);
    const { data } = (await upload.json()) as { data: { attributes: { url: string } } };
    // Read through its signed URL, as the API hands it out.
    const signed = signedPhotoUrl(stack.backend.app.urlSigner, data.attributes.url)!;

    for (const headers of [{}, { 'accept-encoding': BROWSER }] as Array<Record<string, string>>) {
      const file = await exchange(`${stack.url}${signed}`, { headers });
      expect(file.status).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
      expect(file.headers['content-encoding']).toBeUndefined();
      expect(file.raw).toEqual(png);
    }
  });

  it("the backend's JSON:API error for an upload passes through and decodes", async () => {
    const form = new FormData();
    form.append('file', new Blob([Buffer.from('not a picture')], { type: 'image/png' }), 'notes.png');
    const answer = await fetch(`${stack.url}/uploads`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'accept-encoding': BROWSER },
      body: form,
    });
    expect(answer.status).toBe(422);
    expect(await answer.json()).toMatchObject({ errors: [{ status: '422', source: { pointer: '/file' } }] });
  });

  it('the speed check payload is the same 1003088 bytes, whatever the client accepts', async () => {
    const answer = await exchange(`${stack.url}/speed-test`, { headers: { 'accept-encoding': BROWSER } });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.raw.length).toBe(1_003_088);
  });
});

// The real build, when `npm run build -w web` has written its .br and .gz copies.
const realDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
const realBuilt = existsSync(path.join(realDist, 'index.html.br'));

describe.runIf(realBuilt)('the real web/dist (after npm run build -w web)', () => {
  let real: Stack;

  beforeAll(async () => {
    real = await startStack({ webDist: realDist });
  });

  afterAll(async () => {
    await real?.close();
  });

  it('serves index.html and each precompressed asset as brotli, decoding to the built file', async () => {
    const page = await exchange(`${real.url}/`, { headers: { 'accept-encoding': BROWSER, accept: 'text/html' } });
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toEqual(readFileSync(path.join(realDist, 'index.html')));

    const assets = readdirSync(path.join(realDist, 'assets')).filter((name) => name.endsWith('.js.br'));
    expect(assets.length).toBeGreaterThan(0);
    for (const name of assets) {
      const answer = await exchange(`${real.url}/assets/${name.slice(0, -'.br'.length)}`, { headers: { 'accept-encoding': BROWSER } });
      expect(answer.headers['content-encoding']).toBe('br');
      expect(answer.headers['cache-control']).toBe(IMMUTABLE);
      expect(answer.body).toEqual(readFileSync(path.join(realDist, 'assets', name.slice(0, -'.br'.length))));
    }
  });
});
