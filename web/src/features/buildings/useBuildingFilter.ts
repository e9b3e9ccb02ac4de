import { useCallback, useState } from 'react';
import { BUILDING_FILTER_KEY } from '../../lib/session/session';
import { ALL_BUILDINGS, type BuildingFilterValue } from './buildingFilterOptions';

/** The filter remembered on this device, or every building. */
export function readStoredFilter(): BuildingFilterValue {
  const raw = window.localStorage.getItem(BUILDING_FILTER_KEY);
  if (!raw) return ALL_BUILDINGS;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return ALL_BUILDINGS;
    const { organizationId, regionId } = parsed as Record<string, unknown>;
    return {
      organizationId: typeof organizationId === 'string' ? organizationId : null,
      regionId: typeof regionId === 'string' ? regionId : null,
    };
  } catch {
    return ALL_BUILDINGS;
  }
}

/** The chosen building filter, remembered on the device until sign-out (spec section 8). */
export function useBuildingFilter() {
  const [filter, setFilterState] = useState<BuildingFilterValue>(readStoredFilter);

  const setFilter = useCallback((next: BuildingFilterValue) => {
    if (next.organizationId === null && next.regionId === null) window.localStorage.removeItem(BUILDING_FILTER_KEY);
    else window.localStorage.setItem(BUILDING_FILTER_KEY, JSON.stringify(next));
    setFilterState(next);
  }, []);

  return { filter, setFilter };
}
