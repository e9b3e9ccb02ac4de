import type { ReactNode } from 'react';
import { ApolloProvider } from '@apollo/client';
import { createApolloClient } from '../lib/apollo/client';
import { GRAPHQL_PATH } from '../lib/graphqlRequest';
import { rememberAppClient } from './ApolloGate';
// Mantine's CSS for the shell and Buildings; the rest comes with the other screens (ui/mantineStylesLoader.ts).
import './mantineShellStyles';

/** The app's one client, made when this chunk first loads (behind sign-in: ApolloGate). */
const client = createApolloClient({ uri: GRAPHQL_PATH });
rememberAppClient(client);

export function ApolloArea({ children }: { children: ReactNode }) {
  return <ApolloProvider client={client}>{children}</ApolloProvider>;
}
