/**
 * Request hygiene shared by the backend (backend/src/plugins/request-hygiene.ts) and the gateway
 * (gateway/src/limits.ts). Node only: the web never imports this module (it is not re-exported by index.ts).
 */
import type { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';

/** NUL or a UTF-16 surrogate that is not half of a pair (with the `u` flag a pair is one code point, not Cs). */
const FORBIDDEN_CHARACTER = /[\0\p{Cs}]/u;

/** Whether the text holds a character PostgreSQL cannot store in text: NUL, or half of a surrogate pair. */
export function hasForbiddenCharacter(text: string): boolean {
  return FORBIDDEN_CHARACTER.test(text);
}

/** A body over the limit is still read (and dropped) up to this many bytes or this long before the connection is cut. */
export const DRAIN_MAX_BYTES = 64 * 1024 * 1024;
export const DRAIN_MAX_MS = 30_000;

/**
 * After a 413 sent before the body was read to its end: let Node read the rest and drop it (it does so for a
 * request whose answer is sent, once nothing else reads it), so the client, which is still sending, gets to read
 * the answer rather than a reset. A client that sends more than DRAIN_MAX_BYTES, or for longer than
 * DRAIN_MAX_MS, is cut off. Node drops the bytes before any 'data' event, so they are counted on the socket.
 * A request with no socket of its own (one made in the process, light-my-request's inject) has nothing to drain:
 * its stand-in socket cannot be cut off, and the check found it 30 s later an uncaught TypeError.
 */
export function drainRejectedBody(request: IncomingMessage, socket: Socket): void {
  if (request.complete || request.destroyed || !(socket instanceof Socket)) return;
  const start = socket.bytesRead;
  const startedAt = Date.now();
  const check = setInterval(() => {
    if (socket.bytesRead - start > DRAIN_MAX_BYTES || Date.now() - startedAt > DRAIN_MAX_MS) {
      cleanup();
      socket.destroy();
    }
  }, 100);
  check.unref();
  const cleanup = () => {
    clearInterval(check);
    request.off('end', cleanup);
    request.off('close', cleanup);
  };
  request.once('end', cleanup);
  request.once('close', cleanup);
  request.resume();
}
