import { describe, expect, it } from 'vitest';
import { publicToolsFromEnv } from './config';

describe('public tools switches', () => {
  it('turns introspection and the playground on by default', () => {
    expect(publicToolsFromEnv({})).toEqual({ introspection: true, playground: true });
  });

  it('turns both off with GRAPHQL_PUBLIC_TOOLS=false', () => {
    expect(publicToolsFromEnv({ GRAPHQL_PUBLIC_TOOLS: 'false' })).toEqual({ introspection: false, playground: false });
  });

  it('lets GRAPHQL_INTROSPECTION and GRAPHQL_PLAYGROUND set each tool on its own', () => {
    expect(publicToolsFromEnv({ GRAPHQL_INTROSPECTION: 'false' })).toEqual({ introspection: false, playground: true });
    expect(publicToolsFromEnv({ GRAPHQL_PLAYGROUND: '0' })).toEqual({ introspection: true, playground: false });
    expect(publicToolsFromEnv({ GRAPHQL_PUBLIC_TOOLS: 'false', GRAPHQL_PLAYGROUND: 'true' })).toEqual({
      introspection: false,
      playground: true,
    });
  });
});
