import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { graphql, HttpResponse } from 'msw';
import { ADMIN_ROLE_LOCKED_MESSAGE, NOT_ALLOWED_TO_UPDATE_ROLES_MESSAGE, ROLE_NAME_TAKEN_MESSAGE, emptyRolePermissions, type PermissionFlag } from '@fsi/shared';
import { renderApp } from '../../test/render';
import { aViewer, anOrganization } from '../../test/builders';

const ORGANIZATION = '1';
const viewerWith = (granted: PermissionFlag[], isAdmin = false) => aViewer({ isAdmin, granted, organization: anOrganization({ id: ORGANIZATION }) });

function aRole(overrides: Record<string, unknown> = {}) {
  const groups = Object.fromEntries(Object.entries(emptyRolePermissions()).map(([group, keys]) => [group, { __typename: `${group[0]!.toUpperCase()}${group.slice(1)}`, ...keys }]));
  return {
    __typename: 'Role' as const,
    id: '4',
    name: 'Inspector',
    organizationId: ORGANIZATION,
    isLocked: false,
    version: 2,
    assignableRoleIds: [],
    walkaboutEquipmentIds: [],
    reportDefinitionIds: [],
    reportBookletTemplateIds: [],
    incompleteWalkaboutReminderSubscriptions: [{ __typename: 'ReminderSubscription', cycleId: '51', offsetValue: 2, offsetUnit: 'hour', text: '2 hour(s) before close' }],
    ...groups,
    ...overrides,
  };
}

function choices() {
  return {
        organization: {
          __typename: 'Organization',
          id: ORGANIZATION,
          roles: [{ __typename: 'Role', id: '3', name: 'Admin' }, { __typename: 'Role', id: '4', name: 'Inspector' }],
          taskEquipmentChoices: [{ __typename: 'TaskEquipmentChoice', id: '61', name: 'Exit Sign' }, { __typename: 'TaskEquipmentChoice', id: '62', name: 'Smoke Detector' }],
          allReportDefinitions: [
            { __typename: 'ReportDefinition', id: '71', name: 'Daily Panel Log', cycleName: 'Daily' },
            { __typename: 'ReportDefinition', id: '72', name: 'Monthly Inspection', cycleName: 'Monthly' },
          ],
          allReportBookletTemplates: [{ __typename: 'ReportBookletTemplate', id: '81', name: 'Monthly Booklet' }],
        },
        cycles: [{ __typename: 'Cycle', id: '51', name: 'Daily', frequency: 'DAILY' }, { __typename: 'Cycle', id: '52', name: 'Weekly', frequency: 'WEEKLY' }],
  };
}

function rolePage(role = aRole()) {
  return graphql.query('RolePage', () => HttpResponse.json({ data: { role, ...choices() } }));
}

