import { ApolloError } from '@apollo/client';
import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { readAccessToken, storeAccessToken } from '../session/session';
import { classifyFailure, runMutation } from './runMutation';

const networkError = (statusCode?: number) => Object.assign(new Error(`Received status code ${statusCode ?? 'none'}`), statusCode ? { statusCode } : {});

describe('One outcome per mutation', () => {
  it('is done with the payload when it has no errors', async () => {
    const payload = { ok: true, errors: [] };
    expect(await runMutation(() => Promise.resolve(payload))).toEqual({ status: 'done', value: payload });
  });

  it("is refused with the payload's field errors and their codes", async () => {
    const errors = [{ field: 'comment', message: 'A comment is required.', code: 'VALIDATION_FAILED' as const }];
    expect(await runMutation(() => Promise.resolve({ errors }))).toEqual({ status: 'refused', errors });
  });

  it('is offline when no payload came, or when the call never got an answer', async () => {
    expect(await runMutation(() => Promise.resolve(null))).toEqual({ status: 'offline' });
    expect(await runMutation(() => Promise.reject(new TypeError('Failed to fetch')))).toEqual({ status: 'offline' });
    expect(await runMutation(() => Promise.reject(new ApolloError({ networkError: networkError() })))).toEqual({ status: 'offline' });
  });

  it('is signed out, and the session ends, when the server refuses the session', async () => {
    storeAccessToken('secret');
    const refused = new ApolloError({ graphQLErrors: [new GraphQLError('Not signed in', { extensions: { code: 'UNAUTHENTICATED' } })] });
    expect(await runMutation(() => Promise.reject(refused))).toEqual({ status: 'signedOut' });
    expect(readAccessToken()).toBeNull();
  });
});

describe('A failed call, as the mutation hooks and the error link sort it', () => {
  it('is signed out on HTTP 401 and 403 and on UNAUTHENTICATED or FORBIDDEN', () => {
    expect(classifyFailure([], networkError(401))).toEqual({ status: 'signedOut' });
    expect(classifyFailure([], networkError(403))).toEqual({ status: 'signedOut' });
    expect(classifyFailure([{ message: 'No', extensions: { code: 'FORBIDDEN' } }], undefined)).toEqual({ status: 'signedOut' });
  });

  it('is refused, without a code, on a GraphQL error or an HTTP answer below 500', () => {
    expect(classifyFailure([{ message: 'Variable "$id" is invalid' }], undefined)).toEqual({
      status: 'refused',
      errors: [{ field: null, message: 'Variable "$id" is invalid', code: null }],
    });
    expect(classifyFailure([], networkError(400))).toEqual({ status: 'refused', errors: [{ field: null, message: 'Received status code 400', code: null }] });
  });

  it('is offline on a server fault or no answer at all', () => {
    expect(classifyFailure([], networkError(502))).toEqual({ status: 'offline' });
    expect(classifyFailure([], new TypeError('Failed to fetch'))).toEqual({ status: 'offline' });
  });
});
