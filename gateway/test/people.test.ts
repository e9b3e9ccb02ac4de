/**
 * Users and roles through the gateway over the real backend (issue 14; admin-people-schedules.md sections 2-8), as an
 * integrator sees them: Organization.users sorted by username, Organization.roles with every permission group, the
 * mutations returning what changed, the user's mistakes in the payload (taken names, STALE, the locked Admin role),
 * escalation refused with FORBIDDEN, and a deactivated user's session ending at once.
 */
import { ADMIN_ROLE_LOCKED_MESSAGE, ROLE_NAME_NOT_UNIQUE_DETAIL, STALE_EDIT_MESSAGE, USERNAME_TAKEN_MESSAGE } from '@fsi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callersOf, startStack, type PayloadFieldErrors, type Stack } from './stack';

let stack: Stack;
const tokens: Record<string, string> = {};
const { run, ok } = callersOf(() => stack, tokens);
let organization = '';

const userFields = 'id username firstName securityEmail active version regionId buildingIds roleIds roles { id name } region { id name }';
const roleFields = 'id name isLocked version assignableRoleIds userPermissions { create update updatePassword view } fireWatchPermissions { create update viewReports } incompleteWalkaboutReminderSubscriptions { cycleId offsetValue offsetUnit text cycle { id name } }';
type User = { id: string; username: string; firstName: string | null; securityEmail: string | null; active: boolean; version: number; regionId: string | null; buildingIds: string[]; roleIds: string[]; roles: Array<{ id: string; name: string }> };
type Role = { id: string; name: string; isLocked: boolean; version: number; assignableRoleIds: string[]; userPermissions: Record<string, boolean>; fireWatchPermissions: Record<string, boolean>; incompleteWalkaboutReminderSubscriptions: Array<{ cycleId: string; offsetValue: number; offsetUnit: string; text: string; cycle: { name: string } | null }> };
type UserPayload = { user: User | null; errors: PayloadFieldErrors };
type RolePayload = { role: Role | null; errors: PayloadFieldErrors };

const createUser = `mutation ($input: UserInput!) { createUser(input: $input) { user { ${userFields} } errors { field message code } } }`;
const updateUser = `mutation ($id: ID!, $input: UserInput!, $version: Int) { updateUser(id: $id, input: $input, version: $version) { user { ${userFields} } errors { field message code } } }`;
const setUserActive = `mutation ($id: ID!, $active: Boolean!) { setUserActive(id: $id, active: $active) { user { ${userFields} } errors { field message code } } }`;
const changeUserPassword = `mutation ($id: ID!, $password: String!) { changeUserPassword(id: $id, password: $password) { user { id } errors { field message code } } }`;
const createRole = `mutation ($input: RoleInput!) { createRole(input: $input) { role { ${roleFields} } errors { field message code } } }`;
const updateRole = `mutation ($id: ID!, $input: RoleInput!, $version: Int) { updateRole(id: $id, input: $input, version: $version) { role { ${roleFields} } errors { field message code } } }`;
const organizationPeople = `query ($id: ID!) { organization(id: $id) { users { ${userFields} } roles { ${roleFields} } } }`;

const people = async (who = 'manager') => (await ok<{ organization: { users: User[]; roles: Role[] } }>(organizationPeople, { id: organization }, who)).organization;

beforeAll(async () => {
  stack = await startStack();
  for (const username of ['admin', 'manager', 'viewer', 'harbour']) tokens[username] = await stack.signIn(username);
  const { viewer } = await ok<{ viewer: { organization: { id: string } } }>('{ viewer { organization { id } } }', {}, 'manager');
  organization = viewer.organization.id;
});
afterAll(() => stack?.close());

