/**
 * Reports over REST (inspection.md sections 2-7; issue 10 point 8). A report's rows, items and comments come
 * inline with it, so a report of any size is one REST call, and its building and cycle load through the by-id
 * loaders of those features (one call per type for every report of a request).
 */
import DataLoader from 'dataloader';
import type { RestClient } from '../../rest-client';
import { RestError } from '../../rest-client';
import { relatedIds } from '../../json-api';
import { memoizeByArgs, nullWhenNotFound, isRestId, pageQuery, toConnection, type ConnectionRecord, type PageArgs } from '../../loaders';
import { toFieldErrors, withPayloadErrors, type FieldErrorRecord } from '../../errors';
import type { CreateOnDemandReportInput, FailureItemKind, WalkaboutReportGroup, WalkaboutReportType } from '../../generated/resolvers';
import type { RestBody, RestRoute, WalkaboutReportResource } from '../../rest-types';
import {
  MODEL_PATH,
  REST_REPORT_TYPE,
  toOnDemandOptions,
  toOnDemandReport,
  REST_ON_DEMAND_TYPE,
  toReportDownload,
  toReportEmail,
  toWalkaboutReport,
  type WalkaboutReportEmailModel,
  type OnDemandReportModel,
  type OnDemandReportOptionsModel,
  type ReportDownloadModel,
  type WalkaboutReportModel,
  toCommentOfResource,
  toEquipment,
  toFollowUp,
  toReport,
  type EquipmentModel,
  type FailureFollowUpModel,
  type ReportCommentModel,
  type ReportModel,
} from './model';

export type WalkaboutReportListRecord = ConnectionRecord<WalkaboutReportModel> & { errors: FieldErrorRecord[] };
export type LatestReportsRecord = {
  walkaboutReports: WalkaboutReportModel[];
  walkaboutAuditReports: WalkaboutReportModel[];
  reportBooklets: WalkaboutReportModel[];
  fireWatchReports: WalkaboutReportModel[];
  adhocReports: WalkaboutReportModel[];
};
export type WalkaboutReportListArgs = PageArgs & {
  buildingId: string;
  group?: WalkaboutReportGroup | null;
  types?: WalkaboutReportType[] | null;
  dateFrom?: string | null;
  dateTo?: string | null;
};

const REST_GROUP: Record<WalkaboutReportGroup, string> = {
  INTERIM: 'interim',
  COMPLETED_WALKABOUT: 'completed-walkabout',
  AUDIT: 'audit',
  HISTORICAL: 'historical',
};

/** The search's arguments by the REST parameter a 400 or 422 names (the 30-day rule names filter[date_to]). */
/** GET /repair-report-downloads' query parameters and the arguments of repairReportDownload. */
const REPAIR_ARGUMENT: Record<string, string> = { start_date: 'startDate', end_date: 'endDate', equipment_ids: 'equipmentIds', building_id: 'buildingId' };

const SEARCH_ARGUMENT: Record<string, string> = {
  'filter[date_from]': 'dateFrom',
  'filter[date_to]': 'dateTo',
  'filter[type]': 'types',
  'filter[group]': 'group',
};

/** The backend's limit of buildings per GET /walkabout-reports/latest (LATEST_BUILDINGS_MAX there). */
const LATEST_BUILDINGS_MAX = 100;

export type OnDemandResult = { onDemandReport: OnDemandReportModel | null; errors: FieldErrorRecord[] };
export type EmailResult = { email: WalkaboutReportEmailModel | null; errors: FieldErrorRecord[] };

/** The input fields of the on-demand and e-mail mutations by their REST attribute (`/data/attributes/building_id`). */
const INPUT_FIELD: Record<string, string> = {
  building_id: 'buildingId',
  report_type: 'type',
  cycle_id: 'cycleId',
  walkabout_id: 'walkaboutId',
  report_definition_id: 'reportDefinitionId',
  template_id: 'templateId',
  id: 'reportId',
  recipients: 'recipients',
  message: 'message',
};

/**
 * A mutation on a report: 409 and 422 are payload errors at the mutation's own field names (a pointer into a list,
 * `/data/attributes/recipients/1`, names the list), and so is a record that does not exist or is out of scope (404).
 */
async function onReport<T>(call: () => Promise<T>, failed: (errors: FieldErrorRecord[]) => T, notFoundField: string | null): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof RestError)) throw error;
    if (error.status === 404) return failed([{ field: notFoundField, message: error.message, code: 'NOT_FOUND' }]);
    if (error.status !== 409 && error.status !== 422) throw error;
    const fields = error.errors.map((e) => e.source?.pointer?.match(/^\/data\/attributes\/([^/]+)/)?.[1]);
    return failed(toFieldErrors(error).map((e, index) => ({ ...e, field: INPUT_FIELD[fields[index] ?? ''] ?? e.field })));
  }
}

