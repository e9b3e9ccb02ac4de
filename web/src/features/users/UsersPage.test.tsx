import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { graphql, HttpResponse } from 'msw';
import { AUTOMATIC_BOOKLETS_MESSAGE, AUTOMATIC_REPORTS_MESSAGE, CHANGE_PASSWORD_PROMPT, NOT_ALLOWED_TO_UPDATE_USERS_MESSAGE, ONLY_PASSWORDS_MESSAGE, USERNAME_TAKEN_MESSAGE, type PermissionFlag } from '@fsi/shared';
import { notUnderTest, renderApp } from '../../test/render';
import { aViewer, anOrganization } from '../../test/builders';

const ORGANIZATION = '1';

function peopleViewer({ granted = [] as PermissionFlag[], id = '7', isAdmin = false } = {}) {
  return aViewer({ id, isAdmin, granted, organization: anOrganization({ id: ORGANIZATION }) });
}

const aListedUser = (id: string, username: string, active = true) => ({ __typename: 'User' as const, id, username, firstName: null, lastName: null, active });

function aUser(overrides: Record<string, unknown> = {}) {
  return {
    __typename: 'User' as const,
    id: '21',
    username: 'nia.park',
    securityEmail: 'nia@example.com',
    firstName: 'Nia',
    lastName: 'Park',
    email: null,
    phone: null,
    title: null,
    street1: null,
    street2: null,
    city: 'Toronto',
    province: null,
    postalCode: null,
    companyName: null,
    signatureImageLink: null,
    cfaaTechnicianNumber: null,
    walkaboutAutoSavePeriodMins: 5,
    debugModeEnabled: false,
    networkSpeedMeasurementEnabled: false,
    active: true,
    isAdmin: false,
    organizationId: ORGANIZATION,
    regionId: null,
    buildingIds: [],
    roleIds: ['2'],
    reportDefinitionsForAutomaticDeliveryIds: [],
    reportBookletsForAutomaticDeliveryIds: [],
    subscriptions: { __typename: 'UserSubscriptions' as const, incompleteWalkaboutReminderBuildingIds: [], incompleteWalkaboutNotificationsBuildingIds: [], unsatisfactoryEquipmentIds: [], notatedEquipmentIds: [] },
    version: 3,
    ...overrides,
  };
}

const inputOf = (label: string) => {
  const input = screen.getAllByLabelText(label).find((element) => element.tagName === 'INPUT');
  if (!input) throw new Error(`No input labelled ${label}`);
  return input;
};

const role = (id: string, name: string) => ({ __typename: 'Role' as const, id, name });
const named = <T extends string>(__typename: T) => (id: string, name: string) => ({ __typename, id, name });
const definition = named('ReportDefinition');
const booklet = named('ReportBookletTemplate');
const equipmentType = named('EquipmentType');
const region = (id: string, name: string, parent: string | null) => ({
  __typename: 'Region' as const,
  id,
  name,
  parent: parent ? { __typename: 'Region' as const, id: parent } : null,
});
const building = (id: string, name: string, regionId: string) => ({ __typename: 'Building' as const, id, name, region: { __typename: 'Region' as const, id: regionId } });

/** Opens a multi-select and picks these options, closing it again. */
async function pick(user: ReturnType<typeof renderApp>['user'], label: string, ...options: string[]) {
  await user.click(inputOf(label));
  for (const option of options) await user.click(await screen.findByRole('option', { name: option }));
  await user.keyboard('{Escape}');
}

/** The chosen values of a multi-select, as its pills read. */
const pillsOf = (label: string) => {
  const wrapper = inputOf(label).closest('.mantine-InputWrapper-root');
  if (!(wrapper instanceof HTMLElement)) throw new Error(`No wrapper for ${label}`);
  return within(wrapper).queryAllByText(/./, { selector: '.mantine-Pill-label' }).map((pill) => pill.textContent);
};

