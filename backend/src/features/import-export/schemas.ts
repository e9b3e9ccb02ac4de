/** The REST contract of import and export (admin-organizations-buildings.md sections 2 and 7: POST /data, GET /data?type=). */
import { DATA_SET_COLUMNS, DATA_SET_TYPES, IMPORT_ROWS_MAX } from '@fsi/shared/import-export';
import Type from 'typebox';
import { errorResponses, Int, Nullable, PlainResource, ref, SingleDocument, Str, StringEnum } from '../../jsonapi/schemas';

const columns = (Object.entries(DATA_SET_COLUMNS) as Array<[string, readonly string[]]>).map(([type, list]) => `${type}: ${list.join(', ')}`).join('; ');

const OrganizationId = Type.String({ pattern: '^\\d{1,9}$', description: 'The organization (administrators have none of their own, so it is required)' });

export const DataExportResource = PlainResource('DataExportResource', 'data-exports', {
  /** The data set (JSON:API keeps the name `type` for the resource's own). */
  dataset: StringEnum(DATA_SET_TYPES),
  /** A file name for the download ('{type}.csv'). */
  filename: Str,
  /** The CSV file: UTF-8 with a byte-order mark, CRLF lines. */
  csv: Str,
  /** Data rows (the header not counted). */
  rowsCount: Int,
});

export const exportDataSchema = {
  tags: ['import-export'],
  summary: `Export one organization's data set as CSV (administrators only): text/csv (UTF-8 with a BOM, CRLF lines, cells starting with = + - @ behind an apostrophe), or with Accept: application/vnd.api+json a data-exports document holding it. Records are named, never numbered. Columns: ${columns}. A types row is one task group of one component; a buildings row one location with its equipment types separated by ' | ', optionally of one building (id).`,
  querystring: Type.Object({
    type: StringEnum(DATA_SET_TYPES),
    id: Type.Optional(Type.String({ pattern: '^\\d{1,9}$', description: 'buildings only: that one building' })),
    organization_id: OrganizationId,
  }),
  response: { 200: SingleDocument(ref(DataExportResource)), ...errorResponses },
};

export const ImportProblemObject = Type.Object({
  /** The file's line (the header is 1). */
  row: Int,
  column: Nullable(Str),
  detail: Str,
  /** 'Row {row}, column {column}: {detail}', as the import sheet lists it. */
  text: Str,
});

export const DataImportResource = PlainResource('DataImportResource', 'data-imports', {
  /** The data set imported. */
  dataset: StringEnum(DATA_SET_TYPES),
  organization_id: Int,
  /** queued, running, then succeeded or failed. */
  status: StringEnum(['queued', 'running', 'succeeded', 'failed'] as const),
  rowsDone: Int,
  rowsTotal: Int,
  /** What the import did, once it succeeded. */
  messages: Type.Array(Str),
  /** Why it failed: the rows that name what does not exist; nothing was changed. */
  problems: Type.Array(ImportProblemObject),
  /** When the import failed for another reason: the file-error message of section 8. */
  failure: Nullable(Str),
});

export const importDataSchema = {
  tags: ['import-export'],
  summary: `Import a CSV file into an organization (administrators only), all or nothing in one transaction: a job, answered 202 with its progress resource (poll GET /data-imports/{id}). The file (base64 of UTF-8 CSV, up to ${IMPORT_ROWS_MAX} rows; under 300 advised) is checked first: a 422 lists one error per problem with its row and column; an unreadable file is a 422 with the file-error message. Records are found by name and changed, or added when missing. Columns: ${columns}.`,
  body: Type.Object({
    data: Type.Object({
      type: Type.String({ maxLength: 40, description: "'{type}-csv': conditions-csv, references-csv, types-csv or buildings-csv" }),
      attributes: Type.Object({
        file: Type.String({ maxLength: 12_000_000, description: 'The CSV file, base64 (a data: URL prefix is allowed)' }),
        organization_id: Type.Union([Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), OrganizationId]),
      }),
    }),
  }),
  response: { 202: SingleDocument(ref(DataImportResource)), ...errorResponses },
};

export const importJobSchema = {
  tags: ['import-export'],
  summary: 'The progress of an import (administrators only): rows done of the total, then its messages or its problems',
  params: Type.Object({ id: Type.String({ pattern: '^[0-9a-f-]{36}$' }) }),
  response: { 200: SingleDocument(ref(DataImportResource)), ...errorResponses },
};
