/** Gateway answers for the overview tests, built as the gateway sends them. */
import { overviewPercentage } from '@fsi/shared/overview';

export function counts(c: { satisfactory?: number; unsatisfactory?: number; notApplicable?: number; incomplete?: number; unscanned?: number }) {
  const values = { satisfactory: 0, unsatisfactory: 0, notApplicable: 0, incomplete: 0, unscanned: 0, ...c };
  const total = Object.values(values).reduce((a, b) => a + b, 0);
  return {
    __typename: 'EntryStateCounts' as const,
    total,
    ...values,
    satisfactoryPercentage: overviewPercentage(values.satisfactory, total),
    unsatisfactoryPercentage: overviewPercentage(values.unsatisfactory, total),
    notApplicablePercentage: overviewPercentage(values.notApplicable, total),
    incompletePercentage: overviewPercentage(values.incomplete, total),
    unscannedPercentage: overviewPercentage(values.unscanned, total),
  };
}

export function aCycle(cycleId: string, name: string, entries: Parameters<typeof counts>[0], status: 'COMPLETE' | 'INCOMPLETE' = 'INCOMPLETE') {
  return { __typename: 'OverviewCycle' as const, cycleId, name, status, walkaboutId: `w${cycleId}`, entries: counts(entries) };
}

export function anOverviewBuilding(buildingId: string, name: string, equipment: Array<{ id: string; name: string; cycles: ReturnType<typeof aCycle>[] }>) {
  const all = equipment.flatMap((e) => e.cycles.map((c) => c.entries));
  const sum = (key: 'satisfactory' | 'unsatisfactory' | 'notApplicable' | 'incomplete' | 'unscanned') => all.reduce((a, c) => a + c[key], 0);
  return {
    __typename: 'OverviewBuilding' as const,
    buildingId,
    name,
    counts: counts({ satisfactory: sum('satisfactory'), unsatisfactory: sum('unsatisfactory'), notApplicable: sum('notApplicable'), incomplete: sum('incomplete'), unscanned: sum('unscanned') }),
    equipment: equipment.map((e) => ({ __typename: 'OverviewEquipment' as const, equipmentTypeId: e.id, name: e.name, aliasName: null, cycles: e.cycles })),
  };
}

export function anOverview(buildings: ReturnType<typeof anOverviewBuilding>[], { buildingsCount = buildings.length, page = 1, pageSize = 10 } = {}) {
  const sum = (key: 'satisfactory' | 'unsatisfactory' | 'notApplicable' | 'incomplete' | 'unscanned') => buildings.reduce((a, b) => a + b.counts[key], 0);
  return {
    __typename: 'Overview' as const,
    counts: counts({ satisfactory: sum('satisfactory'), unsatisfactory: sum('unsatisfactory'), notApplicable: sum('notApplicable'), incomplete: sum('incomplete'), unscanned: sum('unscanned') }),
    buildingsCount,
    page,
    pageSize,
    buildings,
  };
}

export const filterData = {
  __typename: 'OverviewFilters' as const,
  users: [
    { __typename: 'OverviewFilterUser' as const, userId: 'u1', name: 'Isaac Novak', username: 'inspector', buildingIds: ['11'] },
  ],
  buildings: [
    { __typename: 'OverviewFilterBuilding' as const, buildingId: '11', name: 'King Street Commerce Centre', regionId: 'r1', userIds: ['u1'], equipmentTypeIds: ['t1', 't2'] },
    { __typename: 'OverviewFilterBuilding' as const, buildingId: '12', name: 'Yonge & Eglinton Tower', regionId: 'r2', userIds: [], equipmentTypeIds: ['t1'] },
    { __typename: 'OverviewFilterBuilding' as const, buildingId: '13', name: 'Harbourfront Lofts', regionId: 'r1', userIds: [], equipmentTypeIds: ['t2'] },
  ],
  regions: [
    { __typename: 'OverviewFilterRegion' as const, regionId: 'r1', name: 'Downtown', parentId: null, buildingIds: ['11', '13'] },
    { __typename: 'OverviewFilterRegion' as const, regionId: 'r2', name: 'Midtown', parentId: null, buildingIds: ['12'] },
  ],
  cycles: [
    { __typename: 'OverviewFilterCycle' as const, cycleId: 'c1', name: 'Monthly', equipmentTypeIds: ['t1', 't2'] },
    { __typename: 'OverviewFilterCycle' as const, cycleId: 'c2', name: 'Weekly', equipmentTypeIds: ['t1'] },
  ],
  equipment: [
    { __typename: 'OverviewFilterEquipment' as const, equipmentTypeId: 't1', name: 'Exit Sign', aliasName: 'EXIT', status: 'active', buildingIds: ['11', '12'], cycleIds: ['c1', 'c2'], components: [] },
    {
      __typename: 'OverviewFilterEquipment' as const,
      equipmentTypeId: 't2',
      name: 'Fire Pump',
      aliasName: 'FP',
      status: 'active',
      buildingIds: ['11', '13'],
      cycleIds: ['c1'],
      components: [{ __typename: 'OverviewFilterComponent' as const, componentId: 'k1', name: 'Driver', aliasName: null }],
    },
  ],
};

export const king = anOverviewBuilding('11', 'King Street Commerce Centre', [
  { id: 't1', name: 'Exit Sign', cycles: [aCycle('c1', 'Monthly', { satisfactory: 1, unsatisfactory: 1, unscanned: 1 }), aCycle('c2', 'Weekly', { satisfactory: 2 }, 'COMPLETE')] },
  { id: 't2', name: 'Fire Pump', cycles: [aCycle('c1', 'Monthly', { incomplete: 1, notApplicable: 1 })] },
]);
export const yonge = anOverviewBuilding('12', 'Yonge & Eglinton Tower', []);
