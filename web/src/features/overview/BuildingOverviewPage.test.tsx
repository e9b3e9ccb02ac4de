import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { graphql, HttpResponse, type RequestHandler } from 'msw';
import { PDFDocument } from 'pdf-lib';
import { anOrganization, aViewer, failingUntilRecovered } from '../../test/builders';
import { renderApp } from '../../test/render';
import { readAccessToken } from '../../lib/session/session';
import { bytesOf, catchObjectUrls, holdPdf } from './overviewPrintKit';
import { anOverview, filterData, king } from './overviewFixtures';

const location = (id: string, name: string, equipment: Array<{ id: string; equipmentId: string; name: string }>) => ({
  __typename: 'Location' as const,
  id,
  name,
  floorName: 'Ground',
  equipment: equipment.map((e) => ({ __typename: 'LocationEquipment' as const, ...e })),
});

function renderPage(asked: Array<Record<string, unknown>> = [], handlers: RequestHandler[] = []) {
  const viewer = aViewer({ granted: ['canViewBuildingOverview'], organization: anOrganization({ id: '1' }) });
  return renderApp({
    route: '/overview/building/11?organizationId=1',
    viewer,
    handlers: [
      ...handlers,
      graphql.query('OverviewViewer', () => HttpResponse.json({ data: { viewer } })),
      graphql.query('OrganizationOverviewFilters', () =>
        HttpResponse.json({ data: { organization: { __typename: 'Organization', id: '1', name: 'Northwind Property Management', overviewFilters: filterData } } }),
      ),
      graphql.query('BuildingOverview', ({ variables }) => {
        asked.push(variables);
        return HttpResponse.json({
          data: {
            building: {
              __typename: 'Building',
              id: '11',
              name: 'King Street Commerce Centre',
              organization: { __typename: 'Organization', id: '1' },
              overview: anOverview([king], { pageSize: 1 }),
              overviewFilters: { ...filterData, buildings: filterData.buildings.slice(0, 1) },
            },
          },
        });
      }),
      graphql.query('BuildingOverviewLocations', () =>
        HttpResponse.json({
          data: {
            building: {
              __typename: 'Building',
              id: '11',
              locations: {
                __typename: 'LocationConnection',
                nodes: [location('31', 'Main Lobby', [{ id: '41', equipmentId: 't1', name: 'Exit Sign' }]), location('32', 'Pump Room', [{ id: '42', equipmentId: 't2', name: 'Fire Pump' }])],
              },
              equipmentStates: [{ __typename: 'EquipmentState', locationId: '31', equipmentId: 't1', cycleName: 'Monthly', state: 'UNSATISFACTORY' }],
            },
          },
        }),
      ),
    ],
  });
}

const inputOf = (label: string) => {
  const input = screen.getAllByLabelText(label).find((element) => element.tagName === 'INPUT');
  if (!input) throw new Error(`No input labelled ${label}`);
  return input;
};

