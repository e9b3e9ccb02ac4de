import { describe, expect, it } from 'vitest';
import { GraphQLError } from 'graphql';
import { errorCodeForStatus, fieldErrorCodeOf, fieldOf, formatGatewayError, toFieldErrors, withFieldErrors, withPayloadErrors } from './errors';
import { RestError } from './rest-client';

const call = { method: 'POST', path: '/users/change-password' };

describe('REST error mapping', () => {
  it('reports 401 as UNAUTHENTICATED and 403 as FORBIDDEN', () => {
    expect(errorCodeForStatus(401)).toBe('UNAUTHENTICATED');
    expect(errorCodeForStatus(403)).toBe('FORBIDDEN');
  });

  it('reports a backend failure as an internal server error', () => {
    expect(errorCodeForStatus(500)).toBe('INTERNAL_SERVER_ERROR');
    expect(errorCodeForStatus(502)).toBe('INTERNAL_SERVER_ERROR');
  });

  it('names the field of a 422 by the last segment of its source pointer', () => {
    expect(fieldOf({ source: { pointer: '/data/attributes/confirmation' } })).toBe('confirmation');
    expect(fieldOf({ source: { pointer: '/data' } })).toBeNull();
    expect(fieldOf({ source: { parameter: 'page[size]' } })).toBe('page[size]');
    expect(fieldOf({})).toBeNull();
  });

  it('turns each JSON:API error of a 422 into a field error with its detail', () => {
    const error = new RestError(
      422,
      [
        {
          status: '422',
          title: 'Unprocessable Entity',
          detail: 'The password and Confirm Password are not the same',
          source: { pointer: '/data/attributes/confirmation' },
        },
        { status: '422', title: 'Unprocessable Entity', detail: 'Unprocessable Entity' },
      ],
      call,
    );
    expect(toFieldErrors(error)).toEqual([
      { field: 'confirmation', message: 'The password and Confirm Password are not the same', code: 'VALIDATION_FAILED' },
      { field: null, message: 'Unprocessable Entity', code: 'VALIDATION_FAILED' },
    ]);
  });

  it('puts a 422 in the payload and lets any other failure through', async () => {
    const payload = await withFieldErrors(
      () => Promise.reject(new RestError(422, [{ status: '422', title: 'Unprocessable Entity', detail: 'Password must be at least 4 characters' }], call)),
      (errors) => ({ ok: false, errors }),
    );
    expect(payload).toEqual({
      ok: false,
      errors: [{ field: null, message: 'Password must be at least 4 characters', code: 'VALIDATION_FAILED' }],
    });
    await expect(
      withFieldErrors(() => Promise.reject(new RestError(403, [], call)), (errors) => ({ ok: false, errors })),
    ).rejects.toBeInstanceOf(RestError);
  });

  it("gives each field error the backend's code, and the status's when it sends none or one the schema does not know", () => {
    expect(fieldErrorCodeOf({ code: 'LOCKED' }, 409)).toBe('LOCKED');
    expect(fieldErrorCodeOf({ code: 'CLOSED' }, 409)).toBe('CLOSED');
    expect(fieldErrorCodeOf({ code: 'INCORRECT_CREDENTIALS' }, 422)).toBe('INCORRECT_CREDENTIALS');
    expect(fieldErrorCodeOf({}, 409)).toBe('CONFLICT');
    expect(fieldErrorCodeOf({}, 422)).toBe('VALIDATION_FAILED');
    expect(fieldErrorCodeOf({}, 429)).toBe('RATE_LIMITED');
    expect(fieldErrorCodeOf({}, 404)).toBe('NOT_FOUND');
    expect(fieldErrorCodeOf({ code: 'ENTRY_NOT_SCANNED' }, 422)).toBe('VALIDATION_FAILED');
    expect(fieldErrorCodeOf({ code: 'FIRE_WATCH_ALREADY_STARTED' }, 422)).toBe('CONFLICT');
    expect(fieldErrorCodeOf({ code: 'BAD_REQUEST' }, 409)).toBe('CONFLICT');
  });

  it('puts a 409 in a payload with its code', async () => {
    const payload = await withPayloadErrors(
      () => Promise.reject(new RestError(409, [{ status: '409', title: 'Conflict', code: 'LOCKED', detail: 'Walkabout is locked.' }], call)),
      (errors) => ({ errors }),
    );
    expect(payload).toEqual({ errors: [{ field: null, message: 'Walkabout is locked.', code: 'LOCKED' }] });
  });

  it('gives a REST failure thrown in a resolver its GraphQL code and leaves other errors as they are', () => {
    const original = new RestError(403, [{ status: '403', title: 'Forbidden', detail: 'Forbidden' }], { method: 'GET', path: '/roles' });
    const wrapped = new GraphQLError(original.message, { originalError: original, path: ['roles'] });
    const formatted = formatGatewayError({ message: original.message, path: ['roles'] }, wrapped);
    expect(formatted).toEqual({ message: 'You do not have permission to do this.', path: ['roles'], extensions: { code: 'FORBIDDEN' } });

    const other = { message: 'Syntax Error', extensions: { code: 'GRAPHQL_PARSE_FAILED' } };
    expect(formatGatewayError(other, new GraphQLError('Syntax Error'))).toBe(other);
  });
});
