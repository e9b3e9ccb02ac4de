import { describe, expect, it } from 'vitest';
import { ApolloLink, execute, gql, Observable } from '@apollo/client';
import { connection, firstTimeThisOutage, serverAnswered } from './connection';
import { reachabilityLink } from './apollo/reachabilityLink';
import { retryDelay } from './outbox/useBackgroundSync';

const QUERY = gql`
  query Probe {
    __typename
  }
`;

/** Runs one call through the reachability link over a terminating link that answers, or fails with `error`. */
function call(error?: unknown): Promise<void> {
  const terminating = new ApolloLink(
    () =>
      new Observable((observer) => {
        if (error) observer.error(error);
        else {
          observer.next({ data: { __typename: 'Query' } });
          observer.complete();
        }
      }),
  );
  return new Promise((resolve) => {
    execute(ApolloLink.from([reachabilityLink, terminating]), { query: QUERY }).subscribe({ next: () => resolve(), error: () => resolve() });
  });
}

describe('The connection record', () => {
  it('counts a call without an answer, or a server fault, as unreachable, and any answer as reachable', async () => {
    expect(connection()).toBe('online');
    await call(new TypeError('Failed to fetch'));
    expect(connection()).toBe('unreachable');
    await call(Object.assign(new Error('Bad Gateway'), { statusCode: 502 }));
    expect(connection()).toBe('unreachable');
    await call(Object.assign(new Error('Unprocessable'), { statusCode: 422 }));
    expect(connection()).toBe('online');
    await call(new TypeError('Failed to fetch'));
    await call();
    expect(connection()).toBe('online');
  });

  it('tells that the server answered once per outage, so that waiting work is sent at once', async () => {
    let told = 0;
    const stop = serverAnswered.subscribe(() => {
      told += 1;
    });
    await call();
    expect(told).toBe(0);
    await call(new TypeError('Failed to fetch'));
    await call(new TypeError('Failed to fetch'));
    await call();
    await call();
    stop();
    expect(told).toBe(1);
  });

  it('says a message once per outage, and again in the next one', async () => {
    await call(new TypeError('Failed to fetch'));
    expect(firstTimeThisOutage('network-unavailable')).toBe(true);
    expect(firstTimeThisOutage('network-unavailable')).toBe(false);
    await call();
    await call(new TypeError('Failed to fetch'));
    expect(firstTimeThisOutage('network-unavailable')).toBe(true);
  });

  it('retries with a backoff capped at 5 s, so work is saved within 10 s of the server answering', () => {
    expect([0, 1, 2, 3, 10].map(retryDelay)).toEqual([2_000, 4_000, 5_000, 5_000, 5_000]);
  });
});
