/**
 * The gateway's one REST client: node:http against the backend's JSON:API routes,
 * with the caller's bearer token. One instance per GraphQL request (made in the
 * context function), so a token never leaks from one caller to another.
 */
import http from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import type { ListDocument } from './json-api';
import type { JsonApiError } from './rest-types';

export type QueryValue = string | number | boolean | ReadonlyArray<string | number> | null | undefined;
export type QueryParams = Record<string, QueryValue>;

/** A route's request and answer bodies (`RestRoute` in rest-types.ts). */
type Route = { body: unknown; answer: unknown };

/** What the instrumentation hook sees of each call (tests and the bench count them). */
export type RestCall = { method: string; path: string };

export type RestClientOptions = {
  baseUrl: string;
  token?: string | null;
  /** The caller's address, passed on so the backend's per-address sign-in limit sees the real client. */
  forwardedFor?: string;
  onRequest?: (call: RestCall) => void;
  timeoutMs?: number;
};

/** A non-2xx answer of the backend, with its JSON:API error objects. */
export class RestError extends Error {
  readonly status: number;
  readonly errors: JsonApiError[];
  readonly call: RestCall;

  constructor(status: number, errors: JsonApiError[], call: RestCall) {
    const first = errors[0];
    super(first?.detail ?? first?.title ?? `The backend answered ${status} to ${call.method} ${call.path}`);
    this.name = 'RestError';
    this.status = status;
    this.errors = errors;
    this.call = call;
  }
}

/** The largest page the backend serves (docs/REST.md); batched lists ask for it to save round trips. */
export const MAX_PAGE_SIZE = 500;

/**
 * Builds `?filter[id]=1,2,3&page[size]=500`. Brackets and commas stay readable:
 * they are legal in a query string and make the backend's logs legible.
 */
