import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { graphql, HttpResponse } from 'msw';
import { notUnderTest, renderApp, TEST_TOKEN } from '../../test/render';
import { aBuilding, aConnection, aViewer } from '../../test/builders';
import { BUILDING_FILTER_KEY, readAccessToken } from '../../lib/session/session';

const signedInViewer = aViewer();

const TOO_MANY = 'Too many failed sign-in attempts. Wait 15 minutes, or reset your password, and try again.';

function signInAnswering(result: 'ok' | 'refused' | 'limited' | 'fault', seen: { username?: string; password?: string } = {}) {
  return graphql.mutation('SignIn', ({ variables }) => {
    seen.username = variables.username as string;
    seen.password = variables.password as string;
    if (result === 'fault') return HttpResponse.json({ errors: [{ message: 'Internal server error' }] }, { status: 500 });
    const refused = result === 'refused' || result === 'limited';
    return HttpResponse.json({
      data: {
        signIn: {
          __typename: 'SignInPayload',
          accessToken: refused ? null : 'fresh-token',
          expiresAt: refused ? null : '2030-01-01T00:00:00.000Z',
          viewer: refused ? null : signedInViewer,
          errors: refused
            ? [{ __typename: 'FieldError', field: null, message: result === 'limited' ? TOO_MANY : 'Username or password is incorrect.', code: result === 'limited' ? 'RATE_LIMITED' : 'INCORRECT_CREDENTIALS' }]
            : [],
        },
      },
    });
  });
}

const buildingsPage = graphql.query('BuildingsPage', () =>
  HttpResponse.json({ data: { viewer: signedInViewer, buildings: aConnection([aBuilding()]) } }),
);

describe('Sign in', () => {
  it('keeps Sign In disabled until both the username and the password are filled in', async () => {
    const { user } = renderApp({ route: '/signin', signedIn: false });
    const button = screen.getByRole('button', { name: 'Sign In' });
    expect(button).toBeDisabled();

    await user.type(screen.getByLabelText('Username'), 'ida');
    expect(button).toBeDisabled();

    await user.type(screen.getByLabelText('Password'), 'secret');
    expect(button).toBeEnabled();

    await user.clear(screen.getByLabelText('Username'));
    expect(button).toBeDisabled();
  });

  it('says the username or password is incorrect when the server refuses them', async () => {
    const { user, currentPath } = renderApp({ route: '/signin', signedIn: false, handlers: [signInAnswering('refused')] });
    await user.type(screen.getByLabelText('Username'), 'ida');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Could not sign in. Username or password is incorrect.');
    expect(currentPath()).toBe('/signin');
    expect(readAccessToken()).toBeNull();
  });

  it("tells wrong credentials by the error's code, whatever the server's wording", async () => {
    const reworded = graphql.mutation('SignIn', () =>
      HttpResponse.json({
        data: {
          signIn: {
            __typename: 'SignInPayload',
            accessToken: null,
            expiresAt: null,
            viewer: null,
            errors: [{ __typename: 'FieldError', field: null, message: 'Those credentials do not match our records.', code: 'INCORRECT_CREDENTIALS' }],
          },
        },
      }),
    );
    const { user } = renderApp({ route: '/signin', signedIn: false, handlers: [reworded] });
    await user.type(screen.getByLabelText('Username'), 'ida');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not sign in. Username or password is incorrect.');
    expect(alert).not.toHaveTextContent('records');
  });

  it('says how long to wait, not that the password is wrong, after too many attempts', async () => {
    const { user } = renderApp({ route: '/signin', signedIn: false, handlers: [signInAnswering('limited')] });
    await user.type(screen.getByLabelText('Username'), 'ida');
    await user.type(screen.getByLabelText('Password'), 'right-at-last');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(`Could not sign in. ${TOO_MANY}`);
    expect(alert).not.toHaveTextContent('incorrect');
    expect(readAccessToken()).toBeNull();
  });

  it('says an unknown error occured when the server fails', async () => {
    const { user } = renderApp({ route: '/signin', signedIn: false, handlers: [signInAnswering('fault')] });
    await user.type(screen.getByLabelText('Username'), 'ida');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not sign in. An unknown error occured. Please try again later.',
    );
  });

  it('stores the token and opens the buildings after signing in', async () => {
    const seen: { username?: string; password?: string } = {};
    const { user, currentPath } = renderApp({
      route: '/signin',
      signedIn: false,
      handlers: [signInAnswering('ok', seen), buildingsPage],
    });
    await user.type(screen.getByLabelText('Username'), 'ida');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('heading', { name: 'Tower A' })).toBeInTheDocument();
    expect(currentPath()).toBe('/buildings');
    expect(readAccessToken()).toBe('fresh-token');
    expect(seen).toEqual({ username: 'ida', password: 'secret' });
  });

  it('goes to the redirectUrl after signing in', async () => {
    const { user, currentPath } = renderApp({
      route: `/signin?redirectUrl=${encodeURIComponent('/buildings/11/walkabouts')}`,
      signedIn: false,
      handlers: [signInAnswering('ok'), notUnderTest('WalkaboutsPage')],
    });
    await user.type(screen.getByLabelText('Username'), 'ida');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    await waitFor(() => expect(currentPath()).toBe('/buildings/11/walkabouts'));
  });

  it('ignores a redirectUrl that leads to another site', async () => {
    const { user, currentPath } = renderApp({
      route: `/signin?redirectUrl=${encodeURIComponent('//evil.example/phish')}`,
      signedIn: false,
      handlers: [signInAnswering('ok'), buildingsPage],
    });
    await user.type(screen.getByLabelText('Username'), 'ida');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    await waitFor(() => expect(currentPath()).toBe('/buildings'));
  });

  it('clears the stored session and building filter when the sign-in page is visited', async () => {
    window.localStorage.setItem(BUILDING_FILTER_KEY, JSON.stringify({ organizationId: '1', regionId: null }));
    renderApp({ route: '/signin', signedIn: true });
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    await waitFor(() => expect(readAccessToken()).toBeNull());
    expect(window.localStorage.getItem(BUILDING_FILTER_KEY)).toBeNull();
  });

  it('links to the forgot password screen', async () => {
    const { user, currentPath } = renderApp({ route: '/signin', signedIn: false });
    await user.click(screen.getByRole('link', { name: 'Forgot your password?' }));
    expect(currentPath()).toBe('/forgot-password');
    expect(await screen.findByLabelText('User name or email')).toBeInTheDocument();
  });

  it('sends / to sign-in without a stored token and to the buildings with one', async () => {
    const signedOut = renderApp({ route: '/', signedIn: false });
    expect(signedOut.currentPath()).toBe('/signin');
    signedOut.unmount();

    const signedIn = renderApp({ route: '/', signedIn: true, handlers: [buildingsPage] });
    expect(signedIn.currentPath()).toBe('/buildings');
    expect(window.localStorage.getItem('fsi.accessToken')).toBe(TEST_TOKEN);
  });
});
