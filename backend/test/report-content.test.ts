import { describe, expect, it } from 'vitest';
import { entryMark, markOf, metadataBlock, periodText, valueText } from '../src/features/reports/content';

const result = (value: unknown, satisfaction: 'satisfactory' | 'unsatisfactory' | 'neutral', taskStatus: 'active' | 'paused' | 'disabled' | null = 'active') =>
  ({ value, satisfaction, taskStatus }) as Parameters<typeof markOf>[0];

describe('report content', () => {
  it('marks a recorded result S or U, a missing one P or X by its task status now, else nothing', () => {
    expect(markOf(result('yes', 'satisfactory'))).toBe('S');
    expect(markOf(result('no', 'unsatisfactory', 'paused'))).toBe('U');
    expect(markOf(result(true, 'satisfactory', 'disabled'))).toBe('S');
    expect(markOf(result(null, 'neutral', 'paused'))).toBe('P');
    expect(markOf(result(null, 'neutral', 'disabled'))).toBe('X');
    expect(markOf(result(null, 'neutral'))).toBeNull();
    expect(markOf(result('na', 'neutral'))).toBeNull();
  });

  it('gives an equipment U if any result is, nothing while a task is unanswered, S when answered, P or X when all are paused or inactive', () => {
    expect(entryMark([result('yes', 'satisfactory'), result('no', 'unsatisfactory'), result(null, 'neutral')])).toBe('U');
    expect(entryMark([result('yes', 'satisfactory'), result(null, 'neutral')])).toBeNull();
    expect(entryMark([result('yes', 'satisfactory'), result(null, 'neutral', 'paused')])).toBe('S');
    expect(entryMark([result(null, 'neutral', 'paused'), result(null, 'neutral', 'disabled')])).toBe('P');
    expect(entryMark([result(null, 'neutral', 'disabled')])).toBe('X');
  });

  it('shows a period from its first day to its last (endDate is the next period\'s first day)', () => {
    expect(periodText({ date: '2026-11-19', endDate: '2026-11-26' })).toBe('November 19, 2026 – November 25, 2026');
    expect(periodText({ date: '2026-11-01', endDate: '2026-12-01' })).toBe('November 1, 2026 – November 30, 2026');
    expect(periodText({ date: '2026-11-23', endDate: '2026-11-24' })).toBe('November 23, 2026');
    expect(periodText({ date: '2026-11-23', endDate: null })).toBe('November 23, 2026');
  });

  it("names a location's secondary data by the field's label (Manage Locations keeps keys), older data by its key", () => {
    const metadata = { equipmentManufacturer: 'Acme', equipmentInstallDate: '2024-03-01', Make: 'Badger', 'Battery Backup': true, equipmentModelNumber: '' };
    expect(metadataBlock({ metadata })).toEqual([
      {
        kind: 'keyValue',
        items: [
          { label: 'Manufacturer', value: 'Acme' },
          { label: 'Install Date', value: '2024-03-01' },
          { label: 'Make', value: 'Badger' },
          { label: 'Battery Backup', value: 'Yes' },
        ],
      },
    ]);
  });

  it('writes recorded values as a reader says them', () => {
    expect([valueText('yes'), valueText('no'), valueText('na'), valueText(['Hose', 'Nozzle']), valueText(12.5), valueText(true), valueText(null)]).toEqual([
      'Yes',
      'No',
      'N/A',
      'Hose, Nozzle',
      '12.5',
      '',
      '',
    ]);
  });
});
