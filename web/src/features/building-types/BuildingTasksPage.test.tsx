import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { graphql, HttpResponse, type RequestHandler } from 'msw';
import type { PermissionFlag } from '@fsi/shared';
import { renderApp } from '../../test/render';
import { aViewer, failingUntilRecovered } from '../../test/builders';
import { readAccessToken } from '../../lib/session/session';

type TaskFields = { id: string; label: string; cycle?: [string, string]; component?: [string, string] | null; group?: string | null; status?: string; paused?: string | null };
const aTask = ({ id, label, cycle = ['1', 'Monthly'], component = null, group = null, status = 'ACTIVE', paused = null }: TaskFields) => ({
  __typename: 'BuildingTask' as const,
  id: `5:${id}`,
  taskId: id,
  label,
  description: `${label} description`,
  hint: null,
  cycleId: cycle[0],
  cycleName: cycle[1],
  componentId: component?.[0] ?? null,
  componentName: component?.[1] ?? null,
  groupName: group,
  order: Number(id),
  status,
  buildingLevelStatus: paused ? 'PAUSED' : 'ACTIVE',
  suspensionId: paused ? `s${id}` : null,
  suspensionShortName: paused,
  suspensionDescription: paused ? 'Renovation' : null,
});

const pressure = aTask({ id: '31', label: 'Pressure gauge in green', group: 'Monthly checks' });
const pin = aTask({ id: '32', label: 'Pin and tamper seal intact', group: 'Monthly checks', paused: 'RN' });
const hydro = aTask({ id: '33', label: 'Hydrostatic test date', cycle: ['2', 'Annual'], status: 'DISABLED' });
const battery = aTask({ id: '41', label: 'Battery test', component: ['7', 'Battery'] });
const lamp = aTask({ id: '42', label: 'Lamp lit', component: ['8', 'Lamp'] });

const aType = (id: string, name: string, tasks: ReturnType<typeof aTask>[]) => ({ __typename: 'BuildingEquipmentType' as const, id: `5:${id}`, equipmentTypeId: id, name, status: 'ACTIVE', tasks });

function renderPage({ granted = ['canManageBuildings'] as PermissionFlag[], route = '/manage/building/5/tasks', handlers = [] as RequestHandler[], types = () => [aType('1', 'Fire Extinguisher', [pressure, pin, hydro]), aType('2', 'Exit Sign', [battery, lamp])] } = {}) {
  const viewer = aViewer({ granted });
  return renderApp({
    route,
    viewer,
    handlers: [
      ...handlers,
      graphql.query('BuildingTypesViewer', () => HttpResponse.json({ data: { viewer } })),
      graphql.query('BuildingTasksPage', () =>
        HttpResponse.json({
          data: {
            building: {
              __typename: 'Building',
              id: '5',
              name: 'King Street Commerce Centre',
              equipmentTypes: types(),
              suspensionShortNames: [{ __typename: 'SuspensionShortName', shortName: 'RN', description: 'Renovation' }],
            },
          },
        }),
      ),
    ],
  });
}

const section = (name: string) => within(screen.getByRole('region', { name }));
const inputOf = (label: string) => screen.getAllByLabelText(label).find((element) => element.tagName === 'INPUT')!;

