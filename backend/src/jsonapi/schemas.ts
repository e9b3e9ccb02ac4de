/**
 * TypeBox building blocks of the JSON:API documents (docs/REST.md "Documents"). A route's schemas
 * are built from these in its feature's schemas.ts: the same objects validate requests, type the
 * handlers (FastifyPluginAsyncTypebox), serialize answers (fast-json-stringify drops what a schema
 * does not list) and become the OpenAPI document the gateway's REST types are generated from.
 */
import Type, {
  type Static,
  type TLiteral,
  type TNull,
  type TObject,
  type TOptional,
  type TProperties,
  type TSchema,
  type TString,
  type TUnion,
} from 'typebox';
import { ERROR_CODES } from './errors';

export const Str = Type.String();
export const Int = Type.Integer();
export const Bool = Type.Boolean();
export const IntArray = Type.Array(Type.Integer());
export const StrArray = Type.Array(Type.String());

/**
 * A primitive that may be null, as one JSON Schema type list (`{type:['string','null']}`): the
 * OpenAPI reads `string | null`, and the serializer writes it without trying schemas in turn.
 */
function nullablePrimitive<T>(type: 'string' | 'integer' | 'number' | 'boolean', options: object = {}) {
  return Type.Unsafe<T | null>({ ...options, type: [type, 'null'] });
}
export const StrNull = nullablePrimitive<string>('string');
/** A string or null, with limits (`{ maxLength: 2000 }`) for a request body. */
export const StringOrNull = (options: { maxLength?: number; minLength?: number; description?: string }) =>
  nullablePrimitive<string>('string', options);
export const IntNull = nullablePrimitive<number>('integer');
export const NumNull = nullablePrimitive<number>('number');
export const BoolNull = nullablePrimitive<boolean>('boolean');

/** Any schema, or null. */
export function Nullable<T extends TSchema>(schema: T): TUnion<[T, TNull]> {
  return Type.Union([schema, Type.Null()]);
}

/**
 * A REST enumeration: one of the given strings. `{type:'string', enum:[…]}` in the document (one
 * union of literals in generated types), and its Static is the union of the values.
 */
export function StringEnum<const T extends readonly [string, ...string[]]>(values: T) {
  return Type.Enum(values, { type: 'string' });
}

const named: TSchema[] = [];

/**
 * A schema with a name: registered once with the app (`registerNamedSchemas`), listed in the OpenAPI
 * document's components.schemas, and used by routes through `ref`, so that generated types read
 * `components['schemas']['BuildingResource']` rather than one copy per route.
 */
export function Named<T extends TSchema>(id: string, schema: T): T {
  const result = { ...schema, $id: id } as T;
  named.push(result);
  return result;
}

/** A reference to a named schema that keeps its static type. */
export function ref<T extends TSchema>(schema: T) {
  const id = (schema as { $id?: string }).$id;
  if (!id) throw new Error('ref() needs a schema made with Named()');
  return Type.Unsafe<Static<T>>({ $ref: `${id}#` });
}

/** Every named schema, to be added to the app (addSchema) before the routes that refer to them. */
export function namedSchemas(): readonly TSchema[] {
  return named;
}

// ---- resources ----------------------------------------------------------------------------

const Identifier = <T extends string>(type: T) => Type.Object({ type: Type.Literal(type), id: Type.String() });

/** A to-one relationship that is always set: `{data:{type, id}}`. */
export const ToOne = <T extends string>(type: T) => Type.Object({ data: Identifier(type) });
/** A to-one relationship that may be empty: `{data:{type, id} | null}`. */
export const ToOneOrNull = <T extends string>(type: T) => Type.Object({ data: Nullable(Identifier(type)) });
/** A to-many relationship: `{data:[{type, id}…]}`. */
export const ToMany = <T extends string>(type: T) => Type.Object({ data: Type.Array(Identifier(type)) });

const SelfLink = Type.Object({ self: Type.String() });

type ResourceProperties<T extends string, A extends TProperties, R extends TProperties> = {
  type: TLiteral<T>;
  id: TString;
  attributes: TObject<A>;
  relationships: TObject<R>;
  links: TOptional<typeof SelfLink>;
};

/**
 * A named resource schema: `type` is its literal, `id` a string, every attribute listed (with its
 * nullability), and its relationships (ToOne / ToOneOrNull / ToMany, Type.Optional where a route
 * leaves one out).
 */
export function Resource<T extends string, A extends TProperties, R extends TProperties>(
  name: string,
  type: T,
  attributes: A,
  relationships: R,
): TObject<ResourceProperties<T, A, R>> {
  return Named(
    name,
    Type.Object({
      type: Type.Literal(type),
      id: Type.String(),
      attributes: Type.Object(attributes),
      relationships: Type.Object(relationships),
      links: Type.Optional(SelfLink),
    }),
  );
}

/** A resource without relationships (uploads). */
export function PlainResource<T extends string, A extends TProperties>(name: string, type: T, attributes: A) {
  return Named(
    name,
    Type.Object({ type: Type.Literal(type), id: Type.String(), attributes: Type.Object(attributes), links: Type.Optional(SelfLink) }),
  );
}

// ---- documents ----------------------------------------------------------------------------

/** `included` of a document: the named resources a route may add there. */
export function Included<T extends TSchema[]>(...resources: T) {
  return Type.Optional(Type.Array(Type.Unsafe<Static<T[number]>>({ anyOf: resources.map((r) => ref(r)) })));
}

/** `{data, …extra}`: one resource, with the route's `included` and `meta` when it has them. */
export function SingleDocument<D extends TSchema, E extends TProperties = Record<never, never>>(data: D, extra?: E) {
  return Type.Object({ data, ...(extra as E) });
}

export const ListMeta = Type.Object({ total: Type.Integer({ description: 'Every matching record, on all pages' }) });
export const ListLinks = Type.Object({
  self: Type.String(),
  first: Type.String(),
  last: Type.String(),
  prev: StrNull,
  next: StrNull,
});

/** `{data:[…], meta:{total}, links, …extra}`: a page of a list. */
export function ListDocument<D extends TSchema, E extends TProperties = Record<never, never>>(item: D, extra?: E) {
  return Type.Object({ data: Type.Array(item), meta: ListMeta, links: ListLinks, ...(extra as E) });
}

/** `{meta:{…}}`: an answer without primary data. */
export const MessageDocument = Type.Object({ meta: Type.Object({ message: Type.String() }) });

export const ErrorCode = StringEnum(ERROR_CODES);

export const ErrorObject = Type.Object({
  status: Type.String(),
  title: Type.String(),
  detail: Type.String(),
  code: Type.Optional(ErrorCode),
  source: Type.Optional(Type.Object({ pointer: Type.Optional(Type.String()), parameter: Type.Optional(Type.String()) })),
});

export const ErrorDocument = Named('ErrorDocument', Type.Object({ errors: Type.Array(ErrorObject) }));

/** The error answers every route can give, for the OpenAPI document and serialization. */
export const errorResponses = { '4xx': ref(ErrorDocument), '5xx': ref(ErrorDocument) };

/** A request body `{data:{type?, attributes:{…}}}`. */
export function AttributesBody<A extends TSchema>(attributes: A) {
  return Type.Object({ data: Type.Object({ type: Type.Optional(Type.String()), attributes }) });
}

/** The body of a to-one relationship in a request: `{data:{type?, id}}` with a numeric id. */
export const RelationshipBody = Type.Object({
  data: Type.Object({ type: Type.Optional(Type.String()), id: Type.String({ pattern: '^\\d{1,9}$' }) }),
});
