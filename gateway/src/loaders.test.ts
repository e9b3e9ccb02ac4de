import DataLoader from 'dataloader';
import { describe, expect, it } from 'vitest';
import { loadEach, required } from './loaders';

type Cycle = { id: string };
const cycleIdOf = (record: { cycleId: number }) => String(record.cycleId);

describe('the records of a list with the record each names (a building\'s statuses and their cycles)', () => {
  it('come from one batch for the whole list, each with its own', async () => {
    const batches: string[][] = [];
    const cycles = new DataLoader<string, Cycle | null>(async (ids) => {
      batches.push([...ids]);
      return ids.map((id) => ({ id }));
    });
    const statuses = await loadEach(cycles, [{ cycleId: 1 }, { cycleId: 2 }, { cycleId: 1 }], cycleIdOf, 'cycle');
    expect(statuses).toEqual([
      { cycleId: 1, cycle: { id: '1' } },
      { cycleId: 2, cycle: { id: '2' } },
      { cycleId: 1, cycle: { id: '1' } },
    ]);
    expect(batches).toEqual([['1', '2']]);
  });

  it('keep a failed or missing load in its place, which the field reports as loading it alone would', async () => {
    const failure = new Error('The backend is unreachable');
    const cycles = new DataLoader<string, Cycle | null>(async (ids) => ids.map((id) => (id === '3' ? failure : null)));
    const [failed, missing] = await loadEach(cycles, [{ cycleId: 3 }, { cycleId: 9 }], cycleIdOf, 'cycle');
    expect(() => required(failed!.cycle, '3', 'cycle')).toThrow(failure);
    expect(() => required(missing!.cycle, '9', 'cycle')).toThrow('The cycle 9 could not be loaded.');
  });

  it('is an empty list at once when there are none', () => {
    const cycles = new DataLoader<string, Cycle | null>(async () => {
      throw new Error('not called');
    });
    expect(loadEach(cycles, [], cycleIdOf, 'cycle')).toEqual([]);
  });
});
