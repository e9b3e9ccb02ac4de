/**
 * Report definitions and booklet templates (issue 14; admin-people-schedules.md sections 2-7): by id, an
 * organization's without a region, a region's (batched: one REST call for every region of a level), the equipment
 * pick lists, and the four writes. The user's mistakes and refusals (409 STALE, 422, and 404 for a record out of
 * scope) are the payload's errors, each at its input field; 401 and 403 stay GraphQL errors.
 */
import type {
  CreateReportBookletTemplateInput,
  CreateReportDefinitionInput,
  ReportEquipment,
  ReportSectionInput,
  UpdateReportBookletTemplateInput,
  UpdateReportDefinitionInput,
} from '../../generated/resolvers';
import { fieldErrorCodeOf, type FieldErrorRecord } from '../../errors';
import { byIdLoader, groupLoader, isRestId, memoizeByArgs, prime } from '../../loaders';
import { RestError, type RestClient } from '../../rest-client';
import type { JsonApiError, RestBody, RestRoute } from '../../rest-types';
import {
  detailToRest,
  displayTypeToRest,
  toReportBookletTemplate,
  toReportDefinition,
  type ReportBookletTemplateModel,
  type ReportDefinitionModel,
} from './model';

export type DefinitionResult = { reportDefinition: ReportDefinitionModel | null; errors: FieldErrorRecord[] };
export type BookletResult = { reportBookletTemplate: ReportBookletTemplateModel | null; errors: FieldErrorRecord[] };

/** The relationship a REST pointer names, as the input field that carries it. */
const relationshipFields: Record<string, string> = {
  cycle: 'cycleId',
  region: 'regionId',
  organization: 'organizationId',
  building: 'buildingId',
  reportDefinitions: 'reportDefinitionIds',
  primaryReportDefinition: 'primaryReportDefinitionId',
};

/**
 * The input field of a REST error: `/data/attributes/name` → name, `/data/attributes/sections/2/detail` →
 * sections.2.detail, `/data/relationships/cycle/data` → cycleId.
 */
export function inputFieldOf(error: Pick<JsonApiError, 'source'>): string | null {
  const parts = (error.source?.pointer ?? '').split('/').filter(Boolean);
  if (parts[0] !== 'data' || parts.length < 3) return null;
  if (parts[1] === 'relationships') return relationshipFields[parts[2]!] ?? parts[2]!;
  return parts.slice(2).join('.');
}

async function asPayload<T>(what: string, ids: Array<string | null | undefined>, call: () => Promise<T>, failed: (errors: FieldErrorRecord[]) => T): Promise<T> {
  const notFound = (): T => failed([{ field: 'id', message: `There is no such ${what}.`, code: 'NOT_FOUND' }]);
  if (ids.some((id) => id != null && !isRestId(id))) return notFound();
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof RestError)) throw error;
    if (error.status === 404) return notFound();
    if (error.status !== 409 && error.status !== 422) throw error;
    const items: Array<Partial<JsonApiError>> = error.errors.length ? error.errors : [{ detail: error.message }];
    return failed(items.map((item) => ({ field: inputFieldOf(item), message: item.detail ?? error.message, code: fieldErrorCodeOf(item, error.status) })));
  }
}

const ref = (type: string, id: string | null | undefined) => ({ data: id ? { type, id } : null });
const numbers = (ids: readonly string[] | null | undefined) => ids?.map(Number);

function sectionBody(section: ReportSectionInput) {
  return {
    equipmentId: section.equipmentId ? Number(section.equipmentId) : null,
    detail: detailToRest(section.detail),
    title: section.title ?? '',
    includeMetadata: section.includeMetadata ?? null,
    pageBreakAfter: section.pageBreakAfter ?? true,
    applicableEquipmentConditionIds: section.applicableEquipmentConditionIds === undefined ? undefined : (numbers(section.applicableEquipmentConditionIds) ?? null),
    applicableEquipmentIds: numbers(section.applicableEquipmentIds) ?? [],
    applicableGroupNames: section.applicableGroupNames ?? [],
  };
}

/** Leaves out what the input left out, so PATCH changes only what was sent. */
function defined<T extends Record<string, unknown>>(value: T): { [K in keyof T]?: Exclude<T[K], null> } {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== null)) as { [K in keyof T]?: Exclude<T[K], null> };
}

