import { describe, expect, it } from 'vitest';
import { availableBuildings, EMPTY_SELECTION, equipmentOptions, NO_BUILDING, overviewFilterOf, pruneSelection, type FilterData } from './overviewFilters';

const data: FilterData = {
  users: [
    { userId: 'u1', name: 'Ida Inspector', buildingIds: ['b1', 'b2'] },
    { userId: 'u2', name: 'Rita Regional', buildingIds: ['b3'] },
  ],
  buildings: [
    { buildingId: 'b1', name: 'King Street', regionId: 'r1', equipmentTypeIds: ['t1'] },
    { buildingId: 'b2', name: 'Yonge Tower', regionId: 'r2', equipmentTypeIds: ['t1', 't2'] },
    { buildingId: 'b3', name: 'Harbour Lofts', regionId: 'r1', equipmentTypeIds: ['t2'] },
  ],
  regions: [
    { regionId: 'r1', name: 'Downtown', buildingIds: ['b1', 'b3'] },
    { regionId: 'r2', name: 'Midtown', buildingIds: ['b2'] },
  ],
  cycles: [
    { cycleId: 'c1', name: 'Monthly', equipmentTypeIds: ['t1'] },
    { cycleId: 'c2', name: 'Weekly', equipmentTypeIds: ['t2'] },
  ],
  equipment: [
    { equipmentTypeId: 't1', name: 'Exit Sign', buildingIds: ['b1', 'b2'], cycleIds: ['c1'], components: [] },
    { equipmentTypeId: 't2', name: 'Fire Pump', buildingIds: ['b2', 'b3'], cycleIds: ['c2'], components: [{ componentId: 'k1', name: 'Driver' }] },
  ],
};

describe('overview filter cross-links', () => {
  it('narrows the buildings to the chosen users and regions', () => {
    expect(availableBuildings(data, { ...EMPTY_SELECTION, regionIds: ['r1'] }).map((b) => b.name)).toEqual(['King Street', 'Harbour Lofts']);
    expect(availableBuildings(data, { ...EMPTY_SELECTION, userIds: ['u1'], regionIds: ['r1'] }).map((b) => b.name)).toEqual(['King Street']);
  });

  it('narrows the equipment to the chosen buildings and cycles, components under their type', () => {
    expect(equipmentOptions(data, { ...EMPTY_SELECTION, buildingIds: ['b1'] })).toEqual([{ value: 'type:t1', label: 'Exit Sign' }]);
    expect(equipmentOptions(data, { ...EMPTY_SELECTION, cycleIds: ['c2'] }).map((o) => o.label)).toEqual(['Fire Pump', 'Fire Pump – Driver']);
  });

  it('sends the buildings the users and regions leave, the cycles, statuses and equipment chosen, and nothing when nothing is chosen', () => {
    expect(overviewFilterOf(data, EMPTY_SELECTION)).toBeNull();
    expect(overviewFilterOf(data, { ...EMPTY_SELECTION, regionIds: ['r2'], cycleIds: ['c2'], statuses: ['COMPLETE'], equipment: ['type:t1', 'component:t2:k1'] })).toEqual({
      buildingIds: ['b2'],
      cycleIds: ['c2'],
      walkaboutStatuses: ['COMPLETE'],
      equipment: [
        { equipmentTypeId: 't1', componentId: null },
        { equipmentTypeId: 't2', componentId: 'k1' },
      ],
    });
    expect(overviewFilterOf(data, { ...EMPTY_SELECTION, userIds: ['u2'], regionIds: ['r2'] })).toEqual({ buildingIds: [NO_BUILDING] });
    expect(overviewFilterOf(data, { ...EMPTY_SELECTION, cycleIds: ['c1'] }, 'b1')).toEqual({ cycleIds: ['c1'] });
  });

  it('drops choices that another choice no longer allows', () => {
    expect(pruneSelection(data, { ...EMPTY_SELECTION, regionIds: ['r2'], buildingIds: ['b1', 'b2'], equipment: ['component:t2:k1', 'type:t1'] })).toEqual({
      ...EMPTY_SELECTION,
      regionIds: ['r2'],
      buildingIds: ['b2'],
      equipment: ['component:t2:k1', 'type:t1'],
    });
    expect(pruneSelection(data, { ...EMPTY_SELECTION, buildingIds: ['b1'], equipment: ['type:t2'] }).equipment).toEqual([]);
  });
});
