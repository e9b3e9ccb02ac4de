import type { Resolvers } from '../../generated/resolvers';
import { loadOptional, loadRequired } from '../../loaders';

export const reportResolvers: Resolvers = {
  Query: {
    reports: (_parent, { buildingId, cycleId }, { data }) => data.reports.list({ buildingId, cycleId: cycleId ?? null }),
    report: (_parent, { id }, { data }) => data.reports.byId.load(id),
    equipment: (_parent, { buildingId }, { data }) => data.reports.equipment(buildingId),
    walkaboutReports: (_parent, args, { data }) => data.reports.walkaboutReports(args),
    latestWalkaboutReports: (_parent, { buildingId }, { data }) => data.reports.latest.load(buildingId),
    walkaboutReportDownload: (_parent, { id }, { data }) => data.reports.downloads.load(id),
    repairReportDownload: (_parent, args, { data }) => data.reports.repairReportDownload(args),
    onDemandReportOptions: (_parent, { buildingId }, { data }) => data.reports.onDemandOptions(buildingId),
    onDemandReport: (_parent, { id }, { data }) => data.reports.onDemandReport(id),
  },
  Mutation: {
    acknowledgeFailureItem: (_parent, { kind, id, ...args }, { data }) => data.reports.acknowledge(kind, id, args),
    repairFailureItem: (_parent, { kind, id, ...args }, { data }) => data.reports.repair(kind, id, args),
    addComment: (_parent, { kind, id, body }, { data }) => data.reports.addComment(kind, id, body),
    createOnDemandReport: (_parent, { input }, { data }) => data.reports.createOnDemand(input),
    emailWalkaboutReport: (_parent, { reportId, recipients, message }, { data }) => data.reports.email(reportId, recipients, message),
  },
  // The summary reports' ids are the backend's ('{buildingId}-summary-failure'): the card's links cost no call.
  Building: {
    summaryFailureReportId: (building) => `${building.id}-summary-failure`,
    summaryNotesReportId: (building) => `${building.id}-summary-notes`,
    // Batched: a page of buildings asks for all their latest reports in one call.
    latestWalkaboutReports: (building, _args, { data }) => data.reports.latest.load(building.id),
  },
  // Plain fields are the model's properties (model.ts); the building and cycle load by id, batched for every report of a request.
  Report: {
    building: (report, _args, { data }) => loadRequired(data.buildings.byId, report.buildingId, 'building'),
    cycle: (report, _args, { data }) => loadOptional(data.cycles.byId, report.cycleId),
  },
  WalkaboutReport: {
    building: (report, _args, { data }) => loadRequired(data.buildings.byId, report.buildingId, 'building'),
    cycle: (report, _args, { data }) => loadOptional(data.cycles.byId, report.cycleId),
    walkabout: (report, _args, { data }) => loadOptional(data.walkabouts.byId, report.walkaboutId),
  },
  // The cycles of the on-demand options load by id: one call for all of them.
  OnDemandReportOptions: {
    cycles: async (options, _args, { data }) => (await Promise.all(options.cycleIds.map((id) => loadRequired(data.cycles.byId, id, 'cycle')))),
  },
  OnDemandReportDefinition: {
    cycle: (definition, _args, { data }) => loadRequired(data.cycles.byId, definition.cycleId, 'cycle'),
  },
  OnDemandWalkabout: {
    cycle: (walkabout, _args, { data }) => loadRequired(data.cycles.byId, walkabout.cycleId, 'cycle'),
  },
  OnDemandBookletTemplate: {
    cycle: (booklet, _args, { data }) => loadOptional(data.cycles.byId, booklet.cycleId),
  },
  OnDemandReport: {
    building: (report, _args, { data }) => loadRequired(data.buildings.byId, report.buildingId, 'building'),
  },
};
