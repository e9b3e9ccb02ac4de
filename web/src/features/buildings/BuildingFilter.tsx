import { useEffect, useMemo } from 'react';
import { NativeSelect, Skeleton } from '@mantine/core';
import { useBuildingFilterQuery } from '../../generated/graphql';
import {
  ALL_BUILDINGS,
  buildingFilterOptions,
  filterOptionValue,
  type BuildingFilterValue,
} from './buildingFilterOptions';

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

  if (loading && !data) return <Skeleton height={36} maw={360} radius="md" aria-hidden />;
  if (options.length === 0) return null;

  return (
    <NativeSelect
      label="Filter"
      description="Show the buildings of one organization or region"
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
