/**
 * Documents as GraphQL serves them (models.ts): a REST document becomes its GraphQL object once, where it arrives;
 * its building loads by id (batched).
 */
import { isPdf } from '@fsi/shared';
import type { Document, DocumentCategory, DocumentEmail, FailureItemKind } from '../../generated/resolvers';
import type { PlainFields } from '../../models';
import type { DocumentCategoryResource, DocumentEmailResource, DocumentResource } from '../../rest-types';

export type DocumentModel = PlainFields<
  Document,
  'id' | 'name' | 'category' | 'url' | 'mimetype' | 'isPdf' | 'pageCount' | 'bookmarks' | 'createdAt' | 'creatorUsername' | 'failureItemKind' | 'failureItemId'
> & { buildingId: string };
export type DocumentCategoryModel = PlainFields<DocumentCategory, 'id' | 'name' | 'order' | 'isDefault'>;
export type DocumentCategoryCountModel = { category: DocumentCategoryModel; documentsCount: number };
export type DocumentEmailModel = PlainFields<DocumentEmail, 'id' | 'recipients' | 'message' | 'createdAt'> & { documentId: string };

function failureItemOf(a: DocumentResource['attributes']): { kind: FailureItemKind; id: string } | null {
  if (a.entryId !== null) return { kind: 'ENTRY', id: String(a.entryId) };
  if (a.locationCommentId !== null) return { kind: 'LOCATION_COMMENT', id: String(a.locationCommentId) };
  return null;
}

export function toDocument(document: DocumentResource): DocumentModel {
  const a = document.attributes;
  const item = failureItemOf(a);
  return {
    id: document.id,
    name: a.name,
    category: a.category,
    url: a.url,
    mimetype: a.mimetype,
    isPdf: isPdf(a.mimetype),
    pageCount: a.metadata.pageCount,
    bookmarks: a.metadata.bookmarks,
    createdAt: a.createdAt,
    creatorUsername: a.creatorUsername,
    failureItemKind: item?.kind ?? null,
    failureItemId: item?.id ?? null,
    buildingId: String(a.buildingId),
  };
}

export function toDocumentCategory(category: DocumentCategoryResource): DocumentCategoryModel {
  const a = category.attributes;
  return { id: category.id, name: a.name, order: a.order, isDefault: a.isDefault };
}

export function toDocumentEmail(email: DocumentEmailResource): DocumentEmailModel {
  const a = email.attributes;
  return { id: email.id, recipients: a.recipients, message: a.message, createdAt: a.createdAt, documentId: email.relationships.document.data.id };
}