function userPage(user = aUser(), assignable: string[] = ['2', '3']) {
  return graphql.query('UserPage', () =>
    HttpResponse.json({
      data: {
        user,
        me: { __typename: 'User', id: '7', roles: [{ __typename: 'Role', id: '9', assignableRoleIds: assignable }] },
        organization: {
          __typename: 'Organization',
          id: ORGANIZATION,
          roles: [role('1', 'Admin'), role('2', 'Inspector'), role('3', 'Viewer')],
          // Every definition and booklet of the organization, a region's (Harbourfront's) among them.
          allReportDefinitions: [definition('41', 'Monthly Fire Alarm'), definition('42', 'Annual Extinguishers'), definition('43', 'Harbourfront Sprinklers')],
          allReportBookletTemplates: [booklet('51', 'Yearly Booklet'), booklet('52', 'Harbourfront Booklet')],
          equipmentTypes: [equipmentType('61', 'Sprinkler'), equipmentType('62', 'Fire Extinguisher'), equipmentType('63', 'Exit Sign')],
        },
        regions: [region('10', 'Downtown', null), region('11', 'Harbourfront', '10'), region('12', 'Uptown', null)],
        buildings: { __typename: 'BuildingConnection', nodes: [building('31', 'King Street', '10'), building('32', "Queen's Quay", '11'), building('33', 'Yonge Tower', '12')] },
      },
    }),
  );
}

describe('Users', () => {
  it('lists the usernames sorted, each leading to its user, with New User for those who can create users', async () => {
    const viewer = peopleViewer({ granted: ['canViewUsers', 'canCreateUsers'] });
    renderApp({
      route: `/manage/organization/${ORGANIZATION}/users`,
      viewer,
      handlers: [
        graphql.query('PeopleViewer', () => HttpResponse.json({ data: { viewer } })),
        graphql.query('UsersPage', () =>
          HttpResponse.json({ data: { organization: { __typename: 'Organization', id: ORGANIZATION, name: 'Northwind', users: [aListedUser('3', 'viewer'), aListedUser('2', 'inspector', false), aListedUser('1', 'manager')] } } }),
        ),
      ],
    });
    const nav = await screen.findByRole('navigation', { name: 'Users' });
    expect(within(nav).getAllByRole('link').map((link) => link.textContent?.split(/Inactive/)[0])).toEqual(['inspector', 'manager', 'viewer']);
    expect(within(nav).getByRole('link', { name: /inspector/ })).toHaveAttribute('href', `/manage/organization/${ORGANIZATION}/user/2`);
    expect(within(nav).getByText('Inactive')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New User' })).toBeInTheDocument();
  });

  it('never asks for the list without the user-view permission', async () => {
    const viewer = peopleViewer({ granted: [] });
    let asked = 0;
    renderApp({
      route: `/manage/organization/${ORGANIZATION}/users`,
      viewer,
      handlers: [
        graphql.query('PeopleViewer', () => HttpResponse.json({ data: { viewer } })),
        graphql.query('UsersPage', () => {
          asked += 1;
          return HttpResponse.json({ data: { organization: null } });
        }),
      ],
    });
    expect(await screen.findByText('Not available')).toBeInTheDocument();
    expect(asked).toBe(0);
  });

  it('keeps what was typed in New User and says a taken username at the Login ID; Save waits for both required fields', async () => {
    const viewer = peopleViewer({ granted: ['canViewUsers', 'canCreateUsers'] });
    const { user } = renderApp({
      route: `/manage/organization/${ORGANIZATION}/users`,
      viewer,
      handlers: [
        graphql.query('PeopleViewer', () => HttpResponse.json({ data: { viewer } })),
        graphql.query('UsersPage', () => HttpResponse.json({ data: { organization: { __typename: 'Organization', id: ORGANIZATION, name: 'Northwind', users: [] } } })),
        graphql.mutation('CreateUser', () =>
          HttpResponse.json({ data: { createUser: { __typename: 'UserPayload', user: null, errors: [{ __typename: 'FieldError', field: 'username', message: USERNAME_TAKEN_MESSAGE, code: 'CONFLICT' }] } } }),
        ),
      ],
    });
    expect(await screen.findByText('No results found')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New User' }));
    const dialog = await screen.findByRole('dialog', { name: 'New User' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: /Login ID/ }), 'inspector');
    expect(save).toBeDisabled();
    await user.type(within(dialog).getByLabelText(/Password/), 'secret12');
    expect(save).toBeEnabled();
    await user.click(save);
    expect(await within(dialog).findByText(USERNAME_TAKEN_MESSAGE)).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /Login ID/ })).toHaveValue('inspector');
  });
});

