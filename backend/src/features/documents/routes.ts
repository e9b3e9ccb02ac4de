/**
 * Documents (spec inspection.md sections 2-8): the seven categories, a building's documents with search and
 * category, one document, new documents from an upload (a building's, or a failure item's), renaming and PDF
 * bookmarks, and e-mailing a document.
 *
 * Who may do what (section 6 names only the failure items' Add Document): everyone who sees a building sees its
 * documents; adding and editing a building's documents is building management (canManageBuildings), a failure
 * item's is canDocumentFailureReport, and a failure item's documents are seen with the failure report
 * (canViewFailureReport) or by those who may add them. Until the building's contract is accepted its documents are
 * closed (409 CONTRACT_NOT_ACCEPTED), as its card says.
 */
import {
  BOOKMARKS_NEED_PDF_MESSAGE,
  isPdf,
  normalizedBookmarks,
  PAGE_COUNT_MESSAGE,
  pageCountMismatchMessage,
  validateBookmarks,
  validateDocumentCategory,
  validateDocumentName,
  type DocumentBookmark,
} from '@fsi/shared';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { eq } from 'drizzle-orm';
import type { DocumentCategory, DocumentMetadata } from '../../db/schema';
import { users } from '../../db/schema';
import { badParameter, FieldErrors, notFound, type FieldError } from '../../jsonapi/errors';
import { parseIds, parsePage } from '../../jsonapi/query';
import { listDocument, requestUrl, resource, singleDocument, toOne } from '../../jsonapi/serializer';
import { requirePermission, scopeOf, type Scope } from '../../plugins/authorization';
import { signedUrlOf, storedKeyOf } from '../../storage/signed-urls';
import { requireAcceptedContract } from '../buildings/contract';
import { NOT_AN_ITEM_MESSAGE } from '../failure-reports/routes';
import { findTarget, type FollowUpTarget } from '../failure-reports/repository';
import { displayName, parseRecipients } from '../walkabout-reports/emails';
import {
  categoryCounts,
  documentBuilding,
  documentsByIds,
  findDocument,
  insertDocument,
  listDocuments,
  updateDocument,
  uploadByKey,
  type DocumentBuilding,
  type DocumentRow,
} from './repository';
import {
  createDocumentSchema,
  getDocumentSchema,
  listDocumentCategoriesSchema,
  listDocumentsSchema,
  sendDocumentEmailSchema,
  updateDocumentSchema,
} from './schemas';
import { documentCategoryResources, documentResource, pageCountOf } from './serialize';

export const ONE_TARGET_MESSAGE = 'A document belongs to one thing: a relationship building, entry or location-comment.';
export const UPLOAD_REQUIRED_MESSAGE = 'Upload the file first and pass the URL that POST /uploads answered.';
export const UPLOAD_NOT_FOUND_MESSAGE = 'This upload was not found among your organization\u2019s files.';
export const NAME_THE_DOCUMENTS_MESSAGE = "Name the building (filter[building]) or the documents (filter[id]).";
/** A document e-mail's link works this long: recipients read mail days later, and cannot sign in to get a new one. */
export const DOCUMENT_EMAIL_LINK_DAYS = 7;

type MetadataInput = { pageCount?: number | null; bookmarks?: Array<{ label?: string | null; page?: number | null }> };

const BUILDING_DOCUMENTS_DENIED = "You are not allowed to manage this building's documents.";
const ITEM_DOCUMENTS_DENIED = 'You are not allowed to add documents to failure items.';

/** May the caller see this document: a failure item's needs the failure report, or the right to document it. */
function requireView(scope: Scope, document: DocumentRow): void {
  if (document.entryId === null && document.locationCommentId === null) return;
  requirePermission(
    scope,
    scope.permissions.canViewFailureReport || scope.permissions.canDocumentFailureReport,
    "You are not allowed to see failure items' documents.",
  );
}

function requireEdit(scope: Scope, isItem: boolean): void {
  if (isItem) requirePermission(scope, scope.permissions.canDocumentFailureReport, ITEM_DOCUMENTS_DENIED);
  else requirePermission(scope, scope.permissions.canManageBuildings, BUILDING_DOCUMENTS_DENIED);
}

/**
 * The metadata as stored after a change: the page count is the PDF's own when it was read on upload (a client's
 * differing count is a mistake), else the client's; bookmarks are for PDFs only, each page within the count.
 */
