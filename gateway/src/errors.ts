/**
 * How REST failures reach GraphQL clients (DESIGN.md section 1, inspection.md section 8):
 * 401 → UNAUTHENTICATED and 403 → FORBIDDEN as GraphQL errors (the web clears the
 * session on either), and 422 → `FieldError`s in a mutation's payload.
 */
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { unwrapResolverError } from '@apollo/server/errors';
import { RestError } from './rest-client';
import type { JsonApiError } from './resources';

export type FieldErrorRecord = { field: string | null; message: string };

const codeByStatus: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  422: 'BAD_USER_INPUT',
  429: 'TOO_MANY_REQUESTS',
};

/** The `extensions.code` of a REST status; any other failure is the server's, not the caller's. */
export function errorCodeForStatus(status: number): string {
  return codeByStatus[status] ?? 'INTERNAL_SERVER_ERROR';
}

/** A REST failure as the GraphQL error a client sees. */
export function toGraphQLError(error: RestError): GraphQLError {
  return new GraphQLError(messageOf(error), {
    extensions: { code: errorCodeForStatus(error.status) },
  });
}

function messageOf(error: RestError): string {
  if (error.status === 401) return 'Sign in again: the access token is missing, invalid or expired.';
  if (error.status === 403) return 'You do not have permission to do this.';
  return error.message;
}

/**
 * The input field of a JSON:API error: the last segment of `source.pointer`
 * (`/data/attributes/password` → `password`), or the query parameter; null for the whole input.
 */
export function fieldOf(error: JsonApiError): string | null {
  const pointer = error.source?.pointer;
  if (pointer) {
    const last = pointer.split('/').filter(Boolean).at(-1);
    return last && last !== 'data' && last !== 'attributes' ? last : null;
  }
  return error.source?.parameter ?? null;
}

/** A 422's JSON:API errors as the payload's `errors: [FieldError]`. */
export function toFieldErrors(error: RestError): FieldErrorRecord[] {
  const errors = error.errors.length ? error.errors : [{ detail: error.message }];
  return errors.map((item) => ({ field: fieldOf(item), message: item.detail ?? item.title ?? error.message }));
}

/**
 * Runs a mutation's REST call; a 422 becomes the payload's field errors,
 * anything else stays an exception (DESIGN.md: exceptions are for faults).
 */
export async function withFieldErrors<T>(
  call: () => Promise<T>,
  onFieldErrors: (errors: FieldErrorRecord[]) => T,
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof RestError && error.status === 422) return onFieldErrors(toFieldErrors(error));
    throw error;
  }
}

/**
 * Apollo's `formatError`: a RestError thrown anywhere in a resolver or loader
 * is reported with its code, so resolvers need no try/catch of their own.
 */
export function formatGatewayError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const original = unwrapResolverError(error);
  if (!(original instanceof RestError)) return formatted;
  const mapped = toGraphQLError(original);
  return { ...formatted, message: mapped.message, extensions: { code: mapped.extensions.code } };
}
