import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderApp } from '../test/render';
import { SCREEN_FAILED_MESSAGE, SCREEN_UNAVAILABLE_MESSAGE, ScreenBoundary, ScreenCodeUnavailable } from './ScreenBoundary';

let failing = true;
function Flaky({ error }: { error: () => Error }) {
  if (failing) throw error();
  return <p>The screen itself</p>;
}

describe('A screen that fails', () => {
  it('that throws while rendering says so, and Try again mounts it anew', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    failing = true;
    const { user } = renderApp({
      ui: (
        <ScreenBoundary>
          <Flaky error={() => new Error('Cannot read properties of undefined')} />
        </ScreenBoundary>
      ),
    });
    expect(await screen.findByText(SCREEN_FAILED_MESSAGE)).toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('The screen itself')).toBeInTheDocument();
    expect(screen.queryByText(SCREEN_FAILED_MESSAGE)).not.toBeInTheDocument();
  });

  it('whose code could not be fetched says so, and Try again loads the page again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    failing = true;
    const reload = vi.fn();
    const { user } = renderApp({
      ui: (
        <ScreenBoundary reload={reload}>
          <Flaky error={() => new ScreenCodeUnavailable(new TypeError('Failed to fetch'))} />
        </ScreenBoundary>
      ),
    });
    expect(await screen.findByText(SCREEN_UNAVAILABLE_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Buildings' })).toHaveAttribute('href', '/buildings');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
