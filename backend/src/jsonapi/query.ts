/**
 * Query parameters every list shares (docs/REST.md "Lists"): page[number], page[size],
 * filter[id] and include; each route adds its own filters to the schema built here.
 */
import { badParameter } from './errors';

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 500;

export type Page = { number: number; size: number; offset: number };
export type ListQuery = {
  'page[number]'?: number;
  'page[size]'?: number;
  'filter[id]'?: string;
  include?: string;
};

const idList = { type: 'string', pattern: '^\\s*\\d+(\\s*,\\s*\\d+)*\\s*$', description: 'Comma-separated ids' } as const;

export const idListSchema = idList;
export const idParamsSchema = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', pattern: '^\\d{1,9}$' } },
} as const;

/** The querystring schema of a list route: paging, filter[id], include, plus the route's own parameters. */
export function listQuerySchema(extra: Record<string, object> = {}, includes: readonly string[] = []) {
  return {
    type: 'object',
    properties: {
      'page[number]': { type: 'integer', minimum: 1, default: 1 },
      'page[size]': { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE },
      'filter[id]': idList,
      include: includeSchema(includes),
      ...extra,
    },
  } as const;
}

export function includeSchema(includes: readonly string[]) {
  return {
    type: 'string',
    description: includes.length ? `Comma-separated: ${includes.join(', ')}` : 'Nothing can be included here',
  } as const;
}

export function parsePage(query: ListQuery): Page {
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
