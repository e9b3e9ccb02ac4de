import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { graphql, HttpResponse } from 'msw';
import type { PermissionFlag } from '@fsi/shared';
import { renderApp } from '../../test/render';
import { aViewer } from '../../test/builders';
import { aDocument } from './testDocuments';

// jsdom's FormData and Node's fetch do not meet: the multipart upload itself is checked in Chromium (tests/e2e).
const uploads = vi.hoisted(() => ({ received: [] as { name: string; kind: string | undefined }[] }));
vi.mock('../../lib/upload/uploadFile', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/upload/uploadFile')>()),
  uploadFile: (_file: Blob, name: string, kind?: string) => {
    uploads.received.push({ name, kind });
    return Promise.resolve({ status: 'done', value: { url: '/files/k2.png', mimetype: 'image/png', pageCount: null } });
  },
}));

const HEADERS = ['Cycle', 'Equipment', 'Location', 'Floor', 'Model', 'ID', 'Documents', 'Acknowledged', 'Comments', 'Sections', 'Photo'];

function answer(granted: PermissionFlag[], documents: unknown[]) {
  return {
    viewer: aViewer({ granted }),
    report: {
      __typename: 'Report' as const,
      id: '11-summary-failure',
      name: 'Summary Failure Report',
      type: 'FAILURE',
      cycleName: null,
      date: '2026-03-09',
      total: 1,
      acknowledgedTotal: 0,
      emptyMessage: 'No failures recorded in the latest walkabout(s).',
      headers: HEADERS,
      rows: [
        {
          __typename: 'ReportRow' as const,
          cells: ['Weekly', 'Fire Pump (8)', 'Fire Pump Room', 'P1', '', '14', documents.map((d) => (d as { name: string }).name).join(', '), '', '', 'Controller (U)', ''],
          item: {
            __typename: 'FailureItem' as const,
            id: 'entries-14',
            kind: 'ENTRY',
            modelId: '14',
            followUp: { __typename: 'FailureFollowUp' as const, id: 'entries-14', state: 'UNACKNOWLEDGED', acknowledgedAt: null, acknowledgedUsername: null, acknowledgedNotes: null },
            comments: [],
            documents,
          },
        },
      ],
      building: { __typename: 'Building' as const, id: '11', name: 'King Street Tower', timeZone: 'America/Toronto' },
    },
  };
}

function renderFailures(granted: PermissionFlag[], documents: unknown[] = [], created: unknown[] = []) {
  return renderApp({
    route: '/buildings/11/reports/summary/11-summary-failure',
    viewer: aViewer({ granted }),
    handlers: [
      graphql.query('ReportShowPage', () => HttpResponse.json({ data: answer(granted, documents) })),
      graphql.mutation('CreateDocument', ({ variables }) => {
        created.push(variables.input);
        return HttpResponse.json({
          data: { createDocument: { document: aDocument({ id: '41', name: 'Pump invoice', mimetype: 'image/png', isPdf: false, pageCount: null, failureItemKind: 'ENTRY', failureItemId: '14' }), errors: [] } },
        });
      }),
    ],
  });
}

describe('Failure item documents', () => {
  it("lists the item's documents as links in its Documents cell", async () => {
    renderFailures(['canViewFailureReport'], [aDocument(), aDocument({ id: '32', name: 'Pump photo', mimetype: 'image/png', isPdf: false, pageCount: null })]);
    const table = await screen.findByRole('table');
    const cell = within(table).getByRole('list', { name: 'Documents' });
    expect(within(cell).getByRole('link', { name: 'Evacuation Plan' })).toHaveAttribute('href', '/buildings/11/documents/31');
    expect(within(cell).getByRole('link', { name: 'Pump photo (opens in a new window)' })).toHaveAttribute('target', '_blank');
  });

  it('offers Add Document only with canDocumentFailureReport', async () => {
    renderFailures(['canViewFailureReport', 'canAcknowledgeFailureReport']);
    await screen.findByRole('table');
    expect(screen.queryByRole('button', { name: /^Add Document/ })).not.toBeInTheDocument();
  });

  it("uploads a file, names it and saves it on the item (its entry), and the Documents cell shows it", async () => {
    uploads.received.length = 0;
    const created: unknown[] = [];
    const { user } = renderFailures(['canViewFailureReport', 'canDocumentFailureReport'], [], created);
    await user.click(await screen.findByRole('button', { name: 'Add Document Fire Pump (8) at Fire Pump Room' }));
    const sheet = await screen.findByRole('dialog', { name: 'Add Document' });
    expect(within(sheet).getByText('Fire Pump (8) at Fire Pump Room')).toBeInTheDocument();
    expect(within(sheet).getByRole('button', { name: 'Save' })).toBeDisabled();
    const input = sheet.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    await user.upload(input, new File(['png'], 'invoice.png', { type: 'image/png' }));
    expect(await within(sheet).findByText('invoice.png')).toBeInTheDocument();
    expect(uploads.received).toEqual([{ name: 'invoice.png', kind: 'document' }]);
    expect(within(sheet).getByRole('combobox', { name: 'Category' })).toHaveValue('Fire Safety Plan');
    await user.type(within(sheet).getByRole('textbox', { name: 'Name' }), 'Pump invoice');
    await user.selectOptions(within(sheet).getByRole('combobox', { name: 'Category' }), 'Work Orders');
    await user.click(within(sheet).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Document' })).not.toBeInTheDocument());
    expect(created).toEqual([{ failureItemKind: 'ENTRY', failureItemId: '14', name: 'Pump invoice', category: 'Work Orders', url: '/files/k2.png' }]);
    const cell = within(screen.getByRole('table')).getByRole('list', { name: 'Documents' });
    expect(within(cell).getByRole('link', { name: 'Pump invoice (opens in a new window)' })).toBeInTheDocument();
  });
});
