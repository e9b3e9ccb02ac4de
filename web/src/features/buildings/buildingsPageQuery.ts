import type { BuildingsPageQueryVariables } from './BuildingsPage.generated';
import type { BuildingFilterValue } from './buildingFilterOptions';

/** A multiple of 1, 2, 3 and 4, so that every full page fills the rows of each grid width. */
export const BUILDINGS_PAGE_SIZE = 24;

/**
 * The variables of the Buildings screen's first page for a filter. The page's first query of a page load goes out as
 * the page starts, before this code has arrived (lib/apollo/earlyAnswer.ts).
 */
export function buildingsPageVariables(filter: BuildingFilterValue): BuildingsPageQueryVariables {
  return { ...filter, page: 1, pageSize: BUILDINGS_PAGE_SIZE };
}
