/**
 * The one JSON:API serializer of the backend: every route builds its documents here,
 * so that every answer has the same shape (docs/REST.md "Documents"). The helpers keep the
 * resources' own types, so that a serializer's result is checked against its schema's Static.
 */
import { STATUS_CODES } from 'node:http';
import type { FastifyRequest } from 'fastify';
import { codeOfStatus, type ErrorCode, type ErrorSource } from './errors';
import type { Page } from './query';

export type ResourceIdentifier<T extends string = string> = { type: T; id: string };
type Keyed = { type: string; id: string };

export type ErrorObject = { status: string; title: string; detail: string; code?: ErrorCode; source?: ErrorSource };
export type ErrorDocument = { errors: ErrorObject[] };

export function toOne<T extends string>(type: T, id: number): { data: ResourceIdentifier<T> } {
  return { data: { type, id: String(id) } };
}

export function toOneOrNull<T extends string>(type: T, id: number | null | undefined): { data: ResourceIdentifier<T> | null } {
  return { data: id === null || id === undefined ? null : { type, id: String(id) } };
}

export function toMany<T extends string>(type: T, ids: readonly number[]): { data: ResourceIdentifier<T>[] } {
  return { data: ids.map((id) => ({ type, id: String(id) })) };
}

type ResourceShape = Keyed & { attributes: unknown; relationships?: unknown };

/**
 * A resource object, typed by the resource schema's Static that the serializer returns (inferred
 * from its declared return type), so that an attribute missing from the schema (which the
 * response serializer would silently drop) or of the wrong type is a compile error.
 */
export function resource<R extends ResourceShape>(
  type: R['type'],
  id: number,
  attributes: R['attributes'],
  ...relationships: R extends { relationships: infer Rel } ? [Rel] : []
): R {
  const result = { type, id: String(id), attributes } as R;
  if (relationships.length) (result as { relationships?: unknown }).relationships = (relationships as unknown[])[0];
  return result;
}

/** Drops duplicates (same type and id) and anything already present as primary data. */
function uniqueIncluded<I extends Keyed>(primary: Keyed[], included: I[]): I[] {
  const seen = new Set(primary.map((r) => `${r.type}:${r.id}`));
  const result: I[] = [];
  for (const r of included) {
    const key = `${r.type}:${r.id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    result.push(r);
  }
  return result;
}

export function singleDocument<D extends Keyed, I extends Keyed = never, M = never>(
  data: D,
  options: { included?: I[]; meta?: M } = {},
): { data: D; included?: I[]; meta?: M } {
  const doc: { data: D; included?: I[]; meta?: M } = { data };
  if (options.included) doc.included = uniqueIncluded([data], options.included);
  if (options.meta) doc.meta = options.meta;
  return doc;
}

/** A document with a resource and meta that is always there (sign-in, /users/me). */
export function singleDocumentWithMeta<D extends Keyed, M, I extends Keyed = never>(
  data: D,
  meta: M,
  included?: I[],
): { data: D; included?: I[]; meta: M } {
  return { ...singleDocument(data, { included }), meta };
}

export function metaDocument<M>(meta: M): { meta: M } {
  return { meta };
}

/**
 * The absolute URL of a request: JSON:API links must be URIs, and the backend may sit behind
 * the gateway or a load balancer (trustProxy decides whether X-Forwarded-Host/Proto count).
 */
export function requestUrl(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}${request.url}`;
}

export type ListLinks = { self: string; first: string; last: string; prev: string | null; next: string | null };

/** A page of a list, with meta.total and the pagination links built from the request's own URL. */
export function listDocument<D extends Keyed, I extends Keyed = never>(
  data: D[],
  options: { total: number; page: Page; url: string; included?: I[] },
): { data: D[]; included?: I[]; meta: { total: number }; links: ListLinks } {
  const { total, page, url } = options;
  const lastNumber = Math.max(1, Math.ceil(total / page.size));
  // The URL is parsed once for all the links: each sets both parameters again, so each reads as if parsed on its own.
  const parsed = new URL(url);
  const link = (number: number) => pageUrl(parsed, number, page.size);
  const doc: { data: D[]; included?: I[]; meta: { total: number }; links: ListLinks } = {
    data,
    meta: { total },
    links: {
      self: link(page.number),
      first: link(1),
      last: link(lastNumber),
      prev: page.number > 1 ? link(Math.min(page.number - 1, lastNumber)) : null,
      next: page.number < lastNumber ? link(page.number + 1) : null,
    },
  };
  if (options.included) doc.included = uniqueIncluded(data, options.included);
  return doc;
}

function pageUrl(parsed: URL, number: number, size: number): string {
  parsed.searchParams.set('page[number]', String(number));
  parsed.searchParams.set('page[size]', String(size));
  return parsed.toString();
}

export function errorObject(status: number, detail: string, source?: ErrorSource, code: ErrorCode | undefined = codeOfStatus(status)): ErrorObject {
  const error: ErrorObject = { status: String(status), title: STATUS_CODES[status] ?? 'Error', detail };
  if (code) error.code = code;
  if (source) error.source = source;
  return error;
}

export function errorDocument(status: number, detail: string, source?: ErrorSource, code?: ErrorCode): ErrorDocument {
  return { errors: [errorObject(status, detail, source, code ?? codeOfStatus(status))] };
}
