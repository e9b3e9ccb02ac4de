import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { graphql, http, HttpResponse } from 'msw';
import type { PermissionFlag } from '@fsi/shared';
import { ERROR_BANNER_MS } from '@fsi/shared';
import { notUnderTest, renderApp } from '../../test/render';
import { aBuilding, aConnection, anOrganization, aViewer } from '../../test/builders';
import { matchingMediaQueries } from '../../test/setup';
import { GRAPHQL_URL } from '../../test/server';
import { appErrors } from '../../lib/events';
import { UNREACHABLE_NOTICE } from '../../ui/OfflineNotice';
import { LAST_VIEWER_KEY } from '../../lib/session/session';
import { PHONE_QUERY } from '../../ui/phone';

type Viewer = ReturnType<typeof aViewer>;

function renderShell(viewer: Viewer, handlers: Parameters<typeof renderApp>[0] = {}) {
  return renderApp({
    route: '/buildings',
    ...handlers,
    viewer,
    handlers: [
      ...(handlers.handlers ?? []),
      graphql.query('BuildingsPage', () => HttpResponse.json({ data: { viewer, buildings: aConnection([aBuilding()]) } })),
    ],
  });
}

async function navLinks() {
  const nav = await screen.findByRole('navigation', { name: 'Main' });
  await within(nav).findByRole('button', { name: 'Sign Out' });
  return Object.fromEntries(within(nav).queryAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]));
}

describe('Shell', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('has a header, the main navigation and the main content as landmarks', async () => {
    renderShell(aViewer());
    expect(await screen.findByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
  });

  it('gives an administrator Overview and Manage of all organizations', async () => {
    renderShell(aViewer({ isAdmin: true, organization: null }));
    await waitFor(async () =>
      expect(await navLinks()).toEqual({ Overview: '/overview/organization', Manage: '/manage/organizations' }),
    );
  });

  it('gives a user without permissions only their Account', async () => {
    renderShell(aViewer({ id: '7', organization: anOrganization({ id: '3' }) }));
    await waitFor(async () => expect(await navLinks()).toEqual({ Account: '/manage/organization/3/user/7?backUrl=%2Fbuildings' }));
  });

  it.each<[PermissionFlag, Record<string, string>]>([
    ['canViewOrganizationOverview', { Overview: '/overview/organization?organizationId=3' }],
    ['canManageOrganization', { Manage: '/manage/organizations' }],
    ['canViewSettings', { Manage: '/manage/organization/3' }],
    ['canViewOrganization', { Manage: '/manage/organization/3' }],
  ])('links by %s', async (flag, expected) => {
    renderShell(aViewer({ id: '7', organization: anOrganization({ id: '3' }), granted: [flag] }));
    await waitFor(async () => expect(await navLinks()).toEqual({ ...expected, Account: '/manage/organization/3/user/7?backUrl=%2Fbuildings' }));
  });

  it("marks Account, not Manage, as the current page on one's own user page, and Manage on the organization's other pages", async () => {
    const viewer = aViewer({ id: '7', organization: anOrganization({ id: '3' }), granted: ['canViewOrganization'] });
    const current = () => within(screen.getByRole('navigation', { name: 'Main' })).queryAllByRole('link').filter((link) => link.getAttribute('aria-current') === 'page').map((link) => link.textContent);
    const own = renderApp({ route: '/manage/organization/3/user/7', viewer, handlers: [notUnderTest('UserPage'), notUnderTest('PeopleViewer')] });
    await navLinks();
    expect(current()).toEqual(['Account']);
    own.unmount();
    renderApp({ route: '/manage/organization/3/user/8', viewer, handlers: [notUnderTest('UserPage'), notUnderTest('PeopleViewer')] });
    await navLinks();
    expect(current()).toEqual(['Manage']);
  });

  it('moves the navigation to a toolbar at the bottom on phones', async () => {
    matchingMediaQueries.add(PHONE_QUERY);
    renderShell(aViewer());
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(screen.getByRole('contentinfo')).toContainElement(nav);
    expect(screen.getByRole('banner')).not.toContainElement(nav);
  });

  it('names a development or staging environment in a banner', async () => {
    renderShell(aViewer(), {
      handlers: [
        graphql.query('EnvironmentBanner', () =>
          HttpResponse.json({ data: { appInfo: { __typename: 'AppInfo', environment: 'staging' } } }),
        ),
      ],
    });
    expect(await screen.findByText(/^Staging environment/)).toHaveTextContent(
      'Staging environment: records here are not real inspections.',
    );
  });

  it('shows no environment banner in production', async () => {
    renderShell(aViewer());
    await screen.findByRole('heading', { name: 'Tower A' });
    expect(screen.queryByText(/environment:/)).not.toBeInTheDocument();
  });

  it('resets the scroll position to the top on navigation', async () => {
    const { user } = renderShell(aViewer({ organization: anOrganization({ id: '3' }) }), { handlers: [notUnderTest('WalkaboutsPage')] });
    const scrollTo = vi.mocked(window.scrollTo);
    scrollTo.mockClear();
    await user.click(await screen.findByRole('link', { name: 'Walkabouts' }));
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, left: 0 });
  });

  it('shows an application error for 30 seconds, then hides it', () => {
    vi.useFakeTimers();
    renderApp({ route: '/signin', signedIn: false });
    act(() => appErrors.emit('The backend did not answer'));
    expect(screen.getByRole('alert')).toHaveTextContent('The backend did not answer');

    act(() => vi.advanceTimersByTime(ERROR_BANNER_MS - 1));
    expect(screen.getByText('The backend did not answer')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('The backend did not answer')).not.toBeInTheDocument();
  });

  it('lets the user dismiss an application error', async () => {
    const { user } = renderApp({ route: '/signin', signedIn: false });
    act(() => appErrors.emit('The backend did not answer'));
    await user.click(screen.getByRole('button', { name: 'Dismiss error' }));
    expect(screen.queryByText('The backend did not answer')).not.toBeInTheDocument();
  });
});

