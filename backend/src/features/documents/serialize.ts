import { DOCUMENT_CATEGORIES } from '@fsi/shared';
import type { Static } from 'typebox';
import { resource, toOne, toOneOrNull } from '../../jsonapi/serializer';
import { signedUrlOf, type UrlSigner } from '../../storage/signed-urls';
import type { DocumentRow } from './repository';
import type { DocumentCategoryResource, DocumentResource } from './schemas';

/** A category's id: its name in lower case with dashes ('fire-safety-plan'), stable for client caches and URLs. */
export const categorySlug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-');

/** The stored page count of the document: the one read from the PDF on upload wins over one a client sent. */
export const pageCountOf = (d: Pick<DocumentRow, 'uploadPageCount' | 'metadata'>): number | null => d.uploadPageCount ?? d.metadata.pageCount ?? null;

export function documentResource(signer: UrlSigner, d: DocumentRow): Static<typeof DocumentResource> {
  return resource(
    'documents',
    d.id,
    {
      name: d.name,
      category: d.category,
      // The caller was checked to see the building (and the item); the URL opens the file for a few minutes.
      url: signedUrlOf(signer, `/files/${d.uploadKey}`, d.name)!,
      mimetype: d.mimetype,
      metadata: { pageCount: pageCountOf(d), bookmarks: d.metadata.bookmarks ?? [] },
      createdAt: d.createdAt.toISOString(),
      creatorUsername: d.creatorUsername,
      buildingId: d.buildingId,
      building_id: d.buildingId,
      entryId: d.entryId,
      locationCommentId: d.locationCommentId,
    },
    {
      building: toOne('buildings', d.buildingId),
      entry: toOneOrNull('entries', d.entryId),
      'location-comment': toOneOrNull('location-comments', d.locationCommentId),
    },
  );
}

export function documentCategoryResources(counts: ReadonlyMap<string, number> | null): Static<typeof DocumentCategoryResource>[] {
  return DOCUMENT_CATEGORIES.map((name, order) => ({
    type: 'document-categories' as const,
    id: categorySlug(name),
    attributes: { name, order, isDefault: order === 0, documentsCount: counts ? (counts.get(name) ?? 0) : null },
  }));
}