describe('users and roles through GraphQL', () => {
  it("lists the organization's users sorted by username and its roles sorted by name, with their permission groups", async () => {
    const { users, roles } = await people();
    const names = users.map((u) => u.username);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(names).toEqual(expect.arrayContaining(['inspector', 'manager', 'regional', 'viewer']));
    expect(users.find((u) => u.username === 'inspector')!.roles.map((r) => r.name)).toEqual(['Inspector']);
    expect(roles.map((r) => r.name)).toEqual(['Admin', 'Inspector', 'Manager', 'Viewer']);
    const manager = roles.find((r) => r.name === 'Manager')!;
    expect(manager.userPermissions).toEqual({ create: true, update: true, updatePassword: true, view: true });
    expect(manager.incompleteWalkaboutReminderSubscriptions[0]).toMatchObject({ offsetValue: 2, offsetUnit: 'hour', text: '2 hour(s) before close', cycle: { name: 'Daily' } });
    expect(roles.find((r) => r.name === 'Admin')!.isLocked).toBe(true);
    // Without the user-view permission, only oneself.
    expect((await people('viewer')).users.map((u) => u.username)).toEqual(['viewer']);
    expect((await ok<{ organization: { users: User[] } | null }>(organizationPeople, { id: organization }, 'harbour')).organization).toBeNull();
  });

  it('creates a user and answers it, and puts a taken username in the payload', async () => {
    const { roles } = await people();
    const viewerRole = roles.find((r) => r.name === 'Viewer')!.id;
    const { createUser: created } = await ok<{ createUser: UserPayload }>(createUser, { input: { username: 'gql.new', password: 'secret12', firstName: 'Gia', securityEmail: '', roleIds: [viewerRole] } }, 'manager');
    expect(created.errors).toEqual([]);
    expect(created.user).toMatchObject({ username: 'gql.new', firstName: 'Gia', securityEmail: null, active: true, roleIds: [viewerRole], roles: [{ name: 'Viewer' }] });
    expect(await stack.signIn('gql.new', 'secret12')).toBeTruthy();
    const { createUser: taken } = await ok<{ createUser: UserPayload }>(createUser, { input: { username: 'GQL.NEW', password: 'secret12' } }, 'manager');
    expect(taken).toEqual({ user: null, errors: [{ field: 'username', message: USERNAME_TAKEN_MESSAGE, code: 'CONFLICT' }] });
    const viewer = await run<{ createUser: UserPayload }>(createUser, { input: { username: 'gql.refused', password: 'secret12' } }, 'viewer');
    expect(viewer.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('changes a user over its version, and answers an older version with STALE in the payload', async () => {
    const user = (await people()).users.find((u) => u.username === 'gql.new')!;
    const { updateUser: saved } = await ok<{ updateUser: UserPayload }>(updateUser, { id: user.id, input: { firstName: 'Gianna' }, version: user.version }, 'manager');
    expect(saved.user).toMatchObject({ firstName: 'Gianna', version: user.version + 1 });
    const { updateUser: stale } = await ok<{ updateUser: UserPayload }>(updateUser, { id: user.id, input: { firstName: 'Late' }, version: user.version }, 'admin');
    expect(stale).toEqual({ user: null, errors: [{ field: 'version', message: STALE_EDIT_MESSAGE, code: 'STALE' }] });
    // The other organization's user is not there to change.
    const { updateUser: foreign } = await ok<{ updateUser: UserPayload }>(updateUser, { id: user.id, input: { firstName: 'Taken' } }, 'harbour');
    expect(foreign.errors[0]!.code).toBe('NOT_FOUND');
  });

  it("refuses a role outside the manager's assignable roles and a self-edit of one's own roles with FORBIDDEN", async () => {
    const { users, roles } = await people();
    const user = users.find((u) => u.username === 'gql.new')!;
    const adminRole = roles.find((r) => r.name === 'Admin')!.id;
    const raised = await run<{ updateUser: UserPayload }>(updateUser, { id: user.id, input: { roleIds: [adminRole] } }, 'manager');
    expect(raised.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const me = users.find((u) => u.username === 'manager')!;
    const self = await run<{ updateUser: UserPayload }>(updateUser, { id: me.id, input: { roleIds: [adminRole] } }, 'manager');
    expect(self.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it("deactivates a user: their session ends at once (UNAUTHENTICATED) until reactivated", async () => {
    const user = (await people()).users.find((u) => u.username === 'gql.new')!;
    tokens.leaver = await stack.signIn('gql.new', 'secret12');
    expect((await ok<{ viewer: { username: string } }>('{ viewer { username } }', {}, 'leaver')).viewer.username).toBe('gql.new');
    const { setUserActive: off } = await ok<{ setUserActive: UserPayload }>(setUserActive, { id: user.id, active: false }, 'manager');
    expect(off.user!.active).toBe(false);
    const ended = await run<{ viewer: { username: string } }>('{ viewer { username } }', {}, 'leaver');
    expect(ended.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const { setUserActive: on } = await ok<{ setUserActive: UserPayload }>(setUserActive, { id: user.id, active: true }, 'manager');
    expect(on.user!.active).toBe(true);
    const { changeUserPassword: changed } = await ok<{ changeUserPassword: UserPayload }>(changeUserPassword, { id: user.id, password: 'fresh123' }, 'manager');
    expect(changed.errors).toEqual([]);
    expect(await stack.signIn('gql.new', 'fresh123')).toBeTruthy();
  });

  it('creates and changes roles, keeps the Admin role locked, refuses a taken name, and answers reminders as text', async () => {
    const { roles } = await people('admin');
    const { cycles } = await ok<{ cycles: Array<{ id: string; name: string }> }>('query ($o: ID) { cycles(organizationId: $o) { id name } }', { o: organization }, 'admin');
    const weekly = cycles.find((c) => c.name === 'Weekly')!.id;
    const { createRole: created } = await ok<{ createRole: RolePayload }>(
      createRole,
      { input: { organizationId: organization, name: 'Fire Warden', fireWatchPermissions: { create: true, update: true }, incompleteWalkaboutReminderSubscriptions: [{ cycleId: weekly, offsetValue: 1, offsetUnit: 'day' }] } },
      'admin',
    );
    expect(created.errors).toEqual([]);
    expect(created.role).toMatchObject({ name: 'Fire Warden', fireWatchPermissions: { create: true, update: true, viewReports: false }, incompleteWalkaboutReminderSubscriptions: [{ text: '1 day(s) before close', cycle: { name: 'Weekly' } }] });
    const { createRole: taken } = await ok<{ createRole: RolePayload }>(createRole, { input: { organizationId: organization, name: 'fire warden' } }, 'admin');
    expect(taken.errors).toEqual([{ field: 'name', message: ROLE_NAME_NOT_UNIQUE_DETAIL, code: 'CONFLICT' }]);
    const { updateRole: renamed } = await ok<{ updateRole: RolePayload }>(updateRole, { id: created.role!.id, input: { name: 'Fire Wardens' }, version: 1 }, 'admin');
    expect(renamed.role).toMatchObject({ name: 'Fire Wardens', version: 2 });
    const adminRole = roles.find((r) => r.name === 'Admin')!;
    const { updateRole: locked } = await ok<{ updateRole: RolePayload }>(updateRole, { id: adminRole.id, input: { name: 'Admins' } }, 'admin');
    expect(locked.errors).toEqual([{ field: 'name', message: ADMIN_ROLE_LOCKED_MESSAGE, code: 'LOCKED' }]);
    const manager = await run<{ createRole: RolePayload }>(createRole, { input: { name: 'By manager' } }, 'manager');
    expect(manager.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const { role } = await ok<{ role: Role }>(`query ($id: ID!) { role(id: $id) { ${roleFields} } }`, { id: created.role!.id }, 'viewer');
    expect(role.name).toBe('Fire Wardens');
  });

  it("takes the reports and booklets a role shows from the organization's full lists, and puts a refusal in the payload", async () => {
    const lists = `query ($id: ID!) { organization(id: $id) { allReportDefinitions { id name regionId buildingId } allReportBookletTemplates { id name } reportDefinitions { id } } }`;
    const { organization: all } = await ok<{
      organization: { allReportDefinitions: Array<{ id: string; name: string; regionId: string | null; buildingId: string | null }>; allReportBookletTemplates: Array<{ id: string; name: string }>; reportDefinitions: Array<{ id: string }> };
    }>(lists, { id: organization }, 'admin');
    // Every definition, wherever attached: more than the organization-level list, sorted by name.
    expect(all.allReportDefinitions.length).toBeGreaterThan(all.reportDefinitions.length);
    expect(all.allReportDefinitions.some((d) => d.buildingId !== null)).toBe(true);
    expect(all.allReportDefinitions.map((d) => d.name)).toEqual([...all.allReportDefinitions.map((d) => d.name)].sort((a, b) => a.localeCompare(b)));
    const [definition] = all.allReportDefinitions;
    const [booklet] = all.allReportBookletTemplates;
    const fields = 'role { id reportDefinitionIds reportBookletTemplateIds } errors { field message code }';
    const { createRole: created } = await ok<{ createRole: { role: { id: string; reportDefinitionIds: string[]; reportBookletTemplateIds: string[] }; errors: PayloadFieldErrors } }>(
      `mutation ($input: RoleInput!) { createRole(input: $input) { ${fields} } }`,
      { input: { organizationId: organization, name: 'Report Reader', reportPermissions: { walkabout: true }, reportDefinitionIds: [definition!.id], reportBookletTemplateIds: [booklet!.id] } },
      'admin',
    );
    expect(created.errors).toEqual([]);
    expect(created.role).toMatchObject({ reportDefinitionIds: [definition!.id], reportBookletTemplateIds: [booklet!.id] });
    const { updateRole: refused } = await ok<{ updateRole: { role: null; errors: PayloadFieldErrors } }>(
      `mutation ($id: ID!, $input: RoleInput!) { updateRole(id: $id, input: $input) { ${fields} } }`,
      { id: created.role.id, input: { reportDefinitionIds: ['999999'] } },
      'admin',
    );
    expect(refused.errors).toEqual([{ field: 'reportDefinitionIds', message: 'Reports must be reports of the organization.', code: 'VALIDATION_FAILED' }]);
    const { organization: harbour } = await ok<{ organization: null | { allReportDefinitions: unknown[] } }>(lists, { id: organization }, 'harbour');
    expect(harbour?.allReportDefinitions ?? []).toEqual([]);
  });
});
