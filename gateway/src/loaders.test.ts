import DataLoader from 'dataloader';
import { describe, expect, it } from 'vitest';
import { loadEach, loadOptional, loadRequired, RecordLoader, required } from './loaders';

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

describe('a record the request already holds (primed from an answer\'s included, or loaded before)', () => {
  const loaderOf = (batches: string[][]) =>
    new RecordLoader<Cycle | null>(async (ids) => {
      batches.push([...ids]);
      return ids.map((id) => (id === '9' ? null : { id }));
    });

  it('is given as a value, not a promise, so graphql-js completes the field at once', () => {
    const batches: string[][] = [];
    const cycles = loaderOf(batches);
    cycles.prime('1', { id: '1' }).prime('2', { id: '2' });
    expect(loadRequired(cycles, '1', 'cycle')).toEqual({ id: '1' });
    expect(loadOptional(cycles, '2')).toEqual({ id: '2' });
    expect(loadEach(cycles, [{ cycleId: 1 }, { cycleId: 2 }], cycleIdOf, 'cycle')).toEqual([
      { cycleId: 1, cycle: { id: '1' } },
      { cycleId: 2, cycle: { id: '2' } },
    ]);
    expect(batches).toEqual([]);
  });

  it('once loaded, is a value too, a missing one failing at once as loading it would', async () => {
    const batches: string[][] = [];
    const cycles = loaderOf(batches);
    const loading = loadEach(cycles, [{ cycleId: 3 }, { cycleId: 9 }], cycleIdOf, 'cycle');
    expect(loading).toBeInstanceOf(Promise);
    await loading;
    expect(loadRequired(cycles, '3', 'cycle')).toEqual({ id: '3' });
    expect(loadOptional(cycles, '9')).toBeNull();
    expect(() => loadRequired(cycles, '9', 'cycle')).toThrow('The cycle 9 could not be loaded.');
    expect(batches).toEqual([['3', '9']]);
  });

  it('keeps the first value as DataLoader does, and is read again once cleared', async () => {
    const batches: string[][] = [];
    const cycles = loaderOf(batches);
    cycles.prime('4', { id: '4', name: 'first' } as Cycle).prime('4', { id: '4', name: 'second' } as Cycle);
    expect(loadOptional(cycles, '4')).toEqual({ id: '4', name: 'first' });
    expect(await cycles.load('4')).toEqual({ id: '4', name: 'first' });
    cycles.clear('4');
    const again = loadOptional(cycles, '4');
    expect(again).toBeInstanceOf(Promise);
    expect(await again).toEqual({ id: '4' });
    cycles.clearAll();
    const afterAll = loadOptional(cycles, '4');
    expect(afterAll).toBeInstanceOf(Promise);
    await afterAll;
    expect(batches).toEqual([['4'], ['4']]);
  });

  it('is not kept when the load failed: the next field asks again through the loader', async () => {
    const failure = new Error('The backend is unreachable');
    const cycles = new RecordLoader<Cycle | null>(async (ids) => ids.map(() => failure));
    await expect(cycles.load('5')).rejects.toThrow(failure);
    expect(cycles.known('5')).toBeUndefined();
    await expect(loadRequired(cycles, '5', 'cycle')).rejects.toThrow(failure);
  });
});
