import type { ReactNode } from 'react';
import { ApolloProvider, type ApolloClient } from '@apollo/client';
import { BaseProviders } from './BaseProviders';
import { ApolloProvided } from './ApolloGate';

type AppProvidersProps = {
  client: ApolloClient<unknown>;
  /** 'test' turns off Mantine's transitions and portals in jsdom. */
  env?: 'default' | 'test';
  children: ReactNode;
};

/**
 * Everything a screen needs around it, with a given Apollo client provided at once rather than loaded behind
 * sign-in (ApolloGate): what the tests render screens in. The router is outside, so that tests can use a MemoryRouter.
 */
export function AppProviders({ client, env = 'default', children }: AppProvidersProps) {
  return (
    <BaseProviders clearCache={() => client.clearStore()} env={env}>
      <ApolloProvider client={client}>
        <ApolloProvided value>{children}</ApolloProvided>
      </ApolloProvider>
    </BaseProviders>
  );
}
