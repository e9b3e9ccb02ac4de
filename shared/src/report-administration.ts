/**
 * Report definitions and report booklet templates administration (admin-people-schedules.md sections 2-6 and 9):
 * the Data option counts, section details and their state rules, booklet display types and primary report rules,
 * the validation messages and who may see, add and edit them. One rule for the backend's authoritative check (422
 * with pointers) and the web's instant feedback.
 */
import type { Permissions } from './permissions';

export const REPORT_SECTION_DETAILS = ['condition', 'location', 'group', 'location_x_types', 'types_by_location'] as const;
export type ReportSectionDetailName = (typeof REPORT_SECTION_DETAILS)[number];

export const REPORT_SECTION_DETAIL_LABELS: Record<ReportSectionDetailName, string> = {
  condition: 'Condition',
  location: 'Location',
  group: 'Group',
  location_x_types: 'Location × Types',
  types_by_location: 'Types by Location',
};

export const BOOKLET_DISPLAY_TYPES = ['default', 'consolidated'] as const;
export type BookletDisplayType = (typeof BOOKLET_DISPLAY_TYPES)[number];
export const BOOKLET_DISPLAY_TYPE_LABELS: Record<BookletDisplayType, string> = { default: 'Default', consolidated: 'Consolidated' };

export const REPORT_NAME_PLACEHOLDER = 'Put Unique Name Here';
/** Section 5: the 422 of a name used twice in one organization reads 'Validation failed: Name has already been taken'. */
export const REPORT_NAME_TAKEN_DETAIL = 'Validation failed: Name has already been taken';
/** What the form shows for it (section 5). */
export const REPORT_NAME_TAKEN_MESSAGE = 'Name has already been taken.';
export const REPORT_NAME_REQUIRED_MESSAGE = 'Name is required.';
export const REPORT_SECTIONS_REQUIRED_MESSAGE = 'Add at least one section.';
export const BOOKLET_REPORTS_REQUIRED_MESSAGE = 'Add at least one report.';
export const BOOKLET_PRIMARY_NOT_IN_REPORTS_MESSAGE = 'The primary report must be one of the booklet’s reports.';
export const REPORT_NOT_IN_ORGANIZATION_MESSAGE = 'Each report must be one of the organization’s report definitions.';
export const REPORT_TEMPLATE_NAME_ADMIN_ONLY_MESSAGE = 'Only administrators can change the template name.';
export const REPORT_CYCLE_FIXED_MESSAGE = 'The cycle is chosen only when the report is created.';
export const REPORT_CYCLE_NOT_IN_ORGANIZATION_MESSAGE = 'The cycle must be one of the organization’s cycles.';
export const REPORT_REGION_NOT_IN_SCOPE_MESSAGE = 'The region must be one of the organization’s regions you can manage.';
export const REPORT_SECTION_EQUIPMENT_MESSAGE = 'The equipment must be one of the organization’s equipment types.';
export const NOT_ALLOWED_TO_UPDATE_REPORTS_MESSAGE = 'You do not have permission to update reports.';
export const NOT_ALLOWED_TO_UPDATE_BOOKLETS_MESSAGE = 'You do not have permission to update report booklets.';
export const NOT_ALLOWED_TO_ADD_REPORTS_MESSAGE = 'You do not have permission to add reports.';
export const NOT_ALLOWED_TO_ADD_BOOKLETS_MESSAGE = 'You do not have permission to add report booklets.';
export const REPORT_INACTIVE_SUBTITLE = 'Inactive';

export const reportSectionDetailMessage = `Detail must be one of: ${REPORT_SECTION_DETAILS.join(', ')}`;
export const bookletDisplayTypeMessage = `Display Type must be one of: ${BOOKLET_DISPLAY_TYPES.join(', ')}`;

/** Section 9: the most previous walkabouts a definition may show, by its cycle's frequency (yearly and no repeat: 9). */
export function maxPreviousWalkaboutsCount(frequency: string | null | undefined): number {
  switch (frequency) {
    case 'daily':
      return 30;
    case 'weekly':
      return 51;
    case 'monthly':
      return 11;
    default:
      return 9;
  }
}

/** Section 9: 0 reads Latest Walkabout and n reads Last {n+1} Walkabouts. */
export function previousWalkaboutsLabel(count: number): string {
  return count === 0 ? 'Latest Walkabout' : `Last ${count + 1} Walkabouts`;
}

/** The Data options of a cycle's frequency, 0 first. */
export function previousWalkaboutsOptions(frequency: string | null | undefined): Array<{ value: number; label: string }> {
  return Array.from({ length: maxPreviousWalkaboutsCount(frequency) + 1 }, (_, value) => ({ value, label: previousWalkaboutsLabel(value) }));
}

export function previousWalkaboutsMessage(frequency: string | null | undefined): string {
  return `Data must be from Latest Walkabout to ${previousWalkaboutsLabel(maxPreviousWalkaboutsCount(frequency))}.`;
}

export function validatePreviousWalkaboutsCount(count: unknown, frequency: string | null | undefined): string | null {
  return Number.isInteger(count) && (count as number) >= 0 && (count as number) <= maxPreviousWalkaboutsCount(frequency) ? null : previousWalkaboutsMessage(frequency);
}

export function isReportSectionDetail(value: unknown): value is ReportSectionDetailName {
  return typeof value === 'string' && (REPORT_SECTION_DETAILS as readonly string[]).includes(value);
}

export function isBookletDisplayType(value: unknown): value is BookletDisplayType {
  return typeof value === 'string' && (BOOKLET_DISPLAY_TYPES as readonly string[]).includes(value);
}

