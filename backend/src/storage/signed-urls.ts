/**
 * Short-lived signed URLs for stored files (DESIGN.md section 4 "Files"): a route that has checked the caller
 * may see a file hands out `/signed-files/{key}?name=…&type=…&expires=…&signature=…`, which works without a
 * bearer token (a new window, `<a href>`) until it expires. The signature is an HMAC-SHA256, under the
 * backend's URL_SIGNING_SECRET, of the key, the file name and content type it is served with, and the expiry,
 * so none of them can be changed; an altered or expired URL answers 403.
 *
 * Replicas must share the secret for a URL made by one to be served by another; without URL_SIGNING_SECRET
 * each process draws its own at start (enough for one process, as the embedded start is).
 *
 * A served file never runs as a page of our origin: X-Content-Type-Options nosniff and a sandboxing
 * Content-Security-Policy go with it.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import Type from 'typebox';
import { forbidden, notFound } from '../jsonapi/errors';
import { errorResponses } from '../jsonapi/schemas';
import { SAFE_KEY, type FileStorage } from './file-storage';

/** How long a signed URL works: long enough to open it, short enough that a leaked one soon stops. */
export const SIGNED_URL_TTL_SECONDS = 5 * 60;
/** The shortest URL_SIGNING_SECRET accepted (config.ts). */
export const SIGNING_SECRET_MIN_LENGTH = 32;

export const EXPIRED_LINK_MESSAGE = 'This download link has expired: open the report again for a new one.';
export const INVALID_LINK_MESSAGE = 'This download link is not valid.';

/** A sandbox with no allowances: scripts, forms, plugins and same-origin access are all off for whatever is served. */
export const SANDBOX_CSP = "sandbox; default-src 'none'; img-src data: blob:; style-src 'unsafe-inline'; frame-ancestors 'self'";

/** A stored file as it is to be served: its storage key, the name a browser saves it under and its type. */
export type SignedFile = { key: string; filename: string; contentType: string };

export type SignatureCheck = 'valid' | 'expired' | 'invalid';

export type SigningOptions = { ttlSeconds?: number; now?: number; gridSeconds?: number };

/** How long a photo's URL works at least: a screen of photos stays usable for a while after it loaded. */
export const PHOTO_URL_TTL_SECONDS = 60 * 60;
/** Photo URLs expire on this grid, so that a photo shown again within it has the same URL (and comes from the cache). */
export const PHOTO_URL_GRID_SECONDS = 15 * 60;

export type SignedUrlQuery = { name?: string; type?: string; expires?: string; signature?: string };

export class UrlSigner {
  private readonly secret: Buffer;

  /** Without a secret, a random one of this process (see the file's comment). */
  constructor(secret?: string) {
    this.secret = secret ? Buffer.from(secret, 'utf8') : randomBytes(32);
  }

  /** The HMAC of the message, base64url. JSON keeps the parts apart whatever they hold. */
  private mac(parts: readonly string[]): string {
    return createHmac('sha256', this.secret).update(JSON.stringify(parts)).digest('base64url');
  }

  /**
   * A URL path for the file, valid for at least `ttlSeconds` from `now` (milliseconds since the epoch), and when
   * it expires (whole seconds, rounded up, then up to the next multiple of `gridSeconds`).
   */
  fileUrl(file: SignedFile, options: SigningOptions = {}): { url: string; expiresAt: Date } {
    const earliest = Math.ceil(((options.now ?? Date.now()) + (options.ttlSeconds ?? SIGNED_URL_TTL_SECONDS) * 1000) / 1000);
    // On a grid, the same file keeps the same URL for a while, so that a browser's cache keeps it.
    const grid = options.gridSeconds ?? 1;
    const expires = Math.ceil(earliest / grid) * grid;
    const query = new URLSearchParams({
      name: file.filename,
      type: file.contentType,
      expires: String(expires),
      signature: this.mac([file.key, file.filename, file.contentType, String(expires)]),
    });
    return { url: `/signed-files/${encodeURIComponent(file.key)}?${query.toString()}`, expiresAt: new Date(expires * 1000) };
  }

  /** Whether the query signs this key and is still valid at `now`. A bad signature is 'invalid' whatever the time. */
  check(key: string, query: SignedUrlQuery, now = Date.now()): SignatureCheck {
    const { name, type, expires, signature } = query;
    if (name === undefined || type === undefined || expires === undefined || signature === undefined) return 'invalid';
    if (!/^\d{1,12}$/.test(expires)) return 'invalid';
    const expected = Buffer.from(this.mac([key, name, type, expires]));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
    return Number(expires) * 1000 <= now ? 'expired' : 'valid';
  }
}

/** The content type of a stored file by its key's extension (keys are made by the uploads route with the sniffed type's extension). */
export const MIME_BY_EXTENSION: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  heic: 'image/heic',
  avif: 'image/avif',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  tif: 'image/tiff',
};

/** The storage key of a stored reference `/files/{key}` (what POST /uploads answers and saves keep), or null for anything else. */
export function storedKeyOf(stored: string | null | undefined): string | null {
  if (!stored?.startsWith('/files/')) return null;
  const key = stored.slice('/files/'.length);
  return SAFE_KEY.test(key) ? key : null;
}

/**
 * The signed URL under which a stored reference `/files/{key}` is served, for a caller the route has already
 * checked may see what the file belongs to; null when there is none. `name` is the file name without extension
 * (the key's extension is added); the type comes from the key's extension.
 */
