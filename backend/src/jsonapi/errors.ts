/** The backend's one error type: anything thrown as an HttpError becomes a JSON:API error document. */
export type ErrorSource = { pointer?: string; parameter?: string };

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly source?: ErrorSource,
  ) {
    super(detail);
    this.name = 'HttpError';
  }
}

export const notFound = (what: string) => new HttpError(404, `${what} not found.`);
export const unauthorized = (detail = 'Sign in to continue: the access token is missing, wrong or expired.') =>
  new HttpError(401, detail);
export const forbidden = (detail = 'You are not allowed to do this.') => new HttpError(403, detail);
export const unprocessable = (detail: string, pointer?: string) =>
  new HttpError(422, detail, pointer ? { pointer } : undefined);
export const badParameter = (parameter: string, detail: string) => new HttpError(400, detail, { parameter });

/** Several mistakes in one body, each with its JSON pointer: one 422 document listing them all. */
export class FieldErrors extends Error {
  constructor(readonly errors: readonly { pointer: string; detail: string }[]) {
    super(errors.map((e) => e.detail).join('; '));
    this.name = 'FieldErrors';
  }
}
