/** The REST contract of uploads and stored files (docs/REST.md "Walkabout calls"). */
import Type from 'typebox';
import { errorResponses, Int, IntNull, PlainResource, ref, SingleDocument, Str } from '../../jsonapi/schemas';

export const UploadResource = PlainResource('UploadResource', 'uploads', {
  /** `/files/{key}`: the stored reference to pass in a save (a condition's photoUrl, a document, a contract); it is not served as it is. */
  url: Str,
  /** The type read from the file's bytes. */
  mimetype: Str,
  size: Int,
  /** What it was accepted as: image (photos and logos) or document. */
  kind: Type.Union([Type.Literal('image'), Type.Literal('document')]),
  /** A PDF's number of pages; null for anything else. */
  pageCount: IntNull,
});

export const uploadSchema = {
  tags: ['files'],
  summary: 'Upload one file (multipart/form-data): a photo or logo, or a document; answers its URL',
  description:
    'kind=image (the default): JPEG, PNG, GIF, WebP, HEIC or AVIF, at most 15 MB. kind=document: PDF, Word, Excel, PowerPoint (also 97–2003), OpenDocument, or an image (also TIFF), at most 50 MB. The type is read from the bytes: a file that is none of these, or whose name claims another type than its bytes are, is a 422; over the limit is a 413. A PDF has its page count read.',
  consumes: ['multipart/form-data'],
  querystring: Type.Object({ kind: Type.Optional(Type.String({ maxLength: 20 })) }),
  response: { 201: SingleDocument(ref(UploadResource)), ...errorResponses },
};
