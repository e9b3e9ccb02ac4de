import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { cssVariablesResolver, theme } from './theme';
import { SessionProvider } from '../lib/session/SessionProvider';
import { AppErrorBanner } from './AppErrorBanner';

type BaseProvidersProps = {
  /** Forgets the signed-in app's cached records when the session ends (SessionProvider). */
  clearCache: () => Promise<unknown>;
  /** 'test' turns off Mantine's transitions and portals in jsdom. */
  env?: 'default' | 'test';
  children: ReactNode;
};

/**
 * What every screen needs around it, signed in or not: Mantine, the session and the error banner. No Apollo
 * Client: the screens reached without a session post their operations with fetch, and ApolloGate loads Apollo
 * behind sign-in, so that /signin does not carry it (issue 8).
 */
export function BaseProviders({ clearCache, env = 'default', children }: BaseProvidersProps) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env={env}>
      <SessionProvider clearCache={clearCache}>
        <AppErrorBanner />
        {children}
      </SessionProvider>
    </MantineProvider>
  );
}
