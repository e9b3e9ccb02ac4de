/**
 * Create Current Walkabouts through the gateway over the real backend (admin-organizations-buildings.md sections 2, 4,
 * 6 and 7): one REST call; the payload carries the building and the walkabouts it touched (so a client's normalized
 * cache updates them in place) with what changed; the building's hasApplicableWalkaboutConditions; FORBIDDEN for users
 * without the right, and the contract gate and an unknown building as payload errors.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@fsi/backend/testing';
import { locationUuid } from '@fsi/backend/seed/uuid';
import { startStack, type Stack } from './stack';

let stack: Stack;
const tokens: Record<string, string> = {};
const buildingIds: Record<string, string> = {};

type Payload = {
  building: { id: string; hasApplicableWalkaboutConditions: boolean; walkaboutsCount: number } | null;
  walkabouts: Array<{ id: string; conditionsCount: number; isOpen: boolean }>;
  changes: Record<string, number> | null;
  walkaboutChanges: Array<{ walkabout: { id: string }; created: boolean; entriesAdded: number; conditionsAdded: number }>;
  errors: Array<{ field: string | null; message: string; code: string }>;
};

const mutation = `mutation ($id: ID!) { createCurrentWalkabouts(buildingId: $id) {
  building { id hasApplicableWalkaboutConditions walkaboutsCount }
  walkabouts { id conditionsCount isOpen }
  changes { walkaboutsCreated walkaboutsUpdated entriesAdded entriesRemoved conditionsAdded conditionsRemoved entriesKeptWithResults }
  walkaboutChanges { walkabout { id } created entriesAdded conditionsAdded }
  errors { field message code }
} }`;

async function press(who: string, id: string) {
  const { status, body } = await stack.graphql<{ createCurrentWalkabouts: Payload }>(mutation, { variables: { id }, token: tokens[who] });
  expect(status).toBe(200);
  return body;
}

beforeAll(async () => {
  stack = await startStack();
  for (const username of ['admin', 'manager', 'viewer']) tokens[username] = await stack.signIn(username);
  const { body } = await stack.graphql<{ buildings: { nodes: Array<{ id: string; name: string }> } }>('{ buildings(pageSize: 100) { nodes { id name } } }', {
    token: tokens.admin,
  });
  for (const b of body.data!.buildings.nodes) buildingIds[b.name] = b.id;
});
afterAll(() => stack?.close());

describe('createCurrentWalkabouts', () => {
  it('adds a new location to the open walkabouts in one REST call and answers the building and the walkabouts with their new counts', async () => {
    const id = buildingIds['Yonge & Eglinton Tower']!;
    const [lobby] = await stack.backend.db.select().from(schema.locations).where(eq(schema.locations.buildingId, Number(id))).limit(1);
    const equipment = await stack.backend.db.select().from(schema.locationEquipment).where(eq(schema.locationEquipment.locationId, lobby!.id));
    const [added] = await stack.backend.db
      .insert(schema.locations)
      .values({ buildingId: Number(id), floorId: lobby!.floorId, name: 'Gateway Suite', order: 90, regularUuid: locationUuid() })
      .returning({ id: schema.locations.id });
    await stack.backend.db.insert(schema.locationEquipment).values(equipment.map((e) => ({ locationId: added!.id, equipmentTypeId: e.equipmentTypeId })));
    const { body: before } = await stack.graphql<{ walkabouts: Array<{ id: string; conditionsCount: number }> }>(
      'query ($b: ID!) { walkabouts(buildingId: $b) { id conditionsCount } }',
      { variables: { b: id }, token: tokens.manager },
    );

    const calls = stack.restCalls.length;
    const body = await press('manager', id);
    expect(body.errors).toBeUndefined();
    const payload = body.data!.createCurrentWalkabouts;
    expect(stack.restCalls.slice(calls).map((c) => `${c.method} ${c.path}`)).toEqual([`POST /buildings/${id}/walkabouts`]);
    expect(payload.errors).toEqual([]);
    expect(payload.building).toMatchObject({ id, hasApplicableWalkaboutConditions: true });
    expect(payload.changes!.entriesAdded).toBeGreaterThan(0);
    expect(payload.changes!.conditionsAdded).toBeGreaterThan(0);
    expect(payload.walkabouts.map((w) => w.id).sort()).toEqual(payload.walkaboutChanges.map((c) => c.walkabout.id).sort());
    // The counts the cache gets are the new ones: each walkabout grew by the conditions added to it.
    for (const change of payload.walkaboutChanges) {
      const old = before.data!.walkabouts.find((w) => w.id === change.walkabout.id);
      const now = payload.walkabouts.find((w) => w.id === change.walkabout.id)!;
      if (old) expect(now.conditionsCount).toBe(old.conditionsCount + change.conditionsAdded);
    }

    const again = (await press('manager', id)).data!.createCurrentWalkabouts;
    expect(again.changes).toMatchObject({ walkaboutsCreated: 0, walkaboutsUpdated: 0, entriesAdded: 0, conditionsAdded: 0, entriesRemoved: 0, conditionsRemoved: 0 });
  });

  it('is FORBIDDEN to a viewer, and reports an unknown building and an unaccepted contract in the payload', async () => {
    const refused = await press('viewer', buildingIds['King Street Commerce Centre']!);
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');

    expect((await press('manager', '999999')).data!.createCurrentWalkabouts).toMatchObject({ building: null, changes: null, errors: [{ field: 'buildingId', code: 'NOT_FOUND' }] });
    expect((await press('manager', 'not-an-id')).data!.createCurrentWalkabouts.errors[0]!.code).toBe('NOT_FOUND');

    const id = buildingIds['Riverside Distribution Warehouse']!;
    const [row] = await stack.backend.db.select().from(schema.buildings).where(eq(schema.buildings.id, Number(id)));
    await stack.backend.db.update(schema.buildings).set({ contractAcceptedAt: null }).where(eq(schema.buildings.id, Number(id)));
    try {
      const gated = (await press('manager', id)).data!.createCurrentWalkabouts;
      expect(gated).toMatchObject({ building: null, walkabouts: [], errors: [{ code: 'CONTRACT_NOT_ACCEPTED' }] });
    } finally {
      await stack.backend.db.update(schema.buildings).set({ contractAcceptedAt: row!.contractAcceptedAt }).where(eq(schema.buildings.id, Number(id)));
    }
  });

  it('answers hasApplicableWalkaboutConditions false for a building whose locations are all deleted', async () => {
    const id = buildingIds['Lawrence Park Seniors Residence']!;
    const read = async () =>
      (await stack.graphql<{ building: { hasApplicableWalkaboutConditions: boolean } }>('query ($id: ID!) { building(id: $id) { hasApplicableWalkaboutConditions } }', {
        variables: { id },
        token: tokens.manager,
      })).body.data!.building.hasApplicableWalkaboutConditions;
    expect(await read()).toBe(true);
    await stack.backend.db.update(schema.locations).set({ deletedAt: new Date() }).where(eq(schema.locations.buildingId, Number(id)));
    expect(await read()).toBe(false);
  });
});
