import { cutFilterLabel } from '@fsi/shared';

export type BuildingFilterValue = { organizationId: string | null; regionId: string | null };

export const ALL_BUILDINGS: BuildingFilterValue = { organizationId: null, regionId: null };

export type FilterOption = { value: string; label: string; filter: BuildingFilterValue };

type FilterRegion = { id: string; name: string; parent: { id: string } | null; organization: { id: string } };
type FilterOrganization = { id: string; name: string };

/** The option value of a filter: 'o:{id}' for an organization, 'r:{id}' for a region, '' for every building. */
export function filterOptionValue(filter: BuildingFilterValue): string {
  if (filter.regionId) return `r:${filter.regionId}`;
  if (filter.organizationId) return `o:${filter.organizationId}`;
  return '';
}

// One collator for every comparison: localeCompare with options makes one per call, most of the cost of sorting.
const nameCollator = new Intl.Collator(undefined, { sensitivity: 'base' });
const byName = (a: { name: string }, b: { name: string }) => nameCollator.compare(a.name, b.name);

/**
 * The building filter of spec inspection.md section 2: administrators choose
 * among all organizations sorted by name, each followed by its regions and
 * sub-regions, indented with one dash per level; others among the top-level
 * regions of their scope only (a region user's own region), since choosing a
 * region shows the buildings of its sub-regions too. Names are cut at 75 characters.
 */
export function buildingFilterOptions({
  isAdmin,
  organizations,
  regions,
}: {
  isAdmin: boolean;
  organizations: ReadonlyArray<FilterOrganization>;
  regions: ReadonlyArray<FilterRegion>;
}): FilterOption[] {
  if (!isAdmin) return regionTree(regions, 0, { topLevelOnly: true });
  return [...organizations].sort(byName).flatMap((organization) => [
    {
      value: filterOptionValue({ organizationId: organization.id, regionId: null }),
      label: cutFilterLabel(organization.name),
      filter: { organizationId: organization.id, regionId: null },
    },
    ...regionTree(
      regions.filter((region) => region.organization.id === organization.id),
      1,
    ),
  ]);
}

/** Regions depth first; a region whose parent is not visible to the viewer is a root of their scope. */
function regionTree(regions: ReadonlyArray<FilterRegion>, firstDepth: number, { topLevelOnly = false } = {}): FilterOption[] {
  const visible = new Set(regions.map((region) => region.id));
  const children = new Map<string | null, FilterRegion[]>();
  for (const region of regions) {
    const parentId = region.parent && visible.has(region.parent.id) ? region.parent.id : null;
    children.set(parentId, [...(children.get(parentId) ?? []), region]);
  }
  const options: FilterOption[] = [];
  const visit = (parentId: string | null, depth: number) => {
    for (const region of [...(children.get(parentId) ?? [])].sort(byName)) {
      const dashes = depth > 0 ? `${'-'.repeat(depth)} ` : '';
      const filter = { organizationId: region.organization.id, regionId: region.id };
      options.push({ value: filterOptionValue(filter), label: `${dashes}${cutFilterLabel(region.name)}`, filter });
      if (!topLevelOnly) visit(region.id, depth + 1);
    }
  };
  visit(null, firstDepth);
  return options;
}
