/**
 * What every request must be before a route sees it, checked once where requests are parsed rather than
 * route by route (docs/REST.md "Hostile input"):
 *
 * - JSON bodies (application/json and application/vnd.api+json) must be valid UTF-8; an empty one is no body
 *   at all, as many JSON:API clients send it with `POST /walkabouts/{id}/lock` or a DELETE (a route that needs
 *   a body then answers 422 'The request body is empty…').
 * - No string of the body, the query, the path or a header may hold NUL (U+0000) or an unpaired UTF-16
 *   surrogate (`"\ud800"` in JSON): PostgreSQL can store neither in text (NUL is refused outright, a lone
 *   surrogate would come back as U+FFFD), so the text would not read back as it was sent. Refused with
 *   code INVALID_CHARACTER: 422 with a pointer for the body, 400 with the parameter for the query or path,
 *   400 naming the header in the detail.
 * - A body over the limit gets its 413 document read by the client: Fastify answers `Connection: close`
 *   and the socket is shut while the client is still sending, which the client sees as a reset, not as the
 *   answer. Here the rest of the body is read and thrown away (up to a bound) so that the connection ends
 *   cleanly after the answer.
 */
import { isUtf8 } from 'node:buffer';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import { drainRejectedBody, hasForbiddenCharacter } from '@fsi/shared/http-hygiene';
import { FieldErrors, HttpError } from '../jsonapi/errors';
import { errorDocument } from '../jsonapi/serializer';

export { hasForbiddenCharacter };

export const INVALID_CHARACTER_DETAIL = 'holds a character that cannot be stored: NUL (U+0000) or half of a UTF-16 surrogate pair.';

/** JSON pointer escaping of one reference token (RFC 6901). */
const token = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** Whether any string of a parsed JSON value (object keys included) holds a forbidden character. */
function holdsForbiddenString(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length) {
    const item = stack.pop();
    if (typeof item === 'string') {
      if (hasForbiddenCharacter(item)) return true;
    } else if (Array.isArray(item)) {
      for (const child of item) stack.push(child);
    } else if (item !== null && typeof item === 'object' && !Buffer.isBuffer(item)) {
      for (const key in item) {
        if (!Object.hasOwn(item, key)) continue;
        if (hasForbiddenCharacter(key)) return true;
        stack.push((item as Record<string, unknown>)[key]);
      }
    }
  }
  return false;
}

/** The pointers of every string (object keys included) holding a forbidden character, at most `max`. */
export function forbiddenStringPointers(value: unknown, max = 20): string[] {
  // Every request's body is checked and nearly all are clean: a walk that builds no pointers answers those (a save
  // of 1,000 conditions would otherwise make a pointer string for each of its thousands of values).
  if (!holdsForbiddenString(value)) return [];
  const found: string[] = [];
  const stack: Array<[unknown, string]> = [[value, '']];
  while (stack.length && found.length < max) {
    const [item, pointer] = stack.pop()!;
    if (typeof item === 'string') {
      if (hasForbiddenCharacter(item)) found.push(pointer || '/');
    } else if (Array.isArray(item)) {
      for (let i = item.length - 1; i >= 0; i--) stack.push([item[i], `${pointer}/${i}`]);
    } else if (item !== null && typeof item === 'object' && !Buffer.isBuffer(item)) {
      const entries = Object.entries(item);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i]!;
        const childPointer = `${pointer}/${token(key)}`;
        // A key is reported at the member it names (JSON pointers cannot point at a key itself).
        if (hasForbiddenCharacter(key)) found.push(childPointer);
        else stack.push([child, childPointer]);
      }
    }
  }
  return found;
}

/** The first query or path parameter (by name) whose name or value holds a forbidden character. */
function forbiddenParameter(values: unknown): string | undefined {
  if (!values || typeof values !== 'object') return undefined;
  for (const [name, value] of Object.entries(values)) {
    const texts = [name, ...[value].flat()].filter((v): v is string => typeof v === 'string');
    if (texts.some(hasForbiddenCharacter)) return name;
  }
  return undefined;
}

/**
 * Keeps the connection of a 413 open until the rest of the body is read (see drainRejectedBody); Fastify
 * asks for `Connection: close` whenever a body fails to parse. Shared with the gateway's idea of the same.
 */
function keepReadingAfter413(request: FastifyRequest, reply: FastifyReply): void {
  if (reply.statusCode !== 413 || request.raw.complete) return;
  reply.removeHeader('connection');
  reply.raw.once('finish', () => drainRejectedBody(request.raw, request.raw.socket));
}

/**
 * Node refuses a request whose header holds NUL or another control character before Fastify sees it;
 * Fastify's own answer is not a JSON:API document. This one is, and names the header.
 */