describe('Building overview', () => {
  it('shows the building, the neighbouring buildings and each location with its equipment and their state per cycle', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'King Street Commerce Centre' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Next: Yonge & Eglinton Tower/ })).toHaveAttribute('href', '/overview/building/12?organizationId=1');
    expect(screen.queryByRole('link', { name: /Previous:/ })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Total: 7, 100%')).toBeInTheDocument();
    const locations = await screen.findByRole('table', { name: 'Locations' });
    expect(within(locations).getByRole('link', { name: 'Main Lobby' })).toHaveAttribute('href', '/manage/building/11/equipments?locationId=31');
    expect(within(locations).getByRole('link', { name: 'Fire Pump' })).toHaveAttribute('href', '/manage/building/11/tasks?equipmentId=t2');
    const lobbyExit = within(locations).getByRole('link', { name: 'Exit Sign' }).closest('tr')!;
    expect(within(lobbyExit).getByText('Unsatisfactory')).toBeInTheDocument();
    expect(within(lobbyExit).getByText('Not Scanned')).toBeInTheDocument();
    // The Fire Pump has no Weekly tasks: nothing to scan there, rather than 'Not Scanned'.
    const pump = within(locations).getByRole('link', { name: 'Fire Pump' }).closest('tr')!;
    expect(within(pump).getAllByRole('cell').map((cell) => cell.getAttribute('aria-label') ?? cell.textContent)).toEqual(['Not Scanned', 'Not inspected in this cycle']);
    expect(within(locations).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Location and equipment', 'Monthly', 'Weekly']);
  });

  it('narrows to the chosen cycle without naming buildings', async () => {
    const asked: Array<Record<string, unknown>> = [];
    const { user } = renderPage(asked);
    await screen.findByRole('table', { name: 'Types' });
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    expect(screen.queryAllByLabelText('Regions').find((element) => element.tagName === 'INPUT')).toBeUndefined();
    await user.click(inputOf('Cycles'));
    await user.click(await screen.findByRole('option', { name: 'Weekly' }));
    await waitFor(() => expect(asked.at(-1)).toEqual({ buildingId: '11', filter: { cycleIds: ['c2'] } }));
  });

  it('says the overview could not be loaded, with the reason, reloads it on Try again and keeps the user signed in', async () => {
    let failed = 0;
    const broken = failingUntilRecovered('BuildingOverview', { onFailure: () => void (failed += 1) });
    const asked: Array<Record<string, unknown>> = [];
    const { user, currentPath } = renderPage(asked, [broken.handler]);
    expect(await screen.findByText('The overview could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('Check your connection and try again.')).toBeInTheDocument();
    expect(screen.getByText('The backend did not answer')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Totals' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Print' })).not.toBeInTheDocument();
    expect(failed).toBe(1);
    broken.recover();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'King Street Commerce Centre' })).toBeInTheDocument();
    expect(screen.getByLabelText('Total: 7, 100%')).toBeInTheDocument();
    expect(asked).toHaveLength(1);
    expect(screen.queryByText('The overview could not be loaded')).not.toBeInTheDocument();
    expect(currentPath()).toBe('/overview/building/11?organizationId=1');
    expect(readAccessToken()).not.toBeNull();
  });

  it('says the locations could not be loaded under the totals, and reloads only them on Try again', async () => {
    const broken = failingUntilRecovered('BuildingOverviewLocations');
    const asked: Array<Record<string, unknown>> = [];
    const { user, currentPath } = renderPage(asked, [broken.handler]);
    expect(await screen.findByText('The locations could not be loaded')).toBeInTheDocument();
    expect(screen.getByLabelText('Total: 7, 100%')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Types' })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Locations' })).not.toBeInTheDocument();
    broken.recover();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    const locations = await screen.findByRole('table', { name: 'Locations' });
    expect(within(locations).getByRole('link', { name: 'Main Lobby' })).toBeInTheDocument();
    expect(screen.queryByText('The locations could not be loaded')).not.toBeInTheDocument();
    expect(asked).toHaveLength(1);
    expect(currentPath()).toBe('/overview/building/11?organizationId=1');
    expect(readAccessToken()).not.toBeNull();
  });
});

describe('Building overview Print', () => {
  afterEach(() => vi.restoreAllMocks());

  it("makes the PDF of the building's overview, the Print button busy meanwhile, and opens it in a new tab", async () => {
    const blobs = catchObjectUrls();
    const open = vi.spyOn(window, 'open').mockReturnValue({} as Window);
    const pdf = holdPdf();
    const { user, currentPath } = renderPage();
    await screen.findByRole('table', { name: 'Types' });
    const print = screen.getByRole('button', { name: 'Print' });
    await user.click(print);
    await waitFor(() => expect(print).toHaveAttribute('data-loading'));
    expect(print).toBeDisabled();
    expect(open).not.toHaveBeenCalled();
    pdf.release();
    await waitFor(() => expect(open).toHaveBeenCalledWith('blob:http://localhost/overview-1', '_blank'));
    await waitFor(() => expect(print).toBeEnabled());
    expect(blobs).toHaveLength(1);
    expect(blobs[0]!.type).toBe('application/pdf');
    expect((await PDFDocument.load(await bytesOf(blobs[0]!))).getTitle()).toBe('King Street Commerce Centre overview');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(currentPath()).toBe('/overview/building/11?organizationId=1');
  });

  it('offers the PDF as a download named after the building when the browser blocks the new tab', async () => {
    catchObjectUrls();
    vi.spyOn(window, 'open').mockReturnValue(null);
    const downloads: Array<{ href: string; download: string }> = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push({ href: this.href, download: this.download });
    });
    const { user } = renderPage();
    await screen.findByRole('table', { name: 'Types' });
    await user.click(screen.getByRole('button', { name: 'Print' }));
    await waitFor(() => expect(downloads).toEqual([{ href: 'blob:http://localhost/overview-1', download: 'King Street Commerce Centre overview.pdf' }]));
  });

  it('says the PDF could not be made when Print fails, and keeps the overview and the session', async () => {
    catchObjectUrls();
    const open = vi.spyOn(window, 'open').mockReturnValue({} as Window);
    const pdf = holdPdf({ fail: true });
    const { user, currentPath } = renderPage();
    await screen.findByRole('table', { name: 'Types' });
    await user.click(screen.getByRole('button', { name: 'Print' }));
    pdf.release();
    expect(await screen.findByRole('alert')).toHaveTextContent('The PDF could not be made. Try again.');
    expect(open).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Print' })).toBeEnabled();
    expect(screen.getByLabelText('Total: 7, 100%')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Types' })).toBeInTheDocument();
    expect(currentPath()).toBe('/overview/building/11?organizationId=1');
    expect(readAccessToken()).not.toBeNull();
  });
});
