import type { GraphQLFormattedError } from 'graphql';
import type { Failure } from './outcome';
import { refusesSession } from './session/refusal';

// Apart from runMutation (lib/apollo/runMutation.ts, which imports Apollo Client), so that the screens reached
// without a session, which post their operations with fetch (graphqlRequest.ts), sort failures the same way
// without loading Apollo.

function statusCodeOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const code = (error as { statusCode?: unknown }).statusCode;
  return typeof code === 'number' ? code : undefined;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Sorts a failed GraphQL call, for the mutation hooks and the app's error link alike: a refused
 * session (refusesSession) is 'signedOut'; GraphQL errors, or an HTTP answer below 500, are the server
 * refusing this call; no answer at all or a server fault is 'offline' (the work waits for the network).
 */
export function classifyFailure(graphQLErrors: readonly GraphQLFormattedError[], networkError: unknown): Failure {
  const statusCode = statusCodeOf(networkError);
  if (refusesSession(statusCode, graphQLErrors)) return { status: 'signedOut' };
  const first = graphQLErrors[0];
  if (first) return { status: 'refused', errors: [{ field: null, message: first.message, code: null }] };
  if (statusCode !== undefined && statusCode < 500) return { status: 'refused', errors: [{ field: null, message: messageOf(networkError), code: null }] };
  return { status: 'offline' };
}
