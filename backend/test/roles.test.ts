/**
 * Roles (issue 14 points 1-4; admin-people-schedules.md sections 4-6): listing sorted by name, creating and changing
 * with every permission group, the unique name, the locked Admin role, reminder units by the cycle's frequency, 409
 * STALE, and the escalation rules: never grant a permission one does not hold, never widen assignable roles.
 */
import {
  ADMIN_ROLE_LOCKED_MESSAGE,
  NOT_ALLOWED_TO_CREATE_ROLES_MESSAGE,
  NOT_ALLOWED_TO_UPDATE_ROLES_MESSAGE,
  PERMISSION_NOT_HELD_MESSAGE,
  REMINDER_ONE_PER_CYCLE_MESSAGE,
  ROLE_NAME_NOT_UNIQUE_DETAIL,
  ROLE_NAME_REQUIRED_MESSAGE,
  ROLE_NOT_ASSIGNABLE_MESSAGE,
  STALE_EDIT_MESSAGE,
} from '@fsi/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema, type TestBackend } from '../src/testing';
import { databases, demoIds, list, one, signedIn, startTestBackend, userWithGrants, type Answer, type Client } from './helpers';

describe.each(databases)('roles on %s', (database) => {
  let backend: TestBackend;
  let demo: Awaited<ReturnType<typeof demoIds>>;
  let role: (name: string) => string;
  const as: Record<string, Client> = {};
  let roleAdmin: Client;

  beforeAll(async () => {
    backend = await startTestBackend({ database });
    demo = await demoIds(backend);
    const roles = await backend.db.select().from(schema.roles).where(eq(schema.roles.organizationId, demo.northwind));
    role = (name) => String(roles.find((r) => r.name === name)!.id);
    for (const username of ['admin', 'manager', 'inspector', 'viewer', 'harbour']) as[username] = await signedIn(backend, username);
    // A role administrator who holds role and user rights and a few building ones, not organization management.
    roleAdmin = await userWithGrants(backend, demo.northwind, 'role.admin', {
      rolePermissions: { create: true, update: true, view: true },
      buildingPermissions: { view: true },
      userPermissions: { view: true },
    });
    await backend.db.update(schema.roles).set({ assignableRoleIds: [Number(role('Viewer'))] }).where(eq(schema.roles.name, 'role.admin'));
  });
  afterAll(() => backend?.close());

  const create = (who: Client, attributes: Record<string, unknown>, relationships: Record<string, unknown> = {}) =>
    who.post('/roles', { data: { type: 'roles', attributes, relationships: { organization: { data: { type: 'organizations', id: String(demo.northwind) } }, ...relationships } } });
  const patch = (who: Client, id: string, attributes: Record<string, unknown>, relationships?: Record<string, unknown>) =>
    who.patch(`/roles/${id}`, { data: { type: 'roles', attributes, ...(relationships ? { relationships } : {}) } });
  const refused = (answer: Answer, status: number, detail: string) => {
    expect(answer.status).toBe(status);
    expect(answer.body.errors![0]!.detail).toContain(detail);
  };

  it('lists the organization roles sorted by name, with every permission group, to everyone of the organization', async () => {
    for (const who of ['manager', 'viewer']) {
      const roles = list((await as[who]!.get(`/roles?filter[organization]=${demo.northwind}`)).body);
      expect(roles.map((r) => r.attributes.name)).toEqual(['Admin', 'Inspector', 'Manager', 'role.admin', 'Viewer'].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
      const manager = roles.find((r) => r.attributes.name === 'Manager')!;
      expect(manager.attributes).toMatchObject({ userPermissions: { create: true, update: true, updatePassword: true, view: true }, isLocked: false, assignableRoleIds: [Number(role('Inspector')), Number(role('Viewer'))] });
      expect(roles.find((r) => r.attributes.name === 'Admin')!.attributes.isLocked).toBe(true);
    }
    expect(list((await as.harbour!.get(`/roles?filter[organization]=${demo.northwind}`)).body)).toEqual([]);
    expect((await as.harbour!.get(`/roles/${role('Manager')}`)).status).toBe(404);
  });

  it('creates a role for those who can create roles, and refuses the others', async () => {
    const [equipment] = await backend.db.select().from(schema.equipmentTypes).where(eq(schema.equipmentTypes.organizationId, demo.northwind)).limit(1);
    const made = await create(as.admin!, { name: 'Night Watch', fireWatchPermissions: { create: true, update: true }, assignableRoleIds: [Number(role('Viewer'))] }, {
      walkaboutEquipment: { data: [{ type: 'equipment-types', id: String(equipment!.id) }] },
    });
    expect(made.status).toBe(201);
    expect(one(made.body).attributes).toMatchObject({ name: 'Night Watch', fireWatchPermissions: { create: true, update: true, viewReports: false }, walkaboutEquipmentIds: [equipment!.id], version: 1 });
    refused(await create(as.manager!, { name: 'Not made' }), 403, NOT_ALLOWED_TO_CREATE_ROLES_MESSAGE);
    refused(await create(as.viewer!, { name: 'Not made' }), 403, NOT_ALLOWED_TO_CREATE_ROLES_MESSAGE);
    expect((await create(as.harbour!, { name: 'Planted' })).status).toBe(404);
  });

  it("refuses an empty name and a name taken within the organization (any letter case), with the contract's words", async () => {
    refused(await create(as.admin!, { name: '  ' }), 422, ROLE_NAME_REQUIRED_MESSAGE);
    const taken = await create(as.admin!, { name: 'inspector' });
    expect(taken.status).toBe(422);
    expect(taken.body.errors![0]).toMatchObject({ detail: ROLE_NAME_NOT_UNIQUE_DETAIL, source: { pointer: '/data/attributes/name' } });
  });

  it('locks the Admin role against any change', async () => {
    const answer = await patch(as.admin!, role('Admin'), { name: 'Admin', buildingPermissions: { view: false } });
    refused(answer, 422, ADMIN_ROLE_LOCKED_MESSAGE);
    expect(answer.body.errors![0]!.code).toBe('LOCKED');
  });

  it('changes a role for those who can update roles, over its version, and refuses the others and a stale version', async () => {
    const made = await create(roleAdmin, { name: 'Floor Warden', buildingPermissions: { view: true } });
    const { id } = one(made.body);
    const renamed = await patch(roleAdmin, id, { name: 'Floor Wardens', version: 1 });
    expect(one(renamed.body).attributes).toMatchObject({ name: 'Floor Wardens', version: 2, buildingPermissions: { view: true } });
    const stale = await patch(as.admin!, id, { name: 'Wardens', version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.errors![0]).toMatchObject({ code: 'STALE', detail: STALE_EDIT_MESSAGE });
    refused(await patch(as.manager!, id, { name: 'By manager' }), 403, NOT_ALLOWED_TO_UPDATE_ROLES_MESSAGE);
  });

  it('never lets a non-administrator grant a permission they do not hold, creating or editing', async () => {
    refused(await create(roleAdmin, { name: 'Sneaky', organizationPermissions: { manage: true } }), 403, PERMISSION_NOT_HELD_MESSAGE);
    refused(await patch(roleAdmin, role('Viewer'), { userPermissions: { update: true } }), 403, PERMISSION_NOT_HELD_MESSAGE);
    // What the role already had stays, and what the caller holds may be given.
    const kept = await patch(roleAdmin, role('Viewer'), { userPermissions: { view: true } });
    expect(one(kept.body).attributes).toMatchObject({ userPermissions: { view: true }, organizationPermissions: { view: true } });
    const byAdmin = await create(as.admin!, { name: 'Organization Manager', organizationPermissions: { manage: true } });
    expect(byAdmin.status).toBe(201);
  });

  it("never lets a role administrator widen a role's assignable roles past their own", async () => {
    refused(await patch(roleAdmin, role('Inspector'), { assignableRoleIds: [Number(role('Admin'))] }), 403, ROLE_NOT_ASSIGNABLE_MESSAGE);
    const allowed = await patch(roleAdmin, role('Inspector'), { assignableRoleIds: [Number(role('Viewer'))] });
    expect(one(allowed.body).attributes.assignableRoleIds).toEqual([Number(role('Viewer'))]);
    const byAdmin = await patch(as.admin!, role('Inspector'), { assignableRoleIds: [Number(role('Manager'))] });
    expect(one(byAdmin.body).attributes.assignableRoleIds).toEqual([Number(role('Manager'))]);
  });

  it("takes reminder subscriptions with the units of each cycle's frequency, one per cycle", async () => {
    const daily = Number(demo.cycle(demo.northwind, 'Daily'));
    const weekly = Number(demo.cycle(demo.northwind, 'Weekly'));
    const saved = await patch(as.admin!, role('Inspector'), {
      incompleteWalkaboutReminderSubscriptions: [
        { cycleId: daily, offsetValue: 8, offsetUnit: 'hour' },
        { cycleId: weekly, offsetValue: 2, offsetUnit: 'day' },
      ],
    });
    expect(saved.status).toBe(200);
    expect(one(saved.body).attributes.incompleteWalkaboutReminderSubscriptions).toEqual([
      { cycleId: daily, offsetValue: 8, offsetUnit: 'hour' },
      { cycleId: weekly, offsetValue: 2, offsetUnit: 'day' },
    ]);
    const dayOnDaily = await patch(as.admin!, role('Inspector'), { incompleteWalkaboutReminderSubscriptions: [{ cycleId: daily, offsetValue: 1, offsetUnit: 'day' }] });
    expect(dayOnDaily.status).toBe(422);
    expect(dayOnDaily.body.errors![0]).toMatchObject({ detail: 'Unit must be one of: minute, hour', source: { pointer: '/data/attributes/incompleteWalkaboutReminderSubscriptions/0/offsetUnit' } });
    const twice = await patch(as.admin!, role('Inspector'), {
      incompleteWalkaboutReminderSubscriptions: [
        { cycleId: daily, offsetValue: 1, offsetUnit: 'hour' },
        { cycleId: daily, offsetValue: 2, offsetUnit: 'hour' },
      ],
    });
    refused(twice, 422, REMINDER_ONE_PER_CYCLE_MESSAGE);
  });

  it('takes the reports and booklets a role shows, of its organization only; a caller whose roles show some gives no others, nor all', async () => {
    const definitions = await backend.db.select().from(schema.reportDefinitions).where(eq(schema.reportDefinitions.organizationId, demo.northwind));
    const booklets = await backend.db.select().from(schema.reportBookletTemplates).where(eq(schema.reportBookletTemplates.organizationId, demo.northwind));
    const [first, second] = definitions.map((d) => d.id).sort((a, b) => a - b);
    const [booklet] = booklets.map((b) => b.id);
    const [harbourCycle] = await backend.db.select().from(schema.cycles).where(eq(schema.cycles.organizationId, demo.harbour)).limit(1);
    const [foreign] = await backend.db.insert(schema.reportDefinitions).values({ organizationId: demo.harbour, name: 'Harbour only', cycleId: harbourCycle!.id }).returning();

    const made = await create(as.admin!, { name: 'Report Reader', reportPermissions: { walkabout: true }, reportDefinitionIds: [first, first], reportBookletTemplateIds: [booklet] });
    expect(made.status).toBe(201);
    expect(one(made.body).attributes).toMatchObject({ reportDefinitionIds: [first], reportBookletTemplateIds: [booklet] });
    const id = one(made.body).id;
    expect(one((await as.viewer!.get(`/roles/${id}`)).body).attributes).toMatchObject({ reportDefinitionIds: [first], reportBookletTemplateIds: [booklet] });
    const otherOrganization = await patch(as.admin!, id, { reportDefinitionIds: [foreign!.id], reportBookletTemplateIds: [999_999] });
    expect(otherOrganization.status).toBe(422);
    expect(otherOrganization.body.errors!.map((e) => [e.source?.pointer, e.detail])).toEqual([
      ['/data/attributes/reportDefinitionIds', 'Reports must be reports of the organization.'],
      ['/data/attributes/reportBookletTemplateIds', 'Report booklets must be report booklets of the organization.'],
    ]);
    // Empty lists: every report (as roles made before the lists existed).
    expect(one((await patch(as.admin!, id, { reportDefinitionIds: [], reportBookletTemplateIds: [] })).body).attributes).toMatchObject({ reportDefinitionIds: [], reportBookletTemplateIds: [] });

    // A role administrator whose own role shows the first definition only.
    const limited = await userWithGrants(backend, demo.northwind, 'report.limited', { rolePermissions: { create: true, update: true, view: true }, reportPermissions: { walkabout: true } });
    await backend.db.update(schema.roles).set({ reportDefinitionIds: [first!] }).where(eq(schema.roles.name, 'report.limited'));
    const wider = await create(limited, { name: 'Wider', reportPermissions: { walkabout: true }, reportDefinitionIds: [first, second] });
    const all = await create(limited, { name: 'All', reportPermissions: { walkabout: true } });
    for (const answer of [wider, all]) {
      expect(answer.status).toBe(422);
      expect(answer.body.errors!.map((e) => e.source?.pointer)).toEqual(['/data/attributes/reportDefinitionIds']);
      expect(answer.body.errors![0]!.detail).toBe('Choose among the reports your own roles show: you cannot give a role other reports, or all of them.');
    }
    const within = await create(limited, { name: 'Within', reportPermissions: { walkabout: true }, reportDefinitionIds: [first] });
    expect(within.status).toBe(201);
    expect(one(within.body).attributes).toMatchObject({ reportDefinitionIds: [first], reportBookletTemplateIds: [] });
    refused(await patch(limited, one(within.body).id, { reportDefinitionIds: [] }), 422, 'Choose among the reports your own roles show');
    // Without the walkabout report permission the lists show nothing, and are not limited.
    expect((await create(limited, { name: 'No reports', reportDefinitionIds: [] })).status).toBe(201);
  });
});