describe('Manage Tasks at building level', () => {
  it('lists one list per type, components as blocks, tasks grouped by group name, with status and switch for managers', async () => {
    renderPage();
    expect(await screen.findByRole('region', { name: 'Fire Extinguisher' })).toBeInTheDocument();
    expect(section('Fire Extinguisher').getByRole('table', { name: 'Monthly checks' })).toBeInTheDocument();
    expect(section('Fire Extinguisher').getByRole('table', { name: 'Tasks' })).toBeInTheDocument();
    expect(section('Exit Sign').getByText('Battery')).toBeInTheDocument();
    expect(section('Exit Sign').getByText('Lamp')).toBeInTheDocument();
    // One component block only is not titled.
    expect(section('Fire Extinguisher').queryByText('Fire Extinguisher', { selector: 'p' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent).slice(0, 3)).toEqual(['Task Details', 'Status', 'Activate/deactivate']);
    expect(section('Fire Extinguisher').getByText('Paused (RN)')).toBeInTheDocument();
    expect(section('Fire Extinguisher').getByText('Inactive on organization level')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Active: Pressure gauge in green' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Active: Pin and tamper seal intact' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Active: Hydrostatic test date' })).toBeDisabled();
  });

  it('shows only the task details to a user who may only view buildings', async () => {
    renderPage({ granted: ['canViewBuildings'] });
    await screen.findByRole('region', { name: 'Fire Extinguisher' });
    expect(screen.queryByRole('columnheader', { name: 'Status' })).not.toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Select All' })).not.toBeInTheDocument();
  });

  it('narrows by Equipment (equipmentId in the URL) and Cycle', async () => {
    const { user, currentPath } = renderPage({ route: '/manage/building/5/tasks?equipmentId=2' });
    expect(await screen.findByRole('region', { name: 'Exit Sign' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Fire Extinguisher' })).not.toBeInTheDocument();
    await user.click(inputOf('Equipment'));
    await user.click(await screen.findByRole('option', { name: 'Fire Extinguisher' }));
    await waitFor(() => expect(currentPath()).toBe('/manage/building/5/tasks?equipmentId=1'));
    expect(await screen.findByText('Pressure gauge in green')).toBeInTheDocument();
    await user.click(inputOf('Cycle'));
    await user.click(await screen.findByRole('option', { name: 'Annual' }));
    expect(await screen.findByText('Hydrostatic test date')).toBeInTheDocument();
    expect(screen.queryByText('Pressure gauge in green')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Exit Sign' })).not.toBeInTheDocument();
  });

  it('deactivates a task through the short-name modal and activates every paused one with Select All', async () => {
    const paused: unknown[] = [];
    const resumed: unknown[] = [];
    const { user } = renderPage({
      handlers: [
        graphql.mutation('PauseBuildingTask', ({ variables }) => {
          paused.push(variables);
          return HttpResponse.json({ data: { pauseTask: { __typename: 'BuildingTaskPayload', task: { ...pressure, buildingLevelStatus: 'PAUSED', suspensionId: 's31', suspensionShortName: 'RN', suspensionDescription: 'Renovation' }, building: null, errors: [] } } });
        }),
        graphql.mutation('ResumeBuildingTask', ({ variables }) => {
          resumed.push(variables);
          const task = variables.suspensionId === 's31' ? pressure : { ...pin, buildingLevelStatus: 'ACTIVE', suspensionId: null, suspensionShortName: null, suspensionDescription: null };
          return HttpResponse.json({ data: { resumeTask: { __typename: 'BuildingTaskPayload', task, building: null, errors: [] } } });
        }),
      ],
    });
    await screen.findByRole('region', { name: 'Fire Extinguisher' });
    await user.click(screen.getByRole('switch', { name: 'Active: Pressure gauge in green' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Assign Short Name' }));
    await user.click(dialog.getAllByLabelText('Short Name').find((e) => e.tagName === 'INPUT')!);
    await user.click(await screen.findByRole('option', { name: 'RN' }));
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(paused).toEqual([{ buildingId: '5', taskId: '31', shortName: 'RN', description: null }]);
    expect(screen.getByRole('switch', { name: 'Active: Pressure gauge in green' })).not.toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Select All' }));
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Active: Pin and tamper seal intact' })).toBeChecked());
    expect(screen.getByRole('switch', { name: 'Active: Pressure gauge in green' })).toBeChecked();
    expect(resumed).toHaveLength(2);
  });

  it("says 'No results found' when nothing matches", async () => {
    renderPage({ types: () => [] });
    expect(await screen.findByText('No results found')).toBeInTheDocument();
  });

  it('says the tasks could not be loaded, with the reason, reloads them on Try again and keeps the user signed in', async () => {
    let failed = 0;
    const broken = failingUntilRecovered('BuildingTasksPage', { onFailure: () => void (failed += 1) });
    const { user, currentPath } = renderPage({
      handlers: [broken.handler],
    });
    expect(await screen.findByText('The tasks could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('Check your connection and try again.')).toBeInTheDocument();
    expect(screen.getByText('The backend did not answer')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Fire Extinguisher' })).not.toBeInTheDocument();
    expect(failed).toBe(1);
    broken.recover();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Fire Extinguisher' })).toBeInTheDocument();
    expect(section('Fire Extinguisher').getByText('Pressure gauge in green')).toBeInTheDocument();
    expect(screen.queryByText('The tasks could not be loaded')).not.toBeInTheDocument();
    expect(currentPath()).toBe('/manage/building/5/tasks');
    expect(readAccessToken()).not.toBeNull();
  });
});
