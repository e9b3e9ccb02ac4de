/** Organization usage (issue 13 point 4; admin-organizations-buildings.md sections 2, 3 and 6): counted per building, administrators only. */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema, type TestBackend } from '../src/testing';
import { databases, demoIds, list, signedIn, startTestBackend, type Client, type JsonApiResource } from './helpers';

describe.each(databases)('organization usage on %s', (database) => {
  let backend: TestBackend;
  let admin: Client;
  let northwind: number;
  let building: string;

  beforeAll(async () => {
    backend = await startTestBackend({ database });
    admin = await signedIn(backend, 'admin');
    const demo = await demoIds(backend);
    northwind = demo.northwind;
    building = demo.building('King Street Commerce Centre');
  });
  afterAll(() => backend?.close());

  const usageOf = async (id: string): Promise<JsonApiResource> => {
    const answer = await admin.get(`/organizations/${northwind}/usage?page[size]=500`);
    expect(answer.status).toBe(200);
    return list(answer.body).find((r) => r.id === id)!;
  };

  it("answers each building of the organization, by order, with its floors, locations, documents and the floor label", async () => {
    const answer = await admin.get(`/organizations/${northwind}/usage?page[size]=500`);
    expect(answer.status).toBe(200);
    const buildings = await backend.db
      .select({ id: schema.buildings.id })
      .from(schema.buildings)
      .where(eq(schema.buildings.organizationId, northwind))
      .orderBy(schema.buildings.order, schema.buildings.id);
    expect(list(answer.body).map((r) => r.id)).toEqual(buildings.map((b) => String(b.id)));
    expect(answer.body.meta).toEqual({ total: buildings.length });
    const row = list(answer.body).find((r) => r.id === building)!;
    const [floors] = await backend.db.select({ n: sql<number>`count(*)::int` }).from(schema.floors).where(eq(schema.floors.buildingId, Number(building)));
    const [locations] = await backend.db
      .select({ n: sql<number>`count(*)::int` })
      .from(schema.locations)
      .where(sql`${schema.locations.buildingId} = ${Number(building)} and ${schema.locations.deletedAt} is null`);
    expect(row.attributes).toMatchObject({ building_name: 'King Street Commerce Centre', floorsCount: floors!.n, locationsCount: locations!.n });
    expect(row.attributes.floorsCount).toBeGreaterThan(0);
    expect(typeof row.attributes.floorDisplayName).toBe('string');
  });

  it('pages the buildings', async () => {
    const first = await admin.get(`/organizations/${northwind}/usage?page[size]=2`);
    expect(list(first.body)).toHaveLength(2);
    expect(first.body.links!.next).toContain('page%5Bnumber%5D=2');
  });

  it('counts documents and shows the newest fire safety plan, and unsatisfactory photos', async () => {
    const before = await usageOf(building);
    expect(before.attributes.fireSafetyPlanUrl).toBeNull();
    const key = `usage-plan-${building}`.padEnd(24, '0') + '.pdf';
    await backend.app.storage.put(key, Buffer.from('%PDF-1.4\n% plan\n'), 'application/pdf');
    const [upload] = await backend.db
      .insert(schema.uploads)
      .values({ key, mimetype: 'application/pdf', size: 16, organizationId: northwind, kind: 'document', pageCount: 1 })
      .returning({ id: schema.uploads.id });
    await backend.db.insert(schema.documents).values({ buildingId: Number(building), name: 'Plan', category: 'Fire Safety Plan', uploadId: upload!.id });
    const [condition] = await backend.db
      .select({ id: schema.conditions.id })
      .from(schema.conditions)
      .innerJoin(schema.walkabouts, eq(schema.walkabouts.id, schema.conditions.walkaboutId))
      .where(eq(schema.walkabouts.buildingId, Number(building)))
      .limit(1);
    await backend.db.update(schema.conditions).set({ satisfaction: 'unsatisfactory', photoUrl: '/files/usage-photo.jpg' }).where(eq(schema.conditions.id, condition!.id));
    const after = await usageOf(building);
    expect(after.attributes.documentsCount).toBe(Number(before.attributes.documentsCount) + 1);
    expect(after.attributes.unsatisfactoryPhotosCount).toBe(Number(before.attributes.unsatisfactoryPhotosCount) + 1);
    expect(after.attributes.fireSafetyPlanUrl).toMatch(/^\/signed-files\//);
  });

  it('counts the users who see the building, and those subscribed to notifications about it', async () => {
    const before = await usageOf(building);
    expect(Number(before.attributes.usersCount)).toBeGreaterThan(0);
    const [viewer] = await backend.db.select().from(schema.users).where(eq(schema.users.username, 'viewer'));
    await backend.db
      .update(schema.users)
      .set({ subscriptions: { ...viewer!.subscriptions, incompleteWalkaboutReminderBuildingIds: [], incompleteWalkaboutNotificationsBuildingIds: [], unsatisfactoryEquipmentIds: [], notatedEquipmentIds: [] } })
      .where(eq(schema.users.id, viewer!.id));
    const unsubscribed = await usageOf(building);
    await backend.db
      .update(schema.users)
      .set({ subscriptions: { ...viewer!.subscriptions, incompleteWalkaboutReminderBuildingIds: [Number(building)], incompleteWalkaboutNotificationsBuildingIds: [], unsatisfactoryEquipmentIds: [], notatedEquipmentIds: [] } })
      .where(eq(schema.users.id, viewer!.id));
    const subscribed = await usageOf(building);
    expect(subscribed.attributes.usersWithNotificationsCount).toBe(Number(unsubscribed.attributes.usersWithNotificationsCount) + 1);
    expect(Number(subscribed.attributes.usersWithNotificationsCount)).toBeLessThanOrEqual(Number(subscribed.attributes.usersCount));
  });

  it('is refused to everyone but administrators, and answers 404 for an unknown organization', async () => {
    for (const username of ['manager', 'regional', 'inspector', 'viewer', 'harbour']) {
      const answer = await (await signedIn(backend, username)).get(`/organizations/${northwind}/usage`);
      expect(answer.status, username).toBe(403);
      expect(answer.body.errors![0]!.code).toBe('FORBIDDEN');
    }
    expect((await admin.get('/organizations/999999/usage')).status).toBe(404);
  });
});
