import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { graphql, HttpResponse } from 'msw';
import { renderApp } from '../../test/render';
import { aViewer } from '../../test/builders';
import { currentMonthRange } from './RepairReportPage';

const building = { __typename: 'Building' as const, id: '11', name: 'King Street Tower' };
const equipment = [
  { __typename: 'Equipment' as const, id: '4', displayName: 'Portable Fire Extinguisher (4)' },
  { __typename: 'Equipment' as const, id: '7', displayName: 'Emergency Lighting (7)' },
];

afterEach(() => vi.restoreAllMocks());

function renderRepair(download: (variables: Record<string, unknown>) => unknown) {
  const viewer = aViewer({ granted: ['canViewRepairReports'] });
  const asked: Array<Record<string, unknown>> = [];
  renderApp({
    route: '/buildings/11/reports/repair',
    viewer,
    handlers: [
      graphql.query('RepairReportPage', () => HttpResponse.json({ data: { building, equipment } })),
      graphql.query('RepairReportDownload', ({ variables }) => {
        asked.push(variables);
        return HttpResponse.json({ data: { repairReportDownload: download(variables) } });
      }),
    ],
  });
  return asked;
}

describe('Repair report', () => {
  it('defaults to the current month, lists equipment as name (id), and opens the signed PDF in a tab opened on the click', async () => {
    const tab = { location: { href: 'about:blank' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const asked = renderRepair(() => ({
      __typename: 'RepairReportDownloadResult',
      download: { __typename: 'ReportDownload', downloadUrl: '/signed-files/abc.pdf?signature=x', filename: 'repair.pdf', expiresAt: '2026-11-23T12:05:00.000Z' },
      errors: [],
    }));
    const { startDate, endDate } = currentMonthRange();
    expect(await screen.findByLabelText(/Start date/)).toHaveValue(startDate);
    expect(screen.getByLabelText('End date')).toHaveValue(endDate);
    const downloadButton = screen.getByRole('button', { name: 'Download' });
    expect(downloadButton).toBeDisabled();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Portable Fire Extinguisher (4)' }));
    expect(screen.getByRole('checkbox', { name: 'Emergency Lighting (7)' })).not.toBeChecked();
    expect(downloadButton).toBeEnabled();
    fireEvent.click(downloadButton);
    expect(open).toHaveBeenCalledWith('about:blank', '_blank');
    await waitFor(() => expect(tab.location.href).toBe('/signed-files/abc.pdf?signature=x'));
    expect(asked).toEqual([{ buildingId: '11', startDate, endDate, equipmentIds: ['4'] }]);
  });

  it('keeps Download disabled without a start date, and shows the field errors when no report can be made', async () => {
    const tab = { location: { href: 'about:blank' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    renderRepair(() => ({
      __typename: 'RepairReportDownloadResult',
      download: null,
      errors: [{ __typename: 'FieldError', field: 'endDate', message: 'The end date must be a valid date on or after the start date.' }],
    }));
    const start = await screen.findByLabelText(/Start date/);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Emergency Lighting (7)' }));
    fireEvent.change(start, { target: { value: '' } });
    expect(screen.getByRole('button', { name: 'Download' })).toBeDisabled();
    fireEvent.change(start, { target: { value: '2026-12-01' } });
    fireEvent.change(screen.getByLabelText('End date'), { target: { value: '2026-11-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The end date must be a valid date on or after the start date.');
    expect(tab.close).toHaveBeenCalled();
  });
});
