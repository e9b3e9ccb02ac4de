import { describe, expect, it } from 'vitest';
import { toQueryString } from './rest-client';

describe('REST query strings', () => {
  it('joins a list filter with commas and keeps the brackets readable', () => {
    expect(toQueryString({ 'filter[id]': ['1', '2', '3'], 'page[size]': 500 })).toBe('?filter[id]=1,2,3&page[size]=500');
  });

  it('leaves out absent parameters and encodes what needs it', () => {
    expect(toQueryString({ 'filter[organization]': undefined, 'filter[region]': null, q: 'a&b c' })).toBe('?q=a%26b%20c');
    expect(toQueryString({})).toBe('');
  });
});