describe('User', () => {
  it('edits a user for those who can update users, narrowing buildings to a new region, and goes to backUrl after save', async () => {
    const viewer = peopleViewer({ granted: ['canViewUsers', 'canUpdateUsers'] });
    let sent: Record<string, unknown> | null = null;
    const { user, currentPath } = renderApp({
      route: `/manage/organization/${ORGANIZATION}/user/21?backUrl=/buildings`,
      viewer,
      handlers: [
        graphql.query('PeopleViewer', () => HttpResponse.json({ data: { viewer } })),
        userPage(aUser({ buildingIds: ['31', '33'] })),
        notUnderTest('BuildingsPage'),
        graphql.mutation('UpdateUser', ({ variables }) => {
          sent = variables as Record<string, unknown>;
          return HttpResponse.json({ data: { updateUser: { __typename: 'UserPayload', user: aUser({ version: 4 }), errors: [] } } });
        }),
      ],
    });
    const first = await screen.findByRole('textbox', { name: 'First Name' });
    expect(screen.queryByRole('link', { name: 'Manage your API tokens' })).not.toBeInTheDocument();
    expect(first).toHaveValue('Nia');
    await user.clear(first);
    await user.type(first, 'Nina');
    // The None option is offered to an organization user; regions read as a tree.
    await user.click(inputOf('Region'));
    expect(await screen.findByRole('option', { name: 'None' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: '- Harbourfront' })).toBeInTheDocument();
    await user.click(await screen.findByRole('option', { name: 'Uptown' }));
    // Only Inspector and Viewer are the manager's to give; Admin is not.
    expect(screen.getByRole('checkbox', { name: 'Admin' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Viewer' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(currentPath()).toBe('/buildings'));
    expect(sent).toMatchObject({ id: '21', version: 3, input: { firstName: 'Nina', regionId: '12', buildingIds: ['33'], roleIds: ['2'] } });
  });

  it('says a refusal at its field and keeps the input', async () => {
    const viewer = peopleViewer({ granted: ['canViewUsers', 'canUpdateUsers'] });
    const { user } = renderApp({
      route: `/manage/organization/${ORGANIZATION}/user/21`,
      viewer,
      handlers: [
        graphql.query('PeopleViewer', () => HttpResponse.json({ data: { viewer } })),
        userPage(),
        graphql.mutation('UpdateUser', () =>
          HttpResponse.json({ data: { updateUser: { __typename: 'UserPayload', user: null, errors: [{ __typename: 'FieldError', field: 'securityEmail', message: 'Security email has already been taken.', code: 'CONFLICT' }] } } }),
        ),
      ],
    });
    const email = await screen.findByRole('textbox', { name: 'Security Email' });
    await user.clear(email);
    await user.type(email, 'viewer@example.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Security email has already been taken.')).toBeInTheDocument();
    expect(email).toHaveValue('viewer@example.com');
  });

  it('is read-only with the password-only right, offering only Change Password', async () => {
    const viewer = peopleViewer({ granted: ['canViewUsers', 'canUpdateUserPassword'] });
    let changed: unknown = null;
    const { user } = renderApp({
      route: `/manage/organization/${ORGANIZATION}/user/21`,
      viewer,
      handlers: [
        graphql.query('PeopleViewer', () => HttpResponse.json({ data: { viewer } })),
        userPage(),
        graphql.mutation('ChangeUserPassword', ({ variables }) => {
          changed = variables;
          return HttpResponse.json({ data: { changeUserPassword: { __typename: 'UserPayload', user: { __typename: 'User', id: '21', version: 4 }, errors: [] } } });
        }),
      ],
    });
    expect(await screen.findByText(ONLY_PASSWORDS_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'First Name' })).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(CHANGE_PASSWORD_PROMPT), 'fresh123');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('The password has been changed.')).toBeInTheDocument();
    expect(changed).toEqual({ id: '21', password: 'fresh123' });
  });

  it("shows one's own page (the toolbar's Account) editable, but never one's own roles or region", async () => {
    const viewer = peopleViewer({ id: '21', granted: [] });
    renderApp({
      route: `/manage/organization/${ORGANIZATION}/user/21`,
      viewer,
      handlers: [graphql.query('PeopleViewer', () => HttpResponse.json({ data: { viewer } })), userPage()],
    });
    const first = await screen.findByRole('textbox', { name: 'First Name' });
    expect(first).not.toHaveAttribute('readonly');
    expect(screen.getByRole('checkbox', { name: 'Inspector' })).toBeDisabled();
    expect(inputOf('Region')).toHaveAttribute('readonly');
    expect(screen.getByLabelText(CHANGE_PASSWORD_PROMPT)).toBeInTheDocument();
    expect(screen.queryByText(NOT_ALLOWED_TO_UPDATE_USERS_MESSAGE)).not.toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: 'Active' })).not.toBeInTheDocument();
    // One's own page leads to one's API tokens (issue 14 point 8); another user's does not.
    expect(screen.getByRole('link', { name: 'Manage your API tokens' })).toHaveAttribute('href', '/account/api-tokens');
  });

  it("returns from one's own page, opened by the toolbar's Account, to the page it was opened from after a save", async () => {
    const viewer = peopleViewer({ id: '21', granted: [] });
    let sent: Record<string, unknown> | null = null;
    const { user, currentPath } = renderApp({
      route: '/buildings',
      viewer,
      handlers: [
        graphql.query('PeopleViewer', () => HttpResponse.json({ data: { viewer } })),
        userPage(),
        notUnderTest('BuildingsPage'),
        graphql.mutation('UpdateUser', ({ variables }) => {
          sent = variables as Record<string, unknown>;
          return HttpResponse.json({ data: { updateUser: { __typename: 'UserPayload', user: aUser({ firstName: 'Isabel', version: 4 }), errors: [] } } });
        }),
      ],
    });
    const toolbar = await screen.findByRole('navigation', { name: 'Main' });
    await user.click(await within(toolbar).findByRole('link', { name: 'Account' }));
    const first = await screen.findByRole('textbox', { name: 'First Name' });
    // A user who may not list users is not sent to the users list: Back and Save return to Buildings.
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/buildings');
    await user.clear(first);
    await user.type(first, 'Isabel');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(currentPath()).toBe('/buildings'));
    expect(sent).toMatchObject({ id: '21', input: { firstName: 'Isabel' } });
  });

  it('leaves a backUrl that is not a path of this app for the users list', async () => {
    const viewer = peopleViewer({ id: '21', granted: ['canViewUsers'] });
    renderApp({
      route: `/manage/organization/${ORGANIZATION}/user/21?backUrl=${encodeURIComponent('//evil.example/x')}`,
      viewer,
      handlers: [graphql.query('PeopleViewer', () => HttpResponse.json({ data: { viewer } })), userPage()],
    });
    await screen.findByRole('textbox', { name: 'First Name' });
    expect(screen.getByRole('link', { name: 'Users' })).toHaveAttribute('href', `/manage/organization/${ORGANIZATION}/users`);
  });
});

