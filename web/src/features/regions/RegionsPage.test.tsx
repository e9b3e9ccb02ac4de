import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { graphql, HttpResponse, type RequestHandler } from 'msw';
import { DELETE_CYCLE_OVERRIDE_CONFIRMATION, DELETE_REGION_CONFIRMATION, REGION_NAME_REQUIRED_MESSAGE, type PermissionFlag } from '@fsi/shared';
import { renderApp } from '../../test/render';
import { aViewer } from '../../test/builders';
import { aBooklet, aDefinition } from '../report-administration/fixtures';

const cycle = (id: string, name: string) => ({ __typename: 'Cycle' as const, id, name, frequency: 'WEEKLY' });
const cycles = [cycle('1', 'Daily'), cycle('2', 'Weekly'), cycle('3', 'Monthly')];

const anOverride = (fields: { id: string; regionId: string; regionName: string; cycleId: string; cycleName: string; off?: string[]; blackoutDates?: string[] }) => {
  const days = Object.fromEntries(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [d, !(fields.off ?? []).includes(d)]));
  return {
    __typename: 'CycleOverride' as const,
    id: fields.id,
    regionId: fields.regionId,
    regionName: fields.regionName,
    ...days,
    blackoutDates: fields.blackoutDates ?? [],
    description: fields.off?.length ? `Skipped: ${fields.off.join(', ')}` : 'No days skipped',
    version: 1,
    cycle: { __typename: 'Cycle' as const, id: fields.cycleId, name: fields.cycleName },
  };
};

const own = anOverride({ id: '40', regionId: '11', regionName: 'Harbourfront', cycleId: '1', cycleName: 'Daily', off: ['sunday'], blackoutDates: ['2026-12-24'] });
const parentOverride = anOverride({ id: '41', regionId: '10', regionName: 'Downtown', cycleId: '2', cycleName: 'Weekly', off: ['saturday'], blackoutDates: ['2026-12-25'] });

const aRegion = (fields: Partial<{ id: string; name: string; isDeletable: boolean; version: number }> = {}) => ({
  __typename: 'Region' as const,
  id: '11',
  name: 'Harbourfront',
  level: 1,
  version: 1,
  isDeletable: false,
  parent: { __typename: 'Region' as const, id: '10', name: 'Downtown' },
  children: [{ __typename: 'Region' as const, id: '12', name: 'Pier 4' }],
  cycleOverrides: [own],
  inheritedCycleOverrides: [parentOverride],
  ...fields,
});

const errors = (list: { field: string | null; message: string; code: string }[]) => list.map((e) => ({ __typename: 'FieldError', ...e }));

function renderRegions({
  route = '/manage/organization/1/regions',
  granted = ['canManageOrganization', 'canViewOrganization'] as PermissionFlag[],
  region = null as { __typename: 'Region'; id: string } | null,
  handlers = [] as RequestHandler[],
} = {}) {
  const viewer = aViewer({ granted, ...(region ? { region } : {}) });
  const asked = { list: 0 };
  const rendered = renderApp({
    route,
    viewer,
    handlers: [
      ...handlers,
      graphql.query('RegionsViewer', () => HttpResponse.json({ data: { viewer } })),
      graphql.query('RegionsPage', () => {
        asked.list += 1;
        const regions = [
          { __typename: 'Region', id: '10', name: 'Downtown' },
          { __typename: 'Region', id: '13', name: 'Uptown' },
        ];
        return HttpResponse.json({ data: { organization: { __typename: 'Organization', id: '1', regions } } });
      }),
      graphql.query('RegionPage', () => HttpResponse.json({ data: { region: aRegion(), organization: { __typename: 'Organization', id: '1', cycles } } })),
      // The region page's Reports and Report Booklets sections (report-administration/RegionReportSections.tsx).
      graphql.query('ReportAdministrationViewer', () => HttpResponse.json({ data: { viewer } })),
      graphql.query('RegionReportSections', ({ variables }) =>
        HttpResponse.json({
          data: {
            organization: {
              __typename: 'Organization',
              id: '1',
              reportDefinitions: [aDefinition({ id: '31', name: `${String(variables.regionId)} Log`, regionId: String(variables.regionId) })],
              reportBookletTemplates: [aBooklet({ id: '41', name: 'Region Booklet', regionId: String(variables.regionId) })],
            },
          },
        }),
      ),
      graphql.query('CycleOverridePage', () =>
        HttpResponse.json({ data: { cycleOverride: own, region: aRegion(), organization: { __typename: 'Organization', id: '1', cycles } } }),
      ),
    ],
  });
  return { ...rendered, asked };
}

