import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { graphql, http, HttpResponse } from 'msw';
import { notUnderTest, renderApp } from '../test/render';
import { aBuilding, aConnection, aViewer } from '../test/builders';
import { GRAPHQL_URL } from '../test/server';
import { BUILDING_FILTER_KEY, LAST_VIEWER_KEY, readAccessToken } from '../lib/session/session';
import { UNREACHABLE_NOTICE } from '../ui/OfflineNotice';

function refusedWith(code: 'UNAUTHENTICATED' | 'FORBIDDEN') {
  return graphql.query('BuildingsPage', () =>
    HttpResponse.json({ data: null, errors: [{ message: 'Not signed in', extensions: { code } }] }),
  );
}

describe('Session', () => {
  it.each(['UNAUTHENTICATED', 'FORBIDDEN'] as const)(
    'on %s clears the token, the building filter and the cache, and sends the user to sign in with the page to return to',
    async (code) => {
      window.localStorage.setItem(BUILDING_FILTER_KEY, JSON.stringify({ organizationId: '1', regionId: null }));
      const { currentPath, client } = renderApp({ route: '/buildings', handlers: [refusedWith(code)] });

      expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
      expect(currentPath()).toBe(`/signin?redirectUrl=${encodeURIComponent('/buildings')}`);
      expect(readAccessToken()).toBeNull();
      expect(window.localStorage.getItem(BUILDING_FILTER_KEY)).toBeNull();
      expect(window.localStorage.getItem(LAST_VIEWER_KEY)).toBeNull();
      await waitFor(() => expect(client.cache.extract()).toEqual({}));
    },
  );

  it('treats an HTTP 401 answer as the end of the session', async () => {
    const { currentPath } = renderApp({
      route: '/buildings',
      handlers: [http.post(GRAPHQL_URL, () => HttpResponse.json({ errors: [{ message: 'Unauthorized' }] }, { status: 401 }))],
    });
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(currentPath()).toBe('/signin?redirectUrl=%2Fbuildings');
    expect(readAccessToken()).toBeNull();
  });

  it('sends a deep link opened while signed out through sign-in and then to the page', async () => {
    const viewer = aViewer();
    const { user, currentPath } = renderApp({
      route: '/manage/organization/1/user-roles',
      signedIn: false,
      handlers: [
        notUnderTest('RoleViewer'),
        graphql.mutation('SignIn', () =>
          HttpResponse.json({
            data: {
              signIn: { __typename: 'SignInPayload', accessToken: 'fresh-token', expiresAt: null, viewer, errors: [] },
            },
          }),
        ),
      ],
    });
    expect(currentPath()).toBe(`/signin?redirectUrl=${encodeURIComponent('/manage/organization/1/user-roles')}`);

    await user.type(screen.getByLabelText('Username'), 'ida');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    await waitFor(() => expect(currentPath()).toBe('/manage/organization/1/user-roles'));
    expect(await screen.findByRole('heading', { name: 'User Roles' })).toBeInTheDocument();
  });

  it('keeps the token when an ordinary error occurs, and shows it in the error banner', async () => {
    const { currentPath } = renderApp({
      route: '/buildings',
      handlers: [
        graphql.query('BuildingsPage', () =>
          HttpResponse.json({
            data: null,
            errors: [{ message: 'Backend failed', extensions: { code: 'INTERNAL_SERVER_ERROR', title: 'Bad Gateway', detail: 'The backend did not answer' } }],
          }),
        ),
      ],
    });
    expect(await screen.findByText('Bad Gateway! The backend did not answer')).toBeInTheDocument();
    expect(screen.getByText('The buildings could not be loaded')).toBeInTheDocument();
    expect(currentPath()).toBe('/buildings');
    expect(readAccessToken()).not.toBeNull();
  });

  it('signs out on the server, forgets the session and shows sign-in', async () => {
    let signedOutWith: string | null = null;
    window.localStorage.setItem(BUILDING_FILTER_KEY, JSON.stringify({ organizationId: '1', regionId: null }));
    const { user, currentPath } = renderApp({
      route: '/buildings',
      handlers: [
        graphql.query('BuildingsPage', () => HttpResponse.json({ data: { viewer: aViewer(), buildings: aConnection([aBuilding()]) } })),
        graphql.mutation('SignOut', ({ request }) => {
          signedOutWith = request.headers.get('authorization');
          return HttpResponse.json({ data: { signOut: { __typename: 'SignOutPayload', ok: true } } });
        }),
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Sign Out' }));

    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(currentPath()).toBe('/signin');
    expect(signedOutWith).toBe('Bearer test-access-token');
    expect(readAccessToken()).toBeNull();
    expect(window.localStorage.getItem(BUILDING_FILTER_KEY)).toBeNull();
  });

  it('sends the stored token with every request', async () => {
    let authorization: string | null = null;
    renderApp({
      route: '/buildings',
      handlers: [
        graphql.query('BuildingsPage', ({ request }) => {
          authorization = request.headers.get('authorization');
          return HttpResponse.json({ data: { viewer: aViewer(), buildings: aConnection([]) } });
        }),
      ],
    });
    await screen.findByText('No results found');
    expect(authorization).toBe('Bearer test-access-token');
  });
});

describe('Error banner', () => {
  it('says calmly, and not as an error, that the server cannot be reached when a request gets no answer', async () => {
    renderApp({ route: '/buildings', handlers: [http.post(GRAPHQL_URL, () => HttpResponse.error())] });
    expect(await screen.findByText(UNREACHABLE_NOTICE)).toBeInTheDocument();
    // With no copy on the device, the screen says what it could not load and offers to try again.
    expect(screen.getByRole('alert')).toHaveTextContent('The buildings could not be loaded');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
  });

  it("shows the error text of a failed answer's body", async () => {
    renderApp({
      route: '/buildings',
      handlers: [http.post(GRAPHQL_URL, () => HttpResponse.json({ error: 'Service is being upgraded' }, { status: 503 }))],
    });
    expect(await screen.findByText('Service is being upgraded')).toBeInTheDocument();
  });
});
