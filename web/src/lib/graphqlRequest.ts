import type { GraphQLFormattedError } from 'graphql';
import type { FieldError } from '../generated/schema';
import { classifyFailure } from './failure';
import type { Outcome } from './outcome';

/** Where the gateway answers GraphQL: the page's own origin, as Apollo Client's link in the signed-in app. */
export const GRAPHQL_PATH = '/graphql';

type Answer<TData> = { data?: TData | null; errors?: readonly GraphQLFormattedError[] };

/**
 * Posts one GraphQL operation with fetch, without Apollo Client: for the screens reached without a session
 * (sign-in, the password screens and their environment banner), so that Apollo Client and its cache, about
 * 60 KiB of gzipped JavaScript, load only behind sign-in (issue 8: /signin within 150 KiB). `query` is the
 * operation's own .graphql file as text (`import source from './SignIn.graphql?raw'`) and `TData` its generated
 * type, so the request is the operation a generated hook would send. The outcome is sorted as the signed-in app
 * sorts Apollo's (classifyFailure): GraphQL errors or an HTTP refusal are 'refused', a session refusal
 * 'signedOut', no answer or a server fault 'offline'.
 */
export async function requestOperation<TData>(query: string, variables: Record<string, unknown> = {}): Promise<Outcome<TData>> {
  let response: Response;
  try {
    response = await fetch(new URL(GRAPHQL_PATH, window.location.href), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json, application/json;q=0.9' },
      body: JSON.stringify({ query, variables }),
    });
  } catch {
    return { status: 'offline' };
  }
  const answer = (await response.json().catch(() => null)) as Answer<TData> | null;
  const httpError = response.ok ? undefined : Object.assign(new Error(`The server answered with an error (${response.status}).`), { statusCode: response.status });
  if (httpError || answer?.errors?.length) return classifyFailure(answer?.errors ?? [], httpError);
  if (!answer?.data) return { status: 'offline' };
  return { status: 'done', value: answer.data };
}

type Payload = { errors: readonly Pick<FieldError, 'field' | 'message' | 'code'>[] };

/**
 * A mutation by requestOperation, answered as runMutation answers (lib/apollo/runMutation.ts): `pick` selects its
 * payload, whose field errors make it 'refused'; a failure keeps requestOperation's outcome.
 */
export async function requestMutation<TData, P extends Payload>(query: string, variables: Record<string, unknown>, pick: (data: TData) => P | null | undefined): Promise<Outcome<P>> {
  const outcome = await requestOperation<TData>(query, variables);
  if (outcome.status !== 'done') return outcome;
  const payload = pick(outcome.value);
  if (!payload) return { status: 'offline' };
  if (payload.errors.length > 0) return { status: 'refused', errors: payload.errors };
  return { status: 'done', value: payload };
}
