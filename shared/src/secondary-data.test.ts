import { describe, expect, it } from 'vitest';
import { compactSecondaryData, SECONDARY_DATA_FIELDS, SECONDARY_DATA_SECTIONS, validateSecondaryData } from './secondary-data';

describe('the secondary data catalogue', () => {
  it('has the sections of the spec, each field once, with the five types', () => {
    expect(SECONDARY_DATA_SECTIONS.map((s) => s.title)).toEqual([
      'General Information',
      'Equipment',
      'Service',
      'Control Panel Address',
      'Fire Safety Equipment (Unique Values)',
      'Water Supplies and Sprinklers',
    ]);
    const keys = SECONDARY_DATA_FIELDS.map((f) => f.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(new Set(SECONDARY_DATA_FIELDS.map((f) => f.type))).toEqual(new Set(['String', 'Boolean', 'Number', 'Date', 'NumberWithUnits']));
    expect(SECONDARY_DATA_FIELDS.find((f) => f.key === 'criticalDeficiency')?.type).toBe('Boolean');
    expect(SECONDARY_DATA_FIELDS.find((f) => f.key === 'equipmentDateOfManufacture')?.type).toBe('Date');
  });

  it('takes values of each type and refuses the others, unknown keys included', () => {
    expect(
      validateSecondaryData({ notes: 'ok', criticalDeficiency: true, fsHornDecibel: 85, equipmentInstallDate: '2024-02-29', wsValveSize: 4, wsValveSizeUnit: 'in', group: null }),
    ).toEqual([]);
    expect(validateSecondaryData({ notes: 'x'.repeat(257) })).toEqual([{ field: 'notes', message: 'Notes must be at most 256 characters' }]);
    expect(validateSecondaryData({ wsValveSizeUnit: 'u'.repeat(257) })).toEqual([{ field: 'wsValveSizeUnit', message: 'Size unit must be at most 256 characters' }]);
    expect(validateSecondaryData({ fsHornDecibel: Number.POSITIVE_INFINITY })).toEqual([{ field: 'fsHornDecibel', message: 'Decibel must be a number' }]);
    expect(validateSecondaryData({ equipmentInstallDate: '2023-02-29' })).toEqual([{ field: 'equipmentInstallDate', message: 'Install Date must be a date (yyyy-mm-dd)' }]);
    expect(validateSecondaryData({ criticalDeficiency: 'yes' })).toEqual([{ field: 'criticalDeficiency', message: 'Critical Deficiency must be yes or no' }]);
    expect(validateSecondaryData({ colour: 'red' })).toEqual([{ field: 'colour', message: "Unknown secondary data field 'colour'" }]);
    expect(validateSecondaryData([1])).toEqual([{ field: '', message: 'Secondary data must be an object of fields' }]);
  });

  it('leaves cleared fields out of what is stored', () => {
    expect(compactSecondaryData({ notes: '', group: null, fsHornDecibel: 0, criticalDeficiency: false })).toEqual({ fsHornDecibel: 0, criticalDeficiency: false });
  });
});
