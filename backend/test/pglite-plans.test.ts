/**
 * keepPlans (db/pglite-plans.ts) runs reads as prepared statements, by PGlite's simple query protocol
 * when no value can end its literal early. What a caller sees must not change: the same rows, every
 * value read back exactly as given, a value never read as SQL, and Drizzle's reading of timestamps.
 */
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepPlans, pgliteParsers } from '../src/db/pglite-plans';

let client: PGlite;

beforeAll(async () => {
  client = await PGlite.create();
  await keepPlans(client);
  await client.exec(`create table notes (id serial primary key, body text not null, at timestamptz not null default '2026-03-04 05:06:07+00');
    insert into notes (body) values ('plain'), ('O''Brien'), ('back\\slash');`);
});

afterAll(async () => {
  await client.close();
});

const bodies = async () => (await client.query<{ body: string }>('select body from notes order by id')).rows.map((r) => r.body);

describe('prepared reads on PGlite', () => {
  it('reads back every value as given, quotes, backslashes and SQL-looking text included', async () => {
    for (const value of ['plain', "O'Brien", 'back\\slash', "x'; drop table notes; --", "\\'; select 1; --", 'naïve 東京 🔥', '']) {
      const { rows } = await client.query<{ v: string }>('select $1::text as v', [value]);
      expect(rows).toEqual([{ v: value }]);
    }
    expect(await bodies()).toEqual(['plain', "O'Brien", 'back\\slash']);
  });

  it('finds rows by a value holding a quote or a backslash, and by one that looks like SQL finds nothing and runs nothing', async () => {
    const find = (body: string) => client.query<{ id: number }>('select id from notes where body = $1', [body]);
    expect((await find("O'Brien")).rows).toEqual([{ id: 2 }]);
    expect((await find('back\\slash')).rows).toEqual([{ id: 3 }]);
    expect((await find("plain' or '1'='1")).rows).toEqual([]);
    expect((await find("'; delete from notes; select '")).rows).toEqual([]);
    expect(await bodies()).toEqual(['plain', "O'Brien", 'back\\slash']);
  });

  it('gives numbers, booleans, nulls and dates their types', async () => {
    const { rows } = await client.query<{ n: number; b: boolean; z: string | null; d: string }>(
      'select $1::int + 1 as n, not $2::boolean as b, $3::text as z, $4::timestamptz::text as d',
      [41, false, null, new Date('2026-05-06T07:08:09.000Z')],
    );
    expect(rows).toEqual([{ n: 42, b: true, z: null, d: '2026-05-06 07:08:09+00' }]);
  });

  it('runs two first uses of one text at once, and a text again after its table changed shape', async () => {
    const text = 'select id, body from notes where id = $1';
    const [a, b] = await Promise.all([client.query(text, [1]), client.query(text, [2])]);
    expect([a.rows, b.rows]).toEqual([[{ id: 1, body: 'plain' }], [{ id: 2, body: "O'Brien" }]]);
    const all = 'select * from notes where id = $1';
    expect((await client.query(all, [1])).fields.map((f) => f.name)).toEqual(['id', 'body', 'at']);
    await client.exec('alter table notes add column tag text');
    expect((await client.query(all, [1])).fields.map((f) => f.name)).toEqual(['id', 'body', 'at', 'tag']);
    await client.exec('alter table notes drop column tag');
  });

  it('keeps answering past the number of statements it keeps prepared', async () => {
    for (let i = 0; i < 300; i += 1) {
      const { rows } = await client.query<{ v: number }>(`select $1::int + ${i} as v`, [1]);
      expect(rows[0]!.v).toBe(i + 1);
    }
  });

  it('reads timestamps as Drizzle always has (its text), and as Dates for a caller that asks for PGlite’s own parsers', async () => {
    const db = drizzle({ client });
    const drizzleRows = (await db.execute(sql`select at from notes where id = ${1}`)).rows;
    expect(drizzleRows).toEqual([{ at: '2026-03-04 05:06:07+00' }]);
    const own = await client.query<{ at: Date }>('select at from notes where id = $1', [1], { parsers: pgliteParsers(client) });
    expect(own.rows[0]!.at).toEqual(new Date('2026-03-04T05:06:07.000Z'));
  });
});