function checkedMetadata(input: MetadataInput, current: { mimetype: string; uploadPageCount: number | null; metadata: DocumentMetadata }, errors: FieldError[]): DocumentMetadata {
  const pointer = '/data/attributes/metadata';
  let pageCount = pageCountOf(current);
  if (input.pageCount !== undefined && input.pageCount !== null) {
    if (!Number.isInteger(input.pageCount) || input.pageCount < 1) errors.push({ pointer: `${pointer}/pageCount`, detail: PAGE_COUNT_MESSAGE });
    else if (current.uploadPageCount !== null && input.pageCount !== current.uploadPageCount) {
      errors.push({ pointer: `${pointer}/pageCount`, detail: pageCountMismatchMessage(current.uploadPageCount) });
    } else pageCount = input.pageCount;
  }
  let bookmarks = current.metadata.bookmarks ?? [];
  if (input.bookmarks !== undefined) {
    if (input.bookmarks.length && !isPdf(current.mimetype)) {
      errors.push({ pointer: `${pointer}/bookmarks`, detail: BOOKMARKS_NEED_PDF_MESSAGE });
    } else {
      const mistakes = validateBookmarks(input.bookmarks, pageCount);
      for (const m of mistakes) {
        errors.push({ pointer: m.index === null ? `${pointer}/bookmarks` : `${pointer}/bookmarks/${m.index}/${m.field}`, detail: m.message });
      }
      if (!mistakes.length) bookmarks = normalizedBookmarks(input.bookmarks as DocumentBookmark[]);
    }
  }
  return { pageCount, bookmarks };
}

function checkedName(value: string | null | undefined, errors: FieldError[]): string {
  const error = validateDocumentName(value);
  if (error) errors.push({ pointer: '/data/attributes/name', detail: error });
  return (value ?? '').trim();
}

function checkedCategory(value: string | null | undefined, errors: FieldError[]): DocumentCategory {
  const error = validateDocumentCategory(value);
  if (error) errors.push({ pointer: '/data/attributes/category', detail: error });
  return value as DocumentCategory;
}

