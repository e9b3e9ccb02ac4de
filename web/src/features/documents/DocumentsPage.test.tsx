import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { graphql, HttpResponse } from 'msw';
import type { PermissionFlag } from '@fsi/shared';
import { renderApp } from '../../test/render';
import { aViewer } from '../../test/builders';
import { aBuilding, aConnection, aDocument } from './testDocuments';

// jsdom's FormData and Node's fetch do not meet: the multipart upload itself is checked in Chromium (tests/e2e).
const uploads = vi.hoisted(() => ({ received: [] as { name: string; kind: string | undefined }[], answer: null as unknown }));
vi.mock('../../lib/upload/uploadFile', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/upload/uploadFile')>()),
  uploadFile: (_file: Blob, name: string, kind?: string) => {
    uploads.received.push({ name, kind });
    return Promise.resolve(uploads.answer ?? { status: 'done', value: { url: '/files/k1.pdf', mimetype: 'application/pdf', pageCount: 4 } });
  },
}));

type Asked = Record<string, unknown>[];

function renderDocuments({ granted = [] as PermissionFlag[], nodes = [aDocument()] as unknown[], building = aBuilding(), route = '/buildings/11/documents?category=Fire%20Safety%20Plan', handlers = [] as Parameters<typeof renderApp>[0] extends infer O ? (O extends { handlers?: infer H } ? H : never) : never } = {}) {
  const asked: Asked = [];
  const viewer = aViewer({ granted });
  const result = renderApp({
    route,
    viewer,
    handlers: [
      graphql.query('DocumentsPage', ({ variables }) => {
        asked.push(variables);
        const search = typeof variables.search === 'string' ? variables.search.toLowerCase() : null;
        const shown = search ? nodes.filter((n) => (n as { name: string }).name.toLowerCase().includes(search)) : nodes;
        return HttpResponse.json({ data: { viewer, building: building && { ...building, documents: aConnection(shown) } } });
      }),
      ...(handlers ?? []),
    ],
  });
  return { ...result, asked };
}

function fileInput(): HTMLInputElement {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return input;
}

const pdf = () => new File(['%PDF-1.7'], 'plan.pdf', { type: 'application/pdf' });

