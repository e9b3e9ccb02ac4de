/**
 * Users (issue 14 points 1-4; admin-people-schedules.md sections 5-8): listing, creating and changing users, the
 * password-only right, deactivation ending every session at once, 409 STALE, and each rule of section 6 and of the
 * escalation rules, allowed and refused.
 */
import {
  AUTOMATIC_REPORTS_MESSAGE,
  BUILDING_OUT_OF_SCOPE_MESSAGE,
  DEACTIVATE_SELF_MESSAGE,
  DEACTIVATED_ACCOUNT_MESSAGE,
  NO_REGION_NOT_ALLOWED_MESSAGE,
  NOT_ALLOWED_TO_CREATE_USERS_MESSAGE,
  NOT_ALLOWED_TO_UPDATE_USERS_MESSAGE,
  ONLY_PASSWORDS_MESSAGE,
  OWN_RIGHTS_MESSAGE,
  REGION_OUT_OF_SCOPE_MESSAGE,
  ROLE_NOT_ASSIGNABLE_MESSAGE,
  SECURITY_EMAIL_TAKEN_MESSAGE,
  SIGNATURE_ADMIN_ONLY_MESSAGE,
  STALE_EDIT_MESSAGE,
  USERNAME_TAKEN_MESSAGE,
} from '@fsi/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema, signIn, type TestBackend } from '../src/testing';
import { client, databases, demoIds, list, one, signedIn, startTestBackend, userWithGrants, type Answer, type Client } from './helpers';

const rel = (type: string, id: string | number) => ({ data: { type, id: String(id) } });
const many = (type: string, ids: (string | number)[]) => ({ data: ids.map((id) => ({ type, id: String(id) })) });