describe('Regions index', () => {
  it('lists the top-level regions, then Global Reports & Booklets, and adds a region that then opens', async () => {
    const sent: unknown[] = [];
    const { user, currentPath } = renderRegions({
      handlers: [
        graphql.mutation('CreateRegion', ({ variables }) => {
          sent.push(variables);
          return HttpResponse.json({ data: { createRegion: { region: aRegion({ id: '20', name: 'Midtown' }), parent: null, errors: [] } } });
        }),
      ],
    });
    const list = await screen.findByRole('list', { name: 'Regions' });
    expect(within(list).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Downtown', '/manage/organization/1/region/10'],
      ['Uptown', '/manage/organization/1/region/13'],
      ['Global Reports & Booklets', '/manage/organization/1/regions/all'],
    ]);
    await user.click(screen.getByRole('button', { name: 'New Region' }));
    const sheet = await screen.findByRole('dialog', { name: 'New Region' });
    expect(within(sheet).getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.type(within(sheet).getByRole('textbox', { name: /Name/ }), 'Midtown');
    await user.click(within(sheet).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(currentPath()).toBe('/manage/organization/1/region/20'));
    expect(sent[0]).toMatchObject({ organizationId: '1', name: 'Midtown', parentId: null });
  });

  it('is read-only for a viewer of the organization, and not available to another organization’s user without asking', async () => {
    const viewerOnly = renderRegions({ granted: ['canViewOrganization'] });
    await screen.findByRole('list', { name: 'Regions' });
    expect(screen.queryByRole('button', { name: 'New Region' })).not.toBeInTheDocument();
    viewerOnly.unmount();
    const other = renderRegions({ route: '/manage/organization/2/regions' });
    expect(await screen.findByText('Not available')).toBeInTheDocument();
    expect(other.asked.list).toBe(0);
  });
});

