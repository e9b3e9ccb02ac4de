/**
 * sendLongTextAsBytes (db/pglite-params.ts) sends long strings to PGlite as their UTF-8 bytes. What reaches the
 * database must be what a string sent as text gives: the same value in text, varchar, json and jsonb, the same
 * replacement of a lone surrogate, the same refusal of a NUL character; short values still go as text.
 */
import { PGlite, types } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LONG_TEXT, sendLongTextAsBytes } from '../src/db/pglite-params';
import { keepPlans } from '../src/db/pglite-plans';

let client: PGlite;
/** A PGlite that sends every string as text, to compare with. */
let plain: PGlite;

beforeAll(async () => {
  [client, plain] = await Promise.all([PGlite.create(), PGlite.create()]);
  await keepPlans(client);
  sendLongTextAsBytes(client);
  for (const db of [client, plain]) {
    await db.exec('create table kept (id serial primary key, t text, v varchar, j json, b jsonb)');
  }
});

afterAll(async () => {
  await Promise.all([client.close(), plain.close()]);
});

/** Long text with quotes, a backslash, accents, CJK, an emoji (a surrogate pair) and SQL-looking text. */
const long = (length = LONG_TEXT + 10) => `O'Brien \\ naïve 東京 🔥 '); drop table kept; -- `.repeat(Math.ceil(length / 40)).slice(0, length);

async function storedIn(db: PGlite, value: string) {
  const json = JSON.stringify({ remarks: value, list: [value.length] });
  const { rows } = await db.query<{ t: string; v: string; j: unknown; b: unknown; bt: string; same: boolean }>(
    `insert into kept (t, v, j, b) values ($1, $2, $3, $4) returning t, v, j, b, b->>'remarks' as bt, t = $1 as same`,
    [value, value, json, json],
  );
  return rows[0]!;
}

describe('long text sent to PGlite as bytes', () => {
  it('sends a string of LONG_TEXT characters or more as bytes, a shorter one as text', () => {
    const serializers = client.serializers as Record<number, (value: unknown) => unknown>;
    for (const type of [types.TEXT, types.VARCHAR, types.JSON]) {
      expect(serializers[type]!('x'.repeat(LONG_TEXT))).toBeInstanceOf(Uint8Array);
      expect(serializers[type]!('x'.repeat(LONG_TEXT - 1))).toBe('x'.repeat(LONG_TEXT - 1));
    }
    // jsonb's binary form: version 1, then the text; an object is written as JSON first.
    const bytes = serializers[types.JSONB]!({ remarks: 'x'.repeat(LONG_TEXT) }) as Uint8Array;
    expect(bytes[0]).toBe(1);
    expect(Buffer.from(bytes.subarray(1)).toString()).toBe(JSON.stringify({ remarks: 'x'.repeat(LONG_TEXT) }));
    expect(serializers[types.JSONB]!({ remarks: 'short' })).toBe('{"remarks":"short"}');
  });

  it('stores and reads back a long value as given, in text, varchar, json and jsonb, as a string sent as text does', async () => {
    for (const value of [long(), long(LONG_TEXT), long(200_000)]) {
      const row = await storedIn(client, value);
      expect(row).toEqual(await storedIn(plain, value));
      expect(row).toMatchObject({ t: value, v: value, bt: value, same: true });
      expect(row.b).toEqual({ remarks: value, list: [value.length] });
    }
  });

  it('replaces a lone surrogate as a string sent as text does', async () => {
    const value = `${long()}\uD800 end`;
    const stored = (db: PGlite) => db.query<{ t: string; v: string }>('insert into kept (t, v) values ($1, $2) returning t, v', [value, value]);
    const { rows } = await stored(client);
    expect(rows).toEqual([{ t: `${long()}\uFFFD end`, v: `${long()}\uFFFD end` }]);
    expect(rows).toEqual((await stored(plain)).rows);
  });

  it('refuses a NUL character as a string sent as text is refused', async () => {
    const value = `${long()}\0`;
    const refusal = (db: PGlite) => db.query('insert into kept (t) values ($1)', [value]).then(() => null, (error: { code?: string }) => error.code);
    expect(await refusal(plain)).toBe('22021');
    expect(await refusal(client)).toBe('22021');
  });
});
