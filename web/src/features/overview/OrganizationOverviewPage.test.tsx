import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { delay, graphql, HttpResponse, type RequestHandler } from 'msw';
import { PDFDocument } from 'pdf-lib';
import { type PermissionFlag } from '@fsi/shared';
import { OVERVIEW_EMPTY_MESSAGE, OVERVIEW_LOADING_MESSAGE } from '@fsi/shared/overview';
import { renderApp } from '../../test/render';
import { anOrganization, aViewer, serverError } from '../../test/builders';
import { readAccessToken } from '../../lib/session/session';
import { bytesOf, catchObjectUrls, holdPdf } from './overviewPrintKit';
import { anOverview, filterData, king, yonge } from './overviewFixtures';

type Variables = { organizationId: string; filter: Record<string, unknown> | null; page: number; pageSize: number };

function renderPage({
  isAdmin = false,
  granted = ['canViewOrganizationOverview'] as PermissionFlag[],
  route = '/overview/organization',
  overview = (_variables: Variables) => anOverview([king, yonge]),
  handlers = [] as RequestHandler[],
} = {}) {
  const viewer = aViewer({ isAdmin, granted, organization: isAdmin ? null : anOrganization({ id: '1', name: 'Northwind Property Management' }) });
  const asked: Variables[] = [];
  const rendered = renderApp({
    route,
    viewer,
    handlers: [
      ...handlers,
      graphql.query('OverviewViewer', () => HttpResponse.json({ data: { viewer } })),
      graphql.query('OverviewOrganizations', () =>
        HttpResponse.json({ data: { organizations: { __typename: 'OrganizationConnection', nodes: [anOrganization({ id: '1', name: 'Northwind Property Management' }), anOrganization({ id: '2', name: 'Harbour Strata Services' })] } } }),
      ),
      graphql.query('OrganizationOverviewFilters', ({ variables }) =>
        HttpResponse.json({ data: { organization: { __typename: 'Organization', id: variables.organizationId, name: 'Northwind Property Management', overviewFilters: filterData } } }),
      ),
      graphql.query('OrganizationOverview', ({ variables }) => {
        asked.push(variables as Variables);
        return HttpResponse.json({ data: { organization: { __typename: 'Organization', id: variables.organizationId, overview: overview(variables as Variables) } } });
      }),
    ],
  });
  return { ...rendered, asked };
}

const inputOf = (label: string) => {
  const input = screen.getAllByLabelText(label).find((element) => element.tagName === 'INPUT');
  if (!input) throw new Error(`No input labelled ${label}`);
  return input;
};

