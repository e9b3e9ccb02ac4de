import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { graphql, HttpResponse, type RequestHandler } from 'msw';
import { AppProviders } from '../app/AppProviders';
import { AppRoutes } from '../app/AppRoutes';
import { createApolloClient } from '../lib/apollo/client';
import { storeAccessToken } from '../lib/session/session';
import { aViewer } from './builders';
import { GRAPHQL_URL, server } from './server';

export const TEST_TOKEN = 'test-access-token';

type RenderOptions = {
  /** Where the app starts, path and query. */
  route?: string;
  /** Store an access token first, as a signed-in device has. */
  signedIn?: boolean;
  /** msw handlers for the operations this test answers; they take precedence over the defaults. */
  handlers?: RequestHandler[];
  /** A screen to render instead of the whole route table. */
  ui?: ReactElement;
  /** The signed-in user that the default handlers answer with (an organization user without permissions). */
  viewer?: ReturnType<typeof aViewer>;
};

/**
 * The defaults every screen may ask for: a production deployment and the
 * signed-in user. Every default answers with the same viewer, because the
 * cache keeps one Viewer per id and a second version would overwrite the first.
 */
function defaultHandlers(viewer: ReturnType<typeof aViewer>) {
  return [
    graphql.query('EnvironmentBanner', () =>
      HttpResponse.json({ data: { appInfo: { __typename: 'AppInfo', environment: 'production' } } }),
    ),
    graphql.query('Shell', () => HttpResponse.json({ data: { viewer } })),
    graphql.query('BuildingFilter', () =>
      HttpResponse.json({
        data: { viewer, organizations: { __typename: 'OrganizationConnection', nodes: [] }, regions: [] },
      }),
    ),
  ];
}

/**
 * Renders the app as a user meets it: Mantine, the real Apollo client talking
 * over HTTP to msw, the session, and the routes in a memory router.
 */
export function renderApp({ route = '/', signedIn = true, handlers = [], ui, viewer = aViewer() }: RenderOptions = {}) {
  if (signedIn) storeAccessToken(TEST_TOKEN);
  server.use(...handlers, ...defaultHandlers(viewer));
  const client = createApolloClient({ uri: GRAPHQL_URL });
  const location = { current: '' };
  const result = render(
    <MemoryRouter initialEntries={[route]}>
      <AppProviders client={client} env="test">
        {ui ?? <AppRoutes />}
        <LocationProbe into={location} />
      </AppProviders>
    </MemoryRouter>,
  );
  return {
    ...result,
    client,
    user: userEvent.setup(),
    /** The router's current path and query. */
    currentPath: () => location.current,
  };
}

/** For a screen a test only navigates to: its query is answered with an error rather than left unhandled. */
export function notUnderTest(operationName: string) {
  return graphql.query(operationName, () => HttpResponse.json({ errors: [{ message: `${operationName} is not under test here.` }] }));
}

function LocationProbe({ into }: { into: { current: string } }) {
  const { pathname, search } = useLocation();
  into.current = `${pathname}${search}`;
  return null;
}
