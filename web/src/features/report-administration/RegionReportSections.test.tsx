import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { graphql, HttpResponse } from 'msw';
import { type PermissionFlag } from '@fsi/shared';
import { REPORT_INACTIVE_SUBTITLE } from '@fsi/shared/report-administration';
import { renderApp } from '../../test/render';
import { aViewer } from '../../test/builders';
import { aBooklet, aDefinition } from './fixtures';
import { RegionReportSections } from './RegionReportSections';

function renderSections(granted: PermissionFlag[] = ['canCreateWalkaboutReports']) {
  const viewer = aViewer({ granted });
  const asked: Array<Record<string, unknown>> = [];
  renderApp({
    viewer,
    ui: <RegionReportSections organizationId="1" regionId="12" />,
    handlers: [
      graphql.query('ReportAdministrationViewer', () => HttpResponse.json({ data: { viewer } })),
      graphql.query('RegionReportSections', ({ variables }) => {
        asked.push(variables);
        return HttpResponse.json({
          data: {
            organization: {
              __typename: 'Organization',
              id: '1',
              reportDefinitions: [aDefinition({ id: '31', name: 'Downtown Log', regionId: '12', buildingNames: ['King Street'] }), aDefinition({ id: '32', name: 'Old Log', regionId: '12', isActive: false })],
              reportBookletTemplates: [aBooklet({ id: '41', name: 'Downtown Booklet', regionId: '12' })],
            },
          },
        });
      }),
    ],
  });
  return asked;
}

describe('RegionReportSections', () => {
  it("lists the region's reports and booklets, with add rows that open the New Report and New Booklet sheets", async () => {
    const asked = renderSections();
    const reports = await screen.findByRole('region', { name: 'Reports' });
    expect(asked).toEqual([{ organizationId: '1', regionId: '12' }]);
    expect(within(reports).getAllByRole('listitem').map((l) => l.textContent)).toEqual(['Downtown LogKing Street', `Old Log${REPORT_INACTIVE_SUBTITLE}`, 'Add New Report…']);
    expect(within(reports).getByRole('link', { name: /^Downtown Log/ })).toHaveAttribute('href', '/manage/organization/1/report/31');
    expect(within(reports).getByRole('link', { name: /^Old Log/ })).toBeInTheDocument();
    expect(within(reports).getByRole('button', { name: 'Add New Report…' })).toHaveAttribute('aria-haspopup', 'dialog');
    const booklets = screen.getByRole('region', { name: 'Report Booklets' });
    expect(within(booklets).getByRole('link', { name: 'Downtown Booklet (41)' })).toBeInTheDocument();
    expect(within(booklets).getByRole('button', { name: 'Add New Report Booklet…' })).toHaveAttribute('aria-haspopup', 'dialog');
  });

  it('has no add rows without canCreateWalkaboutReports', async () => {
    renderSections([]);
    await screen.findByRole('region', { name: 'Reports' });
    expect(screen.queryByRole('button', { name: 'Add New Report…' })).not.toBeInTheDocument();
  });
});
