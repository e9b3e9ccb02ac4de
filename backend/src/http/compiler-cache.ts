/**
 * Fastify builds a validator (Ajv) for each schema of a route's request and a serializer (fast-json-stringify) for
 * each of its response schemas. Most are the same schema again (the JSON:API error document of every route's 4xx
 * answers, a resource's document on its list and item routes), and building a serializer validates every named
 * schema it may refer to: a start spent about two seconds of CPU on it. Here each distinct schema is built once per
 * process, for every route and every app the process builds (a test file builds one per database). A validator or a
 * serializer is a pure function of its schema, the named schemas and the options, which together are its key.
 */
import { createHash } from 'node:crypto';
import { SerializerSelector, type SerializerFactory } from '@fastify/fast-json-stringify-compiler';
import { AjvCompiler } from '@fastify/ajv-compiler';
import type { FastifySerializerCompiler } from 'fastify';

type Compiler<Route extends { schema?: unknown }, Built> = (route: Route) => Built;

const built = new Map<string, unknown>();

function cached<Route extends { schema?: unknown }, Built>(kind: string, context: unknown, compile: Compiler<Route, Built>): Compiler<Route, Built> {
  const scope = createHash('sha256').update(kind).update(JSON.stringify(context)).digest('hex');
  return (route) => {
    const key = `${scope} ${JSON.stringify(route.schema)}`;
    if (!built.has(key)) built.set(key, compile(route));
    return built.get(key) as Built;
  };
}

export function cachedSerializerFactory(): SerializerFactory {
  const factory = SerializerSelector();
  return (externalSchemas, options) => cached('serializer', [externalSchemas, options], factory(externalSchemas, options));
}

type ValidatorFactory = ReturnType<typeof AjvCompiler>;

export function cachedValidatorFactory(): ValidatorFactory {
  const factory = AjvCompiler();
  return ((externalSchemas: unknown, options: Parameters<ValidatorFactory>[1]) =>
    cached('validator', [externalSchemas, options], factory(externalSchemas as never, options as never) as Compiler<{ schema?: unknown }, unknown>)) as ValidatorFactory;
}

/**
 * An array of 1,000 items or more in an answer of the routes that take this compiler (a walkabout's tree of thousands
 * of conditions in `included`, the answer to a save of a thousand results) is written by JSON.stringify, not item by
 * item by fast-json-stringify (its largeArrayMechanism): the string it concatenates for a walkabout of 5,000
 * conditions (4.7 MB) made millions of pieces for the garbage collector, and had to be flattened before it was sent.
 * GET /walkabouts/{id} of 5,000 conditions, p50 of 15 in process on PGlite, two runs each: 162.5/147.6 -> 114.2/104.7
 * ms, the same 4,772,410 bytes. JSON.stringify writes each item as it is, where fast-json-stringify writes only its
 * schema's properties with their schema's types: the items are the resources our serializers build property by
 * property, and large-arrays.test checks, for each such route, that both write the same JSON.
 */
export const LARGE_ARRAYS = { largeArraySize: 1000, largeArrayMechanism: 'json-stringify' } as const;

const largeArraysFactory = cachedSerializerFactory();

/** The serializer compiler of a route whose answers may hold arrays of thousands of resources (LARGE_ARRAYS). */
export function largeArraysSerializer(externalSchemas: Record<string, unknown>): FastifySerializerCompiler<unknown> {
  const compile = largeArraysFactory(externalSchemas, LARGE_ARRAYS);
  // Fastify names the status of each response schema it compiles; its type allows none.
  return (route) => compile({ ...route, httpStatus: route.httpStatus ?? 'default' });
}
