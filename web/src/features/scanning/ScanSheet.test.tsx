import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import type { QrCameraScannerProps } from './QrCameraScanner';
import { renderApp } from '../../test/render';
import { ScanSheet, SCAN_CLOSE_DELAY_MS } from './ScanSheet';

// jsdom has no camera: the camera view is replaced by buttons that play what it reports.
// The real camera path is covered by tests/e2e/scan.test.ts.
vi.mock('./QrCameraScanner', () => ({
  default: function FakeCamera({ onText, onError, paused }: QrCameraScannerProps) {
    return (
      <div data-paused={paused}>
        <button type="button" onClick={() => onText('https://inspect.example.com/q/3F2504E0-4F89-11D3-9A0C-0305E82C3301')}>
          Show location code
        </button>
        <button type="button" onClick={() => onText('WIFI:S:Lobby;T:WPA;P:secret;;')}>
          Show other code
        </button>
        <button
          type="button"
          onClick={() =>
            onError({ kind: 'overconstrained', message: '', cause: Object.assign(new Error(''), { name: 'OverconstrainedError' }) })
          }
        >
          Fail camera
        </button>
      </div>
    );
  },
}));

const UUID = '3f2504e0-4f89-11d3-9a0c-0305e82c3301';

function renderSheet() {
  const onCode = vi.fn<(uuid: string) => void>();
  const onClose = vi.fn<() => void>();
  const view = renderApp({ ui: <ScanSheet opened title="Scan Code" onClose={onClose} onCode={onCode} /> });
  return { ...view, onCode, onClose };
}

describe('ScanSheet', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows its title with Cancel, and Cancel closes it without a code', async () => {
    const { user, onClose, onCode } = renderSheet();
    expect(await screen.findByText('Scan Code')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onCode).not.toHaveBeenCalled();
  });

  it('hands over the uuid of a scanned location code 65 ms after the decode, then closes', async () => {
    const { onCode, onClose } = renderSheet();
    const show = await screen.findByRole('button', { name: 'Show location code' });
    vi.useFakeTimers();
    fireEvent.click(show);
    act(() => vi.advanceTimersByTime(SCAN_CLOSE_DELAY_MS - 1));
    expect(onCode).not.toHaveBeenCalled();
    expect(show.parentElement).toHaveAttribute('data-paused', 'true');
    act(() => vi.advanceTimersByTime(1));
    expect(onCode).toHaveBeenCalledWith(UUID);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('alerts with the text of an unsupported code and keeps scanning', async () => {
    const { user, onCode } = renderSheet();
    await user.click(await screen.findByRole('button', { name: 'Show other code' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'QR code not supported. The QR code contained: WIFI:S:Lobby;T:WPA;P:secret;;',
    );
    expect(screen.getByRole('button', { name: 'Show other code' }).parentElement).toHaveAttribute('data-paused', 'false');

    await user.click(screen.getByRole('button', { name: 'Show location code' }));
    await waitFor(() => expect(onCode).toHaveBeenCalledWith(UUID));
  });

  it('accepts a code typed or pasted by hand', async () => {
    const { user, onCode, onClose } = renderSheet();
    const field = await screen.findByLabelText('Code');
    await user.type(field, 'not a code');
    await user.click(screen.getByRole('button', { name: 'Use Code' }));
    expect(screen.getByRole('alert')).toHaveTextContent('QR code not supported. The QR code contained: not a code');

    await user.clear(field);
    await user.type(field, `HTTP://LOCALHOST:4000/Q/${UUID.toUpperCase()}{Enter}`);
    await waitFor(() => expect(onCode).toHaveBeenCalledWith(UUID));
    expect(onClose).toHaveBeenCalled();
  });

  it('keeps Use Code disabled while the field is empty', async () => {
    renderSheet();
    expect(await screen.findByRole('button', { name: 'Use Code' })).toBeDisabled();
  });

  it('starts afresh when opened again before its closing slide has ended', async () => {
    // With Mantine's transitions on (the app's own env, not the tests' one that turns them off): the sheet's body
    // stays mounted while the sheet slides away, and an opening within that time must not find it spent.
    const codes: string[] = [];
    function Page() {
      const [opened, setOpened] = useState(true);
      return (
        <>
          <button type="button" onClick={() => setOpened(true)}>
            Scan
          </button>
          <ScanSheet opened={opened} title="Scan Code" onClose={() => setOpened(false)} onCode={(uuid) => codes.push(uuid)} />
        </>
      );
    }
    const user = userEvent.setup();
    render(
      <MantineProvider>
        <Page />
      </MantineProvider>,
    );
    await user.click(await screen.findByRole('button', { name: 'Show location code' }));
    await waitFor(() => expect(codes).toEqual([UUID]));
    // Closed 65 ms after the code; opened again at once, while the 150 ms slide is still running.
    fireEvent.click(screen.getByRole('button', { name: 'Scan', hidden: true }));
    const field = await screen.findByLabelText('Code');
    expect(field).toBeEnabled();
    expect((await screen.findByRole('button', { name: 'Show location code' })).parentElement).toHaveAttribute('data-paused', 'false');
    await user.type(field, `https://inspect.example.com/q/${UUID}{Enter}`);
    await waitFor(() => expect(codes).toEqual([UUID, UUID]));
  });

  it("tells why the camera failed, with the error's kind and its cause's name", async () => {
    const { user } = renderSheet();
    await user.click(await screen.findByRole('button', { name: 'Fail camera' }));
    expect(screen.getByText('The camera is not available')).toBeInTheDocument();
    expect(screen.getByText('overconstrained · OverconstrainedError')).toBeInTheDocument();
    expect(screen.getByLabelText('Code')).toBeEnabled();
  });
});
