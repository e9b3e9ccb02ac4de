import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionRefused } from '../events';
import { readAccessToken, storeAccessToken } from '../session/session';
import { readUploadAnswer, uploadFile } from './uploadFile';

// jsdom's FormData and Node's fetch do not meet: the request itself is checked in Chromium (tests/e2e);
// here fetch answers as the gateway would.
function answering(response: Response | Error) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(() => (response instanceof Error ? Promise.reject(response) : Promise.resolve(response)));
}

const photo = new Blob(['jpeg'], { type: 'image/jpeg' });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('The one upload', () => {
  it("answers the stored file's address and type", async () => {
    const fetch = answering(Response.json({ data: { attributes: { url: '/files/abc.jpg', mimetype: 'image/jpeg' } } }, { status: 201 }));
    storeAccessToken('secret');
    expect(await uploadFile(photo, 'door.jpg')).toEqual({ status: 'done', value: { url: '/files/abc.jpg', mimetype: 'image/jpeg', pageCount: null } });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(String(url)).toBe(`${window.location.origin}/uploads`);
    expect(init).toMatchObject({ method: 'POST', headers: { authorization: 'Bearer secret' } });
  });

  it('asks for the kind of file it is when it is not a photo, and answers a PDF\'s page count', async () => {
    const fetch = answering(Response.json({ data: { attributes: { url: '/files/plan.pdf', mimetype: 'application/pdf', pageCount: 7 } } }, { status: 201 }));
    expect(await uploadFile(photo, 'plan.pdf', 'document')).toEqual({ status: 'done', value: { url: '/files/plan.pdf', mimetype: 'application/pdf', pageCount: 7 } });
    expect(String(fetch.mock.calls[0]?.[0])).toBe(`${window.location.origin}/uploads?kind=document`);
  });

  it('is offline when there is no answer or a server fault: the photo waits on the device', async () => {
    answering(new TypeError('Failed to fetch'));
    expect(await uploadFile(photo, 'door.jpg')).toEqual({ status: 'offline' });
    vi.restoreAllMocks();
    answering(new Response(null, { status: 503 }));
    expect(await uploadFile(photo, 'door.jpg')).toEqual({ status: 'offline' });
  });

  it('ends a refused session, as any other call would', async () => {
    answering(new Response(null, { status: 401 }));
    storeAccessToken('secret');
    let told = 0;
    const stop = sessionRefused.subscribe(() => {
      told += 1;
    });
    expect(await uploadFile(photo, 'door.jpg')).toEqual({ status: 'signedOut' });
    stop();
    expect(readAccessToken()).toBeNull();
    expect(told).toBe(1);
  });

  it("is refused in the server's words, or with its status when it gave none", async () => {
    answering(Response.json({ errors: [{ detail: 'The file is too large.' }] }, { status: 413 }));
    expect(await uploadFile(photo, 'door.jpg')).toEqual({ status: 'refused', errors: [{ field: null, message: 'The file is too large.', code: null }] });
    vi.restoreAllMocks();
    answering(new Response('nope', { status: 415 }));
    expect(await uploadFile(photo, 'door.jpg')).toEqual({
      status: 'refused',
      errors: [{ field: null, message: 'The file could not be uploaded (415).', code: null }],
    });
  });

  it('reads the JSON:API answer or a plain one, and nothing without an address', () => {
    expect(readUploadAnswer({ url: '/files/a.png', mimetype: 'image/png' })).toEqual({ url: '/files/a.png', mimetype: 'image/png', pageCount: null });
    expect(readUploadAnswer({ data: { attributes: { url: '/files/a.png' } } })).toEqual({ url: '/files/a.png', mimetype: '', pageCount: null });
    expect(readUploadAnswer({ data: { attributes: { url: '/files/a.pdf', mimetype: 'application/pdf', pageCount: 12 } } })).toEqual({ url: '/files/a.pdf', mimetype: 'application/pdf', pageCount: 12 });
    expect(readUploadAnswer({ data: { attributes: {} } })).toBeNull();
  });
});
