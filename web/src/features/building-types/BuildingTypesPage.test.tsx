import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { graphql, HttpResponse, type RequestHandler } from 'msw';
import { STALE_ORDER_MESSAGE, type PermissionFlag } from '@fsi/shared';
import { BUILDING_TYPES_HELP_TEXT, REPORT_IN_PROGRESS_MESSAGE, SHORT_NAME_REQUIRED_MESSAGE, SUSPENSION_DESCRIPTION_REQUIRED_MESSAGE } from '@fsi/shared/suspensions';
import { renderApp } from '../../test/render';
import { aViewer, failingUntilRecovered } from '../../test/builders';
import { readAccessToken } from '../../lib/session/session';

type TypeFields = { id: string; name: string; status?: string; buildingLevelStatus?: string; suspensionId?: string | null; suspensionShortName?: string | null };
const aType = ({ status = 'ACTIVE', buildingLevelStatus = 'ACTIVE', suspensionId = null, suspensionShortName = null, ...fields }: TypeFields) => ({
  __typename: 'BuildingEquipmentType' as const,
  id: `5:${fields.id}`,
  equipmentTypeId: fields.id,
  name: fields.name,
  status,
  buildingLevelStatus,
  suspensionId,
  suspensionShortName,
  suspensionDescription: suspensionShortName ? 'Roof works' : null,
});
const link = (id: string, equipmentId: string, name: string, typeOrder: number) => ({ __typename: 'LocationEquipment' as const, id, equipmentId, name, status: 'ACTIVE', typeOrder });
const aLocation = (id: string, name: string, floorId: string, order: number, equipment: ReturnType<typeof link>[], version = 2) => ({
  __typename: 'Location' as const,
  id,
  name,
  floorId,
  order,
  version,
  equipment,
});

const extinguisher = aType({ id: '1', name: 'Fire Extinguisher' });
const exitSign = aType({ id: '2', name: 'Exit Sign' });
const sprinkler = aType({ id: '3', name: 'Sprinkler Riser', status: 'DISABLED' });
const lobby = aLocation('21', 'Main Lobby', '11', 0, [link('101', '1', 'Fire Extinguisher', 0), link('102', '2', 'Exit Sign', 1), link('103', '3', 'Sprinkler Riser', 2)]);
const garage = aLocation('22', 'Garage Ramp', '12', 0, [link('104', '1', 'Fire Extinguisher', 0)]);

function aBuilding(types = [extinguisher, exitSign, sprinkler], shortNames: Array<{ shortName: string; description: string }> = []) {
  return {
    __typename: 'Building' as const,
    id: '5',
    name: 'King Street Commerce Centre',
    floors: [
      { __typename: 'Floor' as const, id: '11', name: 'Ground', order: 0 },
      { __typename: 'Floor' as const, id: '12', name: 'Parking', order: 1 },
    ],
    locations: { __typename: 'LocationConnection' as const, nodes: [lobby, garage] },
    equipmentStates: [{ __typename: 'EquipmentState' as const, locationId: '21', equipmentId: '1', cycleName: 'Monthly', state: 'SATISFACTORY' }],
    equipmentTypes: types,
    suspensionShortNames: shortNames.map((s) => ({ __typename: 'SuspensionShortName' as const, ...s })),
  };
}

const fieldErrors = (errors: { field: string | null; message: string; code: string }[]) => errors.map((error) => ({ __typename: 'FieldError', ...error }));

function renderPage({ granted = ['canManageBuildings'] as PermissionFlag[], organization = true, route = '/manage/building/5/equipments', handlers = [] as RequestHandler[], building = () => aBuilding() } = {}) {
  const viewer = aViewer({ granted, ...(organization ? {} : { organization: null }) });
  const asked = { page: 0 };
  const rendered = renderApp({
    route,
    viewer,
    handlers: [
      ...handlers,
      graphql.query('BuildingTypesViewer', () => HttpResponse.json({ data: { viewer } })),
      graphql.query('BuildingTypesPage', () => {
        asked.page += 1;
        return HttpResponse.json({ data: { building: building() } });
      }),
    ],
  });
  return { ...rendered, asked };
}

const inputOf = (label: string | RegExp) => screen.getAllByLabelText(label).find((element) => element.tagName === 'INPUT')!;
const typesAt = (location: string) => within(screen.getByRole('list', { name: `Types at ${location}` }));

afterEach(() => vi.restoreAllMocks());

