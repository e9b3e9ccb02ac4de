/**
 * Reports as GraphQL serves them (models.ts): each REST resource is turned into its GraphQL object once, where it
 * arrives; the buildings, cycles and walkabouts the reports name are loaded (by id, batched).
 */
import type {
  OnDemandBookletTemplate,
  OnDemandReport,
  OnDemandReportType,
  OnDemandWalkabout,
  ReportDownload,
  ReportStatus,
  WalkaboutReport,
  WalkaboutReportType,
} from '../../generated/resolvers';
import { idOf } from '../../json-api';
import type { PlainFields } from '../../models';
import type { OnDemandBuildingDataResource, OnDemandReportResource, ReportDownloadResource, WalkaboutReportResource } from '../../rest-types';

export type WalkaboutReportModel = PlainFields<
  WalkaboutReport,
  'id' | 'name' | 'type' | 'url' | 'startDate' | 'endDate' | 'cycleName' | 'lockedAt' | 'isInterim' | 'status' | 'pageCount' | 'generatedAt'
> & { buildingId: string; cycleId: string | null; walkaboutId: string | null };

const REPORT_TYPE: Record<WalkaboutReportResource['attributes']['reportType'], WalkaboutReportType> = {
  walkabout_reports: 'WALKABOUT_REPORTS',
  walkabout_audit_reports: 'WALKABOUT_AUDIT_REPORTS',
  report_booklets: 'REPORT_BOOKLETS',
  fire_watch_reports: 'FIRE_WATCH_REPORTS',
  adhoc_reports: 'ADHOC_REPORTS',
};

/** The REST spelling of a report type (`filter[type]`). */
export const REST_REPORT_TYPE = Object.fromEntries(Object.entries(REPORT_TYPE).map(([rest, type]) => [type, rest])) as Record<
  WalkaboutReportType,
  WalkaboutReportResource['attributes']['reportType']
>;

const REPORT_STATUS: Record<WalkaboutReportResource['attributes']['status'], ReportStatus> = { pending: 'PENDING', ready: 'READY', failed: 'FAILED' };
export const reportStatusOf = (status: WalkaboutReportResource['attributes']['status']) => REPORT_STATUS[status];
export const reportTypeOf = (type: WalkaboutReportResource['attributes']['reportType']) => REPORT_TYPE[type];

export function toWalkaboutReport(report: WalkaboutReportResource): WalkaboutReportModel {
  const a = report.attributes;
  return {
    id: report.id,
    name: a.name,
    type: REPORT_TYPE[a.reportType],
    url: a.url,
    startDate: a.startDate,
    endDate: a.endDate,
    cycleName: a.cycleName,
    lockedAt: a.lockedAt,
    isInterim: a.isInterim,
    status: REPORT_STATUS[a.status],
    pageCount: a.pageCount,
    generatedAt: a.generatedAt,
    buildingId: String(a.buildingId),
    cycleId: idOf(a.cycleId),
    walkaboutId: idOf(a.walkaboutId),
  };
}

export type ReportDownloadModel = PlainFields<ReportDownload, 'downloadUrl' | 'filename' | 'expiresAt'>;

export function toReportDownload(download: ReportDownloadResource): ReportDownloadModel {
  return { downloadUrl: download.attributes.download_url, filename: download.attributes.filename, expiresAt: download.attributes.expiresAt };
}

type BuildingData = OnDemandBuildingDataResource['attributes'];
export type OnDemandReportDefinitionModel = { id: string; name: string; cycleId: string; isActive: boolean };
export type OnDemandWalkaboutModel = PlainFields<
  OnDemandWalkabout,
  'id' | 'date' | 'startDate' | 'endDate' | 'lockedAt' | 'isLocked' | 'inspectorsPresent'
> & { cycleId: string };
export type OnDemandBookletTemplateModel = PlainFields<OnDemandBookletTemplate, 'id' | 'name' | 'isActive' | 'primaryReportDefinitionId' | 'templateName'> & {
  cycleId: string | null;
};
export type OnDemandReportOptionsModel = {
  reportDefinitions: OnDemandReportDefinitionModel[];
  cycleIds: string[];
  walkabouts: OnDemandWalkaboutModel[];
  reportBookletTemplates: OnDemandBookletTemplateModel[];
};

export function toOnDemandOptions(data: BuildingData): OnDemandReportOptionsModel {
  return {
    reportDefinitions: data.report_definitions.map((d) => ({ id: String(d.id), name: d.name, cycleId: String(d.cycle_id), isActive: d.is_active })),
    cycleIds: data.cycles.map((c) => String(c.id)),
    walkabouts: data.walkabouts.map((w) => ({
      id: String(w.id),
      cycleId: String(w.cycle_id),
      date: w.date,
      startDate: w.start_date,
      endDate: w.end_date,
      lockedAt: w.lockedAt,
      isLocked: w.isLocked,
      inspectorsPresent: w.inspectors_present,
    })),
    reportBookletTemplates: data.report_booklet_templates.map((b) => ({
      id: String(b.id),
      name: b.name,
      isActive: b.is_active,
      primaryReportDefinitionId: idOf(b.primary_report_definition_id),
      templateName: b.template_name,
      cycleId: idOf(b.cycle_id),
    })),
  };
}

export type OnDemandReportModel = PlainFields<OnDemandReport, 'id' | 'type' | 'status' | 'pdfUrl' | 'reportId' | 'error' | 'createdAt'> & { buildingId: string };

const ON_DEMAND_TYPE: Record<OnDemandReportResource['attributes']['report_type'], OnDemandReportType> = {
  walkabout_reports: 'WALKABOUT_REPORTS',
  walkabout_audit_reports: 'WALKABOUT_AUDIT_REPORTS',
  report_booklets: 'REPORT_BOOKLETS',
};
/** The REST spelling of an on-demand report type (`report_type`). */
export const REST_ON_DEMAND_TYPE = Object.fromEntries(Object.entries(ON_DEMAND_TYPE).map(([rest, type]) => [type, rest])) as Record<
  OnDemandReportType,
  OnDemandReportResource['attributes']['report_type']
>;

export function toOnDemandReport(report: OnDemandReportResource): OnDemandReportModel {
  const a = report.attributes;
  return {
    id: a.report_identificator,
    type: ON_DEMAND_TYPE[a.report_type],
    status: REPORT_STATUS[a.status],
    pdfUrl: a.pdf_url,
    reportId: idOf(a.report_id),
    error: a.error,
    createdAt: a.createdAt,
    buildingId: String(a.building_id),
  };
}
