/**
 * The overview dashboards (issue 13 point 3; admin-organizations-buildings.md sections 2-7): an organization's or a
 * building's entry state counters and filter data, one REST call each per request (DataLoaders keyed by what was
 * asked, so that the totals cards and the table of one query share a call). Percentages are @fsi/shared's rule
 * (3 decimals, 0 when the total is 0). A 403 stays a FORBIDDEN GraphQL error, a 404 a NOT_FOUND one.
 */
import { overviewPercentage } from '@fsi/shared/overview';
import DataLoader from 'dataloader';
import type { EntryStateCounts, Overview, OverviewFilter, OverviewFilters, WalkaboutCompleteness } from '../../generated/resolvers';
import { isRestId } from '../../loaders';
import type { RestClient } from '../../rest-client';
import type { RestBody, RestRoute } from '../../rest-types';

type CountersDocument = RestBody<'/organizations/{id}/entry-state-counters'>;
type RestCounters = CountersDocument['meta']['counters'];
type FiltersDocument = RestBody<'/organizations/{id}/overview-filters'>;

export const MAX_OVERVIEW_PAGE_SIZE = 500;

export function toCounts(c: RestCounters): EntryStateCounts {
  return {
    total: c.total,
    satisfactory: c.satisfactory,
    unsatisfactory: c.unsatisfactory,
    notApplicable: c.not_applicable,
    incomplete: c.incomplete,
    unscanned: c.unscanned,
    satisfactoryPercentage: overviewPercentage(c.satisfactory, c.total),
    unsatisfactoryPercentage: overviewPercentage(c.unsatisfactory, c.total),
    notApplicablePercentage: overviewPercentage(c.not_applicable, c.total),
    incompletePercentage: overviewPercentage(c.incomplete, c.total),
    unscannedPercentage: overviewPercentage(c.unscanned, c.total),
  };
}

const completeness = (status: 'complete' | 'incomplete'): WalkaboutCompleteness => (status === 'complete' ? 'COMPLETE' : 'INCOMPLETE');

function toOverview(document: CountersDocument, page: number, pageSize: number): Overview {
  return {
    counts: toCounts(document.meta.counters),
    buildingsCount: document.meta.total,
    page,
    pageSize,
    buildings: document.data.map((b) => ({
      buildingId: b.id,
      name: b.attributes.name,
      photoUrl: b.attributes.photo_url,
      regionId: b.attributes.region_id === null ? null : String(b.attributes.region_id),
      counts: toCounts(b.attributes.counters),
      equipment: b.attributes.equipments.map((e) => ({
        equipmentTypeId: String(e.id),
        name: e.name,
        aliasName: e.alias_name,
        cycles: e.cycles.map((c) => ({
          cycleId: String(c.id),
          name: c.name,
          status: completeness(c.status),
          walkaboutId: String(c.walkabout_id),
          entries: toCounts(c.entries),
        })),
      })),
    })),
  };
}

function toFilters(document: FiltersDocument): OverviewFilters {
  const a = document.data.attributes;
  const ids = (list: number[]) => list.map(String);
  return {
    users: a.users.map((u) => ({ userId: String(u.id), name: u.name, username: u.username, buildingIds: ids(u.building_ids) })),
    buildings: a.buildings.map((b) => ({
      buildingId: String(b.id),
      name: b.name,
      regionId: b.region_id === null ? null : String(b.region_id),
      userIds: ids(b.user_ids),
      equipmentTypeIds: ids(b.equipment_ids),
    })),
    regions: a.regions.map((r) => ({ regionId: String(r.id), name: r.name, parentId: r.parent_id === null ? null : String(r.parent_id), buildingIds: ids(r.building_ids) })),
    cycles: a.cycles.map((c) => ({ cycleId: String(c.id), name: c.name, equipmentTypeIds: ids(c.equipment_ids) })),
    equipment: a.equipments.map((e) => ({
      equipmentTypeId: String(e.id),
      name: e.name,
      aliasName: e.alias_name,
      status: e.status,
      buildingIds: ids(e.building_ids),
      cycleIds: ids(e.cycle_ids),
      components: e.components.map((c) => ({ componentId: String(c.id), name: c.name, aliasName: c.alias_name })),
    })),
  };
}

/** The REST filters of entry-filtered-state-counters; ids that cannot be records narrow to nothing rather than fail. */
function restFilter(filter: OverviewFilter | null | undefined) {
  const idsOf = (list: readonly string[] | null | undefined) => (list ?? []).map((id) => (isRestId(id) ? Number(id) : 0)).filter((id) => id > 0);
  return {
    building_ids: idsOf(filter?.buildingIds),
    walkabout_cycle_ids: idsOf(filter?.cycleIds),
    walkabout_types: (filter?.walkaboutStatuses ?? []).map((s) => (s === 'COMPLETE' ? ('complete' as const) : ('incomplete' as const))),
    equipment_ids: (filter?.equipment ?? [])
      .filter((e) => isRestId(e.equipmentTypeId) && (e.componentId == null || isRestId(e.componentId)))
      .map((e) => ({ id: Number(e.equipmentTypeId), componentId: e.componentId == null ? null : Number(e.componentId) })),
  };
}

/** Whether a filter names something that matches no record, so that the answer is empty rather than unfiltered. */
function namesNothing(filter: OverviewFilter | null | undefined): boolean {
  const bad = (list: readonly string[] | null | undefined) => (list ?? []).length > 0 && (list ?? []).every((id) => !isRestId(id));
  return bad(filter?.buildingIds) || bad(filter?.cycleIds);
}

type CountersKey = { organizationId: string; filter: OverviewFilter | null | undefined; page: number; pageSize: number };

export function createOverviewLoaders(rest: RestClient) {
  const counters = new DataLoader<CountersKey, Overview, string>(
    (keys) =>
      Promise.all(
        keys.map(async ({ organizationId, filter, page, pageSize }) => {
          if (!isRestId(organizationId)) throw new Error(`No such organization: ${organizationId}`);
          const size = Math.min(Math.max(1, Math.trunc(pageSize)), MAX_OVERVIEW_PAGE_SIZE);
          const number = Math.max(1, Math.trunc(page));
          const body = restFilter(filter);
          if (namesNothing(filter)) body.building_ids = [2_147_483_647];
          const document = await rest.post<RestRoute<'/organizations/{id}/entry-filtered-state-counters', 'post'>>(
            `/organizations/${organizationId}/entry-filtered-state-counters?page[number]=${number}&page[size]=${size}`,
            body,
          );
          return toOverview(document, number, size);
        }),
      ),
    { cacheKeyFn: (key) => JSON.stringify(key) },
  );
  const filtersLoader = (path: (id: string) => string) =>
    new DataLoader<string, OverviewFilters>((ids) =>
      Promise.all(
        ids.map(async (id) => {
          if (!isRestId(id)) throw new Error(`No such record: ${id}`);
          return toFilters(await rest.get<FiltersDocument>(path(id)));
        }),
      ),
    );
  return {
    counters,
    organizationFilters: filtersLoader((id) => `/organizations/${id}/overview-filters`),
    buildingFilters: filtersLoader((id) => `/buildings/${id}/overview-filters`),
  };
}

export type OverviewLoaders = ReturnType<typeof createOverviewLoaders>;