describe('Shell offline', () => {
  const manager = () =>
    aViewer({ id: '7', organization: anOrganization({ id: '3' }), granted: ['canManageOrganization'] });

  /** Every GraphQL call fails as fetch does without a network while `network.online` is false. */
  function withNetwork(online: boolean) {
    const network = { online };
    const handler = http.post(GRAPHQL_URL, () => (network.online ? undefined : HttpResponse.error()));
    return { network, handler };
  }

  async function toolbarItems() {
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    return Array.from(nav.querySelectorAll('a, button'), (item) => item.textContent);
  }

  function goOnline(network: { online: boolean }) {
    network.online = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
  }

  it('says calmly, once, that the server cannot be reached, with no red banner, and brings back the toolbar when the network returns', async () => {
    matchingMediaQueries.add(PHONE_QUERY);
    const { network, handler } = withNetwork(false);
    renderShell(manager(), { handlers: [handler] });

    expect(await screen.findByText(UNREACHABLE_NOTICE)).toBeInTheDocument();
    expect(screen.getAllByText(UNREACHABLE_NOTICE)).toHaveLength(1);
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
    expect(await toolbarItems()).toEqual(['Sign Out']);

    goOnline(network);

    await waitFor(() => expect(screen.queryByText(UNREACHABLE_NOTICE)).not.toBeInTheDocument());
    await waitFor(async () => expect(await toolbarItems()).toEqual(['Manage', 'Scan', 'Account', 'Sign Out']));
    expect(screen.getByRole('link', { name: 'Account' })).toHaveAttribute('href', '/manage/organization/3/user/7?backUrl=%2Fbuildings');
  });

  it('keeps an error other than the connection one when the network returns', () => {
    renderApp({ route: '/signin', signedIn: false });
    act(() => appErrors.emit('The backend did not answer'));
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.getByRole('alert')).toHaveTextContent('The backend did not answer');
  });

  it('offline, shows the toolbar of the last answer of this session', async () => {
    matchingMediaQueries.add(PHONE_QUERY);
    const first = renderShell(manager());
    await waitFor(async () => expect(await toolbarItems()).toEqual(['Manage', 'Scan', 'Account', 'Sign Out']));
    expect(window.localStorage.getItem(LAST_VIEWER_KEY)).not.toBeNull();
    first.unmount();

    // A reload without a network: a new client with an empty cache, every call failing.
    // signedIn: false keeps the token already stored instead of starting a new session.
    const { handler } = withNetwork(false);
    renderApp({ route: '/buildings', signedIn: false, handlers: [handler] });
    expect(await screen.findByText(UNREACHABLE_NOTICE)).toBeInTheDocument();
    expect(await toolbarItems()).toEqual(['Manage', 'Scan', 'Account', 'Sign Out']);
  });

  it('does not carry the last viewer into a new session', async () => {
    window.localStorage.setItem(LAST_VIEWER_KEY, JSON.stringify(manager()));
    matchingMediaQueries.add(PHONE_QUERY);
    const { handler } = withNetwork(false);
    renderApp({ route: '/buildings', handlers: [handler] });
    expect(await screen.findByText(UNREACHABLE_NOTICE)).toBeInTheDocument();
    expect(await toolbarItems()).toEqual(['Sign Out']);
  });
});

describe('Keyboard', () => {
  it('offers a skip link as the first stop, which moves focus to the main content', async () => {
    const { user } = renderShell(aViewer());
    await screen.findByRole('heading', { name: 'Tower A' });
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
  });
});