export const clientErrorHandler: NonNullable<FastifyServerOptions['clientErrorHandler']> = function (error, socket) {
  if ((error as NodeJS.ErrnoException).code === 'ECONNRESET' || socket.destroyed) return;
  const code = (error as NodeJS.ErrnoException).code;
  let status = 400;
  let document;
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    status = 408;
    document = errorDocument(408, 'The request was not received in time.');
  } else if (code === 'HPE_HEADER_OVERFLOW') {
    status = 431;
    document = errorDocument(431, 'The request headers are too large.');
  } else {
    const header = headerWithControlCharacter((error as unknown as { rawPacket?: Buffer }).rawPacket);
    document = header
      ? errorDocument(400, `The header ${header} holds a control character (such as NUL) that is not allowed in a header.`, undefined, 'INVALID_CHARACTER')
      : errorDocument(400, 'The request is not valid HTTP.');
  }
  const body = JSON.stringify(document);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${status === 400 ? 'Bad Request' : status === 408 ? 'Request Timeout' : 'Request Header Fields Too Large'}\r\n` +
        `Content-Type: application/vnd.api+json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
};

/**
 * What Fastify's router refuses before any plugin (a path parameter over 100 characters, a path that does not
 * decode): a JSON:API 400 instead of Fastify's own document.
 */
export const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (error, _request, reply) => {
  const detail =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? 'A part of the path is too long (at most 100 characters).'
      : error.code === 'FST_ERR_BAD_URL'
        ? 'The path is not a valid URL (a malformed percent-encoding).'
        : error.message;
  void (reply as FastifyReply).code(400).type('application/vnd.api+json').send(errorDocument(400, detail));
};

/** The name of the first header line of a raw request that holds a control character other than tab. */
function headerWithControlCharacter(raw: Buffer | undefined): string | undefined {
  if (!raw) return undefined;
  const head = raw.toString('latin1').split('\r\n\r\n')[0]!;
  for (const line of head.split('\r\n').slice(1)) {
    // eslint-disable-next-line no-control-regex
    if (/[\0-\x08\x0a-\x1f\x7f]/.test(line)) {
      const name = line.split(':')[0]!.trim();
      return /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name) ? name : undefined;
    }
  }
  return undefined;
}

/**
 * The requests whose JSON body was sent without a `\u` escape. Valid UTF-8 holds no surrogate, and JSON refuses a raw
 * control character inside a string, so only an escape can put NUL or half of a surrogate pair into a parsed string:
 * such a body is not walked (a save of 1,000 conditions has some 6,000 strings).
 */
const escapeFreeBodies = new WeakSet<FastifyRequest>();

async function requestHygiene(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  // One parser for both JSON types: read as bytes, so that invalid UTF-8 is refused instead of becoming U+FFFD.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(['application/json', 'application/vnd.api+json'], { parseAs: 'buffer' }, (request, body, done) => {
    const bytes = body as Buffer;
    if (!isUtf8(bytes)) {
      done(new HttpError(400, 'The request body is not valid UTF-8.', undefined, 'INVALID_CHARACTER'), undefined);
      return;
    }
    const text = bytes.toString('utf8');
    // An empty body is no body: the route decides whether it needs one.
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    if (!text.includes('\\u')) escapeFreeBodies.add(request);
    parseJson(request, text, done);
  });

  // Before authentication and everything else: a header value reaches the database (X-Forwarded-For, Idempotency-Key).
  app.addHook('onRequest', async (request) => {
    for (const [name, value] of Object.entries(request.headers)) {
      const texts = [value].flat().filter((v): v is string => typeof v === 'string');
      if (texts.some(hasForbiddenCharacter)) {
        throw new HttpError(400, `The header ${name} ${INVALID_CHARACTER_DETAIL}`, undefined, 'INVALID_CHARACTER');
      }
    }
  });

  app.addHook('preValidation', async (request) => {
    for (const [values, where] of [
      [request.params, 'path'],
      [request.query, 'query'],
    ] as const) {
      const parameter = forbiddenParameter(values);
      if (parameter) {
        throw new HttpError(400, `The ${where} parameter ${parameter} ${INVALID_CHARACTER_DETAIL}`, { parameter }, 'INVALID_CHARACTER');
      }
    }
    const pointers = escapeFreeBodies.has(request) ? [] : forbiddenStringPointers(request.body);
    if (pointers.length) {
      throw new FieldErrors(pointers.map((pointer) => ({ pointer, detail: `${pointer} ${INVALID_CHARACTER_DETAIL}`, code: 'INVALID_CHARACTER' })));
    }
  });

  app.addHook('onSend', async (request, reply) => {
    keepReadingAfter413(request, reply);
  });
}

export default fp(requestHygiene, { name: 'request-hygiene' });