const routes: FastifyPluginAsyncTypebox<{ publicUrl: string }> = async (app, options) => {
  /** The building in the caller's scope (404 outside it) with an accepted contract (409). */
  async function openBuilding(scope: Scope, id: number): Promise<DocumentBuilding> {
    const building = await documentBuilding(app.db, scope, id);
    if (!building) throw notFound('Building');
    requireAcceptedContract(building);
    return building;
  }

  /** The document in the caller's scope that they may see, its building's contract accepted. */
  async function visibleDocument(scope: Scope, id: number): Promise<DocumentRow> {
    const document = await findDocument(app.db, scope, id);
    if (!document) throw notFound('Document');
    requireAcceptedContract(document.building);
    requireView(scope, document);
    return document;
  }

  app.get('/document-categories', { schema: listDocumentCategoriesSchema }, async (request) => {
    const scope = scopeOf(request);
    const buildingId = request.query['filter[building]'];
    const counts = buildingId === undefined ? null : await categoryCounts(app.db, (await openBuilding(scope, Number(buildingId))).id);
    const data = documentCategoryResources(counts);
    return listDocument(data, { total: data.length, page: { number: 1, size: data.length, offset: 0 }, url: requestUrl(request) });
  });

  app.get('/documents', { schema: listDocumentsSchema }, async (request) => {
    const scope = scopeOf(request);
    const q = request.query;
    const page = parsePage(q);
    if (q['filter[building]'] === undefined) {
      // Documents by id (the gateway's batched loads): those the caller may see, the others left out.
      const ids = parseIds(q['filter[id]']);
      if (!ids) throw badParameter('filter[building]', NAME_THE_DOCUMENTS_MESSAGE);
      const withItems = scope.isAdmin || scope.permissions.canViewFailureReport || scope.permissions.canDocumentFailureReport;
      const { rows, total } = await documentsByIds(app.db, scope, ids, withItems, page);
      return listDocument(rows.map((d) => documentResource(app.urlSigner, d)), { total, page, url: requestUrl(request) });
    }
    const building = await openBuilding(scope, Number(q['filter[building]']));
    const category = q['filter[category]'];
    if (category !== undefined && validateDocumentCategory(category)) {
      throw badParameter('filter[category]', validateDocumentCategory(category)!);
    }
    const { rows, total } = await listDocuments(
      app.db,
      building.id,
      { ids: parseIds(q['filter[id]']), category: category as DocumentCategory | undefined, search: q['filter[search]'] },
      page,
    );
    return listDocument(rows.map((d) => documentResource(app.urlSigner, d)), { total, page, url: requestUrl(request) });
  });

  app.get('/documents/:id', { schema: getDocumentSchema }, async (request) =>
    singleDocument(documentResource(app.urlSigner, await visibleDocument(scopeOf(request), Number(request.params.id)))),
  );

  app.post('/documents', { schema: createDocumentSchema }, async (request, reply) => {
    const scope = scopeOf(request);
    const { attributes, relationships } = request.body.data;
    const named = (['building', 'entry', 'location-comment'] as const).filter((name) => relationships[name] !== undefined);
    if (named.length !== 1) throw new FieldErrors([{ pointer: '/data/relationships', detail: ONE_TARGET_MESSAGE }]);
    const name = named[0]!;
    const targetId = Number(relationships[name]!.data.id);
    let buildingId = targetId;
    let item: FollowUpTarget | null = null;
    if (name !== 'building') {
      const target: FollowUpTarget = name === 'entry' ? { kind: 'entries', id: targetId } : { kind: 'location-comments', id: targetId };
      item = target;
      const row = await findTarget(app.db, scope, target);
      if (!row) throw notFound(name === 'entry' ? 'Entry' : 'Location comment');
      if (!row.isItem) throw new FieldErrors([{ pointer: `/data/relationships/${name}`, detail: NOT_AN_ITEM_MESSAGE }]);
      buildingId = row.buildingId;
    }
    const building = await openBuilding(scope, buildingId);
    requireEdit(scope, item !== null);

    const errors: FieldError[] = [];
    const documentName = checkedName(attributes.name, errors);
    const category = checkedCategory(attributes.category, errors);
    const key = storedKeyOf(attributes.url?.trim());
    const upload = key ? await uploadByKey(app.db, key) : undefined;
    // Another organization's upload is answered as one that does not exist.
    const ours = upload && (upload.organizationId === building.organizationId || (upload.organizationId === null && upload.uploaderId === scope.userId));
    if (!key) errors.push({ pointer: '/data/attributes/url', detail: UPLOAD_REQUIRED_MESSAGE });
    else if (!upload || !ours) errors.push({ pointer: '/data/attributes/url', detail: UPLOAD_NOT_FOUND_MESSAGE });
    const metadata =
      upload && ours
        ? checkedMetadata(attributes.metadata ?? {}, { mimetype: upload.mimetype, uploadPageCount: upload.pageCount, metadata: {} }, errors)
        : { pageCount: null, bookmarks: [] };
    if (errors.length) throw new FieldErrors(errors);

    const id = await insertDocument(app.db, {
      buildingId: building.id,
      entryId: item?.kind === 'entries' ? item.id : null,
      locationCommentId: item?.kind === 'location-comments' ? item.id : null,
      name: documentName,
      category,
      uploadId: upload!.id,
      metadata,
      creatorId: scope.userId,
    });
    reply.code(201);
    return singleDocument(documentResource(app.urlSigner, (await findDocument(app.db, scope, id))!));
  });

  app.patch('/documents/:id', { schema: updateDocumentSchema }, async (request) => {
    const scope = scopeOf(request);
    const document = await visibleDocument(scope, Number(request.params.id));
    requireEdit(scope, document.entryId !== null || document.locationCommentId !== null);
    const attributes = request.body.data.attributes;
    const errors: FieldError[] = [];
    const change: { name?: string; category?: DocumentCategory; metadata?: DocumentMetadata } = {};
    if (attributes.name !== undefined) change.name = checkedName(attributes.name, errors);
    if (attributes.category !== undefined) change.category = checkedCategory(attributes.category, errors);
    if (attributes.metadata !== undefined) change.metadata = checkedMetadata(attributes.metadata, document, errors);
    if (errors.length) throw new FieldErrors(errors);
    await updateDocument(app.db, document.id, change);
    return singleDocument(documentResource(app.urlSigner, (await findDocument(app.db, scope, document.id))!));
  });

  app.post('/document-emails', { schema: sendDocumentEmailSchema }, async (request, reply) => {
    const scope = scopeOf(request);
    const { id, recipients, message } = request.body.data.attributes;
    const to = parseRecipients(recipients);
    const document = await visibleDocument(scope, Number(id));
    const [sender] = await app.db
      .select({ firstname: users.firstname, lastname: users.lastname, username: users.username })
      .from(users)
      .where(eq(users.id, scope.userId));
    // Sent as written; only a message of white space is none (spec section 5: sent only if non-empty).
    const text = message && message.trim() !== '' ? message : null;
    const link = new URL(
      signedUrlOf(app.urlSigner, `/files/${document.uploadKey}`, document.name, { ttlSeconds: DOCUMENT_EMAIL_LINK_DAYS * 24 * 60 * 60 })!,
      options.publicUrl,
    ).toString();
    const content = documentEmailContent(document, link, { sender: sender ? displayName(sender) : null, message: text });
    const outbox: number[] = [];
    for (const address of to) outbox.push(await app.mailer.send({ to: address, ...content }));
    reply.code(201);
    return singleDocument(
      resource('document-emails', outbox[0]!, { recipients: to, message: text, createdAt: new Date().toISOString() }, { document: toOne('documents', document.id) }),
    );
  });
};

/** The subject and body of a document's e-mail: the document, its building, the sender's message and the link. */
export function documentEmailContent(document: DocumentRow, link: string, options: { sender: string | null; message: string | null }) {
  const subject = `${document.name} \u2013 ${document.building.name}`;
  const lines = [`${options.sender ?? 'A user'} sent you the document "${document.name}" (${document.category}) of ${document.building.name}.`];
  if (options.message) lines.push('', `Message from ${options.sender ?? 'the sender'}:`, options.message);
  lines.push('', `Open it here (the link works for ${DOCUMENT_EMAIL_LINK_DAYS} days):`, link);
  return { subject, text: lines.join('\n') };
}

export default routes;