export function signedUrlOf(signer: UrlSigner, stored: string | null | undefined, name = 'file', options: SigningOptions = {}): string | null {
  const key = storedKeyOf(stored);
  if (!key) return null;
  const extension = key.includes('.') ? key.slice(key.lastIndexOf('.') + 1) : '';
  const contentType = MIME_BY_EXTENSION[extension] ?? 'application/octet-stream';
  return signer.fileUrl({ key, filename: extension ? `${name}.${extension}` : name, contentType }, options).url;
}

/**
 * A photo's URL as a caller who may see it gets it: a stored reference `/files/{key}` becomes its signed URL (valid
 * for an hour or more, the same URL within a quarter of an hour); an http(s) URL a client gave is its own and
 * stays as it is.
 */
export function signedPhotoUrl(signer: UrlSigner, stored: string | null, now?: number): string | null {
  if (stored === null || storedKeyOf(stored) === null) return stored;
  return signedUrlOf(signer, stored, 'photo', { ttlSeconds: PHOTO_URL_TTL_SECONDS, gridSeconds: PHOTO_URL_GRID_SECONDS, now });
}

/**
 * The stored reference of a file URL a client sends back in a save: `/files/{key}` as the upload answered it, or a
 * signed URL this backend handed out (`/signed-files/{key}?…`, with or without its origin), which becomes
 * `/files/{key}` again. The signature must be ours, but may have expired: a photo shown in the morning and saved
 * again in the afternoon keeps its file. Anything else is returned as it is, for the caller's own rules.
 */
export function storedReferenceOf(signer: UrlSigner, url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url, 'http://backend.invalid');
  } catch {
    return url;
  }
  const match = /^\/signed-files\/([^/]+)$/.exec(parsed.pathname);
  if (!match) return url;
  const key = decodeURIComponent(match[1]!);
  const query = Object.fromEntries(parsed.searchParams) as SignedUrlQuery;
  if (!SAFE_KEY.test(key) || signer.check(key, query, 0) !== 'valid') return url;
  return `/files/${key}`;
}

/**
 * Content-Disposition with the file's name: an ASCII fallback in `filename` and the exact name in `filename*`
 * (RFC 6266 / 5987), inline so that a new window shows a PDF rather than only saving it.
 */
export function contentDisposition(filename: string): string {
  const ascii = filename.normalize('NFKD').replace(/[^\x20-\x7e]/g, '').replace(/["\\]/g, '').replace(/[/:*?<>|]/g, '-').trim() || 'download';
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `inline; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** The headers every served file carries, whatever its type, so that it can never act as a page of our origin. */
export function protectServedFile(reply: FastifyReply, file: Pick<SignedFile, 'filename' | 'contentType'>): FastifyReply {
  return reply
    .type(file.contentType)
    .header('content-disposition', contentDisposition(file.filename))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', SANDBOX_CSP)
    .header('cache-control', 'private, no-store')
    .header('referrer-policy', 'no-referrer');
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Signs URLs for stored files (storage/signed-urls.ts). */
    urlSigner: UrlSigner;
  }
}

const signedFileSchema = {
  tags: ['files'],
  summary: 'A stored file through a signed URL that a route handed out (no session needed until it expires)',
  security: [],
  params: Type.Object({ key: Type.String({ maxLength: 140 }) }),
  querystring: Type.Object({
    name: Type.Optional(Type.String({ maxLength: 300, description: 'The file name it is served under (signed)' })),
    type: Type.Optional(Type.String({ maxLength: 100, description: 'The content type it is served with (signed)' })),
    expires: Type.Optional(Type.String({ maxLength: 20, description: 'Unix time in seconds after which the URL is refused (signed)' })),
    signature: Type.Optional(Type.String({ maxLength: 100, description: 'HMAC-SHA256 of the above, base64url' })),
  }),
  response: {
    200: Type.Unsafe<unknown>({ type: 'string', format: 'binary', description: 'The stored bytes, with the signed content type and file name' }),
    ...errorResponses,
  },
};

export type SignedUrlsOptions = { storage: FileStorage; secret?: string };

/** Decorates `app.urlSigner` and serves `GET /signed-files/{key}`. */
export default fp<SignedUrlsOptions>(
  async (app, options) => {
    const signer = new UrlSigner(options.secret);
    app.decorate('urlSigner', signer);
    app.get<{ Params: { key: string }; Querystring: SignedUrlQuery }>(
      '/signed-files/:key',
      { config: { public: true }, schema: signedFileSchema },
      async (request, reply) => {
        const { key } = request.params;
        const check = SAFE_KEY.test(key) ? signer.check(key, request.query) : 'invalid';
        if (check === 'expired') throw forbidden(EXPIRED_LINK_MESSAGE);
        if (check !== 'valid') throw forbidden(INVALID_LINK_MESSAGE);
        const stored = await options.storage.get(key);
        if (!stored) throw notFound('File');
        protectServedFile(reply, { filename: request.query.name!, contentType: request.query.type! });
        // A key is never written twice (each file gets a new random one), so the browser may keep what it got until the
        // URL expires: a photo shown again with the same URL is not downloaded again. Private: never a shared cache.
        const remaining = Math.max(0, Number(request.query.expires) - Math.floor(Date.now() / 1000));
        reply.header('cache-control', `private, max-age=${remaining}`);
        if (stored.size !== undefined) reply.header('content-length', stored.size);
        return reply.send(stored.body);
      },
    );
  },
  { name: 'signed-urls' },
);
