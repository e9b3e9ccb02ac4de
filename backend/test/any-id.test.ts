/**
 * anyId and inIds (db/raw.ts; issue 8): a list of ids bound as one array value must select exactly what inArray selects,
 * on both databases, for a list of a thousand ids as for none, an id listed twice once; so must idArrayLiteral, the
 * list written into the statement's text; anything but an integer is refused before it reaches SQL.
 */
import { and, asc, eq, inArray, sql, type Column, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anyId, idArrayLiteral, inIds } from '../src/db/raw';
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

  const anyLiteral = (column: Column, list: readonly number[]): SQL => sql`${column} = any(${idArrayLiteral(list)})`;
  for (const [name, listed] of [['anyId', anyId], ['inIds', inIds], ['idArrayLiteral', anyLiteral]] as const) {
    it(`${name} selects what inArray selects, for every other condition and for a thousand ids, an id listed twice once, and nothing for none`, async () => {
      const all = (await backend.db.select({ id: schema.conditions.id }).from(schema.conditions).orderBy(asc(schema.conditions.id))).map((r) => r.id);
      const every = all.filter((_, n) => n % 2 === 0);
      expect(every.length).toBeGreaterThan(10);
      expect(await ids(listed(schema.conditions.id, every))).toEqual(await ids(inArray(schema.conditions.id, every)));
      // A thousand ids, most of which name no condition.
      const many = [...all.slice(0, 500), ...Array.from({ length: 500 }, (_, n) => 2_000_000_000 + n)];
      expect((await ids(listed(schema.conditions.id, many))).map((r) => r.id)).toEqual(all.slice(0, 500));
      // As a filter beside another condition, as a save reads the conditions it names of one walkabout.
      const [first] = await backend.db.select({ walkaboutId: schema.conditions.walkaboutId }).from(schema.conditions).limit(1);
      const ofWalkabout = (await backend.db.select({ id: schema.conditions.id }).from(schema.conditions).where(eq(schema.conditions.walkaboutId, first!.walkaboutId))).map((r) => r.id);
      expect(await ids(and(eq(schema.conditions.walkaboutId, first!.walkaboutId), listed(schema.conditions.id, many))!)).toEqual(
        await ids(and(eq(schema.conditions.walkaboutId, first!.walkaboutId), inArray(schema.conditions.id, many))!),
      );
      expect(ofWalkabout.length).toBeGreaterThan(0);
      expect(await ids(listed(schema.conditions.id, [...every.slice(0, 3), ...every.slice(0, 3)]))).toEqual(await ids(inArray(schema.conditions.id, every.slice(0, 3))));
      expect(await ids(listed(schema.conditions.id, []))).toEqual([]);
      const [one] = all;
      expect(await ids(listed(schema.conditions.id, [one!]))).toEqual(await ids(eq(schema.conditions.id, one!)));
    });
  }

  it('refuses what is not an integer', () => {
    expect(() => anyId(schema.conditions.id, [1, 2.5])).toThrow('Not an id: 2.5');
    expect(() => anyId(schema.conditions.id, [Number.NaN])).toThrow('Not an id');
    expect(() => anyId(schema.conditions.id, ['1}, {2' as unknown as number])).toThrow('Not an id');
    expect(() => inIds(schema.conditions.id, [1, 2.5])).toThrow('Not an id: 2.5');
    expect(() => idArrayLiteral([1, 2.5])).toThrow('Not an id: 2.5');
    expect(() => idArrayLiteral(["1}'::integer[]; drop table conditions; --" as unknown as number])).toThrow('Not an id');
  });
});
