import { createContext, lazy, useContext, useState, type ComponentType, type ReactNode } from 'react';
import type { ApolloClient } from '@apollo/client';

/**
 * Apollo Client (about 60 KiB of gzipped JavaScript with its cache) loads behind sign-in, not on /signin: the
 * signed-in routes render inside ApolloGate, which loads ApolloArea (the app's client and its provider) in a chunk of
 * its own. /signin preloads it at idle (lazyPages.ts), so signing in does not wait for it. This module imports
 * Apollo's types only.
 */

/** True where a client is provided already (AppProviders, in the tests): the gate then lets its children through. */
const ApolloProvidedContext = createContext(false);
export const ApolloProvided = ApolloProvidedContext.Provider;

type AreaModule = { ApolloArea: ComponentType<{ children: ReactNode }> };

let area: AreaModule | null = null;
let client: ApolloClient<unknown> | null = null;

export function loadApolloArea(): Promise<AreaModule> {
  return import('./ApolloArea').then((module) => (area = module));
}

const LazyArea = lazy(() => loadApolloArea().then((module) => ({ default: module.ApolloArea })));

/** Called by ApolloArea with the client it made, so that ending the session can clear its store. */
export function rememberAppClient(appClient: ApolloClient<unknown>): void {
  client = appClient;
}

/** The app's client once ApolloArea's chunk has loaded (loadApolloArea), null before. */
export function appClient(): ApolloClient<unknown> | null {
  return client;
}

/** Forgets every cached record, if Apollo Client has loaded (nothing is cached before it has). */
export async function clearAppCache(): Promise<void> {
  await client?.clearStore();
}

/** Its children with Apollo Client provided: suspends (the route's loader) until ApolloArea's chunk is there. */
export function ApolloGate({ children }: { children: ReactNode }) {
  const provided = useContext(ApolloProvidedContext);
  // Chosen once per mount: swapping the lazy wrapper for the loaded component later would remount the screens.
  const [Area] = useState(() => area?.ApolloArea ?? LazyArea);
  if (provided) return children;
  return <Area>{children}</Area>;
}
