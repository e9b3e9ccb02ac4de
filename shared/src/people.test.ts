import { describe, expect, it } from 'vitest';
import { DEFAULT_REMINDER_OFFSET, reminderOffsetText, reminderUnitsFor, regionTreeOptions } from './people';

describe('regionTreeOptions (admin-people-schedules.md section 6: a tree indented with a dash and a space)', () => {
  it('lists each region after its parent, siblings by name, each level indented with "- ", for number and string ids alike', () => {
    const regions = [
      { id: 3, name: 'Uptown', parentId: null },
      { id: 1, name: 'Downtown', parentId: null },
      { id: 4, name: 'Pier 4', parentId: 2 },
      { id: 2, name: 'Harbourfront', parentId: 1 },
    ];
    const expected = ['Downtown', '- Harbourfront', '- - Pier 4', 'Uptown'];
    expect(regionTreeOptions(regions).map((o) => o.label)).toEqual(expected);
    const asStrings = regions.map((r) => ({ id: String(r.id), name: r.name, parentId: r.parentId === null ? null : String(r.parentId) }));
    expect(regionTreeOptions(asStrings)).toEqual([
      { id: '1', label: 'Downtown' },
      { id: '2', label: '- Harbourfront' },
      { id: '4', label: '- - Pier 4' },
      { id: '3', label: 'Uptown' },
    ]);
  });

  it('makes a region whose parent is not listed a root, and shows a region listed twice once', () => {
    expect(regionTreeOptions([{ id: 5, name: 'Orphan', parentId: 99 }]).map((o) => o.label)).toEqual(['Orphan']);
    const twice = [
      { id: 1, name: 'Top', parentId: null },
      { id: 2, name: 'A', parentId: 1 },
      { id: 2, name: 'A', parentId: 1 },
    ];
    expect(regionTreeOptions(twice).map((o) => o.label)).toEqual(['Top', '- A']);
  });
});

describe('reminder units by frequency (admin-people-schedules.md sections 4 and 9)', () => {
  it('allows minute and hour for daily, adds day for weekly, week for monthly and month for yearly', () => {
    expect(reminderUnitsFor('daily')).toEqual(['minute', 'hour']);
    expect(reminderUnitsFor('weekly')).toEqual(['minute', 'hour', 'day']);
    expect(reminderUnitsFor('monthly')).toEqual(['minute', 'hour', 'day', 'week']);
    expect(reminderUnitsFor('yearly')).toEqual(['minute', 'hour', 'day', 'week', 'month']);
    expect(reminderUnitsFor(null)).toEqual([]);
  });

  it('defaults a new subscription to 8 hours, shown as N unit(s) before close', () => {
    expect(reminderOffsetText(DEFAULT_REMINDER_OFFSET.offsetValue, DEFAULT_REMINDER_OFFSET.offsetUnit)).toBe('8 hour(s) before close');
  });
});
