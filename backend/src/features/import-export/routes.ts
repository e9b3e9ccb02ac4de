/**
 * Import and export (admin-organizations-buildings.md sections 2, 7 and 8; section 6: administrators only).
 * An import is checked as it arrives (the file, its header, every row's own rules: one 422 error per problem),
 * then applied by a job (jobs/index.ts) in one transaction, whose progress GET /data-imports/{id} answers.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DATA_SET_COLUMNS, DATA_SET_TYPES, headerProblems, IMPORT_FILE_ERROR_MESSAGE, IMPORT_FILE_MAX_BYTES, IMPORT_ROWS_MAX, IMPORT_SUCCESS_MESSAGE, importProblemText, rowProblems, type DataSetRow, type DataSetType, type ImportProblem } from '@fsi/shared/import-export';
import { eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Static } from 'typebox';
import { organizations } from '../../db/schema';
import { FieldErrors, notFound, unprocessable } from '../../jsonapi/errors';
import { singleDocument } from '../../jsonapi/serializer';
import { requireAdmin, scopeOf } from '../../plugins/authorization';
import { readCsv, UnreadableFile, writeCsv } from './csv';
import { exportRows } from './export';
import { applyImport, ImportRefused, type NumberedRow } from './import';
import { DataExportResource, DataImportResource, exportDataSchema, importDataSchema, importJobSchema } from './schemas';

export const DATA_IMPORT_QUEUE = 'data-import';
const FILE_POINTER = '/data/attributes/file';
/** At most this many problems are listed: enough to correct a file, few enough for one answer. */
const PROBLEMS_LISTED = 200;

type ImportJobData = { importId: string; organizationId: number; type: DataSetType; csv: string; rowsTotal: number };
type ImportOutcome = { status: 'succeeded'; messages: string[] } | { status: 'failed'; problems: ImportProblem[] };
type DataImport = Static<typeof DataImportResource>['attributes'];

const withText = (p: ImportProblem) => ({ ...p, text: importProblemText(p) });

/** The rows of a checked file as records of its columns, with their line numbers. */
function numberedRows(type: DataSetType, table: string[][]): NumberedRow<DataSetType>[] {
  const [header, ...rows] = table;
  return rows.map((cells, index) => ({
    row: index + 2,
    values: Object.fromEntries(header!.map((column, i) => [column, cells[i] ?? ''])) as DataSetRow<DataSetType>,
  }));
}

function decodeFile(file: string): Buffer {
  const base64 = file.replace(/^data:[^,]*;base64,/, '').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64) || base64.length % 4 === 1) throw unprocessable(IMPORT_FILE_ERROR_MESSAGE, FILE_POINTER);
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > IMPORT_FILE_MAX_BYTES) throw unprocessable(`The file is larger than ${IMPORT_FILE_MAX_BYTES / 1024 / 1024} MB.`, FILE_POINTER);
  return bytes;
}

/** The file read and checked: its rows, or a 422 listing every problem. */
function checkedRows(type: DataSetType, bytes: Buffer): NumberedRow<DataSetType>[] {
  let table: string[][];
  try {
    table = readCsv(bytes);
  } catch (error) {
    if (error instanceof UnreadableFile) throw unprocessable(IMPORT_FILE_ERROR_MESSAGE, FILE_POINTER);
    throw error;
  }
  if (table.length === 0) throw unprocessable(IMPORT_FILE_ERROR_MESSAGE, FILE_POINTER);
  const header = headerProblems(type, table[0]!);
  if (header.length) throw new FieldErrors(header.map((p) => ({ pointer: FILE_POINTER, detail: importProblemText(p) })));
  if (table.length - 1 > IMPORT_ROWS_MAX) throw unprocessable(`The file has ${table.length - 1} rows; at most ${IMPORT_ROWS_MAX} are taken at once.`, FILE_POINTER);
  if (table.length === 1) throw unprocessable('The file has no rows below its header.', FILE_POINTER);
  const rows = numberedRows(type, table);
  const problems = rows.flatMap((r) => rowProblems(type, r.row, r.values));
  if (problems.length) throw new FieldErrors(problems.slice(0, PROBLEMS_LISTED).map((p) => ({ pointer: FILE_POINTER, detail: importProblemText(p) })));
  return rows;
}

