/**
 * The REST contract of documents (spec inspection.md sections 2-8): the seven categories, a building's documents
 * (and those attached to a failure item: an entry or an off-cycle location comment), their PDF bookmarks, and
 * document e-mails.
 */
import { DOCUMENT_CATEGORIES } from '@fsi/shared';
import Type from 'typebox';
import { IdParams, ListQuery, SingleId } from '../../jsonapi/query';
import {
  AttributesBody,
  Bool,
  errorResponses,
  Int,
  IntNull,
  ListDocument,
  PlainResource,
  ref,
  Resource,
  SingleDocument,
  Str,
  StringOrNull,
  StrNull,
  ToOne,
  ToOneOrNull,
} from '../../jsonapi/schemas';

export const Bookmark = Type.Object({ label: Str, page: Int });

export const DocumentMetadata = Type.Object({
  /** A PDF's number of pages (read when it was uploaded); null for other types. */
  pageCount: IntNull,
  /** A PDF's bookmarks, in page order. */
  bookmarks: Type.Array(Bookmark),
});

export const DocumentResource = Resource(
  'DocumentResource',
  'documents',
  {
    name: Str,
    /** One of the seven categories, as spelled in GET /document-categories. */
    category: Str,
    /** A short-lived signed URL of the file (opens without a session until it expires). */
    url: Str,
    mimetype: Str,
    metadata: DocumentMetadata,
    createdAt: Str,
    creatorUsername: StrNull,
    buildingId: Int,
    building_id: Int,
    /** The failure item the document is attached to (an entry, or an off-cycle location comment); both null for a building's document. */
    entryId: IntNull,
    locationCommentId: IntNull,
  },
  { building: ToOne('buildings'), entry: ToOneOrNull('entries'), 'location-comment': ToOneOrNull('location-comments') },
);

export const DocumentCategoryResource = PlainResource('DocumentCategoryResource', 'document-categories', {
  name: Str,
  /** 0 to 6, the order of the categories screen. */
  order: Int,
  /** Fire Safety Plan: the new-document sheet's default. */
  isDefault: Bool,
  /** With filter[building]: the building's documents of the category; null without it. */
  documentsCount: IntNull,
});

export const DocumentEmailResource = Resource(
  'DocumentEmailResource',
  'document-emails',
  { recipients: Type.Array(Str), message: StrNull, createdAt: Str },
  { document: ToOne('documents') },
);

const tags = ['documents'];

export const listDocumentCategoriesSchema = {
  tags,
  summary: 'The seven document categories, in order; with filter[building], how many documents of the building each holds',
  querystring: Type.Object({ 'filter[building]': Type.Optional(SingleId) }),
  response: { 200: ListDocument(ref(DocumentCategoryResource)), ...errorResponses },
};

export const listDocumentsSchema = {
  tags,
  summary:
    "A building's documents by name (not those attached to failure items), of one category and matching a search when asked; or, with filter[id] alone, the documents named that the caller may see (of buildings whose contract is accepted)",
  querystring: ListQuery({
    'filter[building]': Type.Optional(SingleId),
    'filter[category]': Type.Optional(Type.String({ maxLength: 100, description: `One of: ${DOCUMENT_CATEGORIES.join(', ')}` })),
    'filter[search]': Type.Optional(Type.String({ maxLength: 256, description: 'Part of the name, any letter case' })),
  }),
  response: { 200: ListDocument(ref(DocumentResource)), ...errorResponses },
};

export const getDocumentSchema = {
  tags,
  summary: "One document (a failure item's document needs canViewFailureReport or canDocumentFailureReport)",
  params: IdParams,
  response: { 200: SingleDocument(ref(DocumentResource)), ...errorResponses },
};

const BookmarkInput = Type.Object({
  label: Type.Optional(StringOrNull({ maxLength: 1000 })),
  page: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
});
const MetadataInput = Type.Object({
  pageCount: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
  bookmarks: Type.Optional(Type.Array(BookmarkInput, { maxItems: 1000 })),
});
const Relationship = Type.Object({ data: Type.Object({ type: Type.Optional(Str), id: SingleId }) });

export const createDocumentSchema = {
  tags,
  summary:
    'A document from an upload of this organization (POST /uploads?kind=document): relationship building (canManageBuildings), or entry or location-comment for a failure item (canDocumentFailureReport)',
  body: Type.Object({
    data: Type.Object({
      type: Type.Optional(Str),
      attributes: Type.Object({
        name: Type.Optional(StringOrNull({ maxLength: 1000 })),
        category: Type.Optional(StringOrNull({ maxLength: 100 })),
        url: StringOrNull({ maxLength: 2048, description: 'The `/files/{key}` URL that POST /uploads answered' }),
        mimetype: Type.Optional(StringOrNull({ maxLength: 200, description: 'Ignored: the type is the one the upload was stored with' })),
        metadata: Type.Optional(MetadataInput),
      }),
      relationships: Type.Object({ building: Type.Optional(Relationship), entry: Type.Optional(Relationship), 'location-comment': Type.Optional(Relationship) }),
    }),
  }),
  response: { 201: SingleDocument(ref(DocumentResource)), ...errorResponses },
};

export const updateDocumentSchema = {
  tags,
  summary: "Rename, recategorize or set a PDF's bookmarks (metadata.bookmarks, checked against its page count); same permissions as creating it",
  params: IdParams,
  body: Type.Object({
    data: Type.Object({
      type: Type.Optional(Str),
      id: Type.Optional(Str),
      attributes: Type.Object({
        name: Type.Optional(StringOrNull({ maxLength: 1000 })),
        category: Type.Optional(StringOrNull({ maxLength: 100 })),
        metadata: Type.Optional(MetadataInput),
      }),
    }),
  }),
  response: { 200: SingleDocument(ref(DocumentResource)), ...errorResponses },
};

export const sendDocumentEmailSchema = {
  tags,
  summary: 'E-mail a link to a document (valid 7 days) to the recipients, with an optional message',
  body: AttributesBody(
    Type.Object({
      id: Type.Union([SingleId, Type.Integer({ minimum: 1, maximum: 999_999_999 })]),
      recipients: Type.Array(Type.String({ maxLength: 320 }), { maxItems: 50 }),
      message: Type.Optional(StringOrNull({ maxLength: 5000 })),
    }),
  ),
  response: { 201: SingleDocument(ref(DocumentEmailResource)), ...errorResponses },
};
