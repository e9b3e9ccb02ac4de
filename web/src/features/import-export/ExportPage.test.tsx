import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { graphql, HttpResponse, type RequestHandler } from 'msw';
import { renderApp } from '../../test/render';
import { aViewer, failingUntilRecovered, serverError } from '../../test/builders';
import { readAccessToken } from '../../lib/session/session';
import { EXPORT_FAILED_MESSAGE } from './ExportPage';
import { BUILDINGS_LOAD_FAILED_MESSAGE } from './dataSets';

/** A Mantine select's input by its label (the label also names the dropdown). */
const inputOf = async (label: RegExp) => (await screen.findAllByLabelText(label)).find((element) => element.tagName === 'INPUT')!;

const admin = aViewer({ isAdmin: true, organization: null });

function renderExport({ route = '/settings/export', viewer = admin, handlers = [] as RequestHandler[] } = {}) {
  const asked = { exports: [] as Array<Record<string, unknown>>, organizations: 0 };
  const rendered = renderApp({
    route,
    viewer,
    handlers: [
      ...handlers,
      graphql.query('DataTransferViewer', () => HttpResponse.json({ data: { viewer } })),
      graphql.query('DataTransferOrganizations', () => {
        asked.organizations += 1;
        return HttpResponse.json({ data: { organizations: { __typename: 'OrganizationConnection', nodes: [{ __typename: 'Organization', id: '1', name: 'Northwind' }] } } });
      }),
      graphql.query('ExportBuildings', () =>
        HttpResponse.json({
          data: {
            buildings: {
              __typename: 'BuildingConnection',
              nodes: [{ __typename: 'Building', id: '5', name: 'King Street Commerce Centre' }],
            },
          },
        }),
      ),
      graphql.query('ExportData', ({ variables }) => {
        asked.exports.push(variables);
        const type = String(variables.type);
        return HttpResponse.json({ data: { exportData: { __typename: 'DataExport', type, filename: `${type.toLowerCase()}.csv`, csv: '\ufeffa,b\r\n1,2\r\n', rowsCount: 1 } } });
      }),
    ],
  });
  return { ...rendered, asked };
}

