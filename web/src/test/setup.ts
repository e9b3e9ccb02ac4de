import '@testing-library/jest-dom/vitest';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { server } from './server';
import { preloadLazyPages } from '../app/lazyPages';
import { resetConnection } from '../lib/connection';

// findBy/waitFor wait for what the user sees; the bound is when to give up, not a timing under test. Testing
// Library's 1 s default was met by the first render of a screen (Mantine, the cache, the first msw answer) on this
// 2-core machine while other suites ran, and a test failed that passes alone: 5 s keeps the bound far from that.
configure({ asyncUtilTimeout: 5_000 });

// The screens are lazy chunks in the app (app/lazyPages.ts); loaded here first, a test renders its screen at
// once, as the app does once the idle warm-up has run. The loading state itself is met in the end-to-end journeys.
beforeAll(() => preloadLazyPages());

// jsdom has no layout engine: Mantine reads these, and the shell calls scrollTo on navigation.
const { getComputedStyle } = window;
window.getComputedStyle = (element: Element) => getComputedStyle(element);
window.HTMLElement.prototype.scrollIntoView = () => {};
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: (query: string): MediaQueryList => ({
    matches: matchingMediaQueries.has(query),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;

/** Media queries that match in the current test; empty means a desktop-sized window. */
export const matchingMediaQueries = new Set<string>();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  window.localStorage.clear();
  matchingMediaQueries.clear();
  // Each case starts online, with no outage said (lib/connection.ts keeps this for the whole app).
  resetConnection();
});
afterAll(() => server.close());
