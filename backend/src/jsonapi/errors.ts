/**
 * The backend's one error type: anything thrown as an HttpError becomes a JSON:API error document.
 * Every error object carries a machine-readable `code` (docs/REST.md "Error codes"), so that clients
 * branch on it rather than on the wording of `detail`.
 */
export type ErrorSource = { pointer?: string; parameter?: string };

export const ERROR_CODES = [
  'BAD_REQUEST',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'LOCKED',
  'CLOSED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'VALIDATION_FAILED',
  'INVALID_CHARACTER',
  'INCORRECT_CREDENTIALS',
  'ENTRY_NOT_SCANNED',
  'FIRE_WATCH_ALREADY_STARTED',
  'CONTRACT_NOT_ACCEPTED',
  'RATE_LIMITED',
  // An edit or a reorder made on an older version of the row than the stored one (issue 12): nothing was saved.
  'STALE',
  'INTERNAL_ERROR',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

const codeByStatus: Partial<Record<number, ErrorCode>> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'VALIDATION_FAILED',
  429: 'RATE_LIMITED',
  500: 'INTERNAL_ERROR',
};

/** The code of an error that names none: the general one of its status (none for a status not listed). */
export function codeOfStatus(status: number): ErrorCode | undefined {
  return codeByStatus[status] ?? (status >= 500 ? 'INTERNAL_ERROR' : undefined);
}

export class HttpError extends Error {
  readonly code: ErrorCode | undefined;

  constructor(
    readonly status: number,
    readonly detail: string,
    readonly source?: ErrorSource,
    code?: ErrorCode,
  ) {
    super(detail);
    this.name = 'HttpError';
    this.code = code ?? codeOfStatus(status);
  }
}

export const notFound = (what: string) => new HttpError(404, `${what} not found.`);
export const unauthorized = (detail = 'Sign in to continue: the access token is missing, wrong or expired.') =>
  new HttpError(401, detail);
export const forbidden = (detail = 'You are not allowed to do this.') => new HttpError(403, detail);
export const unprocessable = (detail: string, pointer?: string, code?: ErrorCode) =>
  new HttpError(422, detail, pointer ? { pointer } : undefined, code);
export const badParameter = (parameter: string, detail: string) => new HttpError(400, detail, { parameter });

export type FieldError = { pointer: string; detail: string; code?: ErrorCode };

/** Several mistakes in one body, each with its JSON pointer: one 422 document listing them all (code VALIDATION_FAILED unless one says otherwise). */
export class FieldErrors extends Error {
  constructor(readonly errors: readonly FieldError[]) {
    super(errors.map((e) => e.detail).join('; '));
    this.name = 'FieldErrors';
  }
}
