/**
 * The overview filters' cross-links (admin-organizations-buildings.md sections 2 and 3, 'Overview filter data'): what
 * each choice leaves to choose in the others, and the filter sent to the gateway. Choosing users or regions narrows
 * the buildings to theirs; choosing buildings or cycles narrows the equipment to the types found there.
 */
import type { OverviewFilter, WalkaboutCompleteness } from '../../generated/schema';

export type FilterData = {
  users: ReadonlyArray<{ userId: string; name: string; buildingIds: readonly string[] }>;
  buildings: ReadonlyArray<{ buildingId: string; name: string; regionId?: string | null; equipmentTypeIds: readonly string[] }>;
  regions: ReadonlyArray<{ regionId: string; name: string; parentId?: string | null; buildingIds: readonly string[] }>;
  cycles: ReadonlyArray<{ cycleId: string; name: string; equipmentTypeIds: readonly string[] }>;
  equipment: ReadonlyArray<{
    equipmentTypeId: string;
    name: string;
    buildingIds: readonly string[];
    cycleIds: readonly string[];
    components: ReadonlyArray<{ componentId: string; name: string }>;
  }>;
};

export type Selection = {
  userIds: string[];
  regionIds: string[];
  buildingIds: string[];
  cycleIds: string[];
  statuses: WalkaboutCompleteness[];
  /** A whole type is 'type:{id}', one of its components 'component:{typeId}:{componentId}'. */
  equipment: string[];
};

export const EMPTY_SELECTION: Selection = { userIds: [], regionIds: [], buildingIds: [], cycleIds: [], statuses: [], equipment: [] };

/** The id of no record: a filter whose choices leave no building sends it, so that the answer is empty rather than everything. */
export const NO_BUILDING = '0';

const intersect = (a: readonly string[] | null, b: readonly string[]) => (a === null ? [...b] : a.filter((id) => b.includes(id)));

/** The buildings the chosen users and regions leave (all of them when neither is chosen). */
export function availableBuildings(data: FilterData, selection: Selection) {
  let allowed: string[] | null = null;
  if (selection.userIds.length) {
    const ofUsers = data.users.filter((u) => selection.userIds.includes(u.userId)).flatMap((u) => u.buildingIds);
    allowed = intersect(allowed, ofUsers);
  }
  if (selection.regionIds.length) {
    const ofRegions = data.regions.filter((r) => selection.regionIds.includes(r.regionId)).flatMap((r) => r.buildingIds);
    allowed = intersect(allowed, ofRegions);
  }
  return allowed === null ? data.buildings : data.buildings.filter((b) => allowed.includes(b.buildingId));
}

/** The buildings the filter is about: the chosen ones still available, else every available one. */
export function effectiveBuildingIds(data: FilterData, selection: Selection): string[] {
  const available = availableBuildings(data, selection).map((b) => b.buildingId);
  const chosen = selection.buildingIds.filter((id) => available.includes(id));
  return chosen.length ? chosen : available;
}

/** The equipment types found at the effective buildings and, when cycles are chosen, with tasks in one of them. */
export function availableEquipment(data: FilterData, selection: Selection) {
  const buildings = new Set(effectiveBuildingIds(data, selection));
  return data.equipment.filter(
    (e) => e.buildingIds.some((id) => buildings.has(id)) && (!selection.cycleIds.length || e.cycleIds.some((id) => selection.cycleIds.includes(id))),
  );
}

/** The equipment choices: each type, then each of its components indented under it. */
export function equipmentOptions(data: FilterData, selection: Selection): Array<{ value: string; label: string }> {
  return availableEquipment(data, selection).flatMap((e) => [
    { value: `type:${e.equipmentTypeId}`, label: e.name },
    ...e.components.map((c) => ({ value: `component:${e.equipmentTypeId}:${c.componentId}`, label: `${e.name} – ${c.name}` })),
  ]);
}

/** The gateway's OverviewFilter for a selection; null when nothing is chosen. */
export function overviewFilterOf(data: FilterData, selection: Selection, fixedBuildingId?: string): OverviewFilter | null {
  const filter: OverviewFilter = {};
  if (fixedBuildingId === undefined && (selection.userIds.length || selection.regionIds.length || selection.buildingIds.length)) {
    const ids = effectiveBuildingIds(data, selection);
    filter.buildingIds = ids.length ? ids : [NO_BUILDING];
  }
  if (selection.cycleIds.length) filter.cycleIds = selection.cycleIds;
  if (selection.statuses.length) filter.walkaboutStatuses = selection.statuses;
  if (selection.equipment.length) {
    filter.equipment = selection.equipment.map((value) => {
      const [kind, typeId, componentId] = value.split(':');
      return kind === 'component' ? { equipmentTypeId: typeId!, componentId: componentId! } : { equipmentTypeId: typeId!, componentId: null };
    });
  }
  return Object.keys(filter).length ? filter : null;
}

/** Drops the choices that the other choices no longer allow (a building outside the chosen region, …). */
export function pruneSelection(data: FilterData, selection: Selection): Selection {
  const buildings = availableBuildings(data, selection).map((b) => b.buildingId);
  const narrowed = { ...selection, buildingIds: selection.buildingIds.filter((id) => buildings.includes(id)) };
  const equipment = equipmentOptions(data, narrowed).map((o) => o.value);
  return { ...narrowed, equipment: narrowed.equipment.filter((value) => equipment.includes(value)) };
}
