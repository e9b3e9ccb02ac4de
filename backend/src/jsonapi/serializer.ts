/**
 * The one JSON:API serializer of the backend: every route builds its documents here,
 * so that every answer has the same shape (docs/REST.md "Documents").
 */
import { STATUS_CODES } from 'node:http';
import type { FastifyRequest } from 'fastify';
import type { ErrorSource } from './errors';
import type { Page } from './query';

export type ResourceIdentifier = { type: string; id: string };
export type Relationship = { data: ResourceIdentifier | null | ResourceIdentifier[] };
export type Resource = {
  type: string;
  id: string;
  attributes: Record<string, unknown>;
  relationships?: Record<string, Relationship>;
  links?: { self: string };
};
export type Meta = Record<string, unknown>;
export type SingleDocument = { data: Resource | null; included?: Resource[]; meta?: Meta; links?: { self: string } };
export type ListDocument = {
  data: Resource[];
  included?: Resource[];
  meta: Meta & { total: number };
  links: { self: string; first: string; last: string; prev: string | null; next: string | null };
};
export type ErrorObject = { status: string; title: string; detail: string; source?: ErrorSource };
export type ErrorDocument = { errors: ErrorObject[] };

export function identifier(type: string, id: number | null | undefined): ResourceIdentifier | null {
  return id === null || id === undefined ? null : { type, id: String(id) };
}

export function toOne(type: string, id: number | null | undefined): Relationship {
  return { data: identifier(type, id) };
}

export function toMany(type: string, ids: readonly number[]): Relationship {
  return { data: ids.map((id) => ({ type, id: String(id) })) };
}

export function resource(
  type: string,
  id: number,
  attributes: Record<string, unknown>,
  relationships?: Record<string, Relationship>,
): Resource {
  const result: Resource = { type, id: String(id), attributes };
  if (relationships) result.relationships = relationships;
  return result;
}

/** Drops duplicates (same type and id) and anything already present as primary data. */
function uniqueIncluded(primary: Resource[], included: Resource[]): Resource[] {
  const seen = new Set(primary.map((r) => `${r.type}:${r.id}`));
  const result: Resource[] = [];
  for (const r of included) {
    const key = `${r.type}:${r.id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    result.push(r);
  }
  return result;
}

export function singleDocument(data: Resource, options: { included?: Resource[]; meta?: Meta } = {}): SingleDocument {
  const doc: SingleDocument = { data };
  if (options.included) doc.included = uniqueIncluded([data], options.included);
  if (options.meta) doc.meta = options.meta;
  return doc;
}

export function metaDocument(meta: Meta): { meta: Meta } {
  return { meta };
}

/**
 * The absolute URL of a request: JSON:API links must be URIs, and the backend may sit behind
 * the gateway or a load balancer (trustProxy decides whether X-Forwarded-Host/Proto count).
 */
export function requestUrl(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}${request.url}`;
}

/** A page of a list, with meta.total and the pagination links built from the request's own URL. */
export function listDocument(
  data: Resource[],
  options: { total: number; page: Page; url: string; included?: Resource[]; meta?: Meta },
): ListDocument {
  const { total, page, url } = options;
  const lastNumber = Math.max(1, Math.ceil(total / page.size));
  const link = (number: number) => pageUrl(url, number, page.size);
  const doc: ListDocument = {
    data,
    meta: { ...options.meta, total },
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

function pageUrl(url: string, number: number, size: number): string {
  const parsed = new URL(url);
  parsed.searchParams.set('page[number]', String(number));
  parsed.searchParams.set('page[size]', String(size));
  return parsed.toString();
}

export function errorDocument(status: number, detail: string, source?: ErrorSource): ErrorDocument {
  const error: ErrorObject = { status: String(status), title: STATUS_CODES[status] ?? 'Error', detail };
  if (source) error.source = source;
  return { errors: [error] };
}
