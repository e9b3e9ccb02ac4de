/**
 * Hostile input at the gateway (issue 9, points 18 and 19): NUL or half a surrogate pair in any string argument of
 * any operation is a BAD_USER_INPUT GraphQL error before a resolver runs (never INTERNAL_SERVER_ERROR); a body
 * over the limit is a 413 GraphQL error the client reads over a real socket while it is still sending.
 * The arguments come from the schema, so a new mutation or argument is covered without a change here.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getNamedType, getNullableType, isEnumType, isInputObjectType, isListType, isScalarType, type GraphQLArgument, type GraphQLInputType } from 'graphql';
import { schema, setAt, stringPaths } from './schema-inputs';
import { startStack, type Stack } from './stack';

/** A value of `type` that coerces, with a marker string where the type takes text. */
function sample(type: GraphQLInputType): unknown {
  const inner = getNullableType(type);
  if (isListType(inner)) return [sample(inner.ofType)];
  if (isEnumType(inner)) return inner.getValues()[0]!.value;
  if (isInputObjectType(inner)) return Object.fromEntries(Object.values(inner.getFields()).map((f) => [f.name, sample(f.type)]));
  if (isScalarType(inner)) {
    if (inner.name === 'Int') return 1;
    if (inner.name === 'Float') return 1.5;
    if (inner.name === 'Boolean') return false;
    if (inner.name === 'ID') return '1';
    if (inner.name === 'DateTime') return '2026-11-20T14:00:00Z';
    return 'text';
  }
  throw new Error(`No sample for ${String(type)}`);
}

type Case = { name: string; query: string; variables: Record<string, unknown>; at: string };

/** One operation per string argument (or string field of an input argument) of every query and mutation field. */
function cases(text: string): Case[] {
  const out: Case[] = [];
  for (const [kind, root] of [
    ['query', schema.getQueryType()!],
    ['mutation', schema.getMutationType()!],
  ] as const) {
    for (const field of Object.values(root.getFields())) {
      const args: readonly GraphQLArgument[] = field.args;
      if (!args.length) continue;
      const declarations = args.map((a) => `$${a.name}: ${String(a.type)}`).join(', ');
      const passes = args.map((a) => `${a.name}: $${a.name}`).join(', ');
      const selection = isScalarType(getNamedType(field.type)) || isEnumType(getNamedType(field.type)) ? '' : ' { __typename }';
      const query = `${kind} (${declarations}) { ${field.name}(${passes})${selection} }`;
      for (const arg of args) {
        for (const path of stringPaths(arg.type, [arg.name])) {
          const variables = Object.fromEntries(args.map((a) => [a.name, sample(a.type)]));
          setAt(variables, path, text);
          out.push({ name: `${kind} ${field.name}`, query, variables, at: path.join('.') });
        }
      }
    }
  }
  return out;
}

describe('hostile input at the gateway', () => {
  let stack: Stack;
  let token = '';

  beforeAll(async () => {
    stack = await startStack();
    token = await stack.signIn('manager');
  });
  afterAll(() => stack?.close());

  it('finds string arguments in every mutation that takes text', () => {
    const mutations = new Set(cases('x').filter((c) => c.name.startsWith('mutation')).map((c) => c.name));
    for (const name of ['signIn', 'requestPasswordReset', 'changePassword', 'startFireWatch', 'stopFireWatch', 'addLocationComment', 'saveWalkabout', 'reportUnavailableQrCode']) {
      expect(mutations).toContain(`mutation ${name}`);
    }
  });

  for (const [label, text] of [
    ['NUL', 'a\u0000b'],
    ['half a surrogate pair', 'a\ud800b'],
  ] as const) {
    it(`answers ${label} in any string argument of any operation with BAD_USER_INPUT naming the variable`, async () => {
      const all = cases(text);
      expect(all.length).toBeGreaterThan(20);
      for (const c of all) {
        const { status, body } = await stack.graphql(c.query, { variables: c.variables, token });
        const what = `${c.name} ${c.at}: ${JSON.stringify(body)}`;
        // 400 for a client that accepts application/graphql-response+json, as for variables that do not coerce.
        expect(status, what).toBe(400);
        expect(body.data, what).toBeUndefined();
        expect(body.errors, what).toEqual([
          {
            message: `Variable $${c.at} holds a character that cannot be stored: NUL (U+0000) or half of a UTF-16 surrogate pair.`,
            extensions: { code: 'BAD_USER_INPUT' },
          },
        ]);
      }
    });
  }

  it('answers NUL in an inline string with BAD_USER_INPUT', async () => {
    const { body } = await stack.graphql('mutation { requestPasswordReset(usernameOrEmail: "a\\u0000b") { ok } }');
    expect(body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(body.errors?.[0]?.message).toMatch(/^A string at line 1 holds a character that cannot be stored/);
  });

  it('lets emoji and their ZWJ sequences through (surrogate pairs are whole characters)', async () => {
    const { body } = await stack.graphql(
      'mutation ($u: String!) { requestPasswordReset(usernameOrEmail: $u) { ok errors { code } } }',
      { variables: { u: '👩‍👩‍👧‍👦🏳️‍🌈' } },
    );
    expect(body).toEqual({ data: { requestPasswordReset: { ok: true, errors: [] } } });
  });

  /** Streams `size` bytes to /graphql like a slow client (a chunk every few ms); rejects on a reset while sending. */
  function streamLargeBody(size: number, declareLength: boolean) {
    return new Promise<{ status: number; text: string }>((resolve, reject) => {
      const { hostname, port } = new URL(stack.url);
      const agent = new http.Agent({ keepAlive: true });
      const request = http.request({
        host: hostname,
        port,
        agent,
        method: 'POST',
        path: '/graphql',
        headers: { 'content-type': 'application/json', 'apollo-require-preflight': 'true', ...(declareLength ? { 'content-length': String(size) } : {}) },
      });
      let sent = 0;
      let answer: { status: number; text: string } | undefined;
      const finish = () => {
        if (!answer || !request.writableFinished) return;
        agent.destroy();
        resolve(answer);
      };
      request.on('error', reject);
      request.on('close', () => {
        if (!request.writableFinished) reject(new Error(`The connection was closed after ${sent} of ${size} bytes.`));
      });
      request.on('response', (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (part: string) => (text += part));
        response.on('end', () => {
          answer = { status: response.statusCode!, text };
          finish();
        });
      });
      request.on('finish', finish);
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      const write = () => {
        if (request.destroyed) return;
        if (sent >= size) return request.end();
        const part = chunk.subarray(0, Math.min(chunk.length, size - sent));
        sent += part.length;
        request.write(part);
        setTimeout(write, 2);
      };
      write();
    });
  }

  for (const declareLength of [true, false]) {
    it(`answers a body over the limit with a readable 413 GraphQL error while the client is still sending (${declareLength ? 'Content-Length' : 'chunked'})`, async () => {
      const answer = await streamLargeBody(4 * 1024 * 1024, declareLength);
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.text)).toEqual({
        errors: [{ message: 'The request body is larger than the limit of 1 MiB.', extensions: { code: 'PAYLOAD_TOO_LARGE' } }],
      });
    });
  }
});
