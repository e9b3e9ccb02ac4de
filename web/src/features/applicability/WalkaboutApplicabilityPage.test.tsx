import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { graphql, HttpResponse, type RequestHandler } from 'msw';
import { notUnderTest, renderApp } from '../../test/render';
import { aViewer } from '../../test/builders';

const aTask = (buildingId: string, taskId: string, label: string, applicable = true, cycleName = 'Weekly') => ({
  __typename: 'WalkaboutApplicabilityTask' as const,
  id: `${buildingId}:${taskId}`,
  taskId,
  label,
  cycleName,
  componentName: null as string | null,
  status: 'Active',
  applicable,
});

function types() {
  return [
    {
      __typename: 'WalkaboutApplicabilityType' as const,
      id: '5:1',
      equipmentTypeId: '1',
      name: 'Fire Extinguisher',
      aliasName: 'FE',
      status: 'Active',
      tasks: [aTask('5', '10', 'Pressure gauge in green'), aTask('5', '11', 'Pin and seal intact', false), aTask('5', '12', 'Hydrostatic test date', true, 'Yearly')],
    },
    {
      __typename: 'WalkaboutApplicabilityType' as const,
      id: '5:2',
      equipmentTypeId: '2',
      name: 'Exit Sign',
      aliasName: null,
      status: 'Paused',
      tasks: [aTask('5', '20', 'Illuminated'), aTask('5', '21', 'Battery test', false)],
    },
  ];
}

function renderPage({ isAdmin = true, list = types, handlers = [] as RequestHandler[] } = {}) {
  const viewer = aViewer({ isAdmin, organization: null });
  const asked = { page: 0 };
  const rendered = renderApp({
    route: '/manage/organization/3/building/5/walkabout',
    viewer,
    handlers: [
      ...handlers,
      graphql.query('WalkaboutApplicabilityViewer', () => HttpResponse.json({ data: { viewer } })),
      graphql.query('WalkaboutApplicabilityPage', () => {
        asked.page += 1;
        return HttpResponse.json({ data: { building: { __typename: 'Building', id: '5', name: 'King Street Commerce Centre', walkaboutApplicability: list() } } });
      }),
    ],
  });
  return { ...rendered, asked };
}

const group = (name: string) => screen.getByRole('group', { name: new RegExp(`^${name}`) });

describe('Building walkabout conditions', () => {
  it('shows each equipment with its conditions ticked as stored, grouped under the equipment name', async () => {
    renderPage();
    await screen.findByRole('group', { name: /^Fire Extinguisher/ });
    const extinguisher = within(group('Fire Extinguisher'));
    expect(extinguisher.getByRole('checkbox', { name: 'Pressure gauge in green' })).toBeChecked();
    expect(extinguisher.getByRole('checkbox', { name: 'Pin and seal intact' })).not.toBeChecked();
    expect(extinguisher.getByText('Yearly')).toBeInTheDocument();
    expect(within(group('Exit Sign')).getByText('Paused')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Walkabout Conditions' })).toBeInTheDocument();
  });

  it('tells a user who is not an administrator so, without asking the server', async () => {
    const { asked } = renderPage({ isAdmin: false });
    expect(await screen.findByText("Only administrators choose a building's walkabout conditions.")).toBeInTheDocument();
    expect(asked.page).toBe(0);
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it("says 'No results found' when no equipment is set up at the building", async () => {
    renderPage({ list: () => [] });
    expect(await screen.findByText('No results found')).toBeInTheDocument();
  });

  it('saves only the equipment whose ticks changed (Select All, a box unticked), then goes back to the building', async () => {
    const sent: unknown[] = [];
    const { user, currentPath } = renderPage({
      handlers: [
        notUnderTest('BuildingFormViewer'),
        graphql.mutation('SetWalkaboutApplicability', ({ variables }) => {
          sent.push(variables);
          return HttpResponse.json({ data: { setWalkaboutApplicability: { __typename: 'WalkaboutApplicabilityPayload', types: [], errors: [] } } });
        }),
      ],
    });
    await screen.findByRole('group', { name: /^Fire Extinguisher/ });
    await user.click(within(group('Fire Extinguisher')).getByRole('button', { name: 'Select All conditions of Fire Extinguisher' }));
    expect(within(group('Fire Extinguisher')).getByRole('checkbox', { name: 'Pin and seal intact' })).toBeChecked();
    await user.click(within(group('Fire Extinguisher')).getByRole('checkbox', { name: 'Hydrostatic test date' }));
    // Ticked and unticked again: no change to send for the exit sign.
    await user.click(within(group('Exit Sign')).getByRole('checkbox', { name: 'Battery test' }));
    await user.click(within(group('Exit Sign')).getByRole('checkbox', { name: 'Battery test' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(currentPath()).toBe('/manage/organization/3/building/5'));
    expect(sent).toEqual([{ buildingId: '5', types: [{ equipmentTypeId: '1', applicableTaskIds: ['10', '11'] }] }]);
  });

  it('keeps the ticks on the screen when the save fails', async () => {
    const { user, currentPath } = renderPage({
      handlers: [
        graphql.mutation('SetWalkaboutApplicability', () =>
          HttpResponse.json({
            data: {
              setWalkaboutApplicability: {
                __typename: 'WalkaboutApplicabilityPayload',
                types: [],
                errors: [{ __typename: 'FieldError', field: 'applicableWalkaboutEquipmentConditionIds', message: 'Each condition must be one of this equipment type’s conditions.', code: 'VALIDATION_FAILED' }],
              },
            },
          }),
        ),
      ],
    });
    await screen.findByRole('group', { name: /^Exit Sign/ });
    await user.click(within(group('Exit Sign')).getByRole('checkbox', { name: 'Illuminated' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Each condition must be one of this equipment type’s conditions.');
    expect(within(group('Exit Sign')).getByRole('checkbox', { name: 'Illuminated' })).not.toBeChecked();
    expect(currentPath()).toBe('/manage/organization/3/building/5/walkabout');
  });
});
