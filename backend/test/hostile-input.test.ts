/**
 * Hostile input (issue 9, points 18, 19 and 22): NUL and half surrogate pairs are refused with a pointer on every
 * route, wherever they come (body, query, path, header), before they reach the database; a body over the limit
 * gets a 413 the client can read over a real socket; an empty JSON body is no body.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema, signIn, type TestBackend } from '../src/testing';
import { databases, expectJsonApi, startTestBackend, type JsonApiBody, type JsonApiResource } from './helpers';
import { expectEveryRoute, sampleIds, samples, stringPointers, withValueAt, type Sample, type SampleIds } from './routes';

type Injected = { status: number; body: JsonApiBody; headers: Record<string, unknown> };

describe.each(databases)('hostile input on %s', (database) => {
  let backend: TestBackend;
  let token = '';
  let table: Record<string, Sample> = {};

  beforeAll(async () => {
    backend = await startTestBackend({ database });
    token = (await signIn(backend.url, 'manager', 'demo1234')).token;
    table = await samples(await sampleIds(backend));
  });
  afterAll(() => backend?.close());

  async function send(sample: Sample, change: { url?: string; body?: string; headers?: Record<string, string> } = {}): Promise<Injected> {
    const json = sample.body !== undefined || change.body !== undefined;
    const response = await backend.app.inject({
      method: sample.method,
      url: change.url ?? sample.url,
      headers: {
        authorization: `Bearer ${token}`,
        ...(json ? { 'content-type': 'application/vnd.api+json' } : {}),
        ...sample.multipart?.headers,
        ...sample.headers,
        ...change.headers,
      },
      payload: change.body ?? (sample.body !== undefined ? JSON.stringify(sample.body) : sample.multipart?.payload),
    });
    const body = response.body ? (JSON.parse(response.body) as JsonApiBody) : {};
    return { status: response.statusCode, body, headers: response.headers };
  }

  /** The one error of an INVALID_CHARACTER answer. */
  function expectRefused(answer: Injected, status: number, source: { pointer?: string; parameter?: string } | undefined, what: string) {
    expect(answer.status, `${what}: ${JSON.stringify(answer.body)}`).toBe(status);
    expectJsonApi(answer.body);
    expect(answer.body.errors![0]).toMatchObject({ status: String(status), code: 'INVALID_CHARACTER' });
    if (source) expect(answer.body.errors![0]!.source).toEqual(source);
  }

  it('has a sample request for every route of the app', () => {
    expectEveryRoute(backend, table);
  });

  it('refuses a NUL in the query string of every route with 400 and the parameter', async () => {
    for (const [route, sample] of Object.entries(table)) {
      const url = `${sample.url}${sample.url.includes('?') ? '&' : '?'}note=a%00b`;
      expectRefused(await send(sample, { url }), 400, { parameter: 'note' }, route);
      // In a parameter the route knows, too.
      const known = /\?([^=]+)=/.exec(sample.url)?.[1];
      if (known) expectRefused(await send(sample, { url: sample.url.replace(/=([^&]*)/, '=$1%00') }), 400, { parameter: known }, route);
    }
  });

  it('refuses a NUL in the path of every route with a path parameter with 400 and the parameter', async () => {
    for (const [route, sample] of Object.entries(table)) {
      const name = /:(\w+)/.exec(route)?.[1];
      if (!name) continue;
      const segment = route.split(' ')[1]!.split('/').indexOf(`:${name}`);
      const parts = sample.url.split('?')[0]!.split('/');
      parts[segment] = `${parts[segment]}%00`;
      expectRefused(await send(sample, { url: parts.join('/') }), 400, { parameter: name }, route);
    }
  });

  it('refuses a NUL in a header of every route with 400 naming the header', async () => {
    for (const [route, sample] of Object.entries(table)) {
      const answer = await send(sample, { headers: { 'x-request-note': 'a\u0000b' } });
      expectRefused(answer, 400, undefined, route);
      expect(answer.body.errors![0]!.detail).toContain('x-request-note');
    }
    // Headers the backend reads: the client address for the sign-in limit, the save's Idempotency-Key.
    expectRefused(await send(table['POST /sessions']!, { headers: { 'x-forwarded-for': '10.0.0.1\u0000' } }), 400, undefined, 'X-Forwarded-For');
    expectRefused(await send(table['PATCH /walkabout-data']!, { headers: { 'idempotency-key': 'save\u0000' } }), 400, undefined, 'Idempotency-Key');
  });

  it('refuses a NUL in each string of the body of every route that takes one with 422 and its pointer', async () => {
    for (const [route, sample] of Object.entries(table)) {
      if (sample.method === 'GET' || sample.multipart) continue;
      // A route without a body of its own still has its body read: a NUL anywhere in it is refused.
      const pointers = sample.body === undefined ? ['/data/attributes/note'] : stringPointers(sample.body);
      expect(pointers.length, route).toBeGreaterThan(0);
      for (const pointer of pointers) {
        const body = JSON.stringify(withValueAt(sample.body, pointer, 'a\u0000b'));
        expectRefused(await send(sample, { body }), 422, { pointer }, `${route} ${pointer}`);
      }
      // And in a member's name.
      const named = JSON.stringify({ ...(sample.body as object), 'meta\u0000': 1 });
      expectRefused(await send(sample, { body: named }), 422, { pointer: '/meta\u0000' }, `${route} member name`);
    }
  });

  it('refuses a NUL in the name of an uploaded file with 422 at /file', async () => {
    const sample = table['POST /uploads']!;
    const multipart = { ...sample.multipart!, payload: Buffer.from(sample.multipart!.payload.toString('latin1').replace('photo.png', 'pho\u0000to.png'), 'latin1') };
    expectRefused(await send({ ...sample, multipart }), 422, { pointer: '/file' }, 'POST /uploads');
  });

  it('refuses half a surrogate pair in a JSON string with 422 and its pointer, and invalid UTF-8 with 400', async () => {
    const sample = table['POST /sessions']!;
    // JSON.stringify writes a lone surrogate as the escape "\ud800", as a hostile client would.
    for (const text of ['\ud800', 'ab\udfffc', '\udc00\ud800']) {
      const body = JSON.stringify(withValueAt(sample.body, '/data/attributes/username', text));
      expect(body).toMatch(/\\ud[89a-f]/);
      expectRefused(await send(sample, { body }), 422, { pointer: '/data/attributes/username' }, JSON.stringify(text));
    }
    // A pair is one character, and fine: the sign-in is only refused as incorrect.
    const paired = await send(sample, { body: JSON.stringify(withValueAt(sample.body, '/data/attributes/username', '\ud83d\ude92')) });
    expect(paired.body.errors![0]!.code).toBe('INCORRECT_CREDENTIALS');
    const bytes = Buffer.concat([Buffer.from('{"data":{"attributes":{"username":"'), Buffer.from([0xed, 0xa0, 0x80, 0xff]), Buffer.from('","password":"x"}}}')]);
    const invalid = await backend.app.inject({ method: 'POST', url: '/sessions', headers: { 'content-type': 'application/json' }, payload: bytes });
    expect(invalid.statusCode).toBe(400);
    expect(JSON.parse(invalid.body).errors[0]).toMatchObject({ code: 'INVALID_CHARACTER', detail: 'The request body is not valid UTF-8.' });
  });

  it('answers a NUL in a header over a real socket with a JSON:API 400 naming the header', async () => {
    const { port } = new URL(backend.url);
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1', () => socket.end(`GET /users/me HTTP/1.1\r\nHost: x\r\nX-Request-Note: a\u0000b\r\n\r\n`));
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString('utf8')));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400 /);
    const body = JSON.parse(raw.split('\r\n\r\n')[1]!) as JsonApiBody;
    expectJsonApi(body);
    expect(body.errors![0]).toMatchObject({ code: 'INVALID_CHARACTER', detail: expect.stringContaining('X-Request-Note') });
  });

  it('accepts an empty body with a JSON content type where the route takes none', async () => {
    for (const type of ['application/vnd.api+json', 'application/json']) {
      const { token: ending } = await signIn(backend.url, 'viewer', 'demo1234');
      const ended = await backend.app.inject({ method: 'DELETE', url: '/sessions/current', headers: { authorization: `Bearer ${ending}`, 'content-type': type } });
      expect(ended.statusCode, ended.body).toBe(204);
    }
    const lock = table['POST /walkabouts/:id/lock']!;
    const locked = await send(lock, { headers: { 'content-type': 'application/vnd.api+json' }, body: '' });
    expect(locked.status, JSON.stringify(locked.body)).toBe(200);
    expectJsonApi(locked.body);
    expect((locked.body.data as JsonApiResource).attributes.isLocked).toBe(true);
  });

  it('answers an empty body where the route needs one with 422 saying so', async () => {
    for (const payload of ['', '  \n']) {
      const answer = await send(table['POST /sessions']!, { body: payload });
      expect(answer.status).toBe(422);
      expectJsonApi(answer.body);
      expect(answer.body.errors).toEqual([
        {
          status: '422',
          title: 'Unprocessable Entity',
          code: 'VALIDATION_FAILED',
          detail: 'The request body is empty: this call needs a JSON:API document.',
          source: { pointer: '/' },
        },
      ]);
    }
  });

  /**
   * Sends `size` bytes of JSON to POST /sessions over a real socket in 64 KiB writes, without waiting for the
   * answer (the server answers when it has read 1 MiB, or at once for a declared Content-Length), and resolves
   * once every byte is flushed and the answer is read. A reset while sending rejects.
   */
  function streamLargeBody(size: number, declareLength: boolean) {
    return new Promise<{ status: number; text: string; sent: number }>((resolve, reject) => {
      const { hostname, port } = new URL(backend.url);
      const agent = new http.Agent({ keepAlive: true });
      const request = http.request({
        host: hostname,
        port,
        agent,
        method: 'POST',
        path: '/sessions',
        headers: { 'content-type': 'application/vnd.api+json', ...(declareLength ? { 'content-length': String(size) } : {}) },
      });
      let sent = 0;
      let answer: { status: number; text: string } | undefined;
      const finish = () => {
        if (!answer || !request.writableFinished) return;
        agent.destroy();
        resolve({ ...answer, sent });
      };
      request.on('error', reject);
      request.on('response', (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (part: string) => (text += part));
        response.on('end', () => {
          answer = { status: response.statusCode!, text };
          finish();
        });
        response.on('error', reject);
      });
      request.on('finish', finish);
      request.on('close', () => {
        if (!request.writableFinished) reject(new Error(`The connection was closed after ${sent} of ${size} bytes.`));
      });
      // A slow client: a chunk every few milliseconds, so that most are sent after the answer has come. (Paced by
      // time, not by 'drain': Node's client stops emitting 'drain' once the answer has come.)
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      const write = () => {
        if (request.destroyed) return;
        if (sent >= size) return request.end();
        const part = chunk.subarray(0, Math.min(chunk.length, size - sent));
        sent += part.length;
        request.write(part);
        setTimeout(write, 2);
      };
      write();
    });
  }

  for (const declareLength of [true, false]) {
    it(`answers a body over the limit with a readable 413 while the client is still sending (${declareLength ? 'Content-Length' : 'chunked'})`, async () => {
      const answer = await streamLargeBody(4 * 1024 * 1024, declareLength);
      expect(answer.sent).toBe(4 * 1024 * 1024);
      expect(answer.status).toBe(413);
      const body = JSON.parse(answer.text) as JsonApiBody;
      expectJsonApi(body);
      expect(body.errors![0]).toMatchObject({ status: '413', code: 'PAYLOAD_TOO_LARGE', detail: 'The request body is larger than the limit of 1 MiB.' });
    });
  }
});

