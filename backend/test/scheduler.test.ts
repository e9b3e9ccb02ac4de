/**
 * The scheduled walkabout job: one walkabout per building, cycle and period however often and
 * however concurrently it runs (two backends on one PostgreSQL database), snapshots never taken
 * twice, and results frozen at the lock time.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { openDatabase, type Database } from '../src/db/client';
import { queryRows } from '../src/db/raw';
import { createWalkabout } from '../src/features/walkabouts/snapshot';
import { schema, type TestBackend } from '../src/testing';
import { databases, demoIds, list, one, signedIn, startTestBackend } from './helpers';

const DAY = 86_400_000;

async function duplicates(db: Database) {
  const walkabouts = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from walkabouts group by building_id, cycle_id, period_key having count(*) > 1`,
  );
  const conditions = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from conditions group by walkabout_id, entry_id, task_id having count(*) > 1`,
  );
  const entries = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from entries group by walkabout_id, location_equipment_id having count(*) > 1`,
  );
  return { walkabouts: walkabouts.length, conditions: conditions.length, entries: entries.length };
}

describe.each(databases)('the walkabout schedule on %s', (database) => {
  let backend: TestBackend;

  beforeAll(async () => {
    backend = await startTestBackend({ database });
  });
  afterAll(() => backend?.close());

  it('gives every building an open walkabout of each repeating cycle with tasks as soon as the backend starts', async () => {
    const admin = await signedIn(backend, 'admin');
    const buildings = list((await admin.get('/buildings')).body);
    expect(buildings).toHaveLength(6);
    for (const building of buildings) {
      const withTasks = (building.attributes.allScopeEquipmentConditionCycles as { cycleName: string }[])
        .map((c) => c.cycleName)
        .filter((name) => ['Daily', 'Weekly', 'Monthly', 'Yearly'].includes(name));
      const open = list((await admin.get(`/walkabouts?filter[building]=${building.id}&filter[open]=true`)).body);
      // Distinct: in the hours after a period ends, its walkabout stays open beside the new one until its close offset passes.
      expect([...new Set(open.map((w) => w.attributes.cycleName))], String(building.attributes.name)).toEqual(withTasks);
      expect(withTasks.length).toBeGreaterThanOrEqual(3);
    }
  });

  it('locks a walkabout at its lock time: results are frozen and saves refused', async () => {
    const demo = await demoIds(backend);
    const manager = await signedIn(backend, 'manager');
    const id = await demo.walkabout('King Street Commerce Centre', 'Weekly');
    const before = (await manager.get(`/walkabouts/${id}`)).body;
    const lockedAt = new Date(String(one(before).attributes.lockedAt));
    const run = await backend.app.runWalkaboutSchedule(new Date(lockedAt.getTime() + 1000));
    expect(run.finalized).toBeGreaterThan(0);
    const [row] = await queryRows<{ finalized_at: Date | null; final_is_complete: boolean | null }>(
      backend.db,
      sql`select finalized_at, final_is_complete from walkabouts where id = ${Number(id)}`,
    );
    expect(row!.finalized_at).not.toBeNull();
    expect(row!.final_is_complete).toBe(false);
    // The walkabout's own clock has not reached its lock time yet; the frozen figures are already kept.
    await backend.db.execute(sql`update walkabouts set locked_at = now() - interval '1 second' where id = ${Number(id)}`);
    const save = await manager.save('after-lock', { walkaboutToUpdateId: id, data: { entries: [], conditions: [] } });
    expect(save.status).toBe(409);
    expect(save.body.errors![0]!.detail).toBe('This walkabout is locked.');
  });

  it('creates one walkabout per building, cycle and period however often and however concurrently the job runs', async () => {
    // Two backends on one database when there is a server; on PGlite the rounds share its one connection.
    const second = backend.databaseUrl ? await openDatabase({ databaseUrl: backend.databaseUrl }) : null;
    const other = second ? await buildApp({ db: second.db }) : backend.app;
    try {
      const later = new Date(Date.now() + 9 * DAY);
      const runs = await Promise.all(
        Array.from({ length: 12 }, (_, i) => (i % 2 ? other : backend.app).runWalkaboutSchedule(new Date(later.getTime() + (i % 3) * 1000))),
      );
      expect(runs.some((run) => run.ran && run.created > 0)).toBe(true);
      expect(runs.reduce((sum, run) => sum + run.created, 0)).toBeGreaterThan(0);
      expect(await duplicates(backend.db)).toEqual({ walkabouts: 0, conditions: 0, entries: 0 });
      const again = await other.runWalkaboutSchedule(later);
      expect(again.created).toBe(0);
    } finally {
      if (second) {
        await other.close();
        await second.close();
      }
    }
  });

  it('relies on the unique period key too: racing creations of one period make one walkabout and one snapshot', async () => {
    const [building] = await backend.db.select().from(schema.buildings).limit(1);
    const [cycle] = await queryRows<{ id: number }>(
      backend.db,
      sql`select id from cycles where organization_id = ${building!.organizationId} and frequency = 'monthly'`,
    );
    const second = backend.databaseUrl ? await openDatabase({ databaseUrl: backend.databaseUrl }) : null;
    try {
      const dbs = [backend.db, second?.db ?? backend.db];
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          createWalkabout(dbs[i % 2]!, {
            buildingId: building!.id,
            cycleId: cycle!.id,
            periodKey: '2031-01-01',
            date: '2031-01-01',
            endDate: '2031-02-01',
            openedAt: new Date('2031-01-01T05:00:00Z'),
            lockedAt: new Date('2031-02-01T05:00:00Z'),
          }),
        ),
      );
      expect(results.filter((r) => r.created)).toHaveLength(1);
      expect(new Set(results.map((r) => r.id)).size).toBe(1);
      expect(await duplicates(backend.db)).toEqual({ walkabouts: 0, conditions: 0, entries: 0 });
    } finally {
      await second?.close();
    }
  });

});
