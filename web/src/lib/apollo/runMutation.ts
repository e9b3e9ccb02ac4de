import { ApolloError } from '@apollo/client';
import type { GraphQLFormattedError } from 'graphql';
import type { FieldError } from '../../generated/graphql';
import type { Failure, Outcome } from '../outcome';
import { endRefusedSession, refusesSession } from '../session/refusal';

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

/** A thrown error of a call as its outcome; a refused session ends here (pending work stays on the device). */
export function classifyError(error: unknown): Failure {
  if (!(error instanceof ApolloError)) return { status: 'offline' };
  const failure = classifyFailure(error.graphQLErrors, error.networkError);
  if (failure.status === 'signedOut') endRefusedSession();
  return failure;
}

type Payload = { errors: readonly Pick<FieldError, 'field' | 'message' | 'code'>[] };

/**
 * The one way to run a mutation that answers one outcome (shared/STYLE.md, "One way to do each thing at
 * the edges"): `send` runs it and picks its payload; the payload's field errors make it 'refused', no
 * payload 'offline', a thrown error is classified (classifyError), and anything else is 'done' with the
 * payload. The hooks declare `context: { handlesErrors: true }` so that the error link leaves them alone.
 */
export async function runMutation<P extends Payload>(send: () => Promise<P | null | undefined>): Promise<Outcome<P>> {
  try {
    const payload = await send();
    if (!payload) return { status: 'offline' };
    if (payload.errors.length > 0) return { status: 'refused', errors: payload.errors };
    return { status: 'done', value: payload };
  } catch (error) {
    return classifyError(error);
  }
}