/**
 * Point 21: hostile strings into every text input of every route, enumerated from the committed OpenAPI document
 * (so a new route or text input fails the first test until it is named below): never a 5xx; NUL and half a
 * surrogate pair refused with INVALID_CHARACTER; anything else either refused with a 4xx (a pattern, a maxLength,
 * a rule) or accepted, and then, where the input is kept, read back byte for byte.
 */
const hostileStrings: Record<string, string> = {
  'SQL injection': "'; DROP TABLE users; -- ' OR '1'='1",
  template: '${{7*7}} {{7*7}} #{7*7} <%= 7*7 %>',
  'path traversal': '../../etc/passwd ..\\..\\windows\\win.ini %2e%2e%2f',
  markup: '<script>alert(1)</script><img src=x onerror=alert(1)>',
  'control characters': 'a\u0001\u0007\b\t\n\r\u001b[31mred\u007f',
  'bidirectional override': 'abc\u202Edcba\u202C \u2066x\u2069 \u200F',
  'emoji and ZWJ sequences': '👩‍👩‍👧‍👦 🏳️‍🌈 👍🏽 𝕳𝖊𝖑𝖑𝖔',
  'zero width and BOM': '\uFEFF\u200B\u200D',
  'combining marks': 'e\u0301 Z\u0351\u0352\u0353',
  'very long': 'x'.repeat(100_000),
  NUL: 'a\u0000b',
  'half a surrogate pair': 'a\ud800b',
};

