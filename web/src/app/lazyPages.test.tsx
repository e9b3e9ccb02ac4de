import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderApp } from '../test/render';
import { SCREEN_UNAVAILABLE_MESSAGE, ScreenBoundary } from './ScreenBoundary';
import { UsagePage } from './lazyPages';

// The usage screen's chunk cannot be fetched, and a browser that fetches a failed module again (Chromium does) fails each
// import anew: counted here.
const imports = vi.hoisted(() => ({ count: 0 }));
vi.mock('../features/usage/UsagePage', () => {
  imports.count += 1;
  throw new TypeError('Failed to fetch dynamically imported module: /assets/UsagePage.js');
});

describe('A lazy screen whose code cannot be fetched', () => {
  it('says so once its load has failed, without asking for its code again and again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp({
      ui: (
        <ScreenBoundary reload={() => undefined}>
          <UsagePage />
        </ScreenBoundary>
      ),
    });
    expect(await screen.findByText(SCREEN_UNAVAILABLE_MESSAGE)).toBeInTheDocument();
    // Once failed, the screen asks for its code no more (a lazy made per mount asked again at every retry, without end,
    // and the message never showed): the same count a moment later.
    const asked = imports.count;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(imports.count).toBe(asked);
  });
});