export function createReportAdministrationLoaders(rest: RestClient) {
  const definitionById = byIdLoader<RestBody<'/report-definitions'>, ReportDefinitionModel>(rest, '/report-definitions', toReportDefinition);
  const bookletById = byIdLoader<RestBody<'/report-booklet-templates'>, ReportBookletTemplateModel>(rest, '/report-booklet-templates', toReportBookletTemplate);
  const definitionsOfRegion = groupLoader<RestBody<'/report-definitions'>, ReportDefinitionModel>(rest, '/report-definitions', 'region', toReportDefinition, (d) => d.regionId, (models) =>
    prime(definitionById, models),
  );
  const bookletsOfRegion = groupLoader<RestBody<'/report-booklet-templates'>, ReportBookletTemplateModel>(rest, '/report-booklet-templates', 'region', toReportBookletTemplate, (t) => t.regionId, (models) =>
    prime(bookletById, models),
  );
  const definitionFailed = (errors: FieldErrorRecord[]): DefinitionResult => ({ reportDefinition: null, errors });
  const bookletFailed = (errors: FieldErrorRecord[]): BookletResult => ({ reportBookletTemplate: null, errors });

  return {
    definitionById,
    bookletById,
    /** A region's definitions (region given) or the organization's with no region. */
    definitionsOf: memoizeByArgs(async ({ organizationId, region }: { organizationId: string; region?: string | null }) => {
      if (region) return (await definitionsOfRegion.load(region)).filter((d) => d.organizationId === organizationId);
      const records = await rest.getAll<RestBody<'/report-definitions'>>('/report-definitions', { 'filter[organization]': organizationId, 'filter[region]': 'null' });
      return prime(definitionById, records.map(toReportDefinition));
    }),
    bookletsOf: memoizeByArgs(async ({ organizationId, region }: { organizationId: string; region?: string | null }) => {
      if (region) return (await bookletsOfRegion.load(region)).filter((t) => t.organizationId === organizationId);
      const records = await rest.getAll<RestBody<'/report-booklet-templates'>>('/report-booklet-templates', { 'filter[organization]': organizationId, 'filter[region]': 'null' });
      return prime(bookletById, records.map(toReportBookletTemplate));
    }),
    /** Every definition (booklet) of the organization in the caller's scope, wherever it is attached. */
    allDefinitionsOf: memoizeByArgs(async (organizationId: string) =>
      prime(definitionById, (await rest.getAll<RestBody<'/report-definitions'>>('/report-definitions', { 'filter[organization]': organizationId })).map(toReportDefinition)),
    ),
    allBookletsOf: memoizeByArgs(async (organizationId: string) =>
      prime(bookletById, (await rest.getAll<RestBody<'/report-booklet-templates'>>('/report-booklet-templates', { 'filter[organization]': organizationId })).map(toReportBookletTemplate)),
    ),
    definitionsOfRegion,
    bookletsOfRegion,

    /** GET /cycles/{cycleId}/organizations/{organizationId}|regions/{regionId}/reports/equipments. */
    equipments: memoizeByArgs(async ({ cycleId, organizationId, regionId }: { cycleId: string; organizationId?: string | null; regionId?: string | null }): Promise<ReportEquipment[]> => {
      const owner = regionId ? `regions/${regionId}` : organizationId ? `organizations/${organizationId}` : null;
      if (!owner || !isRestId(cycleId) || !isRestId(regionId ?? organizationId ?? '')) return [];
      try {
        const records = await rest.getAll<RestBody<'/cycles/{cycleId}/organizations/{organizationId}/reports/equipments'>>(`/cycles/${cycleId}/${owner}/reports/equipments`);
        return records.map((r) => ({
          id: r.id,
          name: r.attributes.name,
          order: r.attributes.order,
          conditions: r.attributes.conditions.map((c) => ({ id: String(c.id), label: c.label, groupName: c.groupName })),
          allLocationsGroupNames: r.attributes.allLocationsGroupNames,
        }));
      } catch (error) {
        if (error instanceof RestError && error.status === 404) return [];
        throw error;
      }
    }),

    createDefinition(input: CreateReportDefinitionInput): Promise<DefinitionResult> {
      return asPayload('organization', [input.organizationId, input.cycleId, input.regionId], async () => {
        const document = await rest.post<RestRoute<'/report-definitions', 'post'>>('/report-definitions', {
          data: {
            type: 'report-definitions',
            attributes: defined({
              name: input.name ?? null,
              previousWalkaboutsCount: input.previousWalkaboutsCount ?? 0,
              sections: input.sections.map(sectionBody),
              templateName: input.templateName ?? undefined,
              generateReport: input.generateReport ?? undefined,
            }),
            relationships: { organization: ref('organizations', input.organizationId), cycle: { data: { type: 'cycles', id: input.cycleId } }, region: ref('regions', input.regionId) },
          },
        });
        return { reportDefinition: toReportDefinition(document.data), errors: [] };
      }, definitionFailed);
    },

    updateDefinition(input: UpdateReportDefinitionInput): Promise<DefinitionResult> {
      return asPayload('report definition', [input.id], async () => {
        const document = await rest.patch<RestRoute<'/report-definitions/{id}', 'patch'>>(`/report-definitions/${input.id}`, {
          data: {
            type: 'report-definitions',
            id: input.id,
            attributes: {
              ...defined({
                previousWalkaboutsCount: input.previousWalkaboutsCount,
                sections: input.sections?.map(sectionBody),
                templateName: input.templateName,
                generateReport: input.generateReport,
                isActive: input.isActive,
              }),
              ...(input.name !== undefined ? { name: input.name } : {}),
              version: input.version,
            },
          },
        });
        definitionById.clear(input.id);
        return { reportDefinition: prime(definitionById, [toReportDefinition(document.data)])[0]!, errors: [] };
      }, definitionFailed);
    },

    createBooklet(input: CreateReportBookletTemplateInput): Promise<BookletResult> {
      return asPayload('organization', [input.organizationId, input.regionId, input.primaryReportDefinitionId, ...input.reportDefinitionIds], async () => {
        const document = await rest.post<RestRoute<'/report-booklet-templates', 'post'>>('/report-booklet-templates', {
          data: {
            type: 'report-booklet-templates',
            attributes: defined({ name: input.name ?? null, templateName: input.templateName ?? undefined, displayType: input.displayType ? displayTypeToRest(input.displayType) : undefined }),
            relationships: {
              organization: ref('organizations', input.organizationId),
              reportDefinitions: { data: input.reportDefinitionIds.map((id) => ({ type: 'report-definitions', id })) },
              primaryReportDefinition: ref('report-definitions', input.primaryReportDefinitionId),
              region: ref('regions', input.regionId),
            },
          },
        });
        return { reportBookletTemplate: toReportBookletTemplate(document.data), errors: [] };
      }, bookletFailed);
    },

    updateBooklet(input: UpdateReportBookletTemplateInput): Promise<BookletResult> {
      return asPayload('report booklet template', [input.id], async () => {
        const relationships = {
          ...(input.reportDefinitionIds ? { reportDefinitions: { data: input.reportDefinitionIds.map((id) => ({ type: 'report-definitions', id })) } } : {}),
          ...(input.primaryReportDefinitionId !== undefined ? { primaryReportDefinition: ref('report-definitions', input.primaryReportDefinitionId) } : {}),
        };
        const document = await rest.patch<RestRoute<'/report-booklet-templates/{id}', 'patch'>>(`/report-booklet-templates/${input.id}`, {
          data: {
            type: 'report-booklet-templates',
            id: input.id,
            attributes: {
              ...defined({ templateName: input.templateName, displayType: input.displayType ? displayTypeToRest(input.displayType) : undefined, isActive: input.isActive }),
              ...(input.name !== undefined ? { name: input.name } : {}),
              version: input.version,
            },
            ...(Object.keys(relationships).length ? { relationships } : {}),
          },
        });
        bookletById.clear(input.id);
        return { reportBookletTemplate: prime(bookletById, [toReportBookletTemplate(document.data)])[0]!, errors: [] };
      }, bookletFailed);
    },
  };
}

export type ReportAdministrationLoaders = ReturnType<typeof createReportAdministrationLoaders>;
