import type { ApolloServerPlugin } from '@apollo/server';

const GRAPHQL_RESPONSE_JSON = 'application/graphql-response+json';

/** The request-level errors of a well-formed request: parsing, validation, variable coercion. */
const GRAPHQL_FAILURES = new Set(['GRAPHQL_PARSE_FAILED', 'GRAPHQL_VALIDATION_FAILED', 'BAD_USER_INPUT']);

/**
 * GraphQL over HTTP (the graphql-http audits): a client that accepts only `application/json` reads
 * the status as "the request reached GraphQL", so a document that does not parse or validate, or
 * variables that do not coerce, answer 200 with the errors in the body. A client that accepts
 * `application/graphql-response+json` (Apollo Client, the playground) keeps Apollo's 400.
 * Requests that are not well-formed GraphQL over HTTP (no query, a query that is not a string, bad
 * JSON, CSRF) stay 4xx. No Accept header counts as application/json, as the spec says.
 */
export function jsonStatusPlugin(): ApolloServerPlugin {
  return {
    async requestDidStart({ request }) {
      const accept = request.http?.headers.get('accept') ?? '';
      if (accept.toLowerCase().includes(GRAPHQL_RESPONSE_JSON)) return;
      return {
        async willSendResponse({ response }) {
          const body = response.body;
          if (response.http.status !== 400 || body.kind !== 'single' || body.singleResult.data !== undefined) return;
          const codes = (body.singleResult.errors ?? []).map((error) => error.extensions?.code);
          if (codes.length > 0 && codes.every((code) => typeof code === 'string' && GRAPHQL_FAILURES.has(code))) response.http.status = 200;
        },
      };
    },
  };
}
