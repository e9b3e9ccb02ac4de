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
