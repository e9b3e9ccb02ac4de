import { useId, useState } from 'react';
import { Button, Card, Group, MultiSelect, SimpleGrid, Stack } from '@mantine/core';
import { regionTreeOptions } from '@fsi/shared';
import type { WalkaboutCompleteness } from '../../generated/schema';
import { IconChevronLeft, IconChevronRight } from '../../ui/icons';
import type { OverviewFiltersPanel_DataFragment } from './OverviewFiltersPanel.generated';
import { availableBuildings, EMPTY_SELECTION, equipmentOptions, pruneSelection, type Selection } from './overviewFilters';

const STATUS_OPTIONS: Array<{ value: WalkaboutCompleteness; label: string }> = [
  { value: 'COMPLETE', label: 'Complete' },
  { value: 'INCOMPLETE', label: 'Incomplete' },
];

/** Regions as the building form lists them: sub-regions under their parent, indented with a dash and a space per level. */
function regionOptions(regions: OverviewFiltersPanel_DataFragment['regions']) {
  return regionTreeOptions(regions.map((r) => ({ id: r.regionId, name: r.name, parentId: r.parentId ?? null }))).map((o) => ({ value: o.id, label: o.label }));
}

/**
 * The overview's collapsible filters (admin-organizations-buildings.md section 2): users, regions, buildings, cycles,
 * walkabout completeness and equipment with its components, cross-linked (a region or user narrows the buildings, the
 * buildings and cycles narrow the equipment). `building` leaves out what a building overview does not choose.
 */
export function OverviewFiltersPanel({
  data,
  selection,
  onChange,
  building = false,
}: {
  data: OverviewFiltersPanel_DataFragment;
  selection: Selection;
  onChange: (selection: Selection) => void;
  building?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const change = (patch: Partial<Selection>) => onChange(pruneSelection(data, { ...selection, ...patch }));
  const chosen = Object.values(selection).reduce((sum, list) => sum + list.length, 0);
  return (
    <Card withBorder radius="md" padding="sm">
      <Stack gap="sm">
        <Group justify="space-between">
          <Button
            variant="subtle"
            onClick={() => setOpen((value) => !value)}
            aria-expanded={open}
            aria-controls={panelId}
            leftSection={open ? <IconChevronLeft size={16} style={{ transform: 'rotate(-90deg)' }} /> : <IconChevronRight size={16} />}
          >
            Filters{chosen ? ` (${chosen})` : ''}
          </Button>
          {chosen > 0 && (
            <Button variant="subtle" color="gray" onClick={() => onChange(EMPTY_SELECTION)}>
              Clear filters
            </Button>
          )}
        </Group>
        {open && (
          <SimpleGrid id={panelId} cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
            {!building && (
              <>
                <MultiSelect
                  label="Users"
                  placeholder="All users"
                  searchable
                  clearable
                  data={data.users.map((u) => ({ value: u.userId, label: u.name }))}
                  value={selection.userIds}
                  onChange={(userIds) => change({ userIds })}
                />
                <MultiSelect
                  label="Regions"
                  placeholder="All regions"
                  searchable
                  clearable
                  data={regionOptions(data.regions)}
                  value={selection.regionIds}
                  onChange={(regionIds) => change({ regionIds })}
                />
                <MultiSelect
                  label="Buildings"
                  placeholder="All buildings"
                  searchable
                  clearable
                  data={availableBuildings(data, selection).map((b) => ({ value: b.buildingId, label: b.name }))}
                  value={selection.buildingIds}
                  onChange={(buildingIds) => change({ buildingIds })}
                />
              </>
            )}
            <MultiSelect
              label="Cycles"
              placeholder="All cycles"
              searchable
              clearable
              data={data.cycles.map((c) => ({ value: c.cycleId, label: c.name }))}
              value={selection.cycleIds}
              onChange={(cycleIds) => change({ cycleIds })}
            />
            <MultiSelect
              label="Walkabouts"
              placeholder="Complete and incomplete"
              clearable
              data={STATUS_OPTIONS}
              value={selection.statuses}
              onChange={(statuses) => change({ statuses: statuses as WalkaboutCompleteness[] })}
            />
            <MultiSelect
              label="Equipment"
              placeholder="All equipment"
              searchable
              clearable
              data={equipmentOptions(data, selection)}
              value={selection.equipment}
              onChange={(equipment) => change({ equipment })}
            />
          </SimpleGrid>
        )}
      </Stack>
    </Card>
  );
}
