/**
 * The one-origin promise (DESIGN.md "Files"): the browser uploads photos and loads files through the
 * gateway's origin, and the gateway passes them to the backend unchanged. `POST /uploads` (and `?kind=document`)
 * streams the multipart body as it arrives (never buffered or parsed here) with the caller's Authorization header.
 * Files are only ever read through the signed, expiring links the API hands out (photos, documents, contracts,
 * logos, report PDFs): `GET /signed-files/{key}` passes one on with its query, so `<img src>` and a new window
 * work on the app's own origin; `GET /qr-code-images/{uuid}` a QR code's signed image link likewise. The backend's
 * status, headers and JSON:API error documents reach the browser as the backend sent them.
 */
import type { FastifyPluginAsync } from 'fastify';
import replyFrom from '@fastify/reply-from';

export type UploadRoutesOptions = {
  /** The backend's origin, e.g. http://127.0.0.1:4001. */
  backendUrl: string;
};

export const uploadRoutes: FastifyPluginAsync<UploadRoutesOptions> = async (app, options) => {
  await app.register(replyFrom, { base: options.backendUrl });
  // Within this plugin only: every body stays the raw request stream, which reply-from pipes to the backend.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  // With its query (?kind=document), which the backend reads.
  app.post('/uploads', (request, reply) => {
    const query = request.url.indexOf('?');
    return reply.from(`/uploads${query === -1 ? '' : request.url.slice(query)}`);
  });
  // One path segment, re-encoded: a key like `..` can only ever name a file, never another backend route.
  app.get<{ Params: { key: string } }>('/signed-files/:key', (request, reply) => {
    const query = request.url.indexOf('?');
    return reply.from(`/signed-files/${encodeURIComponent(request.params.key)}${query === -1 ? '' : request.url.slice(query)}`);
  });
  // A QR code's image through its signed link (Location.qrImageUrl, UnassignedQrCode.qrImageUrl), as signed files go.
  app.get<{ Params: { uuid: string } }>('/qr-code-images/:uuid', (request, reply) => {
    const query = request.url.indexOf('?');
    return reply.from(`/qr-code-images/${encodeURIComponent(request.params.uuid)}${query === -1 ? '' : request.url.slice(query)}`);
  });
};
