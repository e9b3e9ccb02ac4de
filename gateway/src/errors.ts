/**
 * How REST failures reach GraphQL clients (DESIGN.md section 1, inspection.md section 8):
 * 401 → UNAUTHENTICATED and 403 → FORBIDDEN as GraphQL errors (the web clears the
 * session on either), and 422 → `FieldError`s in a mutation's payload, each with its
 * machine-readable `code` (clients branch on codes, never on message text).
 */
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { unwrapResolverError } from '@apollo/server/errors';
import type { FieldErrorCode } from './generated/resolvers';
import { RestError } from './rest-client';
import type { JsonApiError, RestErrorCode } from './rest-types';

export type FieldErrorRecord = { field: string | null; message: string; code: FieldErrorCode };

/**
 * The FieldErrorCode of each code of the backend (its OpenAPI document lists them, so a new one is a
 * type error here); null where the schema has no kind of its own and the status decides.
 */
const fieldErrorCodeOfRest: Record<RestErrorCode, FieldErrorCode | null> = {
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  INVALID_CHARACTER: 'VALIDATION_FAILED',
  ENTRY_NOT_SCANNED: 'VALIDATION_FAILED',
  INCORRECT_CREDENTIALS: 'INCORRECT_CREDENTIALS',
  RATE_LIMITED: 'RATE_LIMITED',
  LOCKED: 'LOCKED',
  CLOSED: 'CLOSED',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  FIRE_WATCH_ALREADY_STARTED: 'CONFLICT',
  CONTRACT_NOT_ACCEPTED: 'CONTRACT_NOT_ACCEPTED',
  STALE: 'STALE',
  BAD_REQUEST: null,
  UNAUTHENTICATED: null,
  FORBIDDEN: null,
  PAYLOAD_TOO_LARGE: null,
  UNSUPPORTED_MEDIA_TYPE: null,
  INTERNAL_ERROR: null,
};

/** The code of a REST error that names none (or none the schema has), by its status. */
const fieldErrorCodeByStatus: Partial<Record<number, FieldErrorCode>> = {
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  422: 'VALIDATION_FAILED',
  429: 'RATE_LIMITED',
};

/** The FieldErrorCode of one JSON:API error: from its own `code` member when the backend sends one, else from its status. */
export function fieldErrorCodeOf(error: Pick<JsonApiError, 'code'>, status: number): FieldErrorCode {
  return (error.code && fieldErrorCodeOfRest[error.code]) || (fieldErrorCodeByStatus[status] ?? 'VALIDATION_FAILED');
}

const codeByStatus: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  // A URL or header too long for the backend to read: an argument (an id in the path) far longer than any it takes.
  414: 'BAD_USER_INPUT',
  422: 'BAD_USER_INPUT',
  429: 'TOO_MANY_REQUESTS',
  431: 'BAD_USER_INPUT',
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
  if (error.status === 414 || error.status === 431) return 'An argument is longer than the server can take (an id or key of thousands of characters).';
  return error.message;
}

/**
 * The input field of a JSON:API error: the last segment of `source.pointer`
 * (`/data/attributes/password` → `password`), or the query parameter; null for the whole input.
 */
export function fieldOf(error: Pick<JsonApiError, 'source'>): string | null {
  const pointer = error.source?.pointer;
  if (pointer) {
    const last = pointer.split('/').filter(Boolean).at(-1);
    return last && last !== 'data' && last !== 'attributes' ? last : null;
  }
  return error.source?.parameter ?? null;
}

/** A 409's, 422's or 429's JSON:API errors as the payload's `errors: [FieldError]`. */
export function toFieldErrors(error: RestError): FieldErrorRecord[] {
  const errors: Array<Partial<JsonApiError>> = error.errors.length ? error.errors : [{ detail: error.message }];
  return errors.map((item) => ({
    field: fieldOf(item),
    message: item.detail ?? item.title ?? error.message,
    code: fieldErrorCodeOf(item, error.status),
  }));
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
 * Mutations that change a record report the user's mistakes in their payload (DESIGN.md: exceptions are
 * for faults): besides a 422's field errors, a 409 (e.g. the walkabout is locked or closed, a fire watch
 * already ended) is something the user can act on, so it is a payload error with the backend's own
 * message and code. 401 and 403 stay GraphQL errors.
 */
const PAYLOAD_STATUSES = new Set([409, 422]);

export async function withPayloadErrors<T>(call: () => Promise<T>, onErrors: (errors: FieldErrorRecord[]) => T): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof RestError && PAYLOAD_STATUSES.has(error.status)) return onErrors(toFieldErrors(error));
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
