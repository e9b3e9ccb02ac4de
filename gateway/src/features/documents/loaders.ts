/**
 * Documents over REST (inspection.md sections 2-8). Documents load by id in one call per request
 * (`GET /documents?filter[id]=1,2,3`: a fire safety plan of every building of a page, the documents of every
 * failure item of a report); a building's list is one call per page.
 */
import DataLoader from 'dataloader';
import { RestError, type RestClient } from '../../rest-client';
import { byIdLoader, isRestId, memoizeByArgs, pageQuery, prime, toConnection, type ConnectionRecord, type PageArgs } from '../../loaders';
import { toFieldErrors, type FieldErrorRecord } from '../../errors';
import type { CreateDocumentInput, DocumentBookmarkInput, UpdateDocumentInput } from '../../generated/resolvers';
import type { RestBody, RestRoute } from '../../rest-types';
import { MODEL_PATH } from '../reports/model';
import { toDocument, toDocumentCategory, toDocumentEmail, type DocumentCategoryCountModel, type DocumentCategoryModel, type DocumentEmailModel, type DocumentModel } from './model';

export type DocumentConnectionRecord = ConnectionRecord<DocumentModel>;
export type DocumentListArgs = PageArgs & { buildingId: string; category?: string | null; search?: string | null };
export type DocumentResult = { document: DocumentModel | null; errors: FieldErrorRecord[] };
export type DocumentEmailResult = { email: DocumentEmailModel | null; errors: FieldErrorRecord[] };

/** The mutations' input fields by the REST pointer a 409 or 422 names. */
const FIELD_OF_POINTER: Array<[RegExp, string]> = [
  [/^\/data\/attributes\/metadata(\/|$)/, 'bookmarks'],
  [/^\/data\/attributes\/(name|category|url|recipients|message)(\/|$)/, '$1'],
  [/^\/data\/attributes\/id$/, 'documentId'],
  [/^\/data\/relationships\/building(\/|$)/, 'buildingId'],
  [/^\/data\/relationships\/(entry|location-comment)(\/|$)/, 'failureItemId'],
];

function fieldOfPointer(pointer: string | undefined): string | null {
  if (!pointer) return null;
  for (const [pattern, field] of FIELD_OF_POINTER) {
    const match = pattern.exec(pointer);
    if (match) return field.startsWith('$') ? match[Number(field.slice(1))]! : field;
  }
  return null;
}

/**
 * A mutation on documents: 409 (the contract gate) and 422 are payload errors at the mutation's own field names, and
 * so is a record that does not exist or is out of scope (404, at `notFoundField`). 401 and 403 stay GraphQL errors.
 */
async function onDocument<T>(call: () => Promise<T>, failed: (errors: FieldErrorRecord[]) => T, notFoundField: string | null): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof RestError)) throw error;
    if (error.status === 404) return failed([{ field: notFoundField, message: error.message, code: 'NOT_FOUND' }]);
    if (error.status !== 409 && error.status !== 422) throw error;
    return failed(toFieldErrors(error).map((e, index) => ({ ...e, field: fieldOfPointer(error.errors[index]?.source?.pointer) })));
  }
}

/** An empty page: a building out of scope, or closed by its contract, lists no documents. */
const emptyPage = (page: number, pageSize: number): DocumentConnectionRecord => ({ nodes: [], pageInfo: { page, pageSize, totalCount: 0, hasNextPage: false } });

const bookmarksOf = (bookmarks: readonly DocumentBookmarkInput[]) => bookmarks.map((b) => ({ label: b.label, page: b.page }));