/** Plain text that every kept input must take (so that the read-back is proven to run). */
const mustKeep = ['SQL injection', 'template', 'path traversal'];

type Input = { route: string; where: string };

/** Every string input of the OpenAPI document: query, path and header parameters and body strings, by JSON pointer. */
function textInputs(): Input[] {
  const document = JSON.parse(readFileSync(new URL('../openapi.json', import.meta.url), 'utf8')) as {
    paths: Record<string, Record<string, { parameters?: Array<{ in: string; name: string; schema: unknown }>; requestBody?: { content: Record<string, { schema: unknown }> } }>>;
    components: { schemas: Record<string, unknown> };
  };
  const out: Input[] = [];
  const walk = (schema: unknown, pointer: string, found: string[]) => {
    const s = schema as Record<string, unknown> | undefined;
    if (!s) return;
    if (typeof s.$ref === 'string') return walk(document.components.schemas[s.$ref.split('/').at(-1)!], pointer, found);
    for (const key of ['anyOf', 'oneOf', 'allOf']) for (const branch of (s[key] as unknown[] | undefined) ?? []) walk(branch, pointer, found);
    if (s.type === 'string' || (Array.isArray(s.type) && s.type.includes('string'))) found.push(pointer);
    for (const [name, child] of Object.entries((s.properties as Record<string, unknown>) ?? {})) walk(child, `${pointer}/${name}`, found);
    if (s.items) walk(s.items, `${pointer}/0`, found);
  };
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const route = `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`;
      for (const parameter of operation.parameters ?? []) {
        const found: string[] = [];
        walk(parameter.schema, '', found);
        if (found.length) out.push({ route, where: `${parameter.in}:${parameter.name}` });
      }
      const json = operation.requestBody?.content['application/json'];
      if (json) {
        const found: string[] = [];
        walk(json.schema, '', found);
        for (const pointer of new Set(found)) out.push({ route, where: `body:${pointer}` });
      }
    }
  }
  return out;
}