const routes: FastifyPluginAsyncTypebox = async (app) => {
  /** Rows done of the imports this replica runs; the outcome itself is the job's output, which every replica reads. */
  const running = new Map<string, number>();

  async function organizationOf(id: number): Promise<number> {
    const [organization] = await app.db.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, id));
    if (!organization) throw notFound('Organization');
    return organization.id;
  }

  app.jobs.work(DATA_IMPORT_QUEUE, async (data: ImportJobData): Promise<ImportOutcome> => {
    running.set(data.importId, 0);
    try {
      const rows = numberedRows(data.type, readCsv(Buffer.from(data.csv, 'utf8')));
      const messages = await applyImport(app.db, data.type, data.organizationId, rows, (done) => running.set(data.importId, Math.min(done, data.rowsTotal)));
      return { status: 'succeeded', messages: [IMPORT_SUCCESS_MESSAGE, ...messages] };
    } catch (error) {
      if (error instanceof ImportRefused) return { status: 'failed', problems: error.problems.slice(0, PROBLEMS_LISTED) };
      throw error;
    } finally {
      running.delete(data.importId);
    }
  });

  app.get('/data', { schema: exportDataSchema }, async (request, reply) => {
    requireAdmin(scopeOf(request));
    const type = request.query.type as DataSetType;
    const organizationId = await organizationOf(Number(request.query.organization_id));
    if (request.query.id !== undefined && type !== 'buildings') throw unprocessable('Only a buildings export takes an id.');
    const rows = await exportRows(app.db, type, organizationId, request.query.id === undefined ? undefined : Number(request.query.id));
    const csv = writeCsv(DATA_SET_COLUMNS[type], rows);
    const filename = `${type}.csv`;
    if ((request.headers.accept ?? '').includes('application/vnd.api+json')) {
      const data: Static<typeof DataExportResource> = { type: 'data-exports', id: type, attributes: { dataset: type, filename, csv, rowsCount: rows.length } };
      return singleDocument(data);
    }
    // The file itself, not a JSON:API document: the route's JSON schema does not apply to it.
    return (reply as FastifyReply).type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${filename}"`).send(csv);
  });

  app.post('/data', { schema: importDataSchema, bodyLimit: 16 * 1024 * 1024 }, async (request, reply) => {
    requireAdmin(scopeOf(request));
    const { type: kind, attributes } = request.body.data;
    const type = /^(.*)-csv$/.exec(kind)?.[1] as DataSetType | undefined;
    if (!type || !(DATA_SET_TYPES as readonly string[]).includes(type)) {
      throw unprocessable(`The type must be one of ${DATA_SET_TYPES.map((t) => `${t}-csv`).join(', ')}.`, '/data/type');
    }
    const organizationId = await organizationOf(Number(attributes.organization_id));
    const bytes = decodeFile(attributes.file);
    const rows = checkedRows(type, bytes);
    const importId = randomUUID();
    const job: ImportJobData = { importId, organizationId, type, csv: bytes.toString('utf8'), rowsTotal: rows.length };
    // No retry: a file that failed once fails again, and the administrator reads why.
    await app.jobs.enqueue(DATA_IMPORT_QUEUE, job, { singletonKey: `data-import:${importId}`, retryLimit: 0 });
    reply.code(202);
    return singleDocument(importResource(importId, { dataset: type, organization_id: organizationId, status: 'queued', rowsDone: 0, rowsTotal: rows.length, messages: [], problems: [], failure: null }));
  });

  app.get('/data-imports/:id', { schema: importJobSchema }, async (request) => {
    requireAdmin(scopeOf(request));
    const importId = request.params.id;
    const job = await app.jobs.byKey(DATA_IMPORT_QUEUE, `data-import:${importId}`, ['csv']);
    if (!job) throw notFound('Import');
    const data = job.data as Omit<ImportJobData, 'csv'>;
    const base = { dataset: data.type, organization_id: data.organizationId, rowsTotal: data.rowsTotal, messages: [], problems: [], failure: null };
    if (job.state === 'created' || job.state === 'retry') return singleDocument(importResource(importId, { ...base, status: 'queued', rowsDone: 0 }));
    if (job.state === 'active') return singleDocument(importResource(importId, { ...base, status: 'running', rowsDone: running.get(importId) ?? 0 }));
    const outcome = job.output as ImportOutcome | null;
    if (job.state === 'completed' && outcome?.status === 'succeeded') {
      return singleDocument(importResource(importId, { ...base, status: 'succeeded', rowsDone: data.rowsTotal, messages: outcome.messages }));
    }
    if (job.state === 'completed' && outcome?.status === 'failed') {
      return singleDocument(importResource(importId, { ...base, status: 'failed', rowsDone: 0, problems: outcome.problems.map(withText) }));
    }
    return singleDocument(importResource(importId, { ...base, status: 'failed', rowsDone: 0, failure: IMPORT_FILE_ERROR_MESSAGE }));
  });
};

function importResource(id: string, attributes: DataImport) {
  return { type: 'data-imports' as const, id, attributes };
}

export default routes;
