/**
 * Rows read as one JSON value (db/raw.ts jsonRows, columnsOf, rowsFromJson; issue 8): what a caller gets must be
 * what Drizzle's own reading of the same rows gives, timestamps as Dates, jsonb values as stored (a text that
 * looks like a number or like null stays text), on both databases.
 */
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { columnsOf, jsonRows, queryRows, rowsFromJson, type JsonRows } from '../src/db/raw';
import { schema, type TestBackend } from '../src/testing';
import { databases, startTestBackend } from './helpers';

describe.each(databases)('rows as one JSON value on %s', (database) => {
  let backend: TestBackend;
  let walkaboutId: number;

  beforeAll(async () => {
    backend = await startTestBackend({ database });
    const [condition] = await backend.db.select({ walkaboutId: schema.conditions.walkaboutId }).from(schema.conditions).limit(1);
    walkaboutId = condition!.walkaboutId;
    // Values of every kind a condition holds, with an edit time to the microsecond.
    const values = [true, 12.5, '4512', 'null', ['a', "O'Brien"], null, 'naïve 東京 🔥'];
    const rows = await backend.db.select({ id: schema.conditions.id }).from(schema.conditions).where(eq(schema.conditions.walkaboutId, walkaboutId)).limit(values.length);
    for (const [n, row] of rows.entries()) {
      await backend.db.execute(sql`update conditions set value = ${JSON.stringify(values[n])}::jsonb, remarks = ${n % 2 ? 'Say "when"' : null},
        edited_at = ${`2026-11-2${n}T10:11:12.345678Z`}::timestamptz where id = ${row.id}`);
    }
  });
  afterAll(async () => {
    await backend?.close();
  });

  it('gives the rows Drizzle gives, from a table and from a statement naming its columns under an alias', async () => {
    const expected = await backend.db.select().from(schema.conditions).where(eq(schema.conditions.walkaboutId, walkaboutId)).orderBy(schema.conditions.id);
    const fields = { ...columnsOf(schema.conditions, 'c'), twice: sql`c.order_on_walkabout * 2` };
    const [answer] = await queryRows<{ rows: JsonRows }>(
      backend.db,
      sql`select ${jsonRows(fields)} as rows from (select * from conditions where walkabout_id = ${walkaboutId} order by id) c`,
    );
    const rows = rowsFromJson<typeof schema.conditions.$inferSelect & { twice: number }>(fields, answer!.rows);
    expect(rows.map(({ twice: _twice, ...row }) => row)).toEqual(expected);
    expect(rows.map((r) => r.twice)).toEqual(expected.map((r) => r.orderOnWalkabout * 2));
    expect(rows.filter((r) => r.value !== null).map((r) => r.value)).toEqual([true, 12.5, '4512', 'null', ['a', "O'Brien"], 'naïve 東京 🔥']);
    expect(rows.find((r) => r.value === '4512')!.editedAt).toEqual(new Date('2026-11-22T10:11:12.345Z'));
  });

  it('orders the rows as it is told, whatever the order they come in', async () => {
    const expected = await backend.db
      .select({ id: schema.conditions.id, label: schema.conditions.label })
      .from(schema.conditions)
      .where(eq(schema.conditions.walkaboutId, walkaboutId))
      .orderBy(schema.conditions.label, desc(schema.conditions.id));
    const fields = { id: sql`c.id`, label: sql`c.label` };
    const [answer] = await queryRows<{ rows: JsonRows }>(
      backend.db,
      sql`select ${jsonRows(fields, sql`c.label, c.id desc`)} as rows from (select * from conditions where walkabout_id = ${walkaboutId} order by id) c`,
    );
    expect(expected.length).toBeGreaterThan(2);
    expect(rowsFromJson(fields, answer!.rows)).toEqual(expected);
  });

  it('answers an empty list for no rows, takes up to 100 fields under any names, and refuses more', async () => {
    const [answer] = await backend.db.select({ rows: jsonRows({ id: schema.conditions.id }) }).from(schema.conditions).where(eq(schema.conditions.id, -1));
    expect(rowsFromJson({ id: schema.conditions.id }, answer!.rows)).toEqual([]);
    // The names are the caller's, never written into the statement: one that would break SQL is only a name.
    const many = { ...Object.fromEntries(Array.from({ length: 99 }, (_, n) => [`f${n}`, sql`${n}::int`])), "x', 1) --": sql`'y'` };
    const [wide] = await backend.db.select({ rows: jsonRows(many) }).from(schema.conditions).where(eq(schema.conditions.walkaboutId, walkaboutId)).limit(1);
    expect(rowsFromJson(many, wide!.rows)[0]).toEqual({ ...Object.fromEntries(Array.from({ length: 99 }, (_, n) => [`f${n}`, n])), "x', 1) --": 'y' });
    expect(() => jsonRows({ ...many, f100: sql`1` })).toThrow('jsonRows reads at most 100 fields, not 101');
  });
});
