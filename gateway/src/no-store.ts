import type { ApolloServerPlugin } from '@apollo/server';
import { ApolloServerPluginCacheControlDisabled } from '@apollo/server/plugin/disabled';

/**
 * GraphQL answers are the caller's own data: `Cache-Control: no-store`, as Apollo's cache-control plugin
 * sends them when no field is cacheable (none is: the schema has no @cacheControl hints).
 *
 * That plugin is turned off (`ApolloServerPluginCacheControlDisabled`) because its per-field hook makes
 * Apollo Server wrap every field's resolver, the default ones included, and compute a cache policy for
 * every field of the answer: measured here, about a third of the gateway's execution time for a
 * buildings page, to arrive at the same header on every answer.
 */
export function noStorePlugins(): ApolloServerPlugin[] {
  return [
    ApolloServerPluginCacheControlDisabled(),
    {
      async requestDidStart() {
        return {
          async willSendResponse({ response }) {
            if (!response.http.headers.has('cache-control')) response.http.headers.set('cache-control', 'no-store');
          },
        };
      },
    },
  ];
}
