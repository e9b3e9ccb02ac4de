import { BrowserRouter } from 'react-router-dom';
import { BaseProviders } from './BaseProviders';
import { AppRoutes } from './AppRoutes';
import { clearAppCache } from './ApolloGate';

export function App() {
  return (
    <BrowserRouter>
      <BaseProviders clearCache={clearAppCache}>
        <AppRoutes />
      </BaseProviders>
    </BrowserRouter>
  );
}
