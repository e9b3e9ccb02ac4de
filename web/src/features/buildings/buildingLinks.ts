import type { BuildingCard_BuildingFragment, BuildingCard_ViewerFragment } from './BuildingCard.generated';

export type BuildingLinkKey =
  | 'walkabouts'
  | 'documents'
  | 'fireSafetyPlan'
  | 'reports'
  | 'summaryNotes'
  | 'summaryFailure'
  | 'qrCodes'
  | 'overview'
  | 'manage';

export type BuildingLink = {
  key: BuildingLinkKey;
  label: string;
  to: string;
  /** A file outside the app, opened in a new window. */
  external?: boolean;
  count?: number;
};

/** accepted: contractAcceptedAt is set; pending: a contract awaits acceptance; missing: no contract to accept. */
export type ContractState = 'accepted' | 'pending' | 'missing';

export function contractState(building: Pick<BuildingCard_BuildingFragment, 'contractAcceptedAt' | 'contractUrl'>): ContractState {
  if (building.contractAcceptedAt) return 'accepted';
  return building.contractUrl ? 'pending' : 'missing';
}

/**
 * The links of a building card, each by its permission (spec inspection.md
 * sections 2 and 6). Until the contract is accepted, walkabouts, documents and
 * reports are withheld; overview, manage and QR codes stay, because those are
 * how an administrator puts the building in order.
 */
export function buildingLinks(building: BuildingCard_BuildingFragment, viewer: BuildingCard_ViewerFragment): BuildingLink[] {
  const { isAdmin, permissions: can } = viewer;
  const id = building.id;
  const open = contractState(building) === 'accepted';
  const links: BuildingLink[] = [];

  if (open) {
    links.push({ key: 'walkabouts', label: 'Walkabouts', to: `/buildings/${id}/walkabouts` });
    links.push({ key: 'documents', label: 'Documents', to: `/buildings/${id}/document-categories` });
    if (building.fireSafetyPlanId) links.push(fireSafetyPlanLink(building, building.fireSafetyPlanId));
    const canViewReports =
      isAdmin ||
      can.canViewWalkaboutReports ||
      can.canViewWalkaboutAuditReports ||
      can.canViewFireWatchReports ||
      can.canViewRepairReports;
    if (canViewReports) links.push({ key: 'reports', label: 'Reports', to: `/buildings/${id}/reports/groups` });
    if (isAdmin || can.canViewFailureReport) {
      links.push({
        key: 'summaryNotes',
        label: 'Summary Notes',
        to: `/buildings/${id}/reports/summary/${id}-summary-notes`,
        count: building.summaryNotesReportTotal,
      });
      links.push({
        key: 'summaryFailure',
        label: 'Summary Failure',
        to: `/buildings/${id}/reports/summary/${id}-summary-failure`,
        count: building.summaryFailureReportTotal,
      });
    }
  }
  if (isAdmin) links.push({ key: 'qrCodes', label: 'QR Codes', to: `/buildings/${id}/locations` });
  // inspection.md section 6: the card's QR codes and overview are the administrator's; manage also follows building permissions.
  if (isAdmin) {
    links.push({
      key: 'overview',
      label: 'Overview',
      to: `/overview/building/${id}?organizationId=${building.organization.id}`,
    });
  }
  if (isAdmin || can.canManageBuildings) links.push({ key: 'manage', label: 'Manage', to: `/manage/building/${id}` });
  return links;
}

/** A PDF opens the app's bookmarks page; any other file opens by itself in a new window (spec section 2). */
function fireSafetyPlanLink(building: BuildingCard_BuildingFragment, documentId: string): BuildingLink {
  const isPdf = building.fireSafetyPlanMimetype === 'application/pdf';
  if (!isPdf && building.fireSafetyPlanUrl) {
    return { key: 'fireSafetyPlan', label: 'Fire Safety Plan', to: building.fireSafetyPlanUrl, external: true };
  }
  return { key: 'fireSafetyPlan', label: 'Fire Safety Plan', to: `/buildings/${building.id}/documents/${documentId}` };
}
