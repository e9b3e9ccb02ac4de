/**
 * Arrays of 1,000 items or more are written by JSON.stringify on the routes that take http/compiler-cache.ts
 * largeArraysSerializer, which writes each item as it is, where fast-json-stringify writes only the schema's properties
 * with the schema's types. For those answers (a walkabout's tree, a save of a thousand results), the JSON must be what
 * the route's schema writes:
 * each answer is written again by fast-json-stringify's own serializer of that schema, with its default mechanism,
 * and both must read the same (a property outside the schema, a number sent as text, would differ).
 */
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LARGE_ARRAYS } from '../src/http/compiler-cache';
import { getWalkaboutSchema, saveWalkaboutDataSchema, SparseSaveDocument } from '../src/features/walkabouts/schemas';
import { seedLargeBuilding } from '../src/seed/large-building';
import { schema, signIn, type TestBackend } from '../src/testing';
import { databases, startTestBackend } from './helpers';

describe.each(databases)('large arrays on %s', (database) => {
  let backend: TestBackend;
  let token = '';
  let walkaboutId = '';

  /** The route's 200 answer as fast-json-stringify writes it by the schema, item by item. */
  const bySchema = (routeSchema: { response: { 200: unknown } }, url: string, method: string) =>
    SerializerSelector()(backend.app.getSchemas(), {})({ schema: routeSchema.response[200], method, url, httpStatus: '200' }) as (value: unknown) => string;

  beforeAll(async () => {
    backend = await startTestBackend({ database });
    const [organization] = await backend.db.select({ id: schema.organizations.id }).from(schema.organizations).limit(1);
    // 60 locations of 20 tasks: 1,200 conditions, above the large arrays' 1,000 items.
    const large = await seedLargeBuilding(backend.db, organization!.id, { locations: 60, tasks: 20 });
    token = (await signIn(backend.url, 'admin', 'demo1234')).token;
    const created = await backend.app.inject({
      method: 'POST',
      url: '/walkabouts',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: { data: { relationships: { building: { data: { id: String(large.buildingId) } }, cycle: { data: { id: String(large.cycleId) } } } } },
    });
    expect(created.statusCode).toBe(201);
    walkaboutId = (created.json() as { data: { id: string } }).data.id;
  });
  afterAll(() => backend?.close());

  it('writes a walkabout tree of 1,200 conditions as its schema does', async () => {
    const response = await backend.app.inject({ method: 'GET', url: `/walkabouts/${walkaboutId}`, headers: { authorization: `Bearer ${token}` } });
    expect(response.statusCode).toBe(200);
    const answer = response.json() as { included: { type: string }[] };
    expect(answer.included.filter((r) => r.type === 'conditions').length).toBe(1200);
    expect(answer.included.length).toBeGreaterThanOrEqual(LARGE_ARRAYS.largeArraySize);
    expect(JSON.parse(bySchema(getWalkaboutSchema, '/walkabouts/:id', 'GET')(answer))).toEqual(answer);
  });

  it('writes the answer to a save of 1,200 results as its schema does', async () => {
    const rows = await backend.db
      .select({ id: schema.conditions.id, entryId: schema.conditions.entryId })
      .from(schema.conditions)
      .where(eq(schema.conditions.walkaboutId, Number(walkaboutId)));
    const editedAt = '2026-11-20T10:00:00.000Z';
    const response = await backend.app.inject({
      method: 'PATCH',
      url: '/walkabout-data',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': 'large-arrays' },
      payload: {
        walkaboutToUpdateId: walkaboutId,
        data: {
          entries: [...new Set(rows.map((r) => r.entryId))].map((id) => ({ id: String(id), scannedAt: editedAt })),
          conditions: rows.map((r, n) => ({ id: String(r.id), value: n % 7 !== 0, remarks: n % 7 === 0 ? 'Damaged' : null, editedAt })),
        },
      },
    });
    expect(response.statusCode).toBe(200);
    const answer = response.json() as { data: unknown[] };
    expect(answer.data.length).toBeGreaterThanOrEqual(LARGE_ARRAYS.largeArraySize);
    expect(JSON.parse(bySchema(saveWalkaboutDataSchema, '/walkabout-data', 'PATCH')(answer))).toEqual(answer);
  });

  it('writes the answer to a save of 1,200 results with a few of their fields as the narrowed schema does', async () => {
    const rows = await backend.db
      .select({ id: schema.conditions.id, entryId: schema.conditions.entryId })
      .from(schema.conditions)
      .where(eq(schema.conditions.walkaboutId, Number(walkaboutId)));
    const scannedAt = new Date().toISOString();
    const fields = { entries: [] as string[], conditions: ['entry', 'isSatisfactory', 'value'] };
    const response = await backend.app.inject({
      method: 'PATCH',
      url: `/walkabout-data?fields[entries]=&fields[conditions]=${fields.conditions.join(',')}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': 'large-arrays-sparse' },
      payload: {
        walkaboutToUpdateId: walkaboutId,
        data: {
          entries: [...new Set(rows.map((r) => r.entryId))].map((id) => ({ id: String(id), scannedAt })),
          conditions: rows.map((r, n) => ({ id: String(r.id), value: n % 5 !== 0, remarks: n % 5 === 0 ? 'Worn' : null })),
        },
      },
    });
    expect(response.statusCode).toBe(200);
    const answer = response.json() as { data: { type: string; attributes: Record<string, unknown>; relationships?: Record<string, unknown> }[] };
    const conditionsAnswered = answer.data.filter((r) => r.type === 'conditions');
    expect(conditionsAnswered).toHaveLength(1200);
    expect(answer.data.filter((r) => r.type === 'entries').every((r) => Object.keys(r.attributes).length === 0 && r.relationships === undefined)).toBe(true);
    expect(conditionsAnswered.every((r) => Object.keys(r.attributes).sort().join() === 'isSatisfactory,value' && Object.keys(r.relationships!).join() === 'entry')).toBe(true);
    const narrowed = SerializerSelector()(backend.app.getSchemas(), {})({ schema: SparseSaveDocument(fields), method: 'PATCH', url: '/walkabout-data', httpStatus: '200' }) as (value: unknown) => string;
    expect(JSON.parse(narrowed(answer))).toEqual(answer);
  });
});
