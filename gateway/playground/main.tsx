import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { GraphiQL } from 'graphiql';
import 'graphiql/style.css';
import { createFetcher } from './fetcher';

const defaultQuery = `# Sign in with the signIn mutation, or sign in to the web app on this origin:
# its token is sent with every request made here.
query Viewer {
  viewer {
    username
    isAdmin
    organization { name }
  }
}
`;

const root = document.getElementById('playground');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <GraphiQL fetcher={createFetcher('/graphql', window.localStorage)} defaultQuery={defaultQuery} />
    </StrictMode>,
  );
}