describe('User: automatic report emails and equipment subscriptions', () => {
  const saving = (onSave: (variables: Record<string, unknown>) => void, answer: unknown = { __typename: 'UserPayload', user: aUser({ version: 4 }), errors: [] }) =>
    graphql.mutation('UpdateUser', ({ variables }) => {
      onSave(variables as Record<string, unknown>);
      return HttpResponse.json({ data: { updateUser: answer } });
    });
  // Where a save leads.
  const usersList = graphql.query('UsersPage', () => HttpResponse.json({ data: { organization: { __typename: 'Organization', id: ORGANIZATION, name: 'Northwind', users: [] } } }));

  it('shows Automatic report emails after the subscriptions and before Building Permissions, and saves the reports and booklets chosen', async () => {
    const viewer = peopleViewer({ granted: ['canViewUsers', 'canUpdateUsers', 'canAssignAutomaticReportEmails'] });
    let sent: Record<string, unknown> | null = null;
    const { user, currentPath } = renderApp({
      route: `/manage/organization/${ORGANIZATION}/user/21`,
      viewer,
      handlers: [graphql.query('PeopleViewer', () => HttpResponse.json({ data: { viewer } })), userPage(aUser({ reportBookletsForAutomaticDeliveryIds: ['51'] })), saving((v) => (sent = v)), usersList],
    });
    const form = await screen.findByRole('form', { name: 'User' });
    const sections = within(form).getAllByRole('group').map((group) => group.querySelector('legend')?.textContent).filter(Boolean);
    expect(sections.slice(sections.indexOf('Reminder and notification subscriptions'), sections.indexOf('Building Permissions') + 1)).toEqual([
      'Reminder and notification subscriptions',
      'Automatic report emails',
      'Building Permissions',
    ]);
    expect(screen.queryByText(AUTOMATIC_REPORTS_MESSAGE)).not.toBeInTheDocument();
    expect(screen.queryByText(AUTOMATIC_BOOKLETS_MESSAGE)).not.toBeInTheDocument();
    expect(pillsOf('Report booklets')).toEqual(['Yearly Booklet']);
    // The organization's reports by name, a region's among them.
    await user.click(inputOf('Reports'));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['Annual Extinguishers', 'Harbourfront Sprinklers', 'Monthly Fire Alarm']);
    await user.keyboard('{Escape}');
    await pick(user, 'Reports', 'Monthly Fire Alarm', 'Harbourfront Sprinklers');
    await pick(user, 'Report booklets', 'Harbourfront Booklet');
    expect(pillsOf('Reports')).toEqual(['Monthly Fire Alarm', 'Harbourfront Sprinklers']);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(currentPath()).toBe(`/manage/organization/${ORGANIZATION}/users`));
    expect(sent).toMatchObject({ id: '21', input: { reportDefinitionsForAutomaticDeliveryIds: ['41', '43'], reportBookletsForAutomaticDeliveryIds: ['51', '52'] } });
  });

  it("is read-only with both messages for a viewer who may update users but not assign report emails, and never sends them", async () => {
    const viewer = peopleViewer({ granted: ['canViewUsers', 'canUpdateUsers'] });
    let sent: Record<string, unknown> | null = null;
    const { user } = renderApp({
      route: `/manage/organization/${ORGANIZATION}/user/21`,
      viewer,
      handlers: [
        graphql.query('PeopleViewer', () => HttpResponse.json({ data: { viewer } })),
        userPage(aUser({ reportDefinitionsForAutomaticDeliveryIds: ['42'] })),
        saving((v) => (sent = v)), usersList,
      ],
    });
    expect(await screen.findByText(AUTOMATIC_REPORTS_MESSAGE)).toBeInTheDocument();
    expect(screen.getByText(AUTOMATIC_BOOKLETS_MESSAGE)).toBeInTheDocument();
    // Each message is the description of its own picker.
    expect(inputOf('Reports')).toHaveAccessibleDescription(AUTOMATIC_REPORTS_MESSAGE);
    expect(inputOf('Report booklets')).toHaveAccessibleDescription(AUTOMATIC_BOOKLETS_MESSAGE);
    expect(inputOf('Reports')).toHaveAttribute('readonly');
    expect(inputOf('Report booklets')).toHaveAttribute('readonly');
    expect(pillsOf('Reports')).toEqual(['Annual Extinguishers']);
    // The rest of the form stays the viewer's to change.
    expect(screen.getByRole('textbox', { name: 'First Name' })).not.toHaveAttribute('readonly');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).not.toBeNull());
    const input = (sent as unknown as { input: Record<string, unknown> }).input;
    expect(input).not.toHaveProperty('reportDefinitionsForAutomaticDeliveryIds');
    expect(input).not.toHaveProperty('reportBookletsForAutomaticDeliveryIds');
  });

  it('lets users choose their own report emails without the permission', async () => {
    const viewer = peopleViewer({ id: '21', granted: [] });
    let sent: Record<string, unknown> | null = null;
    const { user } = renderApp({
      route: `/manage/organization/${ORGANIZATION}/user/21`,
      viewer,
      handlers: [graphql.query('PeopleViewer', () => HttpResponse.json({ data: { viewer } })), userPage(), saving((v) => (sent = v)), usersList],
    });
    await screen.findByRole('group', { name: 'Automatic report emails' });
    expect(inputOf('Reports')).not.toHaveAttribute('readonly');
    expect(inputOf('Report booklets')).not.toHaveAttribute('readonly');
    expect(screen.queryByText(AUTOMATIC_REPORTS_MESSAGE)).not.toBeInTheDocument();
    expect(screen.queryByText(AUTOMATIC_BOOKLETS_MESSAGE)).not.toBeInTheDocument();
    await pick(user, 'Reports', 'Annual Extinguishers');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toMatchObject({ input: { reportDefinitionsForAutomaticDeliveryIds: ['42'], reportBookletsForAutomaticDeliveryIds: [] } }));
  });

  it("says the server's refusal of the reports under Reports and keeps the choice", async () => {
    const viewer = peopleViewer({ granted: ['canViewUsers', 'canUpdateUsers', 'canAssignAutomaticReportEmails'] });
    const { user } = renderApp({
      route: `/manage/organization/${ORGANIZATION}/user/21`,
      viewer,
      handlers: [
        graphql.query('PeopleViewer', () => HttpResponse.json({ data: { viewer } })),
        userPage(),
        saving(() => undefined, {
          __typename: 'UserPayload',
          user: null,
          errors: [{ __typename: 'FieldError', field: 'reportDefinitionsForAutomaticDeliveryIds', message: AUTOMATIC_REPORTS_MESSAGE, code: 'VALIDATION_FAILED' }],
        }),
      ],
    });
    await screen.findByRole('group', { name: 'Automatic report emails' });
    await pick(user, 'Reports', 'Monthly Fire Alarm');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(AUTOMATIC_REPORTS_MESSAGE)).toBeInTheDocument();
    expect(inputOf('Reports')).toHaveAttribute('aria-invalid', 'true');
    expect(inputOf('Reports')).toHaveAccessibleDescription(AUTOMATIC_REPORTS_MESSAGE);
    expect(pillsOf('Reports')).toEqual(['Monthly Fire Alarm']);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('saves the equipment types chosen for unsatisfactory and note notifications with the building subscriptions', async () => {
    const viewer = peopleViewer({ granted: ['canViewUsers', 'canUpdateUsers'] });
    let sent: Record<string, unknown> | null = null;
    const { user } = renderApp({
      route: `/manage/organization/${ORGANIZATION}/user/21`,
      viewer,
      handlers: [
        graphql.query('PeopleViewer', () => HttpResponse.json({ data: { viewer } })),
        userPage(aUser({ subscriptions: { __typename: 'UserSubscriptions', incompleteWalkaboutReminderBuildingIds: ['31'], incompleteWalkaboutNotificationsBuildingIds: [], unsatisfactoryEquipmentIds: ['63'], notatedEquipmentIds: [] } })),
        saving((v) => (sent = v)), usersList,
      ],
    });
    const subscriptions = await screen.findByRole('group', { name: 'Reminder and notification subscriptions' });
    expect(within(subscriptions).getByText('Unsatisfactory equipment notifications')).toBeInTheDocument();
    expect(within(subscriptions).getByText('Equipment note notifications')).toBeInTheDocument();
    expect(pillsOf('Unsatisfactory equipment notifications')).toEqual(['Exit Sign']);
    // The organization's types in their order.
    await user.click(inputOf('Equipment note notifications'));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['Sprinkler', 'Fire Extinguisher', 'Exit Sign']);
    await user.keyboard('{Escape}');
    await pick(user, 'Unsatisfactory equipment notifications', 'Sprinkler');
    await pick(user, 'Equipment note notifications', 'Fire Extinguisher', 'Exit Sign');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).not.toBeNull());
    expect((sent as unknown as { input: { subscriptions: unknown } }).input.subscriptions).toEqual({
      incompleteWalkaboutReminderBuildingIds: ['31'],
      incompleteWalkaboutNotificationsBuildingIds: [],
      unsatisfactoryEquipmentIds: ['63', '61'],
      notatedEquipmentIds: ['62', '63'],
    });
  });
});