describe('Organization overview', () => {
  it('shows the totals cards with counts and percentages rounded to 3 decimals, and each building with its types and cycles', async () => {
    renderPage();
    const totals = await screen.findByRole('list', { name: 'Totals' });
    expect(within(totals).getByLabelText('Total: 7, 100%')).toBeInTheDocument();
    expect(within(totals).getByLabelText('Satisfactory: 3, 42.857%')).toBeInTheDocument();
    expect(within(totals).getByLabelText('Unsatisfactory: 1, 14.286%')).toBeInTheDocument();
    expect(within(totals).getByLabelText('Not Applicable: 1, 14.286%')).toBeInTheDocument();
    expect(within(totals).getByLabelText('Incomplete: 1, 14.286%')).toBeInTheDocument();
    expect(within(totals).getByLabelText('Not Scanned: 1, 14.286%')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'King Street Commerce Centre' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(within(table).getByText('Complete')).toBeInTheDocument();
    const back = encodeURIComponent('/overview/organization');
    expect(within(table).getByRole('link', { name: 'Exit Sign' })).toHaveAttribute('href', `/manage/building/11/equipments?typeId=t1&backUrl=${back}`);
    expect(within(table).getByRole('link', { name: 'Exit Sign, Monthly: 1 Unsatisfactory (33.333%)' })).toHaveAttribute(
      'href',
      `/manage/building/11/equipments?typeId=t1&state=unsatisfactory&backUrl=${back}`,
    );
    expect(screen.getByRole('link', { name: 'King Street Commerce Centre' })).toHaveAttribute('href', '/overview/building/11?organizationId=1');
    // A building without current walkabouts says so in its place.
    expect(within(screen.getByRole('region', { name: 'Yonge & Eglinton Tower' })).getByText(OVERVIEW_EMPTY_MESSAGE)).toBeInTheDocument();
  });

  it("says 'Loading data, please wait...' while loading and 'No results found' when nothing matches", async () => {
    renderPage({
      handlers: [
        graphql.query('OrganizationOverview', async ({ variables }) => {
          await delay(300);
          return HttpResponse.json({ data: { organization: { __typename: 'Organization', id: variables.organizationId, overview: anOverview([]) } } });
        }),
      ],
    });
    // Found while the overview is on its way (it disappears when the answer comes).
    await screen.findByText(OVERVIEW_LOADING_MESSAGE);
    expect(await screen.findByText(OVERVIEW_EMPTY_MESSAGE)).toBeInTheDocument();
    expect(screen.getByLabelText('Total: 0, 0%')).toBeInTheDocument();
  });

  it('tells a user without an overview permission so, without asking for the overview', async () => {
    const { asked } = renderPage({ granted: ['canViewBuildings'] });
    expect(await screen.findByText('Not available')).toBeInTheDocument();
    expect(asked).toEqual([]);
  });

  it('lets an administrator choose the organization, which goes in the address', async () => {
    const { user, currentPath, asked } = renderPage({ isAdmin: true, granted: [] });
    const select = await waitFor(() => inputOf('Organization'));
    expect(asked).toEqual([]);
    expect(screen.getByText('Choose an organization to see the state of its buildings.')).toBeInTheDocument();
    await user.click(select);
    await user.click(await screen.findByRole('option', { name: 'Harbour Strata Services' }));
    await waitFor(() => expect(currentPath()).toBe('/overview/organization?organizationId=2'));
    await waitFor(() => expect(asked.at(-1)?.organizationId).toBe('2'));
  });

  it('shows no organization selector to others, whatever the address names', async () => {
    const { asked } = renderPage({ route: '/overview/organization?organizationId=2' });
    await screen.findByRole('list', { name: 'Totals' });
    expect(screen.queryAllByLabelText('Organization').find((element) => element.tagName === 'INPUT')).toBeUndefined();
    expect(asked.every((v) => v.organizationId === '1')).toBe(true);
  });

  it('narrows the buildings to the chosen region and sends the filter', async () => {
    const { user, asked } = renderPage();
    await screen.findByRole('list', { name: 'Totals' });
    const toggle = screen.getByRole('button', { name: 'Filters' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(inputOf('Regions'));
    await user.click(await screen.findByRole('option', { name: 'Midtown' }));
    await waitFor(() => expect(asked.at(-1)?.filter).toEqual({ buildingIds: ['12'] }));
    await user.click(inputOf('Buildings'));
    expect(screen.getByRole('option', { name: 'Yonge & Eglinton Tower' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'King Street Commerce Centre' })).not.toBeInTheDocument();
  });

  it('pages through the buildings with previous and next', async () => {
    const { user, asked } = renderPage({ overview: (v) => anOverview(v.page === 1 ? [king] : [yonge], { buildingsCount: 12, page: v.page }) });
    expect(await screen.findByText('Buildings 1-10 of 12')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous buildings' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next buildings' }));
    expect(await screen.findByText('Buildings 11-12 of 12')).toBeInTheDocument();
    expect(asked.at(-1)).toMatchObject({ page: 2, pageSize: 10 });
    expect(await screen.findByRole('region', { name: 'Yonge & Eglinton Tower' })).toBeInTheDocument();
  });

  it('says the overview could not be loaded, offers to try again and keeps the user signed in', async () => {
    let fail = true;
    const { user, currentPath } = renderPage({
      handlers: [
        graphql.query('OrganizationOverview', ({ variables }) =>
          fail
            ? serverError('Backend unavailable')
            : HttpResponse.json({ data: { organization: { __typename: 'Organization', id: variables.organizationId, overview: anOverview([king]) } } }),
        ),
      ],
    });
    expect(await screen.findByText('The overview could not be loaded')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Totals' })).toBeInTheDocument();
    expect(currentPath()).toBe('/overview/organization');
  });

  it('says the overview could not be loaded when its filters fail, with the reason, and Try again reads the filters again', async () => {
    let fail = true;
    let filtersAsked = 0;
    const { user, currentPath } = renderPage({
      handlers: [
        graphql.query('OrganizationOverviewFilters', () => {
          filtersAsked += 1;
          return fail ? serverError('The backend did not answer') : undefined;
        }),
      ],
    });
    expect(await screen.findByText('The overview could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('The backend did not answer')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Filters' })).not.toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Filters' })).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'Totals' })).toBeInTheDocument();
    expect(screen.queryByText('The overview could not be loaded')).not.toBeInTheDocument();
    expect(filtersAsked).toBe(2);
    expect(currentPath()).toBe('/overview/organization');
    expect(readAccessToken()).not.toBeNull();
  });
});

describe('Organization overview Print', () => {
  afterEach(() => vi.restoreAllMocks());

  it('makes the PDF of the overview shown, the Print button busy meanwhile, and opens it in a new tab', async () => {
    const blobs = catchObjectUrls();
    const open = vi.spyOn(window, 'open').mockReturnValue({} as Window);
    const pdf = holdPdf();
    const { user, currentPath } = renderPage({ overview: (v) => anOverview([king, yonge], { buildingsCount: 2, page: v.page }) });
    await screen.findByRole('list', { name: 'Totals' });
    const print = screen.getByRole('button', { name: 'Print' });
    expect(print).toBeEnabled();
    await user.click(print);
    await waitFor(() => expect(print).toHaveAttribute('data-loading'));
    expect(print).toBeDisabled();
    expect(open).not.toHaveBeenCalled();
    pdf.release();
    await waitFor(() => expect(open).toHaveBeenCalledWith('blob:http://localhost/overview-1', '_blank'));
    await waitFor(() => expect(print).toBeEnabled());
    expect(print).not.toHaveAttribute('data-loading');
    expect(blobs).toHaveLength(1);
    expect(blobs[0]!.type).toBe('application/pdf');
    const document = await PDFDocument.load(await bytesOf(blobs[0]!));
    expect(document.getTitle()).toBe('Northwind Property Management overview');
    expect(document.getPageCount()).toBe(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(currentPath()).toBe('/overview/organization');
  });

  it('offers the PDF as a download named after the overview when the browser blocks the new tab', async () => {
    const blobs = catchObjectUrls();
    vi.spyOn(window, 'open').mockReturnValue(null);
    const downloads: Array<{ href: string; download: string }> = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push({ href: this.href, download: this.download });
    });
    const { user } = renderPage();
    await screen.findByRole('list', { name: 'Totals' });
    await user.click(screen.getByRole('button', { name: 'Print' }));
    await waitFor(() => expect(downloads).toEqual([{ href: 'blob:http://localhost/overview-1', download: 'Northwind Property Management overview.pdf' }]));
    expect(blobs[0]!.type).toBe('application/pdf');
    expect((await PDFDocument.load(await bytesOf(blobs[0]!))).getTitle()).toBe('Northwind Property Management overview');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Print' })).toBeEnabled());
  });

  it('says the PDF could not be made when Print fails, keeps the overview and the session, and Print again succeeds', async () => {
    catchObjectUrls();
    const open = vi.spyOn(window, 'open').mockReturnValue({} as Window);
    const pdf = holdPdf({ fail: true });
    const { user, currentPath } = renderPage();
    await screen.findByRole('list', { name: 'Totals' });
    await user.click(screen.getByRole('button', { name: 'Print' }));
    pdf.release();
    expect(await screen.findByRole('alert')).toHaveTextContent('The PDF could not be made. Try again.');
    expect(open).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Print' })).toBeEnabled();
    expect(screen.getByRole('table', { name: 'King Street Commerce Centre' })).toBeInTheDocument();
    expect(screen.getByLabelText('Total: 7, 100%')).toBeInTheDocument();
    expect(currentPath()).toBe('/overview/organization');
    expect(readAccessToken()).not.toBeNull();

    pdf.spy.mockRestore();
    await user.click(screen.getByRole('button', { name: 'Print' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('blob:http://localhost/overview-1', '_blank'));
    expect(screen.queryByText('The PDF could not be made. Try again.')).not.toBeInTheDocument();
  });
});
