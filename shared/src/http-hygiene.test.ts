import { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DRAIN_MAX_MS, drainRejectedBody } from './http-hygiene';

describe('drainRejectedBody', () => {
  afterEach(() => void vi.useRealTimers());

  it('cuts off a real connection that is still sending when the drain time is up', () => {
    vi.useFakeTimers();
    const socket = new Socket();
    const destroy = vi.spyOn(socket, 'destroy');
    drainRejectedBody(new IncomingMessage(socket), socket);
    vi.advanceTimersByTime(DRAIN_MAX_MS - 1000);
    expect(destroy).not.toHaveBeenCalled();
    vi.advanceTimersByTime(2000);
    expect(destroy).toHaveBeenCalledTimes(1);
  });

  it('leaves alone a request made in the process, whose stand-in socket cannot be cut off', () => {
    vi.useFakeTimers();
    // What light-my-request's inject hands a route: a plain object in the socket's place.
    const standIn = { remoteAddress: '127.0.0.1' } as unknown as Socket;
    drainRejectedBody(new IncomingMessage(new Socket()), standIn);
    expect(() => vi.advanceTimersByTime(DRAIN_MAX_MS + 1000)).not.toThrow();
    expect(vi.getTimerCount()).toBe(0);
  });
});