type Kept = (answer: Injected, sent: string) => Promise<string | null | undefined>;

describe.each(databases)('hostile strings in every text input on %s', (database) => {
  let backend: TestBackend;
  let token = '';
  let table: Record<string, Sample> = {};
  let ids: SampleIds;

  /** Inputs that are kept, and how each is read back through REST after a 2xx. */
  const kept: Record<string, Kept> = {
    'POST /location-comments body:/data/attributes/body': async (answer) => (answer.body.data as JsonApiResource).attributes.body as string,
    'POST /fire-watches body:/data/attributes/startComments': async (answer) =>
      (await readBack(`/fire-watches/${(answer.body.data as JsonApiResource).id}`)).attributes.startComments as string,
    'PATCH /fire-watches/:id body:/data/attributes/endComments': async (answer) =>
      (await readBack(`/fire-watches/${(answer.body.data as JsonApiResource).id}`)).attributes.endComments as string,
    'PATCH /walkabout-data body:/data/conditions/0/remarks': async () => (await conditionOf()).attributes.remarks as string,
  };

  async function readBack(url: string): Promise<JsonApiResource> {
    const response = await backend.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    expect(response.statusCode, response.body).toBe(200);
    return (JSON.parse(response.body) as JsonApiBody).data as JsonApiResource;
  }

  let condition = '';
  async function conditionOf(): Promise<JsonApiResource> {
    const response = await backend.app.inject({ method: 'GET', url: `/walkabouts/${sweepWalkabout}`, headers: { authorization: `Bearer ${token}` } });
    const body = JSON.parse(response.body) as JsonApiBody;
    return body.included!.find((r) => r.type === 'conditions' && r.id === condition)!;
  }

  let sweepWalkabout = '';
  beforeAll(async () => {
    backend = await startTestBackend({ database });
    token = (await signIn(backend.url, 'manager', 'demo1234')).token;
    ids = await sampleIds(backend);
    table = await samples(ids);
    // A walkabout of its own with one scanned entry and a text condition, for saves.
    sweepWalkabout = await ids.demo.walkabout('King Street Commerce Centre', 'Monthly');
    const tree = JSON.parse((await backend.app.inject({ method: 'GET', url: `/walkabouts/${sweepWalkabout}`, headers: { authorization: `Bearer ${token}` } })).body) as JsonApiBody;
    const conditions = tree.included!.filter((r) => r.type === 'conditions');
    const chosen = conditions[0]!;
    condition = chosen.id;
    const entry = String(chosen.attributes.entryId);
    table['PATCH /walkabout-data'] = {
      method: 'PATCH',
      url: '/walkabout-data',
      headers: { 'idempotency-key': 'sweep' },
      body: {
        walkaboutToUpdateId: sweepWalkabout,
        data: {
          entries: [{ id: entry, scannedAt: '2026-11-20T14:00:00Z' }],
          conditions: [{ id: condition, value: null, remarks: 'Checked', photoUrl: null, photoMimetype: null, editedVia: 'tap', editedAt: '2026-11-20T14:01:00Z' }],
        },
      },
    };
  });
  afterAll(() => backend?.close());

  let saves = 0;
  async function sendWith(input: Input, text: string): Promise<Injected> {
    const sample = table[input.route]!;
    const [where, name] = [input.where.slice(0, input.where.indexOf(':')), input.where.slice(input.where.indexOf(':') + 1)];
    let url = sample.url;
    let body = sample.body;
    const headers: Record<string, string> = { authorization: `Bearer ${token}`, ...sample.headers };
    // Each save its own key, so that none is answered from an earlier one.
    if (headers['idempotency-key']) headers['idempotency-key'] = `sweep-${++saves}`;
    if (input.route === 'PATCH /fire-watches/:id') {
      // A started fire watch to end: the building's, started straight in the database when it has none.
      await backend.db.update(schema.fireWatches).set({ status: 'ended' }).where(eq(schema.fireWatches.buildingId, Number(ids.building)));
      const [row] = await backend.db.insert(schema.fireWatches).values({ buildingId: Number(ids.building), status: 'started' }).returning({ id: schema.fireWatches.id });
      url = `/fire-watches/${row!.id}`;
    }
    if (input.route === 'POST /fire-watches') {
      await backend.db.update(schema.fireWatches).set({ status: 'ended' }).where(eq(schema.fireWatches.buildingId, Number(ids.building)));
    }
    if (where === 'query') {
      const [path, search = ''] = url.split('?');
      const params = new URLSearchParams(search);
      params.set(name!, text);
      url = `${path}?${params.toString().replace(/%5B/g, '[').replace(/%5D/g, ']')}`;
    } else if (where === 'path') {
      const segment = input.route.split(' ')[1]!.split('/').indexOf(`:${name}`);
      const parts = url.split('?')[0]!.split('/');
      // A lone surrogate cannot be percent-encoded: as a client would, it goes as U+FFFD (Buffer's UTF-8 does so).
      parts[segment] = encodeURIComponent(Buffer.from(text).toString());
      url = [parts.join('/'), url.split('?')[1]].filter(Boolean).join('?');
    } else if (where === 'header') {
      headers[name!] = text;
    } else {
      body = withValueAt(body, name!, text);
    }
    const response = await backend.app.inject({
      method: sample.method,
      url,
      headers: { ...headers, ...(body !== undefined ? { 'content-type': 'application/vnd.api+json' } : {}) },
      payload: body !== undefined ? JSON.stringify(body) : undefined,
    });
    return { status: response.statusCode, body: response.body ? (JSON.parse(response.body) as JsonApiBody) : {}, headers: response.headers };
  }

  it('knows every text input of the OpenAPI document', () => {
    const inputs = textInputs();
    expect(inputs.length).toBeGreaterThan(40);
    for (const input of inputs) expect(Object.keys(table), `${input.route} has no sample`).toContain(input.route);
    for (const key of Object.keys(kept)) expect(inputs.map((i) => `${i.route} ${i.where}`)).toContain(key);
  });

  for (const [label, text] of Object.entries(hostileStrings)) {
    it(`never fails on ${label}, and reads back what it keeps`, async () => {
      for (const input of textInputs()) {
        // A lone surrogate cannot be percent-encoded (UTF-8 has no bytes for it: clients send U+FFFD), so only a
        // JSON body can carry one; NUL can come anywhere.
        const refused = label === 'NUL' || (label === 'half a surrogate pair' && input.where.startsWith('body:'));
        // Headers carry Latin-1 only (Node refuses anything else before the app: see the socket test above).
        if (input.where.startsWith('header:') && /[^\t\x20-\x7e]/.test(text)) continue;
        const answer = await sendWith(input, text);
        const what = `${input.route} ${input.where}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`;
        expect(answer.status, what).toBeLessThan(500);
        if (answer.status >= 400) expectJsonApi(answer.body);
        if (refused) {
          expect(answer.status, what).toBeGreaterThanOrEqual(400);
          if (answer.status !== 401 && answer.status !== 404) expect(answer.body.errors!.map((e) => e.code), what).toContain('INVALID_CHARACTER');
          continue;
        }
        const read = kept[`${input.route} ${input.where}`];
        if (!read) continue;
        if (answer.status === 422 && !mustKeep.includes(label)) {
          // Refused by the field's own rule (the text rule of remarks: no markup, no control characters, 2000
          // characters): said at that field.
          expect(answer.body.errors!.map((e) => e.source?.pointer), what).toContain(input.where.slice('body:'.length));
          continue;
        }
        expect(answer.status, what).toBeLessThan(300);
        expect(await read(answer, text), what).toBe(text);
      }
    });
  }
});
