import type { Static } from 'typebox';
import { resource, toMany, toOne, toOneOrNull } from '../../jsonapi/serializer';
import { REPORT_TYPE_OF_KIND, type OnDemandRow, type ReportRow } from './repository';
import type { LatestWalkaboutReportsResource, OnDemandReportResource, OnDemandReportType, WalkaboutReportResource } from './schemas';

/** The download URL path of a report (spec section 7 "GET {downloadUrl path}: returns download_url"). */
export const downloadPath = (reportId: number) => `/walkabout-reports/${reportId}/download`;

/** The file name a report's PDF is saved under: building, report, period. */
export function reportFilename(report: Pick<ReportRow, 'buildingName' | 'name' | 'startDate' | 'endDate'>): string {
  const period = report.startDate && report.endDate && report.endDate !== report.startDate ? `${report.startDate} to ${report.endDate}` : (report.startDate ?? report.endDate);
  const name = [report.buildingName, report.name, period].filter((part) => part).join(' - ');
  // Characters that file systems refuse become dashes; the rest (any script) is kept.
  return `${name.replace(/[\\/:*?"<>|\p{Cc}]/gu, '-').replace(/\s+/g, ' ').trim().slice(0, 200)}.pdf`;
}

export function walkaboutReportResource(r: ReportRow): Static<typeof WalkaboutReportResource> {
  return resource(
    'walkabout-reports',
    r.id,
    {
      name: r.name,
      url: downloadPath(r.id),
      startDate: r.startDate,
      endDate: r.endDate,
      cycleName: r.cycleName,
      lockedAt: r.lockedAt?.toISOString() ?? null,
      isInterim: r.isInterim,
      building_id: r.buildingId,
      buildingId: r.buildingId,
      reportType: REPORT_TYPE_OF_KIND[r.kind],
      cycleId: r.cycleId,
      walkaboutId: r.walkaboutId,
      fireWatchId: r.fireWatchId,
      reportDefinitionId: r.reportDefinitionId,
      bookletTemplateId: r.bookletTemplateId,
      status: r.status,
      pageCount: r.pageCount,
      generatedAt: r.generatedAt?.toISOString() ?? null,
    },
    { building: toOne('buildings', r.buildingId), cycle: toOneOrNull('cycles', r.cycleId), walkabout: toOneOrNull('walkabouts', r.walkaboutId) },
  );
}

export type LatestGroups = Record<'walkaboutReports' | 'walkaboutAuditReports' | 'reportBooklets' | 'fireWatchReports' | 'adhocReports', ReportRow[]>;

export function latestReportsResource(buildingId: number, groups: LatestGroups): Static<typeof LatestWalkaboutReportsResource> {
  const ids = (rows: ReportRow[]) => rows.map((r) => r.id);
  return resource(
    'latest-walkabout-reports',
    buildingId,
    { buildingId },
    {
      walkaboutReports: toMany('walkabout-reports', ids(groups.walkaboutReports)),
      walkaboutAuditReports: toMany('walkabout-reports', ids(groups.walkaboutAuditReports)),
      reportBooklets: toMany('walkabout-reports', ids(groups.reportBooklets)),
      fireWatchReports: toMany('walkabout-reports', ids(groups.fireWatchReports)),
      adhocReports: toMany('walkabout-reports', ids(groups.adhocReports)),
    },
  );
}

/** Where an on-demand request stands: its report's state once there is one; failed when it could not be asked for. */
export function onDemandStatus(r: OnDemandRow): 'pending' | 'ready' | 'failed' {
  if (r.status === 'failed') return 'failed';
  if (!r.report) return r.status;
  if (r.report.status === 'failed') return 'failed';
  return r.report.status === 'ready' && r.report.uploadKey ? 'ready' : 'pending';
}

export function onDemandReportResource(r: OnDemandRow): Static<typeof OnDemandReportResource> {
  const status = onDemandStatus(r);
  const reportId = r.report?.id ?? null;
  return resource(
    'on-demand-reports',
    r.id,
    {
      report_identificator: r.identificator,
      report_type: r.reportType as OnDemandReportType,
      building_id: r.buildingId,
      status,
      pdf_url: status === 'ready' && reportId !== null ? downloadPath(reportId) : null,
      report_id: reportId,
      error: status === 'failed' ? (r.error ?? r.report?.error ?? 'The report could not be generated.') : null,
      createdAt: r.createdAt.toISOString(),
    },
    { building: toOne('buildings', r.buildingId), report: toOneOrNull('walkabout-reports', reportId) },
  );
}
