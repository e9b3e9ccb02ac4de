/**
 * The gateway's one REST client: fetch against the backend's JSON:API routes,
 * with the caller's bearer token. One instance per GraphQL request (made in the
 * context function), so a token never leaks from one caller to another.
 */
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
    // `identity`: the backend compresses answers of 1 KiB and more for a client that accepts it, and fetch would
    // ask for it. On this hop (loopback, or a data-centre network) that buys nothing and costs CPU on both
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

    let response: Response;
    try {
      response = await fetch(new URL(path, this.options.baseUrl), {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 30_000),
      });
    } catch (cause) {
      // A refused connection or a timeout is the backend's fault, not the caller's: a 502 like a proxy would give.
      const detail = cause instanceof Error ? cause.message : String(cause);
      throw new RestError(502, [{ status: '502', title: 'Bad Gateway', detail: `The backend is unreachable: ${detail}` }], call);
    }

    const text = await response.text();
    const parsed = text ? parseJson(text) : null;
    if (!response.ok) throw new RestError(response.status, errorsOf(parsed, response), call);
    // The backend's answer as its OpenAPI document describes it: the caller names that type.
    return (parsed ?? { data: null }) as TBody;
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function errorsOf(body: unknown, response: Response): JsonApiError[] {
  if (body && typeof body === 'object' && 'errors' in body && Array.isArray(body.errors)) {
    return body.errors as JsonApiError[];
  }
  return [{ status: String(response.status), title: response.statusText, detail: response.statusText }];
}
