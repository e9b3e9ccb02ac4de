import { setupServer } from 'msw/node';

/** The GraphQL endpoint the tests' Apollo client talks to; handlers are added per test. */
export const GRAPHQL_URL = 'http://localhost/graphql';

export const server = setupServer();
