import { describe, expect, it } from 'vitest';
import { RestClient, toQueryString } from './rest-client';

describe('REST query strings', () => {
  it('joins a list filter with commas and keeps the brackets readable', () => {
    expect(toQueryString({ 'filter[id]': ['1', '2', '3'], 'page[size]': 500 })).toBe('?filter[id]=1,2,3&page[size]=500');
  });

  it('leaves out absent parameters and encodes what needs it', () => {
    expect(toQueryString({ 'filter[organization]': undefined, 'filter[region]': null, q: 'a&b c' })).toBe('?q=a%26b%20c');
    expect(toQueryString({})).toBe('');
  });
});

describe('a REST client of another token', () => {
  it('is a new client: the one it was made from keeps its token', () => {
    const caller = new RestClient({ baseUrl: 'http://127.0.0.1:1', token: null });
    const signedIn = caller.withToken('new-token');
    expect(signedIn).not.toBe(caller);
    expect(signedIn.token).toBe('new-token');
    expect(caller.token).toBeNull();
  });
});
