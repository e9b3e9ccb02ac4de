/**
 * The load generator's HTTP client of the gateway bench (gateway.ts): undici's `request`, the library Node's fetch is
 * built on, without fetch's Request, Response, Headers and web streams. The bench's client runs in the gateway's own
 * thread, and measured there with ten connections on the buildings screen, fetch took 2.3-3.3 ms of that thread per
 * query against 0.85-1.0 ms for `request` (decompressing and parsing the answer included): the client's overhead, not
 * the server's, decided a third of the figure. Like fetch (and like a browser), it asks for compressed answers and
 * reads them in full, so the servers do the same work as before.
 */
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { Agent, request } from 'undici';

/** Connections kept open and reused, as fetch's global dispatcher does. */
const dispatcher = new Agent();

/** What fetch asks for over plain HTTP. */
const ACCEPT_ENCODING = 'gzip, deflate';

export type JsonAnswer = { status: number; body: unknown };

/** One call; the answer's status and its body parsed as JSON (decompressed first when it came compressed). */
export async function requestJson(url: string, init: { method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string } = {}): Promise<JsonAnswer> {
  const answer = await request(url, {
    method: init.method ?? 'GET',
    headers: { 'accept-encoding': ACCEPT_ENCODING, ...init.headers },
    body: init.body,
    dispatcher,
  });
  const bytes = Buffer.from(await answer.body.arrayBuffer());
  const encoding = answer.headers['content-encoding'];
  const text = (encoding === 'gzip' ? gunzipSync(bytes) : encoding === 'br' ? brotliDecompressSync(bytes) : encoding === 'deflate' ? inflateSync(bytes) : bytes).toString('utf8');
  return { status: answer.statusCode, body: JSON.parse(text) as unknown };
}
