import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchWithEarlyAnswers, startEarlyAnswers } from './earlyAnswer';
import { clearStoredSession, EARLY_REQUEST_KEY_PREFIX, storeAccessToken } from '../session/session';

const body = (operationName: string, variables: Record<string, unknown> = {}) =>
  JSON.stringify({ operationName, variables, query: `query ${operationName} { viewer { id } }` });
const init = (requestBody: string, token = 'first-token'): RequestInit => ({
  method: 'POST',
  headers: { accept: 'application/graphql-response+json', 'content-type': 'application/json', authorization: `Bearer ${token}` },
  body: requestBody,
});

describe('early answers', () => {
  let network: ReturnType<typeof vi.fn<typeof window.fetch>>;

  beforeEach(() => {
    window.localStorage.clear();
    network = vi.fn<typeof window.fetch>(() => Promise.resolve(new Response('{"data":{}}')));
    vi.stubGlobal('fetch', network);
  });

  it("keeps the request of a screen's first operation, without the access token, and not others'", async () => {
    await fetchWithEarlyAnswers('/graphql', init(body('BuildingsPage', { page: 1 })));
    await fetchWithEarlyAnswers('/graphql', init(body('WalkaboutsPage')));
    expect(network).toHaveBeenCalledTimes(2);
    const kept = JSON.parse(window.localStorage.getItem(`${EARLY_REQUEST_KEY_PREFIX}BuildingsPage`)!) as { url: string; body: string; headers: Record<string, string> };
    expect(kept).toEqual({ url: '/graphql', body: body('BuildingsPage', { page: 1 }), headers: { accept: 'application/graphql-response+json', 'content-type': 'application/json' } });
    expect(window.localStorage.getItem(`${EARLY_REQUEST_KEY_PREFIX}WalkaboutsPage`)).toBeNull();
  });

  it('sends the kept requests as the page starts, with the session token, and hands each answer over once', async () => {
    await fetchWithEarlyAnswers('/graphql', init(body('BuildingsPage', { page: 1 })));
    await fetchWithEarlyAnswers('/graphql', init(body('Shell')));
    network.mockClear();
    storeAccessToken('second-token');

    startEarlyAnswers('/buildings');
    expect(network).toHaveBeenCalledTimes(2);
    expect(network.mock.calls.map(([, request]) => [request?.body, (request?.headers as Record<string, string>).authorization])).toEqual([
      [body('BuildingsPage', { page: 1 }), 'Bearer second-token'],
      [body('Shell'), 'Bearer second-token'],
    ]);
    const early = await network.mock.results[0]!.value;

    // Apollo Client's request for the same body takes the early answer; the next one asks the network.
    expect(await fetchWithEarlyAnswers('/graphql', init(body('BuildingsPage', { page: 1 }), 'second-token'))).toBe(early);
    expect(network).toHaveBeenCalledTimes(2);
    await fetchWithEarlyAnswers('/graphql', init(body('BuildingsPage', { page: 1 }), 'second-token'));
    expect(network).toHaveBeenCalledTimes(3);
  });

  it('leaves an early answer unused when the request differs (another filter), and sends nothing without a session', async () => {
    await fetchWithEarlyAnswers('/graphql', init(body('BuildingsPage', { organizationId: '1' })));
    window.localStorage.removeItem('fsi.accessToken');
    network.mockClear();
    startEarlyAnswers('/buildings');
    expect(network).not.toHaveBeenCalled();

    storeAccessToken('token');
    startEarlyAnswers('/buildings');
    expect(network).toHaveBeenCalledTimes(1);
    await fetchWithEarlyAnswers('/graphql', init(body('BuildingsPage', { organizationId: '2' })));
    expect(network).toHaveBeenCalledTimes(2);
    // Back to the first filter later: a fresh answer, never the one from the page's start.
    await fetchWithEarlyAnswers('/graphql', init(body('BuildingsPage', { organizationId: '1' })));
    expect(network).toHaveBeenCalledTimes(3);
  });

  it('sends only the shell\'s requests on another page, and forgets them all with the session', async () => {
    await fetchWithEarlyAnswers('/graphql', init(body('BuildingsPage')));
    await fetchWithEarlyAnswers('/graphql', init(body('EnvironmentBanner')));
    storeAccessToken('token');
    network.mockClear();
    startEarlyAnswers('/buildings/12/walkabouts');
    expect(network.mock.calls.map(([, request]) => request?.body)).toEqual([body('EnvironmentBanner')]);

    clearStoredSession();
    expect(Object.keys(window.localStorage).filter((key) => key.startsWith(EARLY_REQUEST_KEY_PREFIX))).toEqual([]);
  });
});
