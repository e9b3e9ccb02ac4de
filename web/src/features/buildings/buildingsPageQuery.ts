import type { ApolloClient } from '@apollo/client';
import { BuildingsPageDocument, type BuildingsPageQueryVariables } from './BuildingsPage.generated';
import type { BuildingFilterValue } from './buildingFilterOptions';
import { readStoredFilter } from './useBuildingFilter';

/** A multiple of 1, 2, 3 and 4, so that every full page fills the rows of each grid width. */
export const BUILDINGS_PAGE_SIZE = 24;

/** The variables of the Buildings screen's first page for a filter: the page and its prefetch ask the same. */
export function buildingsPageVariables(filter: BuildingFilterValue): BuildingsPageQueryVariables {
  return { ...filter, page: 1, pageSize: BUILDINGS_PAGE_SIZE };
}

/**
 * Asks for the Buildings screen's first page as soon as Apollo Client has loaded, at the start of a page load on
 * /buildings with a session, while the shell and the screen's code are still on their way: on a phone on slow 4G the
 * query then travels beside them rather than after them and after the shell's first render. The screen's own
 * query (the same document and variables) joins the request in flight, or finds its answer in the cache; a failure
 * is left for the screen's query to meet and report.
 */
export function prefetchBuildingsPage(client: ApolloClient<unknown>): void {
  client.query({ query: BuildingsPageDocument, variables: buildingsPageVariables(readStoredFilter()) }).catch(() => undefined);
}
