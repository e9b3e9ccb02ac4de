/**
 * Uploads (DESIGN.md "Files"): the client uploads first, then passes the returned URL in a save. That URL
 * (`/files/{key}`) is the stored reference, not an address: a file is only ever served through the signed URL a
 * route hands to a caller who may see what it belongs to (storage/signed-urls.ts).
 * `?kind=image` (the default: photos and logos) or `?kind=document` (a building's documents and contracts);
 * what each accepts, and how the type is read from the bytes, is in kinds.ts. JPEGs are turned upright from
 * their EXIF orientation, so every viewer shows them the same; a PDF's page count is kept with the upload.
 */
import { randomBytes } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { uploads } from '../../db/schema';
import { badParameter, HttpError, unprocessable } from '../../jsonapi/errors';
import { singleDocument } from '../../jsonapi/serializer';
import { scopeOf } from '../../plugins/authorization';
import { hasForbiddenCharacter, INVALID_CHARACTER_DETAIL } from '../../plugins/request-hygiene';
import type { FileStorage } from '../../storage';
import { preparedUpload, tooLargeMessage, UPLOAD_KINDS, UPLOAD_MAX_BYTES } from './kinds';
import { uploadSchema } from './schemas';
import { uploadResource } from './serialize';

const routes: FastifyPluginAsyncTypebox<{ storage: FileStorage }> = async (app, options) => {
  await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 5 } });

  app.post(
    '/uploads',
    { schema: uploadSchema },
    async (request, reply) => {
      const scope = scopeOf(request);
      const kind = UPLOAD_KINDS.find((k) => k === (request.query.kind ?? 'image'));
      if (!kind) throw badParameter('kind', `kind is ${UPLOAD_KINDS.join(' or ')}.`);
      if (!request.isMultipart()) throw badParameter('Content-Type', 'Send the file as multipart/form-data.');
      const file = await request.file();
      if (!file) throw unprocessable('Send one file.', '/file');
      // The one text of a multipart body that is kept (request-hygiene.ts checks JSON bodies, not this one).
      if (hasForbiddenCharacter(file.filename)) throw unprocessable(`The file's name ${INVALID_CHARACTER_DETAIL}`, '/file', 'INVALID_CHARACTER');
      let bytes: Buffer;
      try {
        bytes = await file.toBuffer();
      } catch (error) {
        // @fastify/multipart stops reading at the largest kind's limit.
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, tooLargeMessage(kind), { pointer: '/file' });
        throw error;
      }
      const prepared = await preparedUpload(kind, bytes, file.filename);
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
};

export default routes;
