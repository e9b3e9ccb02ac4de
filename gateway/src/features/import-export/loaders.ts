/**
 * Import and export over REST (POST /data, GET /data-imports/{id}, GET /data?type=; administrators only): the
 * REST spelling of data sets and statuses (lower case) is the GraphQL enums' in upper case.
 */
import type { DataExport, DataSetType, ImportJob, ImportJobStatus } from '../../generated/resolvers';
import { toFieldErrors, type FieldErrorRecord } from '../../errors';
import { isRestId, nullWhenNotFound } from '../../loaders';
import { RestError, type RestClient } from '../../rest-client';
import type { components } from '../../generated/rest';
import type { RestBody } from '../../rest-types';

type DataImportResource = components['schemas']['DataImportResource'];
type ImportBody = { data: { type: string; attributes: { file: string; organization_id: number } } };

export type ImportDataResult = { job: ImportJob | null; errors: FieldErrorRecord[] };

const toEnum = <T extends string>(value: string) => value.toUpperCase() as T;

function jobModel(resource: DataImportResource): ImportJob {
  const a = resource.attributes;
  return {
    id: resource.id,
    type: toEnum<DataSetType>(a.dataset),
    organizationId: String(a.organization_id),
    status: toEnum<ImportJobStatus>(a.status),
    rowsDone: a.rowsDone,
    rowsTotal: a.rowsTotal,
    messages: a.messages,
    problems: a.problems,
    failure: a.failure,
  };
}

export function createImportExportLoaders(rest: RestClient) {
  return {
    /** POST /data: the queued job, or the file's problems as payload errors (422; 404 for an unknown organization). */
    async importData(type: DataSetType, organizationId: string, file: string): Promise<ImportDataResult> {
      if (!isRestId(organizationId)) return { job: null, errors: [{ field: 'organizationId', message: 'There is no such organization.', code: 'NOT_FOUND' }] };
      try {
        const body: ImportBody = { data: { type: `${type.toLowerCase()}-csv`, attributes: { file, organization_id: Number(organizationId) } } };
        const document = await rest.post<{ body: ImportBody; answer: { data: DataImportResource } }>('/data', body);
        return { job: jobModel(document.data), errors: [] };
      } catch (error) {
        if (error instanceof RestError && error.status === 404) return { job: null, errors: [{ field: 'organizationId', message: 'There is no such organization.', code: 'NOT_FOUND' }] };
        if (error instanceof RestError && error.status === 422) return { job: null, errors: toFieldErrors(error) };
        throw error;
      }
    },

    /** GET /data-imports/{id}; null when there is no such import. */
    async job(id: string): Promise<ImportJob | null> {
      if (!/^[0-9a-f-]{36}$/.test(id)) return null;
      const document = await nullWhenNotFound(rest.get<{ data: DataImportResource }>(`/data-imports/${id}`));
      return document ? jobModel(document.data) : null;
    },

    /** GET /data?type= as a JSON:API document holding the CSV; null for an unknown organization or building. */
    async exportData(type: DataSetType, organizationId: string, id: string | null | undefined): Promise<DataExport | null> {
      if (!isRestId(organizationId) || (id != null && !isRestId(id))) return null;
      const document = await nullWhenNotFound(
        rest.get<RestBody<'/data'>>('/data', { type: type.toLowerCase(), organization_id: organizationId, ...(id != null ? { id } : {}) }),
      );
      if (!document) return null;
      const a = document.data.attributes;
      return { type: toEnum<DataSetType>(a.dataset), filename: a.filename, csv: a.csv, rowsCount: a.rowsCount };
    },
  };
}
