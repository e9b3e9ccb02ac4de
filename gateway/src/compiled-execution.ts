/**
 * Compiled execution (issue 8 point 5): the operations the gateway runs again and again are compiled into
 * JavaScript functions by graphql-jit instead of being interpreted field by field by graphql-js's executor. Measured
 * here with the web's buildings screen: graphql-js's execution was about a third of the gateway's CPU for a page of
 * 500 buildings (a record, two objects and some checks per field of each building: getArgumentValues alone was a
 * tenth), and the gateway's CPU per query fell from 49.6 to 30.3 ms for 500 buildings and from 4.45 to 3.69 ms
 * for 24 (tests/bench/gateway.ts, same machine and run conditions).
 *
 * Apollo Server runs its own HTTP handling, parsing, validation (with its document cache), plugins and error
 * formatting as before; only the execution is handed over, through its gateway interface (the executor that
 * @apollo/gateway uses). A document is compiled the `compileAfter + 1`-th time it runs: until then graphql-js
 * executes it, so a client sending ever new documents (each one parsed and validated already) does not also make
 * the gateway compile each of them, about 1.7 times the work of validating it (1.8 against 1.1 ms for the buildings
 * screen's query). Compiled functions are kept per document object, which Apollo's document cache keeps per query
 * text: they go when it drops the document.
 *
 * graphql-jit differs from graphql-js where our resolvers could see it, and each difference is met here:
 * - It coerces variables by code of its own, which rejects an omitted non-null input field that has a default
 *   (`entries: [EntryScanInput!]! = []`) instead of taking the default. Variables are first coerced by graphql-js
 *   (an invalid one is answered with graphql-js's errors, as Apollo answers them: 400, BAD_USER_INPUT), and the
 *   omitted fields that have a default are given it as a client would write it before the compiled function runs.
 * - Its errors are its own GraphQLError objects, whose message cannot be changed (Apollo's plugins change messages,
 *   and failed with a 500): they are answered as graphql-js GraphQLErrors with the same message, path, locations,
 *   extensions and original error (the RestError that formatGatewayError maps to a code).
 * - A plain field must hold a value, not a promise (a field whose value comes later needs a resolver): so are our
 *   models (models.ts).
 */
import type { GatewayExecutor, GatewayInterface, GatewaySchemaLoadOrUpdateCallback } from '@apollo/server-gateway-interface';
import {
  execute,
  getVariableValues,
  GraphQLError,
  isInputObjectType,
  isListType,
  isNonNullType,
  printSchema,
  typeFromAST,
  valueFromASTUntyped,
  type DocumentNode,
  type ExecutionResult,
  type GraphQLInputType,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';

/** How many times graphql-js runs a document before it is compiled, unless the gateway is told otherwise. */
export const DEFAULT_COMPILE_AFTER = 1;

type Runs = { count: number; compiled: Map<string, CompiledQuery | ExecutionResult> };

/** graphql-jit's error as a graphql-js GraphQLError: the same message, path, locations, extensions and original error. */
function asGraphQLError(error: GraphQLError): GraphQLError {
  const copy = new GraphQLError(error.message, { path: error.path, originalError: error.originalError ?? undefined, extensions: error.extensions });
  // graphql-js reads locations from the nodes, which graphql-jit's errors do not keep; it keeps the locations themselves.
  if (error.locations) Object.assign(copy, { locations: error.locations });
  return copy;
}

/** `value` of the input type `type`, with every omitted non-null field that has a default given it (in its SDL spelling). */
function withFieldDefaults(type: GraphQLInputType, value: unknown): unknown {
  if (isNonNullType(type)) return withFieldDefaults(type.ofType, value);
  if (value === null || value === undefined) return value;
  if (isListType(type)) {
    return Array.isArray(value) ? value.map((item) => withFieldDefaults(type.ofType, item)) : withFieldDefaults(type.ofType, value);
  }
  if (!isInputObjectType(type) || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  let copy: Record<string, unknown> | null = null;
  for (const field of Object.values(type.getFields())) {
    const given = record[field.name];
    const defaultValue = field.astNode?.defaultValue;
    const next =
      given === undefined ? (isNonNullType(field.type) && defaultValue ? valueFromASTUntyped(defaultValue) : undefined) : withFieldDefaults(field.type, given);
    if (next !== given) (copy ??= { ...record })[field.name] = next;
  }
  return copy ?? value;
}

function variablesWithFieldDefaults(schema: GraphQLSchema, operation: OperationDefinitionNode, variables: Record<string, unknown>): Record<string, unknown> {
  let copy: Record<string, unknown> | null = null;
  for (const definition of operation.variableDefinitions ?? []) {
    const name = definition.variable.name.value;
    const type = typeFromAST(schema, definition.type) as GraphQLInputType | undefined;
    const given = variables[name];
    if (!type || given === undefined) continue;
    const next = withFieldDefaults(type, given);
    if (next !== given) (copy ??= { ...variables })[name] = next;
  }
  return copy ?? variables;
}

export type CompileOptions = {
  /** How many times graphql-js runs a document before it is compiled (DEFAULT_COMPILE_AFTER unless told). */
  compileAfter?: number;
  /** Sees each compilation (its tests count them). */
  onCompile?: (operationName: string | null) => void;
};

/** The executor: graphql-js for a document's first `compileAfter` runs, its compiled function after. */
export function compilingExecutor(schema: GraphQLSchema, { compileAfter = DEFAULT_COMPILE_AFTER, onCompile }: CompileOptions = {}): GatewayExecutor {
  const runsOf = new WeakMap<DocumentNode, Runs>();
  return async ({ document, operationName, operation, request, context }) => {
    const variables = request.variables ?? {};
    let runs = runsOf.get(document);
    if (!runs) runsOf.set(document, (runs = { count: 0, compiled: new Map() }));
    if (runs.count < compileAfter) {
      runs.count += 1;
      return execute({ schema, document, operationName, contextValue: context, variableValues: variables });
    }
    const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], variables, { maxErrors: 50 });
    if (coerced.errors) return { errors: coerced.errors };
    const key = operationName ?? '';
    let compiled = runs.compiled.get(key);
    if (!compiled) {
      onCompile?.(operationName);
      runs.compiled.set(key, (compiled = compileQuery(schema, document, operationName ?? undefined)));
    }
    // A document graphql-jit cannot compile answers its errors, as graphql-js would have.
    if (!isCompiledQuery(compiled)) return compiled;
    const result = await compiled.query(undefined, context, variablesWithFieldDefaults(schema, operation, variables));
    return result.errors ? { ...result, errors: result.errors.map(asGraphQLError) } : result;
  };
}

/** Apollo Server's gateway interface over our own schema, executing with compilingExecutor. */
export function compiledExecution(schema: GraphQLSchema, options: CompileOptions = {}): GatewayInterface {
  let onSchema: GatewaySchemaLoadOrUpdateCallback | null = null;
  return {
    onSchemaLoadOrUpdate(callback) {
      onSchema = callback;
      return () => void (onSchema = null);
    },
    async load() {
      onSchema?.({ apiSchema: schema, coreSupergraphSdl: printSchema(schema) });
      return { executor: compilingExecutor(schema, options) };
    },
    async stop() {},
  };
}
