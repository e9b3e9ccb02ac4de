import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, startBackend } from '../src/index';
import { demoUsers, postgresAvailable, schema, seed, signIn, type TestBackend } from '../src/testing';
import { client, databases, list, signedIn, startTestBackend } from './helpers';

const TABLES = [
  'api_tokens', 'building_cycle_offsets', 'building_suspensions', 'building_task_applicability', 'buildings', 'conditions', 'cycle_overrides',
  'cycles', 'documents',
  'entries', 'equipment_component_condition_groups', 'equipment_components', 'equipment_types', 'fire_watches', 'floors', 'generated_reports', 'location_comments',
  'location_equipment', 'locations', 'mail_outbox', 'notification_deliveries', 'on_demand_reports', 'organizations', 'password_reset_tokens',
  'regions', 'report_booklet_templates', 'report_comments', 'report_definitions', 'report_follow_ups', 'roles', 'scans',
  'sections', 'sessions', 'sign_in_attempts', 'task_groups', 'tasks', 'unassigned_qr_codes', 'uploads', 'user_buildings', 'user_roles', 'users',
  'walkabout_edits', 'walkabout_floors', 'walkabout_saves', 'walkabouts',
];

describe('the PostgreSQL of TEST_DATABASE_URL', () => {
  it('answers whenever TEST_DATABASE_URL is set, so that its suites run rather than vanish', async () => {
    expect(await postgresAvailable()).toBe(Boolean(process.env.TEST_DATABASE_URL));
  });
});

