/**
 * Limits on what one GraphQL operation may ask for (graphql-armor). The deepest
 * tree a client may want is organizations → nodes → regions → children over the
 * five region levels of admin-people-schedules.md section 9: depth 8, cost about
 * 160 by armor's measure, as the web's BuildingsPage (about 170); a walkabout page
 * (floors → entries → sections → conditions) would be about 400-800.
 * test/limits.test.ts checks that every operation of the web fits; the margins
 * leave room to grow, not to abuse.
 */
import type { ApolloServerPlugin } from '@apollo/server';
import { ApolloArmor } from '@escape.tech/graphql-armor';
import type { FastifyError, FastifyInstance } from 'fastify';
import { GraphQLError, visit, type DocumentNode } from 'graphql';
import { drainRejectedBody, hasForbiddenCharacter } from '@fsi/shared/http-hygiene';

export const queryLimits = {
  maxDepth: 10,
  maxAliases: 15,
  maxCost: 2_000,
  maxTokens: 2_000,
  maxDirectives: 50,
} as const;

export function createArmor() {
  return new ApolloArmor({
    // Fragments count where they are spread, not one level deeper: the web's page queries are fragment spreads.
    maxDepth: { n: queryLimits.maxDepth, flattenFragments: true, ignoreIntrospection: true },
    maxAliases: { n: queryLimits.maxAliases },
    costLimit: { maxCost: queryLimits.maxCost, flattenFragments: true, ignoreIntrospection: true },
    // Token counting is graphql-js's own parse option (`parseOptions` in app.ts): armor's plugin re-parses in
    // parsingDidStart and turns every syntax error into a 500 instead of Apollo's 400 GRAPHQL_PARSE_FAILED.
    maxTokens: { enabled: false },
    maxDirectives: { n: queryLimits.maxDirectives },
    blockFieldSuggestion: { enabled: true },
  }).protect();
}

/** The path (`input.saveId`, `entryIds.0`) of the first string in `value`, keys included, that holds a forbidden character. */
function forbiddenTextPath(value: unknown, path: string): string | undefined {
  if (typeof value === 'string') return hasForbiddenCharacter(value) ? path : undefined;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = forbiddenTextPath(item, `${path}.${i}`);
      if (found) return found;
    }
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = hasForbiddenCharacter(key) ? `${path}.${key}` : forbiddenTextPath(item, `${path}.${key}`);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * Where the document's first inline string with a forbidden character is, if it has one. Worked out once per
 * document: Apollo Server keeps the parsed document of a query it has seen (its document store) and hands the
 * same object to every request that sends that query, so a web page's operation is walked once rather than on
 * every request (measured here, a third of a millisecond of gateway CPU per BuildingsPage query).
 */
const inlineStringChecks = new WeakMap<DocumentNode, string | null>();

function forbiddenInlineString(document: DocumentNode): string | undefined {
  let where = inlineStringChecks.get(document);
  if (where === undefined) {
    where = null;
    visit(document, {
      StringValue(node) {
        if (where === null && hasForbiddenCharacter(node.value)) where = `A string at line ${node.loc?.startToken.line ?? '?'}`;
      },
    });
    inlineStringChecks.set(document, where);
  }
  return where ?? undefined;
}

/**
 * Refuses an operation whose variables or inline strings hold NUL (U+0000) or half of a surrogate pair, before
 * any resolver runs: the backend cannot store them (docs/REST.md "Hostile input"), and one in a value the gateway
 * sends as a header (a save's id is its Idempotency-Key) would not even leave the gateway. A GraphQL error with
 * code BAD_USER_INPUT (status 400, as for variables that do not coerce), naming the variable or argument.
 */
export function hostileTextPlugin(): ApolloServerPlugin {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ request, document }) {
          const variable = forbiddenTextPath(request.variables ?? {}, '')?.slice(1);
          const where = variable ? `Variable $${variable}` : forbiddenInlineString(document);
          if (where) {
            throw new GraphQLError(`${where} holds a character that cannot be stored: NUL (U+0000) or half of a UTF-16 surrogate pair.`, {
              extensions: { code: 'BAD_USER_INPUT', http: { status: 400 } },
            });
          }
        },
      };
    },
  };
}

/** The largest request body the gateway reads (Fastify's default); uploads pass through with their own limit. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * GraphQL answers for what Fastify refuses before Apollo sees the request: a body over the limit is a 413
 * `{errors:[{message, extensions:{code:"PAYLOAD_TOO_LARGE"}}]}` the client can read. Fastify asks for
 * `Connection: close` and the socket is shut while the client is still sending (a reset, not an answer);
 * here Node reads the rest of the body and drops it (up to a bound) so the connection ends cleanly.
 * The backend does the same (backend/src/plugins/request-hygiene.ts).
 */
export function graphqlRequestErrors(scope: FastifyInstance): void {
  scope.setErrorHandler((error: FastifyError, _request, reply) => {
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) throw error;
    const code = status === 413 ? 'PAYLOAD_TOO_LARGE' : status === 415 ? 'UNSUPPORTED_MEDIA_TYPE' : 'BAD_REQUEST';
    const message = status === 413 ? `The request body is larger than the limit of ${BODY_LIMIT_BYTES / 1024 / 1024} MiB.` : error.message;
    return reply.code(status).send({ errors: [{ message, extensions: { code } }] });
  });
  scope.addHook('onSend', async (request, reply) => {
    if (reply.statusCode !== 413 || request.raw.complete) return;
    reply.removeHeader('connection');
    reply.raw.once('finish', () => drainRejectedBody(request.raw, request.raw.socket));
  });
}