export function toQueryString(query: QueryParams = {}): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    const text = Array.isArray(value) ? value.join(',') : String(value);
    parts.push(`${encodeQueryPart(key)}=${encodeQueryPart(text)}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

function encodeQueryPart(text: string): string {
  return encodeURIComponent(text).replace(/%5B/g, '[').replace(/%5D/g, ']').replace(/%2C/g, ',');
}

export class RestClient {
  /** Never changed once made: a request that signs in reads on through `withToken`'s client. */
  readonly token: string | null;
  private readonly options: RestClientOptions;

  constructor(options: RestClientOptions) {
    this.options = options;
    this.token = options.token ?? null;
  }

  /** A client like this one (backend, caller's address, instrumentation) that carries another token. */
  withToken(token: string | null): RestClient {
    return new RestClient({ ...this.options, token });
  }

  /**
   * The answer of a GET, typed by the caller with the generated type of that route's body
   * (`rest.get<RestBody<'/walkabouts/{id}'>>(…)`, rest-types.ts).
   */
  get<TBody>(path: string, query?: QueryParams): Promise<TBody> {
    return this.request<TBody>('GET', `${path}${toQueryString(query)}`);
  }

  /**
   * Every record of a list, following `links.next` past the first page. Used by
   * the loaders, whose batches must return every requested record.
   */
  async getAll<TBody extends ListDocument<unknown>>(path: string, query: QueryParams = {}): Promise<TBody['data']> {
    const first = await this.get<TBody>(path, { ...query, 'page[size]': MAX_PAGE_SIZE });
    const records = [...first.data];
    let next = first.links?.next;
    while (next) {
      const page = await this.request<TBody>('GET', this.relativePath(next));
      records.push(...page.data);
      next = page.links?.next;
    }
    return records;
  }

  /** A POST, its body and answer typed by the caller with the route's generated types (`RestRoute`, rest-types.ts). */
  post<TRoute extends Route>(path: string, body: TRoute['body'], headers?: Record<string, string>): Promise<TRoute['answer']> {
    return this.request<TRoute['answer']>('POST', path, body, headers);
  }

  patch<TRoute extends Route>(path: string, body: TRoute['body'], headers?: Record<string, string>): Promise<TRoute['answer']> {
    return this.request<TRoute['answer']>('PATCH', path, body, headers);
  }

  /** A PUT (acknowledging or repairing a failure item: `PUT /entries/{id}`), typed as `post` is. */
  put<TRoute extends Route>(path: string, body: TRoute['body'], headers?: Record<string, string>): Promise<TRoute['answer']> {
    return this.request<TRoute['answer']>('PUT', path, body, headers);
  }

  async delete(path: string): Promise<void> {
    await this.request<unknown>('DELETE', path);
  }

  private relativePath(link: string): string {
    const url = new URL(link, this.options.baseUrl);
    return `${url.pathname}${url.search}`;
  }

  private async request<TBody>(
    method: string,
    path: string,
    body?: unknown,
    extraHeaders: Record<string, string> = {},
  ): Promise<TBody> {
    const call: RestCall = { method, path };
    this.options.onRequest?.(call);
    // `identity`: the backend compresses answers of 1 KiB and more for a client that accepts it (fetch, for one,
    // asks for gzip unless told not to). On this hop (loopback, or a data-centre network) that buys nothing and costs CPU on both
    // sides: measured here, a 22 KB GET /buildings page costs ~0.35 ms to compress (gzip or brotli 4) and
    // ~0.06 ms to inflate, per call, against a budget of 10 ms of backend CPU for a whole buildings screen.
    // The browser's answer is compressed once, by the gateway.
    const headers: Record<string, string> = {
      ...extraHeaders,
      accept: 'application/vnd.api+json, application/json',
      'accept-encoding': 'identity',
    };
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    if (this.options.forwardedFor) headers['x-forwarded-for'] = this.options.forwardedFor;
    if (body !== undefined) headers['content-type'] = 'application/json';

    const url = new URL(path, this.options.baseUrl);
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    if (payload) headers['content-length'] = String(payload.length);

    let answer: HttpAnswer;
    try {
      answer = await send(url, method, headers, payload, this.options.timeoutMs ?? 30_000);
    } catch (cause) {
      // A refused connection or a timeout is the backend's fault, not the caller's: a 502 like a proxy would give.
      const detail = cause instanceof Error ? cause.message : String(cause);
      throw new RestError(502, [{ status: '502', title: 'Bad Gateway', detail: `The backend is unreachable: ${detail}` }], call);
    }

    const parsed = answer.text ? parseJson(answer.text) : null;
    if (answer.status < 200 || answer.status > 299) throw new RestError(answer.status, errorsOf(parsed, answer), call);
    // The backend's answer as its OpenAPI document describes it: the caller names that type.
    return (parsed ?? { data: null }) as TBody;
  }
}

type HttpAnswer = { status: number; statusText: string; text: string };

/**
 * Connections to the backend are kept open and reused by every request (the token travels in each call's
 * headers, never with the connection). node:http rather than fetch: measured here, fetch's Request, Response,
 * Headers and web streams cost about 1 ms of gateway CPU per REST call, a buildings screen makes five, and
 * node:http does the same call for a fraction of that.
 */
const agents = { 'http:': new http.Agent({ keepAlive: true, scheduling: 'lifo' }), 'https:': new https.Agent({ keepAlive: true, scheduling: 'lifo' }) };

/**
 * One call, given up (the request destroyed, the promise rejected) when its answer has not been read in full within
 * `timeoutMs`. A plain timer rather than an AbortSignal.timeout: the signal, its listeners and its timer cost about as
 * much CPU again as the rest of a small call (measured here, 0.11-0.26 against 0.07-0.13 ms a call).
 */
function send(url: URL, method: string, headers: Record<string, string>, payload: Buffer | undefined, timeoutMs: number): Promise<HttpAnswer> {
  const transport = url.protocol === 'https:' ? https : http;
  const agent = url.protocol === 'https:' ? agents['https:'] : agents['http:'];
  return new Promise((resolve, reject) => {
    const request = transport.request(url, { method, headers, agent }, (response) => {
      // Asked for identity, a backend may still compress (a proxy in front of it, say): read what it sent.
      const stream = decoded(response);
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', fail);
      // A connection cut in the middle of the answer ends no stream with 'end': the response's 'aborted' error says it.
      response.on('error', fail);
      stream.on('end', () => {
        clearTimeout(timer);
        resolve({ status: response.statusCode ?? 502, statusText: response.statusMessage ?? '', text: Buffer.concat(chunks).toString('utf8') });
      });
    });
    const timer = setTimeout(() => {
      const error = new Error(`no answer within ${timeoutMs} ms`);
      request.destroy(error);
      fail(error);
    }, timeoutMs);
    function fail(error: Error) {
      clearTimeout(timer);
      reject(error);
    }
    request.on('error', fail);
    request.end(payload);
  });
}

function decoded(response: http.IncomingMessage): Readable {
  switch (response.headers['content-encoding']?.trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return response.pipe(zlib.createGunzip());
    case 'deflate':
      return response.pipe(zlib.createInflate());
    case 'br':
      return response.pipe(zlib.createBrotliDecompress());
    default:
      return response;
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function errorsOf(body: unknown, response: HttpAnswer): JsonApiError[] {
  if (body && typeof body === 'object' && 'errors' in body && Array.isArray(body.errors)) {
    return body.errors as JsonApiError[];
  }
  return [{ status: String(response.status), title: response.statusText, detail: response.statusText }];
}
