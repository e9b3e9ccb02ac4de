/**
 * Compiled execution (src/compiled-execution.ts): a document runs on graphql-js first and compiled after, and the two
 * answer alike; graphql-jit's own ways (variables' defaults, its error objects) do not show.
 */
import type { GatewayGraphQLRequestContext } from '@apollo/server-gateway-interface';
import { makeExecutableSchema } from '@graphql-tools/schema';
import { GraphQLError, Kind, parse, type DocumentNode, type OperationDefinitionNode } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compilingExecutor } from '../src/compiled-execution';
import { startStack, type Stack } from './stack';
import { webOperations } from './web-operations';

class Refused extends Error {}

const schema = makeExecutableSchema({
  typeDefs: /* GraphQL */ `
    input SaveInput {
      name: String!
      items: [String!]! = []
      notes: [String!] = ["none"]
    }
    type Item {
      name: String!
      size: Int
    }
    type Query {
      echo(input: SaveInput!): String!
      items: [Item!]!
      refused: String
    }
  `,
  resolvers: {
    Query: {
      echo: (_root: unknown, { input }: { input: unknown }) => JSON.stringify(input),
      items: () => [{ name: 'a', size: 1 }, { name: 'b', size: null }],
      refused: () => {
        throw new Refused('No.');
      },
    },
  },
});

/** Runs `source` through the executor as Apollo would, with Apollo's one document object per query text. */
function runner(options: Parameters<typeof compilingExecutor>[1]) {
  const executor = compilingExecutor(schema, options);
  const documents = new Map<string, DocumentNode>();
  return (source: string, variables: Record<string, unknown> = {}) => {
    if (!documents.has(source)) documents.set(source, parse(source));
    const document = documents.get(source)!;
    const operation = document.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)!;
    return executor({ document, operation, operationName: null, request: { variables }, context: {} } as unknown as GatewayGraphQLRequestContext);
  };
}

describe('compiling a document', () => {
  it('compiles a document the time after its first run, once, and never one that runs once', async () => {
    const compiled: Array<string | null> = [];
    const run = runner({ onCompile: (name) => void compiled.push(name) });
    await run('query Items { items { name } }');
    expect(compiled).toEqual([]);
    await run('query Items { items { name } }');
    await run('query Items { items { name } }');
    expect(compiled).toEqual([null]);
    await run('query Once { items { size } }');
    expect(compiled).toEqual([null]);
  });

  it('compiles at the first run when told to compile after none', async () => {
    let compiled = 0;
    const run = runner({ compileAfter: 0, onCompile: () => void (compiled += 1) });
    expect(await run('{ items { name size } }')).toEqual({ data: { items: [{ name: 'a', size: 1 }, { name: 'b', size: null }] } });
    expect(compiled).toBe(1);
  });
});

/** An answer as it goes out (JSON: errors as their toJSON), for comparing two; Apollo orders its fields itself. */
const sent = (answer: unknown) => JSON.parse(JSON.stringify(answer)) as unknown;

describe('the compiled answer is the interpreted one', () => {
  const both = async (source: string, variables?: Record<string, unknown>) => {
    const run = runner({ compileAfter: 1 });
    const interpreted = await run(source, variables);
    const compiled = await run(source, variables);
    return { interpreted, compiled };
  };

  it('gives an omitted non-null input field its default (graphql-jit alone refuses it)', async () => {
    const { interpreted, compiled } = await both('query ($input: SaveInput!) { echo(input: $input) }', { input: { name: 'x' } });
    expect(interpreted).toEqual({ data: { echo: JSON.stringify({ name: 'x', items: [], notes: ['none'] }) } });
    expect(compiled).toEqual(interpreted);
  });

  it("keeps a given field's value, and an explicit null where the field may be null", async () => {
    const input = { name: 'x', items: ['a'], notes: null };
    const { interpreted, compiled } = await both('query ($input: SaveInput!) { echo(input: $input) }', { input });
    expect(interpreted).toEqual({ data: { echo: JSON.stringify(input) } });
    expect(compiled).toEqual(interpreted);
  });

  it("answers a resolver's error as a graphql-js GraphQLError with its message, path, locations and original error", async () => {
    const { interpreted, compiled } = await both('{\n  refused\n}');
    const [error] = compiled.errors!;
    expect(error).toBeInstanceOf(GraphQLError);
    // Apollo's plugins change an error's message (graphql-jit's own errors refused it: a 500).
    expect(() => Object.assign(error!, { message: error!.message })).not.toThrow();
    expect(error!.originalError).toBeInstanceOf(Refused);
    expect(error!.toJSON()).toEqual({ message: 'No.', path: ['refused'], locations: [{ line: 2, column: 3 }] });
    expect(sent(compiled)).toEqual(sent(interpreted));
  });

  it("answers invalid variables with graphql-js's errors, with the variable's node that Apollo reads", async () => {
    const { interpreted, compiled } = await both('query ($input: SaveInput!) { echo(input: $input) }', { input: { items: [1] } });
    expect(compiled.errors?.map((e) => e.message)).toEqual([
      'Variable "$input" got invalid value { items: [1] }; Field "name" of required type "String!" was not provided.',
      'Variable "$input" got invalid value 1 at "input.items[0]"; String cannot represent a non string value: 1',
    ]);
    expect(compiled.errors?.every((e) => e.nodes?.[0]?.kind === Kind.VARIABLE_DEFINITION)).toBe(true);
    expect(sent(compiled)).toEqual(sent(interpreted));
  });
});

describe("the web's queries through the gateway, interpreted and then compiled", () => {
  let stack: Stack;
  let tokens: Record<string, string>;

  beforeAll(async () => {
    stack = await startStack({ compileAfter: 1 });
    tokens = { manager: await stack.signIn('manager'), viewer: await stack.signIn('viewer') };
  });
  afterAll(() => stack?.close());

  /** The web's queries that need no variable but a page (page 1, 24 records). */
  const queries = webOperations().filter(({ document }) => {
    const operation = document.definitions[0] as OperationDefinitionNode;
    return (
      operation.operation === 'query' &&
      (operation.variableDefinitions ?? []).every((v) => v.type.kind !== Kind.NON_NULL_TYPE || ['page', 'pageSize'].includes(v.variable.name.value))
    );
  });

  it('runs enough of them to mean something', () => {
    expect(queries.map((q) => q.name)).toEqual(expect.arrayContaining(['BuildingsPage']));
    expect(queries.length).toBeGreaterThanOrEqual(10);
  });

  it('answers each the same the first time (graphql-js) and the second (compiled), for a manager and a viewer', async () => {
    for (const who of ['manager', 'viewer']) {
      for (const { name, source } of queries) {
        const send = () => stack.graphql(source, { token: tokens[who], variables: { page: 1, pageSize: 24 } });
        const first = await send();
        const second = await send();
        expect({ who, name, ...second }).toEqual({ who, name, ...first });
      }
    }
  });
});
