/** The REST contract of uploads and stored files (docs/REST.md "Walkabout calls"). */
import type { Readable } from 'node:stream';
import Type from 'typebox';
import { errorResponses, Int, PlainResource, ref, SingleDocument, Str } from '../../jsonapi/schemas';

export const UploadResource = PlainResource('UploadResource', 'uploads', {
  /** `/files/{key}`: pass it as a condition's photoUrl. */
  url: Str,
  mimetype: Str,
  size: Int,
});

export const uploadSchema = {
  tags: ['files'],
  summary: 'Upload one photo (multipart/form-data, at most 15 MB); answers its URL',
  consumes: ['multipart/form-data'],
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
