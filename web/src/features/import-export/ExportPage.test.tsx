import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { graphql, HttpResponse } from 'msw';
import { renderApp } from '../../test/render';
import { aViewer } from '../../test/builders';

/** A Mantine select's input by its label (the label also names the dropdown). */
const inputOf = async (label: RegExp) => (await screen.findAllByLabelText(label)).find((element) => element.tagName === 'INPUT')!;

const admin = aViewer({ isAdmin: true, organization: null });

function renderExport({ route = '/settings/export', viewer = admin } = {}) {
  const asked = { exports: [] as Array<Record<string, unknown>>, organizations: 0 };
  const rendered = renderApp({
    route,
    viewer,
    handlers: [
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

  it('is for administrators only, decided before anything is asked', async () => {
    const { asked } = renderExport({ viewer: aViewer() });
    expect(await screen.findByText('Administrators only')).toBeInTheDocument();
    expect(asked.organizations).toBe(0);
  });
});
