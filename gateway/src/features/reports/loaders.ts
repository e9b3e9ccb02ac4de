/**
 * Reports over REST (inspection.md sections 2-7; issue 10 point 8). A list of walkabout reports is one REST call
 * whatever its length, and the buildings, cycles and walkabouts its reports name load through the by-id loaders of
 * those features (one call per type for every report of a request).
 */
import DataLoader from 'dataloader';
import { RestError, type RestClient } from '../../rest-client';
import { relatedIds } from '../../json-api';
import { memoizeByArgs, nullWhenNotFound, isRestId, pageQuery, toConnection, type ConnectionRecord, type PageArgs } from '../../loaders';
import { toFieldErrors, type FieldErrorRecord } from '../../errors';
import type { WalkaboutReportGroup, WalkaboutReportType } from '../../generated/resolvers';
import type { RestBody, WalkaboutReportResource } from '../../rest-types';
import {
  REST_REPORT_TYPE,
  toOnDemandOptions,
  toOnDemandReport,
  toReportDownload,
  toWalkaboutReport,
  type OnDemandReportModel,
  type OnDemandReportOptionsModel,
  type ReportDownloadModel,
  type WalkaboutReportModel,
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
const SEARCH_ARGUMENT: Record<string, string> = {
  'filter[date_from]': 'dateFrom',
  'filter[date_to]': 'dateTo',
  'filter[type]': 'types',
  'filter[group]': 'group',
};

/** An on-demand report's identificator, as the backend makes them. */
const ON_DEMAND_ID = /^[A-Za-z0-9_-]{8,64}$/;

export function createReportLoaders(rest: RestClient) {
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

    /** GET /walkabout-reports/latest/{buildingId}: the groups name their reports, which the answer includes; null for a building out of scope. */
    latest: memoizeByArgs(async (buildingId: string): Promise<LatestReportsRecord | null> => {
      if (!isRestId(buildingId)) return null;
      const document = await nullWhenNotFound(rest.get<RestBody<'/walkabout-reports/latest/{buildingId}'>>(`/walkabout-reports/latest/${buildingId}`));
      if (!document) return null;
      const included = new Map((document.included ?? []).map((report: WalkaboutReportResource) => [report.id, toWalkaboutReport(report)]));
      const group = (name: keyof LatestReportsRecord) => relatedIds(document.data, name).flatMap((id) => included.get(id) ?? []);
      return {
        walkaboutReports: group('walkaboutReports'),
        walkaboutAuditReports: group('walkaboutAuditReports'),
        reportBooklets: group('reportBooklets'),
        fireWatchReports: group('fireWatchReports'),
        adhocReports: group('adhocReports'),
      };
    }),

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
  };
}

export type ReportLoaders = ReturnType<typeof createReportLoaders>;
