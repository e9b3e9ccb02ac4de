/**
 * The overview dashboards (admin-organizations-buildings.md sections 2 to 9): who may open them, the inspection states
 * an entry can be in, the percentages of the totals cards and the words of the screens. One rule for the backend's
 * authoritative check, the gateway's percentages and the web's screens.
 */
import type { Permissions } from './permissions';

/**
 * The inspection states of a type at a location (section 4), as the REST counters spell them. 'unscanned' is "no
 * state recorded": nothing was scanned or answered for the entry in the current walkabout.
 */
export const OVERVIEW_STATES = ['satisfactory', 'unsatisfactory', 'not_applicable', 'incomplete', 'unscanned'] as const;
export type OverviewState = (typeof OVERVIEW_STATES)[number];

/** The label of each state on the totals cards and in the state filter of Manage Types (section 2). */
export const OVERVIEW_STATE_LABELS: Record<OverviewState, string> = {
  satisfactory: 'Satisfactory',
  unsatisfactory: 'Unsatisfactory',
  not_applicable: 'Not Applicable',
  incomplete: 'Incomplete',
  unscanned: 'Not Scanned',
};

/** Walkabout filter types (section 9) and a cycle's status in the table (section 4). */
export const WALKABOUT_FILTER_TYPES = ['complete', 'incomplete'] as const;
export type WalkaboutFilterType = (typeof WALKABOUT_FILTER_TYPES)[number];

export const OVERVIEW_LOADING_MESSAGE = 'Loading data, please wait...';
export const OVERVIEW_EMPTY_MESSAGE = 'No results found';
export const NOT_ALLOWED_TO_VIEW_OVERVIEW_MESSAGE = 'Only administrators and users with an overview permission can see the overview.';

/**
 * A share of a total as a percentage rounded to 3 decimals, 0 when the total is 0 (section 5). Rounded half away
 * from zero on the decimal value (1/3 → 33.333, 2/3 → 66.667), not on its binary approximation.
 */
export function overviewPercentage(count: number, total: number): number {
  if (!total || !Number.isFinite(total) || !Number.isFinite(count)) return 0;
  const value = (count / total) * 100;
  return Number(Math.round(Number(`${value}e3`)) + 'e-3');
}

/**
 * The overview dashboards (inspection.md section 6, 'Overview link'; the building card's overview link): administrators,
 * and users with the organization or building overview permission. What they see is narrowed to their buildings.
 */
export function canViewOverview(isAdmin: boolean, permissions: Pick<Permissions, 'canViewOrganizationOverview' | 'canViewBuildingOverview'>): boolean {
  return isAdmin || permissions.canViewOrganizationOverview || permissions.canViewBuildingOverview;
}
