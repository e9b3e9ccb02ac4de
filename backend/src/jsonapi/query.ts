/**
 * Query parameters every list shares (docs/REST.md "Lists"): page[number], page[size],
 * filter[id] and include, as TypeBox schemas; each route adds its own filters to the querystring
 * schema built here, and the handler's `request.query` type follows from it.
 */
import Type, { type TProperties } from 'typebox';
import { badParameter } from './errors';

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 500;

export type Page = { number: number; size: number; offset: number };

/** Comma-separated ids (`filter[id]=1,2,3`). */
export const IdList = Type.String({ pattern: '^\\s*\\d+(\\s*,\\s*\\d+)*\\s*$', description: 'Comma-separated ids' });
/** One id, as a string of digits. */
export const SingleId = Type.String({ pattern: '^\\d{1,9}$' });

export const IdParams = Type.Object({ id: SingleId });

export function IncludeParameter(includes: readonly string[]) {
  return Type.String({
    description: includes.length ? `Comma-separated: ${includes.join(', ')}` : 'Nothing can be included here',
  });
}

/** The querystring of a list route: paging, filter[id], include, plus the route's own parameters. */
export function ListQuery<E extends TProperties = Record<never, never>>(extra?: E, includes: readonly string[] = []) {
  return Type.Object({
    'page[number]': Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
    'page[size]': Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE })),
    'filter[id]': Type.Optional(IdList),
    include: Type.Optional(IncludeParameter(includes)),
    ...(extra as E),
  });
}

/** The querystring of a route answering one record: only include. */
export function IncludeQuery(includes: readonly string[]) {
  return Type.Object({ include: Type.Optional(IncludeParameter(includes)) });
}

export function parsePage(query: { 'page[number]'?: number; 'page[size]'?: number }): Page {
  const number = query['page[number]'] ?? 1;
  const size = query['page[size]'] ?? DEFAULT_PAGE_SIZE;
  return { number, size, offset: (number - 1) * size };
}

export function parseIds(value: string | undefined): number[] | undefined {
  if (value === undefined) return undefined;
  return value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map(Number);
}

/** The relationships asked for in include; an unknown one is a 400, as JSON:API requires. */
export function parseInclude<T extends string>(value: string | undefined, allowed: readonly T[]): Set<T> {
  const result = new Set<T>();
  if (!value) return result;
  for (const part of value.split(',').map((p) => p.trim())) {
    if (part === '') continue;
    if (!(allowed as readonly string[]).includes(part)) {
      throw badParameter(
        'include',
        allowed.length
          ? `'${part}' cannot be included here; allowed: ${allowed.join(', ')}.`
          : `'${part}' cannot be included here; this resource has no includable relationships.`,
      );
    }
    result.add(part as T);
  }
  return result;
}