describe.each(databases)('the database on %s', (database) => {
  let empty: TestBackend;
  let demo: TestBackend;

  beforeAll(async () => {
    [empty, demo] = await Promise.all([startTestBackend({ database, seed: 'none' }), startTestBackend({ database })]);
  });
  afterAll(async () => {
    await empty?.close();
    await demo?.close();
  });

  it('applies the migrations to a fresh database', async () => {
    // Both drivers answer raw SQL with { rows }; the shared Database type cannot know which driver it is.
    const result = (await empty.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    )) as unknown as { rows: { table_name: string }[] };
    expect(result.rows.map((r) => r.table_name)).toEqual(TABLES);
    expect((await empty.db.select({ value: count() }).from(schema.organizations))[0]!.value).toBe(0);
  });

  it('holds the demo: two organizations, the six users, at least 4 buildings and 60 locations in the first', async () => {
    const organizations = await demo.db.select().from(schema.organizations);
    expect(organizations.map((o) => o.name).sort()).toEqual(['Harbour Strata Services', 'Northwind Property Management']);
    const northwind = organizations.find((o) => o.name.startsWith('Northwind'))!.id;
    const users = await demo.db.select({ username: schema.users.username }).from(schema.users);
    expect(users.map((u) => u.username).sort()).toEqual(demoUsers.map((u) => u.username).sort());
    const [buildings] = await demo.db.select({ value: count() }).from(schema.buildings).where(eq(schema.buildings.organizationId, northwind));
    expect(buildings!.value).toBeGreaterThanOrEqual(4);
    const [locations] = await demo.db
      .select({ value: count() })
      .from(schema.locations)
      .innerJoin(schema.buildings, eq(schema.buildings.id, schema.locations.buildingId))
      .where(eq(schema.buildings.organizationId, northwind));
    expect(locations!.value).toBeGreaterThanOrEqual(60);
    const types = await demo.db.selectDistinct({ type: schema.tasks.type }).from(schema.tasks);
    expect(types.map((t) => t.type).sort()).toEqual(
      ['boolean', 'dropdown', 'multiselect', 'number', 'range', 'string', 'time', 'yesno', 'yesnonotapplicable'],
    );
  });

  it('lets every demo user sign in with demo1234', async () => {
    for (const user of demoUsers) expect((await signIn(demo.url, user.username, user.password)).token).toBeTruthy();
  });

  it('builds a test organization with the fluent seed helper', async () => {
    const acme = await seed(empty.db).organization('Acme Towers', (o) =>
      o
        .region('North')
        .region('Lakeside', { parent: 'North' })
        .building('Tower A', { region: 'Lakeside', floors: [['Ground', ['Lobby', 'Stair 1']], ['Floor 2', ['Corridor']]] })
        .building('Tower B')
        .cycle('Monthly', { frequency: 'monthly' })
        .role('Looker', { buildingPermissions: { view: true } })
        .user('nora', { region: 'North', roles: ['Looker'] }),
    );
    await seed(empty.db).admin('root');
    expect(Object.keys(acme.locations)).toHaveLength(3);
    const nora = await signedIn(empty, 'nora', 'secret123');
    const { body } = await nora.get('/buildings');
    expect(list(body).map((b) => b.attributes.name)).toEqual(['Tower A']);
    expect(list(body)[0]!.attributes).toMatchObject({ floorsCount: 2, locationsCount: 3, usersCount: 1 });
    const root = await signedIn(empty, 'root', 'secret123');
    expect((await root.get('/buildings')).body.meta!.total).toBe(2);
    expect((await client(empty.app).get('/buildings')).status).toBe(401);
  });

  it("keeps each condition in its own section's entry and walkabout, and deletes conditions with their walkabout", async () => {
    const walkaboutIds = [...new Set((await demo.db.select({ id: schema.conditions.walkaboutId }).from(schema.conditions)).map((c) => c.id))];
    expect(walkaboutIds.length).toBeGreaterThanOrEqual(2);
    const [one, other] = walkaboutIds as [number, number];
    const [condition] = await demo.db.select().from(schema.conditions).where(eq(schema.conditions.walkaboutId, one)).limit(1);
    const [otherEntry] = await demo.db.select().from(schema.entries).where(eq(schema.entries.walkaboutId, other)).limit(1);
    const { id: _id, ...copy } = condition!;
    // A condition naming another walkabout's entry (or walkabout) than its section's is refused by the database itself.
    await expect(demo.db.insert(schema.conditions).values({ ...copy, entryId: otherEntry!.id })).rejects.toThrow();
    await expect(demo.db.insert(schema.conditions).values({ ...copy, walkaboutId: other })).rejects.toThrow();
    await demo.db.delete(schema.walkabouts).where(eq(schema.walkabouts.id, one));
    expect(await demo.db.select().from(schema.conditions).where(eq(schema.conditions.walkaboutId, one))).toEqual([]);
    expect(await demo.db.select().from(schema.sections).where(eq(schema.sections.walkaboutId, one))).toEqual([]);
  });
});

describe('starting the backend embedded', () => {
  const dirs: string[] = [];
  const freshDir = () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'fsi-backend-start-'));
    dirs.push(dir);
    return path.join(dir, 'data');
  };
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('seeds the demo into a new data folder once, and not again on the next start', async () => {
    const dataDir = freshDir();
    const first = await startBackend({ port: 0, dataDir });
    expect((await signIn(first.url, 'manager', 'demo1234')).token).toBeTruthy();
    await first.close();
    const second = await startBackend({ port: 0, dataDir, seedDemo: true });
    const organizations = await second.app.db.select().from(schema.organizations);
    expect(organizations).toHaveLength(2);
    await second.close();
    // A new PGlite folder, the demo and its first walkabouts: slow on a busy 2-core machine.
  }, 120_000);

  it('leaves a new data folder empty when the demo is turned off', async () => {
    const dataDir = freshDir();
    const backend = await startBackend({ port: 0, dataDir, seedDemo: false });
    expect(await backend.app.db.select().from(schema.users)).toEqual([]);
    await backend.close();
    const handle = await openDatabase({ dataDir });
    expect(handle.isNewDataFolder).toBe(false);
    await handle.close();
  }, 120_000);
});