describe('Export', () => {
  afterEach(() => vi.restoreAllMocks());

  it('downloads the chosen data set of the chosen organization as a CSV file', async () => {
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:export');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user, asked } = renderExport();
    await user.click(await inputOf(/^Organization/));
    await user.click(await screen.findByRole('option', { name: 'Northwind' }));
    await user.click(await inputOf(/^Type/));
    await user.click(await screen.findByRole('option', { name: 'References' }));
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByText('references.csv: 1 row.')).toBeInTheDocument();
    expect(asked.exports).toEqual([{ type: 'REFERENCES', organizationId: '1', id: null }]);
    expect(created).toHaveBeenCalledTimes(1);
    expect(clicked).toHaveBeenCalledTimes(1);
  });

  it('exports one building from /settings/export/buildings', async () => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:export');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user, asked } = renderExport({ route: '/settings/export/buildings' });
    await user.click(await inputOf(/^Organization/));
    await user.click(await screen.findByRole('option', { name: 'Northwind' }));
    await user.click(await inputOf(/^Building/));
    await user.click(await screen.findByRole('option', { name: 'King Street Commerce Centre' }));
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByText('buildings.csv: 1 row.')).toBeInTheDocument();
    expect(asked.exports).toEqual([{ type: 'BUILDINGS', organizationId: '1', id: '5' }]);
  });

  it('says on the Building select when the buildings could not be loaded, and loads them again on request', async () => {
    let failing = true;
    const { user } = renderExport({
      route: '/settings/export/buildings',
      handlers: [
        graphql.query('ExportBuildings', () =>
          failing
            ? serverError('The buildings service is down')
            : HttpResponse.json({ data: { buildings: { __typename: 'BuildingConnection', nodes: [{ __typename: 'Building', id: '5', name: 'King Street Commerce Centre' }] } } }),
        ),
      ],
    });
    await user.click(await inputOf(/^Organization/));
    await user.click(await screen.findByRole('option', { name: 'Northwind' }));
    expect(await screen.findByText(BUILDINGS_LOAD_FAILED_MESSAGE)).toBeInTheDocument();
    expect(await inputOf(/^Building/)).toHaveAttribute('aria-invalid', 'true');
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Load the buildings again' }));
    await waitFor(() => expect(screen.queryByText(BUILDINGS_LOAD_FAILED_MESSAGE)).not.toBeInTheDocument());
    await user.click(await inputOf(/^Building/));
    expect(await screen.findByRole('option', { name: 'King Street Commerce Centre' })).toBeInTheDocument();
    expect(readAccessToken()).not.toBeNull();
  });

  it('is for administrators only, decided before anything is asked', async () => {
    const { asked } = renderExport({ viewer: aViewer() });
    expect(await screen.findByText('Administrators only')).toBeInTheDocument();
    expect(asked.organizations).toBe(0);
  });

  it('says the organizations could not be loaded, with the reason, reloads them on Try again and keeps the user signed in', async () => {
    let failed = 0;
    const broken = failingUntilRecovered('DataTransferOrganizations', { onFailure: () => void (failed += 1) });
    const { user, currentPath } = renderExport({
      handlers: [broken.handler],
    });
    expect(await screen.findByText('The organizations could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('Check your connection and try again.')).toBeInTheDocument();
    expect(screen.getByText('The backend did not answer')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download CSV' })).not.toBeInTheDocument();
    expect(failed).toBe(1);
    broken.recover();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await user.click(await inputOf(/^Organization/));
    expect(await screen.findByRole('option', { name: 'Northwind' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeInTheDocument();
    expect(screen.queryByText('The organizations could not be loaded')).not.toBeInTheDocument();
    expect(currentPath()).toBe('/settings/export');
    expect(readAccessToken()).not.toBeNull();
  });

  it("says the export could not be made when the data set fails to load, keeps the choices and the session, and a second try downloads", async () => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:export');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const broken = failingUntilRecovered('ExportData', { init: { status: 502 } });
    const { user, currentPath, asked } = renderExport({
      handlers: [broken.handler],
    });
    await user.click(await inputOf(/^Organization/));
    await user.click(await screen.findByRole('option', { name: 'Northwind' }));
    await user.click(await inputOf(/^Type/));
    await user.click(await screen.findByRole('option', { name: 'References' }));
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(EXPORT_FAILED_MESSAGE);
    expect(clicked).not.toHaveBeenCalled();
    expect(await inputOf(/^Organization/)).toHaveValue('Northwind');
    expect(await inputOf(/^Type/)).toHaveValue('References');
    expect(currentPath()).toBe('/settings/export');
    expect(readAccessToken()).not.toBeNull();
    broken.recover();
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByText('references.csv: 1 row.')).toBeInTheDocument();
    expect(screen.queryByText(EXPORT_FAILED_MESSAGE)).not.toBeInTheDocument();
    expect(asked.exports).toEqual([{ type: 'REFERENCES', organizationId: '1', id: null }]);
    expect(clicked).toHaveBeenCalledTimes(1);
  });

  it('ends the session when the export is refused as not signed in (UNAUTHENTICATED), sending the user to sign in with this page to come back to', async () => {
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user, currentPath } = renderExport({
      handlers: [graphql.query('ExportData', () => HttpResponse.json({ data: null, errors: [{ message: 'Not signed in', extensions: { code: 'UNAUTHENTICATED' } }] }))],
    });
    await user.click(await inputOf(/^Organization/));
    await user.click(await screen.findByRole('option', { name: 'Northwind' }));
    await user.click(await inputOf(/^Type/));
    await user.click(await screen.findByRole('option', { name: 'References' }));
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(currentPath()).toBe(`/signin?redirectUrl=${encodeURIComponent('/settings/export')}`);
    expect(readAccessToken()).toBeNull();
    expect(screen.queryByText(EXPORT_FAILED_MESSAGE)).not.toBeInTheDocument();
    expect(clicked).not.toHaveBeenCalled();
  });
});
