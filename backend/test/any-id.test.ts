/**
 * anyId (db/raw.ts; issue 8): a list of ids bound as one array value must select exactly what inArray selects, on both
 * databases, for a list of a thousand ids as for none; anything but an integer is refused before it reaches SQL.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anyId } from '../src/db/raw';
import { schema, type TestBackend } from '../src/testing';
import { databases, startTestBackend } from './helpers';

describe.each(databases)('anyId on %s', (database) => {
  let backend: TestBackend;

  beforeAll(async () => {
    backend = await startTestBackend({ database });
  });
  afterAll(async () => {
    await backend?.close();
  });

  const ids = (where: ReturnType<typeof anyId>) =>
    backend.db.select({ id: schema.conditions.id }).from(schema.conditions).where(where).orderBy(asc(schema.conditions.id));

  it('selects what inArray selects, for every other condition and for a thousand ids, and nothing for none', async () => {
    const all = (await backend.db.select({ id: schema.conditions.id }).from(schema.conditions).orderBy(asc(schema.conditions.id))).map((r) => r.id);
    const every = all.filter((_, n) => n % 2 === 0);
    expect(every.length).toBeGreaterThan(10);
    expect(await ids(anyId(schema.conditions.id, every))).toEqual(await ids(inArray(schema.conditions.id, every)));
    // A thousand ids, most of which name no condition.
    const many = [...all.slice(0, 500), ...Array.from({ length: 500 }, (_, n) => 2_000_000_000 + n)];
    expect((await ids(anyId(schema.conditions.id, many))).map((r) => r.id)).toEqual(all.slice(0, 500));
    expect(await ids(anyId(schema.conditions.id, []))).toEqual([]);
    const [one] = all;
    expect(await ids(anyId(schema.conditions.id, [one!]))).toEqual(await ids(eq(schema.conditions.id, one!)));
  });

  it('refuses what is not an integer', () => {
    expect(() => anyId(schema.conditions.id, [1, 2.5])).toThrow('Not an id: 2.5');
    expect(() => anyId(schema.conditions.id, [Number.NaN])).toThrow('Not an id');
    expect(() => anyId(schema.conditions.id, ['1}, {2' as unknown as number])).toThrow('Not an id');
  });
});