export function validateReportName(name: string | null | undefined): string | null {
  return name?.trim() ? null : REPORT_NAME_REQUIRED_MESSAGE;
}

export type ReportSectionDraft = {
  equipmentId: number | null;
  detail: ReportSectionDetailName;
  title: string;
  includeMetadata: boolean | null;
  pageBreakAfter: boolean;
  applicableEquipmentConditionIds: number[] | null;
  applicableEquipmentIds: number[];
  applicableGroupNames: string[];
};

/** A new section: by condition, with no equipment chosen yet. */
export function newReportSection(): ReportSectionDraft {
  return { equipmentId: null, detail: 'condition', title: '', includeMetadata: true, pageBreakAfter: true, applicableEquipmentConditionIds: [], applicableEquipmentIds: [], applicableGroupNames: [] };
}

/** Section 4: changing a section's equipment selects all of that equipment's conditions. */
export function withSectionEquipment(section: ReportSectionDraft, equipmentId: number | null, conditionIdsOf: (equipmentId: number) => number[]): ReportSectionDraft {
  return { ...section, equipmentId, applicableEquipmentConditionIds: equipmentId === null ? [] : conditionIdsOf(equipmentId) };
}

/**
 * Section 4: changing the detail to condition turns metadata and the page break on and selects all the conditions;
 * another detail sets metadata to null, the page break on and the condition ids to null.
 */
export function withSectionDetail(section: ReportSectionDraft, detail: ReportSectionDetailName, conditionIdsOf: (equipmentId: number) => number[]): ReportSectionDraft {
  if (detail === 'condition') {
    return { ...section, detail, includeMetadata: true, pageBreakAfter: true, applicableEquipmentConditionIds: section.equipmentId === null ? [] : conditionIdsOf(section.equipmentId) };
  }
  return { ...section, detail, includeMetadata: null, pageBreakAfter: true, applicableEquipmentConditionIds: null };
}

export type BookletReports = { reportDefinitionIds: number[]; primaryReportDefinitionId: number | null };

/** Section 4: adding the first report makes it primary. */
export function withBookletReportAdded(booklet: BookletReports, id: number): BookletReports {
  if (booklet.reportDefinitionIds.includes(id)) return booklet;
  const reportDefinitionIds = [...booklet.reportDefinitionIds, id];
  return { reportDefinitionIds, primaryReportDefinitionId: booklet.primaryReportDefinitionId ?? id };
}

/** Section 4: replacing the primary report moves the primary to the replacement. */
export function withBookletReportReplaced(booklet: BookletReports, index: number, id: number): BookletReports {
  const previous = booklet.reportDefinitionIds[index];
  if (previous === undefined || booklet.reportDefinitionIds.some((r, i) => r === id && i !== index)) return booklet;
  const reportDefinitionIds = booklet.reportDefinitionIds.map((r, i) => (i === index ? id : r));
  return { reportDefinitionIds, primaryReportDefinitionId: booklet.primaryReportDefinitionId === previous ? id : booklet.primaryReportDefinitionId };
}

/** Section 4: removing the primary report makes the first remaining report primary, or null if none remain. */
export function withBookletReportRemoved(booklet: BookletReports, index: number): BookletReports {
  const removed = booklet.reportDefinitionIds[index];
  const reportDefinitionIds = booklet.reportDefinitionIds.filter((_, i) => i !== index);
  const primaryReportDefinitionId = booklet.primaryReportDefinitionId === removed ? (reportDefinitionIds[0] ?? null) : booklet.primaryReportDefinitionId;
  return { reportDefinitionIds, primaryReportDefinitionId };
}

export function validateBookletReports(booklet: BookletReports): { reports: string | null; primary: string | null } {
  return {
    reports: booklet.reportDefinitionIds.length ? null : BOOKLET_REPORTS_REQUIRED_MESSAGE,
    primary:
      booklet.primaryReportDefinitionId !== null && !booklet.reportDefinitionIds.includes(booklet.primaryReportDefinitionId) ? BOOKLET_PRIMARY_NOT_IN_REPORTS_MESSAGE : null,
  };
}

type Viewer = { isAdmin: boolean; organizationId: string | number | null | undefined };

/** Section 6: the reports screens are for administrators, organization users and region users. */
export function canViewReportDefinitions(viewer: Viewer): boolean {
  return viewer.isAdmin || viewer.organizationId != null;
}

/** Section 6: the booklet screens are as regions, including canViewOrganization. */
export function canViewReportBooklets(viewer: Viewer, permissions: Pick<Permissions, 'canViewOrganization'>): boolean {
  return canViewReportDefinitions(viewer) || permissions.canViewOrganization;
}

/** Section 6: adding reports or booklets needs canCreateWalkaboutReports. */
export function canAddReports(isAdmin: boolean, permissions: Pick<Permissions, 'canCreateWalkaboutReports'>): boolean {
  return isAdmin || permissions.canCreateWalkaboutReports;
}

/** Section 6: editing a definition or booklet: admin, canUpdateWalkaboutReports or canManageOrganization. */
export function canUpdateReports(isAdmin: boolean, permissions: Pick<Permissions, 'canUpdateWalkaboutReports' | 'canManageOrganization'>): boolean {
  return isAdmin || permissions.canUpdateWalkaboutReports || permissions.canManageOrganization;
}

/** Section 5: Template Name is editable only by an administrator. */
export function canEditTemplateName(isAdmin: boolean): boolean {
  return isAdmin;
}
