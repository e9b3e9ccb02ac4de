/**
 * JSON:API sparse fieldsets (docs/REST.md "Lists"): `fields[buildings]=name,statuses,organization` answers each
 * building with only those attributes and relationships (its `type` and `id` always). A client that shows a few of a
 * resource's fields then does not receive, and the server does not write, the others: the gateway's buildings screen
 * reads 12 of a building's 42 attributes and 2 of its 4 relationships, and the answer for its 24 buildings goes from
 * 58,195 to 26,973 bytes.
 *
 * A route that takes it lists `fields[TYPE]` in its querystring (FieldsParameter) and answers through a serializer of
 * sparseSerializers, which writes the route's document with the resource's schema narrowed to the fields asked for. An unknown field name
 * is a 400 naming the parameter, as JSON:API requires; an empty value answers no field but `type` and `id`.
 */
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import Type, { type TObject, type TSchema } from 'typebox';
import { badParameter } from './errors';

/** An object schema's members, as TypeBox writes them. */
type ObjectSchema = { properties: Record<string, unknown>; required?: readonly string[] };
/** A resource schema as Resource() (jsonapi/schemas.ts) makes it. */
type ResourceSchema = ObjectSchema & { properties: { attributes: ObjectSchema; relationships?: ObjectSchema } };

/** The names `fields[TYPE]` may list for a resource: its attributes, then its relationships. */
export function fieldNamesOf(resource: ResourceSchema): string[] {
  return [...Object.keys(resource.properties.attributes.properties), ...Object.keys(resource.properties.relationships?.properties ?? {})];
}

/** The `fields[TYPE]` query parameter of a resource (its names in the OpenAPI document's description). */
export function FieldsParameter(resource: ResourceSchema) {
  return Type.String({ description: `Comma-separated fields to answer of each resource (JSON:API sparse fieldsets): ${fieldNamesOf(resource).join(', ')}` });
}

/**
 * The fields asked for (sorted, each once), or null when the parameter is absent (every field). A name the resource
 * does not have is a 400 naming the parameter.
 */
export function parseFields(value: string | undefined, parameter: string, resource: ResourceSchema): string[] | null {
  if (value === undefined) return null;
  const known = new Set(fieldNamesOf(resource));
  const asked = new Set<string>();
  for (const part of value.split(',').map((p) => p.trim())) {
    if (part === '') continue;
    if (!known.has(part)) throw badParameter(parameter, `'${part}' is not a field of this resource; its fields: ${[...known].join(', ')}.`);
    asked.add(part);
  }
  return [...asked].sort();
}

/** `resource` with only `fields` among its attributes and relationships (`relationships` left out when none is). */
export function sparseResource(resource: ResourceSchema, fields: readonly string[]): TObject {
  const { $id: _id, properties, required: _required, ...rest } = resource as ResourceSchema & { $id?: string };
  const pick = (object: ObjectSchema | undefined): ObjectSchema => {
    const picked = Object.fromEntries(Object.entries(object?.properties ?? {}).filter(([name]) => fields.includes(name)));
    return { ...object, properties: picked, required: (object?.required ?? []).filter((name) => name in picked) };
  };
  const relationships = pick(properties.relationships);
  const kept: Record<string, unknown> = { ...properties, attributes: pick(properties.attributes), relationships };
  const required = ['type', 'id', 'attributes'];
  if (!Object.keys(relationships.properties).length) delete kept.relationships;
  else if (resource.required?.includes('relationships')) required.push('relationships');
  return { ...rest, properties: kept, required } as unknown as TObject;
}

/** At most this many fieldsets' serializers are kept per route; past it, the cache starts again. */
const MAX_KEPT = 64;

type Serialize = (payload: unknown) => string;

/**
 * For one route: the serializer of its 200 answer for a choice of fieldsets, `document(fields)` the route's document
 * with its resources narrowed (sparseResource), compiled by fast-json-stringify as Fastify compiles the route's own
 * (with the app's named schemas, `externalSchemas`, and the route's serializer options, such as LARGE_ARRAYS), once
 * per choice. Not through the app's serializer compiler (http/compiler-cache.ts, which Fastify's
 * reply.compileSerializationSchema would use): that one keeps every schema it has compiled for the life of the
 * process, and a client choosing fieldsets would grow it.
 */
export function sparseDocumentSerializers<Fields>(externalSchemas: Record<string, unknown>, document: (fields: Fields) => TSchema, options: Record<string, unknown> = {}) {
  const compile = SerializerSelector()(externalSchemas, options);
  const kept = new Map<string, Serialize>();
  return (fields: Fields): Serialize => {
    const key = JSON.stringify(fields);
    let serialize = kept.get(key);
    if (!serialize) {
      if (kept.size >= MAX_KEPT) kept.clear();
      serialize = compile({ schema: document(fields), method: 'GET', url: '', httpStatus: '200' }) as Serialize;
      kept.set(key, serialize);
    }
    return serialize;
  };
}

/** sparseDocumentSerializers for a route answering one kind of resource: `document` built around the narrowed resource. */
export function sparseSerializers(externalSchemas: Record<string, unknown>, resource: ResourceSchema, document: (resource: TObject) => TSchema) {
  return sparseDocumentSerializers(externalSchemas, (fields: readonly string[]) => document(sparseResource(resource, fields)));
}

type ResourceObject = { type: string; id: string; attributes: object; relationships?: object; links?: unknown };

/** A resource object that may lack any of its attributes and relationships (sparseObject). */
export type SparseObject<R extends ResourceObject> = Omit<R, 'attributes' | 'relationships'> & {
  attributes: Partial<R['attributes']>;
  relationships?: Partial<NonNullable<R['relationships']>>;
};

/**
 * The members of `object` named in `fields`. A function of the module, not a closure made per resource: the production
 * build keeps function names (keepNames), which names each closure as it is made, 1 ms of a save answering 1,050
 * resources.
 */
function picked(object: object | undefined, fields: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(object ?? {}).filter(([name]) => fields.includes(name)));
}

/**
 * A resource object with only `fields` among its attributes and relationships, as sparseResource's schema writes it:
 * for an answer whose large arrays JSON.stringify writes as they are (http/compiler-cache.ts LARGE_ARRAYS). Null
 * fields: the resource as it is.
 */
export function sparseObject<R extends ResourceObject>(resource: R, fields: readonly string[] | null): SparseObject<R> {
  if (!fields) return resource;
  const narrowed: ResourceObject = { type: resource.type, id: resource.id, attributes: picked(resource.attributes, fields) };
  const relationships = picked(resource.relationships, fields);
  if (Object.keys(relationships).length) narrowed.relationships = relationships;
  if (resource.links !== undefined) narrowed.links = resource.links;
  return narrowed as SparseObject<R>;
}
