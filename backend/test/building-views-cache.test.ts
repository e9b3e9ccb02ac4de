/**
 * The buildings' derived values are kept between reads (buildings/repository.ts derivedOf, issue 8): a read that
 * finds nothing committed since the last sends one statement instead of two. Kept values must never be why a change
 * is missed: a write of any table, through a route, straight to the database or from another connection, and the
 * passing of a time at which a walkabout opens, locks or closes, show on the very next read.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEST_PASSWORD } from '../src/seed/test-seed';
import { schema, seed, signIn, type SeededOrganization, type TestBackend } from '../src/testing';
import { openDatabase } from '../src/db/client';
import { client, databases, list, recordStatements, startTestBackend, type Client } from './helpers';

describe.each(databases)('the buildings derived values kept between reads on %s', (database) => {
  let backend: TestBackend;
  let organization: SeededOrganization;
  let api: Client;
  let statements: string[] = [];
  let restore: () => void;

  beforeAll(async () => {
    backend = await startTestBackend({ database });
    organization = await seed(backend.db).organization('Kept Towers', (o) =>
      o
        .region('Area')
        .cycle('Daily', { frequency: 'daily' })
        .building('First Tower', { region: 'Area', floors: [['Ground', ['Lobby']]] })
        .building('Second Tower', { region: 'Area' })
        .role('Reader', { userPermissions: { view: true } })
        .user('kept-user', { region: 'Area' }),
    );
    api = client(backend.app, (await signIn(backend.url, 'kept-user', TEST_PASSWORD)).token);
    ({ statements, restore } = recordStatements(backend));
  });
  afterAll(async () => {
    restore?.();
    await backend?.close();
  });
  beforeEach(() => void (statements.length = 0));

  const first = () => organization.buildings['First Tower']!;
  const url = () => `/buildings?filter[organization]=${organization.id}`;
  /** How many of the statements sent read the buildings' derived values (on PGlite an EXECUTE of its prepared statement). */
  const derivedReads = () => statements.filter((text) => /building_views|next_changes/.test(text)).length;
  /** The First Tower's attributes as GET /buildings answers them, and whether the answer read the derived values (1) or not (0). */
  async function firstTower() {
    statements.length = 0;
    const answer = await api.get(url());
    expect(answer.status).toBe(200);
    const tower = list(answer.body).find((b) => b.id === String(first()));
    if (!tower) throw new Error('First Tower is not listed');
    return { attributes: tower.attributes, sent: derivedReads() };
  }

  // The snapshot is the server's: on the PostgreSQL server the test files share, another file's writes move it between
  // two reads here, which costs a read of the values again and nothing else. So whether a read used what was kept is
  // asserted on PGlite, a database of this process alone; what every read answers is asserted on both.
  const expectKept = (sent: number) => {
    if (database === 'pglite') expect(sent).toBe(0);
  };

  it('answers a read with nothing committed since from what it kept: the page alone, the same document', async () => {
    await backend.db.update(schema.buildings).set({ order: 5 }).where(eq(schema.buildings.id, first()));
    const cold = await api.get(url());
    expect(derivedReads()).toBe(1);
    statements.length = 0;
    const warm = await api.get(url());
    expectKept(derivedReads());
    if (database === 'pglite') expect(statements).toHaveLength(1);
    expect(warm.body).toEqual(cold.body);
    expect(list(warm.body).find((b) => b.id === String(first()))?.attributes.order).toBe(5);
    // A single building (GET /buildings/{id}) reads from the same values.
    statements.length = 0;
    expect((await api.get(`/buildings/${first()}`)).status).toBe(200);
    expectKept(derivedReads());
  });

  it('reads the records a page includes once while nothing is committed, and sees a change of them on the very next read', async () => {
    const withIncluded = `${url()}&include=organization,region`;
    type Included = { type: string; id: string; attributes: Record<string, unknown> };
    const includedName = async (type: string) => {
      const answer = await api.get(withIncluded);
      expect(answer.status).toBe(200);
      return ((answer.body as { included?: Included[] }).included ?? []).find((r) => r.type === type)?.attributes.name;
    };
    /** The statements sent that read the organizations or the regions (the page's own select reads neither). */
    const includeReads = () => statements.filter((text) => /from "(organizations|regions)"/.test(text)).length;
    const regionId = organization.regions['Area']!;
    await backend.db.update(schema.regions).set({ name: 'Area' }).where(eq(schema.regions.id, regionId));
    statements.length = 0;
    expect(await includedName('regions')).toBe('Area');
    expect(includeReads()).toBeGreaterThan(0);
    statements.length = 0;
    expect(await includedName('regions')).toBe('Area');
    expect(await includedName('organizations')).toBe('Kept Towers');
    if (database === 'pglite') expect(includeReads()).toBe(0);
    await backend.db.update(schema.regions).set({ name: 'Area Renamed' }).where(eq(schema.regions.id, regionId));
    expect(await includedName('regions')).toBe('Area Renamed');
    await backend.db.update(schema.regions).set({ name: 'Area' }).where(eq(schema.regions.id, regionId));
    expect(await includedName('regions')).toBe('Area');
  });

  it('sees a row written straight to the database on the very next read', async () => {
    const before = (await firstTower()).attributes;
    expectKept((await firstTower()).sent);
    const [floor] = await backend.db.insert(schema.floors).values({ buildingId: first(), name: 'Roof', order: 9 }).returning();
    const after = await firstTower();
    expect(after.sent).toBe(1);
    expect(after.attributes.floorsCount).toBe((before.floorsCount as number) + 1);
    await backend.db.delete(schema.floors).where(eq(schema.floors.id, floor!.id));
    expect((await firstTower()).attributes.floorsCount).toBe(before.floorsCount);
  });

  it('sees a write through a route on the very next read', async () => {
    const before = (await firstTower()).attributes.floorsCount as number;
    expectKept((await firstTower()).sent);
    const admin = client(backend.app, (await signIn(backend.url, 'admin', 'demo1234')).token);
    expect((await admin.post(`/buildings/${first()}/floor`, { data: { attributes: { name: 'Mezzanine', order: null } } })).status).toBe(201);
    expect((await firstTower()).attributes.floorsCount).toBe(before + 1);
    await backend.db.delete(schema.floors).where(eq(schema.floors.name, 'Mezzanine'));
  });

  it('sees a walkabout open and then close when their times pass, with nothing written in between', async () => {
    const cycleId = organization.cycles['Daily']!;
    const now = Date.now();
    const today = new Date(now).toISOString().slice(0, 10);
    const opensAt = new Date(now + 1_500);
    const closesAt = new Date(now + 3_000);
    await backend.db.insert(schema.walkabouts).values({ buildingId: first(), cycleId, periodKey: `kept-${now}`, date: today, openedAt: opensAt, closedAt: closesAt });
    const waitUntil = async (at: Date) => {
      while (Date.now() <= at.getTime()) await new Promise((resolve) => setTimeout(resolve, at.getTime() - Date.now() + 5));
    };
    const before = await firstTower();
    expect(before.attributes.walkaboutsCount).toBe(0);
    expectKept((await firstTower()).sent);

    await waitUntil(opensAt);
    const open = await firstTower();
    expect(open.attributes.walkaboutsCount).toBe(1);
    expect((open.attributes.statuses as Array<{ cycleId: number; openedAt: string }>).map((s) => [s.cycleId, s.openedAt])).toEqual([[cycleId, opensAt.toISOString()]]);

    await waitUntil(closesAt);
    const closed = await firstTower();
    expect(closed.attributes.walkaboutsCount).toBe(0);
    expect((closed.attributes.statuses as Array<{ closedAt: string }>)[0]!.closedAt).toBe(closesAt.toISOString());
    await backend.db.delete(schema.walkabouts).where(eq(schema.walkabouts.periodKey, `kept-${now}`));
  });

  it('sees what another connection commits, and not what it has not committed yet', async () => {
    const before = (await firstTower()).attributes.floorsCount as number;
    if (database === 'pglite') {
      // One process holds a PGlite database: a transaction's writes show once it commits, not after a rollback.
      await backend.db
        .transaction(async (tx) => {
          await tx.insert(schema.floors).values({ buildingId: first(), name: 'Never', order: 10 });
          tx.rollback();
        })
        .catch(() => undefined);
      expect((await firstTower()).attributes.floorsCount).toBe(before);
      return;
    }
    const second = await openDatabase({ databaseUrl: backend.databaseUrl! });
    try {
      const pool = (second.db as unknown as { $client: import('pg').Pool }).$client;
      const connection = await pool.connect();
      try {
        await connection.query('begin');
        await connection.query(`insert into floors (building_id, name, "order") values ($1, 'Pending', 11)`, [first()]);
        // Read while the other connection's write is not committed: not seen, and what is kept is not kept past its commit.
        expect((await firstTower()).attributes.floorsCount).toBe(before);
        expect((await firstTower()).attributes.floorsCount).toBe(before);
        await connection.query('commit');
        expect((await firstTower()).attributes.floorsCount).toBe(before + 1);
        await connection.query(`delete from floors where name = 'Pending'`);
        expect((await firstTower()).attributes.floorsCount).toBe(before);
      } finally {
        connection.release();
      }
    } finally {
      await second.close();
    }
  });
});
