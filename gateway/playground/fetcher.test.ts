import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_KEY, withStoredToken } from './fetcher';

const storage = (token: string | null) => ({ getItem: (key: string) => (key === ACCESS_TOKEN_KEY ? token : null) });

describe('playground token', () => {
  it("sends the web app's stored token as a bearer token", () => {
    expect(withStoredToken({ accept: 'application/json' }, storage('abc'))).toEqual({
      accept: 'application/json',
      authorization: 'Bearer abc',
    });
  });

  it('keeps an Authorization header typed in the Headers tab', () => {
    expect(withStoredToken({ Authorization: 'Bearer mine' }, storage('abc'))).toEqual({ Authorization: 'Bearer mine' });
  });

  it('sends no token when the web app stores none', () => {
    expect(withStoredToken({}, storage(null))).toEqual({});
  });
});