export type FollowUpResult = { followUp: FailureFollowUpModel | null; errors: FieldErrorRecord[] };
export type CommentResult = { comment: ReportCommentModel | null; errors: FieldErrorRecord[] };

/** The backend's report ids: '{buildingId}-summary-failure|notes', '{buildingId}-{cycleId}-failure|notes|default'. */
const REPORT_ID = /^\d{1,9}-(summary|\d{1,9})-(failure|notes|default)$/;

/** An on-demand report's identificator, as the backend makes them. */
const ON_DEMAND_ID = /^[A-Za-z0-9_-]{8,64}$/;

const NO_ITEM: FieldErrorRecord = { field: 'id', message: 'There is no such failure or notes item.', code: 'NOT_FOUND' };

/**
 * A REST error names the input by its REST spelling: the relationship of a comment ('entry',
 * 'location-comment') is the mutation's `id`; attributes keep their names (acknowledgedAt, body, …).
 */
function withArgumentNames(errors: FieldErrorRecord[]): FieldErrorRecord[] {
  return errors.map((error) => (error.field === 'entry' || error.field === 'location-comment' ? { ...error, field: 'id' } : error));
}

/** A mutation on an item: 409 and 422 are payload errors (`withPayloadErrors`), and so is an item that does not exist or is out of scope (404). */
async function onItem<T>(id: string, call: () => Promise<T>, failed: (errors: FieldErrorRecord[]) => T): Promise<T> {
  if (!isRestId(id)) return failed([NO_ITEM]);
  try {
    return await withPayloadErrors(call, (errors) => failed(withArgumentNames(errors)));
  } catch (error) {
    if (error instanceof RestError && error.status === 404) return failed([NO_ITEM]);
    throw error;
  }
}

