import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { watchBrowserForDebugLog } from '../lib/debugLog';
import { registerServiceWorker } from './offlineCache';
import { preloadSignedInStart } from './lazyPages';
import { isPublicPath, readAccessToken } from '../lib/session/session';

// Signed in, the page needs Apollo Client, the shell and its screen: requested together, while React starts (in a task
// of their own: matching the path against the route table is not nothing on a phone, and this one is long already).
if (readAccessToken() !== null && !isPublicPath(window.location.pathname)) {
  const path = window.location.pathname;
  window.setTimeout(() => preloadSignedInStart(path));
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// React replaces whatever index.html painted in #root (the static frame of /signin) on its first render, which runs as a
// transition: React renders it in slices, yielding to the browser between them, rather than in one long task while
// the page is already painted (a phone is four times slower than this machine).
const reactRoot = createRoot(root);
startTransition(() => {
  reactRoot.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});

registerServiceWorker();
watchBrowserForDebugLog();
