import { describe, expect, it } from 'vitest';
import {
  BUILDING_NAME_REQUIRED_MESSAGE,
  FLOOR_NAME_REQUIRED_MESSAGE,
  FLOOR_REQUIRED_MESSAGE,
  LOCATION_EQUIPMENT_REQUIRED_MESSAGE,
  LOCATION_NAME_REQUIRED_MESSAGE,
  validateBuildingName,
  validateFloorName,
  validateLocation,
  validateOccupancyType,
  validateOffsetValue,
  validateTimeZone,
} from './administration';

describe('the administration rules (admin-organizations-buildings.md section 5)', () => {
  it('requires building and floor names, with the spec words, and keeps them to 256 characters', () => {
    expect(validateBuildingName('  ')).toBe(BUILDING_NAME_REQUIRED_MESSAGE);
    expect(BUILDING_NAME_REQUIRED_MESSAGE).toBe('Building name is required field');
    expect(validateFloorName(null)).toBe(FLOOR_NAME_REQUIRED_MESSAGE);
    expect(FLOOR_NAME_REQUIRED_MESSAGE).toBe('Floor name is required field');
    expect(validateBuildingName('x'.repeat(256))).toBeNull();
    expect(validateBuildingName('x'.repeat(257))).toBe('Building name must be at most 256 characters');
  });

  it('answers every mistake of a location, each with its field', () => {
    expect(validateLocation({ name: '', hint: 'h'.repeat(257), floorId: null, equipmentIds: [] })).toEqual([
      { field: 'name', message: LOCATION_NAME_REQUIRED_MESSAGE },
      { field: 'hint', message: 'Location hint must be at most 256 characters' },
      { field: 'floorId', message: FLOOR_REQUIRED_MESSAGE },
      { field: 'equipmentIds', message: LOCATION_EQUIPMENT_REQUIRED_MESSAGE },
    ]);
    expect(LOCATION_EQUIPMENT_REQUIRED_MESSAGE).toBe('Please add equipment');
    expect(validateLocation({ name: 'Lobby', hint: null, floorId: 3, equipmentIds: [1] })).toEqual([]);
  });

  it('takes whole-number offsets, the nine occupancy types and IANA time zones only', () => {
    expect(validateOffsetValue(2)).toBeNull();
    expect(validateOffsetValue(1.5)).not.toBeNull();
    expect(validateOffsetValue('2')).not.toBeNull();
    expect(validateOccupancyType('Merchantile')).toBeNull();
    expect(validateOccupancyType('Castle')).not.toBeNull();
    expect(validateTimeZone('America/Vancouver')).toBeNull();
    expect(validateTimeZone('Mars/Olympus')).not.toBeNull();
    expect(validateTimeZone('')).not.toBeNull();
  });
});