describe('Manage Types at building level', () => {
  it('lists the types by location with their state and status, under the help text', async () => {
    renderPage();
    expect(await screen.findByRole('list', { name: 'Types at Main Lobby' })).toBeInTheDocument();
    expect(screen.getByText(BUILDING_TYPES_HELP_TEXT)).toBeInTheDocument();
    expect(typesAt('Main Lobby').getAllByRole('link').map((a) => a.textContent)).toEqual(['Fire Extinguisher', 'Exit Sign', 'Sprinkler Riser']);
    expect(typesAt('Main Lobby').getByText('Monthly: Satisfactory')).toBeInTheDocument();
    expect(typesAt('Garage Ramp').getByText('Not Scanned')).toBeInTheDocument();
    expect(inputOf('Status of Exit Sign')).toHaveValue('Active');
    // Inactive is set at organization level: said, not offered.
    expect(typesAt('Main Lobby').getByText('Inactive')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Drag Exit Sign' })).toHaveAttribute('aria-roledescription', 'sortable');
    expect(screen.getByRole('link', { name: 'Building Settings' })).toHaveAttribute('href', '/manage/building/5');
  });

  it('narrows by Location, Type and State kept in the URL, Not Scanned including types with no state', async () => {
    const { user, currentPath } = renderPage({ route: '/manage/building/5/equipments?state=unscanned&backUrl=%2Foverview%2Fbuilding%2F5' });
    expect(await screen.findByRole('list', { name: 'Types at Garage Ramp' })).toBeInTheDocument();
    expect(typesAt('Main Lobby').queryByText('Fire Extinguisher')).not.toBeInTheDocument();
    expect(typesAt('Main Lobby').getByText('Exit Sign')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/overview/building/5');
    await user.click(inputOf('Location'));
    await user.click(await screen.findByRole('option', { name: 'Garage Ramp (Parking)' }));
    await waitFor(() => expect(currentPath()).toContain('locationId=22'));
    expect(screen.queryByRole('list', { name: 'Types at Main Lobby' })).not.toBeInTheDocument();
    await user.click(inputOf('State'));
    await user.click(await screen.findByRole('option', { name: 'Satisfactory' }));
    expect(await screen.findByText('No results found')).toBeInTheDocument();
  });

  it('shows statuses read-only to a user who may only view buildings', async () => {
    renderPage({ granted: ['canViewBuildings'] });
    await screen.findByRole('list', { name: 'Types at Main Lobby' });
    expect(screen.queryByRole('button', { name: 'Drag Exit Sign' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Move Exit Sign up' })).not.toBeInTheDocument();
    expect(typesAt('Main Lobby').getAllByText('Active').length).toBe(2);
    expect(screen.getByRole('button', { name: 'Print Types' })).toBeInTheDocument();
  });

  it('tells a user without an organization or building rights so, without asking the server', async () => {
    const { asked } = renderPage({ granted: [], organization: false });
    expect(await screen.findByText('Not available')).toBeInTheDocument();
    expect(asked.page).toBe(0);
  });

  it('pauses a type through the Assign Short Name modal, checking its rules as typed, and keeps the input on a refusal', async () => {
    const sent: Array<Record<string, unknown>> = [];
    let refuse = true;
    const { user } = renderPage({
      building: () => aBuilding([extinguisher, exitSign, sprinkler], [{ shortName: 'EL', description: 'Elevator modernization' }]),
      handlers: [
        graphql.mutation('PauseBuildingEquipmentType', ({ variables }) => {
          sent.push(variables);
          if (refuse) {
            refuse = false;
            return HttpResponse.json({ data: { pauseEquipmentType: { __typename: 'BuildingEquipmentTypePayload', equipmentType: null, building: null, errors: fieldErrors([{ field: 'shortName', message: 'This short name is already used at this building: pick it from the Short Name list.', code: 'VALIDATION_FAILED' }]) } } });
          }
          return HttpResponse.json({
            data: {
              pauseEquipmentType: {
                __typename: 'BuildingEquipmentTypePayload',
                equipmentType: aType({ id: '2', name: 'Exit Sign', buildingLevelStatus: 'PAUSED', suspensionId: '9', suspensionShortName: 'RW' }),
                building: { __typename: 'Building', id: '5', suspensionShortNames: [{ __typename: 'SuspensionShortName', shortName: 'RW', description: 'Roof works' }] },
                errors: [],
              },
            },
          });
        }),
      ],
    });
    await screen.findByRole('list', { name: 'Types at Main Lobby' });
    await user.click(inputOf('Status of Exit Sign'));
    await user.click(await screen.findByRole('option', { name: 'Paused' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Assign Short Name' }));
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(dialog.getByText(SHORT_NAME_REQUIRED_MESSAGE)).toBeInTheDocument();
    expect(dialog.getByText(SUSPENSION_DESCRIPTION_REQUIRED_MESSAGE)).toBeInTheDocument();
    await user.type(dialog.getByLabelText(/Reporting Short Name \(max 2 letters\)/), 'P');
    expect(dialog.getByText(/'P' is reserved for reports/)).toBeInTheDocument();
    expect(sent).toEqual([]);
    await user.clear(dialog.getByLabelText(/Reporting Short Name/));
    await user.type(dialog.getByLabelText(/Reporting Short Name/), 'RW');
    await user.type(dialog.getByLabelText(/Reason/), 'Roof works');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText(/already used at this building/)).toBeInTheDocument();
    expect(dialog.getByLabelText(/Reporting Short Name/)).toHaveValue('RW');
    expect(dialog.getByLabelText(/Reason/)).toHaveValue('Roof works');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent.at(-1)).toEqual({ buildingId: '5', equipmentTypeId: '2', shortName: 'RW', description: 'Roof works' });
    expect(inputOf('Status of Exit Sign')).toHaveValue('Paused');
  });

  it('reuses the reason of an existing short name, and cancelling leaves the type active', async () => {
    const sent: Array<Record<string, unknown>> = [];
    const { user } = renderPage({
      building: () => aBuilding([extinguisher, exitSign, sprinkler], [{ shortName: 'EL', description: 'Elevator modernization' }]),
      handlers: [
        graphql.mutation('PauseBuildingEquipmentType', ({ variables }) => {
          sent.push(variables);
          return HttpResponse.json({ data: { pauseEquipmentType: { __typename: 'BuildingEquipmentTypePayload', equipmentType: aType({ id: '1', name: 'Fire Extinguisher', buildingLevelStatus: 'PAUSED', suspensionId: '4', suspensionShortName: 'EL' }), building: null, errors: [] } } });
        }),
      ],
    });
    await screen.findByRole('list', { name: 'Types at Main Lobby' });
    await user.click(inputOf('Status of Exit Sign'));
    await user.click(await screen.findByRole('option', { name: 'Paused' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Assign Short Name' })).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(inputOf('Status of Exit Sign')).toHaveValue('Active');

    await user.click(inputOf('Status of Exit Sign'));
    await user.click(await screen.findByRole('option', { name: 'Paused' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Assign Short Name' }));
    await user.click(dialog.getAllByLabelText('Short Name').find((e) => e.tagName === 'INPUT')!);
    await user.click(await screen.findByRole('option', { name: 'EL' }));
    expect(dialog.getByLabelText(/Reason/)).toHaveValue('Elevator modernization');
    expect(dialog.getByLabelText(/Reason/)).toBeDisabled();
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toEqual([{ buildingId: '5', equipmentTypeId: '2', shortName: 'EL', description: null }]));
  });

  it('sets a paused type active again', async () => {
    const sent: unknown[] = [];
    const paused = aType({ id: '2', name: 'Exit Sign', buildingLevelStatus: 'PAUSED', suspensionId: '9', suspensionShortName: 'RW' });
    const { user } = renderPage({
      building: () => aBuilding([extinguisher, paused, sprinkler]),
      handlers: [
        graphql.mutation('ResumeBuildingEquipmentType', ({ variables }) => {
          sent.push(variables);
          return HttpResponse.json({ data: { resumeEquipmentType: { __typename: 'BuildingEquipmentTypePayload', equipmentType: exitSign, building: null, errors: [] } } });
        }),
      ],
    });
    await screen.findByRole('list', { name: 'Types at Main Lobby' });
    expect(inputOf('Status of Exit Sign')).toHaveValue('Paused');
    await user.click(inputOf('Status of Exit Sign'));
    await user.click(await screen.findByRole('option', { name: 'Active' }));
    await waitFor(() => expect(inputOf('Status of Exit Sign')).toHaveValue('Active'));
    expect(sent).toEqual([{ buildingId: '5', suspensionId: '9' }]);
  });

  it('moves a type down and sends only the types whose place changed; a stale order is said and read again', async () => {
    const sent: unknown[] = [];
    const { user, asked } = renderPage({
      handlers: [
        graphql.mutation('ReorderBuildingTypes', ({ variables }) => {
          sent.push(variables);
          return HttpResponse.json({ data: { reorderLocationEquipment: { __typename: 'LocationsPayload', locations: [], errors: fieldErrors([{ field: 'version', message: STALE_ORDER_MESSAGE, code: 'STALE' }]) } } });
        }),
      ],
    });
    await screen.findByRole('list', { name: 'Types at Main Lobby' });
    await user.click(typesAt('Main Lobby').getByRole('button', { name: 'Move Fire Extinguisher down' }));
    expect(await screen.findByText(STALE_ORDER_MESSAGE)).toBeInTheDocument();
    expect(sent).toEqual([
      {
        buildingId: '5',
        moves: [
          { locationId: '21', equipmentId: '2', typeOrder: 0, version: 2 },
          { locationId: '21', equipmentId: '1', typeOrder: 1, version: 2 },
        ],
      },
    ]);
    await waitFor(() => expect(asked.page).toBeGreaterThanOrEqual(2));
  });

  it('lets a user who manages buildings reorder the types without the right to update locations (section 6), and not one who only views', async () => {
    const managing = renderPage({ granted: ['canManageBuildings'] });
    await screen.findByRole('list', { name: 'Types at Main Lobby' });
    expect(typesAt('Main Lobby').getByRole('button', { name: 'Move Fire Extinguisher down' })).toBeEnabled();
    managing.unmount();
    renderPage({ granted: ['canViewBuildings', 'canUpdateLocation'] });
    await screen.findByRole('list', { name: 'Types at Main Lobby' });
    expect(typesAt('Main Lobby').queryByRole('button', { name: 'Move Fire Extinguisher down' })).toBeNull();
  });

  it("prints the types: says 'Download is in progress, please wait...' while polling, then opens the PDF", async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const started: unknown[] = [];
    let polls = 0;
    const { user } = renderPage({
      route: '/manage/building/5/equipments?typeId=1',
      handlers: [
        graphql.mutation('StartTypesReport', ({ variables }) => {
          started.push(variables);
          return HttpResponse.json({ data: { startTypesReport: { __typename: 'StartTypesReportPayload', report: { __typename: 'TypesReport', identificator: 'abc', status: 'PENDING', pdfUrl: null, error: null }, errors: [] } } });
        }),
        graphql.query('TypesReportPoll', () => {
          polls += 1;
          const ready = polls > 1;
          return HttpResponse.json({ data: { typesReport: { __typename: 'TypesReport', identificator: 'abc', status: ready ? 'READY' : 'PENDING', pdfUrl: ready ? '/signed-files/types.pdf' : null, error: null } } });
        }),
      ],
    });
    await screen.findByRole('list', { name: 'Types at Main Lobby' });
    await user.click(screen.getByRole('button', { name: 'Print Types' }));
    expect(await screen.findByText(REPORT_IN_PROGRESS_MESSAGE)).toBeInTheDocument();
    await waitFor(() => expect(open).toHaveBeenCalledWith('/signed-files/types.pdf', '_blank', 'noopener'), { timeout: 4000 });
    expect(started).toEqual([{ buildingId: '5', locationId: null, equipmentTypeId: '1', state: null }]);
    expect(screen.getByRole('link', { name: 'Open the PDF' })).toHaveAttribute('href', '/signed-files/types.pdf');
    expect(screen.queryByText(REPORT_IN_PROGRESS_MESSAGE)).not.toBeInTheDocument();
  });

  it('says the types could not be loaded, with the reason, reloads them on Try again and keeps the user signed in', async () => {
    const broken = failingUntilRecovered('BuildingTypesPage', { onFailure: () => void (asked.page += 1) });
    const { user, currentPath, asked } = renderPage({
      handlers: [broken.handler],
    });
    expect(await screen.findByText('The types could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('Check your connection and try again.')).toBeInTheDocument();
    expect(screen.getByText('The backend did not answer')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Types at Main Lobby' })).not.toBeInTheDocument();
    expect(asked.page).toBe(1);
    broken.recover();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Types at Main Lobby' })).toBeInTheDocument();
    expect(typesAt('Main Lobby').getByText('Exit Sign')).toBeInTheDocument();
    expect(asked.page).toBe(2);
    expect(screen.queryByText('The types could not be loaded')).not.toBeInTheDocument();
    expect(currentPath()).toBe('/manage/building/5/equipments');
    expect(readAccessToken()).not.toBeNull();
  });
});
