import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
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

  /** A walkabout and a user nothing else names (copies of the demo's first), and another walkabout of the demo. */
  const ownWalkaboutAndUser = async (name: string) => {
    const [walkabout, other] = await demo.db.select().from(schema.walkabouts).orderBy(schema.walkabouts.id).limit(2);
    const [user] = await demo.db.select().from(schema.users).orderBy(schema.users.id).limit(1);
    const { id: _walkaboutId, ...walkaboutCopy } = walkabout!;
    const { id: _userId, ...userCopy } = user!;
    const [own] = await demo.db.insert(schema.walkabouts).values({ ...walkaboutCopy, periodKey: name }).returning({ id: schema.walkabouts.id });
    const [ownUser] = await demo.db.insert(schema.users).values({ ...userCopy, username: name }).returning({ id: schema.users.id });
    return { walkaboutId: own!.id, userId: ownUser!.id, otherWalkaboutId: other!.id };
  };

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

  it("refuses a condition naming a task that does not exist, by insert or update, and forgets a deleted task's id", async () => {
    const [condition] = await demo.db.select().from(schema.conditions).where(sql`${schema.conditions.taskId} is not null`).limit(1);
    const { id: _id, ...copy } = condition!;
    const missingTask = 2_000_000_000;
    const refused = { cause: expect.objectContaining({ code: '23503', constraint: 'conditions_task_id_tasks_id_fk' }) };
    await expect(demo.db.insert(schema.conditions).values({ ...copy, taskId: missingTask })).rejects.toMatchObject(refused);
    // One refused row refuses the whole statement, however many rows are right.
    await expect(demo.db.insert(schema.conditions).values([copy, { ...copy, taskId: missingTask }, copy])).rejects.toMatchObject(refused);
    await expect(demo.db.update(schema.conditions).set({ taskId: missingTask }).where(eq(schema.conditions.id, condition!.id))).rejects.toMatchObject(refused);
    expect((await demo.db.select({ taskId: schema.conditions.taskId }).from(schema.conditions).where(eq(schema.conditions.id, condition!.id)))[0]!.taskId).toBe(condition!.taskId);

    // A deleted task (with its equipment type, say) leaves its conditions as recorded, without the task.
    const [made] = await demo.db.insert(schema.conditions).values(copy).returning({ id: schema.conditions.id });
    const [task] = await demo.db.select().from(schema.tasks).where(eq(schema.tasks.id, condition!.taskId!));
    const { id: _taskId, ...taskCopy } = task!;
    const [spare] = await demo.db.insert(schema.tasks).values({ ...taskCopy, label: `${task!.label} (spare)` }).returning({ id: schema.tasks.id });
    await demo.db.update(schema.conditions).set({ taskId: spare!.id }).where(eq(schema.conditions.id, made!.id));
    // Nor does a named task's id change under its conditions.
    await expect(demo.db.update(schema.tasks).set({ id: missingTask }).where(eq(schema.tasks.id, spare!.id))).rejects.toMatchObject(refused);
    await demo.db.delete(schema.tasks).where(eq(schema.tasks.id, spare!.id));
    const [kept] = await demo.db.select().from(schema.conditions).where(eq(schema.conditions.id, made!.id));
    expect(kept).toEqual({ ...condition, id: made!.id, taskId: null });
  });

  it("refuses a condition whose section, entry and walkabout are not one section's, by insert or update, deletes a section's conditions with it, and keeps a named section's key", async () => {
    const [condition] = await demo.db.select().from(schema.conditions).orderBy(schema.conditions.id).limit(1);
    const { id: _id, ...copy } = condition!;
    const [otherSection] = await demo.db.select().from(schema.sections).where(sql`${schema.sections.entryId} <> ${condition!.entryId}`).limit(1);
    const key = (sectionId: number, entryId: number, walkaboutId: number) => `(section_id, entry_id, walkabout_id)=(${sectionId}, ${entryId}, ${walkaboutId})`;
    const refused = (sectionId: number, entryId: number, walkaboutId: number) => ({
      cause: expect.objectContaining({
        code: '23503',
        constraint: 'conditions_section_entry_walkabout_fk',
        message: 'insert or update on table "conditions" violates foreign key constraint "conditions_section_entry_walkabout_fk"',
        detail: `Key ${key(sectionId, entryId, walkaboutId)} is not present in table "sections".`,
      }),
    });
    const missing = 2_000_000_000;
    await expect(demo.db.insert(schema.conditions).values({ ...copy, sectionId: missing })).rejects.toMatchObject(refused(missing, copy.entryId, copy.walkaboutId));
    // Another section's entry: each column names something that exists, but not one section.
    await expect(demo.db.insert(schema.conditions).values({ ...copy, entryId: otherSection!.entryId })).rejects.toMatchObject(
      refused(copy.sectionId, otherSection!.entryId, copy.walkaboutId),
    );
    // One refused row refuses the whole statement, however many rows are right.
    await expect(demo.db.insert(schema.conditions).values([copy, { ...copy, sectionId: missing }, copy])).rejects.toMatchObject(refused(missing, copy.entryId, copy.walkaboutId));
    await expect(demo.db.update(schema.conditions).set({ sectionId: otherSection!.id }).where(eq(schema.conditions.id, condition!.id))).rejects.toMatchObject(
      refused(otherSection!.id, copy.entryId, copy.walkaboutId),
    );
    expect((await demo.db.select().from(schema.conditions).where(eq(schema.conditions.id, condition!.id)))[0]).toEqual(condition);

    // A condition moved to another section with that section's entry and walkabout is kept.
    const [made] = await demo.db.insert(schema.conditions).values(copy).returning({ id: schema.conditions.id });
    const moved = { sectionId: otherSection!.id, entryId: otherSection!.entryId, walkaboutId: otherSection!.walkaboutId };
    await demo.db.update(schema.conditions).set(moved).where(eq(schema.conditions.id, made!.id));
    expect((await demo.db.select().from(schema.conditions).where(eq(schema.conditions.id, made!.id)))[0]).toMatchObject(moved);

    // A named section's key does not change under its conditions; TRUNCATE sections alone is refused.
    await expect(demo.db.update(schema.sections).set({ id: missing }).where(eq(schema.sections.id, otherSection!.id))).rejects.toMatchObject({
      cause: expect.objectContaining({
        code: '23503',
        constraint: 'conditions_section_entry_walkabout_fk',
        message: 'update or delete on table "sections" violates foreign key constraint "conditions_section_entry_walkabout_fk" on table "conditions"',
        detail: `Key (id, entry_id, walkabout_id)=(${otherSection!.id}, ${otherSection!.entryId}, ${otherSection!.walkaboutId}) is still referenced from table "conditions".`,
      }),
    });
    await expect(demo.db.execute(sql`truncate sections`)).rejects.toMatchObject({
      cause: expect.objectContaining({ code: '0A000', message: 'cannot truncate a table referenced in a foreign key constraint' }),
    });
    expect((await demo.db.select({ value: count() }).from(schema.sections))[0]!.value).toBeGreaterThan(0);

    // A deleted section's conditions go with it, and no other's.
    const sectionConditions = () => demo.db.select({ id: schema.conditions.id }).from(schema.conditions).where(eq(schema.conditions.sectionId, otherSection!.id));
    expect((await sectionConditions()).length).toBeGreaterThan(1);
    await demo.db.delete(schema.sections).where(eq(schema.sections.id, otherSection!.id));
    expect(await sectionConditions()).toEqual([]);
    expect((await demo.db.select().from(schema.conditions).where(eq(schema.conditions.id, condition!.id)))[0]).toEqual(condition);
  });

  it("refuses a condition naming an editor that does not exist, by insert or update, forgets a deleted editor, and keeps a named editor's id", async () => {
    const { userId } = await ownWalkaboutAndUser('condition-editor');
    const [condition] = await demo.db.select().from(schema.conditions).orderBy(schema.conditions.id).limit(1);
    const { id: _id, ...copy } = condition!;
    const missing = 2_000_000_000;
    const refused = {
      cause: expect.objectContaining({
        code: '23503',
        constraint: 'conditions_editor_id_users_id_fk',
        message: 'insert or update on table "conditions" violates foreign key constraint "conditions_editor_id_users_id_fk"',
        detail: `Key (editor_id)=(${missing}) is not present in table "users".`,
      }),
    };
    await expect(demo.db.insert(schema.conditions).values({ ...copy, editorId: missing })).rejects.toMatchObject(refused);
    await expect(demo.db.insert(schema.conditions).values([{ ...copy, editorId: userId }, { ...copy, editorId: missing }])).rejects.toMatchObject(refused);
    const made = await demo.db.insert(schema.conditions).values([{ ...copy, editorId: userId }, { ...copy, editorId: null }]).returning({ id: schema.conditions.id });
    const ids = made.map((m) => m.id);
    // An update naming a missing editor, among rows naming one that exists, is refused whole.
    await expect(
      demo.db.update(schema.conditions).set({ editorId: sql`case when ${schema.conditions.id} = ${ids[1]!} then ${missing}::int else ${userId}::int end` }).where(inArray(schema.conditions.id, ids)),
    ).rejects.toMatchObject(refused);
    await demo.db.update(schema.conditions).set({ editorId: userId }).where(eq(schema.conditions.id, ids[1]!));
    const editorsOf = async () => (await demo.db.select({ editorId: schema.conditions.editorId }).from(schema.conditions).where(inArray(schema.conditions.id, ids)).orderBy(schema.conditions.id)).map((c) => c.editorId);
    expect(await editorsOf()).toEqual([userId, userId]);
    // Nor does a named editor's id change under their conditions.
    await expect(demo.db.update(schema.users).set({ id: missing }).where(eq(schema.users.id, userId))).rejects.toMatchObject({
      cause: expect.objectContaining({
        code: '23503',
        constraint: 'conditions_editor_id_users_id_fk',
        detail: `Key (id)=(${userId}) is still referenced from table "conditions".`,
      }),
    });
    // A deleted user's conditions keep their results, without them.
    await demo.db.delete(schema.users).where(eq(schema.users.id, userId));
    expect(await editorsOf()).toEqual([null, null]);
    expect((await demo.db.select().from(schema.conditions).where(eq(schema.conditions.id, ids[0]!)))[0]).toEqual({ ...condition, id: ids[0], editorId: null });
  });

  it('checks an editor a save locked once (conditions_lock_editor) rather than per condition, and every other editor per condition as before', async () => {
    const { userId } = await ownWalkaboutAndUser('locked-editor');
    const { userId: other } = await ownWalkaboutAndUser('locked-editor-other');
    const conditionIds = (await demo.db.select({ id: schema.conditions.id }).from(schema.conditions).orderBy(schema.conditions.id).limit(3)).map((c) => c.id);
    const missing = 2_000_000_000;
    const refused = (id: number) => ({
      cause: expect.objectContaining({
        code: '23503',
        constraint: 'conditions_editor_id_users_id_fk',
        detail: `Key (editor_id)=(${id}) is not present in table "users".`,
      }),
    });
    const name = (tx: typeof demo.db, editorId: number) => tx.update(schema.conditions).set({ editorId }).where(inArray(schema.conditions.id, conditionIds));
    const editors = async () => (await demo.db.select({ editorId: schema.conditions.editorId }).from(schema.conditions).where(inArray(schema.conditions.id, conditionIds))).map((c) => c.editorId);
    /** A transaction that is rolled back after `run` (what it names is not kept). */
    const rolledBack = (run: (tx: typeof demo.db) => Promise<unknown>) =>
      demo.db.transaction(async (tx) => {
        await run(tx as unknown as typeof demo.db);
        tx.rollback();
      }).catch((error: unknown) => {
        if ((error as Error).message !== 'Rollback') throw error;
      });

    // A missing user cannot be locked: the key's error.
    await expect(demo.db.execute(sql`select conditions_lock_editor(${missing})`)).rejects.toMatchObject(refused(missing));
    await demo.db.transaction(async (tx) => {
      await tx.execute(sql`select conditions_lock_editor(${userId})`);
      await name(tx as unknown as typeof demo.db, userId);
      // Another editor, and a missing one, are still checked row by row in the same transaction.
      await name(tx as unknown as typeof demo.db, other);
    });
    expect(await editors()).toEqual(conditionIds.map(() => other));
    await expect(rolledBack(async (tx) => {
      await tx.execute(sql`select conditions_lock_editor(${userId})`);
      await name(tx, missing);
    })).rejects.toMatchObject(refused(missing));
    // The transaction's own delete of its locked editor ends the promise: naming them again is refused.
    await expect(rolledBack(async (tx) => {
      await tx.execute(sql`select conditions_lock_editor(${userId})`);
      await tx.delete(schema.users).where(eq(schema.users.id, userId));
      await name(tx, userId);
    })).rejects.toMatchObject(refused(userId));
    // So does its renumbering of them (no condition names them yet, so the new id is allowed).
    await expect(rolledBack(async (tx) => {
      await tx.update(schema.conditions).set({ editorId: other }).where(eq(schema.conditions.editorId, userId));
      await tx.execute(sql`select conditions_lock_editor(${userId})`);
      await tx.update(schema.users).set({ id: missing - 1 }).where(eq(schema.users.id, userId));
      await name(tx, userId);
    })).rejects.toMatchObject(refused(userId));
    expect(await editors()).toEqual(conditionIds.map(() => other));
    await demo.db.update(schema.conditions).set({ editorId: null }).where(inArray(schema.conditions.id, conditionIds));
  });

  it("refuses an edit naming a walkabout or a user that does not exist, deletes a walkabout's edits with it, forgets a deleted user, and keeps a named id", async () => {
    const { walkaboutId, userId, otherWalkaboutId } = await ownWalkaboutAndUser('edits-keys');
    const missing = 2_000_000_000;
    const edit = (values: Partial<typeof schema.walkaboutEdits.$inferInsert> = {}) => ({ walkaboutId, userId, kind: 'scan' as const, ...values });
    const refusedBy = (key: string, detail: string) => ({ cause: expect.objectContaining({ code: '23503', constraint: key, detail }) });
    const noWalkabout = refusedBy('walkabout_edits_walkabout_id_walkabouts_id_fk', `Key (walkabout_id)=(${missing}) is not present in table "walkabouts".`);
    const noUser = refusedBy('walkabout_edits_user_id_users_id_fk', `Key (user_id)=(${missing}) is not present in table "users".`);
    const editsOf = (id: number) => demo.db.select().from(schema.walkaboutEdits).where(eq(schema.walkaboutEdits.walkaboutId, id)).orderBy(schema.walkaboutEdits.id);

    await expect(demo.db.insert(schema.walkaboutEdits).values(edit({ walkaboutId: missing }))).rejects.toMatchObject(noWalkabout);
    await expect(demo.db.insert(schema.walkaboutEdits).values(edit({ userId: missing }))).rejects.toMatchObject(noUser);
    // One refused row refuses the whole statement, however many rows are right.
    await expect(demo.db.insert(schema.walkaboutEdits).values([edit(), edit({ userId: missing }), edit()])).rejects.toMatchObject(noUser);
    expect(await editsOf(walkaboutId)).toEqual([]);

    const made = await demo.db.insert(schema.walkaboutEdits).values([edit(), edit({ kind: 'condition' }), edit({ userId: null }), edit({ walkaboutId: otherWalkaboutId })]).returning();
    await expect(demo.db.update(schema.walkaboutEdits).set({ walkaboutId: missing }).where(eq(schema.walkaboutEdits.id, made[0]!.id))).rejects.toMatchObject(noWalkabout);
    await expect(demo.db.update(schema.walkaboutEdits).set({ userId: missing }).where(eq(schema.walkaboutEdits.id, made[2]!.id))).rejects.toMatchObject(noUser);
    // Nor does a named walkabout's or user's id change under its edits.
    const stillNamed = (table: string, key: string, id: number) => ({
      cause: expect.objectContaining({ code: '23503', constraint: key, detail: `Key (id)=(${id}) is still referenced from table "walkabout_edits".`, message: expect.stringContaining(`table "${table}"`) }),
    });
    await expect(demo.db.update(schema.walkabouts).set({ id: missing }).where(eq(schema.walkabouts.id, walkaboutId))).rejects.toMatchObject(
      stillNamed('walkabouts', 'walkabout_edits_walkabout_id_walkabouts_id_fk', walkaboutId),
    );
    await expect(demo.db.update(schema.users).set({ id: missing }).where(eq(schema.users.id, userId))).rejects.toMatchObject(stillNamed('users', 'walkabout_edits_user_id_users_id_fk', userId));
    expect(await editsOf(walkaboutId)).toEqual(made.slice(0, 3));

    // A deleted user's edits stay, without them; a deleted walkabout's edits go with it, and no other's.
    await demo.db.delete(schema.users).where(eq(schema.users.id, userId));
    expect(await editsOf(walkaboutId)).toEqual(made.slice(0, 3).map((e) => ({ ...e, userId: null })));
    await demo.db.delete(schema.walkabouts).where(eq(schema.walkabouts.id, walkaboutId));
    expect(await editsOf(walkaboutId)).toEqual([]);
    expect(await editsOf(otherWalkaboutId)).toContainEqual({ ...made[3]!, userId: null });
  });

  /** The entries whose failure and note counts are not their conditions' (none while migration 0020's triggers keep them). */
  const miscountedEntries = async () =>
    ((await demo.db.execute(sql`select e.id, e.failure_count as "failureCount", e.note_count as "noteCount",
        coalesce(c.failures, 0) as failures, coalesce(c.notes, 0) as notes
      from entries e left join (
        select entry_id, count(*) filter (where satisfaction = 'unsatisfactory')::int as failures,
          count(*) filter (where satisfaction <> 'unsatisfactory' and has_satisfactory_remarks and remarks <> '')::int as notes
        from conditions group by entry_id) c on c.entry_id = e.id
      where e.failure_count <> coalesce(c.failures, 0) or e.note_count <> coalesce(c.notes, 0)`)) as unknown as { rows: unknown[] }).rows;
  const countsOf = async (entryId: number) =>
    (await demo.db.select({ failures: schema.entries.failureCount, notes: schema.entries.noteCount }).from(schema.entries).where(eq(schema.entries.id, entryId)))[0];

  it("counts each entry's failures and notes as its conditions are inserted, changed, moved, deleted and truncated", async () => {
    expect(await miscountedEntries()).toEqual([]);
    const [condition] = await demo.db.select().from(schema.conditions).orderBy(schema.conditions.id).limit(1);
    const { id: _id, ...copy } = condition!;
    const before = (await countsOf(copy.entryId))!;
    const plain = { ...copy, value: null, satisfaction: 'neutral' as const, hasSatisfactoryRemarks: false, remarks: null };
    // A failure, a note, a note flag without words (no note), remarks on an unflagged result (no note), a plain result.
    const made = await demo.db
      .insert(schema.conditions)
      .values([
        { ...plain, value: false, satisfaction: 'unsatisfactory', remarks: 'Broken' },
        { ...plain, value: true, satisfaction: 'satisfactory', hasSatisfactoryRemarks: true, remarks: 'Dusty' },
        { ...plain, value: true, satisfaction: 'satisfactory', hasSatisfactoryRemarks: true, remarks: '' },
        { ...plain, value: true, satisfaction: 'satisfactory', remarks: 'Fine' },
        plain,
      ])
      .returning({ id: schema.conditions.id });
    const ids = made.map((m) => m.id);
    expect(await countsOf(copy.entryId)).toEqual({ failures: before.failures + 1, notes: before.notes + 1 });

    // One statement: the failure repaired with a note, the note become a failure, the empty note given words, the plain one failed.
    await demo.db.execute(sql`update conditions c set satisfaction = v.satisfaction, has_satisfactory_remarks = v.flag, remarks = v.remarks
      from (values (${ids[0]}::int, 'satisfactory', true, 'Repaired'), (${ids[1]}::int, 'unsatisfactory', true, 'Worse'),
        (${ids[2]}::int, 'satisfactory', true, 'Noted'), (${ids[4]}::int, 'unsatisfactory', false, null)) as v(id, satisfaction, flag, remarks)
      where c.id = v.id`);
    expect(await countsOf(copy.entryId)).toEqual({ failures: before.failures + 2, notes: before.notes + 2 });
    // A change that keeps each row what it was changes no count; flagging the remarks of a result makes a note.
    await demo.db.update(schema.conditions).set({ editedVia: 'test' }).where(inArray(schema.conditions.id, ids));
    expect(await countsOf(copy.entryId)).toEqual({ failures: before.failures + 2, notes: before.notes + 2 });
    await demo.db.update(schema.conditions).set({ hasSatisfactoryRemarks: true }).where(eq(schema.conditions.id, ids[3]!));
    expect(await countsOf(copy.entryId)).toEqual({ failures: before.failures + 2, notes: before.notes + 3 });

    // Moved to another entry's section: counted there, no longer here.
    const [otherSection] = await demo.db.select().from(schema.sections).where(sql`${schema.sections.entryId} <> ${copy.entryId}`).orderBy(schema.sections.id).limit(1);
    const otherBefore = (await countsOf(otherSection!.entryId))!;
    await demo.db
      .update(schema.conditions)
      .set({ sectionId: otherSection!.id, entryId: otherSection!.entryId, walkaboutId: otherSection!.walkaboutId })
      .where(inArray(schema.conditions.id, [ids[1]!, ids[2]!]));
    expect(await countsOf(copy.entryId)).toEqual({ failures: before.failures + 1, notes: before.notes + 2 });
    expect(await countsOf(otherSection!.entryId)).toEqual({ failures: otherBefore.failures + 1, notes: otherBefore.notes + 1 });

    // Deleted, by themselves and with their section.
    await demo.db.delete(schema.conditions).where(inArray(schema.conditions.id, [ids[0]!, ids[3]!, ids[4]!]));
    expect(await countsOf(copy.entryId)).toEqual(before);
    await demo.db.delete(schema.sections).where(eq(schema.sections.id, otherSection!.id));
    expect(await miscountedEntries()).toEqual([]);

    // Truncated, in a transaction rolled back: no entry keeps a count.
    const [failure] = await demo.db.insert(schema.conditions).values({ ...plain, value: false, satisfaction: 'unsatisfactory' }).returning({ id: schema.conditions.id });
    const counted = sql`select count(*)::int as n from entries where failure_count > 0 or note_count > 0`;
    const countedOf = async (db: typeof demo.db) => ((await db.execute(counted)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
    expect(await countedOf(demo.db)).toBeGreaterThan(0);
    class RolledBack extends Error {}
    await expect(
      demo.db.transaction(async (tx) => {
        await tx.execute(sql`truncate conditions`);
        expect(await countedOf(tx as unknown as typeof demo.db)).toBe(0);
        throw new RolledBack();
      }),
    ).rejects.toBeInstanceOf(RolledBack);
    expect(await countsOf(copy.entryId)).toEqual({ failures: before.failures + 1, notes: before.notes });
    await demo.db.delete(schema.conditions).where(eq(schema.conditions.id, failure!.id));
    expect(await miscountedEntries()).toEqual([]);
  });

  if (database === 'postgres') {
    /** Two sessions of their own on the test's PostgreSQL. */
    const sessions = async () => {
      const both = [new pg.Client({ connectionString: demo.databaseUrl }), new pg.Client({ connectionString: demo.databaseUrl })] as const;
      await Promise.all(both.map((session) => session.connect()));
      return both;
    };
    const pidOf = async (session: pg.Client) => (await session.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
    /** Resolves once the session's pending statement waits on a lock; throws if the statement ends without waiting. */
    const waitsOnLock = async (pid: number, pending: Promise<unknown>) => {
      let settled = false;
      pending.then(() => (settled = true), () => (settled = true));
      for (;;) {
        const { rows } = (await demo.db.execute(sql`select wait_event_type from pg_stat_activity where pid = ${pid}`)) as unknown as { rows: { wait_event_type: string | null }[] };
        if (rows[0]?.wait_event_type === 'Lock') return;
        if (settled) throw new Error('The statement ended without waiting for the other transaction');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };

    it('makes a delete of a walkabout or a user wait for an open transaction whose new edits name it, and an insert naming one being deleted wait and fail', async () => {
      const [inserting, deleting] = await sessions();
      const insertEdit = (walkaboutId: number, userId: number) =>
        inserting.query<{ id: number }>(`insert into walkabout_edits (walkabout_id, user_id, kind) values ($1, $2, 'scan') returning id`, [walkaboutId, userId]);
      try {
        const [insertingPid, deletingPid] = [await pidOf(inserting), await pidOf(deleting)];
        // Insert first: the deletes wait for the insert's commit, then delete the edit with its walkabout, and forget its user.
        const first = await ownWalkaboutAndUser('edits-wait-1');
        await inserting.query('begin');
        const made = (await insertEdit(first.walkaboutId, first.userId)).rows[0]!.id;
        const userDeleted = deleting.query('delete from users where id = $1', [first.userId]);
        await waitsOnLock(deletingPid, userDeleted);
        await inserting.query('commit');
        expect((await userDeleted).rowCount).toBe(1);
        expect(await demo.db.select({ userId: schema.walkaboutEdits.userId }).from(schema.walkaboutEdits).where(eq(schema.walkaboutEdits.id, made))).toEqual([{ userId: null }]);
        const second = await ownWalkaboutAndUser('edits-wait-2');
        await inserting.query('begin');
        const madeForWalkabout = (await insertEdit(second.walkaboutId, second.userId)).rows[0]!.id;
        const walkaboutDeleted = deleting.query('delete from walkabouts where id = $1', [second.walkaboutId]);
        await waitsOnLock(deletingPid, walkaboutDeleted);
        await inserting.query('commit');
        expect((await walkaboutDeleted).rowCount).toBe(1);
        expect(await demo.db.select().from(schema.walkaboutEdits).where(eq(schema.walkaboutEdits.id, madeForWalkabout))).toEqual([]);

        // Delete first: the insert waits for the delete's commit, then is refused as the key refuses it.
        const third = await ownWalkaboutAndUser('edits-wait-3');
        await deleting.query('begin');
        await deleting.query('delete from walkabouts where id = $1', [third.walkaboutId]);
        const refusedWalkabout = insertEdit(third.walkaboutId, third.userId);
        await waitsOnLock(insertingPid, refusedWalkabout);
        await deleting.query('commit');
        await expect(refusedWalkabout).rejects.toMatchObject({
          code: '23503',
          constraint: 'walkabout_edits_walkabout_id_walkabouts_id_fk',
          detail: `Key (walkabout_id)=(${third.walkaboutId}) is not present in table "walkabouts".`,
        });
        const fourth = await ownWalkaboutAndUser('edits-wait-4');
        await deleting.query('begin');
        await deleting.query('delete from users where id = $1', [fourth.userId]);
        const refusedUser = insertEdit(fourth.walkaboutId, fourth.userId);
        await waitsOnLock(insertingPid, refusedUser);
        await deleting.query('commit');
        await expect(refusedUser).rejects.toMatchObject({ code: '23503', constraint: 'walkabout_edits_user_id_users_id_fk', detail: `Key (user_id)=(${fourth.userId}) is not present in table "users".` });
      } finally {
        await Promise.all([inserting.end(), deleting.end()]);
      }
    });

    it("makes a delete of a section or of an editor wait for an open transaction whose new conditions name it, and an insert naming a section being deleted wait and fail", async () => {
      const [condition] = await demo.db.select().from(schema.conditions).orderBy(schema.conditions.id).limit(1);
      /** A section of its own (a copy of the condition's), so that deleting it deletes nothing else. */
      const spareSection = async () => {
        const [section] = await demo.db.select().from(schema.sections).where(eq(schema.sections.id, condition!.sectionId));
        const { id: _sectionId, ...sectionCopy } = section!;
        return (await demo.db.insert(schema.sections).values(sectionCopy).returning({ id: schema.sections.id }))[0]!.id;
      };
      const copyIn = (sectionId: number, editorId: number | null) => ({
        text: `insert into conditions (walkabout_id, entry_id, section_id, editor_id, label, type, order_on_walkabout)
          select walkabout_id, entry_id, $2, $3, label, type, order_on_walkabout from conditions where id = $1 returning id`,
        values: [condition!.id, sectionId, editorId],
      });
      const [inserting, deleting] = await sessions();
      try {
        const [insertingPid, deletingPid] = [await pidOf(inserting), await pidOf(deleting)];
        // Insert first: the deletes wait for the insert's commit, then forget the editor and delete the condition with its section.
        const first = await spareSection();
        const { userId } = await ownWalkaboutAndUser('conditions-wait-1');
        await inserting.query('begin');
        const made = (await inserting.query<{ id: number }>(copyIn(first, userId))).rows[0]!.id;
        const userDeleted = deleting.query('delete from users where id = $1', [userId]);
        await waitsOnLock(deletingPid, userDeleted);
        await inserting.query('commit');
        expect((await userDeleted).rowCount).toBe(1);
        expect(await demo.db.select({ editorId: schema.conditions.editorId }).from(schema.conditions).where(eq(schema.conditions.id, made))).toEqual([{ editorId: null }]);
        await inserting.query('begin');
        const madeInSection = (await inserting.query<{ id: number }>(copyIn(first, null))).rows[0]!.id;
        const sectionDeleted = deleting.query('delete from sections where id = $1', [first]);
        await waitsOnLock(deletingPid, sectionDeleted);
        await inserting.query('commit');
        expect((await sectionDeleted).rowCount).toBe(1);
        expect(await demo.db.select().from(schema.conditions).where(inArray(schema.conditions.id, [made, madeInSection]))).toEqual([]);

        // Delete first: the insert waits for the delete's commit, then is refused as the key refuses it.
        const second = await spareSection();
        await deleting.query('begin');
        await deleting.query('delete from sections where id = $1', [second]);
        const refused = inserting.query(copyIn(second, null));
        await waitsOnLock(insertingPid, refused);
        await deleting.query('commit');
        await expect(refused).rejects.toMatchObject({
          code: '23503',
          constraint: 'conditions_section_entry_walkabout_fk',
          detail: `Key (section_id, entry_id, walkabout_id)=(${second}, ${condition!.entryId}, ${condition!.walkaboutId}) is not present in table "sections".`,
        });
      } finally {
        await Promise.all([inserting.end(), deleting.end()]);
      }
    });

    it("makes a delete of a save's locked editor wait for the save's transaction, and forgets the lock with the transaction", async () => {
      const [saving, deleting] = await sessions();
      try {
        const deletingPid = await pidOf(deleting);
        const { userId } = await ownWalkaboutAndUser('locked-editor-wait');
        const locked = () => saving.query<{ value: string | null }>(`select current_setting('fsi.locked_editor', true) as value`);
        await saving.query('begin');
        await saving.query('select conditions_lock_editor($1)', [userId]);
        expect((await locked()).rows[0]!.value).toBe(String(userId));
        const userDeleted = deleting.query('delete from users where id = $1', [userId]);
        await waitsOnLock(deletingPid, userDeleted);
        await saving.query('commit');
        expect((await userDeleted).rowCount).toBe(1);
        // Transaction-local: the session no longer promises anything, and naming the deleted user is refused.
        expect((await locked()).rows[0]!.value ?? '').toBe('');
        const [condition] = await demo.db.select({ id: schema.conditions.id }).from(schema.conditions).orderBy(schema.conditions.id).limit(1);
        await expect(saving.query('update conditions set editor_id = $1 where id = $2', [userId, condition!.id])).rejects.toMatchObject({
          code: '23503',
          constraint: 'conditions_editor_id_users_id_fk',
        });
      } finally {
        await Promise.all([saving.end(), deleting.end()]);
      }
    });

    it("adds up the failure and note counts of two transactions that change one entry's conditions at once", async () => {
      const [{ entry_id: entryId, ids }] = ((await demo.db.execute(sql`select entry_id, array_agg(id order by id) as ids from conditions
        group by entry_id having count(*) >= 2 order by entry_id limit 1`)) as unknown as { rows: [{ entry_id: number; ids: number[] }] }).rows;
      const [one, two] = ids as [number, number];
      const reset = sql`update conditions set satisfaction = 'neutral', has_satisfactory_remarks = false, remarks = null where id in (${one}, ${two})`;
      await demo.db.execute(reset);
      const before = (await countsOf(entryId))!;
      const [first, second] = await sessions();
      try {
        const secondPid = await pidOf(second);
        const set = (session: pg.Client, id: number, satisfaction: string, remarks: string | null) =>
          session.query('update conditions set satisfaction = $2, has_satisfactory_remarks = $3::text is not null, remarks = $3 where id = $1', [id, satisfaction, remarks]);
        // Both fail a condition of the entry: the second waits for the first's count, then adds its own to it.
        await first.query('begin');
        await set(first, one, 'unsatisfactory', null);
        const failed = set(second, two, 'unsatisfactory', null);
        await waitsOnLock(secondPid, failed);
        await first.query('commit');
        await failed;
        expect(await countsOf(entryId)).toEqual({ failures: before.failures + 2, notes: before.notes });
        // One repairs theirs with a note while the other repairs theirs.
        await first.query('begin');
        await set(first, one, 'satisfactory', 'Replaced');
        const repaired = set(second, two, 'satisfactory', null);
        await waitsOnLock(secondPid, repaired);
        await first.query('commit');
        await repaired;
        expect(await countsOf(entryId)).toEqual({ failures: before.failures, notes: before.notes + 1 });
      } finally {
        await Promise.all([first.end(), second.end()]);
      }
      expect(await miscountedEntries()).toEqual([]);
    });

    it('makes a delete of a task wait for an open transaction whose new conditions name it, and an insert naming a task being deleted wait and fail', async () => {
      const [condition] = await demo.db.select().from(schema.conditions).where(sql`${schema.conditions.taskId} is not null`).limit(1);
      const [task] = await demo.db.select().from(schema.tasks).where(eq(schema.tasks.id, condition!.taskId!));
      const { id: _taskId, ...taskCopy } = task!;
      const spareTask = async () => (await demo.db.insert(schema.tasks).values({ ...taskCopy, label: `${task!.label} (spare)` }).returning({ id: schema.tasks.id }))[0]!.id;
      const copyNaming = (taskId: number) => ({
        text: `insert into conditions (walkabout_id, entry_id, section_id, task_id, label, type, order_on_walkabout)
          select walkabout_id, entry_id, section_id, $2, label, type, order_on_walkabout from conditions where id = $1 returning id`,
        values: [condition!.id, taskId],
      });
      const [inserting, deleting] = await sessions();
      try {
        const [insertingPid, deletingPid] = [await pidOf(inserting), await pidOf(deleting)];
        // Insert first: the delete waits for the insert's commit, then takes the task out of the new condition.
        const first = await spareTask();
        await inserting.query('begin');
        const made = (await inserting.query<{ id: number }>(copyNaming(first))).rows[0]!.id;
        const deleted = deleting.query('delete from tasks where id = $1', [first]);
        await waitsOnLock(deletingPid, deleted);
        await inserting.query('commit');
        expect((await deleted).rowCount).toBe(1);
        const [kept] = await demo.db.select({ taskId: schema.conditions.taskId }).from(schema.conditions).where(eq(schema.conditions.id, made));
        expect(kept).toEqual({ taskId: null });

        // Delete first: the insert waits for the delete's commit, then is refused as the key refuses it.
        const second = await spareTask();
        await deleting.query('begin');
        await deleting.query('delete from tasks where id = $1', [second]);
        const refused = inserting.query(copyNaming(second));
        await waitsOnLock(insertingPid, refused);
        await deleting.query('commit');
        await expect(refused).rejects.toMatchObject({ code: '23503', constraint: 'conditions_task_id_tasks_id_fk', detail: `Key (task_id)=(${second}) is not present in table "tasks".` });
      } finally {
        await Promise.all([inserting.end(), deleting.end()]);
      }
    });
  }
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
