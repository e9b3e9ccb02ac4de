/**
 * Uploads (DESIGN.md "Files"): the client uploads first, then passes the returned URL in a save.
 * Photos must be images; the content is checked by decoding it, not by the name or the declared
 * type. JPEGs are turned upright from their EXIF orientation, so every viewer shows them the same.
 */
import { randomBytes } from 'node:crypto';
import multipart from '@fastify/multipart';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import sharp from 'sharp';
import { uploads, type UploadKind } from '../../db/schema';
import { badParameter, notFound, unprocessable } from '../../jsonapi/errors';
import { singleDocument } from '../../jsonapi/serializer';
import { scopeOf } from '../../plugins/authorization';
import { hasForbiddenCharacter, INVALID_CHARACTER_DETAIL } from '../../plugins/request-hygiene';
import type { FileStorage } from '../../storage';
import { preparedDocument } from './documents';
import { fileSchema, uploadSchema } from './schemas';
import { uploadResource } from './serialize';

export const UPLOAD_MAX_BYTES = 15 * 1024 * 1024;
export const NOT_AN_IMAGE_MESSAGE = 'Photo must be an image (JPEG, PNG, GIF, WebP, HEIC or AVIF).';

const IMAGE_FORMATS: Record<string, { mimetype: string; extension: string }> = {
  jpeg: { mimetype: 'image/jpeg', extension: 'jpg' },
  png: { mimetype: 'image/png', extension: 'png' },
  gif: { mimetype: 'image/gif', extension: 'gif' },
  webp: { mimetype: 'image/webp', extension: 'webp' },
  heif: { mimetype: 'image/heic', extension: 'heic' },
  avif: { mimetype: 'image/avif', extension: 'avif' },
};

/** The image's real format, and its bytes with a JPEG turned upright (sharp's rotate() reads the EXIF orientation). */
async function preparedImage(bytes: Buffer): Promise<{ body: Buffer; mimetype: string; extension: string }> {
  const image = await imageOrNull(bytes);
  if (!image) throw unprocessable(NOT_AN_IMAGE_MESSAGE, '/file');
  return image;
}

/** preparedImage, or null for bytes that are not an image of a known format. */
async function imageOrNull(bytes: Buffer): Promise<{ body: Buffer; mimetype: string; extension: string } | null> {
  let format: string | undefined;
  let orientation: number | undefined;
  try {
    ({ format, orientation } = await sharp(bytes).metadata());
  } catch {
    return null;
  }
  const known = format === undefined ? undefined : IMAGE_FORMATS[format];
  if (!known) return null;
  if (format === 'jpeg' && orientation !== undefined && orientation > 1) {
    // Re-encoded at a high quality; the other metadata (camera, GPS) is dropped with the orientation.
    return { body: await sharp(bytes).rotate().jpeg({ quality: 92 }).toBuffer(), ...known };
  }
  return { body: bytes, ...known };
}

const routes: FastifyPluginAsyncTypebox<{ storage: FileStorage }> = async (app, options) => {
  await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 5 } });

  app.post(
    '/uploads',
    { schema: uploadSchema },
    async (request, reply) => {
      const scope = scopeOf(request);
      if (!request.isMultipart()) throw badParameter('Content-Type', 'Send the file as multipart/form-data.');
      const file = await request.file();
      if (!file) throw unprocessable('Send one file.', '/file');
      // The one text of a multipart body that is kept (request-hygiene.ts checks JSON bodies, not this one).
      if (hasForbiddenCharacter(file.filename)) throw unprocessable(`The file's name ${INVALID_CHARACTER_DETAIL}`, '/file', 'INVALID_CHARACTER');
      const bytes = await file.toBuffer();
      // A document (PDF, office file or image: features/uploads/documents.ts) or, by default, a photo.
      const kind: UploadKind = request.query.kind === 'document' ? 'document' : 'image';
      const prepared = kind === 'document' ? await preparedDocument(bytes, file.filename, imageOrNull) : { ...(await preparedImage(bytes)), pageCount: null };
      const key = `${randomBytes(24).toString('base64url')}.${prepared.extension}`;
      await options.storage.put(key, prepared.body, prepared.mimetype);
      const [row] = await app.db
        .insert(uploads)
        .values({
          key,
          mimetype: prepared.mimetype,
          size: prepared.body.length,
          originalName: file.filename.slice(0, 255),
          uploaderId: scope.userId,
          organizationId: scope.organizationId,
          kind,
          pageCount: prepared.pageCount,
        })
        .returning();
      reply.code(201);
      return singleDocument(uploadResource(row!));
    },
  );

  app.get(
    '/files/:key',
    // Browsers load photos with <img src>, which sends no bearer token; the key is the secret.
    { config: { public: true }, schema: fileSchema },
    async (request, reply) => {
      const [row] = await app.db.select().from(uploads).where(eq(uploads.key, request.params.key));
      const file = row ? await options.storage.get(row.key) : null;
      if (!row || !file) throw notFound('File');
      reply
        .type(row.mimetype)
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff');
      if (file.size !== undefined) reply.header('content-length', file.size);
      return reply.send(file.body);
    },
  );
};

export default routes;
