/**
 * A QR code's image per uuid (admin-organizations-buildings.md "Unassigned QR codes": "Images are served per
 * uuid"), as a PNG under a short-lived signed URL, so that an `<img src>` works without a bearer token
 * (DESIGN.md "Files"). Routes hand the URL out only for a uuid the caller may see (a location of theirs, or an
 * unassigned code for an administrator); the image is drawn when asked for, nothing is stored.
 *
 * The URL is signed by the app's UrlSigner under a key no stored file can have (`qr-code:` is outside
 * SAFE_KEY), so it opens nothing under /signed-files. Its expiry is rounded to a ten-minute window, so a list
 * fetched again within the window names the same URLs and the browser reuses the images it has.
 */
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { forbidden } from '../../jsonapi/errors';
import { errorResponses } from '../../jsonapi/schemas';
import { protectServedFile, type SignedUrlQuery, type UrlSigner } from '../../storage/signed-urls';
import { qrPng, universalLink } from './encode';

const WINDOW_SECONDS = 10 * 60;
const UUID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

export const EXPIRED_IMAGE_MESSAGE = 'This QR code image link has expired: reload the page for a new one.';
export const INVALID_IMAGE_MESSAGE = 'This QR code image link is not valid.';

const imageKey = (uuid: string) => `qr-code:${uuid.toLowerCase()}`;
const imageFile = (uuid: string) => ({ key: imageKey(uuid), filename: `qr-code-${uuid.toLowerCase()}.png`, contentType: 'image/png' });

/** The signed URL path of the uuid's QR code image, valid for 10 to 20 minutes from `now`. */
export function qrImageUrl(signer: UrlSigner, uuid: string, now = Date.now()): string {
  const windowStart = Math.floor(now / (WINDOW_SECONDS * 1000)) * WINDOW_SECONDS * 1000;
  const { url } = signer.fileUrl(imageFile(uuid), { ttlSeconds: 2 * WINDOW_SECONDS, now: windowStart });
  return `/qr-code-images/${uuid.toLowerCase()}${url.slice(url.indexOf('?'))}`;
}

const qrImageSchema = {
  tags: ['qr-codes'],
  summary: "A QR code's image (PNG, with its quiet zone) through the signed URL a location or unassigned code names as qrImageUrl",
  security: [],
  params: Type.Object({ uuid: Type.String({ pattern: UUID_PATTERN, maxLength: 36 }) }),
  querystring: Type.Object({
    name: Type.Optional(Type.String({ maxLength: 300, description: 'The file name it is served under (signed)' })),
    type: Type.Optional(Type.String({ maxLength: 100, description: 'Its content type (signed)' })),
    expires: Type.Optional(Type.String({ maxLength: 20, description: 'Unix time in seconds after which the URL is refused (signed)' })),
    signature: Type.Optional(Type.String({ maxLength: 100, description: 'HMAC-SHA256 of the above, base64url' })),
  }),
  response: {
    200: Type.Unsafe<unknown>({ type: 'string', format: 'binary', description: 'The PNG of `{public origin}/q/{uuid}`' }),
    ...errorResponses,
  },
};

/** GET /qr-code-images/{uuid}: the PNG, for a URL signed by qrImageUrl. */
export function registerQrImageRoute(app: FastifyInstance, publicUrl: string): void {
  app.get<{ Params: { uuid: string }; Querystring: SignedUrlQuery }>(
    '/qr-code-images/:uuid',
    { config: { public: true }, schema: qrImageSchema },
    async (request, reply) => {
      const uuid = request.params.uuid.toLowerCase();
      const check = app.urlSigner.check(imageKey(uuid), request.query);
      if (check === 'expired') throw forbidden(EXPIRED_IMAGE_MESSAGE);
      if (check !== 'valid') throw forbidden(INVALID_IMAGE_MESSAGE);
      const png = await qrPng(universalLink(publicUrl, uuid));
      const remaining = Math.max(0, Number(request.query.expires) - Math.floor(Date.now() / 1000));
      protectServedFile(reply, imageFile(uuid));
      // The URL is signed and expires: the browser may keep the image until then, and no shared cache may.
      return reply.header('cache-control', `private, max-age=${remaining}`).header('content-length', png.length).send(png);
    },
  );
}
