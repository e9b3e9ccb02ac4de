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
import { hostileStrings, mustKeep } from './hostile-strings';
import { expectEveryRoute, sampleIds, samples, stringPointers, withValueAt, type Sample, type SampleIds } from './routes';

type Injected = { status: number; body: JsonApiBody; headers: Record<string, unknown> };

describe.each(databases)('hostile input on %s', (database) => {
  let backend: TestBackend;
  let token = '';
  /** The inputs of the building form (issue 12): PATCH /buildings/{id} as the manager, read back from the building it answers. */
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
 * a rule) or accepted, and then, where the input is stored, read back byte for byte from the response attribute
 * `stored` names for it. Every text input of a route that changes something must be in `stored` (read back, or
 * why it is not stored), so a new stored input without a read-back fails with its name.
 */
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

/** How a stored input is read back after a 2xx, and what its rule takes. */
type ReadBack = {
  /** The response attribute it reads back from (said in the failure messages). */
  attribute: string;
  read: (answer: Injected) => Promise<unknown>;
  /** The hostile string as the input's format needs it (a photo URL is a URL); the whole string otherwise. */
  form?: (text: string) => string;
  /** Free text: must take the strings of `mustKeep`, so the read-back is proven to run. */
  freeText?: boolean;
  /** For an input of a narrow format no hostile string fits: a value it takes, read back first to prove the read-back. */
  plain?: () => string;
  /** The request to spoil, when the route's sample does not suit the input (a multiselect task for a choice). */
  sample?: () => Sample;
  /** The pointer a refusal names, when not the input's own (a choice is refused as the task's value). */
  refusedAt?: string;
};
/** Not stored (an identifier, a credential, a type member): only "never a 5xx" applies. */
type NotStored = { notStored: string };
/** Stored, but only in a form no hostile string has (a date-time): every one is refused. */
type Refused = { refusedAll: string; sample?: () => Sample };

/** Spaces are not allowed in a URL: the hostile string as a URL, with its white space percent-encoded. */
const asUrl = (text: string) => `https://photos.example/${text.replace(/\s/g, (c) => encodeURIComponent(c))}`;
const identifier = 'an identifier of a record: it selects, nothing is stored';
const typeMember = "the JSON:API type member: checked against the route's type";
const managersOnly = 'kept for administrators and organization managers only: the sweep signs in as manager, who is refused (403) before anything is stored';

/**
 * The inputs of PUT /entries/{id} or /location-comments/{id}: read back from the follow-up it answers. The repair
 * inputs are sent as a repair of another item (`repairTarget`), so that the acknowledge samples never meet a closed one.
 */
function followUpInputs(path: 'entries' | 'location-comments', repairTarget: () => string): Record<string, ReadBack | NotStored | Refused> {
  const route = `PUT /${path}/:id`;
  const attribute = (name: string) => async (answer: Injected) => (answer.body.data as JsonApiResource).attributes[name];
  const repair = (): Sample => ({
    method: 'PUT',
    url: `/${path}/${repairTarget()}`,
    body: { data: { type: path, attributes: { repairedAt: '2026-11-21T10:00', repairedComments: 'Replaced', photoUrl: '/files/repair.png' } } },
  });
  return {
    [`${route} path:id`]: { notStored: identifier },
    [`${route} body:/data/type`]: { notStored: typeMember },
    [`${route} body:/data/attributes/acknowledgedAt`]: { refusedAll: 'a date-time, stored as a timestamp' },
    [`${route} body:/data/attributes/acknowledgedNotes`]: { attribute: 'report-follow-ups.acknowledgedNotes', freeText: true, read: attribute('acknowledgedNotes') },
    [`${route} body:/data/attributes/photoUrl`]: { attribute: 'report-follow-ups.acknowledgedPhotoUrl', form: asUrl, freeText: true, read: attribute('acknowledgedPhotoUrl') },
    [`${route} body:/data/attributes/repairedAt`]: { refusedAll: 'a date-time, stored as a timestamp', sample: repair },
    [`${route} body:/data/attributes/repairedComments`]: {
      attribute: 'report-follow-ups.repairedComments',
      freeText: true,
      sample: repair,
      read: attribute('repairedComments'),
    },
  };
}

/** An attribute of the document (or document e-mail) a documents route answers. */
const documentAttribute = (name: string) => async (answer: Injected) => (answer.body.data as JsonApiResource).attributes[name];
const bookmarkLabel = async (answer: Injected) =>
  ((answer.body.data as JsonApiResource).attributes.metadata as { bookmarks: { label: string }[] }).bookmarks[0]?.label;

describe.each(databases)('hostile strings in every text input on %s', (database) => {
  let backend: TestBackend;
  let token = '';
  /** Contracts and organizations are the administrator's to set (issue 11): their inputs are sent as the administrator. */
  let adminToken = '';
  const asAdmin = (sample: Sample): Sample => ({ ...sample, headers: { ...sample.headers, authorization: `Bearer ${adminToken}` } });

  /** The inputs of the contract routes (issue 11), each sent as the administrator. */
  /** The inputs of adding, renaming and reordering buildings (issue 12), each sent as the administrator. */
  /**
   * Issue 14, users and roles. The user texts are read back from the user answered; a new user's are each sent on a
   * username of their own (a taken one is refused first), an edit's renames and security e-mails are marked so that they
   * never meet the new users' own. Roles are changed by role administrators: the sweep's manager is refused (403)
   * before anything is stored; backend/test/roles.test.ts reads the names back for those who may.
   */
  function peopleInputs(): Record<string, ReadBack | NotStored | Refused> {
    let made = 0;
    const newUser = (): Sample => {
      const sample = table['POST /users']!;
      made += 1;
      const withName = withValueAt(sample.body, '/data/attributes/username', `sweep.user.${made}`);
      return { ...sample, body: withValueAt(withName, '/data/attributes/securityemail', `sweep.user.${made}@example.com`) };
    };
    const attribute = (name: string) => async (answer: Injected) => (answer.body.data as JsonApiResource).attributes[name];
    const roleAdministrators = 'changed by role administrators only: the sweep signs in as manager, who is refused (403) before anything is stored';
    const entries: Record<string, ReadBack | NotStored | Refused> = {
      'POST /users body:/data/type': { notStored: typeMember },
      'POST /users body:/data/attributes/password': { notStored: 'a credential: stored only as its argon2id hash' },
      'POST /users body:/data/attributes/signatureImageLink': { notStored: 'administrators only: the sweep signs in as manager, who is refused (403) before anything is stored' },
      'PATCH /users/:id path:id': { notStored: identifier },
      'PATCH /users/:id body:/data/type': { notStored: typeMember },
      'PATCH /users/:id body:/data/attributes/password': { notStored: 'a credential: stored only as its argon2id hash' },
      'PATCH /users/:id body:/data/attributes/signatureImageLink': { notStored: 'administrators only: the sweep signs in as manager, who is refused (403) before anything is stored' },
      'PATCH /users/:id body:/data/attributes/username': { attribute: 'users.username', freeText: true, form: (text) => `renamed ${text}`, read: attribute('username') },
      'PATCH /users/:id body:/data/attributes/securityemail': { attribute: 'users.securityemail', freeText: true, form: (text) => `edited ${text}`, read: attribute('securityemail') },
      'POST /users body:/data/attributes/username': { attribute: 'users.username (the 201)', freeText: true, sample: newUser, read: attribute('username') },
      'POST /users body:/data/attributes/securityemail': { attribute: 'users.securityemail (the 201)', freeText: true, sample: newUser, read: attribute('securityemail') },
      'POST /roles body:/data/type': { notStored: typeMember },
      'POST /roles body:/data/attributes/name': { notStored: roleAdministrators },
      'POST /roles body:/data/attributes/incompleteWalkaboutReminderSubscriptions/0/offsetUnit': { notStored: roleAdministrators },
      'PATCH /roles/:id path:id': { notStored: identifier },
      'PATCH /roles/:id body:/data/type': { notStored: typeMember },
      'PATCH /roles/:id body:/data/attributes/name': { notStored: roleAdministrators },
      'PATCH /roles/:id body:/data/attributes/incompleteWalkaboutReminderSubscriptions/0/offsetUnit': { notStored: roleAdministrators },
    };
    for (const name of ['firstname', 'lastname', 'street1', 'street2', 'city', 'province', 'postalCode', 'email', 'phone', 'title', 'companyName', 'cfaaTechnicianNumber']) {
      entries[`POST /users body:/data/attributes/${name}`] = { attribute: `users.${name} (the 201)`, freeText: true, sample: newUser, read: attribute(name) };
      entries[`PATCH /users/:id body:/data/attributes/${name}`] = { attribute: `users.${name}`, freeText: true, read: attribute(name) };
    }
    for (const route of ['POST /users', 'PATCH /users/:id']) {
      for (const relation of ['organization', 'region', 'buildings/data/0', 'roles/data/0', 'reportDefinitionsForAutomaticDelivery/data/0', 'reportBookletsForAutomaticDelivery/data/0']) {
        const at = relation.includes('/') ? relation : `${relation}/data`;
        entries[`${route} body:/data/relationships/${at}/type`] = { notStored: typeMember };
        entries[`${route} body:/data/relationships/${at}/id`] = { notStored: identifier };
      }
    }
    for (const route of ['POST /roles', 'PATCH /roles/:id']) {
      for (const at of ['organization/data', 'walkaboutEquipment/data/0']) {
        entries[`${route} body:/data/relationships/${at}/type`] = { notStored: typeMember };
        entries[`${route} body:/data/relationships/${at}/id`] = { notStored: identifier };
      }
    }
    return entries;
  }
  /**
   * Issue 14, report definitions and booklet templates: names and section titles are read back from the record answered
   * (kept trimmed, so the sent text is trimmed too; a new one's and an edit's prefixed so that they never meet each other's,
   * names being unique in the organization); the template name is the administrators' (the sweep's manager is refused at
   * that field); a detail and a display type are one of their lists.
   */
  function reportAdminInputs(): Record<string, ReadBack | NotStored | Refused> {
    const attribute = (name: string) => async (answer: Injected) => (answer.body.data as JsonApiResource).attributes[name];
    const section = (name: string) => async (answer: Injected) => ((answer.body.data as JsonApiResource).attributes.sections as Array<Record<string, unknown>>)[0]?.[name];
    const administrators = "administrators only: another template name than the record's is refused at that field for the sweep's manager, nothing is stored";
    // A section's inputs are sent in a new definition of a name of its own, or in an edit that sends the sections.
    let made = 0;
    const newDefinition = (): Sample => {
      const sample = table['POST /report-definitions']!;
      return { ...sample, body: withValueAt(sample.body, '/data/attributes/name', `sweep report ${(made += 1)}`) };
    };
    const editedSections = (): Sample => {
      const sample = table['PATCH /report-definitions/:id']!;
      const sections = (table['POST /report-definitions']!.body as { data: { attributes: { sections: unknown } } }).data.attributes.sections;
      return { ...sample, body: withValueAt(sample.body, '/data/attributes/sections', structuredClone(sections)) };
    };
    const sampleFor = (route: string) => (route.startsWith('POST') ? newDefinition : editedSections);
    const entries: Record<string, ReadBack | NotStored | Refused> = {};
    for (const [route, prefix] of [['POST /report-definitions', 'new'], ['PATCH /report-definitions/:id', 'edited'], ['POST /report-booklet-templates', 'new'], ['PATCH /report-booklet-templates/:id', 'edited']] as const) {
      const created = route.startsWith('POST');
      entries[`${route} body:/data/type`] = { notStored: typeMember };
      entries[`${route} body:/data/attributes/name`] = { attribute: `${route.split(' ')[1]}.name${created ? ' (the 201)' : ''}`, freeText: true, form: (text) => `${prefix} ${text}`.trim(), read: attribute('name') };
      entries[`${route} body:/data/attributes/templateName`] = { notStored: administrators };
      if (!created) {
        entries[`${route} path:id`] = { notStored: identifier };
        entries[`${route} body:/data/id`] = { notStored: identifier };
      }
    }
    for (const route of ['POST /report-definitions', 'PATCH /report-definitions/:id']) {
      const sample = sampleFor(route);
      entries[`${route} body:/data/attributes/sections/0/detail`] = { refusedAll: 'one of condition, location, group, location_x_types, types_by_location', sample };
      entries[`${route} body:/data/attributes/sections/0/title`] = { attribute: 'report-definitions.sections[0].title', freeText: true, sample, read: section('title') };
      entries[`${route} body:/data/attributes/sections/0/applicableGroupNames/0`] = {
        attribute: 'report-definitions.sections[0].applicableGroupNames[0]',
        freeText: true,
        sample,
        read: async (answer) => ((await section('applicableGroupNames')(answer)) as string[] | undefined)?.[0],
      };
    }
    for (const route of ['POST /report-booklet-templates', 'PATCH /report-booklet-templates/:id']) {
      entries[`${route} body:/data/attributes/displayType`] = { refusedAll: 'default or consolidated' };
    }
    const relations: Record<string, string[]> = {
      'POST /report-definitions': ['organization/data', 'cycle/data', 'region/data'],
      'PATCH /report-definitions/:id': ['building/data', 'cycle/data', 'region/data'],
      'POST /report-booklet-templates': ['organization/data', 'reportDefinitions/data/0', 'primaryReportDefinition/data', 'region/data'],
      'PATCH /report-booklet-templates/:id': ['reportDefinitions/data/0', 'primaryReportDefinition/data', 'region/data'],
    };
    for (const [route, ats] of Object.entries(relations)) {
      for (const at of ats) {
        entries[`${route} body:/data/relationships/${at}/type`] = { notStored: typeMember };
        entries[`${route} body:/data/relationships/${at}/id`] = { notStored: identifier };
      }
    }
    return entries;
  }
  function manageBuildingInputs(): Record<string, ReadBack | NotStored | Refused> {
    const added = () => asAdmin(table['POST /buildings']!);
    const renamed = () => asAdmin(table['PUT /buildings/:id/attributes']!);
    const name = async (answer: Injected) => (answer.body.data as JsonApiResource).attributes.name;
    return {
      'POST /buildings body:/data/type': { notStored: typeMember },
      'POST /buildings body:/data/attributes/name': { attribute: 'buildings.name (the 201)', freeText: true, sample: added, read: name },
      'POST /buildings body:/data/attributes/organization_id': { notStored: identifier },
      'PUT /buildings/:id/attributes path:id': { notStored: identifier },
      'PUT /buildings/:id/attributes body:/data/id': { notStored: 'the id of the path, repeated as JSON:API has it' },
      'PUT /buildings/:id/attributes body:/data/type': { notStored: typeMember },
      'PUT /buildings/:id/attributes body:/data/attributes/name': { attribute: 'buildings.name', freeText: true, sample: renamed, read: name },
      'PUT /buildings/:id/attributes body:/data/attributes/organization_id': { notStored: 'the organization is not changed by a rename' },
      'PUT /buildings/batch-update body:/batch_update_attributes/0/building_id': { notStored: identifier },
    };
  }
  function contractInputs(): Record<string, ReadBack | NotStored | Refused> {
    const fileReference = 'the reference of an upload (`/files/{key}` as POST /uploads answered it): no hostile string is one';
    const building = () => asAdmin(table['PATCH /buildings/:id']!);
    const organization = () => asAdmin(table['PUT /organizations/:id']!);
    const newOrganization = () => asAdmin(table['POST /organizations']!);
    const accept = () => asAdmin(table['PATCH /organizations/:id/accept-contract']!);
    return {
      'PATCH /buildings/:id path:id': { notStored: identifier },
      'PATCH /buildings/:id body:/data/id': { notStored: 'the id of the path, repeated as JSON:API has it' },
      'PATCH /buildings/:id body:/data/type': { notStored: typeMember },
      'PATCH /buildings/:id body:/data/attributes/contractAcceptedAt': { refusedAll: 'a date-time: the acceptance is recorded at the server time', sample: building },
      'PATCH /buildings/:id body:/data/attributes/contractUrl': { refusedAll: fileReference, sample: building },
      'POST /organizations body:/data/type': { notStored: typeMember },
      'POST /organizations body:/data/attributes/name': {
        attribute: 'organizations.name (the 201)',
        freeText: true,
        sample: newOrganization,
        read: async (answer) => (answer.body.data as JsonApiResource).attributes.name,
      },
      'POST /organizations body:/data/attributes/logoUrl': { refusedAll: fileReference, sample: newOrganization },
      'POST /organizations body:/data/attributes/contractUrl': { refusedAll: fileReference, sample: newOrganization },
      'PUT /organizations/:id path:id': { notStored: identifier },
      'PUT /organizations/:id body:/data/id': { notStored: 'the id of the path, repeated as JSON:API has it' },
      'PUT /organizations/:id body:/data/type': { notStored: typeMember },
      'PUT /organizations/:id body:/data/attributes/logoUrl': { refusedAll: fileReference, sample: organization },
      'PUT /organizations/:id body:/data/attributes/contractUrl': { refusedAll: fileReference, sample: organization },
      'PATCH /organizations/:id/accept-contract path:id': { notStored: identifier },
      'PATCH /organizations/:id/accept-contract body:/data/id': { notStored: 'the id of the path, repeated as JSON:API has it' },
      'PATCH /organizations/:id/accept-contract body:/data/type': { notStored: typeMember },
      'PATCH /organizations/:id/accept-contract body:/data/contractAcceptedAt': { refusedAll: 'a date-time: the acceptance is recorded at the server time', sample: accept },
      'PATCH /organizations/:id/accept-contract body:/data/attributes/contractAcceptedAt': {
        refusedAll: 'a date-time: the acceptance is recorded at the server time',
        sample: accept,
      },
    };
  }
  function buildingFormInputs(): Record<string, ReadBack | NotStored | Refused> {
    const route = 'PATCH /buildings/:id';
    const attributes = async (answer: Injected) => (answer.body.data as JsonApiResource).attributes;
    const text = (name: string): ReadBack => ({ attribute: `buildings.${name}`, freeText: true, read: async (a) => (await attributes(a))[name] });
    const information = (path: string[]): ReadBack => ({
      attribute: `buildings.information.${path.join('.')}`,
      freeText: true,
      read: async (a) => path.reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], (await attributes(a)).information),
    });
    const withOffsets = (): Sample => {
      const sample = table[route]!;
      const offset = { cycleId: Number(ids.cycle), openOffsetValue: 0, openOffsetUnit: 'hour', closeOffsetValue: 0, closeOffsetUnit: 'hour' };
      return { ...sample, body: { data: { id: ids.building, type: 'building', attributes: {}, offsets: [offset] } } };
    };
    const entries: Record<string, ReadBack | NotStored | Refused> = {
      [`${route} body:/data/attributes/name`]: text('name'),
      [`${route} body:/data/attributes/photoUrl`]: { refusedAll: 'the reference of an image upload (`/files/{key}`): no hostile string is one' },
      [`${route} body:/data/attributes/floorDisplayName`]: text('floorDisplayName'),
      [`${route} body:/data/attributes/timeZone`]: {
        attribute: 'buildings.timeZone',
        plain: () => 'Europe/Paris',
        read: async (a) => (await attributes(a)).timeZone,
      },
      [`${route} body:/data/attributes/information/occupancyType`]: { ...information(['occupancyType']), freeText: false, plain: () => 'Business' },
      [`${route} body:/data/offsets/0/openOffsetUnit`]: { refusedAll: 'one of the six units', sample: withOffsets },
      [`${route} body:/data/offsets/0/closeOffsetUnit`]: { refusedAll: 'one of the six units', sample: withOffsets },
      [`${route} body:/data/relationships/region/data/type`]: { notStored: typeMember },
      [`${route} body:/data/relationships/region/data/id`]: { notStored: identifier },
    };
    for (const key of ['note1', 'note2', 'managementCompanyName', 'monitoringCompanyName', 'monitoringCompanyPhone', 'monitoringCompanyAccountNumber', 'monitoringCompanyPassCode']) {
      entries[`${route} body:/data/attributes/information/${key}`] = information([key]);
    }
    for (const block of ['addressInformation', 'managementCompanyAddressInformation']) {
      for (const key of ['Address1', 'Address2', 'City', 'State', 'PostalCode', 'Email', 'Phone', 'ContactName', 'ContactPhone', 'ContactEmail']) {
        entries[`${route} body:/data/attributes/information/${block}/${key}`] = information([block, key]);
      }
    }
    return entries;
  }
  /**
   * The inputs of the tasks routes (issue 13), sent as the administrator (the manager may not change tasks): texts read
   * back from the task answered; each value list from a task of the type that keeps it; the fields an edit may not change
   * are refused whatever is sent.
   */
  function taskInputs(): Record<string, ReadBack | NotStored | Refused> {
    const create = 'POST /cycles/:cycleId/equipment_conditions';
    const edit = 'PUT /equipment_conditions/:id';
    const task = async (answer: Injected) => (answer.body.data as JsonApiResource).attributes;
    const asTask = (attributes: Record<string, unknown>) => (): Sample => {
      const sample = asAdmin(table[create]!);
      const body = sample.body as { attributes: Record<string, unknown> };
      return { ...sample, body: { ...body, attributes: { label: 'Sweep task', ...attributes } } };
    };
    const text = (route: string, name: string, sample: () => Sample, extra: Partial<ReadBack> = {}): ReadBack => ({
      attribute: `tasks.${name} (${route === create ? 'the 201' : 'the 200'})`,
      freeText: true,
      sample,
      read: async (answer) => (await task(answer))[name],
      ...extra,
    });
    const created = () => asAdmin(table[create]!);
    const edited = () => asAdmin(table[edit]!);
    const locked = { refusedAll: 'fixed once the task exists: another value than stored is refused', sample: edited };
    const entries: Record<string, ReadBack | NotStored | Refused> = {
      [`${create} path:cycleId`]: { notStored: identifier },
      [`${create} body:/organization_id`]: { notStored: identifier },
      [`${create} body:/equipment_id`]: { notStored: identifier },
      [`${create} body:/component_id`]: { notStored: identifier },
      [`${create} body:/group_id`]: { notStored: identifier },
      [`${create} body:/attributes/type`]: { attribute: 'tasks.type (the 201)', plain: () => 'yesno', sample: created, read: async (a) => (await task(a)).conditionType },
      [`${create} body:/attributes/classification`]: { attribute: 'tasks.classification (the 201)', plain: () => 'Inspect', sample: created, read: async (a) => (await task(a)).classification },
      [`${create} body:/attributes/rangeFrom`]: {
        attribute: 'tasks.rangeFrom (the 201)',
        plain: () => '12.5',
        sample: asTask({ type: 'Range', rangeFrom: '1', rangeTo: '100' }),
        read: async (a) => (await task(a)).rangeFrom,
      },
      [`${create} body:/attributes/rangeTo`]: {
        attribute: 'tasks.rangeTo (the 201)',
        plain: () => '99.5',
        sample: asTask({ type: 'Range', rangeFrom: '1', rangeTo: '100' }),
        read: async (a) => (await task(a)).rangeTo,
      },
      [`${create} body:/attributes/typeValue`]: text(create, 'typeValue', asTask({ type: 'Dropdown', typeValue: 'Open' })),
      [`${create} body:/attributes/typeSatisfactoryValue`]: text(create, 'typeSatisfactoryValue', asTask({ type: 'String', typeSatisfactoryValue: 'Good' })),
      [`${create} body:/attributes/typeUnsatisfactoryValue`]: text(create, 'typeUnsatisfactoryValue', asTask({ type: 'Multiselect', typeUnsatisfactoryValue: 'Broken' })),
      [`${create} body:/attributes/typeRecordValue`]: text(create, 'typeRecordValue', asTask({ type: 'Multiselect', typeRecordValue: 'Spare' })),
      [`${edit} path:id`]: { notStored: identifier },
      [`${edit} body:/organization_id`]: { notStored: "the task's organization, compared: nothing is stored" },
      [`${edit} body:/attributes/classification`]: { attribute: 'tasks.classification (the 200)', plain: () => 'Record', sample: edited, read: async (a) => (await task(a)).classification },
      [`${edit} body:/attributes/status`]: { refusedAll: 'one of active, paused and disabled', sample: edited },
      'PUT /equipment_conditions/reorder body:/attributes/0/id': { notStored: identifier },
      'PUT /equipments/reorder body:/attributes/0/id': { notStored: identifier },
    };
    for (const name of ['label', 'description', 'hint', 'reference_name', 'reference_description']) entries[`${create} body:/attributes/${name}`] = text(create, name, created);
    for (const name of ['description', 'hint', 'reference_name', 'reference_description']) entries[`${edit} body:/attributes/${name}`] = text(edit, name, edited);
    for (const name of ['label', 'type', 'rangeFrom', 'rangeTo', 'typeValue', 'typeSatisfactoryValue', 'typeUnsatisfactoryValue', 'typeRecordValue', 'cycle_id', 'equipment_id']) {
      entries[`${edit} body:/attributes/${name}`] = locked;
    }
    return entries;
  }
  let table: Record<string, Sample> = {};
  let ids: SampleIds;

  /** A free-text task and a multiselect one of the building's open walkabouts, with their entries. */
  type Task = { walkabout: string; entry: string; condition: string; choice: string };
  let text: Task;
  let multiselect: Task;

  async function get(url: string): Promise<JsonApiBody> {
    const response = await backend.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    expect(response.statusCode, `GET ${url}: ${response.body.slice(0, 300)}`).toBe(200);
    return JSON.parse(response.body) as JsonApiBody;
  }
  async function readBack(url: string): Promise<JsonApiResource> {
    return (await get(url)).data as JsonApiResource;
  }
  async function conditionOf(task: Task): Promise<JsonApiResource> {
    const condition = (await get(`/walkabouts/${task.walkabout}`)).included!.find((r) => r.type === 'conditions' && r.id === task.condition);
    expect(condition, `condition ${task.condition}`).toBeDefined();
    return condition!;
  }
  const conditionAttribute = (task: () => Task, name: string) => async () => (await conditionOf(task())).attributes[name];

  /** A save of one condition of `task` (its entry scanned), with a photo, so that every input of it is kept. */
  function save(task: Task, value: unknown): Sample {
    return {
      method: 'PATCH',
      url: '/walkabout-data',
      headers: { 'idempotency-key': 'sweep' },
      body: {
        walkaboutToUpdateId: task.walkabout,
        data: {
          entries: [{ id: task.entry, scannedAt: '2026-11-20T14:00:00Z' }],
          conditions: [
            { id: task.condition, value, remarks: 'Checked', photoUrl: '/files/sweep.png', photoMimetype: 'image/png', editedVia: 'tap', editedAt: '2026-11-20T14:01:00Z' },
          ],
        },
      },
    };
  }

  /** Types and tasks at building level (issue 13): a suspension keeps its short name and reason; the rest selects. */
  function buildingLevelInputs(): Record<string, ReadBack | NotStored | Refused> {
    const attribute = (name: string) => async (answer: Injected) => (answer.body.data as JsonApiResource).attributes[name];
    const filter = "a filter of the report: it selects what is printed, nothing is kept";
    const inputs: Record<string, ReadBack | NotStored | Refused> = {
      'POST /equipments-on-locations/reports/init-creation body:/building_id': { notStored: identifier },
      'POST /equipments-on-locations/reports/init-creation body:/selectedLocation': { notStored: filter },
      'POST /equipments-on-locations/reports/init-creation body:/selectedType': { notStored: filter },
      'POST /equipments-on-locations/reports/init-creation body:/selectedState': { notStored: filter },
    };
    for (const [kind, item] of [['equipment', 'equipment_id'], ['condition', 'equipment_condition_id']] as const) {
      const route = `POST /building_${kind}_suspensions`;
      inputs[`${route} body:/building_id`] = { notStored: identifier };
      inputs[`${route} body:/${item}`] = { notStored: identifier };
      inputs[`${route} body:/attributes/short_name`] = { attribute: 'suspension_short_name', plain: () => 'HX', read: attribute('suspension_short_name') };
      inputs[`${route} body:/attributes/description`] = { attribute: 'suspension_description', freeText: true, read: attribute('suspension_description') };
      inputs[`DELETE /building_${kind}_suspensions/:suspensionId path:suspensionId`] = { notStored: identifier };
      inputs[`DELETE /building_${kind}_suspensions/:suspensionId body:/building_id`] = { notStored: identifier };
    }
    return inputs;
  }

  /** Issue 14: regions, cycles and cycle overrides, refused to the sweep's caller (see `stored`). */
  function schedulesInputs(): Record<string, NotStored> {
    const inputs: Record<string, NotStored> = {};
    const add = (route: string, where: string[], why: string) => {
      for (const w of where) inputs[`${route} ${w}`] = { notStored: why };
    };
    const cycleFields = ['name', 'abbreviation', 'frequency', 'start'].map((f) => `body:/data/attributes/${f}`);
    add('POST /cycles', ['body:/data/type'], typeMember);
    add('POST /cycles', [...cycleFields, 'body:/data/attributes/organizationId'], managersOnly);
    add('PATCH /cycles/:id', ['path:id', 'body:/data/id'], identifier);
    add('PATCH /cycles/:id', ['body:/data/type'], typeMember);
    add('PATCH /cycles/:id', cycleFields, managersOnly);
    add('DELETE /cycles/:id', ['path:id'], identifier);
    add('POST /organizations/:organizationId/regions', ['path:organizationId', 'body:/data/attributes/parentId'], identifier);
    add('POST /organizations/:organizationId/regions', ['body:/data/type'], typeMember);
    add('POST /organizations/:organizationId/regions', ['body:/data/attributes/name'], managersOnly);
    add('PATCH /regions/:id', ['path:id', 'body:/data/id'], identifier);
    add('PATCH /regions/:id', ['body:/data/type'], typeMember);
    add('PATCH /regions/:id', ['body:/data/attributes/name'], managersOnly);
    add('DELETE /organizations/:organizationId/regions/:regionId', ['path:organizationId', 'path:regionId'], identifier);
    const relationships = ['region', 'cycle'];
    add('POST /cycle-overrides', ['body:/data/type', ...relationships.map((r) => `body:/data/relationships/${r}/data/type`)], typeMember);
    add('POST /cycle-overrides', relationships.map((r) => `body:/data/relationships/${r}/data/id`), identifier);
    add('POST /cycle-overrides', ['body:/data/attributes/blackoutDates/0'], managersOnly);
    add('PATCH /cycle-overrides/:id', ['path:id', 'body:/data/id'], identifier);
    add('PATCH /cycle-overrides/:id', ['body:/data/type'], typeMember);
    add('PATCH /cycle-overrides/:id', ['body:/data/attributes/blackoutDates/0'], managersOnly);
    add('DELETE /cycle-overrides/:id', ['path:id'], identifier);
    return inputs;
  }

  /**
   * Every text input of every route that changes something: the response attribute it reads back from, or why it
   * is not stored. (GET routes store nothing: their inputs only select.)
   */
  const stored: Record<string, ReadBack | NotStored | Refused> = {
    'POST /uploads query:kind': { notStored: 'which files are accepted (image or document): an unknown kind is a 400, the kind kept is one of the two' },
    ...contractInputs(),
    ...manageBuildingInputs(),
    ...peopleInputs(),
    ...reportAdminInputs(),
    ...buildingFormInputs(),
    ...taskInputs(),
    ...buildingLevelInputs(),
    'POST /sessions body:/data/type': { notStored: typeMember },
    'POST /sessions body:/data/attributes/username': { notStored: 'a credential: checked, not kept' },
    'POST /sessions body:/data/attributes/password': { notStored: 'a credential: checked, not kept' },
    'POST /send-forgot-password-email body:/data/type': { notStored: typeMember },
    'POST /send-forgot-password-email body:/data/attributes/searchterm': { notStored: 'a search term for the user: only a mail is sent' },
    'POST /users/change-password body:/data/type': { notStored: typeMember },
    'POST /users/change-password body:/data/attributes/token': { notStored: 'a reset token: looked up' },
    'POST /users/change-password body:/data/attributes/password': { notStored: 'kept only as a hash, and only with a valid token' },
    'POST /users/change-password body:/data/attributes/confirmation': { notStored: 'compared with the password' },
    'POST /walkabouts body:/data/type': { notStored: typeMember },
    'POST /walkabouts body:/data/relationships/building/data/type': { notStored: typeMember },
    'POST /walkabouts body:/data/relationships/building/data/id': { notStored: identifier },
    'POST /walkabouts body:/data/relationships/cycle/data/type': { notStored: typeMember },
    'POST /walkabouts body:/data/relationships/cycle/data/id': { notStored: identifier },
    'PATCH /walkabout-data header:idempotency-key': { notStored: "the save's id: it only tells a repeated save" },
    'PATCH /walkabout-data query:fields[entries]': { notStored: 'the fields of the saved entries that the answer holds: a name the entries do not have is a 400' },
    'PATCH /walkabout-data query:fields[conditions]': { notStored: 'the fields of the saved conditions that the answer holds: a name the conditions do not have is a 400' },
    'PATCH /walkabout-data body:/walkaboutToUpdateId': { notStored: identifier },
    'PATCH /walkabout-data body:/data/entries/0/id': { notStored: identifier },
    'PATCH /walkabout-data body:/data/entries/0/scannedAt': { refusedAll: 'an ISO 8601 date-time, stored as a timestamp' },
    'PATCH /walkabout-data body:/data/conditions/0/id': { notStored: identifier },
    'PATCH /walkabout-data body:/data/conditions/0/value': {
      attribute: 'conditions.value (a free-text task)',
      freeText: true,
      sample: () => save(text, 'Checked'),
      read: conditionAttribute(() => text, 'value'),
    },
    'PATCH /walkabout-data body:/data/conditions/0/value/0': {
      attribute: 'conditions.value[0] (a multiselect task)',
      // Only the task's own choices, in its own spelling: no hostile string is one of them.
      plain: () => multiselect.choice,
      refusedAt: '/data/conditions/0/value',
      sample: () => save(multiselect, ['x']),
      read: async () => ((await conditionOf(multiselect)).attributes.value as string[] | null)?.[0],
    },
    'PATCH /walkabout-data body:/data/conditions/0/remarks': { attribute: 'conditions.remarks', freeText: true, read: conditionAttribute(() => text, 'remarks') },
    'PATCH /walkabout-data body:/data/conditions/0/photoUrl': {
      attribute: 'conditions.photoUrl',
      form: asUrl,
      freeText: true,
      read: conditionAttribute(() => text, 'photoUrl'),
    },
    // image/… only: no hostile string is a media type.
    'PATCH /walkabout-data body:/data/conditions/0/photoMimetype': {
      attribute: 'conditions.photoMimetype',
      plain: () => 'image/webp',
      read: conditionAttribute(() => text, 'photoMimetype'),
    },
    'PATCH /walkabout-data body:/data/conditions/0/editedVia': { attribute: 'conditions.editedVia', plain: () => 'input', read: conditionAttribute(() => text, 'editedVia') },
    'PATCH /walkabout-data body:/data/conditions/0/editedAt': { refusedAll: 'an ISO 8601 date-time, stored as a timestamp' },
    'POST /walkabouts/:id/lock path:id': { notStored: identifier },
    'POST /buildings/:id/walkabouts path:id': { notStored: identifier },
    'POST /qr_unavailability_reasons body:/data/attributes/entry_ids/0': { notStored: identifier },
    'POST /qr_unavailability_reasons body:/data/attributes/comment': {
      attribute: 'entries.qrUnavailabilityReason.comment',
      freeText: true,
      read: async () => {
        const entry = (await get(`/walkabouts/${ids.walkabout}`)).included!.find((r) => r.type === 'entries' && r.id === ids.entry);
        return (entry?.attributes.qrUnavailabilityReason as { comment: string | null } | null)?.comment;
      },
    },
    'POST /location-comments body:/data/type': { notStored: typeMember },
    // No route reads location comments back: the 201's document is the stored comment.
    // Manage Locations (issue 12): locations are named by their regular uuid; names and hints are free text.
    'POST /locations/batch body:/locations_attributes/0/name': {
      attribute: 'locations.name (the 201)',
      freeText: true,
      read: async (answer) => (answer.body.data as JsonApiResource[])[0]!.attributes.name,
    },
    'POST /locations/batch body:/locations_attributes/0/hint': {
      attribute: 'locations.hint (the 201)',
      freeText: true,
      read: async (answer) => (answer.body.data as JsonApiResource[])[0]!.attributes.hint,
    },
    'PUT /locations/batch body:/uuids/uuid': { notStored: identifier },
    'PUT /locations/batch body:/uuids/temporary_uuid': { notStored: 'named with the regular uuid, which alone selects the location' },
    'PUT /locations/batch body:/location_name': {
      attribute: 'locations.name (the 200)',
      freeText: true,
      read: async (answer) => (answer.body.data as JsonApiResource).attributes.name,
    },
    'PUT /locations/batch body:/location_hint': {
      attribute: 'locations.hint (the 200)',
      freeText: true,
      read: async (answer) => (answer.body.data as JsonApiResource).attributes.hint,
    },
    'DELETE /locations/:id path:id': { notStored: identifier },
    // Import (issue 13): the file is decoded and read as CSV (its cells are checked row by row), never kept as this text.
    'POST /data body:/data/type': { notStored: "the data set: '{type}-csv', one of four" },
    'POST /data body:/data/attributes/file': { notStored: 'a base64 file, decoded and read as CSV: never stored as this text' },
    'POST /data body:/data/attributes/organization_id': { notStored: identifier },
    'PUT /locations/order/batch/ body:/locations/0/uuid': { notStored: identifier },
    'PUT /locations/order/batch/ body:/locations/0/temporary_uuid': { notStored: 'named with the regular uuid, which alone selects the location' },
    'PUT /locations/type-order/batch/ body:/equipments_on_locations/0/uuid': { notStored: identifier },
    'PUT /locations/type-order/batch/ body:/equipments_on_locations/0/temporary_uuid': { notStored: 'named with the regular uuid, which alone selects the location' },
    'POST /location-comments body:/data/attributes/body': {
      attribute: 'location-comments.body (the 201)',
      freeText: true,
      read: async (answer) => (answer.body.data as JsonApiResource).attributes.body,
    },
    'POST /location-comments body:/data/attributes/photoUrl': {
      attribute: 'location-comments.photoUrl (the 201)',
      form: asUrl,
      freeText: true,
      read: async (answer) => (answer.body.data as JsonApiResource).attributes.photoUrl,
    },
    'POST /location-comments body:/data/relationships/location/data/type': { notStored: typeMember },
    'POST /location-comments body:/data/relationships/location/data/id': { notStored: identifier },
    'POST /fire-watches body:/data/type': { notStored: typeMember },
    'POST /fire-watches body:/data/attributes/status': { notStored: "the fire watch's state: one of a few words" },
    'POST /fire-watches body:/data/attributes/startComments': {
      attribute: 'fire-watch.startComments',
      freeText: true,
      read: async (answer) => (await readBack(`/fire-watches/${(answer.body.data as JsonApiResource).id}`)).attributes.startComments,
    },
    'POST /fire-watches body:/data/relationships/building/data/type': { notStored: typeMember },
    'POST /fire-watches body:/data/relationships/building/data/id': { notStored: identifier },
    'PATCH /fire-watches/:id path:id': { notStored: identifier },
    'PATCH /fire-watches/:id body:/data/type': { notStored: typeMember },
    'PATCH /fire-watches/:id body:/data/attributes/status': { notStored: "the fire watch's state: one of a few words" },
    'PATCH /fire-watches/:id body:/data/attributes/endComments': {
      attribute: 'fire-watch.endComments',
      freeText: true,
      read: async (answer) => (await readBack(`/fire-watches/${(answer.body.data as JsonApiResource).id}`)).attributes.endComments,
    },
    ...followUpInputs('entries', () => ids.repairEntry),
    ...followUpInputs('location-comments', () => ids.repairRemark),
    // Documents (issue 11).
    'POST /documents body:/data/type': { notStored: typeMember },
    'POST /documents body:/data/attributes/name': { attribute: 'documents.name', freeText: true, read: documentAttribute('name') },
    'POST /documents body:/data/attributes/category': { attribute: 'documents.category', plain: () => 'Manuals', read: documentAttribute('category') },
    'POST /documents body:/data/attributes/url': { refusedAll: 'the /files/{key} URL of an upload: looked up, the document keeps the upload' },
    'POST /documents body:/data/attributes/mimetype': { notStored: "ignored: the document has its upload's stored type" },
    'POST /documents body:/data/attributes/metadata/bookmarks/0/label': { attribute: 'documents.metadata.bookmarks[0].label', freeText: true, read: bookmarkLabel },
    'POST /documents body:/data/relationships/building/data/type': { notStored: typeMember },
    'POST /documents body:/data/relationships/building/data/id': { notStored: identifier },
    'POST /documents body:/data/relationships/entry/data/type': { notStored: typeMember },
    'POST /documents body:/data/relationships/entry/data/id': { notStored: identifier },
    'POST /documents body:/data/relationships/location-comment/data/type': { notStored: typeMember },
    'POST /documents body:/data/relationships/location-comment/data/id': { notStored: identifier },
    'PATCH /documents/:id path:id': { notStored: identifier },
    'PATCH /documents/:id body:/data/type': { notStored: typeMember },
    'PATCH /documents/:id body:/data/id': { notStored: identifier },
    'PATCH /documents/:id body:/data/attributes/name': { attribute: 'documents.name', freeText: true, read: documentAttribute('name') },
    'PATCH /documents/:id body:/data/attributes/category': { attribute: 'documents.category', plain: () => 'Manuals', read: documentAttribute('category') },
    'PATCH /documents/:id body:/data/attributes/metadata/bookmarks/0/label': { attribute: 'documents.metadata.bookmarks[0].label', freeText: true, read: bookmarkLabel },
    'POST /document-emails body:/data/type': { notStored: typeMember },
    'POST /document-emails body:/data/attributes/id': { notStored: identifier },
    'POST /document-emails body:/data/attributes/recipients/0': { refusedAll: 'an e-mail address, kept in the outbox' },
    'POST /document-emails body:/data/attributes/message': {
      attribute: 'document-emails.message (the 201; the outbox text holds it)',
      freeText: true,
      read: documentAttribute('message'),
    },
    'POST /comments body:/data/type': { notStored: typeMember },
    'POST /comments body:/data/attributes/body': {
      attribute: 'comments.body (the 201)',
      freeText: true,
      read: async (answer) => (answer.body.data as JsonApiResource).attributes.body,
    },
    'POST /comments body:/data/relationships/entry/data/type': { notStored: typeMember },
    'POST /comments body:/data/relationships/entry/data/id': { notStored: identifier },
    'POST /comments body:/data/relationships/location-comment/data/type': { notStored: typeMember },
    'POST /comments body:/data/relationships/location-comment/data/id': { notStored: identifier },
    'POST /on-demand-reports/init-creation body:/data/type': { notStored: typeMember },
    'POST /on-demand-reports/init-creation body:/data/attributes/id': { notStored: 'ignored: the server chooses the identificator' },
    'POST /on-demand-reports/init-creation body:/data/attributes/building_id': { notStored: identifier },
    'POST /on-demand-reports/init-creation body:/data/attributes/report_type': { notStored: 'the kind of report: one of a few words' },
    'POST /on-demand-reports/init-creation body:/data/attributes/cycle_id': { notStored: identifier },
    'POST /on-demand-reports/init-creation body:/data/attributes/walkabout_id': { notStored: identifier },
    'POST /on-demand-reports/init-creation body:/data/attributes/report_definition_id': { notStored: identifier },
    'POST /on-demand-reports/init-creation body:/data/attributes/template_id': { notStored: identifier },
    // QR codes (issue 11): nothing sent is stored as sent; a code's uuid is the server's own, made at the batch.
    'POST /unassigned_qr_codes/batch body:/data/type': { notStored: typeMember },
    'POST /unassigned_qr_codes/batch body:/data/attributes/count': { notStored: 'a number of codes to make (the count rule), not stored' },
    'POST /unassigned_qr_codes/batch body:/data/attributes/organization_id': { notStored: identifier },
    'POST /unassigned_qr_codes/validate_url body:/data/type': { notStored: typeMember },
    'POST /unassigned_qr_codes/validate_url body:/data/attributes/url': { notStored: 'a scanned text: it selects an unassigned code, nothing is stored' },
    'POST /unassigned_qr_codes/validate_url body:/data/attributes/building_id': { notStored: identifier },
    'POST /unassigned_qr_codes/assign body:/data/type': { notStored: typeMember },
    'POST /unassigned_qr_codes/assign body:/data/attributes/building_id': { notStored: identifier },
    'POST /unassigned_qr_codes/assign body:/data/attributes/new_uuid': { notStored: "an unassigned code's uuid: it selects the code, whose own uuid is stored" },
    'POST /unassigned_qr_codes/assign body:/data/attributes/existing_uuid': { notStored: identifier },
    'POST /unassigned_qr_codes/assign body:/data/attributes/existing_temporary_uuid': { notStored: 'compared with the location\'s temporary uuid, not stored' },
    // Floors (issue 12): the name is read back from the floor answered; the rest select records. Sent as the manager,
    // who manages buildings. (The samples carry no version, so that the sweep's renames never meet a stale one.)
    'POST /buildings/:id/floor path:id': { notStored: identifier },
    'POST /buildings/:id/floor body:/data/type': { notStored: typeMember },
    'POST /buildings/:id/floor body:/data/attributes/building_id': { notStored: 'the building of the path, repeated' },
    'POST /buildings/:id/floor body:/data/attributes/name': {
      attribute: 'floors.name (the 201)',
      freeText: true,
      read: async (answer) => (answer.body.data as JsonApiResource).attributes.name,
    },
    'PUT /buildings/:id/floor path:id': { notStored: identifier },
    'PUT /buildings/:id/floor body:/data/type': { notStored: typeMember },
    'PUT /buildings/:id/floor body:/data/attributes/id': { notStored: identifier },
    'PUT /buildings/:id/floor body:/data/attributes/name': {
      attribute: 'floors.name',
      freeText: true,
      read: async (answer) => (answer.body.data as JsonApiResource).attributes.name,
    },
    'PUT /floors/batch-update body:/batch_update_attributes/0/floor_id': { notStored: identifier },
    // Issue 14, regions, cycles and cycle overrides: the sweep's caller (manager) may not change them, so each send is
    // refused (403) before anything is stored; backend/test/schedules-admin.test.ts reads the names back for those who may.
    ...schedulesInputs(),
    // Issue 14, API tokens: the name is read back from the token answered; the expiry and permissions are of formats no
    // hostile string fits (a date, a permission of the list), so each is refused with a 422.
    'POST /api-tokens body:/data/type': { notStored: typeMember },
    'POST /api-tokens body:/data/attributes/name': {
      attribute: 'api_tokens.name (the 201)',
      freeText: true,
      // Kept without the white space around it (a BOM counts as such).
      form: (text) => text.trim(),
      read: async (answer) => (answer.body.data as JsonApiResource).attributes.name,
    },
    'POST /api-tokens body:/data/attributes/expiresAt': { refusedAll: 'a date YYYY-MM-DD or an ISO 8601 date-time, stored as a timestamp' },
    'POST /api-tokens body:/data/attributes/permissions/0': { refusedAll: 'a permission of the list (group.key), stored as role permissions' },
    'DELETE /api-tokens/:id path:id': { notStored: identifier },
    // Issue 13, types and tasks groups at organization level: the sweep's caller (manager) may not change them, so each
    // send is refused (403) before anything is stored; backend/test/equipment-types.test.ts and task-groups.test.ts read the
    // names back for those who may.
    'PUT /equipments/:id path:id': { notStored: identifier },
    'PUT /equipments/:id body:/equipment/name': { notStored: managersOnly },
    'PUT /equipments/:id body:/equipment/alias_name': { notStored: managersOnly },
    'PUT /equipments/:id body:/equipment/status': { notStored: managersOnly },
    'PUT /equipments/:id body:/equipment_components/0/id': { notStored: identifier },
    'PUT /equipments/:id body:/equipment_components/0/name': { notStored: managersOnly },
    'PUT /equipments/:id body:/equipment_components/0/alias_name': { notStored: managersOnly },
    'PUT /equipments/:id body:/equipment_components/0/equipment_component_condition_groups/0/condition_group_id': { notStored: identifier },
    'PUT /equipments/:id body:/organization_id': { notStored: identifier },
    'POST /equipments body:/equipment/name': { notStored: managersOnly },
    'POST /equipments body:/equipment/alias_name': { notStored: managersOnly },
    'POST /equipments body:/equipment/status': { notStored: managersOnly },
    'POST /equipments body:/equipment_components/0/id': { notStored: identifier },
    'POST /equipments body:/equipment_components/0/name': { notStored: managersOnly },
    'POST /equipments body:/equipment_components/0/alias_name': { notStored: managersOnly },
    'POST /equipments body:/equipment_components/0/equipment_component_condition_groups/0/condition_group_id': { notStored: identifier },
    'POST /equipments body:/organization_id': { notStored: identifier },
    'PUT /equipment_component_condition_groups/:id path:id': { notStored: identifier },
    'PUT /equipment_component_condition_groups/:id body:/type': { notStored: typeMember },
    'POST /organizations/:id/tasks-groups path:id': { notStored: identifier },
    'POST /organizations/:id/entry-filtered-state-counters path:id': { notStored: identifier },
    'POST /organizations/:id/entry-filtered-state-counters body:/building_ids/0': { notStored: 'a filter of the overview: it selects, nothing is stored' },
    'POST /organizations/:id/entry-filtered-state-counters body:/walkabout_cycle_ids/0': { notStored: 'a filter of the overview: it selects, nothing is stored' },
    'POST /organizations/:id/entry-filtered-state-counters body:/walkabout_types/0': { notStored: 'a filter of the overview: it selects, nothing is stored' },
    'POST /organizations/:id/entry-filtered-state-counters body:/equipment_ids/0/id': { notStored: 'a filter of the overview: it selects, nothing is stored' },
    'POST /organizations/:id/entry-filtered-state-counters body:/equipment_ids/0/componentId': { notStored: 'a filter of the overview: it selects, nothing is stored' },
    'POST /organizations/:id/tasks-groups body:/attributes/name': { notStored: managersOnly },
    'POST /organizations/:id/tasks-groups body:/attributes/organization_name': { notStored: managersOnly },
    'POST /organizations/:id/tasks-groups body:/attributes/equipment_condtions/0/id': { notStored: identifier },
    'PUT /organizations/:id/tasks-groups/:groupId path:id': { notStored: identifier },
    'PUT /organizations/:id/tasks-groups/:groupId path:groupId': { notStored: identifier },
    'PUT /organizations/:id/tasks-groups/:groupId body:/attributes/name': { notStored: managersOnly },
    'PUT /organizations/:id/tasks-groups/:groupId body:/attributes/organization_name': { notStored: managersOnly },
    'PUT /organizations/:id/tasks-groups/:groupId body:/attributes/equipment_condtions/0/id': { notStored: identifier },
    // The walkabout applicability (issue 12, administrators only): ids of types, tasks and the building.
    'PUT /equipment body:/data/0/id': { notStored: identifier },
    'PUT /equipment body:/data/0/type': { notStored: typeMember },
    'PUT /equipment body:/data/0/attributes/applicableWalkaboutEquipmentConditionIds/0': { notStored: identifier },
    'PUT /equipment body:/data/0/relationships/building/data/type': { notStored: typeMember },
    'PUT /equipment body:/data/0/relationships/building/data/id': { notStored: identifier },
    'PATCH /equipment body:/data/0/id': { notStored: identifier },
    'PATCH /equipment body:/data/0/type': { notStored: typeMember },
    'PATCH /equipment body:/data/0/attributes/applicableWalkaboutEquipmentConditionIds/0': { notStored: identifier },
    'PATCH /equipment body:/data/0/relationships/building/data/type': { notStored: typeMember },
    'PATCH /equipment body:/data/0/relationships/building/data/id': { notStored: identifier },
    'POST /walkabout-report-emails body:/data/type': { notStored: typeMember },
    'POST /walkabout-report-emails body:/data/attributes/id': { notStored: identifier },
    // An e-mail address: no hostile string is one.
    'POST /walkabout-report-emails body:/data/attributes/recipients/0': { refusedAll: 'an e-mail address, kept in the outbox' },
    'POST /walkabout-report-emails body:/data/attributes/message': {
      attribute: 'walkabout-report-emails.message (the 201; the outbox text holds it)',
      freeText: true,
      read: async (answer) => (answer.body.data as JsonApiResource).attributes.message,
    },
  };

  beforeAll(async () => {
    backend = await startTestBackend({ database });
    token = (await signIn(backend.url, 'manager', 'demo1234')).token;
    adminToken = (await signIn(backend.url, 'admin', 'demo1234')).token;
    ids = await sampleIds(backend);
    table = await samples(ids);
    // A free-text task and a multiselect one, in whichever of the building's open walkabouts has them.
    const found: Partial<Record<'string' | 'multiselect', Task>> = {};
    for (const walkabout of (await get(`/walkabouts?filter[building]=${ids.building}`)).data as JsonApiResource[]) {
      // Yesterday's Daily walkabout is listed until it closes but locks at 11:00 UTC: a save to it is a 409 after that.
      if (walkabout.attributes.isLocked) continue;
      for (const c of (await get(`/walkabouts/${walkabout.id}`)).included!.filter((r) => r.type === 'conditions')) {
        const kind = c.attributes.conditionType as string;
        const timeInput = (c.attributes.options as { pattern: string | null }).pattern === 'HH:MM';
        if ((kind === 'string' && !timeInput) || kind === 'multiselect') {
          found[kind as 'string' | 'multiselect'] ??= {
            walkabout: walkabout.id,
            entry: String(c.attributes.entryId),
            condition: c.id,
            choice: (c.attributes.typeValue as string[])[0] ?? '',
          };
        }
      }
    }
    expect(found.string, 'a free-text task in an open walkabout of the building').toBeDefined();
    expect(found.multiselect, 'a multiselect task in an open walkabout of the building').toBeDefined();
    text = found.string!;
    multiselect = found.multiselect!;
    table['PATCH /walkabout-data'] = save(text, null);
  });
  afterAll(() => backend?.close());

  let saves = 0;
  async function sendWith(input: Input, value: string): Promise<Injected> {
    const key = `${input.route} ${input.where}`;
    const entry = stored[key];
    const sample = (entry && 'sample' in entry && entry.sample?.()) || table[input.route]!;
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
    if (['PUT /locations/batch', 'PUT /locations/order/batch/', 'PUT /locations/type-order/batch/'].includes(input.route)) {
      // An edit or a reorder names the version it was made on: the location's current one, so that the send is not stale.
      const [row] = await backend.db.select({ version: schema.locations.version }).from(schema.locations).where(eq(schema.locations.regularUuid, ids.locationUuids.regular));
      const pointer = { 'PUT /locations/batch': '/version', 'PUT /locations/order/batch/': '/locations/0/version', 'PUT /locations/type-order/batch/': '/equipments_on_locations/0/version' }[input.route]!;
      body = withValueAt(body, pointer, row!.version);
    }
    if (input.route === 'POST /building_equipment_suspensions' || input.route === 'POST /building_condition_suspensions') {
      // A paused type or task cannot be paused again (issue 13): the building's are set active before each send.
      await backend.db.delete(schema.buildingSuspensions).where(eq(schema.buildingSuspensions.buildingId, Number(ids.building)));
    }
    if (input.route === 'POST /fire-watches') {
      await backend.db.update(schema.fireWatches).set({ status: 'ended' }).where(eq(schema.fireWatches.buildingId, Number(ids.building)));
    }
    if (where === 'query') {
      const [path, search = ''] = url.split('?');
      const params = new URLSearchParams(search);
      params.set(name!, value);
      url = `${path}?${params.toString().replace(/%5B/g, '[').replace(/%5D/g, ']')}`;
    } else if (where === 'path') {
      const segment = input.route.split(' ')[1]!.split('/').indexOf(`:${name}`);
      const parts = url.split('?')[0]!.split('/');
      // A lone surrogate cannot be percent-encoded: as a client would, it goes as U+FFFD (Buffer's UTF-8 does so).
      parts[segment] = encodeURIComponent(Buffer.from(value).toString());
      url = [parts.join('/'), url.split('?')[1]].filter(Boolean).join('?');
    } else if (where === 'header') {
      headers[name!] = value;
    } else {
      body = withValueAt(body, name!, value);
    }
    const response = await backend.app.inject({
      method: sample.method,
      url,
      headers: { ...headers, ...(body !== undefined ? { 'content-type': 'application/vnd.api+json' } : {}) },
      payload: body !== undefined ? JSON.stringify(body) : undefined,
    });
    return { status: response.statusCode, body: response.body ? (JSON.parse(response.body) as JsonApiBody) : {}, headers: response.headers };
  }

  it('knows every text input of the OpenAPI document, and how each stored one reads back', () => {
    const inputs = textInputs();
    expect(inputs.length).toBeGreaterThan(40);
    for (const input of inputs) expect(Object.keys(table), `${input.route} has no sample`).toContain(input.route);
    const keys = inputs.map((i) => `${i.route} ${i.where}`);
    for (const key of keys) {
      if (key.startsWith('GET ')) continue;
      expect(
        Object.keys(stored),
        `${key}: a text input of a route that changes something, with no entry in \`stored\` (the response attribute it reads back from, or why it is not stored)`,
      ).toContain(key);
    }
    for (const key of Object.keys(stored)) expect(keys, `${key} is in \`stored\` but not in the OpenAPI document`).toContain(key);
  });

  it('reads back a value of its format from each stored input that no hostile string fits', async () => {
    for (const input of textInputs()) {
      const key = `${input.route} ${input.where}`;
      const entry = stored[key];
      if (!entry || !('plain' in entry) || !entry.plain) continue;
      const answer = await sendWith(input, entry.plain());
      expect(answer.status, `${key}: ${JSON.stringify(answer.body).slice(0, 300)}`).toBeLessThan(300);
      expect(await entry.read(answer), `${key} read back from ${entry.attribute}`).toBe(entry.plain());
    }
  });

  for (const [label, hostile] of Object.entries(hostileStrings)) {
    it(`never fails on ${label}, and reads back what it keeps`, async () => {
      for (const input of textInputs()) {
        const key = `${input.route} ${input.where}`;
        const entry = stored[key];
        const text = entry && 'form' in entry && entry.form ? entry.form(hostile) : hostile;
        // A lone surrogate cannot be percent-encoded (UTF-8 has no bytes for it: clients send U+FFFD), so only a
        // JSON body can carry one; NUL can come anywhere.
        const refused = label === 'NUL' || (label === 'half a surrogate pair' && input.where.startsWith('body:'));
        // Headers carry Latin-1 only (Node refuses anything else before the app: see the socket test above).
        if (input.where.startsWith('header:') && /[^\t\x20-\x7e]/.test(text)) continue;
        const answer = await sendWith(input, text);
        const what = `${key}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`;
        expect(answer.status, what).toBeLessThan(500);
        if (answer.status >= 400) expectJsonApi(answer.body);
        if (refused) {
          expect(answer.status, what).toBeGreaterThanOrEqual(400);
          if (answer.status !== 401 && answer.status !== 404) expect(answer.body.errors!.map((e) => e.code), what).toContain('INVALID_CHARACTER');
          continue;
        }
        if (!entry || 'notStored' in entry) continue;
        const pointer = input.where.slice('body:'.length);
        if ('refusedAll' in entry) {
          expect(answer.status, what).toBe(422);
          expect(answer.body.errors!.map((e) => e.source?.pointer), what).toContain(pointer);
          continue;
        }
        if (answer.status === 422 && !(entry.freeText && mustKeep.includes(label))) {
          // Refused by the field's own rule (the text rule of remarks: no markup, no control characters, 2000
          // characters; a URL's form): said at that field.
          expect(answer.body.errors!.map((e) => e.source?.pointer), what).toContain(entry.refusedAt ?? pointer);
          continue;
        }
        expect(answer.status, what).toBeLessThan(300);
        expect(await entry.read(answer), `${what}: read back from ${entry.attribute}`).toBe(text);
      }
    });
  }
});