describe('Region page', () => {
  it('shows the name, sub-regions and cycle overrides, renames over the version and keeps the name on a refusal', async () => {
    const sent: unknown[] = [];
    const { user } = renderRegions({
      route: '/manage/organization/1/region/11',
      handlers: [
        graphql.mutation('RenameRegion', ({ variables }) => {
          sent.push(variables);
          if (sent.length === 1) return HttpResponse.json({ data: { renameRegion: { region: null, errors: errors([{ field: 'name', message: REGION_NAME_REQUIRED_MESSAGE, code: 'VALIDATION_FAILED' }]) } } });
          return HttpResponse.json({ data: { renameRegion: { region: aRegion({ name: 'Harbour Front', version: 2 }), errors: [] } } });
        }),
      ],
    });
    const name = await screen.findByRole('textbox', { name: /Name/ });
    expect(name).toHaveValue('Harbourfront');
    expect(within(screen.getByRole('list', { name: 'Sub-Regions' })).getByRole('link', { name: 'Pier 4' })).toHaveAttribute('href', '/manage/organization/1/region/12');
    expect(within(screen.getByRole('list', { name: 'Cycle Overrides' })).getByRole('link')).toHaveAttribute('href', '/manage/organization/1/region/11/cycle-override/40');
    expect(screen.getByText('Skipped: sunday')).toBeInTheDocument();
    // The region's own reports and booklets, between the sub-regions and the cycle overrides.
    expect(within(await screen.findByRole('region', { name: 'Reports' })).getByRole('link', { name: /^11 Log/ })).toHaveAttribute('href', '/manage/organization/1/report/31');
    expect(within(screen.getByRole('region', { name: 'Report Booklets' })).getByRole('link', { name: 'Region Booklet (41)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add New Sub-Region…' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add New Cycle Override…' })).toBeInTheDocument();
    await user.clear(name);
    await user.type(name, 'Harbour Front');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(REGION_NAME_REQUIRED_MESSAGE)).toBeInTheDocument();
    expect(name).toHaveValue('Harbour Front');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(sent[1]).toMatchObject({ id: '11', name: 'Harbour Front', version: 1 });
  });

  it('confirms Delete Region and says why it was refused, without signing out', async () => {
    const message = 'Region cannot be deleted because it has sub-regions and buildings.';
    const { user, currentPath } = renderRegions({
      route: '/manage/organization/1/region/11',
      handlers: [graphql.mutation('DeleteRegion', () => HttpResponse.json({ data: { deleteRegion: { deletedRegionId: null, parent: null, errors: errors([{ field: null, message, code: 'VALIDATION_FAILED' }]) } } }))],
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Region' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Region' });
    expect(within(dialog).getByText(DELETE_REGION_CONFIRMATION)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(currentPath()).toBe('/manage/organization/1/region/11');
  });

  it('is read-only for a viewer of the organization, and hides Delete Region and the sub-region row from a region user', async () => {
    const viewerOnly = renderRegions({ route: '/manage/organization/1/region/11', granted: ['canViewOrganization'] });
    expect(await screen.findByRole('textbox', { name: /Name/ })).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Delete Region' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add New Cycle Override…' })).not.toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Cycle Overrides' })).toBeInTheDocument();
    viewerOnly.unmount();
    renderRegions({ route: '/manage/organization/1/region/11', region: { __typename: 'Region', id: '10' } });
    expect(await screen.findByRole('button', { name: 'Add New Cycle Override…' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Region' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add New Sub-Region…' })).not.toBeInTheDocument();
  });

  it("adds a cycle override: overridden cycles disabled, the first free one chosen, an ancestor's day off locked and its dates shown", async () => {
    const sent: unknown[] = [];
    const { user } = renderRegions({
      route: '/manage/organization/1/region/11',
      handlers: [
        graphql.mutation('CreateCycleOverride', ({ variables }) => {
          sent.push(variables);
          return HttpResponse.json({ data: { createCycleOverride: { cycleOverride: { ...parentOverride, id: '42', regionId: '11', regionName: 'Harbourfront' }, region: aRegion(), errors: [] } } });
        }),
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Add New Cycle Override…' }));
    const sheet = await screen.findByRole('dialog', { name: 'New Cycle Override' });
    const picker = within(sheet).getByRole('combobox', { name: 'Cycle' });
    expect(picker).toHaveValue('2');
    expect(within(picker).getByRole('option', { name: 'Daily' })).toBeDisabled();
    // Downtown turns Saturday off for Weekly: it cannot be turned on here, and its blackout date shows as added there.
    expect(within(sheet).getByRole('checkbox', { name: 'Saturday' })).toBeDisabled();
    expect(within(sheet).getByText('Added in Downtown')).toBeInTheDocument();
    await user.click(within(sheet).getByRole('checkbox', { name: 'Monday' }));
    await user.click(within(sheet).getByRole('button', { name: 'Add a date' }));
    expect(within(sheet).getByLabelText('Blackout date 1')).toHaveValue(new Date().toLocaleDateString('en-CA'));
    await user.click(within(sheet).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New Cycle Override' })).not.toBeInTheDocument());
    expect(sent[0]).toMatchObject({ regionId: '11', cycleId: '2', input: { monday: false, sunday: true } });
  });
});

describe('Cycle override page', () => {
  it('changes the days and dates over the version, confirms a delete and goes back to the region', async () => {
    const sent: unknown[] = [];
    const { user, currentPath } = renderRegions({
      route: '/manage/organization/1/region/11/cycle-override/40',
      handlers: [
        graphql.mutation('UpdateCycleOverride', ({ variables }) => {
          sent.push(variables);
          return HttpResponse.json({ data: { updateCycleOverride: { cycleOverride: { ...own, version: 2 }, region: aRegion(), errors: [] } } });
        }),
        graphql.mutation('DeleteCycleOverride', () => HttpResponse.json({ data: { deleteCycleOverride: { deletedCycleOverrideId: '40', region: aRegion({ }), errors: [] } } })),
      ],
    });
    expect(await screen.findByRole('checkbox', { name: 'Sunday' })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Remove 2026-12-24' }));
    await user.click(screen.getByRole('checkbox', { name: 'Sunday' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(currentPath()).toBe('/manage/organization/1/region/11'));
    expect(sent[0]).toMatchObject({ id: '40', version: 1, input: { sunday: true, blackoutDates: [] } });
  });

  it('asks before deleting the override', async () => {
    const { user, currentPath } = renderRegions({
      route: '/manage/organization/1/region/11/cycle-override/40',
      handlers: [graphql.mutation('DeleteCycleOverride', () => HttpResponse.json({ data: { deleteCycleOverride: { deletedCycleOverrideId: '40', region: aRegion(), errors: [] } } }))],
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Cycle Override' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Cycle Override' });
    expect(within(dialog).getByText(DELETE_CYCLE_OVERRIDE_CONFIRMATION)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(currentPath()).toBe('/manage/organization/1/region/11'));
  });

  it('is not available to users who cannot manage the organization', async () => {
    renderRegions({ route: '/manage/organization/1/region/11/cycle-override/40', granted: ['canViewOrganization'] });
    expect(await screen.findByText('Not available')).toBeInTheDocument();
  });
});
