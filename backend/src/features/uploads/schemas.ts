/** The REST contract of uploads and stored files (docs/REST.md "Walkabout calls"). */
import type { Readable } from 'node:stream';
import Type from 'typebox';
import { errorResponses, Int, IntNull, PlainResource, ref, SingleDocument, Str, StringEnum } from '../../jsonapi/schemas';

export const UploadResource = PlainResource('UploadResource', 'uploads', {
  /** `/files/{key}`: pass it as a condition's photoUrl. */
  url: Str,
  mimetype: Str,
  size: Int,
  /** What it was accepted as: a photo (image) or a document (PDF, office file or image). */
  kind: StringEnum(['image', 'document']),
  /** A PDF's number of pages; null for anything else. */
  pageCount: IntNull,
});

export const uploadSchema = {
  tags: ['files'],
  summary: 'Upload one photo, or with kind=document one document (a PDF, Word, Excel or PowerPoint file, or an image), as multipart/form-data of at most 15 MB; answers its URL, type and a PDF\'s page count',
  consumes: ['multipart/form-data'],
  querystring: Type.Object({ kind: Type.Optional(StringEnum(['image', 'document'])) }),
  response: { 201: SingleDocument(ref(UploadResource)), ...errorResponses },
};

export const fileSchema = {
  tags: ['files'],
  summary: 'A stored file, by its unguessable key',
  security: [],
  params: Type.Object({ key: Type.String({ maxLength: 140 }) }),
  response: {
    // Sent as the stream it is read as (never through the JSON serializer), with its stored type.
    200: Type.Unsafe<Readable>({ type: 'string', format: 'binary', description: 'The stored bytes, with their content type' }),
    ...errorResponses,
  },
};
