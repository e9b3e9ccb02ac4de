/**
 * Reports as GraphQL serves them (models.ts): a report's rows, items, follow-ups and comments arrive inline in
 * its REST resource and are turned into their GraphQL objects once, where the report arrives; only the
 * report's building and cycle are loaded (by id, batched).
 */
import type {
  Equipment,
  FailureFollowUp,
  FailureItem,
  FailureItemKind,
  FailureItemSection,
  FailureItemState,
  Report,
  ReportComment,
  OnDemandBookletTemplate,
  OnDemandReport,
  OnDemandReportType,
  OnDemandWalkabout,
  ReportDownload,
  ReportLayout,
  ReportStatus,
  WalkaboutReport,
  WalkaboutReportEmail,
  WalkaboutReportType,
} from '../../generated/resolvers';
import { idOf } from '../../json-api';
import type { PlainFields } from '../../models';
import type {
  EquipmentResource,
  FailureItemRecord,
  FollowUpResource,
  OnDemandBuildingDataResource,
  OnDemandReportResource,
  ReportCommentResource,
  ReportDownloadResource,
  ReportResource,
  WalkaboutReportEmailResource,
  WalkaboutReportResource,
} from '../../rest-types';

export type ReportCommentModel = PlainFields<ReportComment, 'id' | 'body' | 'creatorUsername' | 'createdAt'>;
export type FailureFollowUpModel = PlainFields<FailureFollowUp, keyof Omit<FailureFollowUp, '__typename'>>;
export type FailureItemSectionModel = PlainFields<FailureItemSection, 'name' | 'conditions'>;
export type FailureItemModel = PlainFields<
  FailureItem,
  'id' | 'kind' | 'modelId' | 'cycleName' | 'equipment' | 'equipmentTypeId' | 'location' | 'floor' | 'model' | 'equipmentId' | 'remarks' | 'photoUrl'
> & { followUp: FailureFollowUpModel; comments: ReportCommentModel[]; sections: FailureItemSectionModel[]; documentIds: string[] };
export type ReportRowModel = { cells: string[]; item: FailureItemModel | null };
export type ReportModel = PlainFields<
  Report,
  'id' | 'name' | 'type' | 'cycleName' | 'date' | 'walkaboutIds' | 'total' | 'acknowledgedTotal' | 'emptyMessage' | 'headers'
> & { rows: ReportRowModel[]; buildingId: string; cycleId: string | null };
export type EquipmentModel = PlainFields<Equipment, 'id' | 'name' | 'displayName' | 'order'>;

const LAYOUT: Record<ReportResource['attributes']['reportType'], ReportLayout> = { failure: 'FAILURE', notes: 'NOTES', default: 'DEFAULT' };
const KIND: Record<FailureItemRecord['modelPath'], FailureItemKind> = { entries: 'ENTRY', 'location-comments': 'LOCATION_COMMENT' };
const STATE: Record<FollowUpResource['attributes']['state'], FailureItemState> = {
  unacknowledged: 'UNACKNOWLEDGED',
  acknowledged: 'ACKNOWLEDGED',
  repaired: 'REPAIRED',
};

/** The REST path of an item's kind: `PUT /{path}/{id}`. */
export const MODEL_PATH: Record<FailureItemKind, FailureItemRecord['modelPath']> = { ENTRY: 'entries', LOCATION_COMMENT: 'location-comments' };

/** An item's id, the same as its follow-up's (the backend names a follow-up 'entries-12'). */
export const itemId = (modelPath: string, modelId: number | string) => `${modelPath}-${modelId}`;

export function toComment(comment: { id: string; body: string; creatorUsername: string | null; createdAt: string }): ReportCommentModel {
  return { id: comment.id, body: comment.body, creatorUsername: comment.creatorUsername, createdAt: comment.createdAt };
}

export function toCommentOfResource(comment: ReportCommentResource): ReportCommentModel {
  return toComment({ id: comment.id, ...comment.attributes });
}

export function toFollowUp(followUp: FollowUpResource): FailureFollowUpModel {
  const a = followUp.attributes;
  return {
    id: followUp.id,
    state: STATE[a.state],
    acknowledgedAt: a.acknowledgedAt,
    acknowledgedUsername: a.acknowledgedUsername,
    acknowledgedNotes: a.acknowledgedNotes,
    acknowledgedPhotoUrl: a.acknowledgedPhotoUrl,
    repairedAt: a.repairedAt,
    repairedUsername: a.repairedUsername,
    repairedComments: a.repairedComments,
    repairedPhotoUrl: a.repairedPhotoUrl,
  };
}

function toItem(item: FailureItemRecord): FailureItemModel {
  const id = itemId(item.modelPath, item.modelId);
  return {
    id,
    kind: KIND[item.modelPath],
    modelId: String(item.modelId),
    cycleName: item.cycleName,
    equipment: item.equipment,
    equipmentTypeId: idOf(item.equipmentTypeId),
    location: item.location,
    floor: item.floor,
    model: item.model,
    equipmentId: idOf(item.equipmentId),
    // Loaded by id when asked for (FailureItem.documents, features/documents): one call for every item of a request.
    documentIds: item.documents.map((d) => String(d.id)),
    // A report lists open items only: a repaired one has left it, so its repair fields are empty here.
    followUp: {
      id,
      state: STATE[item.state],
      acknowledgedAt: item.acknowledgedAt,
      acknowledgedUsername: item.acknowledgedUsername,
      acknowledgedNotes: item.acknowledgedNotes,
      acknowledgedPhotoUrl: item.acknowledgedPhotoUrl,
      repairedAt: null,
      repairedUsername: null,
      repairedComments: null,
      repairedPhotoUrl: null,
    },
    comments: item.comments.map(toComment),
    sections: item.sections.map((section) => ({ name: section.name, conditions: section.conditions.map((c) => ({ ...c })) })),
    remarks: item.remarks,
    photoUrl: item.photoUrl,
  };
}

export function toReport(report: ReportResource): ReportModel {
  const a = report.attributes;
  return {
    id: report.id,
    name: a.name,
    type: LAYOUT[a.reportType],
    cycleName: a.cycle,
    date: a.date,
    walkaboutIds: a.meta.walkaboutIds.map(String),
    total: a.meta.total,
    acknowledgedTotal: a.meta.acknowledgedTotal,
    emptyMessage: a.meta.emptyMessage,
    headers: a.headers,
    rows: a.rows.map((row) => ({ cells: row.cells, item: row.item ? toItem(row.item) : null })),
    buildingId: String(a.building_id),
    cycleId: idOf(a.cycleId),
  };
}

export function toEquipment(equipment: EquipmentResource): EquipmentModel {
  return { id: equipment.id, name: equipment.attributes.name, displayName: equipment.attributes.displayName, order: equipment.attributes.order };
}

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

export type WalkaboutReportEmailModel = PlainFields<WalkaboutReportEmail, 'id' | 'recipients' | 'message' | 'createdAt' | 'reportId'>;

export function toReportEmail(email: WalkaboutReportEmailResource): WalkaboutReportEmailModel {
  return {
    id: email.id,
    recipients: email.attributes.recipients,
    message: email.attributes.message,
    createdAt: email.attributes.createdAt,
    reportId: email.relationships.report.data.id,
  };
}
