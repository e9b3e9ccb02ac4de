/**
 * GraphiQL's fetcher: POSTs to the gateway's /graphql on this origin. A JSON
 * POST is not a "simple" request, so it passes the gateway's CSRF prevention.
 */
import type { GraphiQLProps } from 'graphiql';

/** The web app's localStorage key for the access token (web/src/app/session.ts). */
export const ACCESS_TOKEN_KEY = 'fsi.accessToken';

type Fetcher = GraphiQLProps['fetcher'];

/**
 * Sends the web app's token when one is stored, so a developer signed in on
 * this origin explores as that user; a token typed in the Headers tab wins.
 */
export function withStoredToken(headers: Record<string, string>, storage: Pick<Storage, 'getItem'>): Record<string, string> {
  const hasAuthorization = Object.keys(headers).some((name) => name.toLowerCase() === 'authorization');
  const token = storage.getItem(ACCESS_TOKEN_KEY);
  return hasAuthorization || !token ? headers : { ...headers, authorization: `Bearer ${token}` };
}

export function createFetcher(url: string, storage: Pick<Storage, 'getItem'>): Fetcher {
  return async (params, options) => {
    const headers = withStoredToken(
      {
        'content-type': 'application/json',
        accept: 'application/graphql-response+json, application/json',
        ...(options?.headers as Record<string, string> | undefined),
      },
      storage,
    );
    const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify(params) });
    return response.json();
  };
}
