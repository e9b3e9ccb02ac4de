import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { graphql, HttpResponse } from 'msw';
import type { PermissionFlag } from '@fsi/shared';
import { renderApp } from '../../test/render';
import { aViewer } from '../../test/builders';
import { aBookmark, aBuilding, aDocument } from './testDocuments';

// jsdom draws no canvas: the pages stand in as the figures PdfPages makes (drawn for real in tests/e2e), and each
// asked-for page is recorded.
const pdf = vi.hoisted(() => ({ pagesAsked: [] as (number | undefined)[] }));
vi.mock('../../ui/PdfPages', async () => {
  const { useEffect } = await import('react');
  return {
    PdfPages: ({ label, page, onPageCount }: { label: string; page?: number; onPageCount?: (n: number) => void }) => {
      useEffect(() => onPageCount?.(4), [onPageCount]);
      pdf.pagesAsked.push(page);
      return (
        <div>
          {[1, 2, 3, 4].map((n) => (
            <figure key={n} id={`pdf-page-${n}`} aria-label={`Page ${n} of 4`}>
              {label}
            </figure>
          ))}
        </div>
      );
    },
  };
});

function renderDocument({ granted = [] as PermissionFlag[], document = aDocument({ bookmarks: [aBookmark('Stairs', 3)] }) as unknown, building = aBuilding(), route = '/buildings/11/documents/31', onUpdate = (_v: Record<string, unknown>) => undefined as unknown } = {}) {
  const viewer = aViewer({ granted });
  return renderApp({
    route,
    viewer,
    handlers: [
      graphql.query('DocumentPage', () => HttpResponse.json({ data: { viewer, building, document } })),
      graphql.mutation('UpdateDocumentBookmarks', ({ variables }) => HttpResponse.json({ data: { updateDocument: onUpdate(variables) } })),
    ],
  });
}

describe('Document bookmarks page', () => {
  it('shows the pages, the page count and the bookmarks; a bookmark goes to its page and into the address', async () => {
    pdf.pagesAsked.length = 0;
    const { user, currentPath } = renderDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Evacuation Plan' })).toBeInTheDocument();
    expect(await screen.findByRole('figure', { name: 'Page 3 of 4' })).toBeInTheDocument();
    expect(screen.getByText(/^4 pages/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/buildings/11/documents?category=Fire%20Safety%20Plan');
    const bookmarks = screen.getByRole('list', { name: 'Bookmarks' });
    await user.click(within(bookmarks).getByRole('button', { name: /Stairs/ }));
    expect(currentPath()).toBe('/buildings/11/documents/31?page=3');
    expect(pdf.pagesAsked.at(-1)).toBe(3);
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('opens at the page of ?page=', async () => {
    pdf.pagesAsked.length = 0;
    renderDocument({ route: '/buildings/11/documents/31?page=3' });
    await screen.findByRole('figure', { name: 'Page 3 of 4' });
    expect(pdf.pagesAsked.at(-1)).toBe(3);
    expect(within(screen.getByRole('list', { name: 'Bookmarks' })).getByRole('button', { name: /Stairs/ })).toHaveAttribute('aria-current', 'location');
  });

  it('edits the bookmarks: adds one at the page in view, renames, removes, and Done saves them in page order', async () => {
    const saved: unknown[] = [];
    const { user } = renderDocument({
      granted: ['canManageBuildings'],
      onUpdate: (variables) => {
        saved.push(variables);
        return { document: aDocument({ bookmarks: (variables.bookmarks as { label: string; page: number }[]).map((b) => aBookmark(b.label, b.page)) }), errors: [] };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    expect(screen.getByRole('button', { name: 'Done' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add bookmark at page 1' }));
    const added = screen.getByRole('textbox', { name: 'Bookmark at page 1' });
    expect(added).toHaveValue('Page 1');
    await user.clear(added);
    await user.type(added, 'Cover');
    await user.click(screen.getByRole('button', { name: 'Remove bookmark Stairs' }));
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument());
    expect(saved).toEqual([{ id: '31', bookmarks: [{ label: 'Cover', page: 1 }] }]);
    expect(within(screen.getByRole('list', { name: 'Bookmarks' })).getByRole('button', { name: /Cover/ })).toBeInTheDocument();
  });

  it('requires a label before Done saves', async () => {
    const saved: unknown[] = [];
    const { user } = renderDocument({ granted: ['canManageBuildings'], onUpdate: (v) => (saved.push(v), null) });
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.clear(screen.getByRole('textbox', { name: 'Bookmark at page 3' }));
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(await screen.findByText('Bookmark label is required field')).toBeInTheDocument();
    expect(saved).toEqual([]);
  });

  it('Cancel puts the saved bookmarks back', async () => {
    const { user } = renderDocument({ granted: ['canManageBuildings'] });
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Remove bookmark Stairs' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(within(screen.getByRole('list', { name: 'Bookmarks' })).getByRole('button', { name: /Stairs/ })).toBeInTheDocument();
  });

  it('shows Saving… while Done saves, and on a refusal its message with the edits kept', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const { user } = renderDocument({ granted: ['canManageBuildings'] });
    const { server } = await import('../../test/server');
    server.use(
      graphql.mutation('UpdateDocumentBookmarks', async () => {
        await new Promise((resolve) => (answer = resolve));
        return HttpResponse.json({ data: { updateDocument: { document: null, errors: [{ __typename: 'FieldError', field: 'bookmarks', message: 'Page must be between 1 and 4', code: 'VALIDATION_FAILED' }] } } });
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.type(screen.getByRole('textbox', { name: 'Bookmark at page 3' }), ' up');
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(await screen.findByText('Saving…')).toBeInTheDocument();
    answer(null);
    expect(await screen.findByText('Page must be between 1 and 4')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Bookmark at page 3' })).toHaveValue('Stairs up');
  });

  it("says why while the building's contract is not accepted", async () => {
    renderDocument({ building: aBuilding({ contractAcceptedAt: null }), document: null });
    expect(await screen.findByText('Contract not accepted')).toBeInTheDocument();
  });

  it('says No results found for a document that is not there', async () => {
    renderDocument({ document: null });
    expect(await screen.findByText('No results found')).toBeInTheDocument();
  });
});
