/**
 * The one-origin promise (DESIGN.md "Files"): the browser uploads photos and loads files through the
 * gateway's origin, and the gateway passes them to the backend unchanged. `POST /uploads` (and `?kind=document`) streams the
 * multipart body as it arrives (never buffered or parsed here) with the caller's Authorization header;
 * `GET /files/{key}` streams the stored file back. The backend's status, headers and JSON:API error
 * documents reach the browser as the backend sent them. `GET /signed-files/{key}` passes a report's signed,
 * expiring link (walkaboutReportDownload) with its query, so the web opens the PDF on its own origin.
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

  // A document upload (issue 11) says so in its query; only the one value the backend knows is passed on.
  app.post<{ Querystring: { kind?: string } }>('/uploads', (request, reply) => reply.from(request.query.kind === 'document' ? '/uploads?kind=document' : '/uploads'));
  // One path segment, re-encoded: a key like `..` can only ever name a file, never another backend route.
  app.get<{ Params: { key: string } }>('/files/:key', (request, reply) => reply.from(`/files/${encodeURIComponent(request.params.key)}`));
  app.get<{ Params: { key: string } }>('/signed-files/:key', (request, reply) => {
    const query = request.url.indexOf('?');
    return reply.from(`/signed-files/${encodeURIComponent(request.params.key)}${query === -1 ? '' : request.url.slice(query)}`);
  });
};