export function createDocumentLoaders(rest: RestClient) {
  const byId = byIdLoader<RestBody<'/documents'>, DocumentModel>(rest, '/documents', toDocument);

  /** GET /document-categories?filter[building]: one call per building asked for (the counts are per building). */
  const categoryCounts = new DataLoader<string, DocumentCategoryCountModel[]>((buildingIds) =>
    Promise.all(
      buildingIds.map(async (buildingId) => {
        if (!isRestId(buildingId)) return [];
        try {
          const document = await rest.get<RestBody<'/document-categories'>>('/document-categories', { 'filter[building]': buildingId });
          return document.data.map((c) => ({ category: toDocumentCategory(c), documentsCount: c.attributes.documentsCount ?? 0 }));
        } catch (error) {
          // Out of scope (404) or closed by its contract (409): no counts to show.
          if (error instanceof RestError && (error.status === 404 || error.status === 409)) return [];
          throw error;
        }
      }),
    ),
  );

  return {
    byId,
    categoryCounts,

    /** GET /document-categories: the seven categories, in order. */
    categories: memoizeByArgs(async (_args: Record<string, never>): Promise<DocumentCategoryModel[]> => {
      const document = await rest.get<RestBody<'/document-categories'>>('/document-categories');
      return document.data.map(toDocumentCategory);
    }),

    /** GET /documents?filter[building]: one page of a building's documents, of a category and matching a search. */
    page: memoizeByArgs(async (args: DocumentListArgs): Promise<DocumentConnectionRecord> => {
      const { page, pageSize, query } = pageQuery(args, 50);
      if (!isRestId(args.buildingId)) return emptyPage(page, pageSize);
      try {
        const document = await rest.get<RestBody<'/documents'>>('/documents', {
          ...query,
          'filter[building]': args.buildingId,
          'filter[category]': args.category ?? undefined,
          'filter[search]': args.search?.trim() ? args.search : undefined,
        });
        const connection = toConnection(document, page, pageSize, toDocument);
        prime(byId, connection.nodes);
        return connection;
      } catch (error) {
        if (error instanceof RestError && (error.status === 404 || error.status === 409)) return emptyPage(page, pageSize);
        throw error;
      }
    }),

    /** POST /documents: a building's document, or a failure item's (one relationship, named after the item's model). */
    create(input: CreateDocumentInput): Promise<DocumentResult> {
      const failed = (errors: FieldErrorRecord[]): DocumentResult => ({ document: null, errors });
      const item = input.failureItemKind && input.failureItemId ? { kind: input.failureItemKind, id: input.failureItemId } : null;
      const targetId = item ? item.id : input.buildingId;
      const targetField = item ? 'failureItemId' : 'buildingId';
      if (targetId && !isRestId(targetId)) return Promise.resolve(failed([{ field: targetField, message: 'There is no such record.', code: 'NOT_FOUND' }]));
      const relationships = {
        ...(input.buildingId ? { building: { data: { type: 'buildings', id: input.buildingId } } } : {}),
        ...(item ? { [item.kind === 'ENTRY' ? 'entry' : 'location-comment']: { data: { type: MODEL_PATH[item.kind], id: item.id } } } : {}),
      };
      return onDocument(
        async () => {
          const answer = await rest.post<RestRoute<'/documents', 'post'>>('/documents', {
            data: {
              type: 'documents',
              attributes: {
                name: input.name,
                category: input.category,
                url: input.url,
                ...(input.bookmarks ? { metadata: { bookmarks: bookmarksOf(input.bookmarks) } } : {}),
              },
              relationships,
            },
          });
          const document = toDocument(answer.data);
          byId.prime(document.id, document);
          return { document, errors: [] };
        },
        failed,
        targetField,
      );
    },

    /** PATCH /documents/{id}: name, category and the PDF's bookmarks. */
    update(id: string, input: UpdateDocumentInput): Promise<DocumentResult> {
      const failed = (errors: FieldErrorRecord[]): DocumentResult => ({ document: null, errors });
      if (!isRestId(id)) return Promise.resolve(failed([{ field: 'id', message: 'There is no such document.', code: 'NOT_FOUND' }]));
      return onDocument(
        async () => {
          const answer = await rest.patch<RestRoute<'/documents/{id}', 'patch'>>(`/documents/${id}`, {
            data: {
              type: 'documents',
              id,
              attributes: {
                ...(input.name !== undefined && input.name !== null ? { name: input.name } : {}),
                ...(input.category !== undefined && input.category !== null ? { category: input.category } : {}),
                ...(input.bookmarks ? { metadata: { bookmarks: bookmarksOf(input.bookmarks) } } : {}),
              },
            },
          });
          const document = toDocument(answer.data);
          byId.clear(id).prime(id, document);
          return { document, errors: [] };
        },
        failed,
        'id',
      );
    },

    /** POST /document-emails: a link to the document to the recipients (the backend splits each text on commas). */
    email(documentId: string, recipients: string[], message: string | null | undefined): Promise<DocumentEmailResult> {
      const failed = (errors: FieldErrorRecord[]): DocumentEmailResult => ({ email: null, errors });
      if (!isRestId(documentId)) return Promise.resolve(failed([{ field: 'documentId', message: 'There is no such document.', code: 'NOT_FOUND' }]));
      return onDocument(
        async () => {
          const answer = await rest.post<RestRoute<'/document-emails', 'post'>>('/document-emails', {
            data: { type: 'document-emails', attributes: { id: documentId, recipients, message: message ?? null } },
          });
          return { email: toDocumentEmail(answer.data), errors: [] };
        },
        failed,
        'documentId',
      );
    },
  };
}

export type DocumentLoaders = ReturnType<typeof createDocumentLoaders>;
