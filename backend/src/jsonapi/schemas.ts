/**
 * JSON schema fragments for route declarations: the same objects validate requests,
 * drive response serialization and become the OpenAPI document.
 */
export const str = { type: 'string' } as const;
export const strNull = { type: ['string', 'null'] } as const;
export const int = { type: 'integer' } as const;
export const intNull = { type: ['integer', 'null'] } as const;
export const num = { type: 'number' } as const;
export const bool = { type: 'boolean' } as const;
export const freeObject = { type: 'object', additionalProperties: true } as const;
export const freeObjectNull = { type: ['object', 'null'], additionalProperties: true } as const;
export const intArray = { type: 'array', items: int } as const;
export const freeArray = { type: 'array', items: freeObject } as const;

const identifierSchema = {
  type: 'object',
  required: ['type', 'id'],
  properties: { type: str, id: str },
} as const;

export const relationshipSchema = {
  type: 'object',
  properties: {
    data: {
      anyOf: [identifierSchema, { type: 'null' }, { type: 'array', items: identifierSchema }],
    },
  },
} as const;

export function resourceSchema(type: string, attributes: Record<string, object>, relationships: readonly string[] = []) {
  return {
    type: 'object',
    required: ['type', 'id', 'attributes'],
    properties: {
      type: { type: 'string', enum: [type] },
      id: str,
      attributes: { type: 'object', properties: attributes, additionalProperties: true },
      relationships: {
        type: 'object',
        properties: Object.fromEntries(relationships.map((name) => [name, relationshipSchema])),
        additionalProperties: relationshipSchema,
      },
      links: { type: 'object', properties: { self: str } },
    },
  } as const;
}

/** Any resource, for `included`, whose members vary by type. */
export const anyResourceSchema = {
  type: 'object',
  required: ['type', 'id'],
  properties: {
    type: str,
    id: str,
    attributes: freeObject,
    relationships: { type: 'object', additionalProperties: relationshipSchema },
    links: { type: 'object', properties: { self: str } },
  },
} as const;

const linkOrNull = { type: ['string', 'null'] } as const;

export function singleDocumentSchema(data: object, meta: object = freeObject) {
  return {
    type: 'object',
    required: ['data'],
    properties: {
      data,
      included: { type: 'array', items: anyResourceSchema },
      meta,
      links: { type: 'object', properties: { self: str } },
    },
  } as const;
}

export function listDocumentSchema(item: object) {
  return {
    type: 'object',
    required: ['data', 'meta', 'links'],
    properties: {
      data: { type: 'array', items: item },
      included: { type: 'array', items: anyResourceSchema },
      meta: { type: 'object', required: ['total'], properties: { total: int }, additionalProperties: true },
      links: {
        type: 'object',
        properties: { self: str, first: str, last: str, prev: linkOrNull, next: linkOrNull },
      },
    },
  } as const;
}

export const metaDocumentSchema = {
  type: 'object',
  required: ['meta'],
  properties: { meta: freeObject },
} as const;

export const errorDocumentSchema = {
  type: 'object',
  required: ['errors'],
  properties: {
    errors: {
      type: 'array',
      items: {
        type: 'object',
        required: ['status', 'title', 'detail'],
        properties: {
          status: str,
          title: str,
          detail: str,
          source: { type: 'object', properties: { pointer: str, parameter: str } },
        },
      },
    },
  },
} as const;

/** The error answers every route can give, for the OpenAPI document and serialization. */
export const errorResponses = { '4xx': errorDocumentSchema, '5xx': errorDocumentSchema } as const;

/** A request body `{data:{type?, attributes:{…}}}` whose attributes follow the given schema. */
export function requestBodySchema(type: string, attributes: object) {
  return {
    type: 'object',
    required: ['data'],
    properties: {
      data: {
        type: 'object',
        required: ['attributes'],
        properties: { type: { type: 'string', description: `"${type}"` }, attributes },
      },
    },
  } as const;
}
