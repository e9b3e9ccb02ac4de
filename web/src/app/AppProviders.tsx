import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { ApolloProvider, type ApolloClient } from '@apollo/client';
import { theme } from './theme';
import { SessionProvider } from '../lib/session/SessionProvider';
import { AppErrorBanner } from './AppErrorBanner';

type AppProvidersProps = {
  client: ApolloClient<unknown>;
  /** 'test' turns off Mantine's transitions and portals in jsdom. */
  env?: 'default' | 'test';
  children: ReactNode;
};

/** Everything a screen needs around it; the router is outside, so that tests can use a MemoryRouter. */
export function AppProviders({ client, env = 'default', children }: AppProvidersProps) {
  return (
    <MantineProvider theme={theme} env={env}>
      <ApolloProvider client={client}>
        <SessionProvider>
          <AppErrorBanner />
          {children}
        </SessionProvider>
      </ApolloProvider>
    </MantineProvider>
  );
}