export function createReportLoaders(rest: RestClient) {
  /** GET /reports/{id}; a report is computed by the backend when asked for, and REST has no `filter[id]` for reports, so each id is one call (in parallel). */
  const byId = new DataLoader<string, ReportModel | null>((ids) =>
    Promise.all(
      ids.map(async (id) => {
        if (!REPORT_ID.test(id)) return null;
        const document = await nullWhenNotFound(rest.get<RestBody<'/reports/{id}'>>(`/reports/${id}`));
        return document ? toReport(document.data) : null;
      }),
    ),
  );

  const followUp = (kind: FailureItemKind, id: string, attributes: RestRoute<'/entries/{id}', 'put'>['body']['data']['attributes']) =>
    onItem(
      id,
      async (): Promise<FollowUpResult> => {
        const document = await rest.put<RestRoute<'/entries/{id}', 'put'>>(`/${MODEL_PATH[kind]}/${id}`, {
          data: { type: MODEL_PATH[kind], attributes },
        });
        // The reports this request read are out of date now (an item acknowledged, or gone when repaired).
        byId.clearAll();
        return { followUp: toFollowUp(document.data), errors: [] };
      },
      (errors): FollowUpResult => ({ followUp: null, errors }),
    );

  /** GET /walkabout-reports/{id}/download, one call per report asked for (the link is signed per report). */
  const downloads = new DataLoader<string, ReportDownloadModel | null>((ids) =>
    Promise.all(
      ids.map(async (id) => {
        if (!isRestId(id)) return null;
        const document = await nullWhenNotFound(rest.get<RestBody<'/walkabout-reports/{id}/download'>>(`/walkabout-reports/${id}/download`));
        return document ? toReportDownload(document.data) : null;
      }),
    ),
  );

  return {
    byId,
    downloads,

    /**
     * GET /walkabout-reports: one page of a building's walkabout reports by group. The search's mistakes (the 30-day
     * rule, a date that is not one) come back as field errors at their argument; a building out of scope lists none.
     */
    walkaboutReports: memoizeByArgs(async (args: WalkaboutReportListArgs): Promise<WalkaboutReportListRecord> => {
      const { page, pageSize, query } = pageQuery(args, 50);
      const none = (errors: FieldErrorRecord[]): WalkaboutReportListRecord => ({
        nodes: [],
        pageInfo: { page, pageSize, totalCount: 0, hasNextPage: false },
        errors,
      });
      if (!isRestId(args.buildingId)) return none([]);
      try {
        const document = await rest.get<RestBody<'/walkabout-reports'>>('/walkabout-reports', {
          ...query,
          'filter[building]': args.buildingId,
          'filter[group]': args.group ? REST_GROUP[args.group] : undefined,
          'filter[type]': args.types?.length ? args.types.map((type) => REST_REPORT_TYPE[type]) : undefined,
          'filter[date_from]': args.dateFrom ?? undefined,
          'filter[date_to]': args.dateTo ?? undefined,
        });
        return { ...toConnection(document, page, pageSize, toWalkaboutReport), errors: [] };
      } catch (error) {
        if (error instanceof RestError && error.status === 404) return none([]);
        if (error instanceof RestError && (error.status === 400 || error.status === 422)) {
          const errors = toFieldErrors(error);
          const named = errors.filter((e) => e.field !== null && SEARCH_ARGUMENT[e.field]);
          if (named.length === errors.length) return none(named.map((e) => ({ ...e, field: SEARCH_ARGUMENT[e.field!]!, code: 'VALIDATION_FAILED' })));
        }
        throw error;
      }
    }),

    /**
     * GET /walkabout-reports/latest?filter[building]=…: the latest reports of every building asked for in the
     * request, in one call (Building.latestWalkaboutReports over a page of buildings, and the query by id); the
     * groups name their reports, which the answer includes. Null for a building out of scope.
     */
    latest: new DataLoader<string, LatestReportsRecord | null>(
      async (buildingIds) => {
        const wellFormed = [...new Set(buildingIds.filter(isRestId))];
        if (!wellFormed.length) return buildingIds.map(() => null);
        const document = await rest.get<RestBody<'/walkabout-reports/latest'>>('/walkabout-reports/latest', { 'filter[building]': wellFormed });
        const included = new Map((document.included ?? []).map((report: WalkaboutReportResource) => [report.id, toWalkaboutReport(report)]));
        const byBuilding = new Map(
          document.data.map((resource) => {
            const group = (name: keyof LatestReportsRecord) => relatedIds(resource, name).flatMap((id) => included.get(id) ?? []);
            const record: LatestReportsRecord = {
              walkaboutReports: group('walkaboutReports'),
              walkaboutAuditReports: group('walkaboutAuditReports'),
              reportBooklets: group('reportBooklets'),
              fireWatchReports: group('fireWatchReports'),
              adhocReports: group('adhocReports'),
            };
            return [resource.id, record] as const;
          }),
        );
        return buildingIds.map((id) => byBuilding.get(id) ?? null);
      },
      { maxBatchSize: LATEST_BUILDINGS_MAX },
    ),

    /** GET /on-demand-reports/building-data/{buildingId}; null for a building out of scope. */
    onDemandOptions: memoizeByArgs(async (buildingId: string): Promise<OnDemandReportOptionsModel | null> => {
      if (!isRestId(buildingId)) return null;
      const document = await nullWhenNotFound(
        rest.get<RestBody<'/on-demand-reports/building-data/{buildingId}'>>(`/on-demand-reports/building-data/${buildingId}`),
      );
      return document ? toOnDemandOptions(document.data.attributes) : null;
    }),

    /** GET /on-demand-reports/{identificator}, memoized within its request only: each poll reads it afresh. */
    onDemandReport: memoizeByArgs(async (id: string): Promise<OnDemandReportModel | null> => {
      if (!ON_DEMAND_ID.test(id)) return null;
      const document = await nullWhenNotFound(rest.get<RestBody<'/on-demand-reports/{id}'>>(`/on-demand-reports/${id}`));
      return document ? toOnDemandReport(document.data) : null;
    }),

    /** POST /on-demand-reports/init-creation: the report being made, to poll by its identificator. */
    createOnDemand(input: CreateOnDemandReportInput) {
      return onReport(
        async (): Promise<OnDemandResult> => {
          const document = await rest.post<RestRoute<'/on-demand-reports/init-creation', 'post'>>('/on-demand-reports/init-creation', {
            data: {
              type: 'on-demand-reports',
              attributes: {
                building_id: input.buildingId,
                report_type: REST_ON_DEMAND_TYPE[input.type],
                cycle_id: input.cycleId ?? null,
                walkabout_id: input.walkaboutId ?? null,
                report_definition_id: input.reportDefinitionId ?? null,
                template_id: input.templateId ?? null,
              },
            },
          });
          return { onDemandReport: toOnDemandReport(document.data), errors: [] };
        },
        (errors): OnDemandResult => ({ onDemandReport: null, errors }),
        // The building or the walkabout: the backend's message names which.
        null,
      );
    },

    /** POST /walkabout-report-emails: the report's PDF to the recipients (the backend splits each text on commas). */
    email(reportId: string, recipients: string[], message: string | null | undefined) {
      const failed = (errors: FieldErrorRecord[]): EmailResult => ({ email: null, errors });
      if (!isRestId(reportId)) return Promise.resolve(failed([{ field: 'reportId', message: 'There is no such report.', code: 'NOT_FOUND' }]));
      return onReport(
        async (): Promise<EmailResult> => {
          const document = await rest.post<RestRoute<'/walkabout-report-emails', 'post'>>('/walkabout-report-emails', {
            data: { type: 'walkabout-report-emails', attributes: { id: reportId, recipients, message: message ?? null } },
          });
          return { email: toReportEmail(document.data), errors: [] };
        },
        failed,
        'reportId',
      );
    },

    /** A building's reports by the caller's permissions (a cycle's three with cycleId); none for a building out of scope. */
    list: memoizeByArgs(async ({ buildingId, cycleId }: { buildingId: string; cycleId: string | null }): Promise<ReportModel[]> => {
      if (!isRestId(buildingId) || (cycleId !== null && !isRestId(cycleId))) return [];
      const records = await nullWhenNotFound(
        rest.getAll<RestBody<'/reports'>>('/reports', { 'filter[building]': buildingId, 'filter[cycle]': cycleId ?? undefined }),
      );
      const reports = (records ?? []).map(toReport);
      for (const report of reports) byId.prime(report.id, report);
      return reports;
    }),

    /** GET /equipment?filter[building]: the building's equipment types, for the repair report; none for a building out of scope. */
    equipment: memoizeByArgs(async (buildingId: string): Promise<EquipmentModel[]> => {
      if (!isRestId(buildingId)) return [];
      const records = await nullWhenNotFound(rest.getAll<RestBody<'/equipment'>>('/equipment', { 'filter[building]': buildingId }));
      return (records ?? []).map(toEquipment);
    }),

    /** GET /repair-report-downloads: the repair report's signed link; the query's mistakes as field errors at their argument. */
    async repairReportDownload(args: { buildingId: string; startDate?: string | null; endDate?: string | null; equipmentIds: readonly string[] }) {
      if (!isRestId(args.buildingId)) return { download: null, errors: [] };
      const equipment = args.equipmentIds.filter(isRestId);
      try {
        const document = await rest.get<RestBody<'/repair-report-downloads'>>('/repair-report-downloads', {
          building_id: args.buildingId,
          start_date: args.startDate ?? '',
          end_date: args.endDate ?? undefined,
          equipment_ids: equipment.join(','),
        });
        const { download_url, filename, expiresAt } = document.data.attributes;
        return { download: { downloadUrl: download_url, filename, expiresAt }, errors: [] };
      } catch (error) {
        if (error instanceof RestError && error.status === 404) return { download: null, errors: [] };
        if (error instanceof RestError && (error.status === 400 || error.status === 422)) {
          const errors = toFieldErrors(error);
          if (errors.every((e) => e.field !== null && REPAIR_ARGUMENT[e.field])) {
            return { download: null, errors: errors.map((e) => ({ ...e, field: REPAIR_ARGUMENT[e.field!]!, code: 'VALIDATION_FAILED' as const })) };
          }
        }
        throw error;
      }
    },

    /** PUT /{entries|location-comments}/{id} with the acknowledgement. */
    acknowledge(kind: FailureItemKind, id: string, args: { acknowledgedAt?: string | null; acknowledgedNotes?: string | null; photoUrl?: string | null }) {
      return followUp(kind, id, {
        acknowledgedAt: args.acknowledgedAt ?? null,
        acknowledgedNotes: args.acknowledgedNotes ?? null,
        photoUrl: args.photoUrl ?? null,
      });
    },

    /** PUT /{entries|location-comments}/{id} with the repair: the backend tells a repair by its repaired attributes. */
    repair(kind: FailureItemKind, id: string, args: { repairedAt?: string | null; repairedComments?: string | null; photoUrl?: string | null }) {
      return followUp(kind, id, {
        repairedAt: args.repairedAt ?? null,
        repairedComments: args.repairedComments ?? null,
        photoUrl: args.photoUrl ?? null,
      });
    },

    /** POST /comments with one relationship named after the item's model (entry or location-comment). */
    addComment(kind: FailureItemKind, id: string, body: string | null | undefined) {
      const relationship = kind === 'ENTRY' ? 'entry' : 'location-comment';
      return onItem(
        id,
        async (): Promise<CommentResult> => {
          const document = await rest.post<RestRoute<'/comments', 'post'>>('/comments', {
            data: {
              type: 'comments',
              attributes: { body: body ?? null },
              relationships: { [relationship]: { data: { type: MODEL_PATH[kind], id } } },
            },
          });
          byId.clearAll();
          return { comment: toCommentOfResource(document.data), errors: [] };
        },
        (errors): CommentResult => ({ comment: null, errors }),
      );
    },
  };
}

export type ReportLoaders = ReturnType<typeof createReportLoaders>;