describe.each(databases)('users on %s', (database) => {
  let backend: TestBackend;
  let demo: Awaited<ReturnType<typeof demoIds>>;
  let role: (name: string) => string;
  const as: Record<string, Client> = {};

  beforeAll(async () => {
    backend = await startTestBackend({ database });
    demo = await demoIds(backend);
    const roles = await backend.db.select().from(schema.roles).where(eq(schema.roles.organizationId, demo.northwind));
    role = (name) => String(roles.find((r) => r.name === name)!.id);
    for (const username of ['admin', 'manager', 'regional', 'inspector', 'viewer', 'harbour']) as[username] = await signedIn(backend, username);
  });
  afterAll(() => backend?.close());

  const create = (who: Client, attributes: Record<string, unknown>, relationships: Record<string, unknown> = {}) =>
    who.post('/users', { data: { type: 'users', attributes: { password: 'secret12', ...attributes }, relationships: { organization: rel('organizations', demo.northwind), ...relationships } } });
  const patch = (who: Client, id: string, attributes: Record<string, unknown>, relationships?: Record<string, unknown>) =>
    who.patch(`/users/${id}`, { data: { type: 'users', attributes, ...(relationships ? { relationships } : {}) } });
  const refused = (answer: Answer, status: number, detail: string) => {
    expect(answer.status).toBe(status);
    expect(answer.body.errors![0]!.detail).toBe(detail);
  };
  const userRow = async (id: string) => (await backend.db.select().from(schema.users).where(eq(schema.users.id, Number(id))))[0]!;

  it('lists the organization users sorted by username to those who can view users, and only oneself to others', async () => {
    const answer = await as.manager!.get(`/users?filter[organization]=${demo.northwind}`);
    const names = list(answer.body).map((u) => u.attributes.username as string);
    expect(names).toEqual([...names].sort());
    expect(names).toEqual(expect.arrayContaining(['inspector', 'manager', 'regional', 'viewer']));
    expect(list(answer.body)[0]!.attributes).toHaveProperty('active', true);
    const viewer = await as.viewer!.get(`/users?filter[organization]=${demo.northwind}`);
    expect(list(viewer.body).map((u) => u.attributes.username)).toEqual(['viewer']);
  });

  it('creates a user with a hashed password who can then sign in, for those who can create users', async () => {
    const answer = await create(
      as.manager!,
      { username: 'new.inspector', firstname: 'Nia', lastname: 'Park', securityemail: '', city: 'Toronto', companyName: 'Northwind' },
      { roles: many('roles', [role('Inspector')]), buildings: many('buildings', [demo.building('King Street Commerce Centre')]) },
    );
    expect(answer.status).toBe(201);
    const user = one(answer.body);
    expect(user.attributes).toMatchObject({ username: 'new.inspector', securityemail: null, city: 'Toronto', companyName: 'Northwind', roleIds: [Number(role('Inspector'))], active: true, version: 1 });
    expect((await userRow(user.id)).passwordHash).not.toContain('secret12');
    expect((await signIn(backend.url, 'new.inspector', 'secret12')).token).toBeTruthy();
    refused(await create(as.viewer!, { username: 'not.made' }), 403, NOT_ALLOWED_TO_CREATE_USERS_MESSAGE);
    refused(await create(as.inspector!, { username: 'not.made' }), 403, NOT_ALLOWED_TO_CREATE_USERS_MESSAGE);
  });

  it('refuses a taken username (whatever its case) or security email with 422 at the field, and a new user without a username or password', async () => {
    const taken = await create(as.manager!, { username: 'INSPECTOR' });
    expect(taken.status).toBe(422);
    expect(taken.body.errors![0]).toMatchObject({ detail: USERNAME_TAKEN_MESSAGE, source: { pointer: '/data/attributes/username' } });
    const email = await create(as.manager!, { username: 'fresh.one', securityemail: 'VIEWER@northwindpm.example' });
    expect(email.body.errors![0]).toMatchObject({ detail: SECURITY_EMAIL_TAKEN_MESSAGE, source: { pointer: '/data/attributes/securityemail' } });
    const edit = await patch(as.manager!, demo.user('inspector'), { securityemail: 'viewer@northwindpm.example' });
    expect(edit.body.errors![0]).toMatchObject({ detail: SECURITY_EMAIL_TAKEN_MESSAGE, source: { pointer: '/data/attributes/securityemail' } });
    const empty = await create(as.manager!, { username: ' ', password: '' });
    expect(empty.body.errors!.map((e) => e.source?.pointer)).toEqual(['/data/attributes/username', '/data/attributes/password']);
  });

  it('stores an empty security email as null', async () => {
    const answer = await patch(as.manager!, demo.user('viewer'), { securityemail: '' });
    expect(one(answer.body).attributes.securityemail).toBeNull();
  });

  it("gives roles only from the caller's assignable roles unless administrator or organization manager", async () => {
    const made = await create(as.manager!, { username: 'assign.test' }, { roles: many('roles', [role('Viewer')]) });
    expect(made.status).toBe(201);
    const id = one(made.body).id;
    refused(await patch(as.manager!, id, {}, { roles: many('roles', [role('Manager')]) }), 403, ROLE_NOT_ASSIGNABLE_MESSAGE);
    refused(await create(as.manager!, { username: 'assign.admin' }, { roles: many('roles', [role('Admin')]) }), 403, ROLE_NOT_ASSIGNABLE_MESSAGE);
    const byAdmin = await patch(as.admin!, id, {}, { roles: many('roles', [role('Manager')]) });
    expect(one(byAdmin.body).attributes.roleIds).toEqual([Number(role('Manager'))]);
    const organizationManager = await userWithGrants(backend, demo.northwind, 'org.manager', { organizationPermissions: { manage: true }, userPermissions: { update: true, view: true } });
    const byManager = await patch(organizationManager, id, {}, { roles: many('roles', [role('Admin')]) });
    expect(one(byManager.body).attributes.roleIds).toEqual([Number(role('Admin'))]);
  });

  it("keeps a region user's new users and their buildings within the region user's subtree, and None for organization users", async () => {
    const outside = await create(as.regional!, { username: 'region.out' }, { region: rel('regions', demo.region('Uptown')) });
    refused(outside, 422, REGION_OUT_OF_SCOPE_MESSAGE);
    const none = await create(as.regional!, { username: 'region.none' }, { region: { data: null } });
    refused(none, 422, NO_REGION_NOT_ALLOWED_MESSAGE);
    const building = await create(as.regional!, { username: 'region.building' }, { region: rel('regions', demo.region('Downtown')), buildings: many('buildings', [demo.building('Yonge & Eglinton Tower')]) });
    refused(building, 422, BUILDING_OUT_OF_SCOPE_MESSAGE);
    const inside = await create(as.regional!, { username: 'region.in' }, { region: rel('regions', demo.region('Harbourfront')), buildings: many('buildings', [demo.building("Queen's Quay Residences")]) });
    expect(inside.status).toBe(201);
    expect(one(inside.body).attributes).toMatchObject({ regionId: Number(demo.region('Harbourfront')) });
    const organizationUser = await create(as.manager!, { username: 'no.region' }, { region: { data: null } });
    expect(one(organizationUser.body).attributes.regionId).toBeNull();
  });

  it("narrows a user's buildings to the new region's subtree when the region changes", async () => {
    const made = await create(as.manager!, { username: 'mover' }, { buildings: many('buildings', [demo.building('King Street Commerce Centre'), demo.building('Yonge & Eglinton Tower')]) });
    const moved = await patch(as.manager!, one(made.body).id, {}, { region: rel('regions', demo.region('Uptown')) });
    expect(one(moved.body).attributes).toMatchObject({ regionId: Number(demo.region('Uptown')), buildingIds: [Number(demo.building('Yonge & Eglinton Tower'))] });
  });

  it('never edits a user of another organization', async () => {
    const answer = await patch(as.harbour!, demo.user('inspector'), { firstname: 'Taken' });
    expect(answer.status).toBe(404);
    expect((await userRow(demo.user('inspector'))).firstname).toBe('Isaac');
    expect((await create(as.harbour!, { username: 'planted' })).status).toBe(404);
  });

  it('lets users change their own details but never raise their own rights', async () => {
    const own = await patch(as.inspector!, demo.user('inspector'), { firstname: 'Izzy', phone: '416-555-0100', walkaboutAutoSavePeriodMins: 3 });
    expect(one(own.body).attributes).toMatchObject({ firstname: 'Izzy', phone: '416-555-0100', walkaboutAutoSavePeriodMins: 3 });
    refused(await patch(as.inspector!, demo.user('inspector'), {}, { roles: many('roles', [role('Inspector'), role('Admin')]) }), 403, OWN_RIGHTS_MESSAGE);
    refused(await patch(as.inspector!, demo.user('inspector'), {}, { buildings: many('buildings', demo.byOrganization(demo.northwind).buildings) }), 403, OWN_RIGHTS_MESSAGE);
    refused(await patch(as.regional!, demo.user('regional'), {}, { region: { data: null } }), 403, OWN_RIGHTS_MESSAGE);
    refused(await patch(as.manager!, demo.user('manager'), {}, { roles: many('roles', [role('Admin')]) }), 403, OWN_RIGHTS_MESSAGE);
    // The same values sent back (the whole form) are no change.
    const same = await patch(as.inspector!, demo.user('inspector'), { firstname: 'Isaac' }, { roles: many('roles', [role('Inspector')]) });
    expect(same.status).toBe(200);
  });

  it('refuses edits of other users without update-users, and lets update-user-password change only the password', async () => {
    // Without the user-view permission the other user is not even seen; with it alone, the edit is refused.
    expect((await patch(as.viewer!, demo.user('inspector'), { firstname: 'Nope' })).status).toBe(404);
    const lookers = await userWithGrants(backend, demo.northwind, 'user.looker', { userPermissions: { view: true } });
    refused(await patch(lookers, demo.user('inspector'), { firstname: 'Nope' }), 403, NOT_ALLOWED_TO_UPDATE_USERS_MESSAGE);
    expect((await userRow(demo.user('inspector'))).firstname).not.toBe('Nope');
    const passwords = await userWithGrants(backend, demo.northwind, 'password.keeper', { userPermissions: { updatePassword: true, view: true } });
    const made = await create(as.manager!, { username: 'forgetful' });
    const id = one(made.body).id;
    refused(await patch(passwords, id, { firstname: 'Changed', password: 'newpass1' }), 403, ONLY_PASSWORDS_MESSAGE);
    expect((await patch(passwords, id, { password: 'newpass1' })).status).toBe(200);
    expect((await signIn(backend.url, 'forgetful', 'newpass1')).token).toBeTruthy();
  });

  it("deactivates a user: their session ends at once and they cannot sign in, until reactivated", async () => {
    await create(as.manager!, { username: 'leaver' });
    const leaver = await signedIn(backend, 'leaver', 'secret12');
    expect((await leaver.get('/users/me')).status).toBe(200);
    const id = one((await leaver.get('/users/me')).body).id;
    const lookers = await userWithGrants(backend, demo.northwind, 'active.looker', { userPermissions: { view: true, updatePassword: true } });
    refused(await patch(lookers, id, { active: false }), 403, ONLY_PASSWORDS_MESSAGE);
    const off = await patch(as.manager!, id, { active: false });
    expect(one(off.body).attributes.active).toBe(false);
    expect((await leaver.get('/users/me')).status).toBe(401);
    expect(await backend.db.select().from(schema.sessions).where(eq(schema.sessions.userId, Number(id)))).toEqual([]);
    const anonymous = client(backend.app);
    const signInAgain = await anonymous.post('/sessions', { data: { attributes: { username: 'leaver', password: 'secret12' } } });
    refused(signInAgain, 422, DEACTIVATED_ACCOUNT_MESSAGE);
    expect((await patch(as.manager!, id, { active: true })).status).toBe(200);
    expect((await signIn(backend.url, 'leaver', 'secret12')).token).toBeTruthy();
    refused(await patch(as.manager!, demo.user('manager'), { active: false }), 422, DEACTIVATE_SELF_MESSAGE);
  });

  it('refuses an edit over an older version with 409 STALE and keeps the newer one', async () => {
    const made = await create(as.manager!, { username: 'contested' });
    const { id } = one(made.body);
    expect((await patch(as.manager!, id, { firstname: 'First', version: 1 })).status).toBe(200);
    const stale = await patch(as.admin!, id, { firstname: 'Second', version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.errors![0]).toMatchObject({ code: 'STALE', detail: STALE_EDIT_MESSAGE });
    expect((await userRow(id)).firstname).toBe('First');
  });

  it('lets only administrators change the signature image link', async () => {
    refused(await patch(as.manager!, demo.user('viewer'), { signatureImageLink: 'https://example.com/sig.png' }), 403, SIGNATURE_ADMIN_ONLY_MESSAGE);
    const byAdmin = await patch(as.admin!, demo.user('viewer'), { signatureImageLink: 'https://example.com/sig.png' });
    expect(one(byAdmin.body).attributes.signatureImageLink).toBe('https://example.com/sig.png');
  });

  it('assigns automatic report e-mails with the permission or to oneself, and refuses others', async () => {
    const [definition] = await backend.db.select().from(schema.reportDefinitions).where(eq(schema.reportDefinitions.organizationId, demo.northwind)).limit(1);
    const reports = many('report-definitions', [definition!.id]);
    refused(await patch(as.manager!, demo.user('inspector'), {}, { reportDefinitionsForAutomaticDelivery: reports }), 403, AUTOMATIC_REPORTS_MESSAGE);
    const own = await patch(as.manager!, demo.user('manager'), {}, { reportDefinitionsForAutomaticDelivery: reports });
    expect(one(own.body).attributes.reportDefinitionsForAutomaticDeliveryIds).toEqual([definition!.id]);
    const emails = await userWithGrants(backend, demo.northwind, 'email.assigner', { automaticReportEmailsPermissions: { enable: true }, userPermissions: { update: true, view: true } });
    const granted = await patch(emails, demo.user('inspector'), {}, { reportDefinitionsForAutomaticDelivery: reports });
    expect(one(granted.body).attributes.reportDefinitionsForAutomaticDeliveryIds).toEqual([definition!.id]);
    const [harbourDefinition] = await backend.db.select().from(schema.reportDefinitions).where(eq(schema.reportDefinitions.organizationId, demo.harbour)).limit(1);
    if (harbourDefinition) {
      const foreign = await patch(as.admin!, demo.user('inspector'), {}, { reportDefinitionsForAutomaticDelivery: many('report-definitions', [harbourDefinition.id]) });
      expect(foreign.status).toBe(422);
    }
  });

  it('lets building permissions be changed only with update-users', async () => {
    const buildings = many('buildings', [demo.building('King Street Commerce Centre')]);
    refused(await patch(as.viewer!, demo.user('viewer'), {}, { buildings }), 403, OWN_RIGHTS_MESSAGE);
    const creators = await userWithGrants(backend, demo.northwind, 'creator.only', { userPermissions: { create: true, view: true } });
    const made = await create(creators, { username: 'made.by.creator' }, { buildings });
    expect(made.status).toBe(201);
    refused(await patch(creators, one(made.body).id, {}, { buildings: many('buildings', []) }), 403, NOT_ALLOWED_TO_UPDATE_USERS_MESSAGE);
    const byManager = await patch(as.manager!, one(made.body).id, {}, { buildings: many('buildings', []) });
    expect(one(byManager.body).attributes.buildingIds).toEqual([]);
    const [row] = await backend.db.select().from(schema.userBuildings).where(and(eq(schema.userBuildings.userId, Number(one(made.body).id))));
    expect(row).toBeUndefined();
  });
});
