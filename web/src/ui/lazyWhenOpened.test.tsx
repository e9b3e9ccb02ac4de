import { useState } from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { appErrors } from '../lib/events';
import { lazyWhenOpened, SHEET_UNAVAILABLE } from './lazyWhenOpened';

type SheetProps = { opened: boolean; onClose(): void };

function Sheet({ opened, onClose }: SheetProps) {
  return opened ? (
    <div role="dialog" aria-label="Sheet">
      <button type="button" onClick={onClose}>
        Close
      </button>
    </div>
  ) : null;
}

function Screen({ Lazy }: { Lazy: ReturnType<typeof lazyWhenOpened<SheetProps>> }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpened(true)}>
        Open
      </button>
      <Lazy opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}

describe('a sheet loaded when first opened', () => {
  it('loads nothing until it is opened, then shows the sheet', async () => {
    const load = vi.fn(() => Promise.resolve(Sheet));
    render(<Screen Lazy={lazyWhenOpened(load)} />);
    expect(load).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByRole('dialog', { name: 'Sheet' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('whose code cannot be fetched: says so in the error banner, leaves the screen as it was, and tries again when opened again', async () => {
    const banner: string[] = [];
    const unsubscribe = appErrors.subscribe((text) => banner.push(text));
    const load = vi.fn<() => Promise<typeof Sheet>>().mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module')).mockResolvedValue(Sheet);
    // React reports the caught error on the console; the banner is what the user sees.
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      render(<Screen Lazy={lazyWhenOpened(load)} />);
      await userEvent.click(screen.getByRole('button', { name: 'Open' }));
      await vi.waitFor(() => expect(banner).toEqual([SHEET_UNAVAILABLE]));
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(screen.getByRole('button', { name: 'Open' })).toBeTruthy();

      await act(async () => {
        await userEvent.click(screen.getByRole('button', { name: 'Open' }));
      });
      expect(await screen.findByRole('dialog', { name: 'Sheet' })).toBeTruthy();
      expect(load).toHaveBeenCalledTimes(2);
      expect(banner).toEqual([SHEET_UNAVAILABLE]);
    } finally {
      consoleError.mockRestore();
      unsubscribe();
    }
  });
});
