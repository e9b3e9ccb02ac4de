import { useEffect, useMemo } from 'react';
import { Input, NativeSelect, Skeleton } from '@mantine/core';
import { useBuildingFilterQuery } from './BuildingFilter.generated';
import {
  ALL_BUILDINGS,
  buildingFilterOptions,
  filterOptionValue,
  type BuildingFilterValue,
} from './buildingFilterOptions';

const FILTER_LABEL = 'Filter';
const FILTER_DESCRIPTION = 'Show the buildings of one organization or region';

type BuildingFilterProps = {
  value: BuildingFilterValue;
  onChange: (value: BuildingFilterValue) => void;
};

/**
 * A native select: on a phone it opens the system picker, which suits a long
 * indented list better than a custom dropdown.
 */
export function BuildingFilter({ value, onChange }: BuildingFilterProps) {
  const { data, loading } = useBuildingFilterQuery();

  const options = useMemo(
    () =>
      data
        ? buildingFilterOptions({
            isAdmin: data.viewer.isAdmin,
            organizations: data.organizations.nodes,
            regions: data.regions,
          })
        : [],
    [data],
  );

  const selected = filterOptionValue(value);
  const known = selected === '' || options.some((option) => option.value === selected);

  // A remembered choice that no longer exists (a deleted region) falls back to every building.
  useEffect(() => {
    if (data && !known) onChange(ALL_BUILDINGS);
  }, [data, known, onChange]);

  // While the choices load, the select's label and description already take their places, so that the list below
  // does not move down when the select arrives (a layout shift of the whole screen, measured by Lighthouse's CLS).
  if (loading && !data) {
    return (
      <Input.Wrapper label={FILTER_LABEL} description={FILTER_DESCRIPTION} maw={{ base: '100%', sm: 360 }} w="100%" aria-hidden>
        <Skeleton height={36} radius="md" />
      </Input.Wrapper>
    );
  }
  if (options.length === 0) return null;

  return (
    <NativeSelect
      label={FILTER_LABEL}
      description={FILTER_DESCRIPTION}
      value={known ? selected : ''}
      onChange={(event) => {
        const chosen = options.find((option) => option.value === event.currentTarget.value);
        onChange(chosen ? chosen.filter : ALL_BUILDINGS);
      }}
      data={[{ value: '', label: 'All buildings' }, ...options.map(({ value: optionValue, label }) => ({ value: optionValue, label }))]}
      maw={{ base: '100%', sm: 360 }}
      w="100%"
    />
  );
}
