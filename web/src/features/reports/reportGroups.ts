import type { WalkaboutReportGroup } from '../../generated/schema';

export type ReportPermissions = {
  canViewWalkaboutReports: boolean;
  canViewWalkaboutAuditReports: boolean;
  canViewFireWatchReports: boolean;
  canViewRepairReports: boolean;
  canCreateWalkaboutReports: boolean;
};

export type ReportGroupLink = { key: string; label: string; to: string };

/** The group query values of /reports (inspection.md section 2, Report groups) and the GraphQL group each lists. */
export const LIST_GROUPS = {
  interim: { label: 'Interim Reports', group: 'INTERIM' },
  'completed-walkabout': { label: 'Completed Walkabout Reports', group: 'COMPLETED_WALKABOUT' },
  audit: { label: 'Walkabout Audit Reports', group: 'AUDIT' },
} as const satisfies Record<string, { label: string; group: WalkaboutReportGroup }>;

export type ListGroupKey = keyof typeof LIST_GROUPS;

export function isListGroupKey(value: string | null): value is ListGroupKey {
  return value !== null && Object.hasOwn(LIST_GROUPS, value);
}

/**
 * The report groups of a building, each only with its permission (inspection.md section 6; an administrator has
 * every permission): interim and completed reports with canViewWalkaboutReports, audit reports with
 * canViewWalkaboutAuditReports, historical reports with any report view permission, on-demand reports with
 * canCreateWalkaboutReports, repair reports with canViewRepairReports.
 */
export function reportGroupLinks(buildingId: string, isAdmin: boolean, can: ReportPermissions): ReportGroupLink[] {
  const has = (flag: keyof ReportPermissions) => isAdmin || can[flag];
  const base = `/buildings/${buildingId}`;
  const links: ReportGroupLink[] = [];
  if (has('canViewWalkaboutReports')) {
    links.push({ key: 'interim', label: LIST_GROUPS.interim.label, to: `${base}/reports?group=interim` });
    links.push({ key: 'completed-walkabout', label: LIST_GROUPS['completed-walkabout'].label, to: `${base}/reports?group=completed-walkabout` });
  }
  if (has('canViewWalkaboutAuditReports')) links.push({ key: 'audit', label: LIST_GROUPS.audit.label, to: `${base}/reports?group=audit` });
  if (has('canViewWalkaboutReports') || has('canViewWalkaboutAuditReports') || has('canViewFireWatchReports')) {
    links.push({ key: 'historical', label: 'Historical Reports', to: `${base}/historical-reports` });
  }
  if (has('canCreateWalkaboutReports')) links.push({ key: 'on-demand', label: 'On-demand Reports', to: `${base}/on-demand-reports` });
  if (has('canViewRepairReports')) links.push({ key: 'repair', label: 'Repair Reports', to: `${base}/reports/repair` });
  return links;
}
