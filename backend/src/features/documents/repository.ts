/** Reads and writes of documents (spec inspection.md sections 2-8), always through the caller's scope. */
import { and, asc, count, eq, ilike, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { buildings, documents, uploads, users, type DocumentCategory, type DocumentMetadata } from '../../db/schema';
import type { Page } from '../../jsonapi/query';
import { buildingsInScope, type Scope } from '../../plugins/authorization';

/** What the contract gate and the upload check need of a building. */
export type DocumentBuilding = { id: number; name: string; organizationId: number; contractUrl: string | null; contractAcceptedAt: Date | null };

const buildingColumns = {
  id: buildings.id,
  name: buildings.name,
  organizationId: buildings.organizationId,
  contractUrl: buildings.contractUrl,
  contractAcceptedAt: buildings.contractAcceptedAt,
};

/** The building when the caller may see it. */
export async function documentBuilding(db: Database, scope: Scope, id: number): Promise<DocumentBuilding | undefined> {
  const [row] = await db.select(buildingColumns).from(buildings).where(and(eq(buildings.id, id), buildingsInScope(scope)));
  return row;
}

export type DocumentRow = typeof documents.$inferSelect & {
  uploadKey: string;
  mimetype: string;
  uploadPageCount: number | null;
  creatorUsername: string | null;
  building: DocumentBuilding;
};

const documentColumns = {
  document: documents,
  uploadKey: uploads.key,
  mimetype: uploads.mimetype,
  uploadPageCount: uploads.pageCount,
  creatorUsername: users.username,
  building: buildingColumns,
};

function selectDocuments(db: Database) {
  return db
    .select(documentColumns)
    .from(documents)
    .innerJoin(uploads, eq(uploads.id, documents.uploadId))
    .innerJoin(buildings, eq(buildings.id, documents.buildingId))
    .leftJoin(users, eq(users.id, documents.creatorId));
}

type Selected = {
  document: typeof documents.$inferSelect;
  uploadKey: string;
  mimetype: string;
  uploadPageCount: number | null;
  creatorUsername: string | null;
  building: DocumentBuilding;
};
const rowOf = (r: Selected): DocumentRow => ({ ...r.document, uploadKey: r.uploadKey, mimetype: r.mimetype, uploadPageCount: r.uploadPageCount, creatorUsername: r.creatorUsername, building: r.building });

/** The document when the caller may see its building. */
export async function findDocument(db: Database, scope: Scope, id: number): Promise<DocumentRow | undefined> {
  const [row] = await selectDocuments(db).where(and(eq(documents.id, id), buildingsInScope(scope)));
  return row ? rowOf(row) : undefined;
}

/** The documents of failure items (entries, location comments), for the failure report's Documents column. */
export async function itemDocuments(db: Database, entryIds: number[], locationCommentIds: number[]): Promise<DocumentRow[]> {
  const conditions: SQL[] = [];
  if (entryIds.length) conditions.push(inArray(documents.entryId, entryIds));
  if (locationCommentIds.length) conditions.push(inArray(documents.locationCommentId, locationCommentIds));
  if (!conditions.length) return [];
  const rows = await selectDocuments(db)
    .where(sql.join(conditions, sql` or `))
    .orderBy(asc(documents.createdAt), asc(documents.id));
  return rows.map(rowOf);
}

export type DocumentFilters = { ids?: number[]; category?: DocumentCategory; search?: string };

/** A building's own documents (not those of failure items): the building's id checked in scope by the caller. */
function buildingDocumentsWhere(buildingId: number, filters: DocumentFilters): SQL {
  const conditions: SQL[] = [eq(documents.buildingId, buildingId), isNull(documents.entryId), isNull(documents.locationCommentId)];
  if (filters.ids) conditions.push(inArray(documents.id, filters.ids.length ? filters.ids : [-1]));
  if (filters.category) conditions.push(eq(documents.category, filters.category));
  const search = filters.search?.trim();
  // LIKE's wildcards in what the user typed are searched for as they are.
  if (search) conditions.push(ilike(documents.name, `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  return and(...conditions)!;
}

export async function listDocuments(db: Database, buildingId: number, filters: DocumentFilters, page: Page): Promise<{ rows: DocumentRow[]; total: number }> {
  const where = buildingDocumentsWhere(buildingId, filters);
  const [rows, [total]] = await Promise.all([
    selectDocuments(db).where(where).orderBy(asc(sql`lower(${documents.name})`), asc(documents.id)).limit(page.size).offset(page.offset),
    db.select({ value: count() }).from(documents).where(where),
  ]);
  return { rows: rows.map(rowOf), total: total?.value ?? 0 };
}

/**
 * Documents by id across buildings (the gateway's batched loads): those the caller may see, of buildings whose
 * contract is accepted; failure items' documents only when `withItems`.
 */
export async function documentsByIds(db: Database, scope: Scope, ids: number[], withItems: boolean, page: Page): Promise<{ rows: DocumentRow[]; total: number }> {
  const conditions: SQL[] = [inArray(documents.id, ids.length ? ids : [-1]), buildingsInScope(scope), isNotNull(buildings.contractAcceptedAt)];
  if (!withItems) conditions.push(isNull(documents.entryId), isNull(documents.locationCommentId));
  const where = and(...conditions)!;
  const [rows, [total]] = await Promise.all([
    selectDocuments(db).where(where).orderBy(asc(sql`lower(${documents.name})`), asc(documents.id)).limit(page.size).offset(page.offset),
    db.select({ value: count() }).from(documents).innerJoin(buildings, eq(buildings.id, documents.buildingId)).where(where),
  ]);
  return { rows: rows.map(rowOf), total: total?.value ?? 0 };
}

/** The building's documents per category. */
export async function categoryCounts(db: Database, buildingId: number): Promise<Map<string, number>> {
  const rows = await db
    .select({ category: documents.category, value: count() })
    .from(documents)
    .where(buildingDocumentsWhere(buildingId, {}))
    .groupBy(documents.category);
  return new Map(rows.map((r) => [r.category, Number(r.value)]));
}

/** The upload a stored reference `/files/{key}` names. */
export async function uploadByKey(db: Database, key: string) {
  const [row] = await db.select().from(uploads).where(eq(uploads.key, key));
  return row;
}

export type NewDocument = {
  buildingId: number;
  entryId: number | null;
  locationCommentId: number | null;
  name: string;
  category: DocumentCategory;
  uploadId: number;
  metadata: DocumentMetadata;
  creatorId: number;
};

export async function insertDocument(db: Database, values: NewDocument): Promise<number> {
  const [row] = await db.insert(documents).values(values).returning({ id: documents.id });
  return row!.id;
}

export async function updateDocument(db: Database, id: number, change: { name?: string; category?: DocumentCategory; metadata?: DocumentMetadata }): Promise<void> {
  if (!Object.keys(change).length) return;
  await db.update(documents).set(change).where(eq(documents.id, id));
}