describe('User Roles', () => {
  it('lists the role names sorted, each leading to its form, and says a taken name in New Role', async () => {
    const viewer = viewerWith(['canCreateRoles', 'canViewRoles']);
    const { user } = renderApp({
      route: `/manage/organization/${ORGANIZATION}/user-roles`,
      viewer,
      handlers: [
        graphql.query('RoleViewer', () => HttpResponse.json({ data: { viewer } })),
        graphql.query('RolesPage', () =>
          HttpResponse.json({ data: { organization: { __typename: 'Organization', id: ORGANIZATION, roles: [{ __typename: 'Role', id: '5', name: 'viewer', isLocked: false }, { __typename: 'Role', id: '3', name: 'Admin', isLocked: true }, { __typename: 'Role', id: '4', name: 'Inspector', isLocked: false }] } } }),
        ),
        graphql.query('NewRoleChoices', () => HttpResponse.json({ data: choices() })),
        graphql.mutation('CreateRole', () =>
          HttpResponse.json({ data: { createRole: { __typename: 'RolePayload', role: null, errors: [{ __typename: 'FieldError', field: 'name', message: 'Name must be unique within its organization', code: 'CONFLICT' }] } } }),
        ),
      ],
    });
    const nav = await screen.findByRole('navigation', { name: 'User Roles' });
    expect(within(nav).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([3, 4, 5].map((id) => `/manage/organization/${ORGANIZATION}/user-roles/${id}`));
    await user.click(screen.getByRole('button', { name: 'New Role' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Role' });
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'inspector');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(ROLE_NAME_TAKEN_MESSAGE)).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /Name/ })).toHaveValue('inspector');
  });

  it('New Role holds the whole form: its permissions, equipment and assignable roles are sent with the name, reminders wait for the saved role, whose page opens', async () => {
    const viewer = viewerWith(['canCreateRoles', 'canViewRoles', 'canViewBuildings']);
    let sent: Record<string, unknown> | null = null;
    const { user, currentPath } = renderApp({
      route: `/manage/organization/${ORGANIZATION}/user-roles`,
      viewer,
      handlers: [
        graphql.query('RoleViewer', () => HttpResponse.json({ data: { viewer } })),
        graphql.query('RolesPage', () => HttpResponse.json({ data: { organization: { __typename: 'Organization', id: ORGANIZATION, roles: [] } } })),
        graphql.query('NewRoleChoices', () => HttpResponse.json({ data: choices() })),
        rolePage(aRole({ id: '9', name: 'Night Patrol' })),
        graphql.mutation('CreateRole', ({ variables }) => {
          sent = variables as Record<string, unknown>;
          return HttpResponse.json({ data: { createRole: { __typename: 'RolePayload', role: aRole({ id: '9', name: 'Night Patrol' }), errors: [] } } });
        }),
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'New Role' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Role' });
    const name = await within(dialog).findByRole('textbox', { name: /Name/ });
    await waitFor(() => expect(name).toHaveFocus());
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(within(dialog).getByText('Reminders can be added once the role is saved.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Add Reminder' })).not.toBeInTheDocument();
    // The form's own Cancel and Save are the sheet's header's.
    expect(within(dialog).getAllByRole('button', { name: 'Save' })).toHaveLength(1);
    await user.type(name, 'Night Patrol');
    const building = within(dialog).getByRole('group', { name: 'Building' });
    expect(within(building).getByRole('checkbox', { name: 'Manage' })).toBeDisabled();
    await user.click(within(building).getByRole('checkbox', { name: 'View' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Exit Sign' }));
    await user.click(within(within(dialog).getByRole('group', { name: 'User Role Assignment' })).getByRole('checkbox', { name: 'Inspector' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(currentPath()).toBe(`/manage/organization/${ORGANIZATION}/user-roles/9`));
    expect(sent).toMatchObject({
      input: {
        organizationId: ORGANIZATION,
        name: 'Night Patrol',
        buildingPermissions: { view: true, manage: false },
        walkaboutEquipmentIds: ['61'],
        assignableRoleIds: ['4'],
        incompleteWalkaboutReminderSubscriptions: [],
      },
    });
  });

  it('saves the permissions, Fire Watch Start/Stop setting create and update together, equipment with Select All and a new reminder', async () => {
    const viewer = viewerWith(['canUpdateRoles', 'canViewRoles', 'canCreateFireWatch', 'canUpdateFireWatch', 'canViewBuildings']);
    let sent: Record<string, unknown> | null = null;
    const { user, currentPath } = renderApp({
      route: `/manage/organization/${ORGANIZATION}/user-roles/4`,
      viewer,
      handlers: [
        graphql.query('RoleViewer', () => HttpResponse.json({ data: { viewer } })),
        rolePage(),
        graphql.query('RolesPage', () => HttpResponse.json({ data: { organization: { __typename: 'Organization', id: ORGANIZATION, roles: [] } } })),
        graphql.mutation('UpdateRole', ({ variables }) => {
          sent = variables as Record<string, unknown>;
          return HttpResponse.json({ data: { updateRole: { __typename: 'RolePayload', role: aRole({ version: 3 }), errors: [] } } });
        }),
      ],
    });
    expect(await screen.findByText('Daily: 2 hour(s) before close')).toBeInTheDocument();
    // A permission the viewer does not hold is not theirs to give.
    const building = screen.getByRole('group', { name: 'Building' });
    expect(within(building).getByRole('checkbox', { name: 'Manage' })).toBeDisabled();
    await user.click(within(building).getByRole('checkbox', { name: 'View' }));
    await user.click(screen.getByRole('switch', { name: 'Start/Stop' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select All' }));
    await user.click(screen.getByRole('button', { name: 'Add Reminder' }));
    const sheet = await screen.findByRole('dialog', { name: 'Reminder Subscription' });
    // The daily cycle has its reminder: the new one defaults to 8 hours on the weekly cycle, whose units add day.
    expect(within(sheet).getByRole('textbox', { name: 'Offset' })).toHaveValue('8');
    await user.click(within(sheet).getByRole('button', { name: 'Done' }));
    expect(await screen.findByText('Weekly: 8 hour(s) before close')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(currentPath()).toBe(`/manage/organization/${ORGANIZATION}/user-roles`));
    expect(sent).toMatchObject({
      id: '4',
      version: 2,
      input: {
        buildingPermissions: { view: true, manage: false },
        fireWatchPermissions: { create: true, update: true, viewReports: false },
        walkaboutEquipmentIds: ['61', '62'],
        incompleteWalkaboutReminderSubscriptions: [
          { cycleId: '51', offsetValue: 2, offsetUnit: 'hour' },
          { cycleId: '52', offsetValue: 8, offsetUnit: 'hour' },
        ],
      },
    });
  });

  it('shows Walkabout Report and Booklet Permissions while walkabout reports are on, saves the chosen ones and says why a choice is refused', async () => {
    const viewer = viewerWith(['canUpdateRoles', 'canViewRoles', 'canViewWalkaboutReports']);
    const sent: Array<Record<string, unknown>> = [];
    const { user } = renderApp({
      route: `/manage/organization/${ORGANIZATION}/user-roles/4`,
      viewer,
      handlers: [
        graphql.query('RoleViewer', () => HttpResponse.json({ data: { viewer } })),
        rolePage(),
        graphql.mutation('UpdateRole', ({ variables }) => {
          sent.push(variables as Record<string, unknown>);
          const message = 'Choose among the reports your own roles show: you cannot give a role other reports, or all of them.';
          return HttpResponse.json({ data: { updateRole: { __typename: 'RolePayload', role: null, errors: [{ __typename: 'FieldError', field: 'reportDefinitionIds', message, code: 'VALIDATION_FAILED' }] } } });
        }),
      ],
    });
    const reports = await screen.findByRole('group', { name: 'Report Permissions' });
    expect(screen.queryByRole('group', { name: 'Walkabout Report and Booklet Permissions' })).not.toBeInTheDocument();
    await user.click(within(reports).getByRole('checkbox', { name: 'Walkabout' }));
    const section = screen.getByRole('group', { name: 'Walkabout Report and Booklet Permissions' });
    expect(within(section).getByText('The reports and booklets this role shows its users. None chosen: all of them.')).toBeInTheDocument();
    await user.click(within(section).getByRole('checkbox', { name: /Monthly Inspection/ }));
    await user.click(within(section).getByRole('checkbox', { name: 'Monthly Booklet' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(section).findByText(/Choose among the reports your own roles show/)).toBeInTheDocument();
    expect(sent[0]).toMatchObject({ input: { reportPermissions: { walkabout: true }, reportDefinitionIds: ['72'], reportBookletTemplateIds: ['81'] } });
    // The choice is kept for another try.
    expect(within(section).getByRole('checkbox', { name: /Monthly Inspection/ })).toBeChecked();
    await user.click(within(reports).getByRole('checkbox', { name: 'Walkabout' }));
    expect(screen.queryByRole('group', { name: 'Walkabout Report and Booklet Permissions' })).not.toBeInTheDocument();
  });

  it('is read-only without update-roles, and for the locked Admin role', async () => {
    const viewer = viewerWith(['canViewRoles']);
    renderApp({ route: `/manage/organization/${ORGANIZATION}/user-roles/4`, viewer, handlers: [graphql.query('RoleViewer', () => HttpResponse.json({ data: { viewer } })), rolePage()] });
    expect(await screen.findByText(NOT_ALLOWED_TO_UPDATE_ROLES_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Name/ })).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it('shows the Admin role locked even to an administrator', async () => {
    const viewer = viewerWith([], true);
    renderApp({ route: `/manage/organization/${ORGANIZATION}/user-roles/3`, viewer, handlers: [graphql.query('RoleViewer', () => HttpResponse.json({ data: { viewer } })), rolePage(aRole({ id: '3', name: 'Admin', isLocked: true }))] });
    expect(await screen.findByText(ADMIN_ROLE_LOCKED_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});