describe('Documents of a category', () => {
  it("lists the category's documents: a PDF opens its bookmarks page, another file a new window", async () => {
    renderDocuments({
      nodes: [aDocument(), aDocument({ id: '32', name: 'Sprinkler drawings', mimetype: 'image/png', isPdf: false, pageCount: null, url: 'http://localhost/signed-files/32?sig=x' })],
    });
    const list = await screen.findByRole('list', { name: 'Fire Safety Plan' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first!).getByRole('link', { name: 'Evacuation Plan' })).toHaveAttribute('href', '/buildings/11/documents/31');
    expect(within(first!).getByText('PDF · 4 pages · Added March 9, 2026 by manager')).toBeInTheDocument();
    const other = within(second!).getByRole('link', { name: 'Sprinkler drawings (opens in a new window)' });
    expect(other).toHaveAttribute('href', 'http://localhost/signed-files/32?sig=x');
    expect(other).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('heading', { level: 1, name: 'Fire Safety Plan' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Categories' })).toHaveAttribute('href', '/buildings/11/document-categories');
  });

  it('opens a file that is not a PDF in a new window at a fresh signed URL (the listed one may have expired)', async () => {
    const opened = { opener: {} as unknown, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(opened as unknown as Window);
    const { user } = renderDocuments({
      nodes: [aDocument({ id: '32', name: 'Sprinkler drawings', mimetype: 'image/png', isPdf: false, pageCount: null, url: 'http://localhost/signed-files/32?sig=old' })],
      handlers: [graphql.query('OpenDocumentUrl', ({ variables }) => HttpResponse.json({ data: { document: { __typename: 'Document', id: variables.id, url: 'http://localhost/signed-files/32?sig=new' } } }))],
    });
    await user.click(await screen.findByRole('link', { name: 'Sprinkler drawings (opens in a new window)' }));
    expect(open).toHaveBeenCalledWith('', '_blank');
    await waitFor(() => expect(opened.location.href).toBe('http://localhost/signed-files/32?sig=new'));
    expect(opened.opener).toBeNull();
    open.mockRestore();
  });

  it('asks for the documents whose name holds the search text', async () => {
    const { user, asked } = renderDocuments({ nodes: [aDocument(), aDocument({ id: '33', name: 'Floor 2 plan' })] });
    await screen.findByRole('link', { name: 'Evacuation Plan' });
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'floor');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Evacuation Plan' })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Floor 2 plan' })).toBeInTheDocument();
    expect(asked.at(-1)).toMatchObject({ buildingId: '11', category: 'Fire Safety Plan', search: 'floor' });
  });

  it('says No results found when the category holds no document', async () => {
    renderDocuments({ nodes: [] });
    expect(await screen.findByText('No results found')).toBeInTheDocument();
  });

  it("says why the documents are closed while the building's contract is not accepted, and offers no upload", async () => {
    renderDocuments({ granted: ['canManageBuildings'], building: aBuilding({ contractAcceptedAt: null }), nodes: [] });
    expect(await screen.findByText('Contract not accepted')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload document' })).not.toBeInTheDocument();
  });

  it('offers Upload only to users who manage buildings', async () => {
    renderDocuments();
    await screen.findByRole('link', { name: 'Evacuation Plan' });
    expect(screen.queryByRole('button', { name: 'Upload document' })).not.toBeInTheDocument();
  });

  it('uploads the chosen file, then names it in the document sheet (name required, category Fire Safety Plan) and saves it', async () => {
    uploads.received.length = 0;
    uploads.answer = null;
    const created: unknown[] = [];
    const { user } = renderDocuments({
      granted: ['canManageBuildings'],
      handlers: [
        graphql.mutation('CreateDocument', ({ variables }) => {
          created.push(variables.input);
          return HttpResponse.json({ data: { createDocument: { document: aDocument({ id: '40', name: 'Plan 2026' }), errors: [] } } });
        }),
      ],
    });
    await screen.findByRole('button', { name: 'Upload document' });
    await user.upload(fileInput(), pdf());
    const sheet = await screen.findByRole('dialog', { name: 'New Document' });
    expect(await within(sheet).findByText('plan.pdf · 4 pages')).toBeInTheDocument();
    expect(uploads.received).toEqual([{ name: 'plan.pdf', kind: 'document' }]);
    const name = within(sheet).getByRole('textbox', { name: 'Name' });
    expect(name).toHaveAttribute('placeholder', 'My Document');
    expect(within(sheet).getByRole('combobox', { name: 'Category' })).toHaveValue('Fire Safety Plan');
    await user.click(within(sheet).getByRole('button', { name: 'Save' }));
    expect(await within(sheet).findByText('Name is required field')).toBeInTheDocument();
    expect(created).toEqual([]);
    await user.type(name, ' Plan 2026 ');
    await user.selectOptions(within(sheet).getByRole('combobox', { name: 'Category' }), 'Manuals');
    await user.click(within(sheet).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New Document' })).not.toBeInTheDocument());
    expect(created).toEqual([{ buildingId: '11', name: 'Plan 2026', category: 'Manuals', url: '/files/k1.pdf' }]);
  });

  it("says the upload failed in the spec's words and keeps the name typed", async () => {
    uploads.answer = { status: 'offline' };
    const { user } = renderDocuments({ granted: ['canManageBuildings'] });
    await screen.findByRole('button', { name: 'Upload document' });
    await user.upload(fileInput(), pdf());
    const sheet = await screen.findByRole('dialog', { name: 'New Document' });
    expect(await within(sheet).findByText('There was an error uploading your document. Please try again.')).toBeInTheDocument();
    await user.type(within(sheet).getByRole('textbox', { name: 'Name' }), 'Kept');
    expect(within(sheet).getByRole('button', { name: 'Save' })).toBeDisabled();
    uploads.answer = null;
    await user.upload(sheet.querySelector<HTMLInputElement>('input[type="file"]') ?? fileInput(), pdf());
    expect(await within(sheet).findByText('plan.pdf · 4 pages')).toBeInTheDocument();
    expect(within(sheet).getByRole('textbox', { name: 'Name' })).toHaveValue('Kept');
    expect(within(sheet).getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it("shows a refused save's message at its field and keeps the sheet", async () => {
    uploads.answer = null;
    const { user } = renderDocuments({
      granted: ['canManageBuildings'],
      handlers: [
        graphql.mutation('CreateDocument', () =>
          HttpResponse.json({ data: { createDocument: { document: null, errors: [{ __typename: 'FieldError', field: 'name', message: 'Name must be at most 256 characters', code: 'VALIDATION_FAILED' }] } } }),
        ),
      ],
    });
    await screen.findByRole('button', { name: 'Upload document' });
    await user.upload(fileInput(), pdf());
    const sheet = await screen.findByRole('dialog', { name: 'New Document' });
    await within(sheet).findByText('plan.pdf · 4 pages');
    await user.type(within(sheet).getByRole('textbox', { name: 'Name' }), 'Plan');
    await user.click(within(sheet).getByRole('button', { name: 'Save' }));
    expect(await within(sheet).findByText('Name must be at most 256 characters')).toBeInTheDocument();
    expect(within(sheet).getByRole('textbox', { name: 'Name' })).toHaveValue('Plan');
  });

  it("says the building's contract is not accepted when the save is refused for it", async () => {
    uploads.answer = null;
    const { user } = renderDocuments({
      granted: ['canManageBuildings'],
      handlers: [
        graphql.mutation('CreateDocument', () =>
          HttpResponse.json({ data: { createDocument: { document: null, errors: [{ __typename: 'FieldError', field: null, message: 'Contract not accepted', code: 'CONTRACT_NOT_ACCEPTED' }] } } }),
        ),
      ],
    });
    await screen.findByRole('button', { name: 'Upload document' });
    await user.upload(fileInput(), pdf());
    const sheet = await screen.findByRole('dialog', { name: 'New Document' });
    await within(sheet).findByText('plan.pdf · 4 pages');
    await user.type(within(sheet).getByRole('textbox', { name: 'Name' }), 'Plan');
    await user.click(within(sheet).getByRole('button', { name: 'Save' }));
    expect(await within(sheet).findByRole('alert')).toHaveTextContent("The building's contract has not been accepted, so its documents cannot change.");
  });

  it('e-mails a document: Send disabled while the recipients are empty, recipients split and trimmed, the success message', async () => {
    const sent: unknown[] = [];
    const { user } = renderDocuments({
      handlers: [
        graphql.mutation('EmailDocument', ({ variables }) => {
          sent.push(variables);
          return HttpResponse.json({ data: { emailDocument: { email: { __typename: 'DocumentEmail', id: '5', recipients: variables.recipients }, errors: [] } } });
        }),
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Email Evacuation Plan' }));
    const sheet = await screen.findByRole('dialog', { name: 'Email document' });
    expect(within(sheet).getByRole('button', { name: 'Send' })).toBeDisabled();
    await user.type(within(sheet).getByRole('textbox', { name: 'Recipients' }), ' a@example.com, ,b@example.com ');
    await user.click(within(sheet).getByRole('button', { name: 'Send' }));
    expect(await within(sheet).findByText('Document sent successfully.')).toBeInTheDocument();
    expect(sent).toEqual([{ documentId: '31', recipients: ['a@example.com', 'b@example.com'], message: null }]);
  });

  it('says the document could not be sent and keeps the recipients and message', async () => {
    const { user } = renderDocuments({
      handlers: [graphql.mutation('EmailDocument', () => HttpResponse.json({ errors: [{ message: 'Backend unavailable' }] }))],
    });
    await user.click(await screen.findByRole('button', { name: 'Email Evacuation Plan' }));
    const sheet = await screen.findByRole('dialog', { name: 'Email document' });
    await user.type(within(sheet).getByRole('textbox', { name: 'Recipients' }), 'a@example.com');
    await user.type(within(sheet).getByRole('textbox', { name: 'Message' }), 'See page 3');
    await user.click(within(sheet).getByRole('button', { name: 'Send' }));
    expect(await within(sheet).findByText('There was an issue sending the document, please try again.')).toBeInTheDocument();
    expect(within(sheet).getByRole('textbox', { name: 'Recipients' })).toHaveValue('a@example.com');
    expect(within(sheet).getByRole('textbox', { name: 'Message' })).toHaveValue('See page 3');
  });
});
